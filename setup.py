"""Build of galaxysim's compiled modules. Project metadata lives in pyproject.toml.

Extensions (the folder pycore/ is installed as the package galaxysim, see pyproject.toml):
  galaxysim._rftg  pybind11, from pycore/src/*.cpp
  galaxysim._af    pybind11, from pycore/src/af/*.cpp
  galaxysim._batch Cython (C++), from pycore/_batch.pyx
All link the whole C++ engine: every core/**/*.cpp except anything under a
tests/ folder. All sources (engine and modules) are compiled ONCE, in one
parallel pool, into build/temp*/ (objects that are up to date are skipped), and
the engine objects are linked into every module.

Data: core/data/*.txt is installed as galaxysim/data/*.txt, so that
    importlib.resources.files("galaxysim") / "data" / "rftg_cards.txt"
works both in `pip install .` and in `pip install -e .`. This works through
pycore/data, a symbolic link to ../core/data that this script creates when it
is missing (it is generated, and ignored by git). A regular install copies the
files through the link into the wheel; an editable install reads them in place,
so edits to core/data are seen without reinstalling. Where symbolic links are
not possible, pycore/data is a copy refreshed at every build.

Environment:
  GALAXYSIM_BUILD_JOBS     parallel compile jobs (default: all cores)
  GALAXYSIM_EXTRA_CFLAGS   extra compiler flags, e.g. "-march=native" or "-g"
  GALAXYSIM_MARCH          target x86-64 level; default: x86-64-v3 when the build machine has
                           AVX2 and BMI2 (fast bit selection for card draws), else x86-64-v2
                           when it has POPCNT, else the compiler default. "none" disables it.
                           Set it (e.g. x86-64-v2) when the build is copied to older machines.
"""
from __future__ import annotations

import os
import shlex
import shutil
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
os.chdir(ROOT)  # setuptools wants source paths relative to the project root

def march_flags() -> list[str]:
    """-march for the bit operations the engine lives on (see GALAXYSIM_MARCH above)."""
    wanted = os.environ.get("GALAXYSIM_MARCH", "").strip()
    if wanted == "none":
        return []
    if wanted:
        return [f"-march={wanted}"]
    try:
        flags = set()
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("flags"):
                flags = set(line.split(":", 1)[1].split())
                break
    except OSError:
        return []
    if {"avx2", "bmi1", "bmi2", "fma", "movbe"} <= flags:
        return ["-march=x86-64-v3"]
    if {"popcnt", "sse4_2", "ssse3"} <= flags:
        return ["-march=x86-64-v2"]
    return []


CXXFLAGS = [
    "-std=c++17",
    "-O3",
    "-DNDEBUG",
    "-fno-plt",
    "-fvisibility=hidden",  # nothing but the module init function needs exporting
    "-g0",  # the interpreter's CFLAGS carry -g: drop debug info for a faster build and a smaller module
    *march_flags(),
    *shlex.split(os.environ.get("GALAXYSIM_EXTRA_CFLAGS", "")),
]
INCLUDE_DIRS = ["core"]


def core_sources() -> list[str]:
    """Every core/**/*.cpp, excluding anything under a folder named tests (or test)."""
    out = []
    for p in sorted(Path("core").rglob("*.cpp")):
        if any(part in ("tests", "test") for part in p.parts[1:-1]):
            continue
        out.append(p.as_posix())
    return out


def core_headers() -> list[str]:
    return sorted(p.as_posix() for p in Path("core").rglob("*.h") if p.is_file()) + sorted(
        p.as_posix() for p in Path("core").rglob("*.hpp") if p.is_file()
    )


def ensure_data_link() -> None:
    """Makes pycore/data show core/data (see the module docstring)."""
    target = Path("core") / "data"
    link = Path("pycore") / "data"
    if not target.is_dir():
        return
    if link.is_symlink():
        if link.resolve() == target.resolve():
            return
        link.unlink()  # broken or pointing elsewhere
    elif link.is_dir():
        # A copy from a machine without symbolic links: refresh it.
        shutil.rmtree(link)
    try:
        link.symlink_to(Path("..") / "core" / "data", target_is_directory=True)
    except OSError:
        shutil.copytree(target, link)


class BuildExt(build_ext):
    """build_ext that compiles every source once, all in one parallel pool,
    skipping objects that are up to date, then links each module.

    The engine objects are shared by both modules. An object is rebuilt when
    its source, any engine header (core/**/*.h) or any pycore header is newer,
    or when the flags changed; a module is relinked when any of its objects is
    newer than it. So editing one engine .cpp recompiles that file and relinks,
    without recompiling the (slow) pybind11 bindings."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            jobs = os.environ.get("GALAXYSIM_BUILD_JOBS")
            self.parallel = int(jobs) if jobs else (os.cpu_count() or 2)

    def build_extensions(self):
        t0 = time.monotonic()
        compiler = self.compiler
        out_dir = Path(self.build_temp)
        headers = core_headers() + sorted(p.as_posix() for p in Path("pycore").rglob("*.h"))
        newest_header = max((os.path.getmtime(h) for h in headers), default=0.0)

        # One job per source: (source, object, include_dirs, macros, extra args).
        jobs: dict[str, tuple] = {}
        ext_objects: dict[str, list[str]] = {}
        for ext in self.extensions:
            macros = list(ext.define_macros) + [(m,) for m in ext.undef_macros]
            objs = compiler.object_filenames(ext.sources, output_dir=str(out_dir))
            ext_objects[ext.name] = objs
            for src, obj in zip(ext.sources, objs):
                jobs[src] = (src, obj, list(ext.include_dirs), macros, list(ext.extra_compile_args))
        sources = core_sources()
        core_objects = compiler.object_filenames(sources, output_dir=str(out_dir))
        for src, obj in zip(sources, core_objects):
            jobs.setdefault(src, (src, obj, INCLUDE_DIRS, [], CXXFLAGS))

        stamp = out_dir / ".galaxysim-flags"
        flags_text = repr([compiler.compiler_so, compiler.include_dirs, sorted(jobs.values())])
        force = self.force or not stamp.exists() or stamp.read_text() != flags_text

        def stale(src: str, obj: str) -> bool:
            if force or not os.path.exists(obj):
                return True
            t = os.path.getmtime(obj)
            return os.path.getmtime(src) > t or newest_header > t

        todo = [job for job in jobs.values() if stale(job[0], job[1])]

        def compile_one(job) -> None:
            src, _obj, include_dirs, macros, extra = job
            compiler.compile([src], output_dir=str(out_dir), include_dirs=include_dirs, macros=macros,
                             extra_postargs=extra)

        if todo:
            n = max(1, int(self.parallel))
            print(f"galaxysim: compiling {len(todo)} of {len(jobs)} sources with {n} jobs", flush=True)
            stamp.unlink(missing_ok=True)
            # Module sources first: the pybind11 bindings are the slowest file.
            with ThreadPoolExecutor(max_workers=n) as pool:
                for fut in [pool.submit(compile_one, job) for job in todo]:
                    fut.result()  # re-raises the first compile error
            stamp.parent.mkdir(parents=True, exist_ok=True)
            stamp.write_text(flags_text)
        print(f"galaxysim: objects ready in {time.monotonic() - t0:.1f} s", flush=True)

        # Now build_ext only links: no sources left, the objects are its inputs,
        # and it relinks a module when one of them is newer than the module.
        for ext in self.extensions:
            own = ext_objects[ext.name]
            ext.sources = []
            ext.extra_objects = [*own, *core_objects, *ext.extra_objects]
            ext.depends = [*ext.depends, *own, *core_objects]
        super().build_extensions()
        print(f"galaxysim: extensions built in {time.monotonic() - t0:.1f} s", flush=True)


def extensions() -> list[Extension]:
    import numpy
    import pybind11
    from Cython.Build import cythonize

    rftg = Extension(
        "galaxysim._rftg",
        sources=sorted(p.as_posix() for p in Path("pycore/src").glob("*.cpp")),
        include_dirs=[*INCLUDE_DIRS, pybind11.get_include()],
        extra_compile_args=CXXFLAGS,
        language="c++",
    )
    af = Extension(
        "galaxysim._af",
        sources=sorted(p.as_posix() for p in Path("pycore/src/af").glob("*.cpp")),
        include_dirs=[*INCLUDE_DIRS, pybind11.get_include()],
        extra_compile_args=CXXFLAGS,
        language="c++",
    )
    batch = Extension(
        "galaxysim._batch",
        sources=["pycore/_batch.pyx"],
        include_dirs=[*INCLUDE_DIRS, numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=CXXFLAGS,
        language="c++",
    )
    return [rftg, af, *cythonize([batch], language_level=3, quiet=True)]


ensure_data_link()

# `setup.py --help` and the like need neither Cython, pybind11 nor numpy.
_needs_ext = not any(a in sys.argv for a in ("--help", "-h", "--name", "--version", "clean"))

setup(
    ext_modules=extensions() if _needs_ext else [],
    cmdclass={"build_ext": BuildExt},
)
