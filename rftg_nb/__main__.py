"""``python -m rftg_nb``: the ``rftg-nb`` command (rftg_nb/cli.py)."""

import sys

from rftg_nb.cli import main

sys.exit(main())
