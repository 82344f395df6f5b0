"""The errors of a run on Ray, each one line that says what to do.

ClusterError is what the CLI prints (exit code 1): Ray not installed, cluster unreachable, versions that differ
between the driver and the cluster, galaxysim missing on the workers, a chunk that failed on a worker.
"""
from __future__ import annotations

RAY_REQUIREMENT = "ray[default]>=2.52"
INSTALL_RAY = f"pip install 'galaxysim[cluster]' (or pip install '{RAY_REQUIREMENT}')"
#: How to get galaxysim onto the nodes (the README says it at length).
SHIP_PACKAGE = ("install the driver's galaxysim on every node (pip install "
                "galaxysim-<version>-<python>-<platform>.whl), or ship it with the run: [ray] runtime_env = "
                "{ py_modules = [\"galaxysim-...whl\"] } in the config file (README: Runs that outgrow one machine)")


class ClusterError(Exception):
    """The Ray cluster cannot play this run (or stopped playing it); the message says why and what to do."""


class RayMissing(ClusterError):
    def __init__(self, detail: str = ""):
        why = f" ({detail})" if detail else ""
        super().__init__(f"--ray needs Ray, which is not installed here{why}: {INSTALL_RAY}")


class WorkerVersionMismatch(Exception):
    """Raised on a worker whose galaxysim engine differs from the driver's (the games could differ)."""


def one_line(text: str) -> str:
    return " ".join(str(text).split())
