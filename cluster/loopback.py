"""A real multi-node Ray cluster on this one machine, for tests and benchmarks.

Every node is its own `ray start` (head, then workers joining it with `ray start --address`), each with its
own CPU count and, when asked, pinned to its own cores with taskset. All of them, and every driver run
against them, live in a private network namespace whose only interface is loopback (127.0.0.1), so nothing
binds or reaches the machine's network interfaces. Token authentication is on (RAY_AUTH_MODE=token with a
fresh random token), as on a real cluster; HOME is a private folder, so ~/.ray is never touched.

`stop()` kills every process of the namespace (only what was started here lives there), deletes the
namespace and the Ray temp folder. Needs root (ip netns) and iproute2's `ip`; `unavailable()` says why not.
"""
from __future__ import annotations

import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HEAD_PORT = 6379
ADDRESS = f"127.0.0.1:{HEAD_PORT}"
#: Object store per node: small (the default is 30% of RAM per node); chunks are a few hundred KB.
OBJECT_STORE_BYTES = 200 * 1024 * 1024
#: Faster detection of a dead node than Ray's default (~15 s): the fault tests kill one.
FAST_HEALTH_CHECKS = {"RAY_health_check_initial_delay_ms": "1000", "RAY_health_check_period_ms": "500",
                      "RAY_health_check_timeout_ms": "500", "RAY_health_check_failure_threshold": "4"}


def ip_tool() -> str | None:
    return shutil.which("ip") or next((p for p in ("/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip") if os.path.exists(p)),
                                      None)


def unavailable() -> str | None:
    """Why a loopback cluster cannot be made here (None when it can)."""
    if not sys.platform.startswith("linux"):
        return "network namespaces need Linux"
    if os.geteuid() != 0:
        return "creating a network namespace needs root"
    if ip_tool() is None:
        return "iproute2's `ip` is not installed (apt-get install iproute2)"
    try:
        import ray  # noqa: F401
    except ImportError:
        return "Ray is not installed (pip install -e '.[test]')"
    return None


@dataclass
class Node:
    name: str
    cpus: int
    node_manager_port: int
    cores: list[int] | None


class LoopbackCluster:
    def __init__(self, env: dict[str, str] | None = None):
        reason = unavailable()
        if reason:
            raise RuntimeError(f"cannot start a loopback Ray cluster: {reason}")
        self.ip = ip_tool()
        self.ns = f"gsray-{os.getpid()}-{secrets.token_hex(3)}"
        self.tmp = Path(tempfile.mkdtemp(prefix="gsray-"))  # short: Ray's socket paths live under it
        (self.tmp / "home").mkdir()
        self.token = secrets.token_hex(16)
        bin_dir = str(Path(sys.executable).parent)
        self.env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": self.token,
                    "HOME": str(self.tmp / "home"), "RAY_TMPDIR": str(self.tmp), "RAY_USAGE_STATS_ENABLED": "0",
                    "RAY_ADDRESS": ADDRESS,
                    "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""), "PYTHONUNBUFFERED": "1",
                    **(env or {})}
        self.env.pop("RAY_AUTH_TOKEN_PATH", None)
        self.nodes: list[Node] = []
        self._netns_made = False
        subprocess.run([self.ip, "netns", "add", self.ns], check=True, capture_output=True, timeout=30)
        self._netns_made = True
        subprocess.run([self.ip, "netns", "exec", self.ns, self.ip, "link", "set", "lo", "up"], check=True,
                       capture_output=True, timeout=30)

    # --- running things inside ------------------------------------------------------------------------------------
    def command(self, args: list[str], cores: list[int] | None = None) -> list[str]:
        pin = ["taskset", "-c", ",".join(map(str, cores))] if cores and shutil.which("taskset") else []
        return [self.ip, "netns", "exec", self.ns, *pin, *args]

    def run(self, args: list[str], env: dict[str, str] | None = None, timeout: float = 300,
            cores: list[int] | None = None, **kw):
        return subprocess.run(self.command(args, cores), env={**self.env, **(env or {})}, capture_output=True,
                              text=True, timeout=timeout, **kw)

    def popen(self, args: list[str], env: dict[str, str] | None = None, **kw) -> subprocess.Popen:
        return subprocess.Popen(self.command(args), env={**self.env, **(env or {})}, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, **kw)

    def galaxysim(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "galaxysim", *args]

    # --- nodes ----------------------------------------------------------------------------------------------------
    def _ray_start(self, node: Node, extra: list[str]) -> None:
        args = [sys.executable, "-m", "ray.scripts.scripts", "start", "--node-ip-address=127.0.0.1",
                f"--num-cpus={node.cpus}", f"--object-store-memory={OBJECT_STORE_BYTES}",
                f"--node-manager-port={node.node_manager_port}", "--disable-usage-stats", *extra]
        r = subprocess.run(self.command(args, node.cores), env=self.env, capture_output=True, text=True,
                           timeout=180)
        if r.returncode != 0:
            raise RuntimeError(f"`ray start` of the {node.name} node failed (exit {r.returncode}): "
                               f"{(r.stderr or r.stdout)[-3000:]}")
        self.nodes.append(node)

    def start_head(self, cpus: int = 1, cores: list[int] | None = None) -> str:
        node = Node("head", cpus, 6380, cores)
        self._ray_start(node, ["--head", f"--port={HEAD_PORT}", "--include-dashboard=false",
                               f"--temp-dir={self.tmp / 'ray'}"])
        return ADDRESS

    def add_worker(self, cpus: int = 1, cores: list[int] | None = None) -> Node:
        node = Node(f"worker{len(self.nodes)}", cpus, 6380 + len(self.nodes), cores)
        self._ray_start(node, [f"--address={ADDRESS}"])
        return node

    def pids(self) -> list[int]:
        r = subprocess.run([self.ip, "netns", "pids", self.ns], capture_output=True, text=True, timeout=30)
        return [int(p) for p in r.stdout.split()]

    def raylet_pid(self, node: Node) -> int:
        for pid in self.pids():
            try:
                argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if argv and argv[0].endswith(b"/raylet") and f"--node_manager_port={node.node_manager_port}".encode() \
                    in argv:
                return pid
        raise RuntimeError(f"no raylet found for the {node.name} node")

    def running(self, node: Node, task: str) -> list[int]:
        """The node's worker processes that are running a task of function `task` (Ray titles a worker
        "ray::<function>" while it runs one, "ray::IDLE" between tasks)."""
        raylet, out = self.raylet_pid(node), []
        for pid in self.pids():
            try:
                stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                title = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0]
            except OSError:
                continue
            if int(stat[1]) == raylet and title == f"ray::{task}".encode():
                out.append(pid)
        return out

    def kill_node(self, node: Node) -> None:
        """Kills the node's raylet (SIGKILL), as a crashed machine would; its workers die with it."""
        os.kill(self.raylet_pid(node), signal.SIGKILL)
        self.nodes.remove(node)

    # --- the end --------------------------------------------------------------------------------------------------
    def stop(self) -> None:
        """Kills every process of the namespace, then removes the namespace and the temp folder."""
        try:
            if self._netns_made:
                deadline = time.monotonic() + 30
                sig = signal.SIGTERM
                while True:
                    pids = self.pids()
                    if not pids:
                        break
                    for pid in pids:
                        try:
                            os.kill(pid, sig)
                        except ProcessLookupError:
                            pass
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"processes {pids} of {self.ns} would not die")
                    time.sleep(0.5)
                    sig = signal.SIGKILL
                subprocess.run([self.ip, "netns", "delete", self.ns], capture_output=True, timeout=30)
                self._netns_made = False
        finally:
            shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self) -> "LoopbackCluster":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
