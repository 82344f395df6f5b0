"""`--ray local`: a private Ray started on this machine for one run, reachable from this machine only.

Ray binds its servers (the GCS, the raylet's node and object managers, every worker's gRPC server, the
dashboard and runtime-env agents) to the node's address, and to every interface when that address is not
loopback. `ray.init(_node_ip_address="127.0.0.1")` is not enough: ray.init replaces a loopback address by the
machine's outward one (ray._private.services.resolve_ip_for_localhost), except where Ray holds that the machine
cannot be part of a cluster, which the setting RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0 (ray_constants.
ENABLE_RAY_CLUSTER) says. With it, for the time ray.init starts the private Ray, the node's address is
127.0.0.1 and every server listens on loopback only (checked on Ray 2.60 by tests/test_cluster.py, which lists
the listening sockets of such a Ray in a network namespace that also has a LAN interface). `check` refuses a
Ray that came up on another address anyway (a Ray whose internals changed), before any game is sent to it.

Token authentication stays on as ray.init sets it up (it makes a token in ~/.ray/auth_token): other users of
this machine reach loopback too.
"""
from __future__ import annotations

import contextlib
import ipaddress
import os
from typing import Iterator

from .errors import ClusterError

#: Ray's switch that, set to 0, keeps a node on the loopback address (read at import and on each call).
NO_CLUSTER_SETTING = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
NODE_ADDRESS = "127.0.0.1"


@contextlib.contextmanager
def loopback_node() -> Iterator[None]:
    """While the block starts a private Ray (ray.init): its node address stays 127.0.0.1. The setting is given
    back afterwards, so a later ray.init in this process (another address) is as Ray would do it."""
    from ray._private import ray_constants

    old_env = os.environ.get(NO_CLUSTER_SETTING)
    old_constant = getattr(ray_constants, "ENABLE_RAY_CLUSTER", None)
    os.environ[NO_CLUSTER_SETTING] = "0"  # (the processes ray.init starts read it from their environment)
    ray_constants.ENABLE_RAY_CLUSTER = False
    try:
        yield
    finally:
        if old_env is None:
            os.environ.pop(NO_CLUSTER_SETTING, None)
        else:
            os.environ[NO_CLUSTER_SETTING] = old_env
        if old_constant is not None:
            ray_constants.ENABLE_RAY_CLUSTER = old_constant


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return address == "localhost"


def check(ray) -> None:
    """A private Ray whose node is not on loopback is stopped before it gets any work (ClusterError)."""
    address = ray.util.get_node_ip_address()
    if not is_loopback(address):
        ray.shutdown()
        raise ClusterError(f"--ray local: Ray {ray.__version__} started its node on {address}, not on loopback, so "
                           "its servers would be reachable from the network: galaxysim stopped it (start a Ray "
                           "cluster with `ray start --head --node-ip-address=127.0.0.1` and use --ray auto)")
