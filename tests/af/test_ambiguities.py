"""One scenario test (or a few) per rules ambiguity AF1-AF44 and per galaxysim interpretation
AF-G1... of docs/af-rules.md, named after its number. Positions are JSON (docs/af-state-json.md);
decisions are played by their describe() texts."""
from __future__ import annotations

from collections import Counter

from galaxysim import af

from .positions import colonies, doc, legal, play, player, position, ships

G2 = af.Game(players=2)
G3 = af.Game(players=3)
G4 = af.Game(players=4)
G4L = af.Game(players=4, long_game=True)


def unplaced(*values):
    return ships(*[f"unplaced {v}" for v in values])


def at(state, seat):
    return [x["at"] for x in player(state, seat)["ships"]]


def test_AF1_ten_facilities_no_radon_collector():
    names = [f["name"] for f in af.facility_table()]
    assert len(names) == 10 and "Radon Collector" not in names
    assert set(names) == {"Solar Converter", "Lunar Mine", "Colonist Hub", "Colony Constructor",
                          "Terraforming Station", "Orbital Market", "Alien Artifact", "Shipyard",
                          "Raiders' Outpost", "Maintenance Bay"}


def test_AF2_22_cards_two_warpers_in_every_game():
    s = G4.new_state(3)
    d = doc(s)
    cards = d["deck"] + d["display"] + d["discard"] + [c for p in d["players"] for c in p["tech"]]
    assert len(cards) == 22 and sum(c.startswith("Temporal Warper") for c in cards) == 2


def test_AF3_one_face_up_card_each_and_a_display_of_three():
    for game in (G2, G3, G4):
        for seed in range(5):
            d = doc(game.new_state(seed))
            assert all(len(p["tech"]) <= 2 for p in d["players"])  # 1 dealt (+1 possibly claimed... not on turn 1)
            assert len(d["display"]) == 3
    d = doc(G4.new_state(11))
    dealt = sum(len(p["tech"]) for p in d["players"])
    assert dealt == 4 and len(d["deck"]) == 22 - 3 - 4


def test_AF3_two_players_may_get_the_same_name():
    for seed in range(400):
        d = doc(G4.new_state(seed))
        names = [p["tech"][0].split(" #")[0] for p in d["players"]]
        if len(set(names)) < 4:
            return
    raise AssertionError("no duplicate starting name in 400 deals")


def test_AF4_polarity_device_only_unplaced_ships():
    s = position(G2, [dict(ships=ships("Solar Converter 1", "unplaced 3"), tech=["Polarity Device"], fuel=1)])
    assert [t for t in legal(s) if t.startswith("Polarity Device:")] == ["Polarity Device: 3 to 4"]


def test_AF5_resource_limit_three_players_chosen_by_the_player():
    s = position(G3, [dict(ships=unplaced(5), ore=7, fuel=0)])
    play(s, "dock 5 at Solar Converter")  # 7 ore + 3 fuel, "end turn" follows
    assert legal(s) == ["return 0 ore and 2 fuel", "return 1 ore and 1 fuel", "return 2 ore and 0 fuel"]


def test_AF6_built_ships_arrive_next_turn():
    s = position(G2, [dict(ships=unplaced(2, 2, 1), fuel=1, ore=1)])
    play(s, "dock 2+2 at Shipyard")
    assert at(s, 0)[3] == "Maintenance Bay"
    assert not any("send" in t for t in legal(s))  # the new ship is not an unplaced ship this turn


def test_AF6_resource_cache_waits_for_the_next_roll():
    s = position(G2, [dict(ships=unplaced(4, 4, 1))], display=["Resource Cache"])
    play(s, "dock 4 at Alien Artifact", "dock 4 at Alien Artifact", "claim Resource Cache with 4+4")
    p = player(s, 0)
    assert p["ore"] == 0 and p["fuel"] == 0


def test_AF7_bump_needs_a_higher_sum():
    held = ships("Raiders' Outpost 1", "Raiders' Outpost 2", "Raiders' Outpost 3")
    s = position(G3, [dict(ships=unplaced(2, 3, 4, 6)), dict(ships=held)])
    play(s, "dock 2+3+4 at Raiders' Outpost")
    assert at(s, 1)[:3] == ["Maintenance Bay"] * 3


def test_AF8_starting_ships_in_the_maintenance_bay():
    s = G3.new_state(2)
    first = s.active
    for seat in range(3):
        where = Counter(at(s, seat))
        if seat == first:
            assert where == {"unplaced": 3, "stock": 3}
        else:
            assert where == {"Maintenance Bay": 3, "stock": 3}


def test_AF9_teleported_ship_combines_with_unplaced_ships():
    s = position(G3, [dict(ships=ships("Solar Converter 4", "unplaced 4", "unplaced 4"), tech=["Orbital Teleporter"],
                           fuel=2, ore=3)])
    play(s, "Orbital Teleporter: lift 4 from Solar Converter", "dock teleported 4+4+4 at Colony Constructor",
         "land on Lem Badlands")
    assert colonies(s, "Lem Badlands") == [1, 0, 0]


def test_AF10_resource_cache_counts_the_relic_ship_and_has_no_discard():
    for seed in range(100):
        s = position(G2, [dict(ships=ships("bay", "bay", "bay"), tech=["Resource Cache"]), dict(ships=unplaced(1))],
                     active=1, rng=seed, territories={"Burroughs Desert": [1, 0]},
                     relic_ship={"at": "Maintenance Bay", "owner": "red"})
        play(s, "dock 1 at Solar Converter")
        d = doc(s)
        rolled = [x["value"] for x in d["players"][0]["ships"] if x["at"] == "unplaced"] + [d["relic_ship"]["value"]]
        odd = sum(v % 2 for v in rolled)
        p = d["players"][0]
        if odd == 2:  # four dice: a tie is possible only because the Relic Ship counts
            assert (p["ore"], p["fuel"]) == (1, 1) and p["tech"] == []
            assert not any(t.startswith("discard Resource") for t in legal(s))
            return
    raise AssertionError("no tie in 100 seeds")


def test_AF11_nothing_after_the_last_colony():
    s = position(G2, [dict(ships=unplaced(6, 5, 5, 5, 3), fuel=1, ore=12, tech=["Booster Pod"])],
                 territories={"Lem Badlands": [7, 0]})
    play(s, "dock 6 at Terraforming Station", "land on Pohl Foothills")
    assert s.is_terminal() and player(s, 0)["ore"] == 11  # no limit, no more docking


def test_AF12_seven_advances_first_ship_on_circle_one():
    s = position(G2, [dict(ships=unplaced(1, 2, 3))])
    play(s, "dock 1 at Colonist Hub", "dock 2 at Colonist Hub", "dock 3 at Colonist Hub")
    assert player(s, 0)["hub"] == 3 and "launch the Hub colony" not in legal(s)


def test_AF13_circle_seven_blocks_the_hub_until_launched():
    s = position(G2, [dict(ships=unplaced(1, 2), hub=6, fuel=1, ore=1)])
    play(s, "dock 1 at Colonist Hub")
    assert "dock 2 at Colonist Hub" not in legal(s)
    play(s, "launch the Hub colony", "land on Lem Badlands", "dock 2 at Colonist Hub")
    assert player(s, 0)["hub"] == 1


def test_AF14_asimov_across_separate_dockings_once_per_turn():
    s = position(G2, [dict(ships=unplaced(1, 2, 4), tech=["Booster Pod"], fuel=1, hub=1)],
                 territories={"Asimov Crater": [1, 0]})
    play(s, "dock 1 at Colonist Hub", "Booster Pod: 4 to 5", "dock 2 at Colonist Hub")
    assert player(s, 0)["hub"] == 4 and doc(s)["turn_state"]["asimov_used"]  # 1 + 2 ships + 1
    play(s, "dock 5 at Colonist Hub")
    assert player(s, 0)["hub"] == 5


def test_AF15_mine_counts_the_players_own_ships():
    s = position(G2, [dict(ships=unplaced(4, 3))])
    play(s, "dock 4 at Lunar Mine")
    assert "dock 3 at Lunar Mine" not in legal(s)


def test_AF16_van_vogt_one_free_ship_then_the_normal_rule():
    s = position(G4, [dict(ships=unplaced(1, 6, 2)), dict(ships=ships("Lunar Mine 4", "bay", "bay"))],
                 territories={"Van Vogt Mountains": [1, 0, 0, 0]})
    play(s, "dock 1 at Lunar Mine")
    texts = legal(s)
    assert "dock 6 at Lunar Mine" in texts and "dock 2 at Lunar Mine" not in texts


def test_AF17_two_claims_4_4_then_5_5():
    s = position(G2, [dict(ships=unplaced(4, 4, 5, 5))], display=["Alien City", "Alien Monument", "Booster Pod"])
    play(s, "dock 4 at Alien Artifact", "dock 4 at Alien Artifact", "dock 5 at Alien Artifact", "dock 5 at Alien Artifact",
         "claim Alien City with 4+4", "claim Alien Monument with 5+5")
    assert sorted(player(s, 0)["tech"]) == ["Alien City", "Alien Monument"]
    assert not any(t.startswith("claim") for t in legal(s))


def test_AF18_cycle_after_a_claim_with_a_ship_docked_later():
    s = position(G2, [dict(ships=unplaced(2, 6, 1))], display=["Alien City", "Booster Pod", "Stasis Beam"])
    play(s, "dock 2 at Alien Artifact", "dock 6 at Alien Artifact", "claim Alien City with 2+6",
         "dock 1 at Alien Artifact")
    assert doc(s)["turn_state"]["cycles"] == 3
    play(s, "cycle the display")


def test_AF19_lower_pair_value_no_ore_for_fuel():
    s = position(G4, [dict(ships=unplaced(4, 4, 3, 3), fuel=4, ore=3)])
    play(s, "dock 3+3 at Orbital Market", "dock 4+4 at Orbital Market")
    assert [t for t in legal(s) if t.startswith("trade")] == ["trade 3 fuel for 1 ore"]


def test_AF20_bay_only_without_any_docking():
    s = position(G2, [dict(ships=unplaced(2, 2))])
    assert not any(t.startswith("send") for t in legal(s))


def test_AF21_shipyard_number_counts_the_terraforming_ship():
    s = position(G4, [dict(ships=ships("unplaced 3", "unplaced 3", "unplaced 1", "Terraforming Station 6"),
                           fuel=2, ore=2)])
    play(s, "dock 3+3 at Shipyard")  # the 5th ship: 2 fuel + 2 ore
    assert (player(s, 0)["fuel"], player(s, 0)["ore"]) == (0, 0)


def test_AF22_at_most_six_ships_of_a_colour_and_the_relic_ship():
    s = position(G2, [dict(ships=ships("unplaced 2", "unplaced 2", "bay", "bay", "bay", "bay"), fuel=9, ore=9)])
    assert "dock 2+2 at Shipyard" not in legal(s)
    s = position(G2, [dict(ships=ships(*["bay"] * 6)), dict(ships=unplaced(1))], active=1,
                 territories={"Burroughs Desert": [1, 0]}, relic_ship={"at": "Maintenance Bay", "owner": "red"})
    play(s, "dock 1 at Solar Converter")
    assert Counter(at(s, 0))["unplaced"] == 6 and doc(s)["relic_ship"]["at"] == "unplaced"  # 7 dice


def test_AF23_blockers_are_not_ships():
    # 2 players: the Mine has 3 usable docks; its blockers are no 1s a player must top
    s = position(G2, [dict(ships=unplaced(1, 1, 1, 2), tech=["Plasma Cannon"], fuel=3)])
    play(s, "dock 1 at Lunar Mine", "dock 1 at Lunar Mine", "dock 1 at Lunar Mine")
    assert "dock 2 at Lunar Mine" not in legal(s)  # full: 3 docks
    assert not any(t.startswith("Plasma Cannon:") for t in legal(s))  # no ship to shoot: blockers don't count


def test_AF24_plasma_discard_tally_counts_the_terraforming_ship():
    green = ships("Terraforming Station 6", "Solar Converter 3", "bay", "bay")
    s = position(G2, [dict(ships=unplaced(1), tech=["Plasma Cannon"]), dict(ships=green)])
    play(s, "discard Plasma Cannon: return green 3 at Solar Converter")
    assert at(s, 1)[1] == "stock"


def test_AF25_plasma_power_one_facility_terraforming_to_the_stock():
    green = ships("Terraforming Station 6", "Solar Converter 3", "bay", "bay")
    s = position(G2, [dict(ships=unplaced(1), tech=["Plasma Cannon"], fuel=3), dict(ships=green)])
    assert not any("Maintenance Bay" in t for t in legal(s) if t.startswith("Plasma"))
    play(s, "Plasma Cannon: remove green 6 at Terraforming Station")
    assert at(s, 1)[0] == "stock" and at(s, 1)[1] == "Solar Converter"  # nothing else at that facility


def test_AF26_stolen_duplicate_is_discarded():
    s = position(G3, [dict(ships=unplaced(4, 5, 6), tech=["Alien City"]), dict(tech=["Stasis Beam"]), dict(tech=["Alien Monument"])])
    play(s, "dock 4+5+6 at Raiders' Outpost", "steal Alien Monument from blue")
    assert sorted(player(s, 0)["tech"]) == ["Alien City", "Alien Monument"]


def test_AF27_a_player_may_bump_their_own_straight():
    s = position(G2, [dict(ships=ships("Raiders' Outpost 2", "Raiders' Outpost 3", "Raiders' Outpost 4",
                                       "unplaced 3", "unplaced 4", "unplaced 5"))])
    play(s, "dock 3+4+5 at Raiders' Outpost")
    assert at(s, 0)[:3] == ["Maintenance Bay"] * 3


def test_AF28_decoy_protects_only_its_holder():
    s = position(G3, [dict(ships=unplaced(1, 2, 3)), dict(ore=2, tech=["Holographic Decoy"]), dict(fuel=2)])
    play(s, "dock 1+2+3 at Raiders' Outpost", "raid resources")
    assert legal(s) == ["stop raiding", "take 1 fuel from blue"]


def test_AF29_isolation_and_positron_together_still_one_vp():
    s = position(G2, [dict()], territories={"Lem Badlands": [1, 0]},
                 fields={"Isolation Field": "Lem Badlands", "Positron Field": "Lem Badlands"})
    assert s.scores()[0] == 3


def test_AF30_a_move_must_change_territory_and_booster_removes_one():
    s = position(G2, [dict(ships=unplaced(1), tech=["Stasis Beam", "Booster Pod"])],
                 fields={"Isolation Field": "Pohl Foothills", "Repulsor Field": "Pohl Foothills"})
    texts = legal(s)
    assert "discard Stasis Beam: Isolation Field to Pohl Foothills" not in texts
    assert [t for t in texts if t.startswith("discard Booster")] == [
        "discard Booster Pod: remove Isolation Field", "discard Booster Pod: remove Repulsor Field"]


def test_AF31_repulsor_blocks_landing_moves_and_swaps():
    s = position(G2, [dict(ships=unplaced(1), tech=["Polarity Device"])],
                 territories={"Lem Badlands": [1, 0], "Pohl Foothills": [0, 1]}, fields={"Repulsor Field": "Lem Badlands"})
    assert not any(t.startswith("discard Polarity") for t in legal(s))


def test_AF32_data_crystal_own_territory_lasts_the_turn():
    s = position(G2, [dict(ships=unplaced(2, 2), tech=["Data Crystal"], fuel=3)], territories={"Lem Badlands": [2, 1]},
                 fields={"Isolation Field": "Lem Badlands"})
    assert "Data Crystal: borrow Lem Badlands" not in legal(s)  # isolated
    s = position(G2, [dict(ships=unplaced(2, 2), tech=["Data Crystal"], fuel=3)], territories={"Lem Badlands": [2, 1]})
    play(s, "Data Crystal: borrow Lem Badlands", "dock 2 at Solar Converter", "dock 2 at Solar Converter")
    assert player(s, 0)["fuel"] == 3 - 3 + 2 * 2


def test_AF33_warper_discard_never_the_warper_itself():
    s = position(G2, [dict(ships=unplaced(1), tech=["Temporal Warper"])], discard=["Temporal Warper #2"])
    assert not any(t.startswith("discard Temporal") for t in legal(s))


def test_AF34_relic_ship_is_no_colour():
    # Plasma discard tally: 3 coloured + the Relic Ship is not "more than 3"
    s = position(G2, [dict(ships=unplaced(1), tech=["Plasma Cannon"]), dict(ships=ships("bay", "bay", "bay"))],
                 territories={"Burroughs Desert": [0, 1]}, relic_ship={"at": "Maintenance Bay", "owner": "green"})
    texts = [t for t in legal(s) if t.startswith("discard Plasma")]
    assert texts == ["discard Plasma Cannon: return Relic Ship (green) in the Maintenance Bay"]
    # Shipyard numbering: 3 coloured + Relic -> the 4th ship costs 1 + 1
    s = position(G2, [dict(ships=unplaced(2, 2, 1), fuel=1, ore=1)], territories={"Burroughs Desert": [1, 0]},
                 relic_ship={"at": "unplaced", "value": 5, "owner": "red"})
    play(s, "dock 2+2 at Shipyard")


def test_AF35_relic_ship_leaves_its_dock_at_once():
    s = position(G2, [dict(ships=ships("bay", "bay", "bay")), dict(ships=unplaced(6, 5, 5, 5), fuel=1, ore=1)],
                 active=1, territories={"Burroughs Desert": [1, 0]},
                 relic_ship={"at": "Alien Artifact", "value": 5, "owner": "red"})
    play(s, "dock 6 at Terraforming Station", "land on Burroughs Desert")
    assert doc(s)["relic_ship"]["at"] == "Burroughs Desert"
    assert "dock 5 at Alien Artifact" in legal(s)


def test_AF36_supplies_never_run_out():
    s = position(G2, [dict(ships=unplaced(6, 6), fuel=40, ore=25)])
    play(s, "dock 6 at Solar Converter")
    assert player(s, 0)["fuel"] == 43


def test_AF37_limits_are_per_own_turn():
    s = position(G2, [dict(ships=ships("bay", "bay", "bay"), tech=["Booster Pod"], fuel=2), dict(ships=unplaced(1))],
                 active=1, turn_state={"powered": []})
    play(s, "dock 1 at Solar Converter")  # red's turn: the Booster Pod is fresh
    assert any(t.startswith("Booster Pod:") for t in legal(s)) or all(
        x["value"] == 6 for x in player(s, 0)["ships"] if x["at"] == "unplaced")


def test_AF38_teleported_value_frozen():
    s = position(G2, [dict(ships=ships("Solar Converter 2", "unplaced 4"), tech=["Orbital Teleporter", "Booster Pod"], fuel=5)])
    play(s, "Orbital Teleporter: lift 2 from Solar Converter")
    assert [t for t in legal(s) if t.startswith("Booster")] == ["Booster Pod: 4 to 5"]


def test_AF39_not_the_af_js_rules():
    s = position(G2, [dict(tech=["Booster Pod", "Stasis Beam", "Data Crystal"])],
                 territories={"Lem Badlands": [5, 5]})
    assert s.scores() == [5, 5] and not s.is_terminal()  # 10 colonies do not end it, tech is 0 VP
    assert G2.colonies_per_player == 8 and G4.colonies_per_player == 6 and G4L.colonies_per_player == 8


def test_AF40_claim_from_the_cards_now_on_display():
    s = position(G2, [dict(ships=unplaced(4, 4))], display=["Alien City", "Booster Pod", "Stasis Beam"],
                 deck=["Alien Monument", "Data Crystal", "Plasma Cannon"], rng=1)
    play(s, "dock 4 at Alien Artifact", "dock 4 at Alien Artifact", "cycle the display")
    d = doc(s)
    claims = sorted(t.split(" with")[0][len("claim "):] for t in legal(s) if t.startswith("claim"))
    assert claims == sorted(c.split(" #")[0] for c in d["display"])
    assert "Alien City" not in claims


def test_AF41_first_player_random_starting_resources_by_position():
    firsts = Counter()
    for seed in range(60):
        d = doc(G4.new_state(seed))
        first = d["first"]
        firsts[first] += 1
        res = {(p - first) % 4: (d["players"][p]["fuel"], d["players"][p]["ore"]) for p in range(4)}
        assert res[1] == (1, 0) and res[2] == (0, 1) and res[3] == (1, 1)
        assert res[0][0] <= 1  # the first player starts with nothing (a Resource Cache may add 1)
    assert set(firsts) == {0, 1, 2, 3}


def test_AF42_no_token_no_hub():
    s = position(G2, [dict(ships=unplaced(3))], territories={"Lem Badlands": [7, 0]}, turn_state={})
    play(s, "dock 3 at Colonist Hub")  # the 8th token starts a colony
    s = position(G2, [dict(ships=unplaced(3, 4), hub=1)], territories={"Lem Badlands": [7, 0]})
    play(s, "dock 3 at Colonist Hub")
    assert player(s, 0)["hub"] == 2


def test_AF43_every_player_has_a_track():
    s = position(G4, [dict(ships=unplaced(3), hub=2), dict(ships=ships("Colonist Hub 1", "Colonist Hub 1", "Colonist Hub 1"), hub=3),
                      dict(ships=ships("Colonist Hub 2", "bay", "bay"), hub=1)])
    play(s, "dock 3 at Colonist Hub")
    assert [player(s, p)["hub"] for p in range(3)] == [3, 3, 1]


def test_AF44_relic_ship_bought_once_per_turn():
    s = position(G2, [dict(ships=unplaced(1), fuel=3, ore=3, tech=["Stasis Beam", "Booster Pod"])],
                 territories={"Burroughs Desert": [1, 0]})
    play(s, "buy the Relic Ship", "discard Stasis Beam: Isolation Field to Burroughs Desert")
    assert doc(s)["relic_ship"]["owner"] is None
    assert "buy the Relic Ship" not in legal(s)  # isolated, and locked for the turn


# ---------------------------------------------------------------------------------------------
# galaxysim's own interpretations (AF-G)

def test_AF_G2_relic_and_coloured_ships_are_told_apart():
    s = position(G2, [dict(ships=unplaced(3, 3))], territories={"Burroughs Desert": [1, 0]},
                 relic_ship={"at": "unplaced", "value": 3, "owner": "red"})
    texts = legal(s)
    assert "dock 3 at Solar Converter" in texts and "dock Relic 3 at Solar Converter" in texts
    assert "dock Relic 3+3 at Orbital Market" in texts and "dock 3+3 at Orbital Market" in texts
    assert texts.count("dock 3 at Solar Converter") == 1


def test_AF_G3_single_dockings_in_canonical_order():
    s = position(G2, [dict(ships=unplaced(2, 5, 3))])
    play(s, "dock 3 at Solar Converter")
    texts = legal(s)
    assert "dock 2 at Solar Converter" not in texts and "dock 5 at Solar Converter" in texts
    play(s, "dock 5 at Lunar Mine")
    assert legal(s) == ["dock 2 at Colonist Hub", "dock 2 at Alien Artifact"]  # Solar and Mine come first


def test_AF_G3_no_ship_is_stranded_by_the_order():
    # after the Artifact, the 1 can only go to the Solar Converter: allowed although it comes first
    green = ships("Lunar Mine 6", "Lunar Mine 6", "Lunar Mine 6", "Alien Artifact 1", "Alien Artifact 1", "Alien Artifact 1")
    s = position(G2, [dict(ships=unplaced(1, 5), hub=7), dict(ships=green)], territories={"Lem Badlands": [7, 0]})
    play(s, "dock 5 at Alien Artifact")
    assert legal(s) == ["cycle the display", "dock 1 at Solar Converter"]


def test_AF_G4_claim_sets_minimal_and_once_per_choice():
    s = position(G2, [dict(ships=unplaced(6, 2, 2, 6))], display=["Alien City"])
    play(s, "dock 2 at Alien Artifact", "dock 2 at Alien Artifact", "dock 6 at Alien Artifact", "dock 6 at Alien Artifact")
    assert [t for t in legal(s) if t.startswith("claim")] == ["claim Alien City with 2+6", "claim Alien City with 6+6"]


def test_AF_G5_raid_tokens_in_canonical_order():
    s = position(G3, [dict(ships=unplaced(1, 2, 3)), dict(ore=2, fuel=2), dict(ore=2)])
    play(s, "dock 1+2+3 at Raiders' Outpost", "take 1 fuel from green")
    assert "take 1 ore from green" not in legal(s) and "take 1 fuel from green" in legal(s)


def test_AF_G6_alike_targets_offered_once_and_picks_ascending():
    s = position(G2, [dict(ships=unplaced(3, 3, 3), tech=["Stasis Beam", "Temporal Warper"], fuel=2)])
    assert [t for t in legal(s) if t.startswith("Stasis")] == ["Stasis Beam: 3 to 2"]
    play(s, "Temporal Warper: re-roll ships")
    # the first pick had one choice (a 3) and was made at once; then: roll it, or pick another 3
    assert legal(s) == ["roll the picked ships", "pick 3"]


def test_AF_G7_warper_discard_takes_no_warper():
    test_AF33_warper_discard_never_the_warper_itself()


def test_AF_G8_asimov_when_the_bonus_comes_later():
    s = position(G2, [dict(ships=unplaced(1, 2, 6, 5), hub=1, fuel=1, ore=1), dict()],
                 territories={"Asimov Crater": [0, 0]})
    play(s, "dock 1 at Colonist Hub", "dock 2 at Colonist Hub")
    assert player(s, 0)["hub"] == 3
    play(s, "dock 6 at Terraforming Station", "land on Asimov Crater")
    assert player(s, 0)["hub"] == 4 and doc(s)["turn_state"]["asimov_used"]


def test_AF_G9_teleported_artifact_ship_takes_no_claim_credit():
    s = position(G2, [dict(ships=ships("Alien Artifact 5", "Alien Artifact 3", "unplaced 2"), tech=["Orbital Teleporter"],
                           fuel=2)], display=["Alien City"])
    assert "claim Alien City with 3+5" in legal(s)
    play(s, "Orbital Teleporter: lift 5 from Alien Artifact")
    assert not any(t.startswith("claim") for t in legal(s))


def test_AF_G10_forced_decisions_are_played():
    s = position(G2, [dict(ships=unplaced(6))], display=["Alien City"])
    play(s, "dock 6 at Solar Converter")
    assert s.active == 1  # "end turn" was the only action left


def test_AF_G13_plasma_pays_per_ship_removed():
    s = position(G2, [dict(ships=unplaced(1), tech=["Plasma Cannon"], fuel=1),
                      dict(ships=ships("Solar Converter 3", "Solar Converter 4", "bay"))])
    play(s, "Plasma Cannon: remove green 3 at Solar Converter")
    assert player(s, 0)["fuel"] == 0 and s.decision == "main"  # no fuel for a second ship


def test_AF_G18_a_partly_emptied_group_is_not_free():
    s = position(G2, [dict(ships=unplaced(4, 4, 1), tech=["Plasma Cannon"], fuel=2),
                      dict(ships=ships("Orbital Market 1 2", "Orbital Market 1 2", "bay"))])
    play(s, "Plasma Cannon: remove green 2 at Orbital Market 1")  # one of the pair, then stop
    assert s.decision == "plasma_more"
    play(s, "stop removing ships")
    assert "dock 4+4 at Orbital Market" not in legal(s)


def test_AF_G18_polarity_swap_with_real_choices():
    s = position(G3, [dict(ships=unplaced(1), tech=["Polarity Device"])],
                 territories={"Asimov Crater": [1, 1, 0], "Lem Badlands": [0, 1, 1], "Pohl Foothills": [1, 0, 0]})
    play(s, "discard Polarity Device: swap two colonies")
    first = legal(s)
    assert "swap red colony on Pohl Foothills" not in first  # nothing after it to swap with
    play(s, "swap red colony on Asimov Crater")
    assert legal(s) == ["swap with green colony on Lem Badlands", "swap with blue colony on Lem Badlands"]
    play(s, "swap with blue colony on Lem Badlands")
    assert colonies(s, "Asimov Crater") == [0, 1, 1] and colonies(s, "Lem Badlands") == [1, 1, 0]
