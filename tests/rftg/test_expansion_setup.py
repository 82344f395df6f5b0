"""Setup of the expansions (TGS §1.5-1.8, RvI): card tables, deck counts, start worlds and
their numbers, VP pools for 5 and 6 players, Ancient Race's start hand, the RvI start-world
pair choice, the five-player first game, and the advanced 2-player game at every level.
Rule entries E1-E4, E38, E39 are in docs/rules.md.
"""
from __future__ import annotations

import collections

import pytest

from galaxysim import rftg

from .expansion_positions import P, at_next_round, xpos
from .positions import doc, legal, play


@pytest.mark.parametrize("level,designs,cards,worlds,devs", [
    ("base", 95, 114, 64, 50), ("tgs", 114, 136, 78, 58), ("rvi", 150, 180, 100, 80)])
def test_card_table_counts(level, designs, cards, worlds, devs):
    t = rftg.card_table(level)
    assert len(t) == designs
    assert sum(d["copies"] for d in t) == cards
    assert sum(d["copies"] for d in t if d["type"] == "world") == worlds
    assert sum(d["copies"] for d in t if d["type"] == "development") == devs
    assert rftg.Game(players=2, expansion=level).num_cards == cards


def test_extra_copies_and_the_gambling_world_replacements():
    tgs = {d["name"]: d for d in rftg.card_table("tgs")}
    rvi = {d["name"]: d for d in rftg.card_table("rvi")}
    assert tgs["Contact Specialist"]["copies"] == 3 and rvi["Research Labs"]["copies"] == 3
    assert tgs["Gambling World"]["copies"] == 1 and rvi["Gambling World"]["copies"] == 1
    # The RvI Gambling World is another design (ante); the base/TGS one is gone (§1.3).
    g = rftg.Game(players=2, expansion="rvi")
    names = [g.card_name(i) for i in range(g.num_cards)]
    assert names.count("Gambling World") == 1


def test_start_worlds_and_numbers():
    # E1, E2: four TGS start worlds (5-8), three RvI ones (9-11); red odd, blue even.
    for level, numbers in (("tgs", range(9)), ("rvi", range(12))):
        starts = {d["start"]: d["name"] for d in rftg.card_table(level) if d["start"] is not None}
        assert sorted(starts) == list(numbers)
    starts = {d["start"]: d["name"] for d in rftg.card_table("rvi") if d["start"] is not None}
    assert [starts[k] for k in range(5, 12)] == ["Separatist Colony", "Ancient Race", "Damaged Alien Factory",
                                                 "Doomed World", "Rebel Cantina", "Galactic Developers",
                                                 "Imperium Warlord"]


def test_rvi_level_includes_tgs_and_there_is_no_rvi_only_game():
    # E3: level rvi is base + TGS + RvI; RvI without TGS is not a level of galaxysim.
    tgs = {d["name"]: d["copies"] for d in rftg.card_table("tgs")}
    rvi = {d["name"]: d["copies"] for d in rftg.card_table("rvi")}
    assert all(rvi[name] >= copies for name, copies in tgs.items() if name != "Gambling World")
    assert rvi["Gambling World (RvI)" if "Gambling World (RvI)" in rvi else "Gambling World"] == 1
    assert {"Improved Logistics", "Ancient Race", "Doomed World"} <= set(rvi)
    for name in ("rvi-only", "rvi_only", "RvI"):
        with pytest.raises(rftg.RulesError, match="unknown expansion"):
            rftg.Game(players=3, expansion=name)
    # TGS's goals are in play at level rvi, with the RvI ones.
    assert rftg.Game(players=3, expansion="rvi").goals


@pytest.mark.parametrize("level,players", [("tgs", 2), ("tgs", 5), ("rvi", 2), ("rvi", 6)])
def test_vp_pool_twelve_per_player(level, players):
    # E4: 12 VP per player (60 for 5, 72 for 6).
    g = rftg.Game(players=players, expansion=level)
    assert g.new_state(1).vp_pool == 12 * players


def test_player_counts_per_level():
    for level, most in (("base", 4), ("tgs", 5), ("rvi", 6)):
        rftg.Game(players=most, expansion=level)
        with pytest.raises(rftg.RulesError):
            rftg.Game(players=most + 1, expansion=level)
    with pytest.raises(rftg.RulesError, match="solo game needs expansion"):
        rftg.Game(players=1)


def test_tgs_one_start_world_each_ancient_race_keeps_three():
    # §1.5, §1.12: Ancient Race as a start world: discard 3 of 6 (keep 3), with its Genes good.
    g = rftg.Game(players=3, expansion="tgs", goals=False)
    seen = 0
    for seed in range(200):
        s = g.new_state(seed)
        d = doc(s)
        for seat, p in enumerate(d["players"]):
            assert len(p["tableau"]) == 1
        actor = s.current_player
        if d["players"][actor]["tableau"] == ["Ancient Race"]:
            seen += 1
            assert d["need"] == 3 and len(d["players"][actor]["hand"]) == 6
            assert d["players"][actor]["goods"] == ["Ancient Race"]
    assert seen > 0


def test_rvi_start_world_pair_choice():
    # §1.8: a red (odd) and a blue (even) start world each; keep one, discard it and two of
    # six cards (three with Ancient Race); seat order from the kept start worlds.
    g = rftg.Game(players=4, expansion="rvi", goals=False)
    s = g.new_state(5)
    assert s.decision == "start_world" and s.current_player == 0
    d = doc(s)
    numbers = {x["name"]: x["start"] for x in rftg.card_table("rvi") if x["start"] is not None}
    for p in d["players"]:
        pair = [numbers[c] for c in p["tableau"]]
        assert len(pair) == 2 and sorted(n % 2 for n in pair) == [0, 1]
        assert len(p["hand"]) == 6
    # Other seats see neither the pairs nor the choices.
    obs = s.observation(1)
    assert obs["players"][0]["tableau"] == "hidden" and obs["players"][0]["tableau_size"] == 2
    kept = []
    for seat in range(4):
        assert s.current_player == seat and s.decision == "start_world"
        choice = legal(s)[0]
        kept.append(choice.removeprefix("keep "))
        play(s, choice)
        assert s.decision == "start_discard" and doc(s)["need"] == (3 if kept[-1] == "Ancient Race" else 2)
        while s.decision == "start_discard" and s.current_player == seat:
            s.apply(s.legal_actions()[0])
    assert s.decision == "choose_action"
    d = doc(s)
    assert [p["tableau"] for p in d["players"]] == [[k] for k in kept]
    assert d["first"] == min(range(4), key=lambda i: numbers[kept[i]])
    assert len(d["discard"]) == 4 + sum(3 if k == "Ancient Race" else 2 for k in kept)


def test_rvi_six_players_deal_all_twelve_start_worlds():
    # §1.7: with six players every start world is dealt; none stays in the deck.
    g = rftg.Game(players=6, expansion="rvi", goals=False)
    s = g.new_state(3)
    d = doc(s)
    starts = {x["name"] for x in rftg.card_table("rvi") if x["start"] is not None}
    dealt = [c for p in d["players"] for c in p["tableau"]]
    assert set(dealt) == starts and not (set(d["deck"]) & starts)


def test_five_player_first_game_with_separatist_colony():
    # §1.6: start worlds 1-5, the fifth hand with Separatist Colony; no starting discard.
    g = rftg.Game(players=5, expansion="tgs", first_game=True, goals=False)
    s = g.new_state(2)
    assert s.decision == "choose_action"
    d = doc(s)
    hands = {p["tableau"][0]: sorted(p["hand"]) for p in d["players"]}
    assert sorted(hands) == sorted(["Epsilon Eridani", "Alpha Centauri", "New Sparta", "Earth's Lost Colony",
                                    "Separatist Colony"])
    assert hands["Separatist Colony"] == sorted(["Alien Toy Shop", "Deserted Alien World", "Hive World",
                                                  "Space Mercenaries"])


@pytest.mark.parametrize("level", ["base", "tgs", "rvi"])
def test_advanced_two_player_game_at_every_level(level):
    # §1.10: two action cards a round, the second Develop/Settle exist at every level.
    g = rftg.Game(players=2, expansion=level, advanced=True)
    s = g.new_state(4)
    while s.decision != "choose_action":
        s.apply(s.legal_actions()[0])
    play(s, "choose Develop", "choose Develop (second)")
    assert s.current_player == 1


def test_undealt_tgs_start_worlds_are_ordinary_cards():
    # §1.4: Damaged Alien Factory in the deck is a military world (defence 3) to conquer.
    s = xpos("settle", dict(hand=["Damaged Alien Factory"], tableau=["New Sparta", "Space Marines"], actions=["settle"]),
             P("explore5"), level="tgs")
    play(s, "settle Damaged Alien Factory")
    at_next_round(s)
    assert "Damaged Alien Factory" in doc(s)["players"][0]["tableau"]


def test_start_world_distribution_is_uniform_enough():
    g = rftg.Game(players=2, expansion="tgs", goals=False)
    c = collections.Counter()
    for seed in range(900):
        d = doc(g.new_state(seed))
        c.update(p["tableau"][0] for p in d["players"])
    assert len(c) == 9 and min(c.values()) > 120
