"""No module of `games` uses another module's private (underscore) names.

What modules share is public: the services' kernel (games/services/core.py),
the consumers' shared parts, the API views' base, and so on. A name that
starts with one underscore stays in its module. This reads the imports of
every module under games/ (the AST, no import): `from games.x import _y`
and `from .x import _y`, and `m._y` on a module `m` imported from games.
Issue 22, "A public kernel".
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "games"


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _package_of(path: Path) -> list[str]:
    """Return the dotted package parts a module at `path` lives in."""
    parts = list(path.relative_to(GAMES.parent).with_suffix("").parts)
    return parts if path.name == "__init__.py" else parts[:-1]


def _resolved(node: ast.ImportFrom, path: Path) -> str | None:
    """Return the absolute module a `from ... import` names (None: not games)."""
    if node.level == 0:
        module = node.module or ""
    else:
        package = _package_of(path)
        base = package[: len(package) - (node.level - 1)]
        module = ".".join(base + ([node.module] if node.module else []))
    return module if module == "games" or module.startswith("games.") else None


def _is_module(dotted: str) -> bool:
    target = GAMES.parent.joinpath(*dotted.split("."))
    return target.with_suffix(".py").exists() or (target / "__init__.py").exists()


def _violations(path: Path, source: str | None = None) -> list[str]:
    """Return the private names the module at `path` uses of other modules.

    `source`: the module's text (default: read from `path`).
    """
    text = path.read_text() if source is None else source
    tree = ast.parse(text, filename=str(path))
    found = []
    modules: set[str] = set()  # local names bound to a games module
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = _resolved(node, path)
            if module is None:
                continue
            for alias in node.names:
                if _is_private(alias.name):
                    found.append(f"{node.lineno}: from {module} import {alias.name}")
                elif _is_module(f"{module}.{alias.name}"):
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("games.") and alias.asname:
                    modules.add(alias.asname)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _is_private(node.attr)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
        ):
            found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    return found


def _modules() -> list[Path]:
    return sorted(p for p in GAMES.rglob("*.py") if "migrations" not in p.parts)


def test_no_module_of_games_uses_another_modules_private_names():
    found = {
        str(path.relative_to(GAMES.parent)): lines
        for path in _modules()
        if (lines := _violations(path))
    }

    assert found == {}


@pytest.mark.parametrize(
    "source",
    [
        "from games.services.core import _hidden\n",
        "from .core import _hidden\n",
        "from ..services import _hidden\n",
        "from games.services import core\ncore._hidden()\n",
    ],
)
def test_the_scan_finds_a_private_name_used_across_modules(source):
    # As if it were games/consumers/x.py.
    assert _violations(GAMES / "consumers" / "x.py", source)


def test_the_scan_leaves_a_modules_own_and_dunder_names_alone():
    source = (
        "from games.services import core\n"
        "from . import __version__\n"
        "def _own(): ...\n"
        "_own()\n"
        "core.match_lock(1)\n"
    )

    assert _violations(GAMES / "consumers" / "x.py", source) == []
