"""`python -m galaxysim ...` and the `galaxysim` command (whose entry point is `main`)."""
import os
import sys

from galaxysim.stop_requests import record_for_the_process


def main() -> int:
    record_for_the_process()  # Ctrl-C and SIGTERM, from the first moment to the last (galaxysim.stop_requests)
    from galaxysim.sim.cli import main as command

    _exit(command())


def _exit(code: int) -> None:
    """Ends the process without Python's shutdown, which puts the default signal handlers back: a Ctrl-C or
    SIGTERM in its last milliseconds killed a process whose work was done (a complete run, exit -15). Every
    file is written and closed by now; the output streams are flushed here."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (`| head`)
            pass
    os._exit(code)


if __name__ == "__main__":
    main()
