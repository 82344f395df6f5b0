"""The solo game against the robot (TGS §5, RvI §5.9): setup, the dice and their placement
(§5.5 examples), the robot's actions and reactions (§5.6 examples), its start-world
modifications, the end and the scoring, and the rule entries E26-E40 (docs/rules.md).
The PROVISIONAL values come from core/data/rftg_solo.txt; tests that need other dice use
a modified copy of that text (the values are data).
"""
from __future__ import annotations

import collections
import functools
import re

import pytest

from galaxysim import rftg

from .positions import doc, play, position

ROBOT_FILE = rftg.solo_config_text()


def config(**dice):
    """The shipped solo configuration with other die faces: config(a="develop ...", b="match ...")."""
    text = ROBOT_FILE
    lines = [ln for ln in text.splitlines() if ln.startswith("die:")]
    if "a" in dice:
        text = text.replace(lines[0], "die: " + dice["a"], 1)
    if "b" in dice:
        text = text.replace(lines[1], "die: " + dice["b"], 1)
    if "right_twin" in dice:
        text = re.sub(r"double-die-right-twin: \w+", f"double-die-right-twin: {dice['right_twin']}", text)
    return text


@functools.lru_cache(maxsize=None)
def solo(level="tgs", difficulty="medium", text=None):
    return rftg.Game(players=1, expansion=level, solo_difficulty=difficulty, solo_config=text)


def robot_pos(stage, human, robot, level="tgs", game=None, **extra):
    """A solo position: `human` a player dict (seat 0), `robot` the robot object of the JSON."""
    g = game or solo(level)
    return position(g, stage, [human], robot=robot, **extra)


def R(s):
    return doc(s)["robot"]


def pile_size(s):
    return sum(len(layer) for layer in R(s)["pile"])


# ======================================================================
# Setup (§5.2)
# ======================================================================

def test_solo_setup():
    g = solo()
    assert g.solo and g.advanced and not g.goals and not g.takeovers
    starts = {d["name"]: d["start"] for d in rftg.card_table("tgs") if d["start"] is not None}
    seen = collections.Counter()
    for seed in range(120):
        s = g.new_state(seed)
        d = doc(s)
        r = d["robot"]
        robot_start = [c for c in r["tableau"] if c in starts]
        assert len(robot_start) == 1 and len(d["players"][0]["tableau"]) == 1  # E39: one each
        name = robot_start[0]
        seen[name] += 1
        assert d["vp_pool"] == 24
        assert r["markers_unplaced"] == 2 and r["markers_placed"] == 0  # medium
        credits = {"Ancient Race": 0, "Alpha Centauri": 2}.get(name, 1)
        economy = 1 if name in ("Earth's Lost Colony", "Epsilon Eridani") else 0
        assert (r["credits"], r["economy"]) == (credits, economy)
        assert pile_size(s) == (3 if name == "Ancient Race" else 4)
        assert d["players"][0]["goods"] == ([] if d["players"][0]["tableau"][0] not in ("Alpha Centauri", "Ancient Race")
                                            else d["players"][0]["tableau"])
        # The human keeps 4 of 6, 3 with Ancient Race (E38).
        human_start = d["players"][0]["tableau"][0]
        assert s.decision == "start_discard" and d["need"] == (3 if human_start == "Ancient Race" else 2)
    assert len(seen) == 9


@pytest.mark.parametrize("difficulty,markers", [("easy", 1), ("medium", 2), ("hard", 3)])
def test_difficulty_markers(difficulty, markers):
    s = solo("tgs", difficulty).new_state(1)
    assert R(s)["markers_unplaced"] == markers


def test_rvi_solo_start_worlds_nine_to_eleven_allowed():
    g = solo("rvi")
    seen = set()
    for seed in range(200):
        d = doc(g.new_state(seed))
        seen.update(c for c in d["robot"]["tableau"] + d["players"][0]["tableau"])
    assert {"Rebel Cantina", "Galactic Developers", "Imperium Warlord"} <= seen


def test_solo_needs_expansions_and_has_no_goals_or_takeovers():
    with pytest.raises(rftg.RulesError):
        rftg.Game(players=1)
    with pytest.raises(rftg.RulesError, match="no goals"):
        rftg.Game(players=1, expansion="tgs", goals=True)
    with pytest.raises(rftg.RulesError, match="no takeovers"):
        rftg.Game(players=1, expansion="rvi", takeovers=True)
    with pytest.raises(rftg.RulesError, match="difficulty"):
        rftg.Game(players=1, expansion="tgs", solo_difficulty="impossible")


def test_bad_solo_configuration_is_one_clear_error():
    with pytest.raises(rftg.CardDataError, match=r"solo configuration:\d+: die: a die has 6 faces"):
        rftg.Game(players=1, expansion="tgs", solo_config=config(a="explore develop"))
    with pytest.raises(rftg.CardDataError, match="not a start world"):
        rftg.Game(players=1, expansion="tgs", solo_config=ROBOT_FILE + "\nrobot: Gem World\ncredits: 2\n")


# ======================================================================
# Dice (§5.5)
# ======================================================================

def dice_after(human_actions, a, b, right_twin="yes"):
    g = rftg.Game(players=1, expansion="tgs", solo_config=config(a=" ".join([a] * 6), b=" ".join([b] * 6),
                                                                   right_twin=right_twin))
    # The dice stay on their spaces until the next roll; a second pick that is the only one
    # left is played by itself.
    s = robot_pos("choose_action", dict(tableau=["Alpha Centauri"], hand=[]), dict(tableau=["Epsilon Eridani"]), game=g)
    for act in human_actions:
        if s.decision == "choose_action" and s.round == 1:
            play(s, f"choose {act}")
    assert s.round == 2 or s.decision != "choose_action"
    return s, g


def test_dice_example_a_phase_die_left_match_under_the_right_hand_action():
    # Human: Consume-x2 and Produce; dice Develop + match -> D1 and P.
    s, _ = dice_after(["Consume-x2", "Produce"], "develop", "match")
    assert doc(s)["robot"]["spaces"] == ["develop", "produce"]


def test_dice_example_b_match_moves_left_on_a_twin_pair():
    # Human: both Explores; dice Produce + match -> P, match under E2 moved to E1.
    s, _ = dice_after(["Explore +5", "Explore +1/+1"], "produce", "match")
    assert doc(s)["robot"]["spaces"] == ["explore5", "produce"]


def test_both_dice_match_the_human_actions():
    s, _ = dice_after(["Develop", "Produce"], "match", "match")
    assert doc(s)["robot"]["spaces"] == ["develop", "produce"]


def test_robot_face_is_the_robot_eq_action():
    # Epsilon Eridani's robot= is Settle (E27, PROVISIONAL); robot + robot: S1 and S2.
    s, _ = dice_after(["Explore +5", "Produce"], "robot", "robot")
    assert doc(s)["robot"]["spaces"] == ["settle", "settle2"]


def test_default_dice_faces_are_data():
    # E26 (PROVISIONAL): the shipped dice are A: E, D, S, P, $, = and B: E, D, S, robot, robot, =; a
    # configuration with other faces plays with those.
    dice = [ln.split()[1:] for ln in ROBOT_FILE.splitlines() if ln.startswith("die:")]
    assert dice == [["explore", "develop", "settle", "produce", "trade", "match"],
                    ["explore", "develop", "settle", "robot", "robot", "match"]]
    s, _ = dice_after(["Develop", "Settle"], "produce", "trade")
    assert doc(s)["robot"]["spaces"] == ["trade", "produce"]
    with pytest.raises(rftg.CardDataError, match="die: unknown action .lucky."):
        rftg.Game(players=1, expansion="tgs", solo_config=config(a="explore develop settle produce trade lucky"))


def test_a_single_explore_die_and_a_shifted_match_take_the_same_space():
    # E51: which Explore space is on the left is bookkeeping only. A lone Explore die lies on the
    # left space, and a match die under the human's right-hand Explore is moved there too, so the
    # robot explores the same way in both cases.
    s, _ = dice_after(["Develop", "Settle"], "explore", "produce")
    assert doc(s)["robot"]["spaces"] == ["explore5", "produce"]
    s, _ = dice_after(["Explore +5", "Explore +1/+1"], "produce", "match")
    assert doc(s)["robot"]["spaces"] == ["explore5", "produce"]


def test_two_identical_phase_dice_right_twin_or_once():
    # E31: by default the second Explore die takes E2 (the robot draws 3); literally both
    # lie on E1 (the robot explores once).
    s, _ = dice_after(["Develop", "Produce"], "explore", "explore")
    assert doc(s)["robot"]["spaces"] == ["explore5", "explore11"]
    s, _ = dice_after(["Develop", "Produce"], "explore", "explore", right_twin="no")
    assert doc(s)["robot"]["spaces"] == ["explore5"]
    s, _ = dice_after(["Develop", "Settle"], "trade", "trade")
    assert doc(s)["robot"]["spaces"] == ["trade"]  # not both Consumes


# ======================================================================
# The robot's actions and reactions (§5.6 examples)
# ======================================================================

# A position starts at the tested phase; the other dice and human actions lie on earlier
# phases (or on ones that leave the checked values alone), so that nothing later in the
# round changes what the test checks.
HUMAN = dict(tableau=["New Sparta"], hand=[])
WORLDS = ["Gem World", "Spice World", "Comet Zone", "New Vinland", "Secluded World"]  # non-military worlds
MILITARY = ["Rebel Base", "Rebel Outpost", "Hive World", "Rebel Miners", "Pirate World"]


def layers(*cards):
    """A robot pile whose cards are flipped in this order (one card per layer)."""
    return [[c] for c in cards]


def test_develop_example_one():
    # Robot: 1 credit, 2 pile cards, a die on D1; human Develop. Draw 1 (pile 3); flip a
    # world (discarded), then a development of cost < 6: placed. 1 credit, 1 card left.
    s = robot_pos("develop", dict(HUMAN, actions=["explore5", "develop"]),
                  dict(tableau=["Epsilon Eridani"], credits=1, spaces=["explore5", "develop"],
                       pile=layers("Mining Robots", "Comet Zone"), deck_added_since_draw=["Plague World"]),
                  deck_top=["Gem World"])
    r = R(s)
    assert r["tableau"] == ["Epsilon Eridani", "Mining Robots"]
    assert r["credits"] == 1 and pile_size(s) == 1 and "Gem World" in doc(s)["discard"]


def test_develop_example_two_marker_then_reaction():
    # Human both Develops; a die on D1; robot 4 credits, 5 cards, 2 markers. D1: a marker
    # (4 -> 2). D2 reaction: 2 < 3, no marker; flip: the third card, a 2-cost development.
    s = robot_pos("develop", dict(HUMAN, actions=["develop", "develop2"]),
                  dict(tableau=["Epsilon Eridani"], credits=4, spaces=["develop", "produce"],
                       pile=layers("Gem World", "Spice World", "Colony Ship", "Comet Zone", "New Vinland")))
    r = R(s)
    assert r["markers_placed"] == 1 and r["markers_unplaced"] == 1
    assert r["tableau"] == ["Epsilon Eridani", "Colony Ship"]
    assert r["credits"] == 1 and pile_size(s) == 2


def test_develop_action_six_cost_needs_a_credit():
    # A six-cost development with 0 credits is discarded and flipping goes on.
    s = robot_pos("develop", dict(HUMAN, actions=["explore5", "produce"]),
                  dict(tableau=["Epsilon Eridani"], credits=0, spaces=["develop", "trade"],
                       pile=layers("Galactic Federation", "Mining Robots"), deck_added_since_draw=["Plague World"]),
                  deck_top=["Gem World"])
    r = R(s)
    assert r["tableau"] == ["Epsilon Eridani", "Mining Robots"] and "Galactic Federation" in doc(s)["discard"]


def test_settle_examples():
    # Human Settle, robot 0 credits and other dice: nothing.
    s = robot_pos("settle", dict(HUMAN, actions=["settle", "produce"]),
                  dict(tableau=["Earth's Lost Colony"], credits=0, spaces=["explore5", "trade"], pile=layers("Gem World")))
    assert R(s)["tableau"] == ["Earth's Lost Colony"] and pile_size(s) == 1
    # Both Settles by the human, a die on S1; 2 credits, 2 cards. S1 action: draw 3 (pile
    # 5), the 4th card flipped is a non-military world: placed (pile 1). S2 reaction:
    # draw 2 (pile 3), no non-military world among the 3: nothing, 2 credits remain.
    s = robot_pos("settle", dict(HUMAN, actions=["settle", "settle2"]),
                  dict(tableau=["Earth's Lost Colony"], credits=2, spaces=["settle", "produce"],
                       pile=layers("Gem World", "Rebel Outpost"), deck_added_since_draw=["Plague World"]),
                  deck_top=["Rebel Base", "Hive World", "Rebel Miners", "Pirate World", "Rebel Fuel Cache"])
    r = R(s)
    assert r["tableau"] == ["Earth's Lost Colony", "Gem World"] and r["credits"] == 2
    assert pile_size(s) == 0
    assert {"Rebel Base", "Hive World", "Rebel Miners", "Pirate World", "Rebel Fuel Cache", "Rebel Outpost"} <= \
        set(doc(s)["discard"])


def test_settle_reaction_places_for_a_credit():
    s = robot_pos("settle", dict(HUMAN, actions=["explore5", "settle"]),
                  dict(tableau=["Earth's Lost Colony"], credits=2, spaces=["explore5", "develop"],
                       pile=layers("Gem World"), deck_added_since_draw=["Plague World"]),
                  deck_top=["Rebel Base", "Hive World"])
    r = R(s)
    assert r["tableau"] == ["Earth's Lost Colony", "Gem World"] and r["credits"] == 1


def test_consume_examples():
    # Human Consume-x2; robot Consume-Trade with 3 credits, economy 1: credits 4 (the
    # track's top), +1 VP, no reaction to the human's x2.
    s = robot_pos("consume", dict(HUMAN, actions=["consume2x", "produce"]),
                  dict(tableau=["Epsilon Eridani"], credits=3, economy=1, spaces=["trade", "develop"]))
    r = R(s)
    assert (r["credits"], r["chips"]) == (4, 1)
    # Both Consumes by the human, robot elsewhere, economy 3: +3 VP once.
    s = robot_pos("consume", dict(HUMAN, actions=["trade", "consume2x"]),
                  dict(tableau=["Epsilon Eridani"], credits=0, economy=3, spaces=["develop", "produce"]))
    assert R(s)["chips"] == 3 and doc(s)["vp_pool"] == 21
    # Both robot Consumes: 2 x economy, credits +2, economy +1.
    s = robot_pos("consume", dict(HUMAN, actions=["develop", "produce"]),
                  dict(tableau=["Epsilon Eridani"], credits=0, economy=2, spaces=["trade", "consume2x"]))
    r = R(s)
    assert (r["chips"], r["credits"], r["economy"]) == (4, 2, 3)


def test_produce_examples():
    s = robot_pos("produce", dict(HUMAN, actions=["develop", "settle"]),
                  dict(tableau=["Epsilon Eridani"], economy=0, spaces=["produce", "trade"]))
    assert R(s)["economy"] == 1
    s = robot_pos("produce", dict(HUMAN, actions=["develop", "produce"]),
                  dict(tableau=["Epsilon Eridani"], economy=0, spaces=["settle", "trade"]))
    assert R(s)["economy"] == 0
    s = robot_pos("produce", dict(HUMAN, actions=["develop", "produce"]),
                  dict(tableau=["Epsilon Eridani"], economy=2, spaces=["produce", "trade"]))
    assert R(s)["economy"] == 3


def finish_explore(s):
    while doc(s)["stage"] == "explore":
        s.apply(s.legal_actions()[0])


def test_explore_action_and_reaction():
    # The robot's dice make the human explore first, then the robot acts.
    s = robot_pos("explore", dict(HUMAN, actions=["consume2x", "produce"]),
                  dict(tableau=["Epsilon Eridani"], credits=1, spaces=["explore5", "explore11"]))
    finish_explore(s)
    assert pile_size(s) == 3 and R(s)["credits"] == 2  # both spaces: draw 3, credits +1
    # Reaction: the human explores first; the robot's dice touch neither its pile nor credits.
    s = robot_pos("explore", dict(HUMAN, actions=["explore5", "explore11"]),
                  dict(tableau=["Epsilon Eridani"], credits=1, spaces=["consume2x", "produce"]))
    finish_explore(s)
    assert pile_size(s) == 1 and R(s)["credits"] == 1  # reaction: draw 1, once


# ======================================================================
# Start-world modifications (§5.8, §5.9)
# ======================================================================

def test_old_earth_swaps_to_consume_x2_after_its_first_trade():
    # E29: robot= Trade until its first Trade action, then Consume-2xVP for good.
    s = robot_pos("consume", dict(HUMAN, actions=["develop", "produce"]),
                  dict(tableau=["Old Earth"], economy=1, spaces=["trade", "develop"]))
    assert R(s)["robot_eq"] == "consume2x" and "trade_swap_done" in R(s)["flags"]


def test_damaged_alien_factory_marker_flips_between_produce_and_trade():
    # E30: after a Produce action it shows Trade; after a Trade action, Produce.
    s = robot_pos("produce", dict(HUMAN, actions=["develop", "settle"]),
                  dict(tableau=["Damaged Alien Factory"], spaces=["produce", "trade"]))
    assert R(s)["robot_eq"] == "trade"
    s = robot_pos("consume", dict(HUMAN, actions=["develop", "settle"]),
                  dict(tableau=["Damaged Alien Factory"], robot_eq="trade", spaces=["trade", "develop"]))
    assert R(s)["robot_eq"] == "produce"


def test_epsilon_eridani_settles_military_worlds_without_credits():
    # §5.8 / E33: flips for a military world; the reaction needs no credit.
    s = robot_pos("settle", dict(HUMAN, actions=["explore5", "settle"]),
                  dict(tableau=["Epsilon Eridani"], credits=0, spaces=["explore5", "develop"],
                       pile=layers("Gem World", "Rebel Base"), deck_added_since_draw=["Plague World"]),
                  deck_top=["Spice World", "Comet Zone"])
    r = R(s)
    assert "Rebel Base" in r["tableau"] and r["credits"] == 0


def test_doomed_world_first_settle_action_searches_the_deck():
    # E34: from the main deck until a non-military world of 3+ VP; credits +2, economy +1;
    # Doomed World leaves the robot tableau; the pile is untouched.
    s = robot_pos("settle", dict(HUMAN, actions=["explore5", "explore11"]),
                  dict(tableau=["Doomed World"], credits=1, economy=0, spaces=["explore5", "settle"],
                       pile=layers("Gem World")),
                  deck_top=["Rebel Base", "Spice World", "Galactic Studios", "Comet Zone"])
    r = R(s)
    assert r["tableau"] == ["Galactic Studios"] and (r["credits"], r["economy"]) == (3, 1)
    assert {"Rebel Base", "Spice World", "Doomed World"} <= set(doc(s)["discard"])
    assert "search_done" in r["flags"] and pile_size(s) == 1


def test_rebel_cantina_credit_in_produce_action_and_reaction():
    s = robot_pos("produce", dict(HUMAN, actions=["develop", "produce"]),
                  dict(tableau=["Rebel Cantina"], credits=1, spaces=["settle", "trade"]), level="rvi")
    assert R(s)["credits"] == 2  # reaction +1 (E35)
    s = robot_pos("produce", dict(HUMAN, actions=["develop", "settle"]),
                  dict(tableau=["Rebel Cantina"], credits=1, economy=0, spaces=["produce", "trade"]), level="rvi")
    assert (R(s)["credits"], R(s)["economy"]) == (2, 1)


def test_galactic_developers_reaction_marker_for_two_credits():
    # E36: on a reaction a marker costs 2 instead of 3.
    s = robot_pos("develop", dict(HUMAN, actions=["explore5", "develop"]),
                  dict(tableau=["Galactic Developers"], credits=2, spaces=["explore5", "explore11"]), level="rvi")
    assert R(s)["markers_placed"] == 1 and R(s)["credits"] == 0


def test_extra_settle_draw_of_alpha_centauri():
    # E28 (PROVISIONAL +1): Alpha Centauri's Settle action draws 4; three military worlds and
    # then a non-military one are found only with the extra card (the drawn cards lie in
    # random order; the ones flipped before the world are discarded).
    deck = ["Rebel Base", "Hive World", "Rebel Miners", "Gem World", "Spice World"]
    for start, placed in (("Alpha Centauri", True), ("Earth's Lost Colony", False)):
        s = robot_pos("settle", dict(HUMAN, actions=["explore5", "explore11"]),
                      dict(tableau=[start], credits=1, spaces=["explore5", "settle"]), deck_top=deck)
        flipped = set(deck[:3]) & set(doc(s)["discard"])
        assert ("Gem World" in R(s)["tableau"]) is placed and pile_size(s) + len(flipped) == 3


def test_new_sparta_settle_reaction_needs_no_credit_and_draws_an_extra_card():
    # E28, E33: draw 2 + 1, flip for a military world, no credit needed or spent.
    s = robot_pos("settle", dict(tableau=["Old Earth"], hand=[], actions=["explore5", "settle"]),
                  dict(tableau=["New Sparta"], credits=0, spaces=["explore5", "develop"]),
                  deck_top=["Gem World", "Spice World", "Rebel Base", "Hive World"])
    r = R(s)
    assert r["tableau"] == ["New Sparta", "Rebel Base"] and r["credits"] == 0


def test_separatist_colony_explore_reaction_draws_two():
    s = robot_pos("explore", dict(HUMAN, actions=["explore5", "explore11"]),
                  dict(tableau=["Separatist Colony"], credits=1, spaces=["consume2x", "produce"]))
    finish_explore(s)
    assert pile_size(s) == 2 and R(s)["credits"] == 1


def test_imperium_warlord_explore_action_draws_two():
    s = robot_pos("explore", dict(HUMAN, actions=["consume2x", "produce"]),
                  dict(tableau=["Imperium Warlord"], credits=1, spaces=["explore5", "produce"]), level="rvi")
    finish_explore(s)
    assert pile_size(s) == 2 and R(s)["credits"] == 2


def test_doomed_world_settle_reaction_does_not_use_up_the_search():
    # E34: a reaction before the first Settle action is normal and leaves the marker.
    s = robot_pos("settle", dict(HUMAN, actions=["explore5", "settle"]),
                  dict(tableau=["Doomed World"], credits=1, spaces=["explore5", "develop"]),
                  deck_top=["Gem World", "Rebel Base"])
    r = R(s)
    assert set(r["tableau"]) == {"Doomed World", "Gem World"} and r["credits"] == 0
    assert "search_done" not in r["flags"]


def test_robot_ignores_the_powers_in_its_tableau():
    # E37: Hidden Fortress does not raise the robot's game end to 14 cards.
    ten = ["Epsilon Eridani", "Hidden Fortress"] + WORLDS + MILITARY[:3]
    s = robot_pos("hand_limit", dict(HUMAN, actions=["develop", "produce"]),
                  dict(tableau=ten, markers_placed=2, markers_unplaced=0), level="rvi")
    assert s.is_terminal()


# ======================================================================
# End and scoring (§5.7)
# ======================================================================

def test_robot_score_six_or_nine_per_marker_and_question_mark_development():
    # E32: Galactic Federation ('?') 6 VP at medium, 9 at hard; Pan-Galactic Research 4.
    s = robot_pos("game_over", dict(HUMAN), dict(tableau=["Epsilon Eridani", "Galactic Federation", "Doomed World"],
                                                  markers_placed=1, markers_unplaced=1, chips=3))
    assert s.robot()["score"] == 3 + 1 + 6 - 1 + 6
    g = solo("rvi", "hard")
    s = robot_pos("game_over", dict(HUMAN), dict(tableau=["Epsilon Eridani", "Galactic Federation", "Pan-Galactic Research"],
                                                  markers_placed=2, markers_unplaced=1, difficulty="hard"), game=g)
    assert s.robot()["score"] == 1 + 9 + 4 + 2 * 9


def test_game_ends_with_twelve_robot_cards_and_markers():
    ten = ["Epsilon Eridani"] + WORLDS + MILITARY[:4]
    s = robot_pos("hand_limit", dict(HUMAN, actions=["develop", "produce"]),
                  dict(tableau=ten, markers_placed=2, markers_unplaced=0))
    assert s.is_terminal()
    s = robot_pos("hand_limit", dict(HUMAN, actions=["develop", "produce"]),
                  dict(tableau=ten, markers_placed=1, markers_unplaced=1))
    assert not s.is_terminal()


def test_winner_and_full_tie_is_a_draw():
    # Robot 1 VP (Epsilon Eridani), human 2 (Old Earth): the human wins.
    s = robot_pos("game_over", dict(tableau=["Old Earth"]), dict(tableau=["Epsilon Eridani"], credits=0, economy=0))
    assert s.winners() == [0]
    # Human 1 (New Sparta + 0 cards) vs robot 1: tie-break hand + goods against credits + economy.
    s = robot_pos("game_over", dict(tableau=["New Sparta"], hand=["Gem World"]),
                  dict(tableau=["Epsilon Eridani"], credits=0, economy=0))
    assert s.winners() == [0]
    s = robot_pos("game_over", dict(tableau=["New Sparta"], hand=["Gem World"]),
                  dict(tableau=["Epsilon Eridani"], credits=1, economy=0))
    assert s.winners() == []  # E40: a full tie is a draw, nobody wins


def test_solo_random_games_finish():
    g = solo("rvi")
    bot = rftg.make_bot("heuristic", 3)
    for seed in range(40):
        s = g.new_state(seed)
        while not s.is_terminal():
            s.apply(bot.act(s))
        r = s.robot()
        assert 0 <= r["credits"] <= 4 and 0 <= r["economy"] <= 5
        assert s.round <= 30
