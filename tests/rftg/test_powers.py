"""Scenario tests for every power of the base-game cards (rules §4, §5.3, §5.4, §9).

Each test loads a hand-made JSON position (docs/state-json.md) at the beginning of a phase,
with `deck_top` so that every draw and every good is a known card, plays the decisions by
their describe() texts and checks the exact outcome: hands, tableaus, goods, VP chips, the
discard pile, the legal actions and who decides next.

Conventions used below:
* seat 0 is the player under test; the other seats are "passive" (a tableau without
  relevant powers, an empty hand) and chose an action card of an earlier phase (explore5)
  unless the phase needs someone to choose it.
* DT is a list of ten worlds without any Develop power: drawn cards never create new
  Develop decisions, and the hand checks name them exactly.
* after the tested phase the game runs on to the next round's choose_action.
"""
from __future__ import annotations

import collections

import pytest

from galaxysim import rftg
from .positions import chips, doc, goods, hand, legal, play, position, tableau

GAMES = {n: rftg.Game(players=n) for n in (2, 3, 4)}
CARDS = {d["name"]: d for d in rftg.card_table("base")}

# Instance index of each card label ("Name", "Name #2", ...), for picking in increasing order.
_G = GAMES[2]
INDEX: dict[str, int] = {}
_seen: collections.Counter = collections.Counter()
for _i in range(_G.num_cards):
    _n = _G.card_name(_i)
    _seen[_n] += 1
    INDEX[_n if _seen[_n] == 1 else f"{_n} #{_seen[_n]}"] = _i

# Ten known deck cards (worlds with no Develop/Explore relevance, not used elsewhere in a test
# unless said so).
DT = ["Galactic Resort", "Secluded World", "Prosperous World", "New Earth", "Terraformed World",
      "Space Port", "Distant World", "Lost Species Ark World", "Mining World", "Plague World"]
# The same for the Consume and Produce tests (cards those tests do not place elsewhere).
DTC = ["Rebel Base", "Rebel Outpost", "Rebel Underground", "Lost Species Ark World", "Empath World",
       "Refugee World", "Reptilian Uplift Race", "Avian Uplift Race", "Drop Ships", "Space Marines"]
DTP = ["Galactic Resort", "Secluded World", "Prosperous World", "Terraformed World", "Space Port",
       "Distant World", "Rebel Base", "Rebel Outpost", "Empath World", "Avian Uplift Race"]


def P(action="explore5", tableau=("Rebel Homeworld",), **kw):
    """A passive seat."""
    d = dict(tableau=list(tableau), actions=[action])
    d.update(kw)
    return d


def pos(stage, *seats, **extra):
    """Load a position of len(seats) players at step 0 of `stage`."""
    return position(GAMES[len(seats)], stage, list(seats), **extra)


def plain(label):
    return label.split(" #")[0]


def ordered(labels):
    return sorted(labels, key=lambda n: INDEX[n])


def pick(state, fmt, labels):
    """Play one multi-card choice (cards picked in increasing instance order).  Once the
    remaining picks are forced the engine plays them itself; the callers then check the
    outcome (hands, discards, goods), so a wrong forced pick still fails the test."""
    decision, actor = state.decision, state.current_player
    for n in ordered(labels):
        if state.decision != decision or state.current_player != actor:
            break
        play(state, fmt.format(plain(n)))
    return state


def bag(xs):
    return sorted(xs, key=lambda n: INDEX[n])


def H(state, seat=0):
    return bag(hand(state, seat))


def T(state, seat=0):
    return bag(tableau(state, seat))


def GD(state, seat=0):
    return bag(goods(state, seat))


def discard(state):
    return bag(doc(state)["discard"])


def good_cards(state):
    return bag(doc(state)["good_cards"])


def settles(*names):
    return {f"settle {n}" for n in names} | {"pass"}


def at_next_round(state):
    assert state.decision == "choose_action", state
    assert state.round == 2


# ======================================================================
# Phase I: Explore
# ======================================================================

def test_explore_draw_expedition_force():
    # Explore +1/+1 and Expedition Force: draw 2 + 1 + 1 = 4, keep 2; the passive seat,
    # who chose Develop, draws 2 and keeps 1 -- all draws happen before any choice.
    s = pos("explore",
            dict(tableau=["Old Earth", "Expedition Force"], actions=["explore11"]),
            P("develop", hand=[]),
            deck_top=DT[:6])
    assert s.decision == "explore_keep" and s.current_player == 0
    d = doc(s)
    assert bag(d["players"][0]["explored"]) == bag(DT[:4])
    assert bag(d["players"][1]["explored"]) == bag(DT[4:6])
    assert d["need"] == 2
    pick(s, "keep {}", [DT[1], DT[3]])
    assert s.decision == "explore_keep" and s.current_player == 1
    assert set(legal(s)) == {f"keep {n}" for n in DT[4:6]}
    play(s, f"keep {DT[5]}")
    at_next_round(s)   # Develop: nobody holds a development, both pass automatically
    assert H(s, 0) == bag([DT[1], DT[3]])
    assert H(s, 1) == [DT[5]]
    assert discard(s) == bag([DT[0], DT[2], DT[4]])


@pytest.mark.parametrize("card,extra", [
    ("Expedition Force", 1), ("Malevolent Lifeforms", 1), ("Star Nomad Lair", 1),
    ("Galactic Survey: SETI", 2), ("Galactic Renaissance", 2),
])
def test_explore_draw_powers(card, extra):
    s = pos("explore",
            dict(tableau=["Old Earth", card], actions=["develop"]),
            P("explore11"),
            deck_top=DT[:5 + extra])
    d = doc(s)
    assert bag(d["players"][0]["explored"]) == bag(DT[:2 + extra])
    assert bag(d["players"][1]["explored"]) == bag(DT[2 + extra:5 + extra])
    assert d["need"] == (2 if card == "Galactic Renaissance" else 1)


def test_explore_draw_powers_cumulative():
    # Explore +1/+1, Expedition Force +1, SETI +2, Malevolent Lifeforms +1: draw 7, keep 2.
    s = pos("explore",
            dict(tableau=["Old Earth", "Expedition Force", "Galactic Survey: SETI", "Malevolent Lifeforms"],
                 actions=["explore11"]),
            P("develop"),
            deck_top=DT[:9])
    d = doc(s)
    assert len(d["players"][0]["explored"]) == 7
    assert bag(d["players"][0]["explored"]) == bag(DT[:7])
    assert d["need"] == 2
    # keep picks go in increasing order: the first pick may not be the highest card
    assert len(legal(s)) == 6


def test_research_labs_keep():
    # Explore +5 and Research Labs: draw 7, keep 2.
    s = pos("explore",
            dict(tableau=["Old Earth", "Research Labs"], actions=["explore5"]),
            P("develop"),
            deck_top=DT[:9])
    d = doc(s)
    assert bag(d["players"][0]["explored"]) == bag(DT[:7]) and d["need"] == 2
    pick(s, "keep {}", [DT[0], DT[6]])
    assert s.current_player == 1
    play(s, f"keep {DT[8]}")
    at_next_round(s)
    assert H(s, 0) == bag([DT[0], DT[6]])
    assert H(s, 1) == [DT[8]]


def test_research_labs_keep_without_bonus_keeps_both():
    # No bonus: draw 2, keep 1 + 1 = 2 -> nothing to choose; seat 1 decides first.
    s = pos("explore",
            dict(hand=["Gem World"], tableau=["Old Earth", "Research Labs"], actions=["develop"]),
            P("explore11"),
            deck_top=DT[:5])
    assert s.decision == "explore_keep" and s.current_player == 1
    assert H(s, 0) == bag(["Gem World"] + DT[:2])
    assert doc(s)["players"][0]["explored"] == []


def test_galactic_renaissance_draw_and_keep():
    # §4.1 example: Galactic Renaissance without bonus draws 4 and keeps 2.
    s = pos("explore",
            dict(hand=["Gem World"], tableau=["Old Earth", "Galactic Renaissance"], actions=["develop"]),
            P("explore11"),
            deck_top=DT[:7])
    d = doc(s)
    assert bag(d["players"][0]["explored"]) == bag(DT[:4]) and d["need"] == 2
    pick(s, "keep {}", [DT[1], DT[3]])
    pick(s, "keep {}", [DT[4], DT[6]])
    at_next_round(s)
    assert H(s, 0) == bag(["Gem World", DT[1], DT[3]])   # cards already held stay
    assert H(s, 1) == bag([DT[4], DT[6]])
    assert discard(s) == bag([DT[0], DT[2], DT[5]])


def test_galactic_renaissance_with_explore11():
    # +1/+1 bonus and Galactic Renaissance: draw 5, keep 3.
    s = pos("explore",
            dict(tableau=["Old Earth", "Galactic Renaissance"], actions=["explore11"]),
            P("develop"),
            deck_top=DT[:7])
    d = doc(s)
    assert bag(d["players"][0]["explored"]) == bag(DT[:5]) and d["need"] == 3


# ======================================================================
# Phase II: Develop
# ======================================================================

@pytest.mark.parametrize("first", [0, 2])
def test_develop_draw_interstellar_bank(first):
    # Interstellar Bank draws at the start of Develop, in seat order, whether or not its
    # owner chose Develop or places anything (A30). 4 players.
    seats = [
        dict(tableau=["Old Earth", "Interstellar Bank"], actions=["explore5"]),
        P("explore5"),
        dict(tableau=["Epsilon Eridani", "Interstellar Bank #2"], actions=["develop"]),
        P("explore5", tableau=["Destroyed World"]),
    ]
    s = pos("develop", *seats, deck_top=["Gem World", "Spice World"], first=first)
    at_next_round(s)   # drawn cards are worlds: everybody passes automatically
    order = [0, 2] if first == 0 else [2, 0]
    assert H(s, order[0]) == ["Gem World"]
    assert H(s, order[1]) == ["Spice World"]
    assert H(s, 1) == [] and H(s, 3) == []


def test_develop_reduce_investment_credits():
    hand0 = ["Space Marines", "Drop Ships", "Galactic Federation", "Investment Credits #2", "Gem World", "Spice World"]
    s = pos("develop",
            dict(hand=hand0, tableau=["Old Earth", "Investment Credits"], actions=["explore5"]),
            P("develop"))
    # 5 other cards; Space Marines 1, Drop Ships 3, Galactic Federation 5 -- all affordable;
    # the second Investment Credits is not (no duplicates in a tableau).
    assert set(legal(s)) == {"develop Space Marines", "develop Drop Ships", "develop Galactic Federation", "pass"}
    play(s, "develop Drop Ships")
    assert s.decision == "pay" and s.current_player == 0 and doc(s)["need"] == 3
    pick(s, "pay with {}", ["Gem World", "Spice World", "Space Marines"])
    at_next_round(s)
    assert T(s) == bag(["Old Earth", "Investment Credits", "Drop Ships"])
    assert H(s) == bag(["Galactic Federation", "Investment Credits #2"])
    assert discard(s) == bag(["Gem World", "Spice World", "Space Marines"])


def test_develop_reduce_investment_credits_boundary():
    # 3 other cards: Drop Ships costs 4 - 1 = 3 (legal), Galactic Federation 5 (not).
    s = pos("develop",
            dict(hand=["Drop Ships", "Galactic Federation", "Gem World", "Spice World"],
                 tableau=["Old Earth", "Investment Credits"], actions=["explore5"]),
            P("develop"))
    assert set(legal(s)) == {"develop Drop Ships", "pass"}
    # without Investment Credits nothing is affordable
    s = pos("develop",
            dict(hand=["Drop Ships", "Galactic Federation", "Gem World", "Spice World"],
                 tableau=["Old Earth"], actions=["explore5"]),
            P("develop"))
    at_next_round(s)   # seat 0 could only pass


def test_develop_reduce_galactic_federation():
    # Develop bonus 1 + Galactic Federation 2 + Investment Credits 1: SETI costs 2.
    s = pos("develop",
            dict(hand=["Galactic Survey: SETI", "Space Marines", "Gem World", "Spice World"],
                 tableau=["Old Earth", "Galactic Federation", "Investment Credits"], actions=["develop"]),
            P("explore5"))
    assert set(legal(s)) == {"develop Galactic Survey: SETI", "develop Space Marines", "pass"}
    play(s, "develop Galactic Survey: SETI")
    assert doc(s)["need"] == 2
    pick(s, "pay with {}", ["Gem World", "Spice World"])
    at_next_round(s)
    assert H(s) == ["Space Marines"]
    assert discard(s) == bag(["Gem World", "Spice World"])


def test_develop_cost_never_below_zero():
    # Space Marines (2) - 4 = 0: placed with no other card in hand, nothing paid, nothing back.
    s = pos("develop",
            dict(hand=["Space Marines"], tableau=["Old Earth", "Galactic Federation", "Investment Credits"],
                 actions=["develop"]),
            P("explore5"))
    assert legal(s) == ["develop Space Marines", "pass"]
    play(s, "develop Space Marines")
    at_next_round(s)
    assert H(s) == [] and discard(s) == []
    assert "Space Marines" in T(s)


def test_develop_placed_card_does_not_reduce_itself():
    # Investment Credits placed this phase does not lower its own cost (it costs 1, paid).
    s = pos("develop",
            dict(hand=["Investment Credits", "Gem World"], tableau=["Old Earth"], actions=["explore5"]),
            P("develop"))
    play(s, "develop Investment Credits")
    at_next_round(s)
    assert H(s) == [] and discard(s) == ["Gem World"]


def test_develop_draw_after_public_works_not_for_itself():
    s = pos("develop",
            dict(hand=["Space Marines", "Gem World", "Spice World"], tableau=["Old Earth", "Public Works"],
                 actions=["explore5"]),
            dict(hand=["Public Works #2", "Artist Colony"], tableau=["Epsilon Eridani"], actions=["develop"]),
            deck_top=["Comet Zone", "Mining World"])
    play(s, "develop Space Marines")
    play(s, "develop Public Works")
    # seat 0 pays 2 of 2 cards (forced); seat 1 pays 1 - 1 (bonus) = 0
    at_next_round(s)
    assert H(s, 0) == ["Comet Zone"]       # Public Works draws after developing
    assert H(s, 1) == ["Artist Colony"]    # a Public Works placed now does not draw for itself
    assert discard(s) == bag(["Gem World", "Spice World"])


def test_develop_draw_after_public_works_needs_a_placement():
    s = pos("develop",
            dict(hand=["Space Marines", "Gem World", "Spice World"], tableau=["Old Earth", "Public Works"],
                 actions=["develop"]),
            P("explore5"),
            deck_top=["Comet Zone"])
    play(s, "pass")
    at_next_round(s)
    assert H(s) == bag(["Space Marines", "Gem World", "Spice World"])


# ======================================================================
# Phase III: Settle
# ======================================================================

# Military worlds by defence (non-Alien-kind first); the first one not used elsewhere is taken.
MIL_BY_DEFENCE = {
    1: ["Outlaw World", "Star Nomad Lair"],
    2: ["Reptilian Uplift Race", "Avian Uplift Race"],
    3: ["Rebel Underground", "Pirate World"],
    4: ["Malevolent Lifeforms", "Alien Robot Scout Ship"],
    5: ["Rebel Outpost", "Lost Alien Warship"],
    6: ["Rebel Base", "Lost Alien Battle Fleet"],
    7: ["Rebel Homeworld"],
}


def military_hand(exclude):
    out = {}
    for d, names in MIL_BY_DEFENCE.items():
        out[d] = next(n for n in names if n not in exclude)
    return out


def conquer_check(base_tableau, military):
    by_def = military_hand(base_tableau)
    s = pos("settle",
            dict(hand=list(by_def.values()), tableau=list(base_tableau), actions=["settle"]),
            P(tableau=["Destroyed World"]),
            deck_top=DT[:2])
    if military < 1:   # nothing can be settled: the pass is forced
        at_next_round(s)
        assert H(s) == bag(by_def.values()) and T(s) == bag(base_tableau)
        return
    assert s.decision == "settle_select" and s.current_player == 0
    assert set(legal(s)) == settles(*[w for d, w in by_def.items() if d <= military])
    target = by_def[min(military, 7)]
    play(s, f"settle {target}")     # only conquest is possible: no method question, no payment
    at_next_round(s)
    assert T(s) == bag(list(base_tableau) + [target])
    windfall = CARDS[target]["windfall"]
    # windfall good on reveal first, then the Settle bonus card
    assert H(s) == bag([w for w in by_def.values() if w != target] + [DT[1] if windfall else DT[0]])
    assert GD(s) == ([target] if windfall else [])
    assert discard(s) == []


@pytest.mark.parametrize("card,value", [
    ("Epsilon Eridani", 1), ("New Sparta", 2), ("Expedition Force", 1), ("Former Penal Colony", 1),
    ("Space Marines", 2), ("Rebel Outpost", 1), ("Rebel Warrior Race", 1), ("Lost Alien Battle Fleet", 3),
    ("Lost Alien Warship", 2), ("Alien Robot Scout Ship", 1), ("Drop Ships", 3), ("New Galactic Order", 2),
    ("Imperium Armaments World", 1), ("Blaster Gem Mines", 1),
])
def test_settle_military(card, value):
    conquer_check(["Old Earth", card], value)


def test_settle_military_cumulative():
    conquer_check(["New Sparta", "Drop Ships", "Space Marines"], 7)


@pytest.mark.parametrize("card", ["Pan-Galactic League", "Refugee World", "Empath World"])
def test_settle_minus_one_military(card):
    # Drop Ships +3 and the mandatory -1: Military 2.
    conquer_check(["Old Earth", "Drop Ships", card], 2)


def test_settle_minus_one_military_to_zero():
    conquer_check(["Epsilon Eridani", "Refugee World"], 0)
    conquer_check(["Epsilon Eridani", "Refugee World", "Empath World"], -1)


def test_settle_military_vs_rare_alpha_centauri():
    # Alpha Centauri: +1 Military against Rare military worlds only.
    s = pos("settle",
            dict(hand=["Rebel Fuel Cache", "Rebel Miners", "Outlaw World"], tableau=["Alpha Centauri"],
                 actions=["settle"]),
            P(), deck_top=DT[:2])
    assert set(legal(s)) == settles("Rebel Fuel Cache")
    play(s, "settle Rebel Fuel Cache")
    at_next_round(s)
    assert T(s) == bag(["Alpha Centauri", "Rebel Fuel Cache"])
    assert GD(s) == ["Rebel Fuel Cache"]
    assert H(s) == bag(["Rebel Miners", "Outlaw World", DT[1]])
    # with +1 more Military the defence-2 Rare world falls, the defence-1 non-Rare too
    s = pos("settle",
            dict(hand=["Rebel Miners", "Outlaw World", "Reptilian Uplift Race"],
                 tableau=["Alpha Centauri", "Expedition Force"], actions=["settle"]),
            P())
    assert set(legal(s)) == settles("Rebel Miners", "Outlaw World")


def test_settle_reduce_kind_rare_alpha_centauri():
    # Comet Zone (Rare, 3) costs 2 with Alpha Centauri; Gem World (Novelty, 2) stays 2.
    s = pos("settle",
            dict(hand=["Comet Zone", "Gem World", "Spice World"], tableau=["Alpha Centauri"], actions=["settle"]),
            P(), deck_top=DT[:2])
    assert set(legal(s)) == settles("Comet Zone", "Gem World", "Spice World")
    play(s, "settle Comet Zone")     # 3 - 1 = 2: both other cards, paid automatically
    at_next_round(s)
    assert H(s) == [DT[0]] and discard(s) == bag(["Gem World", "Spice World"])
    s = pos("settle",
            dict(hand=["Comet Zone", "Gem World"], tableau=["Alpha Centauri"], actions=["settle"]), P())
    at_next_round(s)     # 2 > 1 other card for either world: the pass was forced
    assert H(s) == bag(["Comet Zone", "Gem World"])


def test_settle_reduce_kind_rare_mining_robots():
    s = pos("settle",
            dict(hand=["Asteroid Belt", "Gem World"], tableau=["Old Earth", "Mining Robots"], actions=["settle"]),
            P(), deck_top=DT[:2])
    # Asteroid Belt (Rare windfall, 2) costs 1; Gem World (Novelty, 2) is not reduced.
    assert set(legal(s)) == settles("Asteroid Belt")
    play(s, "settle Asteroid Belt")
    at_next_round(s)       # pays Gem World (forced), good on Asteroid Belt, Settle bonus card
    assert T(s) == bag(["Old Earth", "Mining Robots", "Asteroid Belt"])
    assert GD(s) == ["Asteroid Belt"] and good_cards(s) == [DT[0]]
    assert H(s) == [DT[1]]
    assert discard(s) == ["Gem World"]


def test_settle_reduce_kind_rare_stacks():
    # Alpha Centauri and Mining Robots: a Rare world costs 2 less.
    s = pos("settle",
            dict(hand=["Comet Zone", "Gem World"], tableau=["Alpha Centauri", "Mining Robots"], actions=["explore5"]),
            P("settle"), deck_top=DT[:2])
    play(s, "settle Comet Zone")
    at_next_round(s)
    assert H(s) == [] and discard(s) == ["Gem World"]   # no Settle bonus for seat 0


def test_settle_reduce_replicant_robots():
    s = pos("settle",
            dict(hand=["Galactic Trendsetters", "Artist Colony", "Gem World", "Spice World", "Comet Zone"],
                 tableau=["Old Earth", "Replicant Robots"], actions=["explore5"]),
            P("settle"))
    assert set(legal(s)) == settles("Galactic Trendsetters", "Artist Colony", "Gem World", "Spice World",
                                    "Comet Zone")
    play(s, "settle Galactic Trendsetters")
    assert doc(s)["need"] == 3
    pick(s, "pay with {}", ["Artist Colony", "Gem World", "Spice World"])
    at_next_round(s)
    assert H(s) == ["Comet Zone"] and "Galactic Trendsetters" in T(s)
    # 2 other cards are not enough for Trendsetters (5 - 2 = 3); Artist Colony (1 - 2) is free
    s = pos("settle",
            dict(hand=["Galactic Trendsetters", "Artist Colony", "Gem World"],
                 tableau=["Old Earth", "Replicant Robots"], actions=["explore5"]),
            P("settle"))
    assert set(legal(s)) == settles("Artist Colony", "Gem World")
    play(s, "settle Artist Colony")
    at_next_round(s)
    assert H(s) == bag(["Galactic Trendsetters", "Gem World"])


@pytest.mark.parametrize("card", ["Alien Tech Institute", "Alien Rosetta Stone World"])
def test_settle_reduce_and_military_vs_alien(card):
    hand0 = ["Deserted Alien Colony", "Alien Robot Sentry", "Alien Robot Scout Ship", "Outlaw World",
             "Gem World", "Spice World", "Artist Colony"]
    s = pos("settle", dict(hand=hand0, tableau=["Old Earth", card], actions=["explore5"]), P("settle"),
            deck_top=DT[:2])
    # +2 Military vs Alien military worlds: Sentry (2) yes, Scout Ship (4) no, Outlaw World (1) no.
    assert set(legal(s)) == settles("Deserted Alien Colony", "Alien Robot Sentry", "Gem World",
                                    "Spice World", "Artist Colony")
    play(s, "settle Deserted Alien Colony")   # Alien windfall, 5 - 2 = 3
    assert s.decision == "pay" and doc(s)["need"] == 3
    pick(s, "pay with {}", ["Gem World", "Spice World", "Artist Colony"])
    at_next_round(s)
    assert GD(s) == ["Deserted Alien Colony"]
    assert H(s) == bag(["Alien Robot Sentry", "Alien Robot Scout Ship", "Outlaw World"])


def test_settle_alien_reduction_uses_good_kind_not_keyword():
    # A28: Alien Rosetta Stone World has the Alien keyword but no good: Alien Tech Institute
    # does not lower its cost of 3.
    s = pos("settle",
            dict(hand=["Alien Rosetta Stone World", "Gem World", "Spice World"],
                 tableau=["Old Earth", "Alien Tech Institute"], actions=["explore5"]),
            P("settle"))
    assert set(legal(s)) == settles("Gem World", "Spice World")
    s = pos("settle",
            dict(hand=["Alien Rosetta Stone World", "Gem World", "Spice World", "Artist Colony"],
                 tableau=["Old Earth", "Alien Tech Institute"], actions=["explore5"]),
            P("settle"))
    play(s, "settle Alien Rosetta Stone World")
    at_next_round(s)     # pays all three other cards
    assert H(s) == [] and discard(s) == bag(["Gem World", "Spice World", "Artist Colony"])


def test_settle_military_vs_rebel_galactic_imperium():
    hand0 = ["Rebel Fuel Cache", "Rebel Underground", "Rebel Warrior Race", "Rebel Outpost", "Outlaw World",
             "Pirate World"]
    s = pos("settle", dict(hand=hand0, tableau=["Old Earth", "Galactic Imperium"], actions=["settle"]), P(),
            deck_top=DT[:2])
    assert set(legal(s)) == settles("Rebel Fuel Cache", "Rebel Underground", "Rebel Warrior Race")
    play(s, "settle Rebel Underground")
    at_next_round(s)
    assert "Rebel Underground" in T(s) and H(s) == bag([c for c in hand0 if c != "Rebel Underground"] + [DT[0]])
    s = pos("settle", dict(hand=hand0 + ["Rebel Base"], tableau=["Old Earth", "Galactic Imperium", "Space Marines"],
                           actions=["settle"]), P())
    assert set(legal(s)) == settles("Rebel Fuel Cache", "Rebel Underground", "Rebel Warrior Race", "Rebel Outpost",
                                    "Rebel Base", "Outlaw World")


def test_colony_ship_makes_world_free():
    s = pos("settle",
            dict(hand=["Galactic Trendsetters"], tableau=["Old Earth", "Colony Ship"], actions=["settle"]),
            P(), deck_top=DT[:2])
    assert legal(s) == ["settle Galactic Trendsetters", "pass"]
    play(s, "settle Galactic Trendsetters")
    at_next_round(s)
    assert T(s) == bag(["Old Earth", "Galactic Trendsetters"])
    assert discard(s) == ["Colony Ship"]
    assert H(s) == [DT[0]]


def test_colony_ship_is_optional_when_cards_suffice():
    s = pos("settle",
            dict(hand=["Artist Colony", "Gem World"], tableau=["Old Earth", "Colony Ship"], actions=["explore5"]),
            P("settle"))
    play(s, "settle Artist Colony")
    assert s.decision == "settle_method"
    assert set(legal(s)) == {"pay with cards", "discard Colony Ship (cost 0)"}
    play(s, "pay with cards")
    at_next_round(s)
    assert T(s) == bag(["Old Earth", "Colony Ship", "Artist Colony"]) and discard(s) == ["Gem World"]


def test_colony_ship_not_for_alien_world():
    s = pos("settle",
            dict(hand=["Deserted Alien Outpost", "Alien Rosetta Stone World", "Rebel Base"],
                 tableau=["Old Earth", "Colony Ship"], actions=["explore5"]),
            P("settle"))
    # Alien good kind: no; Rosetta Stone (no good kind): yes; military world (no Contact Specialist): no
    assert set(legal(s)) == settles("Alien Rosetta Stone World")
    play(s, "settle Alien Rosetta Stone World")
    at_next_round(s)
    assert discard(s) == ["Colony Ship"]
    assert T(s) == bag(["Old Earth", "Alien Rosetta Stone World"])


def test_new_military_tactics_temporary():
    s = pos("settle",
            dict(hand=["Pirate World", "Malevolent Lifeforms"], tableau=["Old Earth", "New Military Tactics"],
                 actions=["explore5"]),
            P("settle"), deck_top=DT[:1])
    assert set(legal(s)) == settles("Pirate World")
    play(s, "settle Pirate World")
    at_next_round(s)
    assert T(s) == bag(["Old Earth", "Pirate World"])   # discarded for +3 this phase
    assert discard(s) == ["New Military Tactics"]
    assert GD(s) == ["Pirate World"] and H(s) == ["Malevolent Lifeforms"]


def test_new_military_tactics_kept_when_not_needed():
    s = pos("settle",
            dict(hand=["Reptilian Uplift Race", "Rebel Outpost"], tableau=["New Sparta", "New Military Tactics"],
                 actions=["explore5"]),
            P("settle"), deck_top=DT[:1])
    assert set(legal(s)) == settles("Reptilian Uplift Race", "Rebel Outpost")
    play(s, "settle Reptilian Uplift Race")
    assert legal(s) == ["discard New Military Tactics for Military", "done"]  # not needed: the player says (G4)
    play(s, "done")
    at_next_round(s)
    assert T(s) == bag(["New Sparta", "New Military Tactics", "Reptilian Uplift Race"])
    assert discard(s) == []


def test_new_military_tactics_two_copies_discard_only_needed():
    s = pos("settle",
            dict(hand=["Rebel Base", "Rebel Underground", "Rebel Homeworld"],
                 tableau=["Old Earth", "New Military Tactics", "New Military Tactics #2"], actions=["explore5"]),
            P("settle", tableau=["Destroyed World"]))
    assert set(legal(s)) == settles("Rebel Base", "Rebel Underground")
    play(s, "settle Rebel Underground")  # the one needed goes at once; the other only if the player says (G4)
    assert legal(s) == ["discard New Military Tactics for Military", "done"]
    play(s, "done")
    at_next_round(s)
    assert len(discard(s)) == 1 and plain(discard(s)[0]) == "New Military Tactics"
    assert len([c for c in T(s) if plain(c) == "New Military Tactics"]) == 1


def test_contact_specialist_pays_defence_minus_one():
    five = ["Gem World", "Spice World", "Artist Colony", "Comet Zone", "Mining World"]
    s = pos("settle",
            dict(hand=["Rebel Base", "Alien Robot Sentry"] + five, tableau=["Old Earth", "Contact Specialist"],
                 actions=["explore5"]),
            P("settle"))
    # Rebel Base: 6 - 1 = 5 cards (6 other cards); Alien Robot Sentry (Alien kind): never
    assert set(legal(s)) == settles("Rebel Base", "Gem World", "Spice World", "Artist Colony", "Comet Zone",
                                    "Mining World")
    play(s, "settle Rebel Base")
    assert s.decision == "pay" and doc(s)["need"] == 5
    pick(s, "pay with {}", five)
    at_next_round(s)
    assert H(s) == ["Alien Robot Sentry"] and "Rebel Base" in T(s)
    # Military does not lower the price (Space Marines: Military 1, still 5 cards)
    s = pos("settle",
            dict(hand=["Rebel Base"] + five, tableau=["Old Earth", "Contact Specialist", "Space Marines"],
                 actions=["explore5"]),
            P("settle"))
    play(s, "settle Rebel Base")
    at_next_round(s)     # all 5 other cards paid
    assert H(s) == [] and discard(s) == bag(five)
    # with 4 other cards Rebel Base is out of reach
    s = pos("settle",
            dict(hand=["Rebel Base"] + five[:4], tableau=["Old Earth", "Contact Specialist"], actions=["explore5"]),
            P("settle"))
    assert "settle Rebel Base" not in legal(s)


def test_contact_specialist_minus_one_military():
    # New Sparta +2, Contact Specialist -1: Military 1.
    s = pos("settle",
            dict(hand=["Reptilian Uplift Race"], tableau=["New Sparta", "Contact Specialist"], actions=["explore5"]),
            P("settle"))
    at_next_round(s)   # Military 1 < 2 and 2 - 1 = 1 card needed, none in hand: pass forced
    assert H(s) == ["Reptilian Uplift Race"]
    s = pos("settle",
            dict(hand=["Outlaw World", "Gem World"], tableau=["New Sparta", "Contact Specialist"], actions=["explore5"]),
            P("settle"))
    play(s, "settle Outlaw World")
    assert s.decision == "settle_method"
    assert set(legal(s)) == {"conquer with Military", "pay with Contact Specialist"}
    play(s, "pay with Contact Specialist")     # 1 - 1 = 0 cards
    at_next_round(s)
    assert H(s) == ["Gem World"] and "Outlaw World" in T(s)


def test_contact_specialist_with_reductions_and_colony_ship():
    # Replicant Robots applies to Contact Specialist payments: Rebel Base 6 - 1 - 2 = 3.
    s = pos("settle",
            dict(hand=["Rebel Base", "Gem World", "Spice World", "Artist Colony", "Comet Zone"],
                 tableau=["Old Earth", "Contact Specialist", "Replicant Robots"], actions=["explore5"]),
            P("settle"))
    play(s, "settle Rebel Base")
    assert doc(s)["need"] == 3
    # Alpha Centauri (Rare -1): Rebel Miners 2 - 1 - 1 = 0
    s = pos("settle",
            dict(hand=["Rebel Miners"], tableau=["Alpha Centauri", "Contact Specialist"], actions=["explore5"]),
            P("settle"))
    play(s, "settle Rebel Miners")   # Military 0 + 1 - 1 = 0 < 2; Contact: 2 - 1 - 1 = 0
    at_next_round(s)
    assert "Rebel Miners" in T(s) and H(s) == []
    # Colony Ship with Contact Specialist makes a military world free
    s = pos("settle",
            dict(hand=["Rebel Base"], tableau=["Old Earth", "Contact Specialist", "Colony Ship"],
                 actions=["explore5"]),
            P("settle"))
    assert legal(s) == ["settle Rebel Base", "pass"]
    play(s, "settle Rebel Base")
    at_next_round(s)
    assert T(s) == bag(["Old Earth", "Contact Specialist", "Rebel Base"]) and discard(s) == ["Colony Ship"]
    s = pos("settle",
            dict(hand=["Reptilian Uplift Race", "Gem World"],
                 tableau=["Old Earth", "Contact Specialist", "Colony Ship"], actions=["explore5"]),
            P("settle"))
    play(s, "settle Reptilian Uplift Race")
    assert set(legal(s)) == {"pay with Contact Specialist", "Contact Specialist and discard Colony Ship (cost 0)"}


def test_settle_draw_after_terraforming_robots():
    s = pos("settle",
            dict(hand=["Gem World", "Spice World", "Artist Colony"], tableau=["Old Earth", "Terraforming Robots"],
                 actions=["settle"]),
            dict(hand=["Secluded World", "Prosperous World"], tableau=["Epsilon Eridani", "Terraforming Robots #2"],
                 actions=["explore5"]),
            deck_top=["Comet Zone", "Mining World", "Plague World"])
    play(s, "settle Gem World")
    play(s, "settle Secluded World")
    at_next_round(s)   # both payments take all other cards: automatic
    assert H(s, 0) == bag(["Comet Zone", "Mining World"])   # Settle bonus + Terraforming Robots
    assert H(s, 1) == ["Plague World"]                       # Terraforming Robots only
    assert discard(s) == bag(["Spice World", "Artist Colony", "Prosperous World"])


def test_settle_draw_needs_a_placement():
    s = pos("settle",
            dict(hand=["Gem World", "Spice World", "Artist Colony"], tableau=["Old Earth", "Terraforming Robots"],
                 actions=["settle"]),
            P(), deck_top=DT[:2])
    play(s, "pass")
    at_next_round(s)
    assert H(s) == bag(["Gem World", "Spice World", "Artist Colony"])


def test_development_placed_in_develop_works_in_settle():
    # Replicant Robots and Terraforming Robots placed in Develop already work in Settle (§4).
    s = pos("develop",
            dict(hand=["Replicant Robots", "Galactic Trendsetters", "Gem World", "Spice World", "Artist Colony",
                       "Comet Zone", "Mining World", "Rebel Fuel Cache", "Avian Uplift Race"],
                 tableau=["Old Earth"], actions=["develop"]),
            P("settle", tableau=["Destroyed World"]),
            deck_top=DT[:3])
    play(s, "develop Replicant Robots")
    assert doc(s)["need"] == 3       # 4 - 1 (Develop bonus)
    pick(s, "pay with {}", ["Gem World", "Spice World", "Artist Colony"])
    assert s.decision == "settle_select"
    play(s, "settle Galactic Trendsetters")
    assert doc(s)["need"] == 3      # 5 - 2: Replicant Robots already works
    pick(s, "pay with {}", ["Comet Zone", "Mining World", "Rebel Fuel Cache"])
    at_next_round(s)                # no Settle bonus for seat 0
    assert H(s) == ["Avian Uplift Race"]
    assert T(s) == bag(["Old Earth", "Replicant Robots", "Galactic Trendsetters"])


# ======================================================================
# Phase IV: Consume -- Trade
# ======================================================================

TRADE_CASES = [
    # (id, tableau, good world, cards drawn)
    ("novelty_base", ["New Sparta", "Gem World"], "Gem World", 2),
    ("rare_base", ["New Sparta", "Comet Zone"], "Comet Zone", 3),
    ("genes_base", ["New Sparta", "Pre-Sentient Race"], "Pre-Sentient Race", 4),
    ("alien_base", ["New Sparta", "Alien Robotic Factory"], "Alien Robotic Factory", 5),
    ("any_old_earth", ["Old Earth", "Gem World"], "Gem World", 3),
    ("any_export_duties", ["New Sparta", "Export Duties", "Comet Zone"], "Comet Zone", 4),
    ("any_galactic_engineers", ["New Sparta", "Galactic Engineers", "Pre-Sentient Race"], "Pre-Sentient Race", 5),
    ("any_merchant_world", ["New Sparta", "Merchant World", "Alien Robotic Factory"], "Alien Robotic Factory", 7),
    ("any_trade_league", ["New Sparta", "Trade League", "Gem World"], "Gem World", 3),
    ("kind_spice_world_own", ["New Sparta", "Spice World"], "Spice World", 4),
    ("kind_spice_world_other_kind", ["New Sparta", "Spice World", "Comet Zone"], "Comet Zone", 3),
    ("kind_distant_world", ["New Sparta", "Distant World", "Gem World"], "Gem World", 5),
    ("kind_distant_world_own_genes", ["New Sparta", "Distant World"], "Distant World", 4),
    ("kind_mining_conglomerate", ["New Sparta", "Mining Conglomerate", "Comet Zone"], "Comet Zone", 4),
    ("kind_mining_conglomerate_other", ["New Sparta", "Mining Conglomerate", "Gem World"], "Gem World", 2),
    ("kind_space_port", ["New Sparta", "Space Port", "Comet Zone"], "Comet Zone", 5),
    ("kind_space_port_own_novelty", ["New Sparta", "Space Port"], "Space Port", 2),
    ("kind_genetics_lab", ["New Sparta", "Genetics Lab", "Pre-Sentient Race"], "Pre-Sentient Race", 5),
    ("kind_genetics_lab_other", ["New Sparta", "Genetics Lab", "Gem World"], "Gem World", 2),
    ("kind_bio_hazard", ["New Sparta", "Bio-Hazard Mining World", "Pre-Sentient Race"], "Pre-Sentient Race", 6),
    ("kind_bio_hazard_own_rare", ["New Sparta", "Bio-Hazard Mining World"], "Bio-Hazard Mining World", 3),
    ("this_star_nomad_lair", ["New Sparta", "Star Nomad Lair"], "Star Nomad Lair", 3),
    ("this_star_nomad_lair_other", ["New Sparta", "Star Nomad Lair", "Gem World"], "Gem World", 2),
    ("this_pirate_world", ["New Sparta", "Pirate World"], "Pirate World", 5),
    ("this_pirate_world_other", ["New Sparta", "Pirate World", "Gem World"], "Gem World", 2),
    ("cumulative", ["Old Earth", "Export Duties", "Spice World", "Pirate World"], "Pirate World", 9),
]


@pytest.mark.parametrize("tab,good,n", [c[1:] for c in TRADE_CASES], ids=[c[0] for c in TRADE_CASES])
def test_trade_sale_value(tab, good, n):
    s = pos("consume", dict(tableau=tab, goods=[good], hand=[], actions=["trade"]), P(), deck_top=DTC)
    # a single good: the sale is forced (A7); then nothing is left to consume
    if "Merchant World" in tab:
        assert s.decision == "consume_power" and set(legal(s)) == {"use consume power 0 of Merchant World", "stop"}
        play(s, "stop")
    at_next_round(s)
    assert H(s) == bag(DTC[:n])
    assert GD(s) == [] and chips(s, 0) == 0


def test_trade_this_pirate_world():
    s = pos("consume", dict(tableau=["New Sparta", "Export Duties", "Pirate World", "Gem World"],
                            goods=["Pirate World", "Gem World"], actions=["trade"]), P(), deck_top=DTC)
    assert s.decision == "trade_good"
    assert set(legal(s)) == {"sell the good on Pirate World", "sell the good on Gem World"}
    play(s, "sell the good on Pirate World")     # 2 + 1 + 3
    at_next_round(s)
    assert H(s) == bag(DTC[:6]) and GD(s) == ["Gem World"]


def test_trade_kind_spice_world():
    s = pos("consume", dict(tableau=["New Sparta", "Spice World", "Comet Zone"],
                            goods=["Spice World", "Comet Zone"], actions=["trade"]), P(), deck_top=DTC)
    play(s, "sell the good on Comet Zone")       # Rare: no Novelty bonus
    at_next_round(s)
    assert H(s) == bag(DTC[:3]) and GD(s) == ["Spice World"]


def test_trade_only_with_trade_action():
    # Consume-x2 chooser with a good and trade powers but no consume powers: no sale.
    s = pos("consume", dict(tableau=["New Sparta", "Export Duties", "Gem World"], goods=["Gem World"],
                            actions=["consume2x"]), P(), deck_top=DTC)
    at_next_round(s)
    assert H(s) == [] and GD(s) == ["Gem World"]


def test_trade_then_consume_powers():
    # The sale comes first, then the consume powers (Old Earth takes the rest).
    s = pos("consume", dict(tableau=["Old Earth", "Gem World", "Comet Zone"], goods=["Gem World", "Comet Zone"],
                            actions=["trade"]), P(), deck_top=DTC)
    play(s, "sell the good on Comet Zone")       # 3 + 1 (Old Earth)
    at_next_round(s)
    assert H(s) == bag(DTC[:4]) and GD(s) == [] and chips(s, 0) == 1


def test_trade_action_black_market_no_bonus():
    s = pos("consume", dict(tableau=["New Sparta", "Black Market Trading World", "Export Duties", "Spice World"],
                            goods=["Spice World"], actions=["consume2x"]), P(), deck_top=DTC)
    # one usable power with one good: all forced; base value 2 only
    at_next_round(s)
    assert H(s) == bag(DTC[:2]) and GD(s) == [] and chips(s, 0) == 0


def test_trade_action_black_market_after_sale():
    # Trade chooser with two goods: sale with bonuses, then Black Market sells the other plainly.
    s = pos("consume", dict(tableau=["New Sparta", "Black Market Trading World", "Export Duties", "Spice World",
                                     "Comet Zone"],
                            goods=["Spice World", "Comet Zone"], actions=["trade"]), P(), deck_top=DTC)
    play(s, "sell the good on Spice World")      # 2 + 1 + 2 = 5
    at_next_round(s)                              # Black Market: Comet Zone for 3
    assert H(s) == bag(DTC[:8]) and GD(s) == []


def test_trade_action_trade_league_with_bonus():
    s = pos("consume", dict(tableau=["New Sparta", "Trade League", "Export Duties", "Spice World"],
                            goods=["Spice World"], actions=["consume2x"]), P(), deck_top=DTC)
    at_next_round(s)                              # 2 + 1 (Trade League) + 1 + 2
    assert H(s) == bag(DTC[:6]) and GD(s) == []


def test_trade_action_trade_league_trade_this():
    s = pos("consume", dict(tableau=["New Sparta", "Trade League", "Pirate World"], goods=["Pirate World"],
                            actions=["explore5"]), P("consume2x"), deck_top=DTC)
    at_next_round(s)                              # 2 + 1 + 3
    assert H(s) == bag(DTC[:6])


# ======================================================================
# Phase IV: Consume -- consume powers
# ======================================================================

SINGLE_GOOD = [
    # (card, accepted kind or None for any, VP, cards)
    ("Epsilon Eridani", None, 1, 1),
    ("Earth's Lost Colony", None, 1, 0),
    ("Public Works", None, 1, 0),
    ("New Vinland", None, 0, 2),
    ("Plague World", "genes", 1, 1),
    ("New Survivalists", "novelty", 0, 1),
    ("Outlaw World", None, 1, 1),
    ("Research Labs", "genes", 1, 0),
    ("Galactic Resort", None, 1, 1),
    ("Galactic Trendsetters", None, 2, 0),
    ("Terraforming Robots", "rare", 1, 1),
    ("Secluded World", None, 0, 1),
    ("Terraformed World", None, 1, 0),
    ("Expanding Colony", None, 1, 0),
    ("Prosperous World", None, 1, 0),
    ("New Earth", None, 1, 1),
]
GOOD_BY_KIND = {"novelty": "Gem World", "rare": "Comet Zone", "genes": "Pre-Sentient Race",
                "alien": "Alien Robotic Factory"}


@pytest.mark.parametrize("card,kind,vp,cards", SINGLE_GOOD)
def test_consume_one_good(card, kind, vp, cards):
    tab = ["New Sparta", card] if card != "Epsilon Eridani" else ["Epsilon Eridani"]
    if kind is None:
        # two goods, the power takes exactly one (the player's choice)
        gw = ["Gem World", "Comet Zone"]
        s = pos("consume", dict(tableau=tab + gw, goods=gw, actions=["explore5"]), P("trade"), deck_top=DTC)
        assert s.decision == "consume_good"
        assert set(legal(s)) == {"consume the good on Gem World", "consume the good on Comet Zone"}
        play(s, "consume the good on Comet Zone")
        left = ["Gem World"]
    else:
        gw = list(GOOD_BY_KIND.values())
        s = pos("consume", dict(tableau=tab + gw, goods=gw, actions=["explore5"]), P("trade"), deck_top=DTC)
        left = [w for k, w in GOOD_BY_KIND.items() if k != kind]
    at_next_round(s)
    assert chips(s, 0) == vp
    assert H(s) == bag(DTC[:cards])
    assert GD(s) == bag(left)
    assert s.vp_pool == 24 - vp


def test_consume_up_to_n_old_earth():
    gw = ["Gem World", "Comet Zone", "Pre-Sentient Race"]
    s = pos("consume", dict(tableau=["Old Earth"] + gw, goods=gw, actions=["explore5"]), P("consume2x"))
    assert s.decision == "consume_good" and doc(s)["need"] == 2   # up to 2: as many as possible
    pick(s, "consume the good on {}", ["Gem World", "Pre-Sentient Race"])
    at_next_round(s)
    assert chips(s, 0) == 2 and GD(s) == ["Comet Zone"]
    # with a single good it takes just that one
    s = pos("consume", dict(tableau=["Old Earth", "Gem World"], goods=["Gem World"], actions=["explore5"]),
            P("consume2x"))
    at_next_round(s)
    assert chips(s, 0) == 1 and GD(s) == []


def test_consume_up_to_n_consumer_markets():
    gw = ["Gem World", "Artist Colony", "Comet Zone"]
    s = pos("consume", dict(tableau=["New Sparta", "Consumer Markets"] + gw, goods=gw, actions=["explore5"]),
            P("consume2x"))
    at_next_round(s)   # both Novelty goods (up to 3), the Rare one stays
    assert chips(s, 0) == 2 and GD(s) == ["Comet Zone"] and H(s) == []


def test_consume_up_to_n_mining_conglomerate():
    gw = ["Comet Zone", "Asteroid Belt", "Mining World", "Gem World"]
    s = pos("consume", dict(tableau=["New Sparta", "Mining Conglomerate"] + gw, goods=gw, actions=["explore5"]),
            P("consume2x"))
    assert s.decision == "consume_good" and doc(s)["need"] == 2
    assert "consume the good on Gem World" not in legal(s)
    pick(s, "consume the good on {}", ["Comet Zone", "Mining World"])
    at_next_round(s)
    assert chips(s, 0) == 2 and GD(s) == bag(["Asteroid Belt", "Gem World"])


def test_consume_up_to_n_free_trade_association():
    gw = ["Gem World", "Artist Colony", "Spice World", "Space Port", "Comet Zone"]
    s = pos("consume", dict(tableau=["New Sparta", "Free Trade Association"] + gw, goods=gw, actions=["explore5"]),
            P("consume2x"), deck_top=DTC)
    assert doc(s)["need"] == 3
    pick(s, "consume the good on {}", ["Gem World", "Spice World", "Space Port"])
    at_next_round(s)
    assert chips(s, 0) == 3 and H(s) == bag(DTC[:3])
    assert GD(s) == bag(["Artist Colony", "Comet Zone"])


def test_free_trade_association_first_takes_all_three():
    # §4.4 example: New Vinland and FTA with 3 Novelty goods; FTA first must take all three.
    gw = ["New Vinland", "Gem World", "Artist Colony"]
    s = pos("consume", dict(tableau=["New Sparta", "Free Trade Association"] + gw, goods=gw, actions=["explore5"]),
            P("consume2x"), deck_top=DTC)
    assert s.decision == "consume_power"
    assert set(legal(s)) == {"use consume power 0 of Free Trade Association", "use consume power 0 of New Vinland"}
    play(s, "use consume power 0 of Free Trade Association")
    at_next_round(s)   # 3 of 3: every pick forced; New Vinland then has nothing left
    assert chips(s, 0) == 3 and H(s) == bag(DTC[:3]) and GD(s) == []


def test_free_trade_association_after_new_vinland_takes_two():
    gw = ["New Vinland", "Gem World", "Artist Colony"]
    s = pos("consume", dict(tableau=["New Sparta", "Free Trade Association"] + gw, goods=gw, actions=["explore5"]),
            P("consume2x"), deck_top=DTC)
    play(s, "use consume power 0 of New Vinland")
    play(s, "consume the good on Gem World")
    at_next_round(s)   # FTA is the only power left (forced) and takes the other two
    assert chips(s, 0) == 2 and H(s) == bag(DTC[:4]) and GD(s) == []


def test_consume_two_tourist_world():
    gw = ["Gem World", "Comet Zone", "Pre-Sentient Race"]
    s = pos("consume", dict(tableau=["New Sparta", "Tourist World"] + gw, goods=gw, actions=["explore5"]),
            P("consume2x"))
    assert s.decision == "consume_good" and doc(s)["need"] == 2
    pick(s, "consume the good on {}", ["Gem World", "Comet Zone"])
    at_next_round(s)
    assert chips(s, 0) == 3 and GD(s) == ["Pre-Sentient Race"]


def test_consume_two_tourist_world_needs_two():
    s = pos("consume", dict(tableau=["New Sparta", "Tourist World", "Gem World"], goods=["Gem World"],
                            actions=["explore5"]), P("consume2x"))
    at_next_round(s)
    assert chips(s, 0) == 0 and GD(s) == ["Gem World"]


def test_consume_two_rare_mining_league():
    gw = ["Comet Zone", "Asteroid Belt", "Gem World"]
    s = pos("consume", dict(tableau=["New Sparta", "Mining League"] + gw, goods=gw, actions=["consume2x"]), P())
    at_next_round(s)   # the two Rare goods, forced; doubled by Consume-x2
    assert chips(s, 0) == 6 and GD(s) == ["Gem World"]
    gw = ["Comet Zone", "Gem World", "Artist Colony"]
    s = pos("consume", dict(tableau=["New Sparta", "Mining League"] + gw, goods=gw, actions=["consume2x"]), P())
    at_next_round(s)
    assert chips(s, 0) == 0 and GD(s) == bag(gw)


def test_consume_three_different_diversified_economy():
    gw = ["Gem World", "Artist Colony", "Comet Zone", "Pre-Sentient Race"]
    s = pos("consume", dict(tableau=["New Sparta", "Diversified Economy"] + gw, goods=gw, actions=["explore5"]),
            P("consume2x"))
    assert s.decision == "consume_good" and doc(s)["need"] == 3
    # picks go in increasing card order and must leave enough kinds for the rest
    assert set(legal(s)) == {"consume the good on Gem World", "consume the good on Comet Zone"}
    play(s, "consume the good on Gem World")
    at_next_round(s)     # then Comet Zone and Pre-Sentient Race are forced (Artist Colony repeats a kind)
    assert chips(s, 0) == 3 and GD(s) == ["Artist Colony"]


def test_consume_three_different_needs_three_kinds():
    gw = ["Gem World", "Artist Colony", "Comet Zone"]
    s = pos("consume", dict(tableau=["New Sparta", "Diversified Economy"] + gw, goods=gw, actions=["explore5"]),
            P("consume2x"))
    at_next_round(s)
    assert chips(s, 0) == 0 and GD(s) == bag(gw)


@pytest.mark.parametrize("n,x2,vp", [(3, False, 2), (1, False, 0), (3, True, 4)])
def test_consume_all_pilgrimage(n, x2, vp):
    gw = ["Gem World", "Comet Zone", "Pre-Sentient Race"][:n]
    s = pos("consume", dict(tableau=["New Sparta", "Pilgrimage World"] + gw, goods=gw,
                            actions=["consume2x" if x2 else "explore5"]), P("consume2x"))
    at_next_round(s)   # all goods go, VP = goods - 1 (A15: also with one good)
    assert chips(s, 0) == vp and GD(s) == []


def test_get_2_card_new_vinland():
    s = pos("consume", dict(tableau=["New Sparta", "New Vinland"], goods=["New Vinland"], actions=["consume2x"]),
            P(), deck_top=DTC)
    at_next_round(s)
    assert H(s) == bag(DTC[:2]) and chips(s, 0) == 0 and GD(s) == []   # cards are never doubled


def test_identical_powers_both_used():
    # Earth's Lost Colony and Prosperous World have the same power: both are used.
    gw = ["Earth's Lost Colony", "Prosperous World"]
    s = pos("consume", dict(tableau=["New Sparta"] + gw, goods=gw, actions=["explore5"]), P("consume2x"))
    while s.decision == "consume_good" or (s.decision == "consume_power" and s.current_player == 0):
        play(s, legal(s)[0])
    at_next_round(s)
    assert chips(s, 0) == 2 and GD(s) == []


def test_consume_x2_doubles_goods_vp_only():
    s = pos("consume", dict(hand=["Gem World", "Spice World"], tableau=["Epsilon Eridani", "Deficit Spending", "Comet Zone"],
                            goods=["Comet Zone"], actions=["consume2x"]), P(), deck_top=DTC)
    assert s.decision == "consume_power"
    # a mandatory power is usable: no "stop" yet
    assert set(legal(s)) == {"use consume power 0 of Epsilon Eridani", "use consume power 0 of Deficit Spending"}
    play(s, "use consume power 0 of Epsilon Eridani")   # 1 VP x2 + 1 card (not doubled)
    assert chips(s, 0) == 2 and H(s) == bag(["Gem World", "Spice World", DTC[0]])
    assert set(legal(s)) == {"use consume power 0 of Deficit Spending", "stop"}
    play(s, "use consume power 0 of Deficit Spending")
    assert s.decision == "consume_hand"
    play(s, "discard Gem World for VP")
    play(s, "discard Spice World for VP")
    at_next_round(s)
    assert chips(s, 0) == 4      # 2 + 1 + 1: hand discards are never doubled
    assert H(s) == [DTC[0]] and {"Gem World", "Spice World"} <= set(discard(s))


def test_discard_hand_deficit_spending_not_doubled():
    s = pos("consume", dict(hand=["Gem World", "Spice World", "Artist Colony"],
                            tableau=["New Sparta", "Deficit Spending"], actions=["consume2x"]), P())
    assert legal(s) == ["use consume power 0 of Deficit Spending", "stop"]   # optional
    play(s, "use consume power 0 of Deficit Spending")
    assert set(legal(s)) == {"discard Gem World for VP", "discard Spice World for VP", "discard Artist Colony for VP",
                             "stop"}
    play(s, "discard Gem World for VP")
    play(s, "discard Spice World for VP")     # the second card ends the power (up to 2)
    at_next_round(s)
    assert chips(s, 0) == 2 and H(s) == ["Artist Colony"]


def test_discard_hand_merchant_world_stop_early():
    s = pos("consume", dict(hand=["Gem World", "Spice World"], tableau=["New Sparta", "Merchant World"],
                            actions=["explore5"]), P("consume2x"))
    play(s, "use consume power 0 of Merchant World", "discard Gem World for VP", "stop")
    at_next_round(s)
    assert chips(s, 0) == 1 and H(s) == ["Spice World"]
    s = pos("consume", dict(hand=["Gem World"], tableau=["New Sparta", "Merchant World"], actions=["explore5"]),
            P("consume2x"))
    play(s, "stop")
    at_next_round(s)
    assert chips(s, 0) == 0 and H(s) == ["Gem World"]


def test_consume_draw_new_economy():
    s = pos("consume", dict(tableau=["New Sparta", "New Economy"], actions=["consume2x"]), P(), deck_top=DTC)
    at_next_round(s)   # mandatory, no good needed, not doubled
    assert H(s) == [DTC[0]] and chips(s, 0) == 0


@pytest.mark.parametrize("top,named,kept", [
    ("Comet Zone", 3, True), ("Comet Zone", 2, False), ("Rebel Base", 6, True),
    ("Galactic Federation", 6, True), ("Investment Credits", 1, True), ("Investment Credits", 7, False),
])
def test_lucky_draw_gambling_world(top, named, kept):
    s = pos("consume", dict(tableau=["New Sparta", "Gambling World"], actions=["explore5"]), P("consume2x"),
            deck_top=[top])
    assert s.decision == "lucky_number" and s.current_player == 0
    assert legal(s) == [f"name {k} for the lucky draw" for k in range(1, 8)]
    play(s, f"name {named} for the lucky draw")
    at_next_round(s)
    assert H(s) == ([top] if kept else [])
    assert discard(s) == ([] if kept else [top])


def test_gambling_world_both_powers():
    s = pos("consume", dict(tableau=["New Sparta", "Gambling World", "Gem World"], goods=["Gem World"],
                            actions=["consume2x"]), P(), deck_top=["Spice World"])
    assert set(legal(s)) == {"use consume power 0 of Gambling World", "use consume power 1 of Gambling World"}
    play(s, "use consume power 0 of Gambling World")
    play(s, "name 2 for the lucky draw")          # forced next power; Spice World costs 2
    at_next_round(s)
    assert chips(s, 0) == 2 and H(s) == ["Spice World"] and GD(s) == []


# ======================================================================
# Phase V: Produce
# ======================================================================

def test_produce_production_worlds():
    tab = ["Earth's Lost Colony", "Artist Colony", "Spice World", "Asteroid Belt"]
    s = pos("produce", dict(tableau=tab, goods=["Spice World"], actions=["explore5"]), P("produce"), deck_top=DTP)
    at_next_round(s)   # no bonus for seat 0: the windfall world stays empty
    assert GD(s) == bag(["Earth's Lost Colony", "Artist Colony", "Spice World"])
    assert set(DTP[:2]) <= set(good_cards(s)) and H(s) == []


PRODUCTION_WORLDS = sorted(n for n, d in CARDS.items()
                           if d["type"] == "world" and d["good"] and not d["windfall"])


def test_production_world_count():
    assert len(PRODUCTION_WORLDS) == 21      # §6.2


@pytest.mark.parametrize("card", PRODUCTION_WORLDS)
def test_produce_every_production_world(card):
    start = "Old Earth" if card != "Old Earth" else "New Sparta"
    deck = [c for c in DTC if c != card]
    s = pos("produce", dict(tableau=[start, card], actions=["explore5"]), P("produce"), deck_top=deck)
    at_next_round(s)
    assert GD(s) == [card] and good_cards(s) == [deck[0]]
    draws = {"Gem World": 1, "Comet Zone": 1, "Mining World": 1, "Lost Species Ark World": 2}.get(card, 0)
    assert H(s) == bag(deck[1:1 + draws])


@pytest.mark.parametrize("card,n", [("Gem World", 1), ("Comet Zone", 1), ("Mining World", 1),
                                    ("Lost Species Ark World", 2)])
def test_produce_draw_if_produced(card, n):
    s = pos("produce", dict(tableau=["New Sparta", card], actions=["explore5"]), P("produce"), deck_top=DTP)
    at_next_round(s)
    assert GD(s) == [card] and good_cards(s) == [DTP[0]] and H(s) == bag(DTP[1:1 + n])
    # a world that already holds a good produces nothing and draws nothing
    s = pos("produce", dict(tableau=["New Sparta", card], goods=[card], actions=["explore5"]), P("produce"),
            deck_top=DTP)
    at_next_round(s)
    assert H(s) == []


def test_produce_draw_if_gem_world():
    test_produce_draw_if_produced("Gem World", 1)


@pytest.mark.parametrize("card,n", [("Rebel Underground", 1), ("Merchant Guild", 2)])
def test_produce_draw(card, n):
    s = pos("produce", dict(tableau=["New Sparta", card], actions=["explore5"]), P("produce"), deck_top=DTP)
    at_next_round(s)
    assert H(s) == bag(DTP[:n])


def test_merchant_guild_produce_draw():
    test_produce_draw("Merchant Guild", 2)


def test_produce_bonus_windfall_choice():
    tab = ["New Sparta", "Asteroid Belt", "Refugee World"]
    s = pos("produce", dict(tableau=tab, actions=["produce"]), P(), deck_top=DTP)
    assert s.decision == "windfall_world"
    assert set(legal(s)) == {"produce on Asteroid Belt", "produce on Refugee World"}
    play(s, "produce on Refugee World")
    at_next_round(s)
    assert GD(s) == ["Refugee World"] and good_cards(s) == [DTP[0]]


def test_produce_bonus_lost_without_empty_windfall():
    s = pos("produce", dict(tableau=["New Sparta", "Asteroid Belt"], goods=["Asteroid Belt"], actions=["produce"]),
            P(), deck_top=DTP)
    at_next_round(s)
    assert GD(s) == ["Asteroid Belt"] and DTP[0] not in good_cards(s)


def test_runaway_robots_draw():
    s = pos("produce", dict(tableau=["New Sparta", "Runaway Robots"], actions=["produce"]), P(), deck_top=DTP)
    at_next_round(s)   # bonus on the only windfall world (forced), then its draw
    assert GD(s) == ["Runaway Robots"] and good_cards(s) == [DTP[0]] and H(s) == [DTP[1]]
    s = pos("produce", dict(tableau=["New Sparta", "Runaway Robots", "Mining Robots"], actions=["explore5"]),
            P("produce"), deck_top=DTP)
    at_next_round(s)   # Mining Robots' Rare windfall production triggers it too
    assert GD(s) == ["Runaway Robots"] and H(s) == [DTP[1]]
    s = pos("produce", dict(tableau=["New Sparta", "Runaway Robots"], actions=["explore5"]), P("produce"),
            deck_top=DTP)
    at_next_round(s)
    assert GD(s) == [] and H(s) == []


@pytest.mark.parametrize("card,target,other", [
    ("Mining Robots", "Asteroid Belt", "Refugee World"),
    ("Mining League", "Asteroid Belt", "Refugee World"),
    ("Free Trade Association", "Refugee World", "Asteroid Belt"),
    ("Expanding Colony", "Refugee World", "Asteroid Belt"),
    ("Genetics Lab", "Pre-Sentient Race", "Asteroid Belt"),
    ("Alien Rosetta Stone World", "Deserted Alien Outpost", "Asteroid Belt"),
])
def test_windfall_kind(card, target, other):
    s = pos("produce", dict(tableau=["New Sparta", card, target, other], actions=["explore5"]), P("produce"),
            deck_top=DTP)
    at_next_round(s)
    assert GD(s) == [target] and good_cards(s) == [DTP[0]]
    # nothing to do if that kind's windfall world already has a good
    s = pos("produce", dict(tableau=["New Sparta", card, target, other], goods=[target], actions=["explore5"]),
            P("produce"), deck_top=DTP)
    at_next_round(s)
    assert GD(s) == [target] and DTP[0] not in good_cards(s)


def test_windfall_kind_mining_robots():
    test_windfall_kind("Mining Robots", "Asteroid Belt", "Refugee World")


def test_windfall_any_galactic_engineers():
    s = pos("produce", dict(tableau=["New Sparta", "Galactic Engineers", "Asteroid Belt", "Refugee World"],
                            actions=["explore5"]), P("produce"), deck_top=DTP)
    assert s.decision == "windfall_world"
    assert set(legal(s)) == {"produce on Asteroid Belt", "produce on Refugee World"}
    play(s, "produce on Asteroid Belt")
    at_next_round(s)
    assert GD(s) == ["Asteroid Belt"]


def test_produce_bonus_and_windfall_power_order():
    tab = ["New Sparta", "Mining Robots", "Asteroid Belt", "Refugee World"]
    s = pos("produce", dict(tableau=tab, actions=["produce"]), P(), deck_top=DTP)
    assert s.decision == "windfall_power"
    assert set(legal(s)) == {"windfall production: any kind", "windfall production: Rare"}
    play(s, "windfall production: Rare")          # forced target Asteroid Belt
    at_next_round(s)                               # then the bonus: only Refugee World left
    assert GD(s) == bag(["Asteroid Belt", "Refugee World"])
    # the other order can waste the Rare power
    s = pos("produce", dict(tableau=tab, actions=["produce"]), P(), deck_top=DTP)
    play(s, "windfall production: any kind", "produce on Asteroid Belt")
    at_next_round(s)
    assert GD(s) == ["Asteroid Belt"]


def test_draw_each_novelty_consumer_markets():
    tab = ["New Sparta", "Consumer Markets", "Artist Colony", "Spice World", "Bio-Hazard Mining World", "Refugee World"]
    s = pos("produce", dict(tableau=tab, actions=["produce"]), P(), deck_top=DTP)
    at_next_round(s)   # Novelty: Artist Colony, Spice World, Refugee World (bonus) -> 3 cards
    assert GD(s) == bag(["Artist Colony", "Spice World", "Bio-Hazard Mining World", "Refugee World"])
    assert good_cards(s) == bag(DTP[:4]) and H(s) == bag(DTP[4:7])


def test_draw_each_alien_research_labs():
    tab = ["New Sparta", "Research Labs", "Alien Robotic Factory", "Deserted Alien Outpost", "Artist Colony"]
    s = pos("produce", dict(tableau=tab, actions=["produce"]), P(), deck_top=DTP)
    at_next_round(s)
    assert good_cards(s) == bag(DTP[:3]) and H(s) == bag(DTP[3:5])


def test_draw_different_diversified_economy():
    tab = ["New Sparta", "Diversified Economy", "Artist Colony", "Spice World", "Bio-Hazard Mining World",
           "Plague World"]
    s = pos("produce", dict(tableau=tab, actions=["explore5"]), P("produce"), deck_top=DTP)
    at_next_round(s)   # Novelty x2, Rare, Genes: 3 kinds
    assert good_cards(s) == bag(DTP[:4]) and H(s) == bag(DTP[4:7])


def test_draw_most_rare_mining_conglomerate():
    # seat 0 produces 2 Rare, seat 1 one: seat 0 draws 2 at the end of the phase (after seat 1's goods).
    s = pos("produce",
            dict(tableau=["New Sparta", "Mining Conglomerate", "Bio-Hazard Mining World", "Imperium Armaments World"],
                 actions=["explore5"]),
            dict(tableau=["Old Earth", "New Earth"], actions=["produce"]),
            P(),
            deck_top=DTP)
    at_next_round(s)
    assert H(s, 0) == bag(DTP[3:5]) and H(s, 1) == []
    assert good_cards(s) == bag(DTP[:3])


def test_draw_most_rare_mining_conglomerate_tie_draws_nothing():
    s = pos("produce",
            dict(tableau=["New Sparta", "Mining Conglomerate", "Bio-Hazard Mining World", "Imperium Armaments World"],
                 actions=["explore5"]),
            dict(tableau=["Old Earth", "New Earth", "Rebel Miners"], actions=["produce"]),
            P(),
            deck_top=DTP)
    at_next_round(s)
    assert H(s, 0) == [] and H(s, 1) == []
    # zero Rare produced: nothing even if nobody else produced any
    s = pos("produce", dict(tableau=["New Sparta", "Mining Conglomerate"], actions=["explore5"]), P("produce"),
            P(tableau=["Destroyed World"]), deck_top=DTP)
    at_next_round(s)
    assert H(s, 0) == []


def test_draw_most_rare_counts_windfall_production():
    s = pos("produce",
            dict(tableau=["New Sparta", "Mining Conglomerate", "Asteroid Belt"], actions=["produce"]),
            P(), deck_top=DTP)
    at_next_round(s)
    assert GD(s) == ["Asteroid Belt"] and H(s) == bag(DTP[1:3])


def test_draw_world_genes_pan_galactic_league():
    tab = ["New Sparta", "Pan-Galactic League", "Plague World", "Pre-Sentient Race", "Malevolent Lifeforms",
           "Gem World"]
    s = pos("produce", dict(tableau=tab, goods=["Plague World", "Malevolent Lifeforms", "Gem World"],
                            actions=["explore5"]), P("produce"), deck_top=DTP)
    at_next_round(s)   # 3 Genes worlds (with or without a good); nothing produced
    assert H(s) == bag(DTP[:3])


def test_settle_windfall_good_is_not_produced():
    # A windfall good placed in Settle does not count for Consumer Markets in Produce (A18).
    s = pos("settle",
            dict(hand=["Refugee World"], tableau=["New Sparta", "Consumer Markets"], actions=["explore5"]),
            P("produce", tableau=["Destroyed World"]), deck_top=DT)
    play(s, "settle Refugee World")
    at_next_round(s)
    assert GD(s) == ["Refugee World"] and H(s) == []


# ======================================================================
# Advanced 2-player game: powers in the second Develop phase (§7, A25)
# ======================================================================

def test_advanced_second_develop_phase_powers():
    # Interstellar Bank draws at the start of both phases; Public Works placed in the first
    # phase works in the second; the Develop bonus applies in both for the double chooser.
    game = rftg.Game(players=2, advanced=True)
    s = position(game, "develop",
                 [dict(hand=["Public Works", "Space Marines", "Gem World", "Spice World", "Artist Colony"],
                       tableau=["Old Earth", "Interstellar Bank"], actions=["develop", "develop2"]),
                  dict(tableau=["Rebel Homeworld"], actions=["explore5", "explore11"])],
                 deck_top=["Comet Zone", "Mining World", "Plague World"])
    assert H(s) == bag(["Public Works", "Space Marines", "Gem World", "Spice World", "Artist Colony", "Comet Zone"])
    play(s, "develop Public Works")          # 1 - 1 = 0: nothing to pay, no draw for itself
    assert s.decision == "develop_select" and doc(s)["phase_rep"] == 1
    assert H(s) == bag(["Space Marines", "Gem World", "Spice World", "Artist Colony", "Comet Zone", "Mining World"])
    play(s, "develop Space Marines")         # 2 - 1 = 1
    assert s.decision == "pay" and doc(s)["need"] == 1
    play(s, "pay with Gem World")
    assert s.decision == "choose_action" and s.round == 2
    assert H(s) == bag(["Spice World", "Artist Colony", "Comet Zone", "Mining World", "Plague World"])
    assert T(s) == bag(["Old Earth", "Interstellar Bank", "Public Works", "Space Marines"])
