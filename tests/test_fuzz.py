"""The fuzz targets (tests/fuzz.py), small: positions, variants and run folders that are mutated at random
(fixed seeds) are taken or refused in one line, never a traceback, a hang or a crash. benchmarks/fuzz.py runs
them with many more cases and fresh seeds."""
from __future__ import annotations

import fuzz


def test_positions():
    assert fuzz.positions(cases=300, seed=24) == []


def test_variants():
    assert fuzz.variants(cases=300, seed=24) == []


def test_run_folders():
    # (seed 25: its first 14 cases include manifests that gave tracebacks before issue 24, a RecursionError and
    # an AttributeError; the first 12 cases of seed 24 found nothing there)
    assert fuzz.run_folders(cases=14, seed=25) == []
