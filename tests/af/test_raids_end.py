"""Scenario tests for raiding (rules 4.9, §8), the resource limit (3.3, AF5), the immediate game
end (3.4, AF11) and scoring with tie-breaks (§9)."""
from __future__ import annotations

from galaxysim import af

from .positions import colonies, doc, legal, play, player, position, ships

G2 = af.Game(players=2)
G3 = af.Game(players=3)
G4 = af.Game(players=4)


def unplaced(*values):
    return ships(*[f"unplaced {v}" for v in values])


# ---------------------------------------------------------------------------------------------
# Raids

def test_raid_needs_a_straight():
    s = position(G3, [dict(ships=unplaced(2, 3, 5))])
    assert not any("Raiders" in t for t in legal(s))
    s = position(G3, [dict(ships=unplaced(4, 2, 3))])
    assert "dock 2+3+4 at Raiders' Outpost" in legal(s)


def test_raid_resources_up_to_four_from_several_players():
    s = position(G3, [dict(ships=unplaced(1, 2, 3)), dict(ore=2, fuel=3), dict(ore=1, fuel=0)])
    play(s, "dock 1+2+3 at Raiders' Outpost")
    assert s.decision == "raid_take"  # nobody holds a card: "raid resources" was the only choice (AF-G10)
    play(s, "take 1 ore from green", "take 1 fuel from green", "take 1 fuel from green")
    assert "take 1 ore from green" not in legal(s)  # canonical order: no going back (AF-G5)
    play(s, "take 1 ore from blue")
    assert s.decision == "main"  # four taken: stopping was the only action
    assert (player(s, 0)["ore"], player(s, 0)["fuel"]) == (2, 2)
    assert (player(s, 1)["ore"], player(s, 1)["fuel"]) == (1, 1) and player(s, 2)["ore"] == 0


def test_raid_may_stop_early():
    s = position(G3, [dict(ships=unplaced(1, 2, 3)), dict(ore=5)])
    play(s, "dock 1+2+3 at Raiders' Outpost", "take 1 ore from green", "stop raiding")
    assert player(s, 0)["ore"] == 1


def test_raid_steals_a_card_of_choice():
    s = position(G3, [dict(ships=unplaced(1, 2, 3)), dict(tech=["Alien City", "Booster Pod"])])
    play(s, "dock 1+2+3 at Raiders' Outpost")
    texts = legal(s)
    assert texts == ["raid resources", "steal Alien City from green", "steal Booster Pod from green"]
    play(s, "steal Alien City from green")
    assert player(s, 0)["tech"] == ["Alien City"] and s.scores() == [1, 0, 0]


def test_raid_stolen_duplicate_goes_to_the_discard_pile_AF26():
    s = position(G3, [dict(ships=unplaced(1, 2, 3), tech=["Booster Pod"]), dict(tech=["Booster Pod #2"])])
    play(s, "dock 1+2+3 at Raiders' Outpost", "steal Booster Pod from green")
    assert player(s, 0)["tech"] == ["Booster Pod"] and player(s, 1)["tech"] == []
    assert doc(s)["discard"] == ["Booster Pod #2"]


def test_raid_decoy_protects_only_its_holder_AF28():
    s = position(G3, [dict(ships=unplaced(1, 2, 3)), dict(ore=3, tech=["Holographic Decoy", "Alien City"]),
                      dict(ore=3)])
    play(s, "dock 1+2+3 at Raiders' Outpost")
    assert legal(s) == ["raid resources", "steal Holographic Decoy from green"]
    play(s, "raid resources")
    assert not any("from green" in t for t in legal(s)) and "take 1 ore from blue" in legal(s)


def test_raid_decoy_stolen_by_a_decoy_holder_is_discarded():
    s = position(G3, [dict(ships=unplaced(1, 2, 3), tech=["Holographic Decoy"]), dict(tech=["Holographic Decoy #2"])])
    play(s, "dock 1+2+3 at Raiders' Outpost", "steal Holographic Decoy from green")
    assert doc(s)["discard"] == ["Holographic Decoy #2"]


def test_raid_bump_needs_a_higher_straight_AF7():
    held = ships("Raiders' Outpost 2", "Raiders' Outpost 3", "Raiders' Outpost 4")
    low = position(G3, [dict(ships=unplaced(1, 2, 3)), dict(ships=held)])
    assert not any("Raiders" in t for t in legal(low))
    equal = position(G3, [dict(ships=unplaced(2, 3, 4)), dict(ships=held)])
    assert not any("Raiders" in t for t in legal(equal))
    high = position(G3, [dict(ships=unplaced(3, 4, 5)), dict(ships=held, ore=1)])
    play(high, "dock 3+4+5 at Raiders' Outpost")
    assert [x["at"] for x in player(high, 1)["ships"][:3]] == ["Maintenance Bay"] * 3


def test_raid_bump_of_a_partly_emptied_outpost_compares_sums_AF_G22():
    # A Plasma Cannon (or a Teleporter) left green's 4+5 of a 3-4-5 there: sum 9. A straight
    # bumps it with a strictly higher sum (AF7), even with a lower lowest value.
    held = ships("Raiders' Outpost 4", "Raiders' Outpost 5", "bay")
    equal = position(G3, [dict(ships=unplaced(2, 3, 4)), dict(ships=held)])
    assert not any("Raiders" in t for t in legal(equal))  # 9 is not more than 9
    higher = position(G3, [dict(ships=unplaced(3, 4, 5)), dict(ships=held, ore=1)])
    play(higher, "dock 3+4+5 at Raiders' Outpost")
    assert [x["at"] for x in player(higher, 1)["ships"][:2]] == ["Maintenance Bay"] * 2


def test_raid_bumping_your_own_straight_AF27():
    s = position(G3, [dict(ships=ships("Raiders' Outpost 1", "Raiders' Outpost 2", "Raiders' Outpost 3",
                                       "unplaced 4", "unplaced 5", "unplaced 6")), dict(ore=1)],
                 turn_state={})
    # (a position where red's own straight is there during its own turn, e.g. after a Teleporter)
    play(s, "dock 4+5+6 at Raiders' Outpost")
    assert [x["at"] for x in player(s, 0)["ships"][:3]] == ["Maintenance Bay"] * 3


def test_raid_with_nothing_to_take_is_over_at_once():
    s = position(G3, [dict(ships=unplaced(1, 2, 3, 5))])
    play(s, "dock 1+2+3 at Raiders' Outpost")  # nobody has anything: the raid resolves by itself
    assert s.decision == "main"


def test_stolen_resources_count_for_the_resource_limit():
    s = position(G3, [dict(ships=unplaced(1, 2, 3), ore=5, fuel=3), dict(ore=4)])
    play(s, "dock 1+2+3 at Raiders' Outpost", "take 1 ore from green", "take 1 ore from green",
         "stop raiding")  # then "end turn" is the only action
    assert s.decision == "return_resources"
    assert legal(s) == ["return 0 ore and 2 fuel", "return 1 ore and 1 fuel", "return 2 ore and 0 fuel"]


# ---------------------------------------------------------------------------------------------
# Resource limit (3.3, AF5)

def test_resource_limit_player_chooses_what_to_return_AF5():
    s = position(G2, [dict(ships=unplaced(6), ore=6, fuel=1)])
    play(s, "dock 6 at Solar Converter")  # then "end turn", the only action: 6 ore + 4 fuel = 10
    assert legal(s) == ["return 0 ore and 2 fuel", "return 1 ore and 1 fuel", "return 2 ore and 0 fuel"]
    play(s, "return 1 ore and 1 fuel")
    assert (player(s, 0)["ore"], player(s, 0)["fuel"]) == (5, 3) and s.active == 1


def test_resource_limit_only_at_the_end_of_the_own_turn():
    s = position(G2, [dict(ships=unplaced(6, 6), ore=8)])
    play(s, "dock 6 at Solar Converter")
    assert player(s, 0)["fuel"] == 3  # 11 tokens held during the turn
    play(s, "dock 6 at Solar Converter")  # "end turn" follows by itself
    assert s.decision == "return_resources"


def test_resource_limit_with_two_and_four_players():
    for game in (G2, G4):
        s = position(game, [dict(ships=unplaced(2), ore=9)])
        play(s, "dock 2 at Solar Converter", "return 2 ore and 0 fuel")
        assert s.active == 1 and player(s, 0)["ore"] + player(s, 0)["fuel"] == 8


# ---------------------------------------------------------------------------------------------
# Game end (3.4, AF11) and tie-breaks (§9)

def test_game_ends_the_moment_the_last_colony_lands_AF11():
    # red has one colony left (in hand); 10 ore: no resource limit once the game is over
    s = position(G2, [dict(ships=unplaced(6, 5, 5, 5), fuel=1, ore=11)],
                 territories={"Lem Badlands": [4, 0], "Pohl Foothills": [3, 1]})
    play(s, "dock 6 at Terraforming Station", "land on Asimov Crater")
    assert s.is_terminal() and s.current_player == -1 and s.legal_actions() == []
    assert player(s, 0)["ore"] == 10
    assert s.scores() == [8 + 3, 1] and s.winners() == [0]
    assert doc(s)["end"] == "last_colony"


def test_game_ends_when_the_last_colony_is_launched_from_the_hub():
    s = position(G2, [dict(ships=unplaced(1), hub=7, fuel=1, ore=1)], territories={"Lem Badlands": [7, 0]})
    play(s, "launch the Hub colony", "land on Herbert Valley")
    assert s.is_terminal()


def test_last_token_on_the_hub_may_land_through_the_constructor():
    s = position(G3, [dict(ships=unplaced(2, 2, 2), hub=3, ore=3)], territories={"Lem Badlands": [6, 0, 0]})
    play(s, "dock 2+2+2 at Colony Constructor", "land on Herbert Valley")
    assert s.is_terminal() and player(s, 0)["hub"] == 0


def test_game_does_not_end_while_colonies_remain():
    s = position(G2, [dict(ships=unplaced(6, 5, 5, 5), fuel=1, ore=1, hub=2)], territories={"Lem Badlands": [6, 0]})
    play(s, "dock 6 at Terraforming Station", "land on Asimov Crater")
    assert not s.is_terminal()  # the Hub colony is still off the planet


def finished(game, players, **extra):
    """A finished position (the first player landed its last colony)."""
    return position(game, players, end="last_colony", decision="none", **extra)


def test_tie_break_tech_cards_then_ore_then_fuel():
    ter = {"Lem Badlands": [8, 0], "Pohl Foothills": [0, 2], "Asimov Crater": [0, 2], "Herbert Valley": [0, 2]}
    # 8 + 1 = 9 against 6 + 3 = 9
    s = finished(G2, [dict(tech=["Booster Pod"]), dict(tech=["Stasis Beam", "Data Crystal"])], territories=ter)
    assert s.scores() == [9, 9] and s.winners() == [1]
    s = finished(G2, [dict(tech=["Booster Pod"], ore=2), dict(tech=["Stasis Beam"], ore=1, fuel=5)], territories=ter)
    assert s.winners() == [0]
    s = finished(G2, [dict(ore=1, fuel=1), dict(ore=1, fuel=2)], territories=ter)
    assert s.winners() == [1]
    s = finished(G2, [dict(ore=1, fuel=2), dict(ore=1, fuel=2)], territories=ter)
    assert s.winners() == [0, 1]  # still tied: a shared win


def test_scoring_parts():
    s = position(G3, [dict(tech=["Alien Monument", "Booster Pod"])],
                 territories={"Lem Badlands": [2, 1, 0], "Pohl Foothills": [1, 1, 0], "Asimov Crater": [0, 0, 1]},
                 fields={"Positron Field": "Lem Badlands"})
    assert s.score_parts(0) == {"colonies": 3, "territories": 1, "tech": 1, "positron": 1, "total": 6}
    assert s.score_parts(1) == {"colonies": 2, "territories": 0, "tech": 0, "positron": 0, "total": 2}
    assert s.score_parts(2)["total"] == 2
    d = doc(s)
    assert d["territories"]["Pohl Foothills"]["controller"] is None


def test_hub_colonies_do_not_score():
    s = position(G2, [dict(hub=6)])
    assert s.scores() == [0, 0]
    assert colonies(s, "Lem Badlands") == [0, 0]
