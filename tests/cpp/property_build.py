"""Builds an -O2 property driver (a C++ main in tests/cpp, not a test_*.cpp sanitizer test)
against a static archive of every core object that compiles; objects are cached in
build/<name>/ and rebuilt when a source or a header it includes changed (g++ -MMD).
Used by tests/test_rftg_properties.py and tests/test_af_properties.py."""
from __future__ import annotations

import concurrent.futures
import hashlib
import os
import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORE = REPO / "core"
CXX = "g++"
# -march=native: the driver only runs on the machine that builds it, and without it every
# CardSet::count() is a libgcc call (a third of the expansion property test's time).
CXXFLAGS = ["-std=c++17", "-O2", "-march=native", "-DNDEBUG", f"-I{CORE}", f"-I{REPO / 'tests' / 'cpp'}"]
LDFLAGS = ["-pthread"]


class BuildError(Exception):
    """The driver does not compile or link; the message holds the compiler output."""


def core_sources() -> list[Path]:
    return [
        p for p in sorted(CORE.rglob("*.cpp"))
        if not any(part in ("tests", "test") for part in p.relative_to(CORE).parts[:-1])
    ]


def flags_dir(build_dir: Path) -> Path:
    key = hashlib.sha1(" ".join([CXX, *CXXFLAGS]).encode()).hexdigest()[:10]
    return build_dir / key


def _up_to_date(obj: Path, dep: Path) -> bool:
    """obj exists and is newer than every file its g++ -MMD dependency file lists."""
    if not obj.exists() or not dep.exists():
        return False
    mtime = obj.stat().st_mtime_ns
    first = dep.read_text(errors="replace").replace("\\\n", " ").split("\n", 1)[0]
    if ":" not in first:
        return False
    for f in re.split(r"(?<!\\)\s+", first.split(":", 1)[1].strip()):
        if not f:
            continue
        try:
            if Path(f.replace("\\ ", " ")).stat().st_mtime_ns > mtime:
                return False
        except FileNotFoundError:
            return False
    return True


def _compile(src: Path, out_dir: Path) -> tuple[Path, str | None]:
    """Compiles src to an object (skipped when up to date); returns (object, error or None)."""
    obj = out_dir / "obj" / src.resolve().relative_to(REPO).with_suffix(".o")
    dep = obj.with_suffix(".d")
    if _up_to_date(obj, dep):
        return obj, None
    obj.parent.mkdir(parents=True, exist_ok=True)
    tmp_obj = obj.with_name(f"{obj.name}.{os.getpid()}.tmp")
    tmp_dep = dep.with_name(f"{dep.name}.{os.getpid()}.tmp")
    cmd = [CXX, *CXXFLAGS, "-c", str(src), "-o", str(tmp_obj), "-MMD", "-MT", str(obj), "-MF", str(tmp_dep)]
    proc = subprocess.run(cmd, cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, errors="replace")
    if proc.returncode != 0:
        tmp_obj.unlink(missing_ok=True)
        tmp_dep.unlink(missing_ok=True)
        return obj, "$ " + " ".join(cmd) + "\n" + proc.stdout[-8000:]
    os.replace(tmp_dep, dep)
    os.replace(tmp_obj, obj)
    return obj, None


def build_driver(main_src: Path, build_dir: Path) -> Path:
    """The linked driver binary for main_src (raises BuildError)."""
    out_dir = flags_dir(build_dir)
    jobs = int(os.environ.get("GALAXYSIM_CPP_JOBS", "0")) or (os.cpu_count() or 2)
    sources = [main_src, *core_sources()]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = dict(zip(sources, pool.map(lambda s: _compile(s, out_dir), sources)))
    main_obj, main_err = results[main_src]
    if main_err:
        raise BuildError(f"{main_src.name} does not compile:\n{main_err}")
    core_objs = [str(obj) for src, (obj, err) in results.items() if src != main_src and err is None]
    core_errs = [err for src, (obj, err) in results.items() if src != main_src and err]
    archive = out_dir / "libcore.a"
    tmp = archive.with_name(f"libcore.a.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    subprocess.run(["ar", "rcs", str(tmp), *core_objs], check=True, cwd=REPO, stdin=subprocess.DEVNULL)
    os.replace(tmp, archive)
    binary = out_dir / "bin" / main_src.stem
    binary.parent.mkdir(parents=True, exist_ok=True)
    tmp_bin = binary.with_name(f"{binary.name}.{os.getpid()}.tmp")
    cmd = [CXX, str(main_obj), str(archive), *LDFLAGS, "-o", str(tmp_bin)]
    proc = subprocess.run(cmd, cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, errors="replace")
    if proc.returncode != 0:
        tmp_bin.unlink(missing_ok=True)
        extra = ("\nSome core sources do not compile:\n" + "\n".join(core_errs)) if core_errs else ""
        raise BuildError(f"linking {binary.name} failed:\n$ {' '.join(cmd)}\n{proc.stdout[-8000:]}{extra}")
    os.replace(tmp_bin, binary)
    return binary
