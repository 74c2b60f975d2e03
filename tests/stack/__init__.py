"""Tests of the production layout on this machine (marker `stack`).

They start real processes (bench/nodebench/cluster.py), so bench/ goes on
the import path here, as `python bench/nodes.py` puts it there.
"""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = str(Path(__file__).resolve().parent.parent.parent / "bench")
if BENCH not in sys.path:
    sys.path.append(BENCH)
