"""The rules are pure: no Django, no project packages, no clock (STYLE.md B0, B4).

Every module under games/rules is parsed (not imported) and its imports
checked. [ours; OS/BG purity]
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES_DIR = Path(__file__).resolve().parents[2] / "games" / "rules"
MODULES = sorted(RULES_DIR.rglob("*.py"))
# Clocks and global randomness make replays differ; only rng.py may wrap
# `random`, seeded per draw.
FORBIDDEN = {"django", "datetime", "time", "secrets", "uuid", "os", "socket"}
PROJECT_PACKAGES = {"games", "accounts", "config", "tests"}


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def test_there_are_rules_modules_to_check():
    assert len(MODULES) > 5


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(RULES_DIR)))
def test_rules_module_imports_nothing_impure(path):
    for name in _imports(path):
        root = name.split(".")[0]
        assert root not in FORBIDDEN, f"{name} is impure"
        if root == "random":
            assert path.name == "rng.py", "randomness only through games.rules.rng"
        if root in PROJECT_PACKAGES:
            assert name == "games.rules" or name.startswith("games.rules."), (
                f"{name} is outside games.rules"
            )


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(RULES_DIR)))
def test_rules_module_starts_with_future_annotations(path):
    tree = ast.parse(path.read_text())
    first = [n for n in tree.body if not isinstance(n, ast.Expr)][:1]
    if first:
        assert isinstance(first[0], ast.ImportFrom)
        assert first[0].module == "__future__"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(RULES_DIR)))
def test_rules_module_points_nowhere_outside_the_repository(path):
    # Rule texts and data outside the repository are not deployed: data
    # lives in games/rules/<slug>/data/ and is loaded with games.rules.data.
    text = path.read_text()
    for outside in ("/work/", "shared/seeds", "shared/rules", "../shared"):
        assert outside not in text, f"{path.name} points to {outside}"


def test_data_files_load_from_the_package_folder():
    from games.rules.data import load_json

    assert load_json("tests.rules", "sample.json") == {
        "cards": [{"id": "c1", "strength": 3}]
    }
    with pytest.raises(FileNotFoundError):
        load_json("tests.rules", "missing.json")
