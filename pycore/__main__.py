"""`python -m galaxysim ...` is the `galaxysim` command."""
import sys

from .sim.cli import main

sys.exit(main())
