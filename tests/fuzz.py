"""Fuzzing what users hand galaxysim: positions, what-if variants, run folders (issue 24).

Each target makes inputs from a seeded random stream by mutating good ones (changed types and values, huge
strings, lone surrogates, deep nesting, dropped and added keys, cut text, flipped bytes) and checks the promise
of the docs: the input works, or it is refused with one clear line (a ValueError such as RulesError or
VariantError; on the command line `galaxysim: error: ...` with exit code 1 or 2), within a couple of seconds
-- never another exception, a traceback, a hang or a crash. A position that loads must then play.

    from fuzz import positions, variants, run_folders
    failures = positions(cases=200, seed=1)     # [] when all held; else one line per failing case

tests/test_fuzz.py runs a few hundred cases in CI; benchmarks/fuzz.py runs many more.
"""
from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import re
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator

#: The most one input may take, however large or odd.
SECONDS_PER_CASE = 2.0
#: The longest error message that counts as "one clear line".
MAX_MESSAGE = 1000

HUGE = 1_000_000
ODD_STRINGS = ["", " ", "\ud800", "a\udc80b", "x" * HUGE, "Gambling World #99", "Gambling Wrld", "0", "-1",
               "1e999", "null", "\n", "é", "☃" * 50, "; ;", "=", "." * 10, "ñ" * 200]
ODD_VALUES = [None, True, False, 0, -1, 1, 7, 2**63, 2**64, -(2**63) - 1, 10**30, 1.5, float("inf"), [], {},
              [[[[[]]]]], {"a": 1}, list(range(50))]


# --- mutating JSON values ----------------------------------------------------------------------------------------------

def _paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _odd(rng: random.Random, near: Any) -> Any:
    """A value to put where `near` was."""
    choice = rng.random()
    if choice < 0.35:
        return rng.choice(ODD_STRINGS)
    if choice < 0.7:
        return copy.deepcopy(rng.choice(ODD_VALUES))
    if isinstance(near, int) and not isinstance(near, bool):
        return near + rng.choice([-1, 1, -100, 100, 2**31])
    if isinstance(near, str) and near:
        i = rng.randrange(len(near))
        return near[:i] + rng.choice(["", "x", " ", "#2", near[i:]]) + near[i + 1:]
    if isinstance(near, list) and near:
        return near + near if rng.random() < 0.5 else near[1:]
    return rng.choice(ODD_STRINGS)


def mutate(doc: Any, rng: random.Random, edits: int) -> Any:
    """`doc` (a JSON value) with `edits` random changes: a value replaced, a key dropped or added, a list entry
    doubled, a value replaced by deeply nested lists (written by `dumps`)."""
    doc = copy.deepcopy(doc)
    for _ in range(edits):
        paths = list(_paths(doc))
        path = rng.choice(paths[1:] or paths)
        if not path:
            continue
        parent = doc
        for p in path[:-1]:
            parent = parent[p]
        key = path[-1]
        r = rng.random()
        if r < 0.6:
            parent[key] = _odd(rng, parent[key])
        elif r < 0.75 and isinstance(parent, dict):
            del parent[key]
        elif r < 0.85 and isinstance(parent, dict):
            parent[rng.choice(["x", "k" * HUGE, "\ud800", str(key) + "s", ""])] = _odd(rng, None)
        elif r < 0.95 and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        else:
            parent[key] = Deep(rng.choice([10, 200, 5000]))
    return doc


class Deep:
    """A value `dumps` writes as `depth` nested lists (json.dumps itself cannot nest them deeply)."""

    MARK = "<deeply nested lists:"

    def __init__(self, depth: int):
        self.depth = depth


def dumps(doc: Any) -> str:
    """json.dumps, with every Deep written out."""
    text = json.dumps(doc, default=lambda d: f"{Deep.MARK}{d.depth}>")
    while f'"{Deep.MARK}' in text:
        start = text.index(f'"{Deep.MARK}')
        end = text.index('>"', start)
        n = int(text[start + 1 + len(Deep.MARK):end])
        text = text[:start] + "[" * n + "0" + "]" * n + text[end + 2:]
    return text


def mutate_text(text: str, rng: random.Random) -> str:
    """`text` cut, with characters flipped, or with a huge or odd piece inserted."""
    r = rng.random()
    if r < 0.3:
        return text[:rng.randrange(len(text) + 1)]
    if r < 0.6:
        chars = list(text)
        for _ in range(rng.randint(1, 5)):
            i = rng.randrange(len(chars))
            chars[i] = rng.choice("{}[]\",:0 \ud800é\\")
        return "".join(chars)
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(ODD_STRINGS) + text[i:]


# --- checking one case -----------------------------------------------------------------------------------------------

def _refusal_problem(e: BaseException) -> str | None:
    """None for a clear refusal (a ValueError of one short line), else what is wrong with it."""
    message = str(e)
    if not isinstance(e, ValueError):
        return f"{type(e).__name__} (not a ValueError): {message[:200]}"
    if "\n" in message or len(message) > MAX_MESSAGE:
        return f"{type(e).__name__} not one short line ({len(message)} characters): {message[:200]}"
    return None


def _run_case(name: str, call: Callable[[], Any], failures: list[str]) -> Any:
    t = time.perf_counter()
    try:
        result = call()
    except Exception as e:
        problem = _refusal_problem(e)
        result = None
        if problem:
            failures.append(f"{name}: {problem}")
    elapsed = time.perf_counter() - t
    if elapsed > SECONDS_PER_CASE:
        failures.append(f"{name}: took {elapsed:.1f} s")
    return result


def _describe(value: Any) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) < 300 else text[:300] + "..."


# --- targets ---------------------------------------------------------------------------------------------------------

def _games():
    from galaxysim import af, rftg

    return [rftg.Game(players=2), rftg.Game(players=4, expansion="tgs"),
            rftg.Game(players=3, expansion="rvi", takeovers=True), rftg.Game(players=1, expansion="tgs"),
            af.Game(players=3)]


def _positions_of(game, rng: random.Random) -> dict:
    state = game.new_state(seed=rng.randrange(2**32))
    for _ in range(rng.randrange(120)):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return json.loads(state.to_json())


def positions(cases: int, seed: int) -> list[str]:
    """Mutated positions of every game and level: loaded, or refused in one line; a loaded one plays on."""
    rng = random.Random(seed)
    games = _games()
    failures: list[str] = []
    for case in range(cases):
        game = games[case % len(games)]
        doc = _positions_of(game, rng)
        if rng.random() < 0.2:
            text = mutate_text(json.dumps(doc), rng)
        else:
            text = dumps(mutate(doc, rng, rng.randint(1, 3)))
        name = f"position case {case} (seed {seed}, {game!r})"
        state = _run_case(name, lambda: game.state_from_json(text), failures)
        if state is not None:
            def play_on():
                for _ in range(300):
                    if state.is_terminal():
                        return
                    legal = state.legal_actions()
                    state.apply(legal[rng.randrange(len(legal))])
            _run_case(name + " played on", play_on, failures)
    return failures


#: Pieces of Race for the Galaxy variant changes, and of Alien Frontiers ones.
RFTG_PIECES = (["Gambling World", "Alien Tech Institute", "New Sparta", "Old Earth", "Rebel Base", "Galactic Salon",
                "Gambling Wrld"], ["cost", "vp", "copies", "defence", "powers", "score", "flags", "good", "colour"],
               ["2", "0", "-3", "99", "100", "x", "", "develop discount value=1 | settle military value=2",
                "6_dev total_vp", "novelty windfall", "production rare"],
               ["hand_limit", "vp_pool_per_player", "tableau_end", "remove", "add", "tableau"])
AF_PIECES = (["Lunar Mine", "Shipyard", "Booster Pod", "Alien City", "Asimov Crater", "Positron Field",
              "Colonist Hub", "Temporal Warper"], ["docks", "cost", "vp", "copies", "amount", "ship-cost", "kind",
                                                    "blocked", "shape", "value"],
             ["4", "0", "-1", "2", "fuel 2, ore 2", "4th 1, 5th 2, 6th 3", "yes", "x", ""],
             ["colonies_per_player", "resource_limit", "display", "start_tech", "start_ships", "remove"])


def _variant_text(rng: random.Random, pieces) -> str:
    names, fields, values, rules = pieces
    changes = []
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.6:
            change = f"{rng.choice(names)}.{rng.choice(fields)}={rng.choice(values)}"
        else:
            change = f"{rng.choice(rules)}={rng.choice(values + names)}"
        changes.append(mutate_text(change, rng) if rng.random() < 0.3 else change)
    return "; ".join(changes)


def variants(cases: int, seed: int) -> list[str]:
    """Variant strings of both games: a game that takes one plays a game with it; a bad one is one line."""
    from galaxysim import af, rftg

    rng = random.Random(seed)
    failures: list[str] = []
    for case in range(cases):
        is_af = case % 3 == 2
        text = _variant_text(rng, AF_PIECES if is_af else RFTG_PIECES)
        expansion = rng.choice(["base", "tgs", "rvi"])
        name = f"variant case {case} (seed {seed}): {_describe(text)}"

        def make():
            if is_af:
                return af.Game(players=rng.choice([2, 3, 4]), variant=text)
            return rftg.Game(players=rng.choice([2, 3, 4]), expansion=expansion, variant=text)

        game = _run_case(name, make, failures)
        if game is not None:
            _run_case(name + " played", lambda: game.play_games(["random"] * game.players, 2, seed=case), failures)
    return failures


def _small_run(root: Path) -> Path:
    from galaxysim.sim.cli import main

    out = root / "source"
    assert main(["run", "--players", "2", "--bots", "random,heuristic", "--games", "40", "--seed", "3",
                 "--chunk-size", "15", "--threads", "1", "--record-decisions", "--out", str(out), "-q"]) == 0
    return out


def _corrupt_folder(folder: Path, rng: random.Random) -> str:
    """Damages one run folder in place; returns what was done."""
    m = json.loads((folder / "manifest.json").read_text())
    r = rng.random()
    if r < 0.6:
        (folder / "manifest.json").write_text(dumps(mutate(m, rng, rng.randint(1, 3))))
        return "manifest edited"
    if r < 0.7:
        text = (folder / "manifest.json").read_text()
        (folder / "manifest.json").write_text(mutate_text(text, rng), errors="surrogatepass")
        return "manifest text damaged"
    files = sorted(p for p in folder.rglob("*.parquet"))
    victim = rng.choice(files)
    data = bytearray(victim.read_bytes())
    how = rng.choice(["truncated", "flipped", "deleted", "emptied"])
    if how == "truncated":
        victim.write_bytes(bytes(data[:rng.randrange(len(data))]))
    elif how == "flipped":
        for _ in range(rng.randint(1, 20)):
            data[rng.randrange(len(data))] ^= 0xFF
        victim.write_bytes(bytes(data))
    elif how == "deleted":
        victim.unlink()
    else:
        victim.write_bytes(b"")
    return f"{victim.relative_to(folder)} {how}"


def _cli(args: list[str]) -> tuple[int, str]:
    """galaxysim's main() in this process: (exit code, stderr)."""
    from galaxysim.sim.cli import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(args)
    return code, err.getvalue()


def run_folders(cases: int, seed: int,
                commands: tuple[str, ...] = ("summary", "replay", "resume", "export", "dataset")) -> list[str]:
    """Damaged run folders: every command gives its result, or one line `galaxysim: error: ...` (exit 1 or 2)."""
    rng = random.Random(seed)
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="gs-fuzz-") as tmp:
        source = _small_run(Path(tmp))
        for case in range(cases):
            folder = Path(tmp) / f"case{case}"
            shutil.copytree(source, folder)
            what = _corrupt_folder(folder, rng)
            for command in commands:
                args = {"summary": ["summary", str(folder)], "replay": ["replay", str(folder), "--game", "1"],
                        "resume": ["resume", str(folder), "-q"],
                        "export": ["export", str(folder), "--out", str(folder.parent / f"d{case}.npz"), "-q"],
                        "dataset": ["export", str(folder), "--format", "dataset", "--out",
                                    str(folder.parent / f"ds{case}"), "-q"],
                        "report": ["report", str(folder), "--out", str(folder.parent / f"r{case}")]}[command]
                name = f"run folder case {case} (seed {seed}, {what}): galaxysim {command}"
                t = time.perf_counter()
                try:
                    code, err = _cli(args)
                except BaseException as e:  # what main() let through: a traceback for the user
                    failures.append(f"{name}: {type(e).__name__}: {str(e)[:200]}")
                    continue
                errors = [line for line in err.splitlines() if line.startswith("galaxysim: error: ")]
                clear = len(errors) == 1 and len(errors[0]) <= MAX_MESSAGE and err.endswith(errors[0] + "\n")
                if code not in (0, 1, 2) or "Traceback" in err or (code != 0) != clear:
                    failures.append(f"{name}: exit {code}, stderr {err[-300:]!r}")
                if time.perf_counter() - t > 10 * SECONDS_PER_CASE:
                    failures.append(f"{name}: took {time.perf_counter() - t:.1f} s")
            shutil.rmtree(folder)
    return failures


def signals(cases: int, seed: int) -> list[str]:
    """`galaxysim run` processes sent SIGINT or SIGTERM (once, twice or three times) at a random moment: exit 0
    with a complete run, exit 130 with no folder or an interrupted one, or killed by the signal (while Python
    itself starts, before any galaxysim code runs, or by a third request) with a folder that `resume` accepts;
    never a traceback from galaxysim or a folder stuck at "running" after a clean stop."""
    import os
    import signal
    import subprocess
    import sys

    rng = random.Random(seed)
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="gs-fuzz-signals-") as tmp:
        for case in range(cases):
            out = Path(tmp) / f"run{case}"
            sig = rng.choice([signal.SIGINT, signal.SIGTERM])
            times = rng.choice([1, 1, 1, 2, 3])
            delay = rng.uniform(0, 2.0)
            name = f"signals case {case} (seed {seed}): {signal.Signals(sig).name} x{times} after {delay:.2f} s"
            proc = subprocess.Popen([sys.executable, "-m", "galaxysim", "run", "--players", "3", "--games", "3000",
                                     "--seed", str(case), "--chunk-size", "500", "--threads", "1", "-q", "--out",
                                     str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                    env={**os.environ, "PYTHONUNBUFFERED": "1"})
            time.sleep(delay)
            for _ in range(times):
                if proc.poll() is None:
                    proc.send_signal(sig)
                    time.sleep(0.01)
            _, err = proc.communicate(timeout=300)
            manifest = out / "manifest.json"
            status = json.loads(manifest.read_text())["status"] if manifest.exists() else None
            outcome = (proc.returncode, status)
            killed = proc.returncode == -sig
            # (while Python starts: its own code, or galaxysim's first import, of the handler's module)
            frames = re.findall(r'File "([^"]+)"', err)
            before_galaxysim = killed and status is None and all(
                not any(part in f for part in ("/sim/", "/results/", "/cluster/", "/pycore/", "/galaxysim/"))
                or f.endswith(("__main__.py", "stop_requests.py")) for f in frames)
            if ("Traceback" in err or "Exception ignored" in err) and not before_galaxysim:
                failures.append(f"{name}: {err[-300:]!r}")
            elif not (outcome in ((0, "complete"), (130, "interrupted"), (130, None))
                      or (killed and (times == 3 or status is None))):
                failures.append(f"{name}: exit {proc.returncode}, status {status}: {err[-300:]!r}")
            elif status in ("interrupted", "running"):
                from galaxysim.sim.cli import main

                with contextlib.redirect_stdout(io.StringIO()):
                    if main(["resume", str(out), "-q"]) != 0:
                        failures.append(f"{name}: the folder does not resume")
    return failures
