#!/usr/bin/env python3
"""Engine speed: complete Race for the Galaxy and Alien Frontiers games per second, single-threaded.

    python benchmarks/engine.py            # ~2-3 s per figure
    python benchmarks/engine.py --quick    # a short run (~0.3 s per figure)
    python benchmarks/engine.py --json     # one JSON object instead of the table

Every figure comes from game.play_games(bots, n, seed): the whole loop (deal,
bot choices, engine steps, scoring) runs in C++ on one thread with the GIL
released, and the time is measured inside C++. See benchmarks/README.md.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import platform
import re
import shlex
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

try:  # the installed galaxysim (pip install -e . or pip install .)
    from galaxysim import af, rftg
except ImportError:  # not installed: the source tree, if its modules are built in place
    sys.path.insert(0, str(REPO))
    from galaxysim import af, rftg

TARGET_RANDOM_4P_GAMES_PER_S = 50_000
TARGET_STATE_BYTES = 512
#: Issue 4: a decision of Rebel vs Imperium (4 players, goals and takeovers) may cost at most 1.5 times a
#: decision of the base game (4 players), random bots.
TARGET_RVI_4P_DECISION_COST_RATIO = 1.5

# (key, players, advanced, bot)
FIGURES = [
    ("rftg_base_2p_random", 2, False, "random"),
    ("rftg_base_3p_random", 3, False, "random"),
    ("rftg_base_4p_random", 4, False, "random"),
    ("rftg_base_2p_advanced_random", 2, True, "random"),
    ("rftg_base_4p_heuristic", 4, False, "heuristic"),
]

# The expansions: (key, players, rftg.Game keywords, bot); random bots.
EXPANSION_FIGURES = [
    ("rftg_tgs_4p_goals_random", 4, dict(expansion="tgs", goals=True), "random"),
    ("rftg_rvi_4p_goals_takeovers_random", 4, dict(expansion="rvi", goals=True, takeovers=True), "random"),
    ("rftg_rvi_6p_goals_takeovers_random", 6, dict(expansion="rvi", goals=True, takeovers=True), "random"),
    ("rftg_rvi_3p_draft_random", 3, dict(expansion="rvi", draft=True, takeovers=True), "random"),
    ("rftg_rvi_solo_random", 1, dict(expansion="rvi"), "random"),
]
EXPANSION_LABELS = {
    "rftg_tgs_4p_goals_random": "TGS 4p, goals",
    "rftg_rvi_4p_goals_takeovers_random": "RvI 4p, goals, takeovers",
    "rftg_rvi_6p_goals_takeovers_random": "RvI 6p, goals, takeovers",
    "rftg_rvi_3p_draft_random": "RvI 3p, draft, goals, tk.",
    "rftg_rvi_solo_random": "RvI solo vs robot",
}

# Alien Frontiers: (key, players, bot); every seat plays the same bot.
AF_FIGURES = [
    ("af_2p_random", 2, "random"),
    ("af_3p_random", 3, "random"),
    ("af_4p_random", 4, "random"),
    ("af_2p_heuristic", 2, "heuristic"),
    ("af_3p_heuristic", 3, "heuristic"),
    ("af_4p_heuristic", 4, "heuristic"),
]


# ---------------------------------------------------------------------------
# The machine.


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(errors="replace").splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def physical_cores() -> int | None:
    """Distinct (physical id, core id) pairs in /proc/cpuinfo, if listed."""
    try:
        text = Path("/proc/cpuinfo").read_text(errors="replace")
    except OSError:
        return None
    cores = set()
    phys = core = None
    for line in text.splitlines() + [""]:
        if not line.strip():
            if core is not None:
                cores.add((phys, core))
            phys = core = None
        elif line.startswith("physical id"):
            phys = line.split(":", 1)[1].strip()
        elif line.startswith("core id"):
            core = line.split(":", 1)[1].strip()
    return len(cores) or None


def module_compiler() -> str | None:
    """The compiler that built galaxysim._rftg, from the .comment section of the module."""
    try:
        from galaxysim import _rftg

        data = Path(_rftg.__file__).read_bytes()
    except (ImportError, OSError, AttributeError):
        return None
    found = sorted(set(re.findall(rb"(?:GCC|clang version): ?[ -~]{3,80}", data)))
    return "; ".join(f.decode(errors="replace") for f in found) or None


def build_flags() -> str | None:
    """The engine's compile flags as setup.py computes them in this environment (its CXXFLAGS
    list; helper calls such as *march_flags() are evaluated from setup.py's own code)."""
    try:
        tree = ast.parse((REPO / "setup.py").read_text())
    except (OSError, SyntaxError):
        return None
    funcs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    value = None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "CXXFLAGS" for t in node.targets):
            value = node.value
    if not isinstance(value, ast.List):
        return None
    flags: list[str] = []
    for elt in value.elts:
        if isinstance(elt, ast.Constant) and isinstance(elt.value, str):
            flags.append(elt.value)
            continue
        expr = elt.value if isinstance(elt, ast.Starred) else elt
        try:  # evaluate helper calls with setup.py's function definitions
            names = {n.func.id for n in ast.walk(expr) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
            module = ast.Module(body=[funcs[x] for x in names if x in funcs], type_ignores=[])
            env = {"os": os, "Path": Path, "shlex": shlex, "__builtins__": __builtins__}
            cwd = os.getcwd()
            try:
                os.chdir(REPO)
                exec(compile(module, "setup.py", "exec"), env)
                got = eval(compile(ast.Expression(expr), "setup.py", "eval"), env)
            finally:
                os.chdir(cwd)
            flags.extend(got if isinstance(elt, ast.Starred) else [got])
        except Exception:  # noqa: BLE001 - best effort
            flags.append(f"<{ast.unparse(expr)}>")
    return " ".join(str(f) for f in flags)


def machine() -> dict:
    return {
        "cpu": cpu_model(),
        "logical_cpus": os.cpu_count(),
        "physical_cores": physical_cores(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "compiler": module_compiler(),
        "cxxflags": build_flags(),
        "engine_version": rftg.ENGINE_VERSION,
        "threads_used": 1,
    }


# ---------------------------------------------------------------------------
# Measurements.


def measure(game, bot: str, seconds: float, repeats: int = 3) -> dict:
    """Calibrate the game count for `seconds` in all, then `repeats` timed runs; the median speed."""
    players = game.players
    bots = [bot] * players
    length = "rounds" if "rounds" in game.play_games(bots, 1, 0) else "turns"
    probe = game.play_games(bots, 50, 999)  # warm-up and calibration
    n = 200
    while True:
        r = game.play_games(bots, n, 998)
        if r["seconds"] >= 0.05 or n >= 10**7:
            break
        n *= 4
    per_game = max(r["seconds"], probe["seconds"] * n / 50) / n
    per_run = max(20, int(seconds / repeats / per_game))
    runs = [game.play_games(bots, per_run, seed) for seed in range(1, repeats + 1)]
    speeds = [x["games"] / x["seconds"] for x in runs]
    games = sum(x["games"] for x in runs)
    return {
        "games_per_s": statistics.median(speeds),
        "games_per_s_runs": speeds,
        "decisions_per_game": sum(x["decisions"] for x in runs) / games,
        "length_per_game": sum(x[length] for x in runs) / games,
        "games": games,
        "seconds": sum(x["seconds"] for x in runs),
    }


def paired_decision_cost_ratio(base, other, bot: str, seconds: float, pairs: int = 5) -> dict:
    """Cost per decision of `other` over `base`, measured in alternating runs (base, other, base, ...) so
    that a busy machine slows both alike: the median of the pairs' ratios."""
    def per_decision(game, n, seed):
        r = game.play_games([bot] * game.players, n, seed)
        return r["seconds"] / r["decisions"]

    sizes = []
    for game in (base, other):  # about seconds / (2 * pairs) per run
        r = game.play_games([bot] * game.players, 200, 997)
        sizes.append(max(50, int(seconds / (2 * pairs) / (r["seconds"] / 200))))
    ratios = [per_decision(other, sizes[1], 100 + k) / per_decision(base, sizes[0], 100 + k) for k in range(pairs)]
    return {"ratio": statistics.median(ratios), "ratios": ratios}


def run(seconds: float) -> dict:
    out: dict = {"machine": machine()}
    for key, players, advanced, bot in FIGURES:
        m = measure(rftg.Game(players=players, advanced=advanced), bot, seconds)
        out[f"{key}_games_per_s"] = round(m["games_per_s"], 1)
        out[f"{key}_decisions_per_game"] = round(m["decisions_per_game"], 2)
        out[f"{key}_rounds_per_game"] = round(m["length_per_game"], 2)
        out[f"{key}_decisions_per_s"] = round(m["games_per_s"] * m["decisions_per_game"], 0)
        out[f"{key}_games_measured"] = m["games"]
    out["rftg_base_4p_state_bytes"] = rftg.STATE_BYTES
    for key, players, options, bot in EXPANSION_FIGURES:
        m = measure(rftg.Game(players=players, **options), bot, seconds)
        out[f"{key}_games_per_s"] = round(m["games_per_s"], 1)
        out[f"{key}_decisions_per_game"] = round(m["decisions_per_game"], 2)
        out[f"{key}_rounds_per_game"] = round(m["length_per_game"], 2)
        out[f"{key}_decisions_per_s"] = round(m["games_per_s"] * m["decisions_per_game"], 0)
        out[f"{key}_games_measured"] = m["games"]
    # The expansions' rules against the base game's on the same (full-width) build of the engine
    # (the target); and against the base game as play_games plays it, on the narrow engine.
    rvi = rftg.Game(players=4, expansion="rvi", goals=True, takeovers=True)
    paired = paired_decision_cost_ratio(rftg.Game(players=4, narrow_engine=False), rvi, "random", 2 * seconds)
    out["rftg_rvi_4p_vs_base_4p_decision_cost_ratio"] = round(paired["ratio"], 3)
    out["rftg_rvi_4p_vs_base_4p_decision_cost_ratios"] = [round(x, 3) for x in paired["ratios"]]
    paired = paired_decision_cost_ratio(rftg.Game(players=4), rvi, "random", 2 * seconds)
    out["rftg_rvi_4p_vs_narrow_base_4p_decision_cost_ratio"] = round(paired["ratio"], 3)
    out["rftg_rvi_4p_vs_narrow_base_4p_decision_cost_ratios"] = [round(x, 3) for x in paired["ratios"]]
    for key, players, bot in AF_FIGURES:
        m = measure(af.Game(players=players), bot, seconds)
        out[f"{key}_games_per_s"] = round(m["games_per_s"], 1)
        out[f"{key}_decisions_per_game"] = round(m["decisions_per_game"], 2)
        out[f"{key}_turns_per_game"] = round(m["length_per_game"], 2)
        out[f"{key}_decisions_per_s"] = round(m["games_per_s"] * m["decisions_per_game"], 0)
        out[f"{key}_games_measured"] = m["games"]
    out["af_state_bytes"] = af.STATE_BYTES
    out["targets"] = {
        "rftg_base_4p_random_games_per_s": TARGET_RANDOM_4P_GAMES_PER_S,
        "rftg_base_4p_state_bytes": TARGET_STATE_BYTES,
        "rftg_rvi_4p_vs_base_4p_decision_cost_ratio": TARGET_RVI_4P_DECISION_COST_RATIO,
    }
    out["meets_targets"] = {
        "rftg_base_4p_random_games_per_s": out["rftg_base_4p_random_games_per_s"] >= TARGET_RANDOM_4P_GAMES_PER_S,
        "rftg_base_4p_state_bytes": rftg.STATE_BYTES <= TARGET_STATE_BYTES,
        "rftg_rvi_4p_vs_base_4p_decision_cost_ratio":
            out["rftg_rvi_4p_vs_base_4p_decision_cost_ratio"] <= TARGET_RVI_4P_DECISION_COST_RATIO,
    }
    return out


def print_table(r: dict) -> None:
    m = r["machine"]
    print("galaxysim engine benchmark (single thread, C++ game loop via game.play_games)")
    print(f"  CPU       {m['cpu']} ({m['logical_cpus']} logical CPUs, {m['physical_cores'] or '?'} physical cores)")
    print(f"  Platform  {m['platform']}, Python {m['python']}, engine {m['engine_version']}")
    print(f"  Compiler  {m['compiler'] or 'unknown'}")
    print(f"  Flags     {m['cxxflags'] or 'unknown'} (setup.py, as computed now; a build made elsewhere may differ)")
    print()
    print(f"  {'game':<28}{'bots':<11}{'games/s':>12}{'decisions/game':>16}{'rounds/game':>13}{'decisions/s':>14}")
    labels = {
        "rftg_base_2p_random": "base, 2 players",
        "rftg_base_3p_random": "base, 3 players",
        "rftg_base_4p_random": "base, 4 players",
        "rftg_base_2p_advanced_random": "base, 2 players advanced",
        "rftg_base_4p_heuristic": "base, 4 players",
    }
    for key, _, _, bot in FIGURES:
        gps = r[f"{key}_games_per_s"]
        note = ""
        if key == "rftg_base_4p_random":
            ok = "ok" if gps >= TARGET_RANDOM_4P_GAMES_PER_S else "BELOW TARGET"
            note = f"   target >= {TARGET_RANDOM_4P_GAMES_PER_S:,}: {ok}"
        print(f"  {labels[key]:<28}{bot:<11}{gps:>12,.0f}{r[f'{key}_decisions_per_game']:>16.1f}"
              f"{r[f'{key}_rounds_per_game']:>13.1f}{r[f'{key}_decisions_per_s']:>14,.0f}{note}")
    sb = r["rftg_base_4p_state_bytes"]
    ok = "ok" if sb <= TARGET_STATE_BYTES else "ABOVE TARGET"
    print()
    print(f"  sizeof(State) = {sb} bytes   target <= {TARGET_STATE_BYTES}: {ok}")
    print()
    print(f"  {'expansions':<28}{'bots':<11}{'games/s':>12}{'decisions/game':>16}{'rounds/game':>13}{'decisions/s':>14}")
    for key, _, _, bot in EXPANSION_FIGURES:
        print(f"  {EXPANSION_LABELS[key]:<28}{bot:<11}{r[f'{key}_games_per_s']:>12,.0f}"
              f"{r[f'{key}_decisions_per_game']:>16.1f}{r[f'{key}_rounds_per_game']:>13.1f}"
              f"{r[f'{key}_decisions_per_s']:>14,.0f}")
    ratio = r["rftg_rvi_4p_vs_base_4p_decision_cost_ratio"]
    ok = "ok" if ratio <= TARGET_RVI_4P_DECISION_COST_RATIO else "ABOVE TARGET"
    print(f"  cost per decision, RvI 4p (goals, takeovers) / base 4p, same engine build = {ratio:.2f} (alternating "
          f"runs: {', '.join(f'{x:.2f}' for x in r['rftg_rvi_4p_vs_base_4p_decision_cost_ratios'])})   "
          f"target <= {TARGET_RVI_4P_DECISION_COST_RATIO}: {ok}")
    narrow = r["rftg_rvi_4p_vs_narrow_base_4p_decision_cost_ratio"]
    print(f"  the same against the base game on the narrow engine (as play_games plays it) = {narrow:.2f} "
          f"(runs: {', '.join(f'{x:.2f}' for x in r['rftg_rvi_4p_vs_narrow_base_4p_decision_cost_ratios'])})")
    print()
    print(f"  {'Alien Frontiers':<28}{'bots':<11}{'games/s':>12}{'decisions/game':>16}{'turns/game':>13}{'decisions/s':>14}")
    for key, players, bot in AF_FIGURES:
        print(f"  {f'{players} players':<28}{bot:<11}{r[f'{key}_games_per_s']:>12,.0f}"
              f"{r[f'{key}_decisions_per_game']:>16.1f}{r[f'{key}_turns_per_game']:>13.1f}"
              f"{r[f'{key}_decisions_per_s']:>14,.0f}")
    print()
    print(f"  Alien Frontiers sizeof(State) = {r['af_state_bytes']} bytes")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--quick", action="store_true", help="short run (~0.3 s per figure)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--seconds", type=float, default=None, help="measuring time per figure (default 2.5, quick 0.3)")
    args = ap.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else (0.3 if args.quick else 2.5)
    r = run(seconds)
    if args.json:
        print(json.dumps(r, sort_keys=True))
    else:
        print_table(r)
    return 0


if __name__ == "__main__":
    sys.exit(main())
