"""Takeovers (RvI, rules §3): the four worked examples of §3.7 [GR], vulnerability and
targets, declaration, resolution order, the defender's response, success and failure,
Improved Logistics, and the rule entries E11-E16, E45, E46, E49, E50 (docs/rules.md).

Three-seat positions in seat order M (seat 0, Old Earth = start world 0), I (seat 1,
Epsilon Eridani = 1), K (seat 2) start the Settle phase; M chose Settle.
"""
from __future__ import annotations

import pytest

from galaxysim import rftg

from .expansion_positions import GD, H, P, T, at_next_round, goals_entry, xpos
from .positions import doc, legal, play

DT = ["Galactic Resort", "Secluded World", "Prosperous World", "New Earth", "Terraformed World",
      "Space Port", "Distant World", "Lost Species Ark World", "Mining World", "Plague World"]

# Example 1: M has total Military 6 and 8 against Rebel military worlds; I has 4 and Rebel Colony.
M = ["Old Earth", "Imperium Seat", "Imperium Troops", "Drop Ships", "Space Marines"]   # 3 + 2 + 1 = 6, +2 vs Rebel
I1 = ["Epsilon Eridani", "Rebel Colony", "Drop Ships #2"]                              # 1 + 3 = 4
# Example 2: I's 4 include Space Mercenaries; she has Terraforming Robots and conquers a world.
I2 = ["Epsilon Eridani", "Rebel Colony", "Space Mercenaries", "Space Marines #2", "Terraforming Robots"]  # 1 + 1 + 2
# Example 3: K: total -1, Rebel Alliance, Rebel Pact, five Rebel military worlds and one other.
K3 = ["Alpha Centauri", "Contact Specialist", "Rebel Alliance", "Rebel Pact", "Rebel Miners", "Rebel Underground",
      "Rebel Base", "Rebel Homeworld", "Rebel Sympathizers", "Hive World"]
K0 = ["Separatist Colony"]


def three(m, i, k, i_hand=(), m_hand=(), k_hand=(), **extra):
    return xpos("settle",
                dict(tableau=list(m), hand=list(m_hand), actions=["settle"]),
                dict(tableau=list(i), hand=list(i_hand), actions=["explore5"]),
                dict(tableau=list(k), hand=list(k_hand), actions=["explore5"]),
                takeovers=True, **extra)


def test_worked_example_1_imperium_seat_takes_rebel_colony():
    s = three(M, I1, K0, deck_top=DT[:2])
    assert s.decision == "takeover" and s.current_player == 0
    assert "take over Rebel Colony of seat 1 with Imperium Seat" in legal(s)
    play(s, "take over Rebel Colony of seat 1 with Imperium Seat")
    at_next_round(s)  # A = 8, D = 4 + 4 = 8: ties go to the attacker
    assert "Rebel Colony" in T(s, 0) and "Rebel Colony" not in T(s, 1)
    assert H(s, 0) == [DT[0]]  # M's Settle bonus for the world he took (E49)


def test_worked_example_2_the_defender_spends_the_card_she_just_drew():
    s = three(M, I2, K0, i_hand=["Rebel Fuel Cache"], deck_top=DT[:3])
    play(s, "settle Rebel Fuel Cache")  # I's secret selection; M has no world to select
    play(s, "take over Rebel Colony of seat 1 with Imperium Seat")
    # I places Rebel Fuel Cache (good: DT[0]) and draws DT[1] with Terraforming Robots; then
    # at the resolution she may discard it with Space Mercenaries: D = 9 > 8.
    assert s.decision == "temp_military" and s.current_player == 1
    assert [t["margin"] for t in doc(s)["takeovers"]] == [0]
    assert legal(s) == [f"discard {DT[1]} for +1 Military", "done"]
    play(s, f"discard {DT[1]} for +1 Military")
    at_next_round(s)
    assert "Rebel Colony" in T(s, 1) and H(s, 0) == [] and H(s, 1) == []  # no bonus for a failed takeover


def test_worked_example_2_the_attacker_wins_if_the_defender_does_not_spend():
    s = three(M, I2, K0, i_hand=["Rebel Fuel Cache"], deck_top=DT[:3])
    play(s, "settle Rebel Fuel Cache", "take over Rebel Colony of seat 1 with Imperium Seat", "done")
    at_next_round(s)
    assert "Rebel Colony" in T(s, 0)


def test_worked_example_3_two_declarations_on_one_world():
    i3 = I2 + ["Imperium Lords"]
    s = three(M, i3, K3, i_hand=["Rebel Fuel Cache"], deck_top=DT[:4])
    play(s, "settle Rebel Fuel Cache", "take over Rebel Colony of seat 1 with Imperium Seat")
    # K declares with Rebel Alliance: -1 + 2 x 5 = 9 against 4 + 4 = 8.
    assert s.decision == "takeover" and s.current_player == 2
    play(s, "take over Rebel Colony of seat 1 with Rebel Alliance")
    d = doc(s)
    assert [t["margin"] for t in d["takeovers"]] == [0, 1]
    # Resolution, M first: I spends her card (D = 9), M fails; then K: 9 >= 9, K succeeds.
    assert s.decision == "temp_military" and s.current_player == 1
    play(s, f"discard {DT[1]} for +1 Military")
    at_next_round(s)
    assert "Rebel Colony" in T(s, 2)


def test_worked_example_3_without_the_defence_the_second_declaration_fails_automatically():
    i3 = I2 + ["Imperium Lords"]
    s = three(M, i3, K3, i_hand=["Rebel Fuel Cache"], deck_top=DT[:4])
    play(s, "settle Rebel Fuel Cache", "take over Rebel Colony of seat 1 with Imperium Seat",
         "take over Rebel Colony of seat 1 with Rebel Alliance", "done")
    at_next_round(s)
    assert "Rebel Colony" in T(s, 0)  # "a declaration does not follow the world to its new owner"


def test_worked_example_4_cloaking_technology_against_total_military_two():
    # A = 4, D = 2 + 2 = 4: success; the Cloaking Technology is discarded at the declaration.
    s = xpos("settle",
             dict(tableau=["Old Earth", "Imperium Cloaking Technology", "Drop Ships", "Blaster Runners"],
                  actions=["settle"]),
             dict(tableau=["Epsilon Eridani", "Space Marines #2" if False else "Blaster Gem Mines", "Rebel Miners"],
                  actions=["explore5"]),
             takeovers=True, deck_top=DT[:2])
    assert "take over Rebel Miners of seat 1 with Imperium Cloaking Technology" in legal(s)
    play(s, "take over Rebel Miners of seat 1 with Imperium Cloaking Technology")
    at_next_round(s)
    assert "Rebel Miners" in T(s, 0) and "Imperium Cloaking Technology" not in T(s, 0)


# ======================================================================
# Vulnerability and targets (§3.2, §3.3)
# ======================================================================

def test_takeovers_off_by_default_and_their_powers_ignored():
    # E45; §1.9: with takeovers off there is no declaration at all.
    assert not rftg.Game(players=3, expansion="rvi").takeovers
    s = xpos("settle", dict(tableau=M, actions=["settle"]), dict(tableau=I1, actions=["explore5"]),
             dict(tableau=K0, actions=["explore5"]))
    at_next_round(s)
    assert "Rebel Colony" in T(s, 1)
    with pytest.raises(rftg.RulesError, match="takeovers need expansion 'rvi'"):
        rftg.Game(players=3, expansion="tgs", takeovers=True)


def test_imperium_seat_targets_rebel_military_worlds_only():
    s = three(M, ["Epsilon Eridani", "Rebel Colony", "Hive World"], K0)
    assert {a for a in legal(s) if a.startswith("take over")} == {"take over Rebel Colony of seat 1 with Imperium Seat"}


def test_a_takeover_that_cannot_succeed_may_still_be_declared():
    # E11: A = 8 against D = 4 + 2 + 4 = 10 (Space Marines added to example 1); offered, and it fails.
    s = three(M, I1 + ["Space Marines #2"], K0, deck_top=DT[:2])
    play(s, "take over Rebel Colony of seat 1 with Imperium Seat")
    at_next_round(s)
    assert "Rebel Colony" in T(s, 1) and H(s, 0) == []


def test_no_target_without_vulnerability():
    # Seat 1 has military worlds but none Rebel, no Imperium card and total Military 0:
    # nothing can be declared against it (§3.2), so M is not even asked.
    s = three(M, ["Epsilon Eridani", "Hive World", "Contact Specialist"], K0)
    at_next_round(s)
    assert "Hive World" in T(s, 1)


def test_worlds_placed_this_phase_are_not_targets():
    # §3.1: I places Rebel Miners this phase; K, after her in seat order, may target her
    # Rebel Fuel Cache but not the world just placed.
    s = three(["Old Earth"], ["Epsilon Eridani", "Rebel Fuel Cache", "Space Marines #2"],
              ["Separatist Colony", "Imperium Seat", "Drop Ships"], i_hand=["Rebel Miners"], deck_top=DT[:2])
    play(s, "settle Rebel Miners")
    assert s.decision == "takeover" and s.current_player == 2
    assert {a for a in legal(s) if a.startswith("take over")} == {"take over Rebel Fuel Cache of seat 1 with Imperium Seat"}


def test_rebel_alliance_needs_an_imperium_card_and_targets_any_military_world():
    k = ["Separatist Colony", "Rebel Alliance", "Rebel Miners"]
    s = xpos("settle", dict(tableau=["Old Earth"], actions=["explore5"]),
             dict(tableau=["Epsilon Eridani", "Imperium Troops", "Hive World", "Rebel Fuel Cache"], actions=["explore5"]),
             dict(tableau=k, actions=["settle"]), takeovers=True)
    assert s.current_player == 2 and s.decision == "takeover"
    assert {a for a in legal(s) if a.startswith("take over")} == {
        "take over Hive World of seat 1 with Rebel Alliance", "take over Rebel Fuel Cache of seat 1 with Rebel Alliance"}


def test_rebel_alliance_bonus_only_for_its_own_takeovers():
    # E12: +2 per own Rebel military world with Rebel Alliance's power, not with Cloaking Technology.
    k = ["Separatist Colony", "Rebel Alliance", "Imperium Cloaking Technology", "Rebel Miners", "Rebel Base"]
    s = xpos("settle", dict(tableau=["Old Earth"], actions=["explore5"]),
             dict(tableau=["Epsilon Eridani", "Imperium Troops", "Hive World"], actions=["explore5"]),
             dict(tableau=k, actions=["settle"]), takeovers=True)
    play(s, "take over Hive World of seat 1 with Rebel Alliance")
    at_next_round(s)  # K: 1 + 2 x 2 = 5 against 2 (Epsilon + Troops) + 3 = 5: taken
    assert "Hive World" in T(s, 2)
    s = xpos("settle", dict(tableau=["Old Earth"], actions=["explore5"]),
             dict(tableau=["Epsilon Eridani", "Imperium Troops", "Hive World"], actions=["explore5"]),
             dict(tableau=k, actions=["settle"]), takeovers=True)
    play(s, "take over Hive World of seat 1 with Imperium Cloaking Technology")
    at_next_round(s)  # 1 against 5: no bonus with this power
    assert "Hive World" in T(s, 1)


def test_defender_specialised_military_and_rebel_pact_defence():
    # E13: the defender's +1 vs Rebel (Imperium Warlord) defends her Rebel world; Rebel Pact
    # adds 2 per Rebel military world and 1 per other military world.
    defender = ["Imperium Warlord", "Rebel Pact", "Rebel Miners", "Hive World", "Space Mercenaries"]
    s = xpos("settle", dict(tableau=M, actions=["settle"]),
             dict(tableau=defender, hand=["Gem World", "Spice World"], actions=["explore5"]), takeovers=True)
    play(s, "take over Rebel Miners of seat 1 with Imperium Seat")
    # A = 6 + 2 = 8; D = (1 + 1) + 1 vs Rebel + (2 + 1) Rebel Pact + 2 (defence) = 8: the
    # defender is asked and two cards would save the world, one not.
    assert s.decision == "temp_military" and s.current_player == 1
    assert doc(s)["takeovers"][0]["margin"] == 0
    play(s, "discard Gem World for +1 Military")
    at_next_round(s)  # 8 < 9
    assert "Rebel Miners" in T(s, 1)


def test_takeover_moves_the_world_with_its_good():
    s = three(M, ["Epsilon Eridani", "Rebel Warrior Race", "Drop Ships #2"], K0, deck_top=DT[:2])
    s2 = xpos("settle", dict(tableau=M, actions=["settle"]),
              dict(tableau=["Epsilon Eridani", "Rebel Warrior Race", "Drop Ships #2"], goods=["Rebel Warrior Race"],
                   actions=["explore5"]),
              dict(tableau=K0, actions=["explore5"]), takeovers=True, deck_top=DT[:2])
    del s
    play(s2, "take over Rebel Warrior Race of seat 1 with Imperium Seat")
    at_next_round(s2)
    assert GD(s2, 0) == ["Rebel Warrior Race"] and GD(s2, 1) == []


def test_temporary_military_gained_earlier_counts_later():
    # E14: the attacker's Space Mercenaries discards at the declaration count at resolution.
    attacker = ["Old Earth", "Imperium Seat", "Space Mercenaries"]  # 1, +1 vs Rebel
    s = xpos("settle", dict(tableau=attacker, hand=["Gem World", "Spice World"], actions=["settle"]),
             dict(tableau=["Epsilon Eridani", "Rebel Miners"], actions=["explore5"]), takeovers=True)
    play(s, "take over Rebel Miners of seat 1 with Imperium Seat")  # neither world can be settled: no selection
    assert s.decision == "temp_military"
    play(s, "discard Gem World for +1 Military", "discard Spice World for +1 Military")
    at_next_round(s)  # A = 1 + 1 + 2 = 4 >= D = 1 + 2 = 3
    assert "Rebel Miners" in T(s, 0)


# ======================================================================
# Improved Logistics (§3.3, E15, E50)
# ======================================================================

def test_improved_logistics_two_takeovers_the_second_fails_if_the_first_did():
    # §3.5 step 1 / E15: Imperium Seat on Rebel Base fails (5 < 7); the Cloaking
    # Technology's takeover of Rebel Miners (4 >= 3) then fails automatically.
    attacker = ["Old Earth", "Imperium Seat", "Imperium Cloaking Technology", "Improved Logistics", "Drop Ships",
                "Blaster Runners"]  # Military 3 + 1 = 4
    defender = ["Epsilon Eridani", "Rebel Miners", "Rebel Base"]  # Military 1
    s = xpos("settle", dict(tableau=attacker, actions=["settle"]), dict(tableau=defender, actions=["explore5"]),
             takeovers=True)
    play(s, "take over Rebel Base of seat 1 with Imperium Seat")
    assert s.decision == "settle_second"
    play(s, "take over Rebel Miners of seat 1 with Imperium Cloaking Technology")
    at_next_round(s)
    assert "Rebel Miners" in T(s, 1) and "Rebel Base" in T(s, 1)
    # Alone, the second declaration succeeds.
    s = xpos("settle", dict(tableau=attacker, actions=["settle"]), dict(tableau=defender, actions=["explore5"]),
             takeovers=True)
    play(s, "take over Rebel Miners of seat 1 with Imperium Cloaking Technology", "pass")
    at_next_round(s)
    assert "Rebel Miners" in T(s, 0)


def test_improved_logistics_takeover_then_a_world_gets_the_bonus():
    # E50: declare first, then place a world with Improved Logistics: the placed world gets
    # the Settle bonus; the takeover, succeeding later, gets none.
    attacker = ["Old Earth", "Imperium Seat", "Improved Logistics", "Drop Ships", "Space Marines"]  # 5, 6 vs Rebel
    s = xpos("settle", dict(tableau=attacker, hand=["Artist Colony", "Gem World"], actions=["settle"]),
             dict(tableau=["Epsilon Eridani", "Rebel Miners"], actions=["explore5"]), takeovers=True,
             deck_top=DT[:3])
    play(s, "pass")  # no secret selection: the world comes with Improved Logistics
    play(s, "take over Rebel Miners of seat 1 with Imperium Seat")
    assert s.decision == "settle_second"
    play(s, "settle Artist Colony")  # pays with Gem World, then the bonus card DT[0]
    at_next_round(s)
    assert "Rebel Miners" in T(s, 0) and "Artist Colony" in T(s, 0)
    assert H(s, 0) == [DT[0]]


# ======================================================================
# Start-of-phase values (E46) and the advanced game (E16)
# ======================================================================

def test_values_from_the_start_of_the_phase():
    # E46: the defender's Rebel Pact bonus counts her Rebel military worlds at the start of
    # the phase; a Rebel military world she places this phase adds nothing.
    defender = ["Epsilon Eridani", "Rebel Pact", "Rebel Miners", "Space Mercenaries", "Mercenary Fleet"]
    s = xpos("settle", dict(tableau=M, actions=["settle"]),
             dict(tableau=defender, hand=["Rebel Fuel Cache", "Gem World", "Spice World"], actions=["explore5"]),
             takeovers=True, deck_top=DT[:3])
    play(s, "settle Rebel Fuel Cache", "take over Rebel Miners of seat 1 with Imperium Seat")
    # D = 4 + 2 (one Rebel military world at the start) + 2 = 8, not 10 with Rebel Fuel Cache; A = 8
    assert s.decision == "temp_military" and s.current_player == 1
    assert doc(s)["takeovers"][0]["margin"] == 0


def test_advanced_game_worlds_of_the_first_settle_are_targets_in_the_second():
    # E16: the defender places Rebel Miners in Settle I; in Settle II it is a target.
    s = xpos("settle",
             dict(tableau=["Old Earth", "Imperium Seat", "Drop Ships", "Space Marines"], actions=["settle", "settle2"]),
             dict(tableau=["Epsilon Eridani", "Rebel Fuel Cache", "Space Marines #2"], hand=["Rebel Miners"],
                  actions=["explore5", "develop"]),
             takeovers=True, advanced=True, deck_top=DT[:4])
    # Settle I: attacker declares against Rebel Fuel Cache or passes; the defender settles Rebel Miners.
    assert s.decision == "settle_select" and s.current_player == 1
    play(s, "settle Rebel Miners")
    assert s.decision == "takeover"
    assert "take over Rebel Miners of seat 1 with Imperium Seat" not in legal(s)  # just placed
    play(s, "pass")
    assert s.decision == "takeover"  # Settle II
    assert "take over Rebel Miners of seat 1 with Imperium Seat" in legal(s)


def test_propaganda_edge_lost_by_a_takeover():
    defender = ["Epsilon Eridani", "Rebel Miners", "Rebel Fuel Cache", "Rebel Outpost"]  # 1 + 1 = 2 Military
    s = xpos("settle", dict(tableau=M, actions=["settle"]), dict(tableau=defender, actions=["explore5"]),
             takeovers=True,
             goals=goals_entry(most=["Propaganda Edge", "Greatest Military"], claims={"Propaganda Edge": [1]}))
    play(s, "take over Rebel Miners of seat 1 with Imperium Seat")
    at_next_round(s)
    gs = {g["name"]: g["seats"] for g in s.goals()}
    assert gs["Propaganda Edge"] == []  # 2 < 3 for the holder; the attacker has 1
