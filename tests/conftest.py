"""Test-wide setup: make the tests import the INSTALLED galaxysim.

`python -m pytest` puts the current folder (the repository root) first on
sys.path, so `import pycore` would find the source folder pycore/ before the
installed package. With an editable install (`pip install -e .`, the README's
way) that is the same thing: the compiled modules are built into the source
tree. With a regular install (`pip install .`) the source folder has no
compiled modules, or stale ones, so the repository root is taken off sys.path
and the installed copy is used.

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
_OUR_PACKAGES = ("pycore", "sim", "cluster", "results")


def _resolve(entry: str) -> Path | None:
    try:
        return Path(entry or os.getcwd()).resolve()
    except OSError:
        return None


def _install_kind() -> str:
    """'editable', 'regular' or 'missing' for the galaxysim distribution."""
    from importlib import metadata

    # Skip the repository itself: a build leaves galaxysim.egg-info there.
    search = [p for p in sys.path if _resolve(p) != REPO]
    dist = next(iter(metadata.distributions(name="galaxysim", path=search)), None)
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
        if name.split(".")[0] in _OUR_PACKAGES:
            mod_file = getattr(sys.modules[name], "__file__", None) or ""
            if mod_file and Path(mod_file).resolve().is_relative_to(REPO):
                del sys.modules[name]


def pytest_report_header(config):
    try:
        import pycore
        import pycore._rftg  # noqa: F401
        import pycore._batch  # noqa: F401

        where = Path(pycore.__file__).parent
        status = f"pycore from {where} ({INSTALL_KIND} install), compiled modules OK"
    except ImportError as e:
        status = (
            f"pycore compiled modules NOT importable ({INSTALL_KIND} install): {e}. "
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
