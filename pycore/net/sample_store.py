"""One generation's training examples on disk (samples-NNNN.npz in a training's folder), so that a resumed
training reads the samples of its replay window instead of playing those generations again.

A file holds every array of a `Samples`, the generation's facts (games, mean length, share at the cap) and the
content hash of the model that played it; it is written whole or not at all (a temporary file, then a rename).
`load` gives None for a missing file, and for one that is unreadable or from another model, saying why: the
caller plays the generation again, which gives the same samples (self-play depends only on the seed, the
generation and its model).
"""
from __future__ import annotations

import hashlib
import os
import zipfile
from dataclasses import fields
from pathlib import Path
from typing import Callable

import numpy as np

from .samples import Samples


def path_of(out: Path, gen: int) -> Path:
    return out / f"samples-{gen:04d}.npz"


def model_hash(model: Path) -> str:
    return hashlib.sha256(Path(model).read_bytes()).hexdigest()


def save(path: Path, samples: Samples, mean_length: float, capped: float, model: Path) -> None:
    arrays = {f.name: getattr(samples, f.name) for f in fields(samples) if f.name != "games"}
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    with open(tmp, "wb") as fh:
        np.savez_compressed(fh, **arrays, games=np.int64(samples.games), mean_length=np.float64(mean_length),
                            capped=np.float64(capped), model=np.str_(model_hash(model)))
    os.replace(tmp, path)


def load(path: Path, model: Path, log: Callable[[str], None]) -> tuple[Samples, float, float] | None:
    """(samples, mean length, share at the cap) stored for the generation played by `model`, or None."""
    if not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=False) as z:
            if str(z["model"]) != model_hash(model):
                log(f"{path}: played by another model than {model}; playing the generation again")
                return None
            # the choice examples (c_*) are absent from files stored before they existed: none then
            arrays = {f.name: z[f.name] for f in fields(Samples)
                      if f.name != "games" and (f.name in z.files or not f.name.startswith("c_"))}
            s = Samples(**arrays, games=int(z["games"]))
            return s, float(z["mean_length"]), float(z["capped"])
    except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile) as e:
        log(f"{path}: unreadable ({type(e).__name__}: {e}); playing the generation again")
        return None
