"""Scenario tests for the rule interpretations listed in docs/rules.md.

One test (or a few) per ambiguity A1-A35 of the rules specification (§8) and per galaxysim
interpretation G1-G11, named after its number. Each builds a JSON position by card name
(docs/state-json.md), plays the decisions by their describe() texts and checks the exact
outcome: cards drawn and kept, costs paid, VP, goods, legal actions and who decides next.
"""
from __future__ import annotations

import json
from collections import Counter

import pytest

from galaxysim import rftg

from .positions import chips, doc, goods, hand, legal, play, position, tableau

G2 = rftg.Game(players=2)
G3 = rftg.Game(players=3)
G4 = rftg.Game(players=4)
GADV = rftg.Game(players=2, advanced=True)

START = {"Old Earth": 0, "Epsilon Eridani": 1, "Alpha Centauri": 2, "New Sparta": 3, "Earth's Lost Colony": 4}

# Six-cost developments: never affordable with the small hands used here, no effect in hand.
FILL = ["Galactic Federation", "Galactic Renaissance", "Merchant Guild", "New Economy",
        "Trade League", "Mining League", "Free Trade Association"]
# Worlds that cannot be settled without Military: fillers for Develop positions.
WFILL = ["Rebel Base", "Rebel Homeworld", "Lost Alien Battle Fleet", "Deserted Alien Library"]


def all_cards(expansion="base"):
    """Every card of the game as the JSON names it ("Name", "Name #2", ...)."""
    out = []
    for c in rftg.card_table(expansion):
        out.append(c["name"])
        out += [f"{c['name']} #{k}" for k in range(2, c["copies"] + 1)]
    return out


def rest_of(*used):
    """All cards not named in `used` (lists of names)."""
    taken = Counter(n for lst in used for n in lst)
    out = []
    for n in all_cards():
        if taken[n]:
            taken[n] -= 1
        else:
            out.append(n)
    return out


def next_round(state):
    """True when the position has run on to the next round's action choice."""
    return state.decision == "choose_action"


# ---------------------------------------------------------------------------------------
# Setup: A1, A4, A31 (A2, A3, the first-game setup: test_first_game.py)


def test_A1_start_world_numbers():
    numbers = {c["name"]: c["start"] for c in rftg.card_table("base") if c["start"] is not None}
    assert numbers == START


@pytest.mark.parametrize("game", [G2, G3, G4], ids=["2p", "3p", "4p"])
def test_A1_seat_order_starts_at_lowest_dealt_start_world(game):
    firsts = Counter()
    for seed in range(80):
        s = game.new_state(seed)
        d = doc(s)
        dealt = [p["tableau"][0] for p in d["players"]]
        assert all(w in START for w in dealt) and len(set(dealt)) == game.players
        lowest = min(range(game.players), key=lambda i: START[dealt[i]])
        assert d["first"] == lowest
        assert s.observation(0)["first"] == lowest
        # the starting discard (the first sequential step) begins with that seat
        assert s.decision == "start_discard" and s.current_player == lowest
        firsts[lowest] += 1
    assert len(firsts) == game.players  # every seat can be first


def test_A4_starting_discard_is_hidden():
    hands = [["Gem World", "Comet Zone", "Spice World", "New Vinland", "Artist Colony", "Plague World"],
             ["Rebel Base", "Rebel Outpost", "Pilgrimage World", "Tourist World", "Mining World", "New Earth"]]
    s = position(G2, "start_discard", round=0,
                 players=[dict(hand=hands[0], tableau=["Old Earth"]), dict(hand=hands[1], tableau=["Epsilon Eridani"])])
    assert (s.decision, s.current_player) == ("start_discard", 0)
    # G1: two discards, one card at a time in increasing order; the highest card cannot start
    assert legal(s) == ["discard Gem World", "discard Comet Zone", "discard Spice World", "discard New Vinland",
                        "discard Artist Colony"]
    play(s, "discard Gem World")
    assert legal(s) == ["discard Comet Zone", "discard Spice World", "discard New Vinland", "discard Artist Colony",
                        "discard Plague World"]
    play(s, "discard New Vinland")
    assert (s.decision, s.current_player) == ("start_discard", 1)
    obs = s.observation(1)
    text = json.dumps(obs)
    assert obs["discard_size"] == 2
    assert "Gem World" not in text and "New Vinland" not in text
    assert "hand" not in obs["players"][0] and obs["players"][0]["hand_size"] == 4
    assert hand(s, 0) == ["Comet Zone", "Spice World", "Artist Colony", "Plague World"]


def test_A31_undealt_start_worlds_are_ordinary_deck_cards():
    seen_lower_in_hand = False
    for seed in range(60):
        s = G2.new_state(seed)
        d = doc(s)
        dealt = [p["tableau"][0] for p in d["players"]]
        elsewhere = d["deck"] + d["discard"] + d["good_cards"] + d["players"][0]["hand"] + d["players"][1]["hand"]
        for w in START:
            if w not in dealt:
                assert w in elsewhere
        # seat order looks only at dealt start worlds, not at start worlds dealt into hands
        lowest_dealt = min(START[w] for w in dealt)
        in_hands = [w for p in d["players"] for w in p["hand"] if w in START]
        if any(START[w] < lowest_dealt for w in in_hands):
            seen_lower_in_hand = True
        assert START[dealt[d["first"]]] == lowest_dealt
    assert seen_lower_in_hand


def test_A31_undealt_new_sparta_is_a_military_world():
    # no Military: New Sparta (defence 2) cannot be placed; with Space Marines (+2) it is conquered
    s = position(G2, "settle", players=[dict(hand=["New Sparta", "Artist Colony", FILL[0]], tableau=["Old Earth"], actions=["settle"]),
                                        dict(tableau=["Epsilon Eridani"], actions=["settle"])])
    assert legal(s) == ["settle Artist Colony", "pass"]
    s = position(G2, "settle", deck_top=["Comet Zone"],
                 players=[dict(hand=["New Sparta", FILL[0]], tableau=["Old Earth", "Space Marines"], actions=["settle"]),
                          dict(tableau=["Epsilon Eridani"], actions=["settle"])])
    play(s, "settle New Sparta")
    assert next_round(s)
    assert tableau(s, 0) == ["Old Earth", "New Sparta", "Space Marines"]
    assert hand(s, 0) == ["Comet Zone", FILL[0]]  # nothing paid, Settle bonus drawn


def test_A31_undealt_alpha_centauri_gets_its_windfall_good():
    s = position(G2, "settle", deck_top=["Rebel Base", "Comet Zone"],
                 players=[dict(hand=["Alpha Centauri", FILL[0], FILL[1]], tableau=["Old Earth"], actions=["settle"]),
                          dict(tableau=["Epsilon Eridani"], actions=["settle"])])
    play(s, "settle Alpha Centauri")  # cost 2, paid with both other cards (forced)
    assert next_round(s)
    assert goods(s, 0) == ["Alpha Centauri"]
    assert doc(s)["good_cards"] == ["Rebel Base"]
    assert hand(s, 0) == ["Comet Zone"]


# ---------------------------------------------------------------------------------------
# Settle: A5, A6, A26, A27, A28, G3, G4, G8


def _settle(seat0, seat1=None, **extra):
    seat1 = seat1 or dict(tableau=["Epsilon Eridani"], actions=["settle"])
    return position(G2, "settle", players=[seat0, seat1], **extra)


def test_A5_contact_specialist_costs_defence_minus_one():
    s = _settle(dict(hand=["Rebel Warrior Race"] + FILL[:4], tableau=["Old Earth", "Contact Specialist"], actions=["settle"]),
                deck_top=["Rebel Base", "Comet Zone"])
    assert legal(s) == ["settle Rebel Warrior Race", "pass"]
    play(s, "settle Rebel Warrior Race")
    # Military -1 cannot conquer: the only method (Contact Specialist) is applied automatically
    assert (s.decision, s.current_player, doc(s)["need"]) == ("pay", 0, 2)  # defence 3 - 1
    play(s, "pay with " + FILL[0], "pay with " + FILL[1])
    assert next_round(s)
    assert "Rebel Warrior Race" in tableau(s, 0) and goods(s, 0) == ["Rebel Warrior Race"]
    assert sorted(hand(s, 0)) == sorted(FILL[2:4] + ["Comet Zone"])


def test_A6_contact_specialist_takes_all_settle_reductions():
    # Replicant Robots (-2): Rebel Homeworld, defence 7, costs 7 - 1 - 2 = 4
    s = _settle(dict(hand=["Rebel Homeworld"] + FILL[:5], tableau=["Old Earth", "Contact Specialist", "Replicant Robots"],
                     actions=["settle"]))
    play(s, "settle Rebel Homeworld")
    assert (s.decision, doc(s)["need"]) == ("pay", 4)
    # Rare reductions (Alpha Centauri -1, Mining Robots -1) on a Rare military world: 2 - 1 - 2 -> 0
    s = _settle(dict(hand=["Rebel Miners", FILL[0]], tableau=["Alpha Centauri", "Contact Specialist", "Mining Robots"],
                     actions=["settle"]), deck_top=["Comet Zone"])
    play(s, "settle Rebel Miners")
    assert next_round(s)
    assert "Rebel Miners" in tableau(s, 0)
    assert hand(s, 0) == ["Comet Zone", FILL[0]]  # paid nothing, Settle bonus drawn


def test_A6_contact_specialist_excludes_alien_military_worlds():
    # Alien Robot Sentry (Alien, defence 2) is neither conquerable (Military -1) nor payable
    s = _settle(dict(hand=["Alien Robot Sentry", "Rebel Fuel Cache", FILL[0]], tableau=["Old Earth", "Contact Specialist"],
                     actions=["settle"]))
    assert legal(s) == ["settle Rebel Fuel Cache", "pass"]


def test_A6_contact_specialist_with_colony_ship_G8():
    s = _settle(dict(hand=["Rebel Warrior Race"] + FILL[:3], tableau=["Old Earth", "Colony Ship", "Contact Specialist"],
                     actions=["settle"]), deck_top=["Rebel Base", "Comet Zone"])
    play(s, "settle Rebel Warrior Race")
    assert s.decision == "settle_method"
    assert legal(s) == ["pay with Contact Specialist", "Contact Specialist and discard Colony Ship (cost 0)"]
    play(s, "Contact Specialist and discard Colony Ship (cost 0)")
    assert next_round(s)
    assert tableau(s, 0) == ["Old Earth", "Contact Specialist", "Rebel Warrior Race"]
    assert sorted(hand(s, 0)) == sorted(FILL[:3] + ["Comet Zone"])


def test_A26_only_payable_developments_are_selectable():
    s = position(G2, "develop", players=[
        dict(hand=["Space Marines", "Export Duties", "Expedition Force #2"], tableau=["Old Earth", "Expedition Force"],
             actions=["settle"]),
        dict(tableau=["Epsilon Eridani"], actions=["develop"])])
    # no Develop bonus for seat 0: Space Marines (2) needs 2 other cards, hand has 2 others: ok;
    # Expedition Force #2 duplicates a tableau card
    assert legal(s) == ["develop Export Duties", "develop Space Marines", "pass"]
    s = position(G2, "develop", players=[
        dict(hand=["Space Marines", "Export Duties"], tableau=["Old Earth"], actions=["settle"]),
        dict(tableau=["Epsilon Eridani"], actions=["develop"])])
    assert legal(s) == ["develop Export Duties", "pass"]
    # with the Develop bonus Space Marines costs 1 and becomes selectable
    s = position(G2, "develop", players=[
        dict(hand=["Space Marines", "Export Duties"], tableau=["Old Earth"], actions=["develop"]),
        dict(tableau=["Epsilon Eridani"], actions=["develop"])])
    assert legal(s) == ["develop Export Duties", "develop Space Marines", "pass"]


def test_A26_only_placeable_worlds_are_selectable():
    s = _settle(dict(hand=["Galactic Resort", "Artist Colony", "Rebel Base", "Outlaw World"], tableau=["Old Earth", "Space Marines"],
                     actions=["settle"]))
    # Galactic Resort (3) with 3 other cards: ok; Rebel Base defence 6 > Military 2; Outlaw World 1 <= 2
    assert legal(s) == ["settle Artist Colony", "settle Outlaw World", "settle Galactic Resort", "pass"]
    s = _settle(dict(hand=["Galactic Resort", "Artist Colony"], tableau=["Old Earth"], actions=["settle"]))
    assert legal(s) == ["settle Artist Colony", "pass"]


def test_A27_colony_ship_never_helps_a_military_world_without_contact_specialist():
    s = _settle(dict(hand=["Rebel Fuel Cache", "Artist Colony"], tableau=["Old Earth", "Colony Ship"], actions=["settle"]))
    assert legal(s) == ["settle Artist Colony", "pass"]


def test_A27_revealed_world_forces_colony_ship():
    s = _settle(dict(hand=["Galactic Resort"], tableau=["Old Earth", "Colony Ship"], actions=["settle"]),
                deck_top=["Rebel Base", "Comet Zone"])
    assert legal(s) == ["settle Galactic Resort", "pass"]
    play(s, "settle Galactic Resort")  # Colony Ship is the only method: applied without asking
    assert next_round(s)
    assert tableau(s, 0) == ["Old Earth", "Galactic Resort"]
    assert "Colony Ship" in doc(s)["discard"]
    assert hand(s, 0) == ["Comet Zone"]


def test_A27_new_military_tactics_discarded_only_when_needed():
    seat1 = dict(tableau=["Epsilon Eridani"], actions=["settle"])
    s = _settle(dict(hand=["Rebel Miners"], tableau=["New Sparta", "New Military Tactics"], actions=["settle"]), seat1)
    play(s, "settle Rebel Miners")  # Military 2 >= defence 2: asked whether to add it anyway (G4)
    assert legal(s) == ["discard New Military Tactics for Military", "done"]
    play(s, "done")
    assert next_round(s)
    assert tableau(s, 0) == ["New Sparta", "Rebel Miners", "New Military Tactics"]
    s = _settle(dict(hand=["Rebel Outpost"], tableau=["New Sparta", "New Military Tactics"], actions=["settle"]), seat1)
    play(s, "settle Rebel Outpost")  # 2 + 3 >= 5: New Military Tactics must go
    assert next_round(s)
    assert tableau(s, 0) == ["New Sparta", "Rebel Outpost"]
    assert "New Military Tactics" in doc(s)["discard"]


def test_G4_conquest_discards_as_few_new_military_tactics_as_needed():
    seat1 = dict(tableau=["Epsilon Eridani"], actions=["settle"])
    s = _settle(dict(hand=["Rebel Outpost"], tableau=["New Sparta", "New Military Tactics", "New Military Tactics #2"],
                     actions=["settle"]), seat1)
    play(s, "settle Rebel Outpost")  # 2 + 3 >= 5: the lowest copy is discarded at once, the other may follow
    assert tableau(s, 0) == ["New Sparta", "New Military Tactics #2", "Rebel Outpost"]
    assert legal(s) == ["discard New Military Tactics for Military", "done"]
    play(s, "done")
    assert next_round(s)
    assert tableau(s, 0) == ["New Sparta", "New Military Tactics #2", "Rebel Outpost"]
    s = _settle(dict(hand=["Rebel Homeworld"], tableau=["New Sparta", "New Military Tactics", "New Military Tactics #2"],
                     actions=["settle"]), seat1)
    play(s, "settle Rebel Homeworld")  # 2 + 3 + 3 >= 7: both
    assert next_round(s)
    assert tableau(s, 0) == ["New Sparta", "Rebel Homeworld"]


def test_G4_new_military_tactics_may_be_discarded_beyond_need():
    # From the reference engine's game e2p4-0049 (round 7): Expedition Force's +1 conquers The Last of the Uplift
    # Gnarssh (defence 1), and the player discards New Military Tactics anyway (§4.3 Method B: +3 for each one
    # discarded now): galaxysim asks, once the world is conquered.
    s = _settle(dict(hand=["Rebel Outpost"], tableau=["New Sparta", "Space Marines", "New Military Tactics"],
                     actions=["settle"]))
    play(s, "settle Rebel Outpost")  # 2 + 2 >= 5? no: 4 < 5, New Military Tactics needed
    assert next_round(s)
    s = _settle(dict(hand=["Rebel Warrior Race"], tableau=["New Sparta", "Space Marines", "New Military Tactics"],
                     actions=["settle"]))
    play(s, "settle Rebel Warrior Race")  # defence 3 <= 2 + 2: conquered without it
    assert legal(s) == ["discard New Military Tactics for Military", "done"]
    play(s, "discard New Military Tactics for Military")
    assert next_round(s)
    assert sorted(tableau(s, 0)) == ["New Sparta", "Rebel Warrior Race", "Space Marines"]
    s = _settle(dict(hand=["Rebel Warrior Race"], tableau=["New Sparta", "Space Marines", "New Military Tactics"],
                     actions=["settle"]))
    play(s, "settle Rebel Warrior Race", "done")
    assert sorted(tableau(s, 0)) == ["New Military Tactics", "New Sparta", "Rebel Warrior Race", "Space Marines"]


def test_A27_reference_reading_new_military_tactics_with_any_world():
    # The reference engine (e1p4-0045, e1p5b-0014) lets a player discard New Military Tactics with a world it pays
    # for; galaxysim (A27) only with a conquest, unless asked to play that reading.
    seat0 = dict(hand=["Space Port", "Rebel Base", "Rebel Homeworld"], tableau=["Old Earth", "New Military Tactics"],
                 actions=["settle"])
    s = _settle(seat0)
    play(s, "settle Space Port")  # cost 2: both other cards, without a question
    assert next_round(s) and "New Military Tactics" in tableau(s, 0)
    ref = rftg.Game(players=2, reference_readings=["A27"])
    s = position(ref, "settle", players=[seat0, dict(tableau=["Epsilon Eridani"], actions=["settle"])])
    play(s, "settle Space Port")
    assert legal(s) == ["discard New Military Tactics for Military", "done"]
    play(s, "discard New Military Tactics for Military")
    assert next_round(s) and tableau(s, 0) == ["Old Earth", "Space Port"]


def test_A27_colony_ship_developed_this_round_works_in_settle():
    s = position(G2, "develop", deck_top=["Rebel Base", "Comet Zone"], players=[
        dict(hand=["Colony Ship", "Galactic Resort", "Rebel Homeworld"], tableau=["Old Earth"], actions=["develop"]),
        dict(tableau=["Epsilon Eridani"], actions=["settle"])])
    play(s, "develop Colony Ship")  # 2 - bonus = 1
    assert legal(s) == ["pay with Galactic Resort", "pay with Rebel Homeworld"]
    play(s, "pay with Rebel Homeworld")
    # Settle: Galactic Resort (3) with no other card: only Colony Ship can place it
    assert legal(s) == ["settle Galactic Resort", "pass"]
    play(s, "settle Galactic Resort")
    assert next_round(s)
    assert tableau(s, 0) == ["Old Earth", "Galactic Resort"] and goods(s, 0) == ["Galactic Resort"]
    assert hand(s, 0) == []  # seat 0 did not choose Settle

def test_A28_alien_rosetta_stone_world_is_not_an_alien_kind_world():
    # Alien Tech Institute's -2 for Alien worlds does not apply (no good kind): pays 3
    s = _settle(dict(hand=["Alien Rosetta Stone World"] + FILL[:4], tableau=["Old Earth", "Alien Tech Institute"],
                     actions=["settle"]))
    play(s, "settle Alien Rosetta Stone World")
    assert (s.decision, doc(s)["need"]) == ("pay", 3)
    # ...but it does apply to Deserted Alien Outpost (Alien windfall): 4 - 2 = 2
    s = _settle(dict(hand=["Deserted Alien Outpost"] + FILL[:3], tableau=["Old Earth", "Alien Tech Institute"],
                     actions=["settle"]))
    play(s, "settle Deserted Alien Outpost")
    assert (s.decision, doc(s)["need"]) == ("pay", 2)
    # Colony Ship may place Alien Rosetta Stone World, not an Alien-kind world
    s = _settle(dict(hand=["Alien Rosetta Stone World", "Deserted Alien Outpost"], tableau=["Old Earth", "Colony Ship"],
                     actions=["settle"]))
    assert legal(s) == ["settle Alien Rosetta Stone World", "pass"]
    # Alien Tech Institute scores the Alien keyword: itself 2 + Rosetta Stone 2 + Alien windfall 2
    s = position(G2, "choose_action", players=[
        dict(tableau=["Old Earth", "Alien Tech Institute", "Alien Rosetta Stone World", "Deserted Alien Outpost"]),
        dict(tableau=["Epsilon Eridani"])])
    assert s.score_parts(0)["six_cost"] == 6


def test_G3_colony_ship_offered_only_when_the_world_costs_something():
    # Replicant Robots makes Gem World free: no method question, Colony Ship stays
    s = _settle(dict(hand=["Gem World", FILL[0]], tableau=["Old Earth", "Colony Ship", "Replicant Robots"], actions=["settle"]),
                deck_top=["Comet Zone"])
    play(s, "settle Gem World")
    assert next_round(s)
    assert "Colony Ship" in tableau(s, 0)
    assert hand(s, 0) == ["Comet Zone", FILL[0]]
    # Galactic Resort costs 1: pay or Colony Ship (G8)
    s = _settle(dict(hand=["Galactic Resort", FILL[0]], tableau=["Old Earth", "Colony Ship", "Replicant Robots"],
                     actions=["settle"]))
    play(s, "settle Galactic Resort")
    assert (s.decision, s.current_player) == ("settle_method", 0)
    assert legal(s) == ["pay with cards", "discard Colony Ship (cost 0)"]


def test_G8_player_chooses_between_conquest_and_contact_specialist():
    s = _settle(dict(hand=["Rebel Warrior Race"] + FILL[:3], tableau=["New Sparta", "Contact Specialist", "Space Marines"],
                     actions=["settle"]), deck_top=["Rebel Base", "Comet Zone"])
    play(s, "settle Rebel Warrior Race")  # Military 2 - 1 + 2 = 3 = defence; Contact cost 2
    assert legal(s) == ["conquer with Military", "pay with Contact Specialist"]
    t = s.clone()
    play(t, "pay with Contact Specialist")
    assert (t.decision, doc(t)["need"]) == ("pay", 2)
    play(s, "conquer with Military")
    assert next_round(s)
    assert sorted(hand(s, 0)) == sorted(FILL[:3] + ["Comet Zone"])


# ---------------------------------------------------------------------------------------
# Consume: A7, A8, A11, A14, A15, A16, A17, A34, G6, G7, G10


def test_A7_trade_sale_is_mandatory():
    s = position(G2, "consume", players=[
        dict(tableau=["Alpha Centauri", "Artist Colony", "Gem World"], goods=["Artist Colony", "Gem World"], actions=["trade"]),
        dict(tableau=["Epsilon Eridani"], actions=["produce"])])
    assert (s.decision, s.current_player) == ("trade_good", 0)
    assert legal(s) == ["sell the good on Gem World", "sell the good on Artist Colony"]  # no "stop"


def test_A8_trade_then_consume_per_player_in_seat_order():
    top = ["Rebel Base", "Rebel Outpost", "Rebel Homeworld", "Pirate World", "Comet Zone", "Mining World", "Spice World"]
    # seat 1: New Earth (Rare) is sold for 3; its own consume power then has no good
    s = position(G2, "consume", deck_top=top, players=[
        dict(tableau=["Epsilon Eridani", "Artist Colony", "Gem World"], goods=["Artist Colony", "Gem World"], actions=["trade"]),
        dict(tableau=["Alpha Centauri", "New Earth"], goods=["New Earth"], actions=["trade"])])
    play(s, "sell the good on Artist Colony")  # Novelty: 2 cards
    # seat 0 consumes (Epsilon Eridani: 1 VP + 1 card) before seat 1 trades; all forced
    assert next_round(s)
    assert sorted(hand(s, 0)) == sorted(["Rebel Base", "Rebel Outpost", "Rebel Homeworld"])
    assert chips(s, 0) == 1 and goods(s, 0) == []
    assert sorted(hand(s, 1)) == sorted(["Pirate World", "Comet Zone", "Mining World"])  # Rare: 3 cards
    assert goods(s, 1) == []


def test_A11_vp_pool_runs_out_game_ends_at_round_end_and_vp_paid_in_full():
    s = position(G2, "consume", vp_pool=2, players=[
        dict(tableau=["Old Earth", "Artist Colony", "Gem World"], goods=["Artist Colony", "Gem World"], actions=["consume2x"]),
        dict(tableau=["Epsilon Eridani", "Spice World"], goods=["Spice World"], actions=["produce"])])
    # all forced: seat 0 consumes 2 goods (2 x 1 VP, doubled), seat 1 1 good; then Produce still happens
    assert s.is_terminal()
    assert (chips(s, 0), chips(s, 1), s.vp_pool) == (4, 1, -3)
    assert goods(s, 1) == ["Spice World"]  # produced after the pool ran out: the round was completed
    assert s.scores() == [4 + 2 + 1 + 1, 1 + 1 + 1]


def test_A11_pool_not_empty_game_goes_on():
    s = position(G2, "consume", vp_pool=5, players=[
        dict(tableau=["Old Earth", "Artist Colony", "Gem World"], goods=["Artist Colony", "Gem World"], actions=["consume2x"]),
        dict(tableau=["Epsilon Eridani"], actions=["produce"])])
    assert next_round(s) and s.vp_pool == 1


def test_A14_consume_order_is_free_and_up_to_n_takes_all():
    def start():
        return position(G2, "consume", deck_top=["Rebel Base"], players=[
            dict(tableau=["Old Earth", "New Earth", "Artist Colony"], goods=["New Earth", "Artist Colony"], actions=["consume2x"]),
            dict(tableau=["Epsilon Eridani"], actions=["consume2x"])])
    s = start()
    assert (s.decision, s.current_player) == ("consume_power", 0)
    assert legal(s) == ["use consume power 0 of Old Earth", "use consume power 0 of New Earth"]  # mandatory: no stop
    # Old Earth first: "up to 2" must take both goods; New Earth is then unusable
    play(s, "use consume power 0 of Old Earth")
    assert next_round(s)
    assert (chips(s, 0), hand(s, 0), goods(s, 0)) == (4, [], [])
    # New Earth first: one good (player's choice), then Old Earth takes the other
    s = start()
    play(s, "use consume power 0 of New Earth")
    assert legal(s) == ["consume the good on Artist Colony", "consume the good on New Earth"]
    play(s, "consume the good on Artist Colony")
    assert next_round(s)
    assert (chips(s, 0), hand(s, 0), goods(s, 0)) == (4, ["Rebel Base"], [])


def test_A15_pilgrimage_world_with_one_good_is_still_used():
    s = position(G2, "consume", players=[
        dict(tableau=["Alpha Centauri", "Pilgrimage World"], goods=["Alpha Centauri"], actions=["consume2x"]),
        dict(tableau=["Epsilon Eridani"], actions=["consume2x"])])
    assert next_round(s)
    assert (goods(s, 0), chips(s, 0)) == ([], 0)
    s = position(G2, "consume", players=[
        dict(tableau=["Alpha Centauri", "Pilgrimage World", "Artist Colony", "Gem World"],
             goods=["Alpha Centauri", "Artist Colony", "Gem World"], actions=["consume2x"]),
        dict(tableau=["Epsilon Eridani"], actions=["consume2x"])])
    assert next_round(s)
    assert (goods(s, 0), chips(s, 0)) == ([], 4)  # (3 - 1) VP, doubled


def test_A16_tourist_world_needs_two_goods():
    s = position(G2, "consume", players=[
        dict(tableau=["Alpha Centauri", "Tourist World"], goods=["Alpha Centauri"], actions=["consume2x"]),
        dict(tableau=["Epsilon Eridani"], actions=["consume2x"])])
    assert next_round(s)
    assert (goods(s, 0), chips(s, 0)) == (["Alpha Centauri"], 0)
    s = position(G2, "consume", players=[
        dict(tableau=["Alpha Centauri", "Tourist World", "Artist Colony"], goods=["Alpha Centauri", "Artist Colony"],
             actions=["trade"]),
        dict(tableau=["Epsilon Eridani"], actions=["consume2x"])])
    # seat 0 must first sell one good (A7), leaving one: Tourist World is then unusable
    play(s, "sell the good on Artist Colony")
    assert next_round(s)
    assert (goods(s, 0), chips(s, 0), len(hand(s, 0))) == (["Alpha Centauri"], 0, 2)
    s = position(G2, "consume", players=[
        dict(tableau=["Alpha Centauri", "Tourist World", "Artist Colony"], goods=["Alpha Centauri", "Artist Colony"],
             actions=["produce"]),
        dict(tableau=["Epsilon Eridani"], actions=["consume2x"])])
    assert next_round(s) and chips(s, 0) == 3  # both goods for 3 VP (then Produce refills both worlds)


def test_A16_diversified_economy_needs_three_kinds():
    s = position(G2, "consume", players=[
        dict(tableau=["Alpha Centauri", "Diversified Economy", "Artist Colony", "Gem World"],
             goods=["Alpha Centauri", "Artist Colony", "Gem World"], actions=["consume2x"]),
        dict(tableau=["Epsilon Eridani"], actions=["consume2x"])])
    assert next_round(s) and chips(s, 0) == 0 and len(goods(s, 0)) == 3  # two kinds only
    s = position(G2, "consume", players=[
        dict(tableau=["Alpha Centauri", "Diversified Economy", "Artist Colony", "Gem World", "Plague World"],
             goods=["Alpha Centauri", "Artist Colony", "Gem World", "Plague World"], actions=["consume2x"]),
        dict(tableau=["Epsilon Eridani"], actions=["consume2x"])])
    assert legal(s) == ["use consume power 0 of Plague World", "use consume power 0 of Diversified Economy"]
    play(s, "use consume power 0 of Diversified Economy")
    # one good of each of three kinds, in increasing world order: Alpha Centauri (the only Rare) is
    # forced, then one of the two Novelty goods, then Plague World (Genes, forced)
    assert legal(s) == ["consume the good on Gem World", "consume the good on Artist Colony"]
    play(s, "consume the good on Artist Colony")
    assert next_round(s)
    # 3 VP doubled; Plague World's Genes power has nothing left
    assert chips(s, 0) == 6 and goods(s, 0) == ["Gem World"]


def test_A17_black_market_trading_world_is_mandatory_without_trade_bonuses():
    s = position(G2, "consume", players=[
        dict(tableau=["Alpha Centauri", "Black Market Trading World", "Export Duties"], goods=["Alpha Centauri"],
             actions=["explore5"]),
        dict(tableau=["Epsilon Eridani"], actions=["consume2x"])])
    # seat 0 did not choose Consume: Black Market still sells the good, Rare = 3 cards (Export Duties ignored)
    assert next_round(s)
    assert goods(s, 0) == [] and chips(s, 0) == 0
    assert len(hand(s, 0)) == 3


def test_A17_trade_league_trades_with_all_trade_bonuses():
    s = position(G2, "consume", players=[
        dict(tableau=["Alpha Centauri", "Trade League", "Export Duties"], goods=["Alpha Centauri"], actions=["produce"]),
        dict(tableau=["Epsilon Eridani"], actions=["consume2x"])])
    # Rare 3 + Trade League 1 + Export Duties 1; then Produce bonus refills Alpha Centauri
    assert next_round(s)
    assert len(hand(s, 0)) == 5 and chips(s, 0) == 0
    s = position(G2, "consume", players=[
        dict(tableau=["Old Earth", "Trade League", "Pirate World"], goods=["Pirate World"], actions=["produce"]),
        dict(tableau=["Epsilon Eridani"], actions=["consume2x"])])
    # Old Earth's own consume power competes for the single good: the player picks the order
    assert legal(s) == ["use consume power 0 of Old Earth", "use consume power 0 of Trade League"]
    play(s, "use consume power 0 of Trade League")
    # Novelty 2 + Old Earth 1 + Trade League 1 + Pirate World (this world) 3
    assert len(hand(s, 0)) == 7 and chips(s, 0) == 0


def test_A34_windfall_good_settled_this_round_is_consumed_this_round():
    s = position(G2, "settle", deck_top=["Rebel Base", "Comet Zone", "Mining World"], players=[
        dict(hand=["Galactic Resort"] + FILL[:3], tableau=["Old Earth"], actions=["settle"]),
        dict(tableau=["Epsilon Eridani"], actions=["consume2x"])])
    play(s, "settle Galactic Resort")  # pays all 3 other cards (forced), draws Comet Zone
    assert (s.decision, s.current_player) == ("consume_power", 0)
    # Galactic Resort's own power already works in this Consume phase
    assert legal(s) == ["use consume power 0 of Old Earth", "use consume power 0 of Galactic Resort"]
    play(s, "use consume power 0 of Galactic Resort")
    assert next_round(s)
    assert (chips(s, 0), goods(s, 0)) == (1, [])
    assert hand(s, 0) == ["Comet Zone", "Mining World"]


def test_G6_a_consumed_good_is_one_card_to_the_discard_pile():
    s = position(G2, "consume", good_cards=["Rebel Base", "Rebel Outpost"], players=[
        dict(tableau=["Epsilon Eridani", "Artist Colony", "Gem World"], goods=["Artist Colony", "Gem World"], actions=["consume2x"]),
        dict(tableau=["Old Earth"], actions=["develop"])])
    assert (s.decision, s.current_player) == ("consume_good", 0)
    play(s, "consume the good on Gem World")
    assert next_round(s)
    d = doc(s)
    assert goods(s, 0) == ["Artist Colony"]
    assert len(d["good_cards"]) == 1 and len(d["discard"]) == 1
    assert sorted(d["good_cards"] + d["discard"]) == ["Rebel Base", "Rebel Outpost"]


def test_G7_identical_consume_powers_are_offered_once():
    s = position(G2, "consume", players=[
        dict(tableau=["Earth's Lost Colony", "Public Works", "Terraformed World", "Outlaw World", "Artist Colony", "Gem World"],
             goods=["Earth's Lost Colony", "Artist Colony", "Gem World"], actions=["produce"]),
        dict(tableau=["Epsilon Eridani"], actions=["consume2x"])])
    # Earth's Lost Colony, Public Works and Terraformed World: "1 good -> 1 VP", listed once
    assert legal(s) == ["use consume power 0 of Earth's Lost Colony", "use consume power 0 of Outlaw World"]
    play(s, "use consume power 0 of Earth's Lost Colony")
    assert legal(s) == ["consume the good on Earth's Lost Colony", "consume the good on Gem World",
                        "consume the good on Artist Colony"]
    play(s, "consume the good on Gem World")
    assert legal(s) == ["use consume power 0 of Public Works", "use consume power 0 of Outlaw World"]


def test_G10_deficit_spending_one_card_at_a_time_may_stop_not_doubled():
    s = position(G2, "consume", players=[
        dict(hand=["Gem World", "Comet Zone", "Spice World"], tableau=["Old Earth", "Deficit Spending"], actions=["consume2x"]),
        dict(tableau=["Epsilon Eridani"], actions=["produce"])])
    assert legal(s) == ["use consume power 0 of Deficit Spending", "stop"]
    play(s, "use consume power 0 of Deficit Spending")
    assert s.decision == "consume_hand"
    assert legal(s) == ["discard Gem World for VP", "discard Comet Zone for VP", "discard Spice World for VP", "stop"]
    play(s, "discard Comet Zone for VP")
    assert legal(s) == ["discard Spice World for VP", "stop"]
    play(s, "stop")
    assert next_round(s)
    assert (chips(s, 0), hand(s, 0)) == (1, ["Gem World", "Spice World"])


def test_A32_gambling_world_lucky_draw():
    def start(top):
        return position(G2, "consume", deck_top=[top], players=[
            dict(tableau=["Alpha Centauri", "Gambling World"], actions=["produce"]),
            dict(tableau=["Epsilon Eridani"], actions=["consume2x"])])
    s = start("Comet Zone")
    assert (s.decision, s.current_player) == ("lucky_number", 0)  # the only usable power, used
    assert legal(s) == [f"name {n} for the lucky draw" for n in range(1, 8)]
    t = s.clone()
    play(s, "name 3 for the lucky draw")
    assert hand(s, 0) == ["Comet Zone"]
    play(t, "name 4 for the lucky draw")
    assert hand(t, 0) == [] and "Comet Zone" in doc(t)["discard"]
    s = start("Galactic Federation")  # six-cost development
    play(s, "name 6 for the lucky draw")
    assert hand(s, 0) == ["Galactic Federation"]
    s = start("Rebel Base")  # military world: its defence
    play(s, "name 6 for the lucky draw")
    assert hand(s, 0) == ["Rebel Base"]


# ---------------------------------------------------------------------------------------
# Produce: A18-A22, G9


def test_A18_produced_goods_count_produce_bonus_not_settle_windfall():
    s = position(G2, "produce", players=[
        dict(tableau=["Earth's Lost Colony", "Consumer Markets", "Galactic Resort"], actions=["produce"]),
        dict(tableau=["Epsilon Eridani"], actions=["settle"])])
    assert next_round(s)
    assert goods(s, 0) == ["Earth's Lost Colony", "Galactic Resort"]
    assert len(hand(s, 0)) == 2  # 2 Novelty goods produced
    s = position(G2, "settle", players=[
        dict(hand=["Refugee World"], tableau=["Earth's Lost Colony", "Consumer Markets"], actions=["settle"]),
        dict(tableau=["Epsilon Eridani"], actions=["produce"])])
    play(s, "settle Refugee World")  # windfall good at placement: not produced
    assert next_round(s)
    assert len(hand(s, 0)) == 1 + 1  # Settle bonus + 1 Novelty produced


def test_A19_mining_conglomerate_needs_strictly_most_rare():
    def run(seat1_goods, seat0_goods=()):
        return position(G2, "produce", players=[
            dict(tableau=["Old Earth", "Mining Conglomerate", "Comet Zone"], goods=list(seat0_goods), actions=["produce"]),
            dict(tableau=["Epsilon Eridani", "Mining World"], goods=list(seat1_goods), actions=["produce"])])
    s = run([])  # 1 - 1: tie, only the produce-and-draw worlds draw
    assert next_round(s) and (len(hand(s, 0)), len(hand(s, 1))) == (1, 1)
    s = run(["Mining World"])  # 1 - 0: Comet Zone 1 + Mining Conglomerate 2
    assert next_round(s) and (len(hand(s, 0)), len(hand(s, 1))) == (3, 0)
    s = run(["Mining World"], ["Comet Zone"])  # 0 - 0: nobody
    assert next_round(s) and (len(hand(s, 0)), len(hand(s, 1))) == (0, 0)


def test_A20_draw_if_produced_only_in_produce_phase():
    s = position(G2, "settle", deck_top=["Rebel Base", "Comet Zone"], players=[
        dict(hand=["Runaway Robots"], tableau=["Epsilon Eridani"], actions=["settle"]),
        dict(tableau=["Old Earth"], actions=["settle"])])
    play(s, "settle Runaway Robots")  # Military 1 conquers defence 1
    assert next_round(s)
    assert goods(s, 0) == ["Runaway Robots"] and hand(s, 0) == ["Comet Zone"]  # Settle bonus only
    s = position(G2, "produce", players=[
        dict(tableau=["Epsilon Eridani", "Runaway Robots", "Gem World"], goods=["Gem World"], actions=["produce"]),
        dict(tableau=["Old Earth"], actions=["settle"])])
    assert next_round(s)
    assert goods(s, 0) == ["Gem World", "Runaway Robots"]
    assert len(hand(s, 0)) == 1  # Runaway Robots (Produce bonus); Gem World produced nothing
    s = position(G2, "produce", players=[
        dict(tableau=["Epsilon Eridani", "Runaway Robots", "Gem World"], actions=["produce"]),
        dict(tableau=["Old Earth"], actions=["settle"])])
    assert next_round(s) and len(hand(s, 0)) == 2


def test_A21_produce_bonus_world_is_chosen_and_lost_without_target():
    s = position(G2, "produce", players=[
        dict(tableau=["Epsilon Eridani", "Asteroid Belt", "Pre-Sentient Race"], actions=["produce"]),
        dict(tableau=["Old Earth"], actions=["settle"])])
    assert (s.decision, s.current_player) == ("windfall_world", 0)
    assert legal(s) == ["produce on Pre-Sentient Race", "produce on Asteroid Belt"]
    play(s, "produce on Asteroid Belt")
    assert next_round(s) and goods(s, 0) == ["Asteroid Belt"]
    s = position(G2, "produce", players=[
        dict(tableau=["Epsilon Eridani", "Asteroid Belt"], goods=["Asteroid Belt"], actions=["produce"]),
        dict(tableau=["Old Earth"], actions=["settle"])])
    assert next_round(s) and goods(s, 0) == ["Asteroid Belt"]


def test_A22_windfall_power_is_mandatory_and_fills_one_world():
    s = position(G2, "produce", players=[
        dict(tableau=["Alpha Centauri", "Mining Robots", "Asteroid Belt"], actions=["settle"]),
        dict(tableau=["Old Earth"], actions=["produce"])])
    assert (s.decision, s.current_player) == ("windfall_world", 0)
    assert legal(s) == ["produce on Alpha Centauri", "produce on Asteroid Belt"]  # no "stop"
    play(s, "produce on Asteroid Belt")
    assert next_round(s) and goods(s, 0) == ["Asteroid Belt"]


def test_G9_produce_bonus_and_windfall_powers_class_then_world():
    s = position(G2, "produce", players=[
        dict(tableau=["Alpha Centauri", "Mining Robots", "Pre-Sentient Race"], actions=["produce"]),
        dict(tableau=["Old Earth"], actions=["settle"])])
    assert (s.decision, s.current_player) == ("windfall_power", 0)
    assert legal(s) == ["windfall production: any kind", "windfall production: Rare"]
    t = s.clone()
    play(t, "windfall production: any kind")
    assert legal(t) == ["produce on Alpha Centauri", "produce on Pre-Sentient Race"]
    play(t, "produce on Alpha Centauri")  # the Rare power has nothing left: lost
    assert next_round(t) and goods(t, 0) == ["Alpha Centauri"]
    play(s, "windfall production: Rare")  # one Rare target: filled; the bonus then fills the other
    assert next_round(s) and goods(s, 0) == ["Alpha Centauri", "Pre-Sentient Race"]


# ---------------------------------------------------------------------------------------
# Explore, deck: A12, A13, A29, G5


def test_A29_explore_keeps_only_from_new_cards():
    s = position(G2, "explore", deck_top=["Comet Zone", "Mining World", "Spice World", "Rebel Base", "New Earth"], players=[
        dict(hand=["Gem World", "Artist Colony"], tableau=["Old Earth"], actions=["explore11"]),
        dict(tableau=["Epsilon Eridani"], actions=["produce"])])
    # seat 0 draws 3 (Comet Zone, Mining World, Spice World), keeps 2; seat 1 draws 2
    assert (s.decision, s.current_player) == ("explore_keep", 0)
    assert doc(s)["players"][0]["explored"] == ["Comet Zone", "Spice World", "Mining World"]
    assert legal(s) == ["keep Comet Zone", "keep Spice World"]  # two to keep, in increasing order (G1)
    play(s, "keep Comet Zone")
    assert legal(s) == ["keep Spice World", "keep Mining World"]
    play(s, "keep Mining World")
    assert sorted(hand(s, 0)) == sorted(["Gem World", "Artist Colony", "Comet Zone", "Mining World"])
    assert "Spice World" in doc(s)["discard"]
    assert (s.decision, s.current_player) == ("explore_keep", 1)
    assert legal(s) == ["keep New Earth", "keep Rebel Base"]


def test_A12_empty_deck_and_discard_no_draw():
    mine = ["Old Earth", "Epsilon Eridani"]
    rest = rest_of(mine, ["Comet Zone"])
    half = len(rest) // 2
    s = position(G2, "explore", deck_top=["Comet Zone"], players=[
        dict(hand=rest[:half], tableau=["Old Earth"], actions=["explore5"]),
        dict(hand=rest[half:], tableau=["Epsilon Eridani"], actions=["produce"])])
    # seat 0 draws the only card and keeps it without being asked (keep min(1, 1)); seat 1 draws nothing
    assert (s.decision, s.current_player) == ("hand_limit", 0)
    d = doc(s)
    assert d["deck"] == [] and d["discard"] == [] and d["deck_top"] == []
    assert "Comet Zone" in hand(s, 0) and len(hand(s, 0)) == half + 1
    assert len(hand(s, 1)) == len(rest) - half


def test_A12_no_good_when_deck_and_discard_are_empty():
    rest = rest_of(["Old Earth", "Earth's Lost Colony", "Artist Colony"])
    s = position(G2, "produce", players=[
        dict(tableau=["Earth's Lost Colony", "Artist Colony"], hand=rest[:5], actions=["produce"]),
        dict(tableau=["Old Earth"], hand=rest[5:], actions=["settle"])])
    assert goods(s, 0) == []
    assert s.decision == "hand_limit"


def test_A13_reshuffle_when_the_deck_runs_out_mid_phase():
    used = ["Old Earth", "Epsilon Eridani", "Comet Zone", "Gem World", "Spice World", "Mining World"]
    rest = rest_of(used)
    s = position(G2, "explore", deck_top=["Comet Zone"], discard=["Gem World", "Spice World", "Mining World"], players=[
        dict(hand=rest[:50], tableau=["Old Earth"], actions=["produce"]),
        dict(hand=rest[50:], tableau=["Epsilon Eridani"], actions=["produce"])])
    assert (s.decision, s.current_player) == ("explore_keep", 0)
    d = doc(s)
    e0, e1 = d["players"][0]["explored"], d["players"][1]["explored"]
    assert "Comet Zone" in e0 and len(e0) == 2 and len(e1) == 2
    assert sorted(e0 + e1) == sorted(["Comet Zone", "Gem World", "Spice World", "Mining World"])
    assert d["deck"] == [] and d["discard"] == []
    play(s, legal(s)[0])
    play(s, legal(s)[0])
    # the Explore discards go to the (new) discard pile only after all draws
    d = doc(s)
    assert len(d["discard"]) == 2 and d["deck"] == []


def test_G5_deck_top_is_drawn_first_then_uniform_random():
    used = ["Old Earth", "Epsilon Eridani", "Comet Zone", "Gem World", "Spice World", "Mining World"]
    rest = rest_of(used)
    counts = Counter()
    trials = 400
    for rng in range(trials):
        s = position(G2, "explore", rng=rng, deck=["Comet Zone", "Gem World", "Spice World", "Mining World"], players=[
            dict(hand=rest[:50], tableau=["Old Earth"], actions=["produce"]),
            dict(hand=rest[50:], tableau=["Epsilon Eridani"], actions=["produce"])])
        counts.update(doc(s)["players"][0]["explored"])
    # each of the 4 cards lands in seat 0's 2 draws with probability 1/2
    assert set(counts) == {"Comet Zone", "Gem World", "Spice World", "Mining World"}
    for n in counts.values():
        assert 140 <= n <= 260


# ---------------------------------------------------------------------------------------
# Develop: A25, A30


def test_A25_advanced_double_develop():
    s = position(GADV, "develop", players=[
        dict(hand=["Investment Credits", "Investment Credits #2", "Space Marines", "Galactic Federation"], tableau=["Old Earth"],
             actions=["develop", "develop2"]),
        dict(hand=["Drop Ships", "Export Duties"] + WFILL[:4], tableau=["Epsilon Eridani"], actions=["develop", "settle"])])
    assert legal(s) == ["develop Space Marines", "develop Investment Credits", "pass"]
    play(s, "develop Investment Credits")  # 1 - bonus = 0
    assert legal(s) == ["develop Export Duties", "develop Drop Ships", "pass"]
    play(s, "develop Drop Ships")  # 4 - bonus = 3
    assert (s.decision, s.current_player, doc(s)["need"]) == ("pay", 1, 3)
    play(s, "pay with Lost Alien Battle Fleet", "pay with Rebel Homeworld", "pay with Deserted Alien Library")
    # second Develop phase: Investment Credits works now; the duplicate rule still holds
    assert (s.decision, s.current_player) == ("develop_select", 0)
    assert legal(s) == ["develop Space Marines", "pass"]
    play(s, "develop Space Marines")  # 2 - bonus - Investment Credits = 0
    # seat 1 chose one Develop: no bonus in the second phase
    assert legal(s) == ["develop Export Duties", "pass"]
    play(s, "develop Export Duties")  # pays 1 with its last card (forced)
    assert next_round(s)  # then Settle: nothing to place, no Settle bonus without a world (A30)
    assert tableau(s, 0) == ["Old Earth", "Space Marines", "Investment Credits"]
    assert hand(s, 0) == ["Investment Credits #2", "Galactic Federation"]
    assert tableau(s, 1) == ["Epsilon Eridani", "Export Duties", "Drop Ships"]
    assert hand(s, 1) == []


def test_A25_advanced_double_settle_bonus_only_for_the_double_chooser():
    s = position(GADV, "settle", deck_top=["Galactic Federation", "Galactic Renaissance", "Merchant Guild", "New Economy"],
                 players=[
                     dict(hand=["Artist Colony", "Secluded World", "Trade League", "Mining League"], tableau=["Old Earth"],
                          actions=["settle", "settle2"]),
                     dict(hand=["Pilgrimage World", "Refugee World"], tableau=["Epsilon Eridani"], actions=["settle", "produce"])])
    play(s, "settle Artist Colony", "settle Pilgrimage World")
    assert (s.decision, s.current_player) == ("pay", 0)
    play(s, "pay with Trade League")
    # second Settle phase
    assert (s.decision, s.current_player) == ("settle_select", 0)
    # seat 0 drew Galactic Federation (bonus), seat 1 Galactic Renaissance (bonus, first phase)
    assert hand(s, 0) == ["Mining League", "Galactic Federation", "Secluded World"]
    assert hand(s, 1) == ["Refugee World", "Galactic Renaissance"]
    play(s, "settle Secluded World", "settle Refugee World")  # Merchant Guild: Refugee World's good
    assert (s.decision, s.current_player) == ("pay", 0)
    play(s, "pay with Mining League")
    assert next_round(s)
    assert tableau(s, 0) == ["Old Earth", "Artist Colony", "Secluded World"]
    assert tableau(s, 1) == ["Epsilon Eridani", "Refugee World", "Pilgrimage World"]
    # seat 0 draws its bonus again (New Economy); seat 1 had one Settle card: no bonus now
    assert hand(s, 0) == ["Galactic Federation", "New Economy"]
    assert hand(s, 1) == ["Galactic Renaissance"]
    assert "Merchant Guild" in doc(s)["good_cards"]


def test_A25_advanced_both_explore_cards_draw_8_keep_2():
    s = position(GADV, "explore", players=[dict(tableau=["Old Earth"], actions=["explore5", "explore11"]),
                                           dict(tableau=["Epsilon Eridani"], actions=["develop", "settle"])])
    assert (s.decision, s.current_player) == ("explore_keep", 0)
    assert (len(doc(s)["players"][0]["explored"]), doc(s)["need"]) == (8, 2)


def test_A25_advanced_both_consume_cards_trade_then_double():
    s = position(GADV, "consume", players=[
        dict(tableau=["Old Earth", "Artist Colony", "Gem World", "Comet Zone"], goods=["Artist Colony", "Gem World", "Comet Zone"],
             actions=["trade", "consume2x"]),
        dict(tableau=["Epsilon Eridani"], actions=["develop", "settle"])])
    assert legal(s) == ["sell the good on Gem World", "sell the good on Comet Zone", "sell the good on Artist Colony"]
    play(s, "sell the good on Comet Zone")  # Rare 3 + Old Earth 1
    assert next_round(s)
    assert (len(hand(s, 0)), chips(s, 0), goods(s, 0)) == (4, 4, [])  # Old Earth: 2 goods x 1 VP x 2


def test_A25_advanced_action_cards_two_different_in_increasing_order():
    s = position(GADV, "choose_action", players=[dict(tableau=["Old Earth"]), dict(tableau=["Epsilon Eridani"])])
    assert legal(s) == ["choose Explore +5", "choose Explore +1/+1", "choose Develop", "choose Settle", "choose Consume-Trade",
                        "choose Consume-x2"]
    play(s, "choose Develop")
    assert legal(s) == ["choose Develop (second)", "choose Settle", "choose Consume-Trade", "choose Consume-x2",
                        "choose Produce"]
    play(s, "choose Develop (second)")
    assert s.current_player == 1


def test_A30_settle_bonus_without_a_world_draws_nothing():
    s = position(G2, "settle", deck_top=["Comet Zone"], players=[
        dict(hand=["Artist Colony", FILL[0]], tableau=["Old Earth"], actions=["settle"]),
        dict(tableau=["Epsilon Eridani"], actions=["produce"])])
    play(s, "pass")
    assert next_round(s) and hand(s, 0) == ["Artist Colony", FILL[0]]

def test_A30_develop_bonus_with_cost_zero_gives_nothing_back():
    s = position(G2, "develop", players=[
        dict(hand=["Export Duties", FILL[0]], tableau=["Old Earth", "Investment Credits"], actions=["develop"]),
        dict(tableau=["Epsilon Eridani"], actions=["develop"])])
    play(s, "develop Export Duties")  # 1 - 1 - 1 -> 0
    assert next_round(s)
    assert hand(s, 0) == [FILL[0]]


def test_A30_interstellar_bank_draws_without_placing():
    s = position(G2, "develop", deck_top=["Rebel Base", "Comet Zone"], players=[
        dict(tableau=["Old Earth", "Interstellar Bank"], actions=["develop"]),
        dict(tableau=["Epsilon Eridani"], actions=["develop"])])
    # the drawn world cannot be developed: the only choice (pass) is automatic
    assert next_round(s)
    assert hand(s, 0) == ["Rebel Base"] and hand(s, 1) == []


def test_A30_public_works_does_not_reward_its_own_placement():
    s = position(G2, "develop", deck_top=["Rebel Base", "Comet Zone"], players=[
        dict(hand=["Public Works", FILL[0]], tableau=["Old Earth"], actions=["develop"]),
        dict(tableau=["Epsilon Eridani"], actions=["develop"])])
    play(s, "develop Public Works")
    assert next_round(s) and hand(s, 0) == [FILL[0]]


# ---------------------------------------------------------------------------------------
# Scoring and game end: A9, A10, A23, A24, A33


TWELVE = ["Old Earth", "Expedition Force", "Export Duties", "Space Marines", "Drop Ships", "Investment Credits",
          "Public Works", "Genetics Lab", "Research Labs", "Interstellar Bank", "Mining Robots", "Gem World"]


def _final(hand0, hand1, goods1, chips0=0, chips1=0):
    return position(G2, "hand_limit", round=9, players=[
        dict(hand=hand0, tableau=TWELVE, chips=chips0),
        dict(hand=hand1, tableau=["Epsilon Eridani", "Artist Colony"], goods=goods1, chips=chips1)])


def test_A9_tie_break_is_hand_plus_goods():
    base = _final([], [], [])
    assert base.is_terminal()
    cards0, cards1 = base.scores()
    gap = cards0 - cards1  # give seat 1 chips to tie
    s = _final(["Comet Zone", "Mining World", "Spice World"], ["New Earth", "Rebel Base"], ["Artist Colony"], chips1=gap)
    assert s.is_terminal() and s.scores()[0] == s.scores()[1]
    assert s.winners() == [0, 1]  # 3 = 2 + 1: shared
    s = _final(["Comet Zone", "Mining World"], ["New Earth", "Rebel Base"], ["Artist Colony"], chips1=gap)
    assert s.winners() == [1]
    s = _final(["Comet Zone", "Mining World", "Spice World", "New Vinland"], ["New Earth", "Rebel Base"], ["Artist Colony"],
               chips1=gap)
    assert s.winners() == [0]


def test_A10_game_ends_at_the_end_of_the_round():
    def start(tab):
        return position(G2, "settle", players=[
            dict(hand=["Artist Colony", FILL[0]], tableau=tab, actions=["settle"]),
            dict(tableau=["Earth's Lost Colony"], actions=["produce"])])
    s = start(TWELVE[:11])
    play(s, "settle Artist Colony")
    # 12 cards after Settle; Produce and the hand limit still happen, then the game is over
    assert s.is_terminal() and s.current_player == -1 and s.decision == "none"
    assert len(tableau(s, 0)) == 12
    assert goods(s, 0) == ["Artist Colony"] and goods(s, 1) == ["Earth's Lost Colony"]
    s = start(TWELVE[:10])
    play(s, "settle Artist Colony")
    assert next_round(s) and not s.is_terminal()


def test_A23_new_galactic_order_counts_a_negative_total():
    s = position(G2, "choose_action", players=[
        dict(tableau=["Alpha Centauri", "New Galactic Order", "Contact Specialist", "Contact Specialist #2", "Refugee World",
                      "Empath World", "New Military Tactics"]),
        dict(tableau=["Epsilon Eridani"])])
    # +2 -1 -1 -1 -1; New Military Tactics (temporary) and Alpha Centauri (vs Rare) not counted
    assert s.score_parts(0)["six_cost"] == -2
    assert s.score_parts(0)["total"] == 0 + 0 + 1 + 1 + 1 + 1 + 1 - 2


def test_A24_six_cost_bonus_first_matching_line_only():
    s = position(G2, "choose_action", players=[
        dict(tableau=["Old Earth", "Pan-Galactic League", "Rebel Warrior Race", "Rebel Outpost", "Contact Specialist",
                      "Malevolent Lifeforms"]),
        dict(tableau=["Epsilon Eridani"])])
    # Rebel Warrior Race: Genes windfall 2 (not + military 1); Malevolent Lifeforms: Genes production 2;
    # Rebel Outpost: military 1; Contact Specialist 3
    assert s.score_parts(0)["six_cost"] == 2 + 2 + 1 + 3


def test_A24_galactic_imperium_worked_example():
    s = position(G2, "choose_action", players=[
        dict(tableau=["New Sparta", "Galactic Imperium", "Rebel Base", "Rebel Outpost", "Pirate World"]),
        dict(tableau=["Epsilon Eridani"])])
    assert s.score_parts(0)["six_cost"] == 6


def _six_cost(tab):
    s = position(G2, "choose_action", players=[dict(tableau=tab), dict(tableau=["Old Earth"])])
    return s.score_parts(0)["six_cost"]


def test_A24_six_cost_developments_count_themselves():
    assert _six_cost(["Epsilon Eridani", "Galactic Survey: SETI"]) == 1 + 1  # itself (Explore power) + a world
    assert _six_cost(["Epsilon Eridani", "Galactic Federation", "Export Duties"]) == 2 + 1
    # A17: Black Market Trading World and Trade League's "trade a good" are consume powers;
    # New Economy: itself 2 + Trade League 2 + Black Market 1 + Epsilon Eridani 1;
    # Trade League: itself 2 (its $ power); Black Market has no $ power
    assert _six_cost(["Epsilon Eridani", "New Economy", "Trade League", "Black Market Trading World"]) == 6 + 2
    assert _six_cost(["Epsilon Eridani", "Galactic Renaissance", "Artist Colony"]) == 3
    s = position(G2, "choose_action", players=[dict(tableau=["Epsilon Eridani", "Galactic Renaissance"], chips=8),
                                                dict(tableau=["Old Earth"])])
    assert s.score_parts(0)["six_cost"] == 2  # 8 chips // 3

def test_A33_thirty_round_cap():
    s = position(G2, "hand_limit", round=30, players=[dict(tableau=["Old Earth"]), dict(tableau=["Epsilon Eridani"])])
    assert s.is_terminal()
    s = position(G2, "hand_limit", round=29, players=[dict(tableau=["Old Earth"]), dict(tableau=["Epsilon Eridani"])])
    assert next_round(s) and s.round == 30


def test_A35_card_names():
    names = {c["name"] for c in rftg.card_table("base")}
    assert {"Empath World", "New Military Tactics", "Deficit Spending"} <= names
    assert not {"Empathy World", "New Military Tactits", "Defict Spending"} & names
    with pytest.raises(rftg.RulesError, match="Empath World"):
        position(G2, "choose_action", players=[dict(tableau=["Old Earth"], hand=["Empathy World"]),
                                               dict(tableau=["Epsilon Eridani"])])


# ---------------------------------------------------------------------------------------
# G1, G2, G11


def test_G1_payment_one_card_at_a_time_lowest_copy_only():
    s = _settle(dict(hand=["Galactic Resort", "Public Works", "Colony Ship", "Colony Ship #2", "Export Duties"],
                     tableau=["Old Earth"], actions=["settle"]), deck_top=["Rebel Base", "Comet Zone"])
    play(s, "settle Galactic Resort")
    assert (s.decision, doc(s)["need"]) == ("pay", 3)
    # three of four, increasing order: the first pick is one of the two lowest; one Colony Ship listed
    assert legal(s) == ["pay with Public Works", "pay with Colony Ship"]
    play(s, "pay with Colony Ship")
    # then only cards above it: Colony Ship #2 and Export Duties, both needed (forced)
    assert next_round(s)
    assert hand(s, 0) == ["Public Works", "Comet Zone"]  # + Settle bonus


def test_G2_single_legal_action_is_never_asked():
    s = position(G3, "settle", players=[
        dict(hand=["Artist Colony", FILL[0]], tableau=["Old Earth"], actions=["settle"]),
        dict(hand=["Rebel Base"], tableau=["Epsilon Eridani"], actions=["produce"]),
        dict(hand=["Spice World", FILL[1], FILL[2]], tableau=["Alpha Centauri"], actions=["produce"])])
    assert (s.decision, s.current_player) == ("settle_select", 0)
    play(s, "settle Artist Colony")
    assert (s.decision, s.current_player) == ("settle_select", 2)  # seat 1 could only pass
    play(s, "pass")
    # seat 0's payment has one choice (its only other card): automatic
    assert s.decision != "pay"
    assert "Artist Colony" in tableau(s, 0)


def test_G11_action_choice_in_seat_order_and_secret():
    s = position(G3, "choose_action", first=1, players=[
        dict(tableau=["Old Earth"]), dict(hand=["Export Duties", "Gem World"], tableau=["Epsilon Eridani"]),
        dict(tableau=["Alpha Centauri"])])
    assert (s.decision, s.current_player) == ("choose_action", 1)
    play(s, "choose Settle")
    assert s.current_player == 2
    obs = s.observation(2)
    assert obs["players"][1]["actions"] == "hidden"
    play(s, "choose Develop")
    assert s.current_player == 0
    play(s, "choose Produce")
    # revealed; the Develop selection starts with seat 1 (seat order starts at `first`)
    assert (s.decision, s.current_player) == ("develop_select", 1)
    assert s.observation(0)["players"][1]["actions"] == ["settle"]


def test_G11_develop_selection_secret_until_reveal():
    s = position(G2, "develop", players=[
        dict(hand=["Export Duties", FILL[0]], tableau=["Old Earth"], actions=["develop"]),
        dict(hand=["Public Works", FILL[1]], tableau=["Epsilon Eridani"], actions=["develop"])])
    play(s, "develop Export Duties")
    assert (s.decision, s.current_player) == ("develop_select", 1)
    assert s.observation(1)["players"][0]["selected"] == "hidden"
    assert "Export Duties" not in json.dumps(s.observation(1))


def test_G14_new_economy_draw_is_not_optional():
    s = position(G2, "consume", deck_top=["Comet Zone"], players=[
        dict(tableau=["Epsilon Eridani", "New Economy"], actions=["produce"]),
        dict(tableau=["Old Earth"], actions=["consume2x"])])
    assert next_round(s) and hand(s, 0) == ["Comet Zone"]  # used without a question


def test_G15_hand_limit_seat_by_seat_one_card_at_a_time():
    twelve = ["Gem World", "Comet Zone", "Spice World", "New Vinland", "Artist Colony", "Plague World", "Distant World",
              "Rebel Base", "Rebel Outpost", "Mining World", "New Earth", "Space Port"]
    ten = ["Public Works", "Colony Ship", "Export Duties", "Space Marines", "Drop Ships", "Investment Credits",
           "Research Labs", "Genetics Lab", "Mining Robots", "Deficit Spending"]
    eleven = ["Pilgrimage World", "Tourist World", "Gambling World", "Asteroid Belt", "Radioactive World", "Empath World",
              "Refugee World", "Secluded World", "Prosperous World", "Galactic Resort", "Outlaw World"]
    s = position(G3, "hand_limit", first=2, players=[
        dict(hand=twelve, tableau=["Old Earth"]), dict(hand=ten, tableau=["Epsilon Eridani"]),
        dict(hand=eleven, tableau=["Alpha Centauri"])])
    assert (s.decision, s.current_player, doc(s)["need"]) == ("hand_limit", 2, 1)  # seat order from seat 2
    play(s, "discard Outlaw World")
    assert (s.decision, s.current_player, doc(s)["need"]) == ("hand_limit", 0, 2)  # seat 1 (10 cards) skipped
    assert len(legal(s)) == 11  # the highest card cannot be the first of two
    play(s, "discard Gem World", "discard Space Port")
    assert next_round(s)
    assert [len(hand(s, i)) for i in range(3)] == [10, 10, 10]
