"""galaxysim on a real multi-node Ray cluster: the same rows as a local run, faults, resumes, clear errors.

The cluster (cluster/loopback.py) is a head node and one worker node, each started with `ray start`, each with
one CPU pinned to its own core, token authentication on, all inside a private network namespace whose only
interface is loopback; the drivers (`python -m galaxysim run --ray ...`) run in that namespace too. One cluster
serves the whole module and is torn down (every process of the namespace killed) even when a test fails.
The last test kills the worker node.

Needs root and iproute2 (`ip netns`); elsewhere the cluster tests are skipped, except under CI=true, where
they fail: CI must run them (.ci/run installs iproute2).
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pyarrow.dataset as ds
import pytest

from galaxysim.cluster import loopback
from galaxysim.cluster.connect import ray_chunk_size
from galaxysim.cluster.errors import WorkerVersionMismatch
from galaxysim.cluster.options import OptionError, check_address, check_options
from galaxysim.cluster.ray_runner import task_failure
from galaxysim.cluster.tasks import check_engine
from galaxysim.results import load_decisions, load_games
from galaxysim.sim import RunConfig
from galaxysim.sim.cli import main
from galaxysim.sim.config import load_toml
from galaxysim.sim.run import start
from test_cli import normalized, same_rows, snapshot, wait_for_chunks

GAMES, SEED, CHUNK = 40_000, 77, 1_000
BOTS = "random,heuristic,heuristic,heuristic"
ARGS = ["--players", "4", "--bots", BOTS, "--games", str(GAMES), "--seed", str(SEED)]


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    """The local run every Ray run of ARGS must equal (in-process, 2 threads, other chunking)."""
    out = tmp_path_factory.mktemp("ref") / "run"
    cfg = RunConfig(players=4, bots=BOTS.split(","), games=GAMES, seed=SEED, threads=2, chunk_size=7_000,
                    out=str(out), quiet=True)
    assert start(cfg, progress=False).complete
    return out


@pytest.fixture(scope="module")
def ray_cluster():
    reason = loopback.unavailable()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the Ray cluster tests must run in CI, but {reason}")
        pytest.skip(reason)
    cores = sorted(os.sched_getaffinity(0))
    c = loopback.LoopbackCluster(env=loopback.FAST_HEALTH_CHECKS)
    try:
        c.start_head(cpus=1, cores=cores[:1] if len(cores) > 1 else None)
        c.worker = c.add_worker(cpus=1, cores=cores[1:2] if len(cores) > 1 else None)
        yield c
    finally:
        c.stop()
        assert not c.pids()


def manifest(run: Path) -> dict:
    return json.loads((run / "manifest.json").read_text())


def no_duplicates(run: Path) -> None:
    """What a plain Parquet reader of the folder sees: every game exactly once."""
    idx = ds.dataset(run / "games", format="parquet").to_table(columns=["game_index"]).column("game_index")
    assert sorted(idx.to_pylist()) == list(range(manifest(run)["games"]))
    chunks = [c["chunk"] for c in manifest(run)["chunks"]]
    assert len(chunks) == len(set(chunks))


def one_error_line(r: subprocess.CompletedProcess, message: str) -> None:
    assert r.returncode == 1, r.stderr
    lines = [line for line in r.stderr.splitlines() if "network_util.cc" not in line]  # no route out: Ray says so
    assert len(lines) == 1 and lines[0].startswith("galaxysim: error: ") and message in lines[0], r.stderr
    assert "Traceback" not in r.stderr


# --- on the cluster -------------------------------------------------------------------------------------------------

def test_two_node_run_equals_local_run(ray_cluster, reference, tmp_path):
    """`--ray auto` (RAY_ADDRESS names the head): the same rows as the local run, chunks played on both nodes."""
    out = tmp_path / "run"
    r = ray_cluster.run(ray_cluster.galaxysim("run", *ARGS, "--chunk-size", str(CHUNK), "--out", str(out),
                                              "--ray", "auto"), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert f"{GAMES:,} games" in r.stdout and "win rate" in r.stdout
    assert f"on Ray at {loopback.ADDRESS} (2 nodes, 2 CPUs; 1 thread per task" in r.stderr
    same_rows(reference, out)
    no_duplicates(out)
    m = manifest(out)
    assert m["status"] == "complete" and m["config"]["threads"] == 1 and m["chunk_size"] == CHUNK
    assert m["sessions"][0]["ray"] == {"address": loopback.ADDRESS, "nodes": 2, "cpus": 2, "threads_per_task": 1,
                                       "max_in_flight": 4, "lost_attempts": 0}
    played_by = Counter(c["node_id"] for c in m["chunks"])
    assert len(played_by) == 2, played_by  # both nodes played
    assert {c["node"] for c in m["chunks"]} == {"127.0.0.1"}


def test_private_local_ray_records_the_same_decisions(ray_cluster, tmp_path):
    """`--ray local` (ray.init() starts a Ray of its own, stopped after the run), decisions recorded, default
    chunk size: the same games, seats and decisions as a local run."""
    small = ["--players", "3", "--bots", "random,heuristic,random", "--games", "3000", "--seed", "11",
             "--record-decisions"]
    here, there = tmp_path / "here", tmp_path / "there"
    assert main(["run", *small, "--out", str(here), "--quiet", "--chunk-size", "1000"]) == 0
    before = set(ray_cluster.pids())
    r = ray_cluster.run(ray_cluster.galaxysim("run", *small, "--out", str(there), "--ray", "local", "--quiet"),
                        cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    same_rows(here, there)
    a, b = (normalized(load_decisions(x), ["game_index", "step"]) for x in (here, there))
    assert a.num_rows > 0 and a.equals(b)
    m = manifest(there)
    assert m["sessions"][0]["ray"]["address"] == "local" and m["sessions"][0]["ray"]["nodes"] == 1
    deadline = time.monotonic() + 20
    while not set(ray_cluster.pids()) <= before and time.monotonic() < deadline:
        time.sleep(0.2)
    assert set(ray_cluster.pids()) <= before  # the private Ray stopped with the run


LISTENING_SOCKETS = """
import json, re, subprocess
from galaxysim.cluster.connect import connect
conn = connect("local", {})
ray = conn.ray
ray.get([ray.remote(lambda: 1).remote() for _ in range(2)])  # (workers have servers too)
sockets = []
for line in subprocess.run(["ss", "-ltnpH"], capture_output=True, text=True, check=True).stdout.splitlines():
    pid = re.search(r"pid=(\\d+)", line)
    name = open(f"/proc/{pid.group(1)}/cmdline", "rb").read().split(b"\\0")[0].decode() if pid else "?"
    sockets.append({"address": line.split()[3], "process": name.rsplit("/", 1)[-1]})
conn.close()
print(json.dumps(sockets))
"""


def on_loopback(address: str) -> bool:
    """Whether a listening socket's local address (as `ss` shows it: 127.0.0.1:5, [::ffff:127.0.0.1]:5, *:5,
    0.0.0.0:5, [::]:5) is reachable from this machine only."""
    import ipaddress

    host = address.rsplit(":", 1)[0].strip("[]")
    if host == "*":
        return False
    ip = ipaddress.ip_address(host.split("%")[0])
    mapped = getattr(ip, "ipv4_mapped", None)
    return (mapped or ip).is_loopback


def test_private_local_ray_listens_on_loopback_only(tmp_path):
    """`--ray local` on a machine with a network interface (a namespace with loopback and a LAN address): every
    server of the private Ray (GCS, raylet, workers, the driver, agents) listens on loopback. Ray 2.60 bound
    them to every interface and the agents to the LAN address (it rewrote ray.init's loopback node address)."""
    reason = loopback.unavailable()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the Ray cluster tests must run in CI, but {reason}")
        pytest.skip(reason)
    c = loopback.LoopbackCluster()
    try:
        for args in (["link", "add", "lan0", "type", "veth", "peer", "name", "lan1"],
                     ["addr", "add", "198.51.100.7/24", "dev", "lan0"], ["link", "set", "lan0", "up"],
                     ["link", "set", "lan1", "up"], ["route", "add", "default", "dev", "lan0"]):
            r = c.run([c.ip, *args])
            assert r.returncode == 0, r.stderr
        r = c.run([sys.executable, "-c", LISTENING_SOCKETS], cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        sockets = json.loads(r.stdout.strip().splitlines()[-1])
    finally:
        c.stop()
    processes = {s["process"] for s in sockets}
    assert {"gcs_server", "raylet", "python"} <= processes, sockets  # (the driver's own server is "python")
    assert [s for s in sockets if not on_loopback(s["address"])] == [], sockets


def test_alien_frontiers_with_a_variant_on_two_nodes_equals_local_run(ray_cluster, tmp_path):
    """An Alien Frontiers run with a what-if variant and decisions recorded: on both nodes, the same games, seats
    and decisions as a local run (the variant reaches the workers with the config)."""
    af_args = ["--game", "af", "--players", "3", "--bots", "heuristic,random,heuristic", "--games", "1200",
               "--seed", "5", "--variant", "colonies_per_player=6; Alien City.vp=4", "--record-decisions"]
    here, there = tmp_path / "here", tmp_path / "there"
    assert main(["run", *af_args, "--out", str(here), "--quiet", "--chunk-size", "500"]) == 0
    r = ray_cluster.run(ray_cluster.galaxysim("run", *af_args, "--chunk-size", "100", "--out", str(there),
                                              "--ray", "auto", "--quiet"), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    same_rows(here, there)
    a, b = (normalized(load_decisions(x), ["game_index", "step"]) for x in (here, there))
    assert a.num_rows > 0 and a.equals(b)
    m = manifest(there)
    assert m["config"]["game"] == "af" and m["config"]["what_if"] == manifest(here)["config"]["what_if"]
    assert len({c["node_id"] for c in m["chunks"]}) == 2  # both nodes played
    # The variant changed the games: a standard run of the same seed differs.
    std = tmp_path / "std"
    assert main(["run", *af_args[:-3], "--record-decisions", "--out", str(std), "--quiet"]) == 0
    assert not normalized(load_games(std), ["game_index"]).equals(normalized(load_games(here), ["game_index"]))


def test_net_seat_with_a_relative_model_path_on_two_nodes_equals_local_run(ray_cluster, tmp_path, monkeypatch):
    """A `net:model=PATH` seat on Ray (issue 19): the workers run elsewhere (another working directory, on a real
    cluster another machine), so the driver sends the model file with the job; both nodes play, the rows equal a
    local run's, and they name the seat as the user wrote it."""
    from net.helpers import base_game, write_random_model

    (tmp_path / "models").mkdir()
    write_random_model(tmp_path / "models" / "m.gsnet", base_game(2), seed=3)
    net_args = ["--players", "2", "--bots", "net:model=models/m.gsnet,heuristic", "--games", "400", "--seed", "9"]
    here, there = tmp_path / "here", tmp_path / "there"
    monkeypatch.chdir(tmp_path)
    assert main(["run", *net_args, "--out", str(here), "--quiet", "--chunk-size", "100"]) == 0
    r = ray_cluster.run(ray_cluster.galaxysim("run", *net_args, "--chunk-size", "50", "--out", str(there),
                                              "--ray", "auto", "--quiet"), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    same_rows(here, there)
    m = manifest(there)
    assert len({c["node_id"] for c in m["chunks"]}) == 2  # both nodes played
    assert m["models"] == manifest(here)["models"] and list(m["models"]) == ["net:model=models/m.gsnet"]
    bots = ds.dataset(there / "seats", format="parquet").to_table(columns=["bot"]).column("bot").unique().to_pylist()
    assert sorted(bots) == ["heuristic", "net:model=models/m.gsnet"]


def test_cluster_errors_are_one_line_and_write_nothing(ray_cluster, tmp_path):
    run = ["run", "--games", "500", "--seed", "1", "--out", str(tmp_path / "never"), "-q"]
    # No token, then a wrong one (`ray start` turned on token authentication).
    home = tmp_path / "home"
    home.mkdir()
    r = ray_cluster.run(ray_cluster.galaxysim(*run, "--ray", loopback.ADDRESS),
                        env={"RAY_AUTH_MODE": "", "RAY_AUTH_TOKEN": "", "HOME": str(home)}, cwd=tmp_path)
    one_error_line(r, "uses token authentication and this driver has no Ray token: set RAY_AUTH_MODE=token")
    r = ray_cluster.run(ray_cluster.galaxysim(*run, "--ray", loopback.ADDRESS), env={"RAY_AUTH_TOKEN": "wrong"},
                        cwd=tmp_path)
    one_error_line(r, "this driver's Ray token is not the cluster's")
    # Nothing listens there.
    r = ray_cluster.run(ray_cluster.galaxysim(*run, "--ray", "127.0.0.1:6390"), cwd=tmp_path)
    one_error_line(r, "cannot reach the Ray cluster at 127.0.0.1:6390 (Connection refused)")
    # The workers' Python lacks galaxysim (a runtime_env whose interpreter has Ray but not galaxysim).
    python = python_without_galaxysim(tmp_path / "nogs")
    (tmp_path / "nogs.toml").write_text(f'[ray]\naddress = "{loopback.ADDRESS}"\n'
                                        f'runtime_env = {{ py_executable = "{python}" }}\n')
    r = ray_cluster.run(ray_cluster.galaxysim(*run, "--config", str(tmp_path / "nogs.toml")), cwd=tmp_path)
    one_error_line(r, "galaxysim is missing on Ray node 127.0.0.1 (ModuleNotFoundError: No module named")
    assert "install the driver's galaxysim on every node" in r.stderr and "py_modules" in r.stderr
    # The cluster says it runs another Ray (its metadata in the GCS, which Ray's own check reads).
    real = cluster_metadata(ray_cluster)
    try:
        cluster_metadata(ray_cluster, {**real, "ray_version": "2.9.0"})
        r = ray_cluster.run(ray_cluster.galaxysim(*run, "--ray", "auto"), cwd=tmp_path)
    finally:
        cluster_metadata(ray_cluster, real)
    one_error_line(r, f"version mismatch: the Ray cluster at {loopback.ADDRESS} runs Ray 2.9.0 on Python "
                      f"{real['python_version']}, this driver Ray {real['ray_version']}")
    assert "pip install 'ray[default]==2.9.0'" in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home", "nogs", "nogs.toml"]


def test_driver_killed_then_resumed_on_ray_then_stopped_then_resumed_locally(ray_cluster, reference, tmp_path):
    out = tmp_path / "run"
    args = ["run", *ARGS, "--chunk-size", str(CHUNK), "--out", str(out), "--ray", loopback.ADDRESS]
    proc = ray_cluster.popen(ray_cluster.galaxysim(*args), cwd=tmp_path)
    wait_for_chunks(out, proc, 3, timeout=120)
    proc.send_signal(signal.SIGKILL)  # `ip netns exec` runs the driver in its own process (exec)
    proc.communicate()
    m = manifest(out)
    assert m["status"] == "running" and 3 <= len(m["chunks"]) < m["n_chunks"], "killed too late to test resume"
    first = len(m["chunks"])
    # Resume on Ray, then Ctrl-C it after more chunks: it stops after the chunks in flight.
    proc = ray_cluster.popen(ray_cluster.galaxysim("resume", str(out), "--ray", loopback.ADDRESS), cwd=tmp_path)
    wait_for_chunks(out, proc, first + 3, timeout=120)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "stopping after the chunk in flight" in stderr and "Traceback" not in stderr
    assert f"continue with: galaxysim resume {out} --ray {loopback.ADDRESS}" in stderr
    m = manifest(out)
    assert m["status"] == "interrupted" and first + 3 <= len(m["chunks"]) < m["n_chunks"], "stopped too late"
    assert m["sessions"][1]["ray"]["nodes"] == 2
    # The rest here, without Ray.
    r = subprocess.run([sys.executable, "-m", "galaxysim", "resume", str(out), "--quiet", "--threads", "2"],
                       capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    m = manifest(out)
    assert m["status"] == "complete" and len(m["chunks"]) == m["n_chunks"] == GAMES // CHUNK
    assert len(m["sessions"]) == 3 and "ray" not in m["sessions"][2]
    assert not list(out.rglob("*.tmp"))
    same_rows(reference, out)
    no_duplicates(out)


def test_worker_node_lost_mid_run(ray_cluster, reference, tmp_path):
    """The worker node's raylet is killed while it plays: its chunks are played again on the head node; the
    rows are those of the local run, each game once. (Runs last: the cluster loses its worker node.)"""
    out = tmp_path / "run"
    proc = ray_cluster.popen(ray_cluster.galaxysim("run", *ARGS, "--chunk-size", str(CHUNK), "--out", str(out),
                                                   "--ray", loopback.ADDRESS), cwd=tmp_path)
    wait_for_chunks(out, proc, 2, timeout=120)
    deadline = time.monotonic() + 60
    while not ray_cluster.running(ray_cluster.worker, "play_chunk"):  # kill it while it plays a chunk
        assert time.monotonic() < deadline and proc.poll() is None, "the worker node never played a chunk"
        time.sleep(0.005)
    m = manifest(out)
    ray_cluster.kill_node(ray_cluster.worker)
    stdout, stderr = proc.communicate(timeout=300)
    assert proc.returncode == 0, stderr
    assert len(m["chunks"]) < m["n_chunks"], "the run ended before the node was killed"
    assert "was lost with its Ray worker" in stderr and "playing it again" in stderr
    at_kill = max(c["chunk"] for c in m["chunks"])
    m = manifest(out)
    assert m["status"] == "complete" and m["sessions"][0]["ray"]["lost_attempts"] >= 1
    later = {c["node_id"] for c in m["chunks"] if c["chunk"] > at_kill + 4}  # submitted after the kill
    assert len(later) == 1  # then only the head played
    same_rows(reference, out)
    no_duplicates(out)


# --- helpers for the error test -------------------------------------------------------------------------------------

def python_without_galaxysim(folder: Path) -> Path:
    """A virtualenv whose Python sees this one's packages (Ray...) but cannot import galaxysim's."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True, timeout=120)
    site = next((folder / "lib").glob("python*/site-packages"))
    ours = [p for p in sys.path if p.endswith("site-packages") and Path(p, "ray").is_dir()]
    (site / "a_packages.pth").write_text("\n".join(ours) + "\n")
    (site / "hide_galaxysim.py").write_text(
        "import importlib.abc, sys\n"
        "class Hide(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'galaxysim':\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Hide())\n")
    (site / "b_hide.pth").write_text("import hide_galaxysim\n")
    return folder / "bin" / "python"


def cluster_metadata(c: loopback.LoopbackCluster, new: dict | None = None) -> dict:
    """The cluster metadata (Ray and Python versions) the head keeps in its GCS; replaced by `new` if given."""
    code = ("import json, sys\n"
            "from ray._raylet import GcsClient\n"
            "from ray._private.ray_constants import KV_NAMESPACE_CLUSTER as NS\n"
            "from ray._common.usage.usage_constants import CLUSTER_METADATA_KEY as KEY\n"
            f"g = GcsClient(address={loopback.ADDRESS!r})\n"
            "if len(sys.argv) > 1:\n"
            "    g.internal_kv_put(KEY, sys.argv[1].encode(), True, namespace=NS)\n"
            "print(g.internal_kv_get(KEY, namespace=NS).decode())\n")
    r = c.run([sys.executable, "-c", code, *([json.dumps(new)] if new else [])], timeout=60)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


# --- without a cluster ----------------------------------------------------------------------------------------------

def test_ray_missing_is_a_clear_error(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    before = snapshot(tmp_path)
    assert main(["run", "--games", "100", "--out", str(tmp_path / "x"), "--ray", "auto"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--ray needs Ray, which is not installed here" in err
    assert "pip install 'galaxysim[cluster]'" in err
    assert snapshot(tmp_path) == before
    # A local run does not need Ray.
    assert main(["run", "--games", "100", "--out", str(tmp_path / "y"), "--quiet"]) == 0


@pytest.mark.parametrize("args,message,code", [
    (["--ray", "127.0.0.1:1"], "cannot reach the Ray cluster at 127.0.0.1:1 (Connection refused)", 1),
    (["--ray", "nohost"], "--ray-address 'nohost': expected auto, local, HOST:PORT", 2),
    (["--ray", "10.0.0.1:99999"], "port 99999 is not between 1 and 65535", 2),
    (["--ray", "auto", "--players", "7"], "players, not 7", 2),  # config errors come before any cluster
])
def test_address_errors(tmp_path, capsys, args, message, code):
    before = snapshot(tmp_path)
    assert main(["run", "--games", "100", "--out", str(tmp_path / "x"), *args]) == code
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err
    assert snapshot(tmp_path) == before


def test_ray_table_in_a_config_file(tmp_path):
    p = tmp_path / "c.toml"
    p.write_text('games = 10\n[ray]\naddress = "10.0.0.1:6379"\nmax_in_flight = 8\nretries = 1\n'
                 'runtime_env = { pip = ["x"] }\n')
    values = load_toml(p)
    assert values["ray_address"] == "10.0.0.1:6379"
    assert values["ray_options"] == {"max_in_flight": 8, "retries": 1, "runtime_env": {"pip": ["x"]}}
    cfg = RunConfig.from_values(values)
    assert cfg.ray_address == "10.0.0.1:6379" and "ray_address" not in cfg.manifest_config()
    p.write_text('ray = "auto"\n')
    assert load_toml(p) == {"ray_address": "auto"}
    p.write_text('[ray]\nmax_inflight = 3\n')
    with pytest.raises(Exception, match="unknown Ray option 'max_inflight'"):
        RunConfig.from_values(load_toml(p), source=str(p))
    for bad, message in (({"retries": -1}, "at least 0"), ({"max_in_flight": 0}, "positive integer"),
                         ({"runtime_env": "x"}, "must be a table")):
        with pytest.raises(OptionError, match=message):
            check_options(bad)
    for ok in ("auto", "local", "head:6379", "ray://10.1.2.3:10001", "[::1]:6379"):
        check_address(ok)


def test_chunk_size_for_ray():
    # About 2 s of play per chunk: 1e-4 s a game on 4 threads -> 80,000 games.
    assert ray_chunk_size(10_000_000, threads=4, slots=10, seconds_per_game=1e-4) == 80_000
    # A short run is cut finer, so that every slot gets several chunks, but not below 1/8 of that.
    assert ray_chunk_size(400_000, threads=4, slots=10, seconds_per_game=1e-4) == 10_000
    assert ray_chunk_size(40_000, threads=4, slots=10, seconds_per_game=1e-4) == 10_000
    # Slow bots: fewer games per chunk, never fewer than one per thread, never more than the run.
    assert ray_chunk_size(1_000, threads=8, slots=2, seconds_per_game=30.0) == 8
    assert ray_chunk_size(50, threads=1, slots=1, seconds_per_game=1e-5) == 50


def test_worker_failures_are_named():
    with pytest.raises(WorkerVersionMismatch, match="Ray node 10.0.0.7 has galaxysim engine 0.0.9, the driver "
                                                    "has 0.1.0"):
        check_engine("0.1.0", "0.0.9", "10.0.0.7")
    check_engine("0.1.0", "0.1.0", "x")

    class TaskError(Exception):
        def __init__(self, cause):
            self.cause = cause

    e = task_failure(TaskError(ModuleNotFoundError("No module named 'galaxysim'")), 3)
    assert "galaxysim is missing on a Ray worker (No module named 'galaxysim')" in str(e) and "py_modules" in str(e)
    e = task_failure(TaskError(WorkerVersionMismatch("Ray node x has galaxysim engine 2")), 3)
    assert str(e).startswith("Ray node x has galaxysim engine 2; install the driver's galaxysim on every node")
    e = task_failure(TaskError(ValueError("bad bot")), 5)
    assert str(e) == "chunk 5 failed on its Ray worker: ValueError: bad bot"


def test_threads_and_chunk_size_fit_the_cluster():
    from galaxysim.cluster.connect import RayCluster
    from galaxysim.cluster.errors import ClusterError
    from galaxysim.cluster.options import RayOptions

    class FakeRay:
        def nodes(self):
            return [{"NodeID": "a", "Alive": True, "NodeManagerAddress": "10.0.0.1", "Resources": {"CPU": 8.0}},
                    {"NodeID": "b", "Alive": True, "NodeManagerAddress": "10.0.0.2", "Resources": {"CPU": 4.0}},
                    {"NodeID": "c", "Alive": False, "NodeManagerAddress": "10.0.0.3", "Resources": {"CPU": 2.0}},
                    {"NodeID": "d", "Alive": True, "NodeManagerAddress": "10.0.0.4", "Resources": {}}]

    c = RayCluster(FakeRay(), "10.0.0.1:6379", RayOptions(), owned=False)
    assert [n["id"] for n in c.nodes()] == ["a", "b"]  # alive, with CPUs
    assert c.default_threads() == 4 and c.slots(4) == 3 and c.slots(3) == 3 and c.slots(8) == 1
    cfg = RunConfig(games=10_000_000, seed=1)
    fitted = c.fit(cfg, threads=None, chunk_size=None, seconds_per_game=1e-4)
    assert (fitted.threads, fitted.chunk_size) == (4, 80_000)
    assert c.fit(cfg, threads=2, chunk_size=5_000).chunk_size == 5_000
    with pytest.raises(ClusterError, match="--threads 16: no node of the Ray cluster at 10.0.0.1:6379 has 16 "
                                           r"CPUs \(the largest has 8\)"):
        c.fit(cfg, threads=16, chunk_size=None)
