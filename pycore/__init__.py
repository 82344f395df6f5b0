"""galaxysim: Race for the Galaxy and Alien Frontiers self-play simulation.

    from galaxysim import rftg, af
    from galaxysim.results import open_run

Modules: galaxysim.rftg (Race for the Galaxy object API), galaxysim.af (Alien
Frontiers object API); compiled: galaxysim._rftg and galaxysim._af (pybind11),
galaxysim._batch (Cython batch path). Subpackages: galaxysim.sim (runs, matches,
the command line), galaxysim.results (the Parquet run folder and its analysis),
galaxysim.cluster (Ray). Data files ship in galaxysim/data.

In the repository this package is the folder pycore/, and its subpackages are
the folders sim/, results/ and cluster/ (mapped in pyproject.toml).
"""
__version__ = "0.2.0"
