"""The C++ tests (tests/cpp/test_*.cpp), built with g++ under ASan + UBSan.

One pytest test per C++ test file (linked against a static archive of core, so
it pulls in only what it uses), plus test_core_builds: every core source
compiles under the same flags and the whole of core links together. The build itself (tests/cpp/run_cpp_tests.py)
compiles all sources once per session, in parallel, and caches the objects in
build/cpp-tests/.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

_DRIVER_PATH = Path(__file__).resolve().parent / "cpp" / "run_cpp_tests.py"


def _load_driver():
    name = "galaxysim_cpp_test_driver"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, _DRIVER_PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


drv = _load_driver()


@pytest.fixture(scope="session")
def cpp_build():
    if not drv.compiler_available():
        pytest.skip(f"{drv.CXX} not found: the C++ tests need g++ (apt-get install g++)")
    return drv.build()


def test_core_builds(cpp_build):
    """Every core source compiles, and all of core links together (no undefined
    references, no duplicate definitions)."""
    if cpp_build.core_failures:
        pytest.fail(
            f"{len(cpp_build.core_failures)} core source(s) do not compile:\n" + cpp_build.core_failure_report(),
            pytrace=False,
        )
    if not cpp_build.core:
        pytest.skip("no core/**/*.cpp sources yet")
    link = cpp_build.link_check()
    if not link.ok:
        pytest.fail(f"core does not link as a whole:\n{link.report()}", pytrace=False)


@pytest.mark.parametrize("test_src", drv.find_tests(), ids=lambda p: p.stem)
def test_cpp(cpp_build, test_src):
    result = drv.run_test(cpp_build, test_src)
    if not result.ok:
        pytest.fail(f"{test_src.name} failed:\n{result.report()}", pytrace=False)
