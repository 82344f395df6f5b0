"""Goals (TGS/RvI, rules §2): setup, every goal's condition and timing, ties, losses and
scoring, including the Hungarian rulebook's worked examples for Greatest Military.

Positions start a phase (step 0) with the tableaus that matter; when nobody has anything
to do the phase runs to its end, the goals are checked, and the game waits at the next
decision. Rule entries E5-E10, E47, E48 are in docs/rules.md.
"""
from __future__ import annotations

import collections

import pytest

from galaxysim import rftg

from .expansion_positions import P, at_next_round, goals_entry, xpos
from .positions import chips, doc, play


def claims(state) -> dict[str, list[int]]:
    return {g["name"]: g["seats"] for g in state.goals()}


def with_goals(first=None, most=None, claims=None):
    return goals_entry(first=first, most=most, claims=claims)


FIRST_A = ["Galactic Standard of Living", "System Diversity", "Overlord Discoveries", "Budget Surplus"]
FIRST_B = ["Innovation Leader", "Galactic Status", "Expansion Leader", "Galactic Riches"]
FIRST_C = ["Uplift Knowledge", "Galactic Status", "Expansion Leader", "Galactic Riches"]
MOST_A = ["Greatest Military", "Largest Industry"]
MOST_B = ["Greatest Infrastructure", "Production Leader"]
MOST_C = ["Research Leader", "Propaganda Edge"]


# ======================================================================
# Setup (§2.1)
# ======================================================================

def test_goals_default_on_with_the_expansions_only():
    assert rftg.Game(players=3, expansion="tgs").goals
    assert rftg.Game(players=3, expansion="rvi").goals
    assert not rftg.Game(players=3, expansion="rvi", goals=False).goals
    assert not rftg.Game(players=3).goals
    with pytest.raises(rftg.RulesError, match="goals need expansion"):
        rftg.Game(players=3, goals=True)


@pytest.mark.parametrize("level,firsts,mosts", [("tgs", 6, 4), ("rvi", 9, 6)])
def test_four_first_and_two_most_goals_drawn_from_the_level(level, firsts, mosts):
    g = rftg.Game(players=3, expansion=level)
    assert len(g.goal_names("first")) == firsts and len(g.goal_names("most")) == mosts
    seen = collections.Counter()
    for seed in range(300):
        gs = g.new_state(seed).goals()
        kinds = collections.Counter(x["kind"] for x in gs)
        assert kinds == {"first": 4, "most": 2}
        assert all(x["seats"] == [] for x in gs)
        seen.update(x["name"] for x in gs)
    assert set(seen) == set(g.goal_names("first")) | set(g.goal_names("most"))  # every goal comes up
    if level == "tgs":
        assert "Propaganda Edge" not in seen and "Galactic Riches" not in seen


# ======================================================================
# First goals (§2.2)
# ======================================================================

def test_galactic_standard_of_living_five_chips_at_the_end_of_consume():
    # Seat 0 consumes to 5 chips; seat 1 has 4 (and goal VP are no chips).
    s = xpos("consume",
             dict(tableau=["Old Earth", "Gem World"], goods=["Gem World"], chips=4, actions=["consume2x"]),
             P("explore5", chips=4),
             goals=with_goals(FIRST_A, MOST_A))
    at_next_round(s)  # Old Earth's 1 VP per good (the only usable power), doubled: 4 + 2 = 6
    assert claims(s)["Galactic Standard of Living"] == [0]
    assert chips(s, 0) == 6 and s.score_parts(0)["goals"] == 3


def test_tied_first_goal_scores_for_every_seat_that_meets_it():
    # E9: both reach 5 chips in the same Consume phase: both score 3.
    s = xpos("consume",
             dict(tableau=["Old Earth"], chips=5, actions=["consume2x"]),
             P("explore5", chips=6),
             goals=with_goals(FIRST_A, MOST_A))
    at_next_round(s)
    assert claims(s)["Galactic Standard of Living"] == [0, 1]
    assert s.score_parts(0)["goals"] == 3 and s.score_parts(1)["goals"] == 3


def test_first_goal_is_closed_after_it_is_claimed_and_never_lost():
    s = xpos("consume",
             dict(tableau=["Old Earth"], chips=0, actions=["consume2x"]),
             P("explore5", chips=9),
             goals=with_goals(FIRST_A, MOST_A, claims={"Galactic Standard of Living": [0]}))
    at_next_round(s)
    assert claims(s)["Galactic Standard of Living"] == [0]  # seat 1 is too late, seat 0 keeps it


def test_system_diversity_four_kinds_checked_at_the_end_of_settle_only():
    four = ["Old Earth", "Gem World", "Comet Zone", "Empath World", "Alien Robot Sentry"]
    s = xpos("consume", dict(tableau=four, actions=["consume2x"]), P("explore5"), goals=with_goals(FIRST_A, MOST_A))
    at_next_round(s)
    assert claims(s)["System Diversity"] == []  # not a Settle phase (E5)
    s = xpos("settle", dict(tableau=four, actions=["settle"]), P("explore5"), goals=with_goals(FIRST_A, MOST_A))
    at_next_round(s)
    assert claims(s)["System Diversity"] == [0]


def test_overlord_discoveries_counts_the_alien_keyword():
    # E48: Deserted Alien World (keyword, no good) counts; Alien kind without the keyword does not exist.
    s = xpos("develop",
             dict(tableau=["Old Earth", "Deserted Alien World", "Alien Toy Shop", "Alien Tech Institute"],
                  actions=["develop"]),
             P("explore5", tableau=["Epsilon Eridani", "Deserted Alien Colony", "Alien Robot Sentry"]),
             goals=with_goals(FIRST_A, MOST_A))
    at_next_round(s)
    assert claims(s)["Overlord Discoveries"] == [0]


def test_budget_surplus_for_the_seats_that_discard_at_the_round_end():
    eleven = ["Gem World", "Spice World", "Comet Zone", "New Vinland", "Artist Colony", "Mining World",
              "Volcanic World", "Space Port", "Secluded World", "Distant World", "New Earth"]
    s = xpos("hand_limit", dict(hand=eleven, tableau=["Old Earth"], actions=["explore5"]),
             P("explore5", hand=["Galactic Resort"]),
             goals=with_goals(FIRST_A, MOST_A))
    play(s, "discard Gem World")
    at_next_round(s)
    assert claims(s)["Budget Surplus"] == [0]


def test_budget_surplus_needs_an_actual_discard():
    # E10: with Pan-Galactic Research, 11 cards are under the limit: no discard, no goal.
    eleven = ["Gem World", "Spice World", "Comet Zone", "New Vinland", "Artist Colony", "Mining World",
              "Volcanic World", "Space Port", "Secluded World", "Distant World", "New Earth"]
    s = xpos("hand_limit", dict(hand=eleven, tableau=["Old Earth", "Pan-Galactic Research"], actions=["explore5"]),
             P("explore5"), goals=with_goals(FIRST_A, MOST_A))
    at_next_round(s)
    assert claims(s)["Budget Surplus"] == []


def test_innovation_leader_six_categories_trade_apart_from_consume():
    # E6: Export Duties is a $ power only; a phase-IV consume power is needed besides.
    six = ["Old Earth",                  # $ trade and IV consume
           "Expedition Force",           # I explore (and III military)
           "Public Works",               # II develop (and IV consume)
           "Gem World"]                  # V produce
    s = xpos("develop", dict(tableau=six, actions=["develop"]), P("explore5", tableau=["Epsilon Eridani", "Export Duties"]),
             goals=with_goals(FIRST_B, MOST_A))
    at_next_round(s)
    assert claims(s)["Innovation Leader"] == [0]
    only_trade = ["Export Duties", "Expedition Force", "Public Works", "Gem World", "Epsilon Eridani"]
    s = xpos("develop", dict(tableau=only_trade, actions=["develop"]), P("explore5"), goals=with_goals(FIRST_B, MOST_A))
    at_next_round(s)
    assert claims(s)["Innovation Leader"] == [0]  # Epsilon Eridani has the IV consume power
    s = xpos("develop", dict(tableau=["Export Duties", "Expedition Force", "Investment Credits", "Gem World",
                                      "New Sparta"], actions=["develop"]),
             P("explore5"), goals=with_goals(FIRST_B, MOST_A))
    at_next_round(s)
    assert claims(s)["Innovation Leader"] == []  # no non-trade consume power


def test_galactic_status_a_question_mark_six_cost_development_not_pan_galactic_research():
    s = xpos("develop", dict(tableau=["Old Earth", "Pan-Galactic Research"], actions=["develop"]),
             P("explore5", tableau=["Epsilon Eridani", "Galactic Federation"]), goals=with_goals(FIRST_B, MOST_A))
    at_next_round(s)
    assert claims(s)["Galactic Status"] == [1]  # E25


def test_expansion_leader_eight_cards():
    eight = ["Old Earth", "Gem World", "Spice World", "Comet Zone", "New Vinland", "Artist Colony", "Mining World",
             "Volcanic World"]
    s = xpos("settle", dict(tableau=eight, actions=["settle"]), P("explore5"), goals=with_goals(FIRST_B, MOST_A))
    at_next_round(s)
    assert claims(s)["Expansion Leader"] == [0]


def test_galactic_riches_four_goods_at_the_end_of_produce():
    s = xpos("produce",
             dict(tableau=["Old Earth", "Gem World", "Spice World", "Comet Zone", "New Vinland"], actions=["produce"]),
             P("explore5"), goals=with_goals(FIRST_B, MOST_A),
             deck_top=["Galactic Resort", "Secluded World", "Prosperous World", "New Earth"])
    at_next_round(s)
    assert claims(s)["Galactic Riches"] == [0]


def test_uplift_knowledge_counts_the_uplift_keyword():
    # E47: Abandoned Alien Uplift Camp and Alien Uplift Center are Uplift cards without chromosome.
    s = xpos("settle",
             dict(tableau=["Old Earth", "Abandoned Alien Uplift Camp", "Alien Uplift Center", "Avian Uplift Race"],
                  actions=["settle"]),
             P("explore5"), goals=with_goals(FIRST_C, MOST_A))
    at_next_round(s)
    assert claims(s)["Uplift Knowledge"] == [0]


# ======================================================================
# Most goals (§2.3)
# ======================================================================

# Greatest Military worked examples [HU]: three seats, positions at the start of Settle
# phases with the Military the example needs.
A6 = ["New Sparta", "Space Marines", "Imperium Troops", "Imperium Warlord"]   # 2 + 2 + 1 + 1 = 6
B6 = ["Epsilon Eridani", "Drop Ships", "Space Marines #2"]                    # 1 + 3 + 2 = 6
C7 = ["Separatist Colony", "Drop Ships #2", "Lost Alien Battle Fleet"]        # 1 + 3 + 3 = 7
A8 = A6 + ["Mercenary Fleet"]                                                 # 8
B8 = B6 + ["Mercenary Fleet #2"]                                              # 8
MIL6, MIL7 = A6, C7


def gm_position(tableaus, holder=None):
    seats = [dict(tableau=t, actions=["settle" if k == 0 else "explore5"]) for k, t in enumerate(tableaus)]
    most_claims = {"Greatest Military": [holder]} if holder is not None else {}
    return xpos("settle", *seats, goals=with_goals(FIRST_A, MOST_A, claims=most_claims))


def test_greatest_military_worked_example_one():
    # A reaches 6 -> A takes it; B reaches 6 later -> A keeps it; C reaches 7 -> C takes it.
    s = gm_position([A6, ["Rebel Cantina"], ["Old Earth"]])
    at_next_round(s)
    assert claims(s)["Greatest Military"] == [0]
    s = gm_position([A6, B6, ["Old Earth"]], holder=0)
    at_next_round(s)
    assert claims(s)["Greatest Military"] == [0]
    s = gm_position([A6, B6, C7], holder=0)
    at_next_round(s)
    assert claims(s)["Greatest Military"] == [2]


def test_greatest_military_worked_example_two():
    # A and B reach 6 together -> nobody; C reaches 7 -> C; A and B reach 8 together ->
    # C returns it, nobody holds it; at the end A and B score 3 each, C nothing.
    s = gm_position([A6, B6, ["Old Earth"]])
    at_next_round(s)
    assert claims(s)["Greatest Military"] == []
    s = gm_position([A6, B6, C7])
    at_next_round(s)
    assert claims(s)["Greatest Military"] == [2]
    s = gm_position([A8, B8, C7], holder=2)
    at_next_round(s)
    assert claims(s)["Greatest Military"] == []
    end = xpos("game_over", *[dict(tableau=t) for t in (A8, B8, C7)], goals=with_goals(FIRST_A, MOST_A))
    assert [end.score_parts(i)["goals"] for i in range(3)] == [3, 3, 0]


def test_greatest_military_total_excludes_specialised_and_includes_negative_and_hidden_fortress():
    # E7: Imperium Warlord's +1 vs Rebel does not count; Contact Specialist's -1 does;
    # Hidden Fortress counts +1 per military world.
    s = gm_position([["New Sparta", "Space Marines", "Imperium Warlord", "Contact Specialist"], ["Old Earth"],
                     ["Epsilon Eridani"]])
    at_next_round(s)
    assert claims(s)["Greatest Military"] == []  # 2 + 2 + 1 - 1 = 4
    s = gm_position([["New Sparta", "Hidden Fortress", "Rebel Base", "Space Marines"], ["Old Earth"], ["Epsilon Eridani"]])
    at_next_round(s)
    assert claims(s)["Greatest Military"] == [0]  # 2 + 3 (three military worlds) + 2 = 7


def test_most_goal_lost_at_once_when_a_tableau_card_leaves():
    # E8: Greatest Infrastructure (checked at Develop) held with 4 developments; Colony Ship
    # is discarded in Settle -> 3 < 4: returned at once and not claimed again before Develop.
    devs = ["Old Earth", "Colony Ship", "Mining Robots", "Public Works", "Export Duties"]
    s = xpos("settle", dict(hand=["Spice World"], tableau=devs, actions=["settle"]), P("explore5"),
             goals=with_goals(FIRST_A, MOST_B, claims={"Greatest Infrastructure": [0]}))
    assert claims(s)["Greatest Infrastructure"] == [0]
    play(s, "settle Spice World")  # cost 2, no cards: Colony Ship is the only way
    at_next_round(s)
    assert "Spice World" in doc(s)["players"][0]["tableau"]
    assert claims(s)["Greatest Infrastructure"] == []


def test_greatest_infrastructure_needs_four_developments():
    devs = ["Old Earth", "Colony Ship", "Mining Robots", "Public Works", "Export Duties"]
    s = xpos("develop", dict(tableau=devs, actions=["develop"]),
             P("explore5", tableau=["Epsilon Eridani", "Mining Robots #2", "Public Works #2", "Colony Ship #2"]),
             goals=with_goals(FIRST_A, MOST_B))
    at_next_round(s)
    assert claims(s)["Greatest Infrastructure"] == [0]


def test_production_leader_counts_production_worlds_only():
    s = xpos("settle",
             dict(tableau=["Old Earth", "Gem World", "Spice World", "Comet Zone", "Volcanic World"], actions=["settle"]),
             P("explore5", tableau=["Epsilon Eridani", "Asteroid Belt", "Empath World", "Galactic Resort", "Gem Smugglers"]),
             goals=with_goals(FIRST_A, MOST_B))
    at_next_round(s)
    assert claims(s)["Production Leader"] == [0]


def test_largest_industry_novelty_and_rare_worlds():
    s = xpos("settle",
             dict(tableau=["Old Earth", "Gem World", "Asteroid Belt", "Comet Zone"], actions=["settle"]),
             P("explore5", tableau=["Epsilon Eridani", "Empath World", "Spice World"]),
             goals=with_goals(FIRST_A, MOST_A))
    at_next_round(s)
    assert claims(s)["Largest Industry"] == [0]


def test_research_leader_and_propaganda_edge():
    s = xpos("settle",
             dict(tableau=["Separatist Colony", "Expedition Force", "Deserted Alien World", "Rebel Base"],
                  actions=["settle"]),
             P("explore5", tableau=["Epsilon Eridani", "Rebel Outpost", "Rebel Miners", "Rebel Fuel Cache"]),
             goals=with_goals(FIRST_C, MOST_C))
    at_next_round(s)
    assert claims(s)["Research Leader"] == [0]
    assert claims(s)["Propaganda Edge"] == [1]


def test_end_of_game_most_goal_scores_holder_five_and_ties_three():
    end = xpos("game_over", dict(tableau=A6 + ["Blaster Runners"]), dict(tableau=C7), dict(tableau=B6),  # 7, 7, 6
               goals=with_goals(FIRST_A, MOST_A, claims={"Greatest Military": [0]}))
    assert [end.score_parts(i)["goals"] for i in range(3)] == [5, 3, 0]
    assert end.vp_pool == 36  # goal VP come from no pool


def test_goal_vp_are_not_chips_for_galactic_renaissance():
    # §2.1: Galactic Renaissance counts VP chips only.
    end = xpos("game_over", dict(tableau=["Galactic Renaissance"], chips=3), P("explore5"),
               goals=with_goals(FIRST_A, MOST_A, claims={"Galactic Standard of Living": [0]}))
    p = end.score_parts(0)
    assert p["goals"] == 3 and p["six_cost"] == 1  # one per 3 chips, not per 6 VP
