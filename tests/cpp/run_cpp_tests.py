#!/usr/bin/env python3
"""Build and run the C++ tests under AddressSanitizer and UndefinedBehaviorSanitizer.

Every ``tests/cpp/test_*.cpp`` is a plain program with its own ``main``. It is
compiled with g++, every ``core/**/*.cpp`` (nothing under a ``tests`` folder) is
compiled with the same flags, and the test is linked against a static archive of
the core objects (so it pulls in only what it uses: a test of json.cpp still
runs while an unrelated engine file is half-written; don't rely on static
initializers in objects a test never references). Separately, all core objects
are linked together with an empty main to catch undefined references. The test
runs with the absolute path of ``core/data/rftg_cards.txt`` as
its only argument, and fails on a non-zero exit code, on any sanitizer report,
or on a closing ``N passed, M failed`` line with M > 0.

Objects are cached in ``build/cpp-tests/`` and rebuilt only when a source or a
header it includes changed (g++ -MMD dependency files), or the flags changed.
Compilation runs in parallel (GALAXYSIM_CPP_JOBS, default: all cores).

Used by tests/test_cpp.py (one pytest test per C++ test file), and runnable by
hand::

    python tests/cpp/run_cpp_tests.py            # all tests
    python tests/cpp/run_cpp_tests.py json       # tests whose name contains "json"

Environment: GALAXYSIM_CPP_JOBS (parallel compiles), GALAXYSIM_CPP_TEST_TIMEOUT
(seconds per test binary, default 600), CXX is ignored on purpose: the flags are g++'s.
"""
from __future__ import annotations

import concurrent.futures
import dataclasses
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORE = REPO / "core"
TESTS_DIR = REPO / "tests" / "cpp"
BUILD_DIR = REPO / "build" / "cpp-tests"
CARD_DATA = CORE / "data" / "rftg_cards.txt"

CXX = "g++"
CXXFLAGS = [
    "-std=c++17",
    "-O1",
    "-g",
    "-fsanitize=address,undefined",
    "-fno-omit-frame-pointer",
    "-fno-sanitize-recover=all",
    f"-I{CORE}",
]
LDFLAGS = ["-fsanitize=address,undefined", "-pthread"]
RUN_ENV = {
    "ASAN_OPTIONS": "detect_leaks=1:abort_on_error=1",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
}

# Lines that only a sanitizer prints.
SANITIZER_RE = re.compile(
    r"==\d+==\s*(ERROR|WARNING): \w*Sanitizer"
    r"|SUMMARY: \w*Sanitizer"
    r"|: runtime error: "
    r"|LeakSanitizer has encountered"
)
SUMMARY_RE = re.compile(r"^(?:\w+:\s*)?(\d+) passed, (\d+) failed(?:, \d+ skipped)?\s*$", re.MULTILINE)

MAX_SHOWN_OUTPUT = 20000  # characters of a failing command's output shown in a report


def compiler_available() -> bool:
    return shutil.which(CXX) is not None


def find_core_sources() -> list[Path]:
    """All core/**/*.cpp except anything under a folder named tests (or test)."""
    out = []
    for p in sorted(CORE.rglob("*.cpp")):
        rel = p.relative_to(CORE)
        if any(part in ("tests", "test") for part in rel.parts[:-1]):
            continue
        out.append(p)
    return out


def find_tests() -> list[Path]:
    return sorted(TESTS_DIR.glob("test_*.cpp"))


def _tail(text: str, limit: int = MAX_SHOWN_OUTPUT) -> str:
    if len(text) <= limit:
        return text
    return f"[... {len(text) - limit} characters cut ...]\n" + text[-limit:]


@dataclasses.dataclass
class StepResult:
    ok: bool
    command: list[str]
    output: str = ""
    seconds: float = 0.0

    def report(self) -> str:
        return "$ " + " ".join(self.command) + "\n" + _tail(self.output)


def _flags_dir() -> Path:
    """Objects live in a folder named after a hash of the compiler and flags, so
    changing the flags never reuses stale objects."""
    key = hashlib.sha1(" ".join([CXX, *CXXFLAGS]).encode()).hexdigest()[:10]
    return BUILD_DIR / key


def _object_path(src: Path) -> Path:
    rel = src.resolve().relative_to(REPO)
    return _flags_dir() / "obj" / rel.with_suffix(".o")


def _deps_up_to_date(obj: Path, dep: Path) -> bool:
    """True when obj exists and is newer than every file its .d file lists."""
    if not obj.exists() or not dep.exists():
        return False
    obj_mtime = obj.stat().st_mtime_ns
    text = dep.read_text(errors="replace").replace("\\\n", " ")
    # "target.o: src.cpp a.h b.h"; -MP adds "a.h:" lines which we skip.
    first = text.split("\n", 1)[0]
    if ":" not in first:
        return False
    files = re.split(r"(?<!\\)\s+", first.split(":", 1)[1].strip())
    for f in files:
        if not f:
            continue
        path = Path(f.replace("\\ ", " "))
        try:
            if path.stat().st_mtime_ns > obj_mtime:
                return False
        except FileNotFoundError:
            return False
    return True


def compile_one(src: Path) -> tuple[Path, StepResult]:
    obj = _object_path(src)
    dep = obj.with_suffix(".d")
    cmd = [CXX, *CXXFLAGS, "-c", str(src), "-o", str(obj), "-MMD", "-MF", str(dep)]
    if _deps_up_to_date(obj, dep):
        return obj, StepResult(True, cmd, "(up to date)")
    obj.parent.mkdir(parents=True, exist_ok=True)
    # Write to temporary names and rename, so an interrupted or concurrent
    # build never leaves a half-written object that looks up to date.
    tmp_obj = obj.with_name(f"{obj.name}.{os.getpid()}.tmp")
    tmp_dep = dep.with_name(f"{dep.name}.{os.getpid()}.tmp")
    cmd_run = [CXX, *CXXFLAGS, "-c", str(src), "-o", str(tmp_obj), "-MMD", "-MT", str(obj), "-MF", str(tmp_dep)]
    t0 = time.monotonic()
    started_ns = time.time_ns()
    proc = subprocess.run(cmd_run, cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, errors="replace")
    seconds = time.monotonic() - t0
    if proc.returncode != 0:
        tmp_obj.unlink(missing_ok=True)
        tmp_dep.unlink(missing_ok=True)
        return obj, StepResult(False, cmd, proc.stdout, seconds)
    # Date the object at the start of its compile: a header edited while it was
    # compiling is then newer than the object, which is rebuilt next time.
    os.utime(tmp_obj, ns=(started_ns, started_ns))
    os.replace(tmp_dep, dep)
    os.replace(tmp_obj, obj)
    return obj, StepResult(True, cmd, proc.stdout, seconds)


def default_jobs() -> int:
    env = os.environ.get("GALAXYSIM_CPP_JOBS")
    if env:
        return max(1, int(env))
    return max(1, os.cpu_count() or 2)


@dataclasses.dataclass
class Build:
    """Compiled core and test objects, ready to link."""

    core: dict[Path, tuple[Path, StepResult]]
    tests: dict[Path, tuple[Path, StepResult]]
    seconds: float
    _archive: Path | None = None

    @property
    def core_failures(self) -> list[tuple[Path, StepResult]]:
        return [(src, res) for src, (_, res) in self.core.items() if not res.ok]

    def core_failure_report(self) -> str:
        parts = []
        for src, res in self.core_failures:
            parts.append(f"--- {src.relative_to(REPO)} does not compile:\n{res.report()}")
        return "\n".join(parts)

    def core_archive(self) -> Path | None:
        """A static archive (libcore.a) of every core object that compiled; built
        once per Build. Tests link against it, so the linker pulls in only the
        objects a test uses (as with any library): a test of json.cpp still links
        while an unrelated engine file is half-written. Whether the whole core
        links is checked separately by link_check()."""
        if self._archive is None:
            objs = [str(obj) for obj, res in self.core.values() if res.ok]
            archive = _flags_dir() / "libcore.a"
            if not objs:
                archive.unlink(missing_ok=True)
            else:
                archive.parent.mkdir(parents=True, exist_ok=True)
                tmp = archive.with_name(f"{archive.name}.{os.getpid()}.tmp")
                tmp.unlink(missing_ok=True)
                subprocess.run(["ar", "rcs", str(tmp), *objs], check=True, cwd=REPO, stdin=subprocess.DEVNULL)
                os.replace(tmp, archive)
            self._archive = archive
        return self._archive if self._archive.exists() else None

    def link_check(self) -> StepResult:
        """Links every core object together with an empty main(): catches
        undefined references and duplicate definitions across the whole core."""
        objs = [str(obj) for obj, res in self.core.values() if res.ok]
        stub = _flags_dir() / "link_check_main.cpp"
        stub.parent.mkdir(parents=True, exist_ok=True)
        if not stub.exists():
            stub.write_text("int main() { return 0; }\n")
        out = _flags_dir() / "bin" / "core_link_check"
        out.parent.mkdir(parents=True, exist_ok=True)
        cmd = [CXX, *CXXFLAGS, str(stub), *objs, *LDFLAGS, "-o", str(out)]
        t0 = time.monotonic()
        proc = subprocess.run(cmd, cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, errors="replace")
        return StepResult(proc.returncode == 0, cmd, proc.stdout, time.monotonic() - t0)


def build(test_sources: list[Path] | None = None, jobs: int | None = None) -> Build:
    """Compiles every core source and the given test sources (default: all) in parallel."""
    if test_sources is None:
        test_sources = find_tests()
    core_sources = find_core_sources()
    jobs = jobs or default_jobs()
    t0 = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        # Longest-first would be ideal; tests first keeps feedback on the test itself quick.
        futures = {src: pool.submit(compile_one, src) for src in [*test_sources, *core_sources]}
        results = {src: fut.result() for src, fut in futures.items()}
    return Build(
        core={src: results[src] for src in core_sources},
        tests={src: results[src] for src in test_sources},
        seconds=time.monotonic() - t0,
    )


def link_test(b: Build, test_src: Path) -> tuple[Path, StepResult]:
    obj, res = b.tests[test_src]
    binary = _flags_dir() / "bin" / test_src.stem
    if not res.ok:
        return binary, res
    binary.parent.mkdir(parents=True, exist_ok=True)
    tmp = binary.with_name(f"{binary.name}.{os.getpid()}.tmp")
    archive = b.core_archive()
    cmd = [CXX, str(obj), *([str(archive)] if archive else []), *LDFLAGS, "-o", str(tmp)]
    t0 = time.monotonic()
    proc = subprocess.run(cmd, cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, errors="replace")
    seconds = time.monotonic() - t0
    if proc.returncode != 0:
        tmp.unlink(missing_ok=True)
        out = proc.stdout
        if b.core_failures:
            out += "\nSome core sources do not compile, which may explain the link error:\n"
            out += b.core_failure_report()
        return binary, StepResult(False, cmd, out, seconds)
    os.replace(tmp, binary)
    return binary, StepResult(True, cmd, proc.stdout, seconds)


def run_binary(binary: Path, timeout: float | None = None) -> StepResult:
    if timeout is None:
        timeout = float(os.environ.get("GALAXYSIM_CPP_TEST_TIMEOUT", "600"))
    cmd = [str(binary), str(CARD_DATA)]
    env = dict(os.environ)
    env.update(RUN_ENV)
    t0 = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=REPO, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired as e:
        out = e.stdout if isinstance(e.stdout, str) else (e.stdout or b"").decode(errors="replace")
        return StepResult(False, cmd, out + f"\n[timed out after {timeout:.0f} s]", time.monotonic() - t0)
    seconds = time.monotonic() - t0
    out = proc.stdout
    problems = []
    if proc.returncode < 0:
        sig = -proc.returncode
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = "unknown signal"
        problems.append(f"killed by signal {sig} ({name})")
    elif proc.returncode != 0:
        problems.append(f"exit code {proc.returncode}")
    if SANITIZER_RE.search(out):
        problems.append("sanitizer report in the output")
    summaries = SUMMARY_RE.findall(out)
    if summaries and int(summaries[-1][1]) > 0:
        problems.append(f"{summaries[-1][1]} failed according to the summary line")
    if problems:
        out += "\n[" + "; ".join(problems) + "]"
    return StepResult(not problems, cmd, out, seconds)


def run_test(b: Build, test_src: Path) -> StepResult:
    """Links and runs one test; the result's report() explains any failure."""
    binary, res = link_test(b, test_src)
    if not res.ok:
        return res
    return run_binary(binary)


def main(argv: list[str]) -> int:
    if not compiler_available():
        print(f"{CXX} not found: cannot build the C++ tests", file=sys.stderr)
        return 2
    tests = find_tests()
    if argv:
        tests = [t for t in tests if any(a in t.stem for a in argv)]
    if not tests:
        print("no C++ tests selected", file=sys.stderr)
        return 2
    b = build(tests)
    print(f"compiled {len(b.core)} core + {len(b.tests)} test sources in {b.seconds:.1f} s")
    passed = failed = 0
    for src, res in b.core_failures:
        failed += 1
        print(f"FAIL compile {src.relative_to(REPO)}\n{res.report()}")
    if b.core:
        link = b.link_check()
        if link.ok:
            passed += 1
            print("ok   core links as a whole")
        else:
            failed += 1
            print(f"FAIL core does not link as a whole\n{link.report()}")
    for t in tests:
        res = run_test(b, t)
        if res.ok:
            passed += 1
            print(f"ok   {t.name} ({res.seconds:.1f} s)")
        else:
            failed += 1
            print(f"FAIL {t.name}\n{res.report()}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
