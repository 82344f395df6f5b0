"""The Alien Frontiers board and card data shipped with galaxysim (core/data/af_*.txt, installed as
galaxysim/data): read and validated by the engine once per process. galaxysim.af and galaxysim.af_variant use it.
"""
from __future__ import annotations

import functools
from importlib import resources

from . import _af

DATA_FILES = ("af_facilities.txt", "af_territories.txt", "af_tech.txt", "af_setup.txt")


@functools.lru_cache(maxsize=None)
def data() -> _af.Data:
    """The board and card data shipped with galaxysim (parsed and validated once per process)."""
    root = resources.files("galaxysim") / "data"
    texts = [(root / name).read_text(encoding="utf-8") for name in DATA_FILES]
    return _af.Data(*texts, "pycore/data")
