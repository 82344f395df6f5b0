"""Test-wide setup: make the tests import the INSTALLED galaxysim.

galaxysim is installed as one package, `galaxysim`, whose parts are the
repository's folders pycore/, sim/, results/ and cluster/ (pyproject.toml maps
them). `python -m pytest` puts the current folder (the repository root) first on
sys.path, where those folders would import under their folder names: nothing
may import them so (a module loaded twice, once under each name, would hold two
copies of the engine). With an editable install (`pip install -e .`, the README's
way) `galaxysim` maps to the source folders, where the compiled modules are
built. With a regular install (`pip install .`) the repository root is taken
off sys.path, so only the installed copy is seen.

Also: the tests that press Ctrl-C on a galaxysim process need SIGINT as a terminal gives it (see
pytest_configure).
"""
from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
_FOLDER_NAMES = ("pycore", "sim", "cluster", "results")  # never imported by these names (see above)


def _resolve(entry: str) -> Path | None:
    try:
        return Path(entry or os.getcwd()).resolve()
    except OSError:
        return None


def installed_distribution():
    """The installed galaxysim distribution (importlib.metadata), or None. The repository itself is skipped: a
    build leaves galaxysim.egg-info there."""
    from importlib import metadata

    search = [p for p in sys.path if _resolve(p) != REPO]
    return next(iter(metadata.distributions(name="galaxysim", path=search)), None)


def _install_kind() -> str:
    """'editable', 'regular' or 'missing' for the galaxysim distribution."""
    dist = installed_distribution()
    if dist is None:
        return "missing"
    try:
        direct = json.loads(dist.read_text("direct_url.json") or "{}")
    except ValueError:
        direct = {}
    return "editable" if direct.get("dir_info", {}).get("editable") else "regular"


INSTALL_KIND = _install_kind()

if INSTALL_KIND == "regular":
    sys.path[:] = [p for p in sys.path if _resolve(p) != REPO]
    for name in list(sys.modules):
        if name.split(".")[0] in ("galaxysim", *_FOLDER_NAMES):
            mod_file = getattr(sys.modules[name], "__file__", None) or ""
            if mod_file and Path(mod_file).resolve().is_relative_to(REPO):
                del sys.modules[name]


def pytest_report_header(config):
    try:
        import galaxysim
        import galaxysim._rftg  # noqa: F401
        import galaxysim._batch  # noqa: F401

        where = Path(galaxysim.__file__).parent
        status = f"galaxysim from {where} ({INSTALL_KIND} install), compiled modules OK"
    except ImportError as e:
        status = (
            f"galaxysim compiled modules NOT importable ({INSTALL_KIND} install): {e}. "
            "Install first: pip install -e '.[test]'"
        )
    return [f"galaxysim: {status}"]


def pytest_configure(config):
    # A test run started as a background job of a script (`python -m pytest ... &`) inherits SIGINT ignored,
    # and so would every process it starts: a Python process that inherits SIGINT ignored keeps ignoring it
    # (no KeyboardInterrupt). The Ctrl-C tests are about a user at a terminal, whose galaxysim has SIGINT at
    # its default; a handler here (not SIG_IGN) makes the children start that way.
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
