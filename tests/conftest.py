"""Test-wide setup: make the tests import the INSTALLED galaxysim.

`python -m pytest` puts the current folder (the repository root) first on
sys.path, so `import pycore` would find the source folder pycore/ before the
installed package. With an editable install (`pip install -e .`, the README's
way) that is the same thing: the compiled modules are built into the source
tree. With a regular install (`pip install .`) the source folder has no
compiled modules, or stale ones, so the repository root is taken off sys.path
and the installed copy is used.
"""
from __future__ import annotations

import json
import os
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
