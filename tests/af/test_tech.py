"""Scenario tests for the alien tech cards (rules §7, Appendix C): every fuel power and discard
power, the deck composition, and the limits (each card's power once per turn, one discard per
turn and only of a card not powered this turn, one copy per name)."""
from __future__ import annotations

import pytest

from galaxysim import af

from .positions import colonies, doc, legal, play, player, position, ships

G2 = af.Game(players=2)
G3 = af.Game(players=3)
G4 = af.Game(players=4)


def unplaced(*values):
    return ships(*[f"unplaced {v}" for v in values])


def values(state, seat=0):
    return sorted(x["value"] for x in player(state, seat)["ships"] if x["at"] == "unplaced")


def test_deck_has_22_cards_with_two_warpers_AF2():
    table = {c["name"]: c for c in af.tech_table()}
    assert sum(c["copies"] for c in table.values()) == 22
    assert table["Alien City"]["copies"] == table["Alien Monument"]["copies"] == 1
    assert all(c["copies"] == 2 for n, c in table.items() if n not in ("Alien City", "Alien Monument"))
    assert table["Temporal Warper"]["copies"] == 2


def test_alien_city_and_monument_one_vp_each():
    s = position(G2, [dict(tech=["Alien City", "Alien Monument"])])
    assert s.score_parts(0)["tech"] == 2 and s.scores()[0] == 2


# --- dice powers ------------------------------------------------------------------------------

def test_booster_pod_plus_one_for_one_fuel():
    s = position(G2, [dict(ships=unplaced(1, 3, 4, 6), tech=["Booster Pod"], fuel=1)])
    texts = [t for t in legal(s) if t.startswith("Booster Pod:")]
    assert texts == ["Booster Pod: 1 to 2", "Booster Pod: 3 to 4", "Booster Pod: 4 to 5"]  # never above 6
    play(s, "Booster Pod: 3 to 4")
    assert values(s) == [1, 4, 4, 6] and player(s, 0)["fuel"] == 0


def test_stasis_beam_minus_one():
    s = position(G2, [dict(ships=unplaced(1, 2, 5), tech=["Stasis Beam"], fuel=1)])
    assert "Stasis Beam: 1 to 0" not in legal(s)
    play(s, "Stasis Beam: 2 to 1")
    assert values(s) == [1, 1, 5]


def test_polarity_device_flips_an_unplaced_ship_AF4():
    s = position(G2, [dict(ships=ships("unplaced 1", "unplaced 2", "unplaced 5", "Lunar Mine 3"),
                           tech=["Polarity Device"], fuel=1)])
    texts = [t for t in legal(s) if t.startswith("Polarity")]
    assert texts == ["Polarity Device: 1 to 6", "Polarity Device: 2 to 5", "Polarity Device: 5 to 2"]
    play(s, "Polarity Device: 1 to 6")
    assert values(s) == [2, 5, 6]


def test_gravity_manipulator_moves_a_pip_between_two_ships():
    s = position(G2, [dict(ships=unplaced(1, 2, 5), tech=["Gravity Manipulator"], fuel=2)])
    play(s, "Gravity Manipulator: 2 to 1 and 5 to 6")  # the rules' example: 1,2,5 -> 1,1,6
    assert values(s) == [1, 1, 6] and player(s, 0)["fuel"] == 0
    s2 = position(G2, [dict(ships=unplaced(3, 3), tech=["Gravity Manipulator"], fuel=2)])
    assert [t for t in legal(s2) if t.startswith("Gravity")] == ["Gravity Manipulator: 3 to 2 and 3 to 4"]


def test_temporal_warper_rerolls_the_picked_ships():
    s = position(G2, [dict(ships=unplaced(1, 2, 5), tech=["Temporal Warper"], fuel=1)], rng=12345)
    play(s, "Temporal Warper: re-roll ships")
    assert s.decision == "reroll" and "roll the picked ships" not in legal(s)  # at least one pick
    play(s, "pick 1", "pick 2")
    assert legal(s)[0] == "roll the picked ships" and "pick 1" not in legal(s)
    play(s, "roll the picked ships")
    v = [x["value"] for x in player(s, 0)["ships"][:3]]
    assert v[2] == 5 and s.decision == "main" and player(s, 0)["fuel"] == 0


def test_warper_does_not_recheck_the_resource_cache_AF10():
    s = position(G2, [dict(ships=unplaced(1, 2), tech=["Temporal Warper", "Resource Cache"], fuel=1)])
    play(s, "Temporal Warper: re-roll ships", "pick 1", "pick 2")  # then rolling is the only action
    p = player(s, 0)
    assert p["ore"] == 0 and p["fuel"] == 0 and "Resource Cache" in p["tech"]


def test_die_powers_never_touch_docked_or_teleported_ships_AF38():
    s = position(G2, [dict(ships=ships("Lunar Mine 3", "unplaced 6"), tech=["Booster Pod", "Orbital Teleporter"], fuel=5)])
    assert [t for t in legal(s) if t.startswith("Booster")] == []  # the 6 cannot rise, the 3 is docked
    play(s, "Orbital Teleporter: lift 3 from Lunar Mine")
    assert [t for t in legal(s) if t.startswith("Booster")] == []  # the teleported 3 is frozen


# --- Data Crystal (AF32) -----------------------------------------------------------------------

def test_data_crystal_borrows_a_bonus_for_one_fuel_per_colony():
    # the rules' example: Heinlein Plains has 1 green + 1 red colony -> 2 fuel for the 1:1 rate
    s = position(G3, [dict(ships=unplaced(6, 6, 1), tech=["Data Crystal"], fuel=9)],
                 territories={"Heinlein Plains": [1, 1, 0]})
    play(s, "Data Crystal: borrow Heinlein Plains", "dock 6+6 at Orbital Market", "trade 1 fuel for 1 ore")
    assert player(s, 0)["fuel"] == 9 - 2 - 1
    assert doc(s)["turn_state"]["borrowed"] == "Heinlein Plains"


def test_data_crystal_not_burroughs_not_empty_territories():
    s = position(G3, [dict(ships=unplaced(1), tech=["Data Crystal"], fuel=9)],
                 territories={"Burroughs Desert": [0, 1, 0], "Lem Badlands": [0, 0, 3]})
    assert [t for t in legal(s) if t.startswith("Data Crystal:")] == ["Data Crystal: borrow Lem Badlands"]


def test_data_crystal_cost_counts_every_colony_and_pohl_takes_one_off():
    s = position(G3, [dict(ships=unplaced(1), tech=["Data Crystal"], fuel=2)],
                 territories={"Lem Badlands": [0, 1, 2], "Pohl Foothills": [1, 0, 0]})
    play(s, "Data Crystal: borrow Lem Badlands", "dock 1 at Solar Converter")
    assert player(s, 0)["fuel"] == 2 - (3 - 1) + 2  # borrowing costs 2 (Pohl), the 1 gives 1 + 1


def test_data_crystal_discard_places_the_positron_field():
    s = position(G2, [dict(ships=unplaced(1), tech=["Data Crystal"])], territories={"Lem Badlands": [1, 0]})
    play(s, "discard Data Crystal: Positron Field to Lem Badlands")
    assert s.score_parts(0)["positron"] == 1 and doc(s)["discard"] == ["Data Crystal"]


# --- Orbital Teleporter (AF9, AF38) -------------------------------------------------------------

def test_teleporter_rules_example_mine_then_artifact():
    # roll 2,5,6; dock 6 at the Mine (+1 ore); teleport the 6 to the Artifact, add the 2 -> 8 -> claim
    s = position(G2, [dict(ships=unplaced(2, 5, 6), tech=["Orbital Teleporter"], fuel=2)],
                 display=["Alien City", "Booster Pod", "Stasis Beam"])
    play(s, "dock 6 at Lunar Mine", "Orbital Teleporter: lift 6 from Lunar Mine")
    assert "dock teleported 6 at Lunar Mine" not in legal(s)  # not back where it came from
    play(s, "dock teleported 6 at Alien Artifact", "dock 2 at Alien Artifact", "claim Alien City with 2+6")
    p = player(s, 0)
    assert p["ore"] == 1 and "Alien City" in p["tech"] and p["fuel"] == 0


def test_teleported_ship_joins_a_group_AF9():
    s = position(G2, [dict(ships=ships("Solar Converter 3", "unplaced 3", "unplaced 1"), tech=["Orbital Teleporter"], fuel=4)])
    play(s, "Orbital Teleporter: lift 3 from Solar Converter", "dock teleported 3+3 at Orbital Market")
    assert doc(s)["turn_state"]["market_rate"] == 3


def test_teleporter_not_from_the_terraforming_station():
    s = position(G2, [dict(ships=ships("Terraforming Station 6", "Solar Converter 2", "unplaced 1", "bay"),
                           tech=["Orbital Teleporter"], fuel=4)])
    assert [t for t in legal(s) if t.startswith("Orbital")] == ["Orbital Teleporter: lift 2 from Solar Converter"]


def test_teleporter_discard_moves_any_colony():
    # the rules' example: blue moves its colony from Van Vogt to Lem Badlands and takes control there
    s = position(G2, [dict(ships=unplaced(1), tech=["Orbital Teleporter"])],
                 territories={"Lem Badlands": [1, 1], "Van Vogt Mountains": [1, 2]})
    play(s, "discard Orbital Teleporter: move a colony", "move red colony on Van Vogt Mountains",
         "move it to Lem Badlands")
    assert colonies(s, "Lem Badlands") == [2, 1] and colonies(s, "Van Vogt Mountains") == [0, 2]
    assert doc(s)["territories"]["Lem Badlands"]["controller"] == "red"


# --- Plasma Cannon (AF24, AF25) ---------------------------------------------------------------

def test_plasma_cannon_clears_a_full_shipyard_rules_example():
    # blue pays 2 to clear red's pair from a full Shipyard (2 players: one pair), then docks there
    s = position(G2, [dict(ships=unplaced(2, 2, 4), tech=["Plasma Cannon"], fuel=3, ore=1),
                      dict(ships=ships("Shipyard 1 5", "Shipyard 1 5", "bay"))])
    assert "dock 2+2 at Shipyard" not in legal(s)
    play(s, "Plasma Cannon: remove green 5 at Shipyard 1")
    assert s.decision == "plasma_more"
    play(s, "also remove green 5 at Shipyard 1")  # nothing else to remove: stopping is played at once
    assert player(s, 0)["fuel"] == 1
    assert [x["at"] for x in player(s, 1)["ships"]][:2] == ["Maintenance Bay", "Maintenance Bay"]
    play(s, "dock 2+2 at Shipyard")


def test_plasma_cannon_one_facility_never_own_ships_never_the_bay_AF25():
    s = position(G2, [dict(ships=ships("unplaced 1", "Lunar Mine 2"), tech=["Plasma Cannon"], fuel=5),
                      dict(ships=ships("Lunar Mine 4", "Solar Converter 3", "bay"))])
    first = [t for t in legal(s) if t.startswith("Plasma")]
    assert first == ["Plasma Cannon: remove green 4 at Lunar Mine", "Plasma Cannon: remove green 3 at Solar Converter"]
    play(s, "Plasma Cannon: remove green 4 at Lunar Mine")
    assert legal(s) == ["stop removing ships"] or s.decision == "main"


def test_plasma_cannon_terraforming_ship_goes_to_the_stock():
    s = position(G2, [dict(ships=unplaced(1), tech=["Plasma Cannon"], fuel=1),
                      dict(ships=ships("Terraforming Station 6", "bay", "bay", "bay"))])
    play(s, "Plasma Cannon: remove green 6 at Terraforming Station")
    assert player(s, 1)["ships"][0] == {"at": "stock"}


def test_plasma_cannon_pohl_discount_comes_off_the_total():
    s = position(G2, [dict(ships=unplaced(1), tech=["Plasma Cannon"], fuel=1),
                      dict(ships=ships("Solar Converter 3", "Solar Converter 4", "bay"))],
                 territories={"Pohl Foothills": [1, 0]})
    play(s, "Plasma Cannon: remove green 3 at Solar Converter", "also remove green 4 at Solar Converter")
    assert player(s, 0)["fuel"] == 0  # 2 ships - 1


def test_plasma_cannon_discard_returns_a_ship_to_the_stock_AF24():
    green4 = ships("Solar Converter 3", "bay", "bay", "bay")
    s = position(G2, [dict(ships=unplaced(1), tech=["Plasma Cannon"]), dict(ships=green4)])
    play(s, "discard Plasma Cannon: return green 3 at Solar Converter")
    assert player(s, 1)["ships"][0] == {"at": "stock"}
    green3 = ships("Solar Converter 3", "bay", "bay")
    s3 = position(G2, [dict(ships=unplaced(1), tech=["Plasma Cannon"]), dict(ships=green3)])
    assert not any(t.startswith("discard Plasma") for t in legal(s3))  # 3 ships: protected


def test_plasma_cannon_discard_relic_ship_whatever_the_tally_AF24():
    s = position(G2, [dict(ships=unplaced(1), tech=["Plasma Cannon"]),
                      dict(ships=ships("bay", "bay", "bay"))],
                 territories={"Burroughs Desert": [0, 1]}, relic_ship={"at": "Maintenance Bay", "owner": "green"})
    play(s, "discard Plasma Cannon: return Relic Ship (green) in the Maintenance Bay")
    assert doc(s)["relic_ship"]["owner"] is None


# --- Polarity Device discard --------------------------------------------------------------------

def test_polarity_discard_swaps_two_colonies_rules_example():
    # Herbert Valley yellow, yellow and Lem Badlands red, red -> swap one each -> both contested
    s = position(G2, [dict(ships=unplaced(1), tech=["Polarity Device"])],
                 territories={"Herbert Valley": [0, 2], "Lem Badlands": [2, 0]})
    # (the only first colony and the only partner are played at once, AF-G10)
    play(s, "discard Polarity Device: swap two colonies")
    assert colonies(s, "Herbert Valley") == [1, 1] and colonies(s, "Lem Badlands") == [1, 1]
    assert s.scores() == [2, 2]


# --- Resource Cache (AF10) ---------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(12))
def test_resource_cache_after_the_roll(seed):
    # seat 1's turn ends; red rolls 3 ships: odd > even: +1 ore; even > odd: +1 fuel (no tie with 3)
    s = position(G2, [dict(tech=["Resource Cache"]), dict(ships=unplaced(1))], active=1, rng=seed)
    play(s, "dock 1 at Solar Converter")
    rolled = [x["value"] for x in player(s, 0)["ships"] if x["at"] == "unplaced"]
    odd = sum(v % 2 for v in rolled)
    p = player(s, 0)
    assert (p["ore"], p["fuel"]) == ((1, 0) if odd > len(rolled) - odd else (0, 1))
    assert "Resource Cache" in p["tech"]


def test_resource_cache_tie_gives_both_and_is_discarded():
    for seed in range(200):
        s = position(G2, [dict(ships=ships("bay", "bay", "bay", "bay"), tech=["Resource Cache"]),
                          dict(ships=unplaced(1))], active=1, rng=seed)
        play(s, "dock 1 at Solar Converter")
        rolled = [x["value"] for x in player(s, 0)["ships"] if x["at"] == "unplaced"]
        if sum(v % 2 for v in rolled) == 2:
            p = player(s, 0)
            assert (p["ore"], p["fuel"]) == (1, 1) and p["tech"] == []
            assert doc(s)["discard"] == ["Resource Cache"] and not doc(s)["turn_state"]["discarded"]
            return
    pytest.fail("no tie in 200 seeds")


# --- Holographic Decoy is in the raid tests; Temporal Warper discard ----------------------------

def test_warper_discard_takes_a_card_from_the_discard_pile_AF33():
    s = position(G2, [dict(ships=unplaced(1), tech=["Temporal Warper", "Stasis Beam"])],
                 discard=["Alien City", "Temporal Warper #2", "Stasis Beam #2", "Booster Pod"])
    texts = [t for t in legal(s) if t.startswith("discard Temporal")]
    assert texts == ["discard Temporal Warper: take Alien City", "discard Temporal Warper: take Booster Pod"]
    play(s, "discard Temporal Warper: take Alien City")
    p = player(s, 0)
    assert sorted(p["tech"]) == ["Alien City", "Stasis Beam"]
    assert sorted(doc(s)["discard"]) == ["Booster Pod", "Stasis Beam #2", "Temporal Warper", "Temporal Warper #2"]


# --- limits -------------------------------------------------------------------------------------

def test_each_power_once_per_turn_AF37():
    s = position(G2, [dict(ships=unplaced(1, 2), tech=["Booster Pod"], fuel=5)])
    play(s, "Booster Pod: 1 to 2")
    assert not any(t.startswith("Booster Pod") for t in legal(s))  # neither power nor discard now


def test_one_discard_per_turn():
    s = position(G2, [dict(ships=unplaced(1), tech=["Stasis Beam", "Data Crystal"])])
    play(s, "discard Stasis Beam: Isolation Field to Lem Badlands")
    assert not any(t.startswith("discard") for t in legal(s))
    assert doc(s)["turn_state"]["discarded"]


def test_discard_only_of_a_card_not_powered_this_turn():
    s = position(G2, [dict(ships=unplaced(2, 5), tech=["Stasis Beam", "Booster Pod"], fuel=2)])
    play(s, "Stasis Beam: 2 to 1")
    texts = legal(s)
    assert not any(t.startswith("discard Stasis") for t in texts)
    assert any(t.startswith("discard Booster") for t in texts) is False  # no field on the planet to remove
    assert "Booster Pod: 1 to 2" in texts


def test_tech_limits_reset_next_turn():
    s = position(G2, [dict(ships=ships("bay", "bay", "bay"), tech=["Booster Pod"], fuel=3), dict(ships=unplaced(1))],
                 active=1, turn_state={"discarded": True})
    play(s, "dock 1 at Solar Converter")
    assert s.active == 0 and not doc(s)["turn_state"]["discarded"] and doc(s)["turn_state"]["powered"] == []


def test_tech_used_the_turn_it_is_claimed():
    s = position(G2, [dict(ships=unplaced(4, 4, 2), fuel=1)], display=["Booster Pod"])
    play(s, "dock 4 at Alien Artifact", "dock 4 at Alien Artifact", "claim Booster Pod with 4+4", "Booster Pod: 2 to 3")
