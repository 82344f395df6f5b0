"""Scenario tests for territories (rules §5): control and its VP, each of the eight bonuses, the
Relic Ship of Burroughs Desert (§5.3) and the three field generators (§6). The facility tests
cover the bonuses that change a facility (Lem, Van Vogt, Asimov, Bradbury, Heinlein, Herbert);
here they are checked once more through control gained and lost during a turn."""
from __future__ import annotations

from galaxysim import af

from .positions import colonies, doc, legal, play, player, position, ships

G2 = af.Game(players=2)
G3 = af.Game(players=3)
G4 = af.Game(players=4)


def unplaced(*values):
    return ships(*[f"unplaced {v}" for v in values])


def controller(state, territory):
    return doc(state)["territories"][territory]["controller"]


# ---------------------------------------------------------------------------------------------
# Control (5.1)

def test_control_needs_strictly_more_colonies_than_each_other_player():
    s = position(G3, [dict(ships=unplaced(6, 5, 5, 5), fuel=1, ore=1)],
                 territories={"Lem Badlands": [1, 1, 0], "Pohl Foothills": [0, 2, 1]})
    assert controller(s, "Lem Badlands") is None and controller(s, "Pohl Foothills") == "green"
    assert s.scores() == [1, 4, 1]
    play(s, "dock 6 at Terraforming Station", "land on Lem Badlands")
    assert controller(s, "Lem Badlands") == "red"
    assert s.scores() == [3, 4, 1]  # 2 colonies + the territory


def test_losing_control_loses_the_vp_and_the_bonus_at_once():
    # red controls Lem Badlands 1-0; green lands there: tie, nobody controls it.
    s = position(G2, [dict(), dict(ships=unplaced(6, 5, 5, 1), fuel=1, ore=1)], active=1,
                 territories={"Lem Badlands": [1, 0]})
    assert s.scores() == [2, 0]
    play(s, "dock 6 at Terraforming Station", "land on Lem Badlands", "dock 1 at Solar Converter")
    assert controller(s, "Lem Badlands") is None and s.scores() == [1, 1]
    assert player(s, 1)["fuel"] == 1  # no Lem bonus for anyone: 1 fuel for the 1


def test_bonus_usable_as_soon_as_control_is_gained():
    s = position(G2, [dict(ships=unplaced(6, 5, 5, 1), fuel=1, ore=1)])
    play(s, "dock 6 at Terraforming Station", "land on Lem Badlands", "dock 1 at Solar Converter")
    assert player(s, 0)["fuel"] == 2  # 1 + Lem's 1


def test_pohl_foothills_tech_costs_one_less():
    s = position(G2, [dict(ships=unplaced(3, 4), tech=["Booster Pod", "Gravity Manipulator"], fuel=1)],
                 territories={"Pohl Foothills": [1, 0]})
    play(s, "Booster Pod: 3 to 4", "Gravity Manipulator: 4 to 3 and 4 to 5")
    assert player(s, 0)["fuel"] == 0  # 1 - 1 = 0, then 2 - 1 = 1
    s2 = position(G2, [dict(ships=unplaced(3, 4), tech=["Booster Pod"], fuel=0)])
    assert not any(t.startswith("Booster Pod") for t in legal(s2))


# ---------------------------------------------------------------------------------------------
# The Relic Ship (5.3, AF34, AF35, AF44)

def test_relic_ship_bought_by_the_burroughs_controller_into_the_bay():
    s = position(G2, [dict(ships=unplaced(1), fuel=1, ore=1)], territories={"Burroughs Desert": [1, 0]})
    play(s, "buy the Relic Ship")
    d = doc(s)
    assert d["relic_ship"] == {"at": "Maintenance Bay", "owner": "red"}
    assert player(s, 0)["fuel"] == 0 and player(s, 0)["ore"] == 0
    assert "buy the Relic Ship" not in legal(s)


def test_relic_ship_only_for_the_controller():
    s = position(G2, [dict(ships=unplaced(1), fuel=1, ore=1)], territories={"Burroughs Desert": [1, 1]})
    assert "buy the Relic Ship" not in legal(s)


def test_relic_ship_is_rolled_with_the_fleet_and_colourless_AF34():
    s = position(G2, [dict(ships=ships("bay", "bay", "bay")), dict(ships=unplaced(1))], active=1,
                 territories={"Burroughs Desert": [1, 0]},
                 relic_ship={"at": "Maintenance Bay", "owner": "red"})
    play(s, "dock 1 at Solar Converter")  # green's turn ends; red rolls 3 ships and the Relic Ship
    d = doc(s)
    assert s.active == 0 and d["relic_ship"]["at"] == "unplaced" and 1 <= d["relic_ship"]["value"] <= 6
    assert any("Relic" in t for t in legal(s))


def test_relic_ship_goes_home_when_control_is_lost_AF35():
    s = position(G2, [dict(ships=ships("Lunar Mine 3", "bay", "bay")), dict(ships=unplaced(6, 5, 5, 5), fuel=1, ore=1)],
                 active=1, territories={"Burroughs Desert": [1, 0]},
                 relic_ship={"at": "Solar Converter", "value": 4, "owner": "red"})
    play(s, "dock 6 at Terraforming Station", "land on Burroughs Desert")
    d = doc(s)
    assert d["relic_ship"] == {"at": "Burroughs Desert", "owner": None}
    assert player(s, 0)["fuel"] == 0  # benefits already gained stay: nothing is taken back


def test_relic_ship_goes_home_when_the_isolation_field_lands_on_burroughs():
    s = position(G2, [dict(), dict(ships=unplaced(2), tech=["Stasis Beam"])], active=1,
                 territories={"Burroughs Desert": [1, 0]},
                 relic_ship={"at": "Maintenance Bay", "owner": "red"})
    play(s, "discard Stasis Beam: Isolation Field to Burroughs Desert")
    assert doc(s)["relic_ship"]["owner"] is None
    s2 = position(G2, [dict(ships=unplaced(1), fuel=3, ore=3)], territories={"Burroughs Desert": [1, 0]},
                  fields={"Isolation Field": "Burroughs Desert"})
    assert "buy the Relic Ship" not in legal(s2)


def test_relic_ship_on_the_terraforming_station_comes_home_and_may_be_bought_again_AF44():
    s = position(G2, [dict(ships=ships("bay", "bay", "bay", "bay"), fuel=2, ore=2), dict(ships=unplaced(1))],
                 active=1, territories={"Burroughs Desert": [1, 0]},
                 relic_ship={"at": "Terraforming Station", "value": 6, "owner": "red"})
    play(s, "dock 1 at Solar Converter")  # red's turn: the Relic Ship returns to Burroughs Desert
    assert doc(s)["relic_ship"]["owner"] is None
    play(s, "buy the Relic Ship")
    assert doc(s)["relic_ship"]["owner"] == "red"


def test_relic_ship_may_terraform_with_only_three_coloured_ships_AF34():
    s = position(G2, [dict(ships=unplaced(2, 2, 2), fuel=1, ore=1)], territories={"Burroughs Desert": [1, 0]},
                 relic_ship={"at": "unplaced", "value": 6, "owner": "red"})
    play(s, "dock Relic 6 at Terraforming Station", "land on Lem Badlands")


# ---------------------------------------------------------------------------------------------
# Field generators (6, AF29-AF31)

def test_isolation_field_cancels_the_bonus_not_the_vp():
    s = position(G2, [dict(ships=unplaced(1))], territories={"Lem Badlands": [1, 0]},
                 fields={"Isolation Field": "Lem Badlands"})
    assert s.scores() == [2, 0]
    play(s, "dock 1 at Solar Converter")
    assert player(s, 0)["fuel"] == 1


def test_isolation_blocks_data_crystal_borrowing():
    s = position(G2, [dict(ships=unplaced(1), tech=["Data Crystal"], fuel=5)],
                 territories={"Lem Badlands": [0, 1], "Pohl Foothills": [0, 1]},
                 fields={"Isolation Field": "Lem Badlands"})
    texts = legal(s)
    assert "Data Crystal: borrow Lem Badlands" not in texts and "Data Crystal: borrow Pohl Foothills" in texts


def test_positron_field_one_more_vp_to_the_controller_AF29():
    s = position(G2, [dict()], territories={"Herbert Valley": [2, 1]},
                 fields={"Positron Field": "Herbert Valley", "Isolation Field": "Herbert Valley"})
    assert s.score_parts(0) == {"colonies": 2, "territories": 1, "tech": 0, "positron": 1, "total": 4}
    assert s.score_parts(1)["positron"] == 0


def test_repulsor_field_no_landing_there_AF31():
    s = position(G2, [dict(ships=unplaced(6, 5, 5, 5), fuel=1, ore=1)], fields={"Repulsor Field": "Lem Badlands"})
    play(s, "dock 6 at Terraforming Station")
    assert "land on Lem Badlands" not in legal(s) and len(legal(s)) == 7


def test_repulsor_field_no_colony_moved_in_or_out_AF31():
    s = position(G2, [dict(ships=unplaced(1), tech=["Orbital Teleporter", "Polarity Device"])],
                 territories={"Lem Badlands": [1, 1], "Pohl Foothills": [0, 1], "Asimov Crater": [1, 0]},
                 fields={"Repulsor Field": "Lem Badlands"})
    play(s, "discard Orbital Teleporter: move a colony")
    texts = legal(s)
    assert "move red colony on Lem Badlands" not in texts and "move green colony on Pohl Foothills" in texts
    play(s, "move green colony on Pohl Foothills")
    assert "move it to Lem Badlands" not in legal(s)


def test_booster_pod_discard_removes_one_field_AF30():
    s = position(G2, [dict(ships=unplaced(1), tech=["Booster Pod"])],
                 fields={"Isolation Field": "Lem Badlands", "Positron Field": "Lem Badlands"})
    play(s, "discard Booster Pod: remove Positron Field")
    assert doc(s)["fields"] == {"Isolation Field": "Lem Badlands", "Positron Field": None, "Repulsor Field": None}


def test_field_moves_to_another_territory_AF30():
    s = position(G2, [dict(ships=unplaced(1), tech=["Gravity Manipulator"])], fields={"Repulsor Field": "Lem Badlands"})
    texts = [t for t in legal(s) if t.startswith("discard Gravity")]
    assert len(texts) == 7 and "discard Gravity Manipulator: Repulsor Field to Lem Badlands" not in texts
    play(s, "discard Gravity Manipulator: Repulsor Field to Pohl Foothills")
    assert doc(s)["fields"]["Repulsor Field"] == "Pohl Foothills"


def test_repulsor_never_blocks_generators_themselves():
    s = position(G2, [dict(ships=unplaced(1), tech=["Stasis Beam"])],
                 fields={"Repulsor Field": "Lem Badlands", "Isolation Field": "Lem Badlands"})
    play(s, "discard Stasis Beam: Isolation Field to Asimov Crater")
    assert doc(s)["fields"]["Isolation Field"] == "Asimov Crater"
