"""Settings of the servers that bench/load.py starts: the site's, plus a URL.

The served tree's `config.settings` (read from the environment as in
production), with two changes only a benchmark needs: the URLconf adds the
minimal row-locked commit (bench/loadbench/server_urls.py, never part of
config/urls.py), and collectstatic writes to a temporary folder instead of
the tree's `staticfiles/`.
"""

from __future__ import annotations

import os
from pathlib import Path

from config.settings import *  # noqa: F403

ROOT_URLCONF = "loadbench.server_urls"
STATIC_ROOT = Path(os.environ["LOAD_STATIC_ROOT"])
