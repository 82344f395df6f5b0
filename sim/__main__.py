"""`python -m sim ...` is `galaxysim ...`."""
import sys

from .cli import main

sys.exit(main())
