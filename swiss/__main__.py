"""`python -m swiss ...`: see `swiss.cli`."""

from __future__ import annotations

import sys

from swiss.cli import main

sys.exit(main())
