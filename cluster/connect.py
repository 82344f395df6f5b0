"""The driver's connection to a Ray cluster: reached, checked, sized.

connect() finds the cluster (--ray auto / local / HOST:PORT / ray://HOST:PORT), fails fast and in one line when
it cannot be reached or its Ray or Python differ from the driver's, then asks every node with CPUs whether it
can play galaxysim games with the driver's engine (cluster/probe.py). RayCluster then knows the nodes and
CPUs, chooses the threads per task and the chunk size, and hands out the run's chunks (ray_runner.py).
"""
from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import re
import socket
import sys
import time
from typing import Any, Iterator

from galaxysim.user_text import shown

from . import private_ray
from .errors import SHIP_PACKAGE, ClusterError, RayMissing, one_line
from .options import OptionError, RayOptions, split_address

#: How long a node may take to start a worker and answer the probe (a runtime_env may install packages first).
PROBE_TIMEOUT_S = 300.0
#: How long the driver tries to open a TCP connection to the cluster's address before saying it is unreachable.
REACH_TIMEOUT_S = 5.0
#: Target play time of one chunk, in seconds: Ray's overhead per chunk is a few milliseconds
#: (benchmarks/cluster.py), so chunks of seconds keep it far below 2% of the run time.
CHUNK_SECONDS = 2.0
#: At least this many chunks per task slot when the run is small, so that the last chunks end close together.
CHUNKS_PER_SLOT = 4


def import_ray():
    try:
        import ray
    except ImportError as e:
        raise RayMissing(str(e)) from None
    return ray


def _reachable(host: str, port: int, address: str) -> None:
    try:
        with socket.create_connection((host, port), timeout=REACH_TIMEOUT_S):
            return
    except socket.timeout:
        why = f"no answer within {REACH_TIMEOUT_S:g} s"
    except OSError as e:
        why = e.strerror or type(e).__name__
    raise ClusterError(f"cannot reach the Ray cluster at {address} ({why}): is `ray start --head` running "
                       f"there, is the port right (the head's GCS port, 6379 by default; 10001 for ray://), "
                       "and can this machine reach it?")


def _bootstrap_address(address: str) -> str | None:
    """The address to give ray.init, checked reachable; None to start a private local Ray."""
    if address == "local":
        return None
    found = address
    if address == "auto":
        _auto_token_auth()
        found = os.environ.get("RAY_ADDRESS") or ""
        if not found:
            try:
                from ray._private.services import get_ray_address_from_environment

                found = get_ray_address_from_environment("auto", None) or ""
            except Exception:  # ConnectionError: nothing running here (or a Ray whose internals moved)
                found = ""
        if not found or found in ("auto", "local"):
            raise ClusterError("--ray auto: no Ray cluster found on this machine (RAY_ADDRESS is not set and no "
                               "`ray start --head` runs here): start one with `ray start --head`, name one with "
                               "--ray HOST:PORT, or use --ray local for a private Ray on this machine")
    try:
        host_port = split_address(found)
    except OptionError:
        raise ClusterError(f"--ray {address}: {shown(found)} (from RAY_ADDRESS) is not a Ray address") from None
    if host_port is not None:
        _reachable(*host_port, found)
        if not found.startswith("ray://"):
            _authenticated(found)
    return found


def _auto_token_auth() -> None:
    """What ray.init(address="auto") does: with RAY_AUTH_MODE unset and a token at hand (RAY_AUTH_TOKEN,
    RAY_AUTH_TOKEN_PATH, ~/.ray/auth_token), turn token authentication on. An explicit address never does."""
    try:
        from ray._private.authentication.authentication_token_setup import \
            maybe_enable_token_auth_if_token_available
    except ImportError:  # a Ray without it
        return
    try:
        maybe_enable_token_auth_if_token_available(warn_if_disabled=False)
    except Exception:
        pass


def _authenticated(address: str) -> None:
    """Asks the cluster's GCS once, so that a missing or wrong token is named at once (ray.init would retry for
    20 s and then only say it could not connect)."""
    try:
        from ray._raylet import GcsClient
        from ray.exceptions import AuthenticationError
    except ImportError:  # a Ray without token authentication, or whose internals moved
        return
    try:
        with _stderr_silenced():  # Ray's C++ client logs the refusal itself; we say it in our words
            GcsClient(address=address)
    except AuthenticationError as e:
        raise explain_init_error(e, address) from None
    except Exception:  # anything else: ray.init says it
        return


_MISMATCH = re.compile(r"started with:\s*Ray: (\S+)\s*Python: (\S+)\s*This process .*? was started with:\s*"
                       r"Ray: (\S+)\s*Python: (\S+)", re.S)


def explain_init_error(e: BaseException, address: str) -> ClusterError:
    """ray.init's exceptions as one line that says what to do."""
    text = str(e)
    m = _MISMATCH.search(text)
    if m:
        ray_c, py_c, ray_d, py_d = m.groups()
        return ClusterError(f"version mismatch: the Ray cluster at {address} runs Ray {ray_c} on Python {py_c}, "
                            f"this driver Ray {ray_d} on Python {py_d}: run the driver with the cluster's "
                            f"versions (pip install 'ray[default]=={ray_c}' under Python {py_c}), or start the "
                            "cluster with the driver's")
    if type(e).__name__ == "AuthenticationError" or "InvalidAuthToken" in text:
        have = ("this driver has no Ray token" if not _has_token() else "this driver's Ray token is not the cluster's")
        return ClusterError(f"the Ray cluster at {address} uses token authentication and {have}: set "
                            "RAY_AUTH_MODE=token and the cluster's token, as RAY_AUTH_TOKEN or in ~/.ray/auth_token "
                            "(`ray get-auth-token` on the head node prints it)")
    return ClusterError(f"cannot connect to the Ray cluster at {address}: {type(e).__name__}: {one_line(text)[:300]}")


@contextlib.contextmanager
def _stderr_silenced() -> Iterator[None]:
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _has_token() -> bool:
    if os.environ.get("RAY_AUTH_TOKEN") or os.environ.get("RAY_AUTH_TOKEN_PATH"):
        return True
    return os.path.isfile(os.path.join(os.path.expanduser("~"), ".ray", "auth_token"))


def connect(address: str, options: dict[str, Any], stop=None) -> "RayCluster":
    """Connects this process to the Ray cluster at `address` (see cluster/options.py) and checks its nodes.
    `stop` (galaxysim.stop_requests.StopRequests): a stop requested while the nodes are checked ends the
    wait with KeyboardInterrupt."""
    try:
        opts = RayOptions.from_dict(options)
    except OptionError as e:
        raise ClusterError(str(e)) from None
    ray = import_ray()
    owned = not ray.is_initialized()  # a caller that called ray.init itself keeps its connection
    if owned:
        target = _bootstrap_address(address)
        kwargs: dict[str, Any] = dict(runtime_env=opts.runtime_env or None, log_to_driver=False,
                                      logging_level=logging.WARNING, namespace="galaxysim")
        if target is None:  # a private Ray on this machine, on loopback only, without its dashboard
            kwargs.update(address="local", _node_ip_address=private_ray.NODE_ADDRESS, include_dashboard=False)
        else:
            kwargs.update(address=target)
        try:
            with private_ray.loopback_node() if target is None else contextlib.nullcontext():
                ray.init(**kwargs)
        except Exception as e:
            raise explain_init_error(e, target or "local") from None
        if target is None:
            private_ray.check(ray)
        address = target or "local"
    conn = RayCluster(ray, address, opts, owned)
    try:
        conn.check_nodes(stop)
    except BaseException:
        conn.close()
        raise
    return conn


class RayCluster:
    """A checked connection to a Ray cluster; `close` disconnects (and stops a --ray local cluster)."""

    def __init__(self, ray, address: str, options: RayOptions, owned: bool):
        self.ray, self.address, self.options, self.owned = ray, address, options, owned
        self.facts: dict[str, dict] = {}  # node id -> what its probe said

    # --- the nodes ------------------------------------------------------------------------------------------------
    def nodes(self) -> list[dict]:
        """The alive nodes that have CPUs: [{"id", "ip", "cpus"}]."""
        out = []
        for n in self.ray.nodes():
            cpus = int(n.get("Resources", {}).get("CPU", 0))
            if n.get("Alive") and cpus >= 1:
                out.append({"id": n["NodeID"], "ip": n.get("NodeManagerAddress", "?"), "cpus": cpus})
        return out

    def check_nodes(self, stop=None) -> None:
        """Every node with CPUs must import galaxysim and have the driver's engine."""
        from galaxysim import _batch

        from . import probe

        nodes = self.nodes()
        if not nodes:
            raise ClusterError(f"the Ray cluster at {self.address} has no node with CPUs to play on")
        ray = self.ray
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        ray.cloudpickle.register_pickle_by_value(probe)  # answers even where galaxysim is missing
        remote = ray.remote(probe.node_facts)
        refs = {remote.options(num_cpus=0, max_retries=1, scheduling_strategy=NodeAffinitySchedulingStrategy(
            n["id"], soft=False)).remote(): n for n in nodes}
        ready, late = _wait_all(ray, list(refs), PROBE_TIMEOUT_S, stop)
        if late:
            n = refs[late[0]]
            raise ClusterError(f"Ray node {n['ip']} started no worker within {PROBE_TIMEOUT_S:g} s (a slow "
                               "runtime_env install, or a node that cannot start Python workers)")
        engine = str(_batch.ENGINE_VERSION)
        for ref in ready:
            n = refs[ref]
            try:
                facts = ray.get(ref)
            except Exception as e:
                if type(e).__name__ == "RuntimeEnvSetupError":
                    raise ClusterError(f"Ray could not set up the [ray] runtime_env on node {n['ip']}: "
                                       f"{last_lines(str(e))} (the node's runtime_env_setup-*.log says more)") \
                        from None
                raise ClusterError(f"Ray node {n['ip']} could not answer the driver's check: "
                                   f"{last_lines(str(e))}") from None
            self.facts[n["id"]] = facts
            if facts.get("import_error"):
                raise ClusterError(f"galaxysim is missing on Ray node {n['ip']} ({facts['import_error']}): "
                                   f"{SHIP_PACKAGE}")
            if facts.get("engine") != engine:
                raise ClusterError(f"Ray node {n['ip']} has galaxysim engine {facts.get('engine')} (galaxysim "
                                   f"{facts.get('galaxysim')}), this driver engine {engine}: the games would "
                                   f"differ; {SHIP_PACKAGE}")

    def default_threads(self) -> int:
        """Threads per task when --threads is not given: every CPU of the smallest node."""
        return min(n["cpus"] for n in self.nodes())

    def slots(self, threads: int) -> int:
        """How many tasks of `threads` CPUs the alive nodes run at once."""
        return sum(n["cpus"] // threads for n in self.nodes())

    def describe(self, threads: int) -> str:
        nodes = self.nodes()
        cpus = sum(n["cpus"] for n in nodes)
        return (f"on Ray at {self.address} ({len(nodes)} node{'s' * (len(nodes) != 1)}, {cpus} CPUs; "
                f"{threads} thread{'s' * (threads != 1)} per task)")

    # --- sizing the run -------------------------------------------------------------------------------------------
    def fit(self, cfg, threads: int | None, chunk_size: int | None, seconds_per_game: float | None = None):
        """`cfg` with the threads per task (given, or the smallest node's CPUs) and, unless given, a chunk size
        of about CHUNK_SECONDS of play per chunk (`seconds_per_game` on one thread), smaller for short runs."""
        nodes = self.nodes()
        t = int(threads or self.default_threads())
        biggest = max(n["cpus"] for n in nodes)
        if t > biggest:
            raise ClusterError(f"--threads {t}: no node of the Ray cluster at {self.address} has {t} CPUs "
                               f"(the largest has {biggest})")
        size = chunk_size
        if size is None:
            size = ray_chunk_size(cfg.games, t, self.slots(t), seconds_per_game)
        return dataclasses.replace(cfg, threads=t, chunk_size=int(size))

    # --- playing --------------------------------------------------------------------------------------------------
    def chunks(self, job, todo: list[int], threads: int, stop):
        from galaxysim.sim.shipped_models import attach

        from .ray_runner import RayChunks

        return RayChunks(self, attach(job), todo, threads, stop)

    def close(self) -> None:
        if self.owned and self.ray.is_initialized():
            self.ray.shutdown()


def _wait_all(ray, refs: list, timeout: float, stop) -> tuple[list, list]:
    """ray.wait for all of `refs` within `timeout` seconds, looking at `stop` every half second."""
    ready: list = []
    deadline = time.monotonic() + timeout
    while refs and time.monotonic() < deadline:
        if stop is not None and stop.stop.is_set():
            raise KeyboardInterrupt
        done, refs = ray.wait(refs, num_returns=len(refs), timeout=min(0.5, max(0.0, deadline - time.monotonic())))
        ready += done
    return ready, refs


def last_lines(text: str, n: int = 2, width: int = 300) -> str:
    """The end of an error that carries a traceback (its last lines say what went wrong), as one line."""
    lines = [line.strip() for line in str(text).splitlines() if line.strip()]
    return one_line(" ".join(lines[-n:]))[-width:]


def _round2(x: float) -> int:
    """x rounded to two significant digits (chunk sizes like 24000, not 23817)."""
    if x < 100:
        return max(1, int(round(x)))
    digits = len(str(int(x))) - 2
    return int(round(x / 10 ** digits) * 10 ** digits)


def ray_chunk_size(games: int, threads: int, slots: int, seconds_per_game: float | None) -> int:
    per_game = seconds_per_game if seconds_per_game and seconds_per_game > 0 else 1e-4
    size = _round2(CHUNK_SECONDS * threads / per_game)
    balanced = -(-games // (CHUNKS_PER_SLOT * max(1, slots)))
    size = min(size, max(balanced, _round2(CHUNK_SECONDS / 8 * threads / per_game)))
    return max(1, min(games, max(size, threads)))
