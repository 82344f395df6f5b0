"""Six-cost development scoring (rules §6.4, A23, A24) and final score parts.

Each test loads a position whose seat-0 tableau exercises every scoring line of one six-cost
development, including cards that match several lines (they score on the first one only),
and checks state.score_parts(0) exactly.
"""
from __future__ import annotations

import pytest

from galaxysim import rftg
from .positions import position

GAME = rftg.Game(players=2)
CARDS = {d["name"]: d for d in rftg.card_table("base")}


def score(tab, chips=0, seat1=("Rebel Homeworld",)):
    s = position(GAME, "choose_action",
                 [dict(tableau=list(tab), chips=chips), dict(tableau=list(seat1))])
    assert s.decision == "choose_action"
    return s.score_parts(0)


def printed(tab):
    return sum(CARDS[n.split(" #")[0]]["vp"] for n in tab)


# (six-cost development, [(card, bonus it earns from that development)], chips, per-player bonus)
CASES = {
    "Pan-Galactic League": [
        ("Pan-Galactic League", 0),
        ("Malevolent Lifeforms", 2),      # Genes production AND military: first line only (A24)
        ("Plague World", 2),
        ("Rebel Warrior Race", 2),        # Genes windfall AND military
        ("Pre-Sentient Race", 2),
        ("New Sparta", 1),                # military start world
        ("Pirate World", 1),
        ("Contact Specialist", 3),
        ("Gem World", 0),
        ("Space Marines", 0),
    ],
    "Mining League": [
        ("Mining League", 0),
        ("Comet Zone", 2),
        ("Rebel Miners", 2),              # Rare production military world
        ("Asteroid Belt", 1),
        ("Alpha Centauri", 1),            # Rare windfall start world
        ("Mining Robots", 2),
        ("Mining Conglomerate", 2),
        ("Gem World", 0),
        ("Rebel Fuel Cache", 1),          # Rare windfall military
    ],
    "Free Trade Association": [
        ("Free Trade Association", 0),
        ("Gem World", 2),
        ("New Survivalists", 2),          # Novelty production military
        ("Earth's Lost Colony", 2),       # Novelty production start world
        ("Pirate World", 1),              # Novelty windfall military
        ("Refugee World", 1),
        ("Consumer Markets", 2),
        ("Expanding Colony", 2),
        ("Comet Zone", 0),
    ],
    "Alien Tech Institute": [
        ("Alien Tech Institute", 2),      # Alien keyword, itself
        ("Alien Robotic Factory", 3),     # Alien production (also Alien keyword): 3 only
        ("Lost Alien Battle Fleet", 3),
        ("Deserted Alien Outpost", 2),    # Alien windfall (also keyword): 2 only
        ("Alien Robot Sentry", 2),
        ("Alien Rosetta Stone World", 2),  # keyword only, no good
        ("Gem World", 0),
        ("Old Earth", 0),
    ],
    "Galactic Survey: SETI": [
        ("Galactic Survey: SETI", 1),     # development with an Explore power, itself
        ("Expedition Force", 1),
        ("Research Labs", 1),
        ("Malevolent Lifeforms", 2),      # world with an Explore power (also a world): 2 only
        ("Star Nomad Lair", 2),
        ("Old Earth", 1),
        ("Gem World", 1),
        ("Space Marines", 0),
    ],
    "Galactic Federation": [
        ("Galactic Federation", 2),       # six-cost, itself
        ("Galactic Renaissance", 2),      # six-cost (also a development): 2 only
        ("Space Marines", 1),
        ("Investment Credits", 1),
        ("Old Earth", 0),
        ("Gem World", 0),
    ],
    "Merchant Guild": [
        ("Merchant Guild", 0),
        ("Gem World", 2),
        ("Comet Zone", 2),
        ("Plague World", 2),
        ("Alien Robotic Factory", 2),
        ("Rebel Miners", 2),              # military production world
        ("Earth's Lost Colony", 2),
        ("Asteroid Belt", 0),             # windfall
        ("Old Earth", 0),
    ],
    "New Economy": [
        ("New Economy", 2),               # development with a consume power, itself
        ("Public Works", 2),
        ("Mining Conglomerate", 2),       # consume power (and a trade power)
        ("Export Duties", 0),             # trade power only
        ("Old Earth", 1),
        ("Black Market Trading World", 1),
        ("Spice World", 0),               # trade power only
        ("Gem World", 0),
    ],
    "Galactic Imperium": [                # the rulebook's worked example, plus a non-military Imperium world
        ("Galactic Imperium", 0),
        ("Rebel Base", 2),
        ("Rebel Outpost", 2),
        ("New Sparta", 1),
        ("Pirate World", 1),
        ("Imperium Armaments World", 0),
    ],
    "Trade League": [
        ("Trade League", 2),              # development with a trade power, itself
        ("Export Duties", 2),
        ("Mining Conglomerate", 2),
        ("Genetics Lab", 2),
        ("Old Earth", 1),
        ("Spice World", 1),
        ("Pirate World", 1),
        ("Black Market Trading World", 0),  # consume power, not a trade power
        ("Public Works", 0),
    ],
}


@pytest.mark.parametrize("six", sorted(CASES))
def test_six_cost_scoring(six):
    rows = CASES[six]
    tab = [c for c, _ in rows]
    parts = score(tab)
    assert parts["six_cost"] == sum(v for _, v in rows)
    assert parts["cards"] == printed(tab)
    assert parts["chips"] == 0
    assert parts["total"] == parts["cards"] + parts["six_cost"]


def test_galactic_imperium_rulebook_example():
    parts = score(["Galactic Imperium", "Rebel Base", "Rebel Outpost", "New Sparta", "Pirate World"])
    assert parts["six_cost"] == 6


def test_new_galactic_order_total_military():
    # +2 (itself) +2 New Sparta +2 Space Marines -1 Contact Specialist = 5; specialised Military
    # (Alpha Centauri vs Rare, Galactic Imperium vs Rebel) and New Military Tactics do not count.
    tab = ["New Galactic Order", "New Sparta", "Space Marines", "Contact Specialist", "Alpha Centauri",
           "New Military Tactics", "Galactic Imperium"]
    parts = score(tab)
    # Galactic Imperium scores too: New Sparta is its only military world (1)
    assert parts["six_cost"] == 5 + 1
    assert parts["cards"] == printed(tab)


def test_new_galactic_order_negative_military():
    # A23: the signed sum counts: +2 -1 -1 -1 -1 = -2.
    tab = ["New Galactic Order", "Contact Specialist", "Pan-Galactic League", "Refugee World", "Empath World"]
    parts = score(tab)
    # Pan-Galactic League: Contact Specialist 3, Empath World (Genes windfall) 2
    assert parts["six_cost"] == -2 + 3 + 2


@pytest.mark.parametrize("chips,bonus", [(0, 0), (2, 0), (3, 1), (8, 2), (9, 3)])
def test_galactic_renaissance_chips_and_names(chips, bonus):
    tab = ["Galactic Renaissance", "Research Labs", "Galactic Trendsetters", "Artist Colony", "Gem World"]
    parts = score(tab, chips=chips)
    assert parts["six_cost"] == bonus + 9
    assert parts["chips"] == chips
    assert parts["total"] == printed(tab) + chips + bonus + 9


def test_two_six_cost_developments_score_independently():
    # Galactic Federation: itself 2, SETI 2, Expedition Force 1 -> 5;
    # SETI: itself 1, Expedition Force 1, Old Earth 1, Star Nomad Lair 2 -> 5.
    parts = score(["Galactic Federation", "Galactic Survey: SETI", "Expedition Force", "Old Earth",
                   "Star Nomad Lair"])
    assert parts["six_cost"] == 10


def test_trade_league_counts_as_consume_and_trade():
    # A17: Trade League has a trade power and a consume power. New Economy: itself 2, Trade
    # League 2, Old Earth 1 -> 5; Trade League: itself 2, Old Earth 1 -> 3.
    parts = score(["New Economy", "Trade League", "Old Earth"])
    assert parts["six_cost"] == 8


def test_no_six_cost_no_bonus():
    parts = score(["Old Earth", "Gem World", "Rebel Base"], chips=4)
    assert parts == {"cards": 2 + 1 + 6, "chips": 4, "six_cost": 0, "goals": 0, "total": 13}
