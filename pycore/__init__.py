"""galaxysim's Python face of the C++ engine.

Modules: pycore.rftg (Race for the Galaxy object API), pycore.af (Alien
Frontiers object API). Compiled: pycore._rftg and pycore._af (pybind11),
pycore._batch (Cython batch path). Data files ship in pycore/data.
"""
__version__ = "0.1.0"
