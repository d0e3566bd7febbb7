"""`python -m cli` runs the `tigerden` command."""

import sys

from cli.main import main

sys.exit(main())
