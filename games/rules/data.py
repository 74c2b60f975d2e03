"""Components that the rules texts give as data: card lists, maps.

A game keeps them as files in its package, `games/rules/<slug>/data/`, and
loads them from there when its module is imported, so they ship with the
code and a second map is a second file. Nothing under games/rules reads a
file outside the repository.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def load_json(package: str, name: str) -> Any:
    """Return the parsed JSON file `data/<name>` of `package`.

    `package` is a dotted module name such as "games.rules.knatsch". Raises
    FileNotFoundError for a missing file and ValueError for invalid JSON.
    """
    text = resources.files(package).joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text)
