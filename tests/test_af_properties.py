"""Property test of the Alien Frontiers engine: many random games, invariants after EVERY action.

Builds tests/cpp/af_property_main.cpp with g++ -O2 (no sanitizers; the sanitized,
smaller run is tests/cpp/test_af_random.cpp) against every core source
(tests/cpp/property_build.py, objects shared with the RftG property test in
build/cpp-property/), and runs it:

* >= 20,000 random games for each of 2, 3 and 4 players (GALAXYSIM_PROPERTY_GAMES to
  change the count), checking the invariants of tests/cpp/af_invariants.h after every
  action: colonies conserved (planet + Hub tracks + hand), ships conserved per colour
  (<= 6 + the Relic Ship, dock counts, groups), resources >= 0 and <= 8 outside the
  owner's turn (so at the end of every turn), one copy per tech name per player, the
  game over exactly when a player has landed the last colony, legal actions well formed;
* smaller runs with one heuristic seat per game and with the long-game colonies;
* statistics: no game reaches the turn cap, every seat wins about its share.

Run by hand:  python -m pytest tests/test_af_properties.py -s   (prints timings)
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
MAIN_SRC = REPO / "tests" / "cpp" / "af_property_main.cpp"
DATA_DIR = REPO / "core" / "data"
BUILD_DIR = REPO / "build" / "cpp-property"  # shared with tests/test_rftg_properties.py

GAMES = int(os.environ.get("GALAXYSIM_PROPERTY_GAMES", "20000"))
SMALL_GAMES = max(1, GAMES // 20)
TIMEOUT = float(os.environ.get("GALAXYSIM_PROPERTY_TIMEOUT", "900"))


def _load_builder():
    name = "galaxysim_property_build"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "tests" / "cpp" / "property_build.py")
        sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[name])
    return sys.modules[name]


pb = _load_builder()


@pytest.fixture(scope="module")
def driver() -> Path:
    if shutil.which(pb.CXX) is None:
        pytest.skip(f"{pb.CXX} not found: the property test needs g++")
    t0 = time.monotonic()
    try:
        binary = pb.build_driver(MAIN_SRC, BUILD_DIR)
    except pb.BuildError as e:
        pytest.fail(str(e), pytrace=False)
    print(f"\n[AF property driver built in {time.monotonic() - t0:.1f} s]")
    return binary


def run_driver(binary: Path, *args: str) -> tuple[dict[int, dict], str, float]:
    threads = str(max(1, os.cpu_count() or 1))
    cmd = [str(binary), str(DATA_DIR), "--threads", threads, *args]
    t0 = time.monotonic()
    proc = subprocess.run(cmd, cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, errors="replace", timeout=TIMEOUT)
    seconds = time.monotonic() - t0
    configs = {}
    for line in proc.stdout.splitlines():
        if line.startswith("CONFIG "):
            d = json.loads(line[len("CONFIG "):])
            configs[d["players"]] = d
    if proc.returncode != 0 or not configs:
        pytest.fail(f"$ {' '.join(cmd)}\nexit code {proc.returncode}\n{proc.stdout[-20000:]}", pytrace=False)
    return configs, proc.stdout, seconds


def problems_of(d: dict, games: int, fair_share_min: float) -> list[str]:
    p = d["players"]
    out = []
    if d["violations"] or d["exceptions"]:
        out.append(f"{p}p: {d['violations']} invariant violations, {d['exceptions']} exceptions; first: {d['reports'][:3]}")
    if d["games"] != games:
        out.append(f"{p}p: {d['games']} of {games} games completed")
        return out
    if d["turn_caps"]:
        out.append(f"{p}p: {d['turn_caps']} games reached the turn cap")
    mean_turns = d["turns"] / d["games"]
    if not 20 <= mean_turns <= 400:
        out.append(f"{p}p: mean turns {mean_turns:.1f} not in [20, 400]")
    fair = d["games"] / p
    for seat, w in enumerate(d["wins"]):
        if w < fair_share_min * fair:
            out.append(f"{p}p: seat {seat} won {w} of {d['games']} games (fair share {fair:.0f})")
    if d["max_score"] <= 0:
        out.append(f"{p}p: nobody ever scored")
    return out


def summary(d: dict) -> str:
    g = d["games"]
    return (f"{d['players']}p: {g} games in {d['seconds']:.1f} s, {d['decisions'] / g:.0f} decisions/game, "
            f"turns mean {d['turns'] / g:.1f} [{d['min_turns']}, {d['max_turns']}], max legal {d['max_legal']}, "
            f"wins {d['wins']}")


def check_run(driver: Path, games: int, fair: float, *args: str) -> None:
    configs, out, seconds = run_driver(driver, "--games", str(games), *args)
    print(f"\n[AF property run {' '.join(args)}: {games} games per player count in {seconds:.1f} s wall]")
    problems = [f"{p} players missing from the output" for p in (2, 3, 4) if p not in configs]
    for p, d in sorted(configs.items()):
        print(summary(d))
        problems += problems_of(d, games, fair)
    assert not problems, "\n".join(problems) + "\n" + out[-5000:]


def test_random_games_keep_invariants(driver):
    # Random play is symmetric: each seat should win close to its share.
    check_run(driver, GAMES, 0.85, "--seed", "1", "--players", "2,3,4")


def test_mixed_bot_games_keep_invariants(driver):
    """One heuristic seat per game (rotating): other positions than random play reaches."""
    check_run(driver, SMALL_GAMES, 0.5, "--seed", "2", "--players", "2,3,4", "--bots", "mixed")


def test_long_game_keeps_invariants(driver):
    check_run(driver, SMALL_GAMES, 0.7, "--seed", "3", "--players", "2,3,4", "--long-game")
