"""Property test of the expansions (issue 4): random games of EVERY configuration the rules allow, the
invariants of tests/cpp/rftg_invariants.h checked after every action by the C++ property driver
(tests/cpp/rftg_property_main.cpp, shared with tests/test_rftg_properties.py).

Configurations (CONFIGS): for The Gathering Storm 2-5 players and the advanced 2-player game, each with
and without goals, the draft variant at 2-3 players (and advanced), and the solo game with each robot
difficulty; for Rebel vs Imperium 2-6 players and advanced, each with and without goals and takeovers,
the draft at 2-5 players (and advanced), and the solo game. At least 5,000 games each
(GALAXYSIM_EXPANSION_PROPERTY_GAMES to change it).

Beyond the base game's invariants, the driver checks after every action: goals held match their
conditions (between rounds), a takeover moves exactly one military world between two tableaus (and
only in Settle, only with takeovers on), the robot's credits and economy stay on their tracks, the
draft's owner codes, Ancient Race's start hand, Pan-Galactic Research's hand limit, Hidden Fortress's
game end; at the end, the solo winner by §5.7 / E40. Here: every game ends, the features are
exercised (goal VP scored with goals on and never with them off, takeovers happen with takeovers on
and never without), seats win near their fair share, the robot scores and beats a random human.

Run by hand:  python -m pytest tests/test_rftg_expansion_properties.py -s   (prints a line per config)
"""
from __future__ import annotations

import os

import pytest

from test_rftg_properties import build_property_driver, driver, run_driver  # noqa: F401 (driver: a fixture)

GAMES = int(os.environ.get("GALAXYSIM_EXPANSION_PROPERTY_GAMES", "5000"))


def _configs() -> list[str]:
    """Every (level, players, goals, takeovers, draft, solo) combination of rules §1-§6, as driver labels."""
    out = []
    for level, most, draft_most, takeovers in (("tgs", 5, 3, ("",)), ("rvi", 6, 5, ("", "t"))):
        seats = ["2", "2a", *map(str, range(3, most + 1))]
        for p in seats:
            for g in ("", "g"):
                for t in takeovers:
                    out.append(f"{level}-{p}{g}{t}")
                    if int(p[0]) <= draft_most:
                        out.append(f"{level}-{p}{g}{t}d")
        out += [f"{level}-1e", f"{level}-1", f"{level}-1h"]  # the solo game: easy, medium, hard robot
    return out


CONFIGS = _configs()


def test_every_allowed_combination_is_listed():
    # 2 levels; TGS: 5 seatings x 2 goal settings + draft on 3 of them x 2, solo x 3;
    # RvI: 6 seatings x 4 goal/takeover settings + draft on 5 of them x 4, solo x 3.
    assert len(CONFIGS) == len(set(CONFIGS)) == (5 * 2 + 3 * 2 + 3) + (6 * 4 + 5 * 4 + 3)


def _problems(label: str, d: dict) -> list[str]:
    out = []
    if d["violations"] or d["exceptions"]:
        out.append(f"{label}: {d['violations']} invariant violations, {d['exceptions']} exceptions; "
                   f"first: {d['reports'][:2]}")
    if d["games"] != GAMES:
        return out + [f"{label}: {d['games']} of {GAMES} games completed"]
    ends = d["end_tableau"] + d["end_pool"] + d["end_cap"]
    if ends < d["games"] or d["max_rounds"] > 30:
        out.append(f"{label}: {ends} end conditions for {d['games']} games, longest {d['max_rounds']} rounds")
    flags = label.split("-")[1][1:]
    if ("g" in flags) != (d["goal_vp"] > 0):
        out.append(f"{label}: {d['goal_vp']} goal VP scored")
    if ("t" in flags) != (d["takeovers"] > 0):
        out.append(f"{label}: {d['takeovers']} worlds taken over")
    if d["players"] == 1:
        # A random human against the robot: the robot wins (nearly) every game.
        if d["robot_wins"] + d["wins"][0] != d["games"] or d["robot_wins"] < d["games"] // 2:
            out.append(f"{label}: human won {d['wins'][0]}, robot won or drew {d['robot_wins']} of {d['games']}")
        if d["robot_score_sum"] <= 0:
            out.append(f"{label}: the robot never scored")
    else:
        fair = d["games"] / d["players"]
        for seat, w in enumerate(d["wins"]):
            if w < 0.75 * fair:
                out.append(f"{label}: seat {seat} won {w} of {d['games']} games (fair share {fair:.0f})")
    return out


def test_random_games_of_every_expansion_configuration_keep_invariants(driver):  # noqa: F811
    configs, out, seconds = run_driver(driver, "--games", str(GAMES), "--configs", ",".join(CONFIGS),
                                       "--seed", "4")
    print(f"\n[expansion property test: {GAMES} random games x {len(CONFIGS)} configs in {seconds:.1f} s wall]")
    problems = [f"config {label} missing from the output" for label in CONFIGS if label not in configs]
    for label in CONFIGS:
        if label in configs:
            d = configs[label]
            print(f"{label:>11}: {d['seconds']:5.1f} s, {d['decisions'] / d['games']:4.0f} decisions/game, "
                  f"rounds {d['rounds'] / d['games']:4.1f}, goal VP {d['goal_vp'] / d['games']:4.1f}/game, "
                  f"takeovers {d['takeovers']}, wins {d['wins']}")
            problems += _problems(label, d)
    assert not problems, "\n".join(problems) + "\n" + out[-5000:]
