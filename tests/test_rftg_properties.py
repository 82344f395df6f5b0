"""Property test of the C++ engine: many random games, invariants after EVERY action.

Builds tests/cpp/rftg_property_main.cpp with g++ -O2 (no sanitizers; the
sanitized, smaller run is tests/cpp/test_rftg_random.cpp) against every core
source (tests/cpp/property_build.py), caches objects in build/cpp-property/, and runs it:

* >= 20,000 random games for each of 2, 3, 4 players and the advanced 2-player
  game (GALAXYSIM_PROPERTY_GAMES to change the count), checking the invariants of
  tests/cpp/rftg_invariants.h after every action (zones, goods, chips, scores,
  hand limit, end of game, decisions, legal actions);
* a smaller run with one heuristic seat per game (other positions than random play
  reaches);
* statistics: every game ends by a §3.5 / A33 condition, mean rounds within
  [5, 30], every seat wins sometimes.

Run by hand:  python -m pytest tests/test_rftg_properties.py -s   (prints timings)
"""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CORE = REPO / "core"
MAIN_SRC = REPO / "tests" / "cpp" / "rftg_property_main.cpp"
CARD_DATA = CORE / "data" / "rftg_cards.txt"
BUILD_DIR = REPO / "build" / "cpp-property"  # shared with tests/test_af_properties.py

GAMES = int(os.environ.get("GALAXYSIM_PROPERTY_GAMES", "20000"))
MIXED_GAMES = max(1, GAMES // 10)
CONFIGS = ("2", "3", "4", "2a")
TIMEOUT = float(os.environ.get("GALAXYSIM_PROPERTY_TIMEOUT", "900"))


def _load_builder():
    name = "galaxysim_property_build"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "tests" / "cpp" / "property_build.py")
        sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[name])
    return sys.modules[name]


pb = _load_builder()
CXX = pb.CXX


def build_property_driver() -> Path:
    try:
        return pb.build_driver(MAIN_SRC, BUILD_DIR)
    except pb.BuildError as e:
        pytest.fail(str(e), pytrace=False)


@pytest.fixture(scope="module")
def driver() -> Path:
    if shutil.which(CXX) is None:
        pytest.skip(f"{CXX} not found: the property test needs g++")
    t0 = time.monotonic()
    binary = build_property_driver()
    print(f"\n[property driver built in {time.monotonic() - t0:.1f} s]")
    return binary


def run_driver(binary: Path, *args: str) -> tuple[dict[str, dict], str, float]:
    threads = str(max(1, os.cpu_count() or 1))
    cmd = [str(binary), str(CARD_DATA), "--threads", threads, *args]
    t0 = time.monotonic()
    proc = subprocess.run(cmd, cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, errors="replace", timeout=TIMEOUT)
    seconds = time.monotonic() - t0
    out = proc.stdout
    configs = {}
    for line in out.splitlines():
        if line.startswith("CONFIG "):
            d = json.loads(line[len("CONFIG "):])
            configs[d["config"]] = d
    if proc.returncode != 0 or len(configs) == 0:
        pytest.fail(f"$ {' '.join(cmd)}\nexit code {proc.returncode}\n{out[-20000:]}", pytrace=False)
    return configs, out, seconds


def check_config(label: str, d: dict, games: int, fair_share_min: float) -> list[str]:
    """Problems with one config's statistics (empty when fine)."""
    problems = []
    if d["violations"] or d["exceptions"]:
        problems.append(f"{label}: {d['violations']} invariant violations, {d['exceptions']} exceptions; "
                        f"first: {d['reports'][:3]}")
    if d["games"] != games:
        problems.append(f"{label}: {d['games']} of {games} games completed")
        return problems
    mean_rounds = d["rounds"] / d["games"]
    if not 5 <= mean_rounds <= 30:
        problems.append(f"{label}: mean rounds {mean_rounds:.2f} not in [5, 30]")
    if d["max_rounds"] > 30:
        problems.append(f"{label}: a game lasted {d['max_rounds']} rounds")
    # Every game ends by at least one §3.5 / A33 condition (the checker verifies it
    # per game; here the tallies must cover all games).
    ended = d["end_tableau"] + d["end_pool"] + d["end_cap"]
    if ended < d["games"]:
        problems.append(f"{label}: only {ended} end conditions for {d['games']} games")
    if d["end_tableau"] == 0 or d["end_pool"] == 0:
        problems.append(f"{label}: some end condition never happens (tableau {d['end_tableau']}, pool {d['end_pool']})")
    fair = d["games"] / d["players"]
    for seat, w in enumerate(d["wins"]):
        if w < fair_share_min * fair:
            problems.append(f"{label}: seat {seat} won {w} of {d['games']} games (fair share {fair:.0f})")
    if d["max_score"] <= 0:
        problems.append(f"{label}: nobody ever scored")
    return problems


def _summary(label: str, d: dict) -> str:
    g = d["games"]
    return (f"{label:>3}: {g} games in {d['seconds']:.1f} s, {d['decisions'] / g:.0f} decisions/game, "
            f"rounds mean {d['rounds'] / g:.1f} [{d['min_rounds']}, {d['max_rounds']}], "
            f"ends: tableau {d['end_tableau']}, pool {d['end_pool']}, cap {d['end_cap']}; wins {d['wins']}")


def test_random_games_keep_invariants(driver):
    configs, out, seconds = run_driver(driver, "--games", str(GAMES), "--configs", ",".join(CONFIGS), "--seed", "1")
    print(f"\n[property test: {GAMES} random games x {len(CONFIGS)} configs in {seconds:.1f} s wall]")
    for label in CONFIGS:
        if label in configs:
            print(_summary(label, configs[label]))
    problems = [f"config {label} missing from the output" for label in CONFIGS if label not in configs]
    for label in CONFIGS:
        if label in configs:
            # Random play is symmetric: each seat should win close to its share.
            problems += check_config(label, configs[label], GAMES, 0.85)
    assert not problems, "\n".join(problems) + "\n" + out[-5000:]


def test_mixed_bot_games_keep_invariants(driver):
    """One heuristic seat per game (rotating): longer tableaus, more consuming."""
    configs, out, seconds = run_driver(driver, "--games", str(MIXED_GAMES), "--configs", ",".join(CONFIGS),
                                       "--seed", "2", "--bots", "mixed")
    print(f"\n[property test: {MIXED_GAMES} mixed-bot games x {len(CONFIGS)} configs in {seconds:.1f} s wall]")
    for label in CONFIGS:
        if label in configs:
            print(_summary(label, configs[label]))
    problems = [f"config {label} missing from the output" for label in CONFIGS if label not in configs]
    for label in CONFIGS:
        if label in configs:
            problems += check_config(label, configs[label], MIXED_GAMES, 0.5)
    assert not problems, "\n".join(problems) + "\n" + out[-5000:]
