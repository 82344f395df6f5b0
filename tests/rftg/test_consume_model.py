"""The Consume phase (rules §4.4, A7, A14-A17) against a small model of its rules.

Random base-game positions start a Consume phase; seats play random legal decisions. At every
consume-power choice the offered powers must be exactly the unused usable ones (one per identical
power, G7; "stop" only when no mandatory power is left, G10), and each seat's result (goods left,
hand size, VP won) must be one that some order and choice allowed by the rules reaches. The model
enumerates those orders; it reads the powers from the card data, not from the engine.
"""
from __future__ import annotations

import itertools
import json
import random
import re
from functools import lru_cache

from galaxysim import rftg

from .positions import position_json

TRADE_VALUE = {"novelty": 2, "rare": 3, "genes": 4, "alien": 5}


@lru_cache(maxsize=None)
def base_cards():
    """name -> (good kind or None, consume powers [(tokens, value, times)], trade powers [(tokens, value)])."""
    cards = {}
    for block in re.split(r"\n(?=card: )", rftg.card_text()):
        fields = [line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith("#")]
        if not fields or fields[0][0] != "card":
            continue
        name = fields[0][1]
        copies = dict(f.split() for f in dict(fields).get("copies", "base 0").split(", "))
        if int(copies["base"]) == 0:
            continue
        good = dict(fields).get("good", "").split()[-1:] or [None]
        consume, trade = [], []
        for key, value in fields:
            words = value.split()
            if key != "power" or words[0] != "consume":
                continue
            nums = dict(w.split("=") for w in words if "=" in w)
            toks = frozenset(w for w in words[1:] if "=" not in w)
            if any(t.startswith("trade-") for t in toks):
                trade.append((toks, int(nums.get("value", 0))))
            else:
                consume.append((toks, int(nums.get("value", 0)), int(nums.get("times", 0))))
        cards[name] = (good[0], consume, trade)
    return cards


def design(name):
    return base_cards()[re.sub(r" #\d+$", "", name)]


def kind(world):
    return design(world)[0]


def sale(tableau, world, bonuses=True):
    """Cards for selling the good on `world` (§4.4 A; Black Market: base value only)."""
    cards = TRADE_VALUE[kind(world)]
    if bonuses:
        for card in tableau:
            for toks, value in design(card)[2]:
                if "trade-any" in toks or f"trade-{kind(world)}" in toks or ("trade-this" in toks and card == world):
                    cards += value
    return cards


def accepts(toks, world):
    kinds = {t[5:] for t in toks if t.startswith("good-")}
    return not kinds or "any" in kinds or kind(world) in kinds


def usable(toks, goods, hand):
    if "discard-hand" in toks:
        return hand > 0
    if toks & {"draw", "lucky-draw"}:
        return True
    if toks & {"sell", "all-goods"}:
        return bool(goods)  # A15: all goods even when there is only one
    if "three-kinds" in toks:
        return len({kind(w) for w in goods}) >= 3
    return sum(accepts(toks, w) for w in goods) >= (2 if "two-goods" in toks else 1)  # A16


def powers(tableau):
    """(card, index among its consume powers, tokens, value, times) in tableau order."""
    return [(c, k, *p) for c in tableau for k, p in enumerate(design(c)[1])]


def outcomes(tableau, goods, hand, double, trade):
    """Every (goods left, hand size, VP won) the rules allow one seat's Consume to end with."""
    pw = powers(tableau)
    mult = 2 if double else 1
    ends = set()

    @lru_cache(maxsize=None)
    def go(goods, used, hand, vp):
        options = []  # (mandatory, successor states)
        for i, (card, _, toks, value, times) in enumerate(pw):
            if used >> i & 1 or not usable(toks, goods, hand):
                continue
            u = used | 1 << i
            if "discard-hand" in toks:  # optional, 0..times cards, never doubled (§4.4 C)
                options.append((False, [(goods, u, hand - k, vp + k * value) for k in range(min(times, hand) + 1)]))
            elif "draw" in toks:
                options.append((True, [(goods, u, hand + value, vp)]))
            elif "lucky-draw" in toks:  # the revealed card is kept or not
                options.append((True, [(goods, u, hand, vp), (goods, u, hand + 1, vp)]))
            elif "sell" in toks:
                options.append((True, [(goods - {w}, u, hand + sale(tableau, w, "sell-plain" not in toks), vp)
                                       for w in goods]))
            elif "all-goods" in toks:
                options.append((True, [(frozenset(), u, hand, vp + value * (len(goods) - 1) * mult)]))
            else:
                eligible = sorted(w for w in goods if accepts(toks, w))
                if "three-kinds" in toks:
                    sets = [c for c in itertools.combinations(sorted(goods), 3) if len({kind(w) for w in c}) == 3]
                elif "two-goods" in toks:
                    sets = list(itertools.combinations(eligible, 2))
                else:  # up to `times` goods: as many as there are (A14)
                    sets = list(itertools.combinations(eligible, min(times, len(eligible))))
                units = 1 if toks & {"three-kinds", "two-goods"} else len(sets[0])
                cards = units * (("get-card" in toks) + 2 * ("get-2-cards" in toks))
                won = units * value * mult if "get-vp" in toks else 0
                options.append((True, [(goods - set(c), u, hand + cards, vp + won) for c in sets]))
        if not any(mandatory for mandatory, _ in options):
            ends.add((goods, hand, vp))
        for _, successors in options:
            for g, u, h, v in successors:
                go(frozenset(g), u, h, v)

    starts = [(frozenset(goods), hand)]
    if trade and goods:  # A7: a seat that chose Consume-Trade and has a good sells one first
        starts = [(frozenset(goods) - {w}, hand + sale(tableau, w)) for w in goods]
    for g, h in starts:
        go(g, 0, h, 0)
    return ends


def offered_powers(p):
    """The consume-power choices the rules give the seat of player dict `p` now (JSON `used`)."""
    out, mandatory, seen = [], False, []
    for i, (card, k, toks, value, times) in enumerate(powers(p["tableau"])):
        if p["used"] >> i & 1 or not usable(toks, p["goods"], len(p["hand"])) or (toks, value, times) in seen:
            continue
        seen.append((toks, value, times))  # G7: identical powers are one choice
        out.append(f"use consume power {k} of {re.sub(r' #[0-9]+$', '', card)}")
        mandatory |= "discard-hand" not in toks
    return out + ([] if mandatory or not out else ["stop"])


def random_seats(rng, players):
    names = [c["name"] for c in rftg.card_table("base") if c["start"] is None]
    starts = rng.sample(["Old Earth", "Epsilon Eridani", "Alpha Centauri", "New Sparta", "Earth's Lost Colony"], players)
    rng.shuffle(names)
    seats = []
    for i in range(players):
        tableau = [starts[i]] + [names.pop() for _ in range(rng.randint(2, 8))]
        goods = [w for w in tableau if kind(w) and rng.random() < 0.8]
        hand = [names.pop() for _ in range(rng.randint(0, 3))]
        action = rng.choice(["trade", "consume2x", "consume2x", "settle"])
        seats.append(dict(tableau=tableau, goods=goods, hand=hand, actions=[action]))
    return seats


def test_consume_phase_matches_the_rules_model():
    rng = random.Random(2026)
    for _ in range(150):
        players = rng.choice([2, 3, 4])
        game = rftg.Game(players=players)
        start = json.loads(position_json(game, "consume", random_seats(rng, players), rng=rng.randrange(2**63)))
        s = game.state_from_json(json.dumps(start))
        while not s.is_terminal() and json.loads(s.to_json())["stage"] == "consume":
            d = json.loads(s.to_json())
            if d["decision"] == "consume_power":
                p = dict(d["players"][d["actor"]], used=d["used"])
                assert sorted(s.describe(a) for a in s.legal_actions()) == sorted(offered_powers(p)), d
            s.apply(rng.choice(s.legal_actions()))
        end = json.loads(s.to_json())
        for before, after in zip(start["players"], end["players"]):
            got = (frozenset(after["goods"]), len(after["hand"]), after["chips"])
            assert got in outcomes(tuple(before["tableau"]), before["goods"], len(before["hand"]),
                                   "consume2x" in before["actions"], "trade" in before["actions"]), (start, before, got)
