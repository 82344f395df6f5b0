"""galaxysim on a Ray cluster: the same run, the same rows, on many machines.

    galaxysim run --ray auto ...            # the cluster this machine belongs to (RAY_ADDRESS or `ray start`)
    galaxysim run --ray 10.0.0.1:6379 ...   # a head node's address
    galaxysim run --ray local ...           # a private Ray on this machine, started and stopped with the run
    galaxysim resume RUN --ray auto         # finish a run (started here or on Ray) on the cluster

galaxysim.cluster.connect.connect() reaches and checks the cluster; RayChunks (ray_runner.py) plays a run's chunks there
as Ray tasks (tasks.py) for the chunk loop of galaxysim.sim.chunk_loop, which writes them. Importing this package does not import Ray.
"""
from .errors import ClusterError

__all__ = ["ClusterError"]
