"""What the driver asks every Ray node before a run: its versions, and whether galaxysim imports there.

This module is sent to the workers by value (cloudpickle), so it answers even on a node where galaxysim is not
installed; it imports nothing of galaxysim at module level.
"""
from __future__ import annotations


def node_facts() -> dict:
    import os
    import platform
    import socket

    facts: dict = {"python": platform.python_version(), "host": socket.gethostname(), "pid": os.getpid()}
    try:
        import ray

        facts["ray"] = ray.__version__
        facts["node_ip"] = ray.util.get_node_ip_address()
    except Exception as e:  # pragma: no cover - a worker always has Ray
        facts["ray"] = f"unknown ({e})"
    try:
        from importlib.metadata import version

        facts["galaxysim"] = version("galaxysim")
    except Exception:
        facts["galaxysim"] = None
    try:
        import galaxysim.cluster.tasks  # noqa: F401  (what every chunk task needs: galaxysim's packages and the engine)
        import galaxysim.sim.chunk_job  # noqa: F401
        from galaxysim import _batch

        facts["engine"] = str(_batch.ENGINE_VERSION)
        facts["import_error"] = None
    except Exception as e:  # ImportError, or a compiled module built for another platform
        facts["engine"] = None
        facts["import_error"] = f"{type(e).__name__}: {e}"
    return facts
