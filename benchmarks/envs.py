#!/usr/bin/env python3
"""Speed of the adapters: complete games per second with a uniformly random policy, one thread, through
the PettingZoo environments (AEC and parallel) and the OpenSpiel games, beside the Python step API and
the C++ batch API (game.play_games) on the same games; then 1,000 random games per game kind through the
AEC environments, every configuration of tests/envs/configs.py in turn, which must all finish without
error (CI plays fewer: tests/envs/test_random_games.py).

    python benchmarks/envs.py             # about 3-4 minutes on the project's 2-core machine
    python benchmarks/envs.py --quick     # fewer games per figure, 100 games per kind (~30 s)
    python benchmarks/envs.py --json      # one JSON object instead of the table

Needs the envs and openspiel extras (pip install -e '.[envs,openspiel]'); without OpenSpiel its rows are
left out. Prints the machine it ran on (docs/pettingzoo.md and docs/openspiel.md quote the figures).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
from engine import cpu_model, physical_cores  # noqa: E402  (benchmarks/engine.py)

from galaxysim import af, rftg  # noqa: E402
from galaxysim.envs import af_env, af_parallel_env, rftg_env, rftg_parallel_env  # noqa: E402

# (label, game kind, options, games per figure, games per figure with --quick)
FIGURES = [
    ("RftG base, 2 players", "rftg", dict(players=2), 300, 60),
    ("RftG base, 4 players", "rftg", dict(players=4), 150, 30),
    ("RftG RvI, 4 players, takeovers", "rftg", dict(players=4, expansion="rvi", takeovers=True), 100, 20),
    ("AF, 3 players", "af", dict(players=3), 25, 5),
]
CHECK_GAMES = 1000


def batch_api(kind, options, games, rng):
    game = (rftg if kind == "rftg" else af).Game(**options)
    r = game.play_games(["random"] * game.players, games, seed=int(rng.integers(2**32)))
    return games / r["seconds"]


def step_api(kind, options, games, rng):
    game = (rftg if kind == "rftg" else af).Game(**options)
    t = time.perf_counter()
    for i in range(games):
        state = game.new_state(i)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
    return games / (time.perf_counter() - t)


def random_from_mask(mask, rng):
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))])


def aec_env(kind, options, games, rng):
    env = (rftg_env if kind == "rftg" else af_env)(**options)
    t = time.perf_counter()
    for i in range(games):
        env.reset(seed=i)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            env.step(None if terminated or truncated else random_from_mask(obs["action_mask"], rng))
    return games / (time.perf_counter() - t)


def parallel_env(kind, options, games, rng):
    env = (rftg_parallel_env if kind == "rftg" else af_parallel_env)(**options)
    t = time.perf_counter()
    for i in range(games):
        obs, _ = env.reset(seed=i)
        while env.agents:
            obs, *_ = env.step({a: random_from_mask(obs[a]["action_mask"], rng) for a in env.deciding()})
    return games / (time.perf_counter() - t)


def openspiel_game(kind, options, games, rng):
    import pyspiel
    import galaxysim.openspiel  # noqa: F401

    game = pyspiel.load_game(f"galaxysim_{kind}", options)
    t = time.perf_counter()
    for i in range(games):
        state = game.deal(i)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.integers(len(legal))])
    return games / (time.perf_counter() - t)


ADAPTERS = [("batch API (C++ play_games)", batch_api), ("Python step API", step_api),
            ("PettingZoo AEC env", aec_env), ("PettingZoo parallel env", parallel_env),
            ("OpenSpiel game", openspiel_game)]


def have_openspiel() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def check_random_games(games: int) -> dict:
    """`games` random games per game kind through the AEC envs, over every test configuration; errors are
    counted, not raised."""
    sys.path.insert(0, str(HERE.parent / "tests" / "envs"))
    from configs import AF_CONFIGS, RFTG_CONFIGS

    out = {}
    rng = np.random.default_rng(1)
    for kind, configs, make in (("rftg", RFTG_CONFIGS, rftg_env), ("af", AF_CONFIGS, af_env)):
        errors, t = [], time.perf_counter()
        for i in range(games):
            options = configs[i % len(configs)]
            try:
                aec_env_game(make(**options), i, rng)
            except Exception as e:  # noqa: BLE001 - counted and reported
                errors.append(f"{options} seed {i}: {type(e).__name__}: {e}")
        out[kind] = {"games": games, "errors": errors, "seconds": round(time.perf_counter() - t, 1)}
    return out


def aec_env_game(env, seed, rng):
    env.reset(seed=seed)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else random_from_mask(obs["action_mask"], rng))
    if not env.game_state.is_terminal():
        raise RuntimeError("the game did not end")


def machine() -> dict:
    return {"cpu": cpu_model(), "physical_cores": physical_cores(), "platform": platform.platform(),
            "python": platform.python_version(), "load_average_1min": round(os.getloadavg()[0], 2)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer games per figure, 100 games per kind")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    adapters = [(n, f) for n, f in ADAPTERS if f is not openspiel_game or have_openspiel()]
    rng = np.random.default_rng(0)
    result = {"machine": machine(), "figures": {}}
    if not args.json:
        m = result["machine"]
        print(f"machine: {m['cpu']}, {m['physical_cores']} physical cores, {m['platform']}, Python {m['python']}, "
              f"load average {m['load_average_1min']} (other jobs slow every figure)")
        print(f"{'game':32} " + " ".join(f"{n:>28}" for n, _ in adapters))
    for label, kind, options, games, quick in FIGURES:
        n = quick if args.quick else games
        row = {}
        for name, measure in adapters:
            row[name] = round(measure(kind, options, n * (20 if measure is batch_api else 1), rng), 1)
        result["figures"][label] = row
        if not args.json:
            batch = row[adapters[0][0]]
            cells = [f"{v:>10,.1f} games/s ({v / batch:7.2%})" if i else f"{v:>20,.0f} games/s"
                     for i, v in enumerate(row.values())]
            print(f"{label:32} " + " ".join(f"{c:>28}" for c in cells), flush=True)
    result["random_games"] = check_random_games(100 if args.quick else CHECK_GAMES)
    failed = any(r["errors"] for r in result["random_games"].values())
    result["load_average_1min_at_end"] = round(os.getloadavg()[0], 2)
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print("(the batch API column is games/s; the others add, in brackets, their share of its speed; "
              f"load average at the end {result['load_average_1min_at_end']})")
        for kind, r in result["random_games"].items():
            print(f"random policy through the AEC env, {kind}: {r['games']} games over every configuration, "
                  f"{len(r['errors'])} errors, {r['seconds']} s")
            for e in r["errors"][:5]:
                print("   ", e)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
