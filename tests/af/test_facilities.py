"""Scenario tests for the ten orbital facilities (rules §4, Appendix A), the blocked docks per
player count (§2.3) and the Maintenance Bay rule (AF20). Each test builds a JSON position
(docs/af-state-json.md), plays decisions by their describe() texts and checks the exact outcome.
Entries AFn / AF-Gn are in docs/af-rules.md."""
from __future__ import annotations

import pytest

from galaxysim import af

from .positions import colonies, doc, legal, play, player, position, ships

G2 = af.Game(players=2)
G3 = af.Game(players=3)
G4 = af.Game(players=4)


def unplaced(*values):
    return ships(*[f"unplaced {v}" for v in values])


# ---------------------------------------------------------------------------------------------
# Blocked docks (§2.3, AF23, AF-G1)

USABLE = {  # facility: (2p, 3p, 4p) usable docks or dock groups
    "Solar Converter": (7, 7, 8),
    "Lunar Mine": (3, 4, 5),
    "Colony Constructor": (1, 2, 2),
    "Orbital Market": (1, 1, 2),
    "Shipyard": (1, 2, 3),
    "Alien Artifact": (4, 4, 4),
    "Terraforming Station": (1, 1, 1),
    "Raiders' Outpost": (1, 1, 1),
    "Colonist Hub": (4, 4, 4),
}


@pytest.mark.parametrize("game", [G2, G3, G4], ids=["2p", "3p", "4p"])
def test_blocked_docks_per_player_count(game):
    for name, counts in USABLE.items():
        assert game.usable_docks(name) == counts[game.players - 2], name
    assert game.usable_docks("Maintenance Bay") is None
    table = {f["name"]: f for f in af.facility_table()}
    # the blocker ships of the rules' table: 2p / 3p
    assert table["Solar Converter"]["blocked"] == {2: 1, 3: 1, 4: 0}
    assert table["Lunar Mine"]["blocked"] == {2: 2, 3: 1, 4: 0}
    assert table["Orbital Market"]["blocked"] == {2: 2, 3: 2, 4: 0}
    assert table["Colony Constructor"]["blocked"] == {2: 3, 3: 0, 4: 0}
    assert table["Shipyard"]["blocked"] == {2: 4, 3: 2, 4: 0}


def test_blocked_docks_full_solar_converter_2p():
    # 2 players: 7 usable Solar docks; six green ships there plus one red docked = full.
    green = ships(*["Solar Converter 1"] * 6)
    s = position(G2, [dict(ships=unplaced(2, 4)), dict(ships=green)])
    play(s, "dock 2 at Solar Converter")
    assert "dock 4 at Solar Converter" not in legal(s)
    s4 = position(G4, [dict(ships=unplaced(2, 4)), dict(ships=green)])
    play(s4, "dock 2 at Solar Converter", "dock 4 at Solar Converter")  # 8 docks with 4 players


def test_blocked_docks_market_and_shipyard_3p():
    # 3 players: one Market pair, two Shipyard pairs.
    s = position(G3, [dict(ships=unplaced(2, 2, 5, 5), fuel=9, ore=9),
                      dict(ships=ships("Orbital Market 1 4", "Orbital Market 1 4", "Shipyard 1 6", "Shipyard 1 6"))])
    texts = legal(s)
    assert "dock 2+2 at Orbital Market" not in texts and "dock 5+5 at Orbital Market" not in texts
    play(s, "dock 2+2 at Shipyard")
    assert "dock 5+5 at Shipyard" not in legal(s)  # Shipyard 3 does not exist with 3 players


def test_blocked_docks_constructor_2p_one_triple():
    s = position(G2, [dict(ships=unplaced(3, 3, 3), ore=6), dict(ships=ships("Colony Constructor 1 5",) * 3)])
    assert "dock 3+3+3 at Colony Constructor" not in legal(s)
    s3 = position(G3, [dict(ships=unplaced(3, 3, 3), ore=6), dict(ships=ships("Colony Constructor 1 5",) * 3)])
    assert "dock 3+3+3 at Colony Constructor" in legal(s3)


# ---------------------------------------------------------------------------------------------
# Solar Converter (4.1)

@pytest.mark.parametrize("value,fuel", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_solar_converter_fuel_by_value(value, fuel):
    s = position(G2, [dict(ships=unplaced(value))])
    play(s, f"dock {value} at Solar Converter")
    assert player(s, 0)["fuel"] == fuel


def test_solar_converter_lem_badlands_one_more_fuel_per_ship():
    s = position(G2, [dict(ships=unplaced(1, 6))], territories={"Lem Badlands": [1, 0]})
    play(s, "dock 1 at Solar Converter", "dock 6 at Solar Converter")
    assert player(s, 0)["fuel"] == (1 + 1) + (3 + 1)


# ---------------------------------------------------------------------------------------------
# Lunar Mine (4.2, AF15, AF16)

def test_lunar_mine_rising_values_rules_example():
    # Mine holds a 1 and a 4; roll 3, 4, 6: the 3 cannot dock, the 4 and the 6 can (+2 ore).
    s = position(G4, [dict(ships=unplaced(3, 4, 6)), dict(ships=ships("Lunar Mine 1", "Lunar Mine 4", "bay"))])
    texts = legal(s)
    assert "dock 3 at Lunar Mine" not in texts
    play(s, "dock 4 at Lunar Mine", "dock 6 at Lunar Mine")
    assert player(s, 0)["ore"] == 2
    assert s.to_json().count('"Lunar Mine"') == 4


def test_lunar_mine_own_ships_raise_the_bar_AF15():
    s = position(G4, [dict(ships=unplaced(2, 5))])
    play(s, "dock 5 at Lunar Mine")
    assert "dock 2 at Lunar Mine" not in legal(s)


def test_lunar_mine_van_vogt_first_ship_free_AF16():
    s = position(G4, [dict(ships=unplaced(1, 2, 3)), dict(ships=ships("Lunar Mine 5", "bay", "bay"))],
                 territories={"Van Vogt Mountains": [1, 0, 0, 0]})
    play(s, "dock 1 at Lunar Mine")
    assert "dock 2 at Lunar Mine" not in legal(s)  # only one free ship per turn
    assert player(s, 0)["ore"] == 1


# ---------------------------------------------------------------------------------------------
# Colonist Hub (4.3, AF12-AF14, AF42)

def test_hub_first_ship_places_colony_on_circle_1_AF12():
    s = position(G2, [dict(ships=unplaced(4))])
    play(s, "dock 4 at Colonist Hub")
    p = player(s, 0)
    assert p["hub"] == 1 and p["colonies_in_hand"] == 7


def test_hub_seven_advances_then_launch_for_fuel_and_ore():
    s = position(G2, [dict(ships=unplaced(2, 3), hub=5, fuel=1, ore=1)])
    play(s, "dock 2 at Colonist Hub", "dock 3 at Colonist Hub")
    assert player(s, 0)["hub"] == 7
    play(s, "launch the Hub colony", "land on Heinlein Plains")
    p = player(s, 0)
    assert p["hub"] == 0 and p["fuel"] == 0 and p["ore"] == 0
    assert colonies(s, "Heinlein Plains") == [1, 0]
    assert s.scores() == [2, 0]  # a colony and the territory


def test_hub_colony_on_circle_7_must_launch_before_more_ships_AF13():
    s = position(G2, [dict(ships=unplaced(2, 3), hub=6)])
    play(s, "dock 2 at Colonist Hub")
    assert "dock 3 at Colonist Hub" not in legal(s)


def test_hub_at_most_three_ships_per_track():
    s = position(G2, [dict(ships=unplaced(1, 2, 3, 4), hub=1)])
    play(s, "dock 1 at Colonist Hub", "dock 2 at Colonist Hub", "dock 3 at Colonist Hub")
    assert "dock 4 at Colonist Hub" not in legal(s)
    assert player(s, 0)["hub"] == 4


def test_hub_no_colony_token_no_docking_AF42():
    # All 8 colonies on the planet but one on... a player with no token in hand and none on the Hub
    # cannot exist while the game runs, so: 7 on the planet and 1 on the Hub at circle 7.
    s = position(G2, [dict(ships=unplaced(5), hub=7)], territories={"Lem Badlands": [7, 0]})
    assert "dock 5 at Colonist Hub" not in legal(s)


def test_hub_asimov_extra_advance_once_per_turn_AF14():
    s = position(G2, [dict(ships=unplaced(1, 2, 3), hub=1)], territories={"Asimov Crater": [1, 0]})
    play(s, "dock 1 at Colonist Hub")
    assert player(s, 0)["hub"] == 2
    play(s, "dock 2 at Colonist Hub")
    assert player(s, 0)["hub"] == 4  # 2 ships -> 3 advances
    play(s, "dock 3 at Colonist Hub")
    assert player(s, 0)["hub"] == 5  # 3 ships -> 4 advances


def test_hub_overflow_starts_the_next_colony_when_launched_AF13():
    s = position(G2, [dict(ships=unplaced(1, 2), hub=5, fuel=1, ore=1)], territories={"Asimov Crater": [1, 0]})
    play(s, "dock 1 at Colonist Hub", "dock 2 at Colonist Hub")  # 5 -> 6 -> 7, Asimov +1 -> overflow 1
    assert player(s, 0)["hub"] == 7 and doc(s)["turn_state"]["overflow"] == 1
    play(s, "launch the Hub colony", "land on Lem Badlands")
    p = player(s, 0)
    assert p["hub"] == 1 and p["colonies_in_hand"] == 5  # 2 on the planet, 1 on the Hub


def test_hub_overflow_lost_at_end_of_turn_AF13():
    s = position(G2, [dict(ships=unplaced(1, 2), hub=5)], territories={"Asimov Crater": [1, 0]})
    play(s, "dock 1 at Colonist Hub", "dock 2 at Colonist Hub")  # "end turn" was then the only action
    assert s.active == 1 and player(s, 0)["hub"] == 7 and doc(s)["turn_state"]["overflow"] == 0


# ---------------------------------------------------------------------------------------------
# Colony Constructor (4.4)

def test_constructor_triple_and_three_ore_lands_a_colony():
    s = position(G3, [dict(ships=unplaced(4, 4, 4), ore=3)])
    play(s, "dock 4+4+4 at Colony Constructor", "land on Pohl Foothills")
    assert player(s, 0)["ore"] == 0
    assert colonies(s, "Pohl Foothills") == [1, 0, 0]


def test_constructor_needs_the_ore():
    s = position(G3, [dict(ships=unplaced(4, 4, 4), ore=2)])
    assert "dock 4+4+4 at Colony Constructor" not in legal(s)


def test_constructor_bradbury_costs_two_ore():
    s = position(G3, [dict(ships=unplaced(4, 4, 4), ore=2)], territories={"Bradbury Plateau": [1, 0, 0]})
    play(s, "dock 4+4+4 at Colony Constructor", "land on Lem Badlands")
    assert player(s, 0)["ore"] == 0


def test_constructor_second_triple_goes_to_the_second_group():
    s = position(G3, [dict(ships=unplaced(4, 4, 4, 2, 2, 2), ore=6)])
    play(s, "dock 2+2+2 at Colony Constructor", "land on Lem Badlands",
         "dock 4+4+4 at Colony Constructor", "land on Lem Badlands")
    at = [x["at"] for x in player(s, 0)["ships"]]
    assert sorted(at) == ["Colony Constructor 1"] * 3 + ["Colony Constructor 2"] * 3


# ---------------------------------------------------------------------------------------------
# Terraforming Station (4.5)

def test_terraforming_station_needs_a_6_fuel_ore_and_four_ships():
    three = dict(ships=unplaced(6, 6, 6), fuel=1, ore=1)
    assert "dock 6 at Terraforming Station" not in legal(position(G2, [three]))  # would leave 2
    four = dict(ships=unplaced(6, 5, 5, 5), fuel=1, ore=1)
    s = position(G2, [four])
    play(s, "dock 6 at Terraforming Station", "land on Herbert Valley")
    p = player(s, 0)
    assert p["fuel"] == 0 and p["ore"] == 0 and colonies(s, "Herbert Valley") == [1, 0]
    broke = dict(ships=unplaced(6, 5, 5, 5), fuel=1, ore=0)
    assert "dock 6 at Terraforming Station" not in legal(position(G2, [broke]))


def test_terraforming_ship_goes_to_the_stock_at_the_next_turn():
    # seat 0's ship is on the station; seat 1 ends its turn; seat 0's turn starts without it.
    s = position(G2, [dict(ships=ships("Terraforming Station 6", "bay", "bay", "bay")), dict(ships=unplaced(1))],
                 active=1)
    play(s, "dock 1 at Solar Converter")  # then "end turn", the only action, is played at once (AF-G10)
    at = [x["at"] for x in player(s, 0)["ships"]]
    assert s.active == 0 and at.count("stock") == 3 and at.count("unplaced") == 3


# ---------------------------------------------------------------------------------------------
# Orbital Market (4.6, AF19)

def test_market_pair_trades_fuel_for_ore_at_the_pair_value():
    s = position(G4, [dict(ships=unplaced(3, 3), fuel=7)])
    play(s, "dock 3+3 at Orbital Market", "trade 3 fuel for 1 ore", "trade 3 fuel for 1 ore")
    p = player(s, 0)
    assert p["fuel"] == 1 and p["ore"] == 2
    assert "trade 3 fuel for 1 ore" not in legal(s)


def test_market_two_pairs_trade_at_the_lower_value_AF19():
    s = position(G4, [dict(ships=unplaced(5, 5, 2, 2), fuel=6)])
    play(s, "dock 5+5 at Orbital Market", "dock 2+2 at Orbital Market", "trade 2 fuel for 1 ore")


def test_market_heinlein_one_to_one():
    s = position(G4, [dict(ships=unplaced(6, 6), fuel=2)], territories={"Heinlein Plains": [1, 0, 0, 0]})
    play(s, "dock 6+6 at Orbital Market", "trade 1 fuel for 1 ore", "trade 1 fuel for 1 ore")
    assert player(s, 0)["ore"] == 2


def test_market_never_ore_for_fuel_AF19():
    s = position(G4, [dict(ships=unplaced(1, 1), ore=5)])
    play(s, "dock 1+1 at Orbital Market")
    assert not any("ore for" in t or t.startswith("trade") for t in legal(s))


# ---------------------------------------------------------------------------------------------
# Alien Artifact (4.7, AF17, AF18)

def test_artifact_claim_with_sum_of_eight():
    s = position(G2, [dict(ships=unplaced(2, 6))], display=["Alien City", "Booster Pod", "Stasis Beam"])
    play(s, "dock 2 at Alien Artifact", "dock 6 at Alien Artifact", "claim Alien City with 2+6")
    p = player(s, 0)
    assert p["tech"] == ["Alien City"] and s.scores()[0] == 1
    assert len(doc(s)["display"]) == 3  # replaced from the deck


def test_artifact_seven_is_not_enough():
    s = position(G2, [dict(ships=unplaced(3, 4))], display=["Alien City"])
    play(s, "dock 3 at Alien Artifact", "dock 4 at Alien Artifact")
    assert not any(t.startswith("claim") for t in legal(s))


def test_artifact_cycle_per_ship_kept_after_a_claim_AF18():
    s = position(G2, [dict(ships=unplaced(3, 2, 4))], display=["Alien City", "Booster Pod", "Stasis Beam"])
    play(s, "dock 2 at Alien Artifact", "dock 3 at Alien Artifact", "dock 4 at Alien Artifact")
    assert doc(s)["turn_state"]["cycles"] == 3
    play(s, "claim Booster Pod with 2+3+4", "cycle the display")
    d = doc(s)
    assert d["turn_state"]["cycles"] == 2 and "Alien City" in d["discard"] and "Stasis Beam" in d["discard"]


def test_artifact_two_claims_need_disjoint_sets_AF17():
    s = position(G2, [dict(ships=unplaced(4, 4, 5, 5, 1))], display=["Alien City", "Booster Pod", "Stasis Beam"])
    play(s, "dock 1 at Alien Artifact", "dock 4 at Alien Artifact", "dock 4 at Alien Artifact", "dock 5 at Alien Artifact")
    claims = [t for t in legal(s) if t.startswith("claim Alien City")]
    # minimal sets only (AF-G4): 4+4, 4+5, 5 needs a partner
    assert claims == ["claim Alien City with 4+4", "claim Alien City with 4+5"]
    play(s, "claim Alien City with 4+4")
    assert [t for t in legal(s) if t.startswith("claim Booster Pod")] == []  # 1+5 = 6


def test_artifact_no_second_copy_of_a_name():
    s = position(G2, [dict(ships=unplaced(4, 4), tech=["Booster Pod"])], display=["Booster Pod #2", "Stasis Beam"])
    play(s, "dock 4 at Alien Artifact", "dock 4 at Alien Artifact")
    assert [t for t in legal(s) if t.startswith("claim")] == ["claim Stasis Beam with 4+4"]


def test_artifact_cycle_with_a_short_deck_AF18():
    # deck of 1, discard of 0: the display's 3 cards go to the discard pile, which is then shuffled in.
    everything = [c["name"] + (f" #{k}" if k > 1 else "") for c in af.tech_table() for k in range(1, c["copies"] + 1)]
    red = ["Alien City", "Alien Monument", "Booster Pod", "Data Crystal", "Gravity Manipulator",
           "Holographic Decoy", "Orbital Teleporter", "Plasma Cannon", "Polarity Device", "Resource Cache",
           "Stasis Beam", "Temporal Warper"]
    green = ["Booster Pod #2", "Data Crystal #2", "Gravity Manipulator #2", "Holographic Decoy #2",
             "Orbital Teleporter #2", "Plasma Cannon #2"]
    display = ["Polarity Device #2", "Resource Cache #2", "Stasis Beam #2"]
    deck = [c for c in everything if c not in red + green + display]
    assert deck == ["Temporal Warper #2"]
    s = position(G2, [dict(ships=unplaced(1), tech=red), dict(tech=green)], display=display)
    play(s, "dock 1 at Alien Artifact", "cycle the display")
    d = doc(s)
    # the deck's last card, then two of the old display shuffled back: one card left face down
    assert len(d["display"]) == 3 and d["discard"] == [] and len(d["deck"]) == 1
    assert "Temporal Warper #2" in d["display"]


# ---------------------------------------------------------------------------------------------
# Shipyard (4.8, AF21)

@pytest.mark.parametrize("in_play,cost", [(3, 1), (4, 2), (5, 3)])
def test_shipyard_cost_by_ship_number_AF21(in_play, cost):
    values = [2, 2] + [1] * (in_play - 2)
    s = position(G4, [dict(ships=unplaced(*values), fuel=cost, ore=cost)])
    play(s, "dock 2+2 at Shipyard")
    p = player(s, 0)
    assert p["fuel"] == 0 and p["ore"] == 0
    assert [x["at"] for x in p["ships"]].count("Maintenance Bay") == 1


def test_shipyard_herbert_valley_one_less_fourth_ship_free():
    s = position(G4, [dict(ships=unplaced(2, 2, 1))], territories={"Herbert Valley": [1, 0, 0, 0]})
    play(s, "dock 2+2 at Shipyard")
    assert [x["at"] for x in player(s, 0)["ships"]].count("Maintenance Bay") == 1


def test_shipyard_empty_stock_cannot_build_AF22():
    s = position(G4, [dict(ships=unplaced(2, 2, 1, 1, 1, 1), fuel=9, ore=9)])
    assert "dock 2+2 at Shipyard" not in legal(s)


def test_shipyard_terraforming_ship_counts_for_the_number_AF21():
    s = position(G4, [dict(ships=ships("unplaced 2", "unplaced 2", "unplaced 1", "Terraforming Station 6"),
                           fuel=1, ore=1)])
    assert "dock 2+2 at Shipyard" not in legal(s)  # the 5th ship costs 2 + 2


def test_shipyard_two_pairs_build_two_ships():
    s = position(G4, [dict(ships=unplaced(2, 2, 3, 3), fuel=5, ore=5)])
    play(s, "dock 2+2 at Shipyard", "dock 3+3 at Shipyard")  # the 5th ship (2 + 2), then the 6th (3 + 3)
    p = player(s, 0)
    assert (p["fuel"], p["ore"]) == (0, 0)
    assert [x["at"] for x in p["ships"]].count("Maintenance Bay") == 2


# ---------------------------------------------------------------------------------------------
# Maintenance Bay (4.10, AF20)

def test_bay_only_when_no_docking_exists_AF20():
    assert "send 5 to the Maintenance Bay" not in legal(position(G4, [dict(ships=unplaced(5))]))
    # Mine full of 6s, Artifact full, Hub colony on circle 7: the 1 can still go to the Solar Converter.
    green = ships("Lunar Mine 6", "Lunar Mine 6", "Lunar Mine 6", "Alien Artifact 1", "Alien Artifact 1",
                  "Alien Artifact 1")
    s = position(G2, [dict(ships=ships("unplaced 1", "Alien Artifact 2"), hub=7), dict(ships=green)],
                 territories={"Lem Badlands": [6, 0]})
    # the Solar Converter was its only docking, so it was played at once, then "end turn" (AF-G10)
    assert s.active == 1 and player(s, 0)["ships"][0] == {"at": "Solar Converter", "value": 1}


def test_bay_when_every_facility_is_closed_AF20():
    # 4 players: Solar Converter (8) full, Mine holds 6s, Artifact (4) full, Hub colony on circle 7.
    green = ships("Lunar Mine 6", "Lunar Mine 6", "Lunar Mine 6", "Alien Artifact 1", "Alien Artifact 1",
                  "Alien Artifact 1")
    blue = ships("Alien Artifact 2", "Solar Converter 1", "Solar Converter 1", "Solar Converter 1",
                 "Solar Converter 1", "Solar Converter 1")
    yellow = ships("Solar Converter 2", "Solar Converter 2", "Solar Converter 2")
    s = position(G4, [dict(ships=unplaced(1), hub=7), dict(ships=green), dict(ships=blue), dict(ships=yellow)],
                 territories={"Lem Badlands": [5, 0, 0, 0]})
    # The Bay was the only action, then "end turn": both forced, played at once (AF-G10).
    assert s.active == 1
    assert player(s, 0)["ships"][0] == {"at": "Maintenance Bay"}
