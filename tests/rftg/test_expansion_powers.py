"""Scenario tests for the powers of The Gathering Storm and Rebel vs Imperium (rules §4).

Each test loads a hand-made JSON position (docs/state-json.md) of a game at level rvi (or
tgs) without goals or takeovers unless the power needs them, with `deck_top` so that every
draw and good is a known card, plays the decisions by their describe() texts and checks
the exact outcome. Seat 0 is the player under test; the other seats are passive.
Rule entries (E1-E51, G16-...) are in docs/rules.md.
"""
from __future__ import annotations

import pytest

from .expansion_positions import GD, H, P, T, at_next_round, bag, discard, game, pick, xpos
from .positions import chips, doc, legal, play

# Known deck cards: worlds without powers that matter in the tested phases.
DT = ["Galactic Resort", "Secluded World", "Prosperous World", "New Earth", "Terraformed World",
      "Space Port", "Distant World", "Lost Species Ark World", "Mining World", "Plague World"]


# ======================================================================
# Phase I: Explore
# ======================================================================

def test_mix_and_match_discards_from_the_whole_hand():
    # §4.2 DISCARD_ANY (Rebel Pact): Explore +5 draws 7 and keeps 1, the 6 discards come
    # from the 7 drawn cards and the 2 held cards together.
    s = xpos("explore",
             dict(hand=["Gem World", "Spice World"], tableau=["Old Earth", "Rebel Pact"], actions=["explore5"]),
             P("develop"),
             deck_top=DT[:9])
    assert s.decision == "explore_discard" and s.current_player == 0
    assert doc(s)["need"] == 6
    assert "discard Gem World" in legal(s)  # an old card may go
    keep = {"Spice World", DT[3], DT[5]}   # 2 + 7 - 6 = 3 cards stay
    pick(s, "discard {}", [c for c in ["Gem World", "Spice World"] + DT[:7] if c not in keep])
    assert s.current_player == 1
    play(s, f"keep {DT[8]}")
    assert H(s, 0) == bag(keep)
    assert set(discard(s)) == ({"Gem World"} | set(DT[:7]) | {DT[7]}) - keep


def test_mix_and_match_powers_do_not_stack():
    # Two mix-and-match cards: still draw - keep discards (here 2 + 1 - 1 = 2 discards).
    s = xpos("explore",
             dict(hand=["Gem World"], tableau=["Old Earth", "Rebel Pact", "Blaster Runners"], actions=["explore11"]),
             P("develop"),
             deck_top=DT[:6])
    assert s.decision == "explore_discard" and doc(s)["need"] == 3 - 2 + 0  # draw 3, keep 2 -> 1 discard
    play(s, "discard Gem World")
    assert H(s, 0) == bag(DT[:3])


@pytest.mark.parametrize("card,extra_draw,extra_keep", [
    ("Separatist Colony", 2, 0), ("Deserted Alien World", 1, 0), ("Imperium Warlord", 1, 0),
    ("Interstellar Prospectors", 1, 0), ("Pan-Galactic Research", 2, 1),
])
def test_explore_draw_and_keep_powers(card, extra_draw, extra_keep):
    s = xpos("explore",
             dict(tableau=["Old Earth", card], actions=["develop"]),
             P("explore11"),
             deck_top=DT[:5 + extra_draw])
    d = doc(s)
    assert bag(d["players"][0]["explored"]) == bag(DT[:2 + extra_draw])
    assert d["need"] == 1 + extra_keep


# ======================================================================
# Phase II: Develop
# ======================================================================

@pytest.mark.parametrize("card", ["Galactic Developers", "Galactic Bankers"])
def test_develop_draw_at_start_of_phase(card):
    # §4.3 DRAW: one card when the Develop phase begins, whether or not the seat develops.
    s = xpos("develop", dict(tableau=["Old Earth", card], actions=["explore5"]), P("develop"), deck_top=DT[:1])
    at_next_round(s)
    assert H(s, 0) == [DT[0]]


def test_rd_crash_program_discard_for_minus_three():
    # §4.3 DISCARD_REDUCE: R&D Crash Program leaves the tableau and the six-cost
    # development costs 6 - 1 (bonus) - 3 = 2.
    s = xpos("develop",
             dict(hand=["Galactic Federation", "Gem World", "Spice World", "Comet Zone", "New Vinland",
                        "Artist Colony", "Mining Robots"],
                  tableau=["Old Earth", "R&D Crash Program"], actions=["develop"]),
             P("explore5"))
    play(s, "develop Galactic Federation")
    assert s.decision == "develop_discount"
    assert legal(s) == ["discard R&D Crash Program to lower the cost", "pay in full"]
    play(s, "discard R&D Crash Program to lower the cost")
    assert s.decision == "pay" and doc(s)["need"] == 2
    pick(s, "pay with {}", ["Gem World", "Spice World"])
    at_next_round(s)
    assert T(s) == bag(["Old Earth", "Galactic Federation"])
    assert "R&D Crash Program" in discard(s)


def test_rd_crash_program_pay_in_full_keeps_it():
    s = xpos("develop",
             dict(hand=["Galactic Federation", "Gem World", "Spice World", "Comet Zone", "New Vinland",
                        "Artist Colony", "Mining Robots"],
                  tableau=["Old Earth", "R&D Crash Program"], actions=["develop"]),
             P("explore5"))
    play(s, "develop Galactic Federation", "pay in full")
    assert doc(s)["need"] == 5
    pick(s, "pay with {}", ["Gem World", "Spice World", "Comet Zone", "New Vinland", "Artist Colony"])
    assert "R&D Crash Program" in T(s)


def test_rd_crash_program_makes_a_development_affordable_and_is_forced_then():
    # Hand of 3 besides the development: 6 - 1 = 5 is too much, 6 - 1 - 3 = 2 is not; the
    # selection is legal (A26 counts the discount) and the discount is used without a question.
    s = xpos("develop",
             dict(hand=["Galactic Federation", "Gem World", "Spice World", "Comet Zone"],
                  tableau=["Old Earth", "R&D Crash Program"], actions=["develop"]),
             P("explore5"))
    assert "develop Galactic Federation" in legal(s)
    play(s, "develop Galactic Federation")
    assert s.decision == "pay" and doc(s)["need"] == 2
    assert "R&D Crash Program" in discard(s)


def test_pan_galactic_research_reduces_developments():
    s = xpos("develop",
             dict(hand=["Mining Robots", "Gem World"], tableau=["Old Earth", "Pan-Galactic Research"], actions=["explore5"]),
             P("develop"))
    play(s, "develop Mining Robots")  # cost 2 - 1 = 1: paid with the only other card
    at_next_round(s)
    assert "Mining Robots" in T(s) and H(s) == []


# ======================================================================
# Phase III: Settle
# ======================================================================

def test_hidden_fortress_military_per_military_world():
    # +1 per military world, itself included: 2 military worlds -> +2; with New Sparta's +2
    # that is Military 4 against Rebel Outpost (defence 5)? No: 5 needs 5 -> not placeable;
    # Rebel Miners (defence 2) is.
    s = xpos("settle",
             dict(hand=["Rebel Base", "Rebel Miners"], tableau=["New Sparta", "Hidden Fortress"], actions=["settle"]),
             P("explore5"))
    # New Sparta is a military world too: Military = 2 (New Sparta) + 2 (two military worlds) = 4.
    assert set(legal(s)) == {"settle Rebel Miners", "pass"}  # Rebel Base needs 6
    assert game(2).players == 2


def test_space_mercenaries_discard_hand_cards_for_military():
    # §4.4 MILITARY_HAND: Space Mercenaries +1 and up to 2 hand cards at +1 each: defence 3
    # with Military 1 needs exactly 2 discards, chosen in increasing order.
    s = xpos("settle",
             dict(hand=["Rebel Warrior Race", "Gem World", "Spice World", "Comet Zone"],
                  tableau=["Old Earth", "Space Mercenaries"], actions=["settle"]),
             P("explore5"), deck_top=DT[:2])
    play(s, "settle Rebel Warrior Race")
    assert s.decision == "temp_military"
    others = bag(["Gem World", "Spice World", "Comet Zone"])
    assert set(legal(s)) == {f"discard {c} for +1 Military" for c in others[:2]}  # 2 of 3, increasing
    pick(s, "discard {} for +1 Military", others[1:])
    at_next_round(s)
    assert "Rebel Warrior Race" in T(s)
    assert GD(s) == ["Rebel Warrior Race"]    # its windfall good is DT[0]
    assert H(s) == bag([others[0], DT[1]])  # the Settle bonus card
    assert set(others[1:]) <= set(discard(s))


def test_military_from_hand_capacity_adds_up_and_is_limited():
    # Space Mercenaries (2) + Mercenary Fleet (2): up to 4 cards. Military 1 + 2 = 3 vs
    # Rebel Outpost (defence 5): two discards; vs defence 8 (Alien Monolith, Alien: fine
    # for conquest) 3 + 4 = 7 < 8 -> not selectable.
    s = xpos("settle",
             dict(hand=["Rebel Outpost", "Alien Monolith", "Gem World", "Spice World", "Comet Zone", "New Vinland"],
                  tableau=["Old Earth", "Space Mercenaries", "Mercenary Fleet"], actions=["settle"]),
             P("explore5"), deck_top=DT[:2])
    assert "settle Rebel Outpost" in legal(s) and "settle Alien Monolith" not in legal(s)
    play(s, "settle Rebel Outpost")
    pick(s, "discard {} for +1 Military", ["Gem World", "Spice World"])
    at_next_round(s)
    assert "Rebel Outpost" in T(s)


def test_new_military_tactics_with_hand_military_player_chooses():
    # New Military Tactics (+3) and Space Mercenaries: the player chooses the sources;
    # New Military Tactics is offered first (canonical order).
    s = xpos("settle",
             dict(hand=["Rebel Warrior Race", "Gem World", "Spice World"],
                  tableau=["Old Earth", "Space Mercenaries", "New Military Tactics"], actions=["settle"]),
             P("explore5"), deck_top=DT[:2])
    play(s, "settle Rebel Warrior Race")
    assert set(legal(s)) == {"discard New Military Tactics for Military", "discard Gem World for +1 Military"}
    play(s, "discard New Military Tactics for Military")
    at_next_round(s)
    assert "New Military Tactics" in discard(s) and "Rebel Warrior Race" in T(s)


def test_improved_logistics_second_world_without_second_bonus():
    # §4.4 PLACE_TWO: after the first world, a second one from hand; the Settle bonus comes
    # once (E50); Terraforming Guild draws for both worlds.
    s = xpos("settle",
             dict(hand=["Artist Colony", "Secluded World", "Comet Zone", "New Vinland"],
                  tableau=["Old Earth", "Improved Logistics", "Terraforming Guild"], actions=["settle"]),
             P("explore5"), deck_top=DT[2:6])
    play(s, "settle Artist Colony")  # cost 1: pays with one card
    pick(s, "pay with {}", ["Comet Zone"])
    assert s.decision == "settle_second"
    assert "settle Secluded World" in legal(s) and "pass" in legal(s)
    assert H(s) == bag(["Secluded World", "New Vinland", DT[2], DT[3]])  # bonus + Guild
    play(s, "settle Secluded World")
    pick(s, "pay with {}", ["New Vinland"])
    at_next_round(s)
    assert T(s) == bag(["Old Earth", "Improved Logistics", "Terraforming Guild", "Artist Colony", "Secluded World"])
    assert H(s) == bag([DT[2], DT[3], DT[4]])  # only the Guild's card for the second world


def test_improved_logistics_second_world_cannot_use_the_first_worlds_powers():
    # Gem Smugglers placed first makes Rare worlds 1 cheaper, but not for the second world
    # of the same phase (a world's powers work from the next phase on): Volcanic World costs 2.
    s = xpos("settle",
             dict(hand=["Gem Smugglers", "Gem World", "Spice World", "Artist Colony", "Volcanic World", "New Vinland"],
                  tableau=["Old Earth", "Improved Logistics"], actions=["settle"]),
             P("explore5"), deck_top=DT[:4])
    play(s, "settle Gem Smugglers")
    pick(s, "pay with {}", ["Gem World", "Spice World", "Artist Colony"])
    assert H(s) == bag(["Volcanic World", "New Vinland", DT[1]])  # DT[0] is Gem Smugglers' good
    play(s, "settle Volcanic World")  # 2 cards: both others go (a price of 1 would be a choice)
    at_next_round(s)
    assert "Volcanic World" in T(s) and H(s) == []


def test_rebel_cantina_pays_for_military_at_full_defence():
    # §4.4 PAY_MILITARY value 0: Rebel Warrior Race (defence 3) costs 3 cards.
    s = xpos("settle",
             dict(hand=["Rebel Warrior Race", "Gem World", "Spice World", "Comet Zone"],
                  tableau=["Rebel Cantina"], actions=["settle"]),
             P("explore5"), deck_top=DT[:2])
    play(s, "settle Rebel Warrior Race")  # the whole hand of 3 pays for it (forced)
    at_next_round(s)
    assert "Rebel Warrior Race" in T(s) and H(s) == [DT[1]]  # DT[0] is its windfall good


def test_rebel_cantina_cannot_pay_for_an_alien_military_world():
    s = xpos("settle",
             dict(hand=["Alien Robot Sentry", "Gem World", "Spice World", "Comet Zone"],
                  tableau=["Rebel Cantina"], actions=["settle"]),
             P("explore5"))
    assert "settle Alien Robot Sentry" not in legal(s)  # E17


def test_rebel_alliance_and_rebel_pact_discounts_stack_on_rebel_worlds():
    # Rebel Alliance: Rebel military worlds at defence - 2; Rebel Pact: -2 more (E18).
    # Rebel Homeworld (defence 7): 7 - 2 - 2 = 3.
    s = xpos("settle",
             dict(hand=["Rebel Homeworld", "Gem World", "Spice World", "Comet Zone", "New Vinland"],
                  tableau=["Old Earth", "Rebel Alliance", "Rebel Pact"], actions=["explore5"]),
             P("settle", tableau=["Epsilon Eridani"]))
    play(s, "settle Rebel Homeworld")
    assert s.decision == "pay" and doc(s)["need"] == 3


def test_best_pay_for_military_discount_is_used():
    # Contact Specialist (-1, and -1 Military) and Rebel Alliance (-2 on Rebel worlds): the
    # larger discount applies to a Rebel world (G16); Rebel Fuel Cache (defence 1) is free.
    s = xpos("settle",
             dict(hand=["Rebel Base", "Gem World", "Spice World", "Comet Zone", "New Vinland", "Artist Colony"],
                  tableau=["Old Earth", "Contact Specialist", "Rebel Alliance"], actions=["explore5"]),
             P("settle", tableau=["Epsilon Eridani"]))
    play(s, "settle Rebel Base")
    assert s.decision == "pay" and doc(s)["need"] == 6 - 2


def test_imperium_cloaking_technology_conquers_a_non_military_world():
    # §4.4 CONQUER_SETTLE: Military + 2 >= cost; the card leaves the tableau; no cards paid
    # (E19). New Sparta (+2) + 2 = 4 >= Merchant World (cost 4), not Terraformed World (5).
    hand4 = ["Gem World", "Spice World", "Comet Zone", "New Vinland"]
    s = xpos("settle",
             dict(hand=["Merchant World"] + hand4, tableau=["New Sparta", "Imperium Cloaking Technology"],
                  actions=["settle"]),
             P("explore5"), deck_top=DT[:3])
    play(s, "settle Merchant World")
    assert set(legal(s)) == {"conquer with Imperium Cloaking Technology", "pay with cards"}
    play(s, "conquer with Imperium Cloaking Technology")
    at_next_round(s)
    assert "Merchant World" in T(s) and "Imperium Cloaking Technology" in discard(s)
    assert H(s) == bag(hand4 + [DT[0]])
    s = xpos("settle",
             dict(hand=["Terraformed World", "Gem World"], tableau=["New Sparta", "Imperium Cloaking Technology"],
                  actions=["settle"]), P("explore5"))
    assert "settle Terraformed World" not in legal(s)


def test_doomed_world_is_a_cost_zero_discard_and_the_player_picks_which():
    # §4.4 DISCARD | REDUCE_ZERO on Doomed World, like Colony Ship: with both, the player
    # says which one goes.
    s = xpos("settle",
             dict(hand=["Spice World", "Gem World"], tableau=["Doomed World", "Colony Ship"], actions=["settle"]),
             P("explore5"), deck_top=DT[:2])
    play(s, "settle Spice World")  # cost 2, one other card: only a cost-0 discard can place it
    assert s.decision == "zero_cost_card"
    assert set(legal(s)) == {"discard Doomed World (cost 0)", "discard Colony Ship (cost 0)"}
    play(s, "discard Doomed World (cost 0)")
    at_next_round(s)
    assert "Doomed World" in discard(s) and "Colony Ship" in T(s)


def test_doomed_world_not_for_alien_worlds():
    s = xpos("settle",
             dict(hand=["Alien Toy Shop"], tableau=["Doomed World"], actions=["settle"]),
             P("explore5"))
    assert "settle Alien Toy Shop" not in legal(s)  # cost 3, no cards, no cost-0 for Alien kind


@pytest.mark.parametrize("card,world,pays", [
    ("Deserted Alien World", "Alien Toy Shop", 1),   # Alien -2: 3 - 2
    ("Abandoned Alien Uplift Camp", "Pre-Sentient Race", 0),  # Genes -2: 2 - 2
    ("Smuggling World", "Spice World", 1),           # Novelty -1: 2 - 1
    ("Gem Smugglers", "Mining World", 2),            # Rare -1: 3 - 1
])
def test_kind_cost_reductions(card, world, pays):
    hand_cards = [world, "Gem World", "Comet Zone", "New Vinland"]
    s = xpos("settle", dict(hand=hand_cards, tableau=["Old Earth", card], actions=["settle"]),
             P("explore5"), deck_top=DT[:2])
    play(s, f"settle {world}")
    if pays:
        assert s.decision == "pay" and doc(s)["need"] == pays
    else:
        at_next_round(s)
        assert world in T(s)


@pytest.mark.parametrize("card,world,placeable", [
    ("Imperium Troops", "Rebel Warrior Race", True),   # Epsilon 1 + 1 + 1 vs Rebel = 3
    ("Imperium Troops", "Lost Alien Battle Fleet", False),  # 2 < 6: the +1 vs Rebel does not count
    ("Alien Uplift Center", "Reptilian Uplift Race", True),  # 1 + 2 vs Genes = 3 >= 2
    ("Alien Uplift Center", "Rebel Miners", False),          # Rare world: 1 < 2
    ("Imperium Warlord", "Rebel Warrior Race", True),        # 1 + 1 vs Rebel (+ Epsilon's 1) = 3
    ("Smuggling World", "Former Penal Colony", True),        # Novelty +1: 2 >= 2
    ("Gem Smugglers", "Rebel Miners", True),                 # Rare +1: 2 >= 2
])
def test_specialised_military(card, world, placeable):
    s = xpos("settle", dict(hand=[world], tableau=["Epsilon Eridani", card], actions=["settle"]), P("explore5"))
    assert (f"settle {world}" in legal(s)) == placeable


def test_terraforming_guild_draws_after_placing():
    s = xpos("settle", dict(hand=["Artist Colony", "Spice World"], tableau=["Old Earth", "Terraforming Guild"],
                            actions=["explore5"]),
             P("settle"), deck_top=DT[:2])
    play(s, "settle Artist Colony")  # pays with Spice World
    assert H(s) == [DT[0]]  # the Guild's card, no bonus (seat 0 did not choose Settle)


# ======================================================================
# $ Trade and Phase IV: Consume
# ======================================================================

DTC = ["Rebel Base", "Rebel Outpost", "Rebel Underground", "Lost Species Ark World", "Empath World",
       "Refugee World", "Reptilian Uplift Race", "Avian Uplift Race", "Drop Ships", "Space Marines"]


def test_clandestine_uplift_lab_trade_bonus_per_chromosome_card():
    # E23: selling a Genes good: 4 + 1 per chromosome card (the Lab and Avian Uplift Race).
    s = xpos("consume",
             dict(tableau=["Old Earth", "Clandestine Uplift Lab", "Avian Uplift Race", "Pre-Sentient Race"],
                  goods=["Pre-Sentient Race"], actions=["trade"]),
             P("explore5"), deck_top=DT[:8])
    # The sale is forced (A7); Old Earth's $ +1 too: 4 + 1 + 2 = 7 cards.
    assert len(H(s)) == 7


def test_galactic_exchange_one_good_of_each_kind():
    # E22: a good of each kind the player has, 1 VP + 1 card each.
    s = xpos("consume",
             dict(tableau=["Galactic Exchange", "Spice World", "Gem World", "Comet Zone", "Pre-Sentient Race"],
                  goods=["Spice World", "Gem World", "Comet Zone", "Pre-Sentient Race"], actions=["consume2x"]),
             P("explore5"), deck_top=DTC[:4])
    assert s.decision == "consume_good" and doc(s)["need"] == 3  # the only power: used at once
    while s.decision == "consume_good":  # one good per kind, worlds in increasing order (G1)
        s.apply(s.legal_actions()[0])
    at_next_round(s)
    assert chips(s, 0) == 2 * 3 and len(H(s)) == 3 and GD(s) == ["Spice World"]


def test_alien_toy_shop_consumes_only_its_own_good():
    s = xpos("consume",
             dict(tableau=["Alien Toy Shop", "Alien Robot Sentry"], goods=["Alien Toy Shop", "Alien Robot Sentry"],
                  actions=["trade"]),
             P("explore5"), deck_top=DTC[:8])
    # Trade first (forced): sell one; then the Toy Shop's power needs its own good.
    play(s, "sell the good on Alien Robot Sentry")
    at_next_round(s)
    assert chips(s, 0) == 2 and GD(s) == []


def test_alien_toy_shop_without_its_good_does_nothing():
    s = xpos("consume",
             dict(tableau=["Alien Toy Shop", "Alien Robot Sentry"], goods=["Alien Robot Sentry"], actions=["consume2x"]),
             P("explore5"))
    at_next_round(s)
    assert chips(s, 0) == 0 and GD(s) == ["Alien Robot Sentry"]


def test_galactic_genome_project_two_genes_for_three_vp():
    s = xpos("consume",
             dict(tableau=["Galactic Genome Project", "Pre-Sentient Race", "Empath World", "Gem World"],
                  goods=["Pre-Sentient Race", "Empath World", "Gem World"], actions=["consume2x"]),
             P("explore5"))
    at_next_round(s)
    assert chips(s, 0) == 6 and GD(s) == ["Gem World"]


def test_gene_designers_up_to_three_genes():
    s = xpos("consume",
             dict(tableau=["Gene Designers", "Pre-Sentient Race", "Empath World"],
                  goods=["Pre-Sentient Race", "Empath World"], actions=["trade"], hand=[]),
             P("explore5"), deck_top=DT[:8])
    play(s, "sell the good on Empath World")  # Genes: 4 cards
    at_next_round(s)
    assert chips(s, 0) == 1 and len(H(s)) == 4 + 1


def test_imperium_blaster_gem_consortium_rare_for_vp_and_two_cards():
    s = xpos("consume",
             dict(tableau=["Imperium Blaster Gem Consortium"], goods=["Imperium Blaster Gem Consortium"],
                  actions=["consume2x"]),
             P("explore5"), deck_top=DTC[:2])
    at_next_round(s)
    assert chips(s, 0) == 2 and H(s) == bag(DTC[:2])


def test_rd_crash_program_discard_a_card_to_draw_one():
    s = xpos("consume",
             dict(hand=["Gem World", "Spice World"], tableau=["Old Earth", "R&D Crash Program"], actions=["consume2x"]),
             P("explore5"), deck_top=DTC[:1])
    assert s.decision == "consume_power"
    assert "stop" in legal(s)  # optional
    play(s, "use consume power 0 of R&D Crash Program", "discard Gem World for VP")
    at_next_round(s)
    assert H(s) == bag(["Spice World", DTC[0]]) and chips(s, 0) == 0


def test_galactic_salon_gains_vp_doubled_by_consume_x2():
    s = xpos("consume", dict(tableau=["Old Earth", "Galactic Salon"], actions=["consume2x"]), P("explore5"))
    at_next_round(s)
    assert chips(s, 0) == 2
    s = xpos("consume", dict(tableau=["Old Earth", "Galactic Salon"], actions=["explore5"]), P("trade"))
    at_next_round(s)
    assert chips(s, 0) == 1


def test_galactic_bankers_discards_are_not_doubled():
    # E20: discard-for-VP powers are never doubled.
    s = xpos("consume",
             dict(hand=["Gem World", "Spice World", "Comet Zone"], tableau=["Galactic Bankers"], actions=["consume2x"]),
             P("explore5"))
    play(s, "use consume power 0 of Galactic Bankers")
    pick(s, "discard {} for VP", ["Gem World", "Spice World"])
    at_next_round(s)
    assert chips(s, 0) == 2 and H(s) == ["Comet Zone"]


def test_ante_keeps_a_higher_card_and_the_ante():
    # §4.5 ANTE_CARD / E21: ante Comet Zone (3), reveal 3; keep one revealed card with a
    # higher cost (here Rebel Base 6 or Lost Species Ark World 5), the others go.
    s = xpos("consume",
             dict(hand=["Comet Zone", "Gem World"], tableau=["Gambling World"], actions=["explore5"]),
             P("trade"), deck_top=["Rebel Base", "Lost Species Ark World", "Empath World"])
    assert s.decision == "consume_power" and "stop" in legal(s)
    play(s, "use consume power 1 of Gambling World")
    assert s.decision == "ante_card"
    assert set(legal(s)) == {"ante Comet Zone", "ante Gem World", "no ante"}
    play(s, "ante Comet Zone")
    assert s.decision == "ante_keep"
    assert set(legal(s)) == {"keep Rebel Base", "keep Lost Species Ark World"}
    obs = s.observation(1)  # the revealed cards are seen by everybody
    assert set(obs["players"][0]["revealed"]) == {"Rebel Base", "Lost Species Ark World", "Empath World"}
    play(s, "keep Lost Species Ark World")
    at_next_round(s)
    assert H(s) == bag(["Comet Zone", "Gem World", "Lost Species Ark World"])
    assert {"Rebel Base", "Empath World"} <= set(discard(s))


def test_e21_reference_reading_keeps_any_revealed_card():
    # The reference engine (e2p3-0039 and 33 more games of its records) keeps any revealed card once one is
    # higher than the ante; rftg.Game(reference_readings=["E21"]) plays that reading, galaxysim's default does not.
    from galaxysim import rftg

    from .positions import position

    seats = [dict(hand=["Comet Zone", "Gem World"], tableau=["Gambling World"], actions=["explore5"]), P("trade")]
    ref = rftg.Game(players=2, expansion="rvi", goals=False, reference_readings=["E21"])
    s = position(ref, "consume", seats, deck_top=["Rebel Base", "Lost Species Ark World", "Empath World"])
    play(s, "use consume power 1 of Gambling World", "ante Comet Zone")
    assert set(legal(s)) == {"keep Rebel Base", "keep Lost Species Ark World", "keep Empath World"}
    play(s, "keep Empath World")
    at_next_round(s)
    assert H(s) == bag(["Comet Zone", "Gem World", "Empath World"])
    s = position(ref, "consume", seats, deck_top=["Empath World", "Spice World", "Mining World"])
    play(s, "use consume power 1 of Gambling World", "ante Comet Zone")  # nothing higher: all lost, as by the rules
    at_next_round(s)
    assert H(s) == bag(["Gem World"])


def test_ante_lost_when_nothing_higher_is_revealed():
    s = xpos("consume",
             dict(hand=["Comet Zone"], tableau=["Gambling World"], actions=["explore5"]),
             P("trade"), deck_top=["Empath World", "Spice World", "Mining World"])
    play(s, "use consume power 1 of Gambling World", "ante Comet Zone")
    at_next_round(s)
    assert H(s) == [] and {"Comet Zone", "Empath World", "Spice World", "Mining World"} <= set(discard(s))


def test_ante_card_cost_one_to_six_only():
    # E21: cost 0 and 7+ cannot be anted; six-cost developments ante as 6.
    s = xpos("consume",
             dict(hand=["Dying Colony", "Rebel Homeworld", "Galactic Federation"], tableau=["Gambling World"],
                  actions=["explore5"]),
             P("trade", tableau=["Epsilon Eridani"]), deck_top=DTC[:6])
    play(s, "use consume power 1 of Gambling World")
    assert set(legal(s)) == {"ante Galactic Federation", "no ante"}


def test_tgs_gambling_world_is_the_lucky_draw():
    # E44: the TGS printing keeps the lucky draw (name 1-7); at RvI it is replaced (ante).
    names = {d["name"]: d for d in __import__("galaxysim").rftg.card_table("tgs")}
    assert names["Gambling World"]["copies"] == 1
    s = xpos("consume", dict(tableau=["Gambling World"], actions=["explore5"]), P("trade"), level="tgs",
             deck_top=["Spice World"])
    assert s.decision == "lucky_number" and len(legal(s)) == 7
    play(s, "name 2 for the lucky draw")
    at_next_round(s)
    assert H(s) == ["Spice World"]


def test_smuggling_lair_good_for_two_cards():
    s = xpos("consume", dict(tableau=["Smuggling Lair"], goods=["Smuggling Lair"], actions=["consume2x"]),
             P("explore5"), deck_top=DTC[:2])
    at_next_round(s)
    assert H(s) == bag(DTC[:2]) and chips(s, 0) == 0


def test_galactic_advertisers_draw_and_trade_bonus():
    s = xpos("consume", dict(tableau=["Galactic Advertisers", "Gem World"], goods=["Gem World"], actions=["trade"]),
             P("explore5"), deck_top=DTC[:5])
    at_next_round(s)  # sale 2 + 1, then draw 1
    assert len(H(s)) == 4


# ======================================================================
# Phase V: Produce
# ======================================================================

DTP = ["Galactic Resort", "Secluded World", "Prosperous World", "Terraformed World", "Space Port",
       "Distant World", "Rebel Base", "Rebel Outpost", "Empath World", "Avian Uplift Race"]


def test_damaged_alien_factory_discard_to_produce_counts_for_draws_before_them():
    # §4.6 DISCARD | PRODUCE: before the draws the good counts for Research Labs' draw per Alien.
    s = xpos("produce",
             dict(hand=["Gem World"], tableau=["Damaged Alien Factory", "Research Labs"], actions=["produce"]),
             P("explore5"), deck_top=DTP[:3])
    assert s.decision == "discard_produce"
    assert legal(s) == ["discard Gem World to produce on Damaged Alien Factory", "do not produce there"]
    play(s, "discard Gem World to produce on Damaged Alien Factory")
    at_next_round(s)
    assert GD(s) == ["Damaged Alien Factory"] and H(s) == [DTP[1]]


def test_damaged_alien_factory_after_the_draws_with_a_drawn_card():
    # Not now, then after the draws (here a card drawn by Pan-Galactic Research): the good
    # then earns no draw (a power does not interrupt another).
    s = xpos("produce",
             dict(tableau=["Damaged Alien Factory", "Pan-Galactic Research", "Research Labs"], actions=["explore5"]),
             P("produce"), deck_top=DTP[:3])
    assert s.decision == "discard_produce"  # after Pan-Galactic Research's 2 cards
    assert H(s) == bag(DTP[:2])
    play(s, f"discard {DTP[0]} to produce on Damaged Alien Factory")
    at_next_round(s)
    assert GD(s) == ["Damaged Alien Factory"] and H(s) == [DTP[1]]


def test_universal_symbionts_windfall_genes_not_on_itself():
    s = xpos("produce",
             dict(tableau=["Universal Symbionts", "Pre-Sentient Race"], actions=["explore5"]),
             P("produce"), deck_top=DTP[:2])
    at_next_round(s)
    assert GD(s) == ["Pre-Sentient Race"]
    s = xpos("produce", dict(tableau=["Universal Symbionts"], actions=["explore5"]), P("produce"))
    at_next_round(s)
    assert GD(s) == []


def test_interstellar_prospectors_produces_and_fills_a_rare_windfall_world():
    s = xpos("produce",
             dict(tableau=["Interstellar Prospectors", "Asteroid Belt"], actions=["explore5"]),
             P("produce"), deck_top=DTP[:2])
    at_next_round(s)
    assert GD(s) == bag(["Interstellar Prospectors", "Asteroid Belt"])


def test_terraforming_guild_windfall_any_kind():
    s = xpos("produce",
             dict(tableau=["Terraforming Guild", "Asteroid Belt", "Empath World"], actions=["explore5"]),
             P("produce"), deck_top=DTP[:2])
    assert s.decision == "windfall_world"
    play(s, "produce on Empath World")
    at_next_round(s)
    assert GD(s) == ["Empath World"]


@pytest.mark.parametrize("card,tableau_cards,draws", [
    ("Imperium Lords", ["Rebel Base", "Rebel Outpost", "Old Earth"], 2),        # per military world
    ("Rebel Cantina", ["Rebel Base", "Rebel Outpost", "Old Earth"], 3),         # per Rebel world, itself included
    ("Uplift Code", ["Avian Uplift Race", "Clandestine Uplift Lab", "Old Earth"], 4),  # 2 per chromosome card
])
def test_draw_per_card_powers(card, tableau_cards, draws):
    s = xpos("produce", dict(tableau=[card] + tableau_cards, actions=["explore5"]), P("produce"), deck_top=DTP[:6])
    at_next_round(s)
    assert len(H(s)) == draws


def test_rebel_sympathizers_draw_if_a_good_is_produced_there():
    s = xpos("produce",
             dict(tableau=["Rebel Sympathizers", "Old Earth"], actions=["produce"]),
             P("explore5"), deck_top=DTP[:3])
    at_next_round(s)  # the Produce bonus fills it (the only empty windfall world), then +1 card
    assert GD(s) == ["Rebel Sympathizers"] and H(s) == [DTP[1]]


# ======================================================================
# Flags (§4.1)
# ======================================================================

def test_pan_galactic_research_hand_limit_12():
    hand12 = DT + ["Gem World", "Spice World"]
    s = xpos("hand_limit", dict(hand=hand12, tableau=["Pan-Galactic Research"], actions=["explore5"]),
             P("explore5", hand=["Rebel Base", "Rebel Outpost", "Rebel Underground", "Empath World", "Refugee World",
                                 "Reptilian Uplift Race", "Avian Uplift Race", "Drop Ships", "Space Marines",
                                 "Comet Zone", "Artist Colony"]))
    assert s.current_player == 1 and doc(s)["need"] == 1  # seat 0 keeps 12


def test_hidden_fortress_owner_ends_the_game_at_fourteen():
    # E24: 13 cards with Hidden Fortress: no end; 12 without: end.
    worlds = ["Gem World", "Spice World", "Comet Zone", "New Vinland", "Artist Colony", "Mining World",
              "Volcanic World", "Space Port", "Secluded World", "Distant World", "New Earth"]
    s = xpos("hand_limit", dict(tableau=["Hidden Fortress", "Old Earth"] + worlds, actions=["explore5"]),
             P("explore5"))
    assert s.decision == "choose_action" and s.round == 2
    s = xpos("hand_limit", dict(tableau=["Old Earth"] + worlds, actions=["explore5"]), P("explore5"))
    assert s.is_terminal()


# ======================================================================
# Six-cost developments of TGS and RvI (§4.8)
# ======================================================================

def score(tableau_cards, chips_=0, level="rvi"):
    s = xpos("game_over", dict(tableau=tableau_cards, chips=chips_), P("explore5"), level=level)
    return s.score_parts(0)


@pytest.mark.parametrize("cards,bonus", [
    # Terraforming Guild: windfall worlds 2, Terraforming cards 2 (itself).
    (["Terraforming Guild", "Asteroid Belt", "Gem World", "Terraforming Robots"], 2 + 2 + 2),
    # Galactic Genome Project: Genes production 2, Genes windfall 2, Genetics Lab 3.
    (["Galactic Genome Project", "Plague World", "Empath World", "Genetics Lab"], 2 + 2 + 3),
    # Imperium Lords: Imperium cards 2 (itself, Imperium Troops), other military worlds 1.
    (["Imperium Lords", "Imperium Troops", "Rebel Base", "Gem World"], 2 + 2 + 1),
    # Imperium Seat: Imperium cards 2, Rebel military worlds 2.
    (["Imperium Seat", "Imperium Warlord", "Rebel Base", "Hive World"], 2 + 2 + 2),
    # Rebel Alliance: Rebel cards 2 (itself, Rebel Base, Rebel Cantina), other military worlds 1.
    (["Rebel Alliance", "Rebel Base", "Rebel Cantina", "Hive World"], 2 + 2 + 2 + 1),
    # Uplift Code: chromosome cards 3, other Uplift cards 2 (itself, Alien Uplift Center).
    (["Uplift Code", "Avian Uplift Race", "Alien Uplift Center"], 2 + 3 + 2),
    # Galactic Exchange: kinds among worlds 1/3/6/10 (here 3 kinds: 6) + Diversified Economy 3.
    (["Galactic Exchange", "Gem World", "Comet Zone", "Empath World", "Diversified Economy"], 6 + 3),
    # Galactic Bankers: Interstellar Bank 2, Investment Credits 2, Gambling World 2, developments 1.
    (["Galactic Bankers", "Interstellar Bank", "Gambling World", "Mining Robots"], 1 + 2 + 2 + 1),
    # Prospecting Guild: Rare production 2, Rare windfall 2, other worlds 1, Terraforming cards 1.
    (["Prospecting Guild", "Comet Zone", "Asteroid Belt", "Gem World", "Terraforming Robots"], 2 + 2 + 1 + 1),
])
def test_six_cost_development_scoring(cards, bonus):
    assert score(cards)["six_cost"] == bonus


def test_pan_galactic_research_is_worth_four_and_no_bonus():
    p = score(["Pan-Galactic Research"])
    assert p["cards"] == 4 and p["six_cost"] == 0


def test_galactic_federation_counts_the_new_six_cost_developments():
    # E25: Pan-Galactic Research and Uplift Code are six-cost developments (2 each), itself 2.
    # Galactic Federation: 3 six-cost developments x 2; Uplift Code: itself an Uplift card, 2.
    assert score(["Galactic Federation", "Pan-Galactic Research", "Uplift Code"])["six_cost"] == 3 * 2 + 2


# ======================================================================
# Cards whose powers are shared with cards tested above, each checked once on its own
# ======================================================================

def test_gene_designers_consumes_up_to_three_genes_goods():
    # IV CONSUME_GENE x3 (Gene Designers): every Genes good, 1 VP + 1 card each.
    s = xpos("consume",
             dict(tableau=["Gene Designers", "Hive World", "Insect Uplift Race", "Spice World"],
                  goods=["Gene Designers", "Hive World", "Insect Uplift Race", "Spice World"], actions=["explore5"]),
             P("trade"), deck_top=DTC[:3])
    while s.current_player == 0 and s.decision in ("consume_power", "consume_good"):
        s.apply(s.legal_actions()[0])
    at_next_round(s)
    assert chips(s, 0) == 3 and len(H(s)) == 3 and GD(s) == ["Spice World"]  # the Novelty good stays


def test_trading_outpost_sells_for_two_more_cards():
    # $ +2 any kind (Trading Outpost): Spice World's Novelty good sells for 2 (+2 of its own
    # Novelty trade power), and 2 more with the Outpost.
    def cards_after_trade(tableau):
        s = xpos("consume", dict(tableau=tableau, goods=["Spice World"], actions=["trade"]),
                 P("explore5"), deck_top=DTC[:8])
        if s.current_player == 0 and s.decision == "trade_good":
            play(s, "sell the good on Spice World")
        at_next_round(s)
        assert GD(s) == []
        return len(H(s))

    assert cards_after_trade(["Spice World"]) == 4
    assert cards_after_trade(["Trading Outpost", "Spice World"]) == 6


def test_galactic_bazaar_novelty_trade_bonus_and_discard_for_vp():
    # $ +1 Novelty: its own Novelty good sells for 3; IV: may discard one hand card for 1 VP.
    s = xpos("consume", dict(tableau=["Galactic Bazaar"], goods=["Galactic Bazaar"], actions=["trade"]),
             P("explore5"), deck_top=DTC[:8])
    if s.current_player == 0 and s.decision == "trade_good":
        play(s, "sell the good on Galactic Bazaar")
    assert s.decision == "consume_power" and "stop" in legal(s)  # the discard for VP is optional
    play(s, "stop")
    at_next_round(s)
    assert len(H(s)) == 3 and chips(s, 0) == 0
    s = xpos("consume", dict(hand=["Gem World", "Spice World"], tableau=["Galactic Bazaar"], actions=["explore5"]),
             P("trade"))
    play(s, "use consume power 0 of Galactic Bazaar")
    assert set(legal(s)) == {"discard Gem World for VP", "discard Spice World for VP", "stop"}
    play(s, "discard Gem World for VP")
    at_next_round(s)
    assert chips(s, 0) == 1 and H(s) == ["Spice World"]


def test_primitive_rebel_world_one_hand_card_for_military():
    # III MILITARY_HAND 1 (Primitive Rebel World, also Rebel Convict Mines): Military 1 (Blaster
    # Runners) + 1 discarded card reaches defence 2, not defence 3.
    s = xpos("settle",
             dict(hand=["Insect Uplift Race", "Rebel Warrior Race", "Gem World", "Spice World"],
                  tableau=["Primitive Rebel World", "Blaster Runners"], actions=["settle"]),
             P("explore5"), deck_top=DT[:2])
    assert "settle Insect Uplift Race" in legal(s) and "settle Rebel Warrior Race" not in legal(s)
    play(s, "settle Insect Uplift Race")
    assert s.decision == "temp_military"
    play(s, "discard Spice World for +1 Military")
    at_next_round(s)
    assert "Insect Uplift Race" in T(s) and "Spice World" in discard(s)
    assert sorted(H(s)) == sorted(["Rebel Warrior Race", "Gem World", DT[1]])
