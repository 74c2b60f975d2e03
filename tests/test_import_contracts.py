"""The import contracts hold, and would catch a reverse import (issue 22).

pyproject.toml's [tool.importlinter] says: `accounts` (identity) imports
nothing from `games`; `games.rules` imports no Django and nothing of the
platform. The first test lints the project as CI does (`lint-imports`); the
next ones lint a stand-in project, built in a temporary directory with the
same contracts, that makes one forbidden import, and expect the linter to
fail. [ours; HS "apps should not depend on each other in cycles"]

`lint-imports` runs in a subprocess: in the test process, zope.interface
(loaded with Channels' server) trips import-linter's contract classes.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
LINT_IMPORTS = shutil.which("lint-imports", path=str(Path(sys.executable).parent))


def _lint(project: Path) -> subprocess.CompletedProcess[str]:
    assert LINT_IMPORTS, "import-linter is in requirements-dev.txt"
    return subprocess.run(
        [LINT_IMPORTS, "--config", "pyproject.toml", "--no-cache"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _configuration() -> dict:
    return tomllib.loads(PYPROJECT.read_text())["tool"]["importlinter"]


def _contract(contract_id: str) -> dict:
    (contract,) = [c for c in _configuration()["contracts"] if c["id"] == contract_id]
    return contract


def test_the_project_keeps_its_import_contracts():
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.fixture
def stand_in(tmp_path):
    """Return a project of empty modules named as the contracts name them.

    Its pyproject.toml is this project's [tool.importlinter], unchanged.
    """
    shutil.copy(PYPROJECT, tmp_path / "pyproject.toml")
    modules = {"accounts.names", "games.rules.registry", "config.settings"}
    for contract in _configuration()["contracts"]:
        modules |= set(contract["source_modules"]) | set(contract["forbidden_modules"])
    for name in modules:
        parts = name.split(".")
        if parts[0] not in _configuration()["root_packages"]:
            continue  # an outside package (django): imported, not written
        for depth in range(1, len(parts)):
            package = tmp_path.joinpath(*parts[:depth])
            package.mkdir(exist_ok=True)
            (package / "__init__.py").touch()
        module = tmp_path.joinpath(*parts)
        if not module.is_dir():
            module.with_suffix(".py").touch()
    return tmp_path


def test_the_stand_in_project_keeps_the_contracts(stand_in):
    result = _lint(stand_in)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("contract_id", "importer", "line"),
    [
        ("accounts-one-way", "accounts/names.py", "from games.rules import registry"),
        ("accounts-one-way", "accounts/names.py", "import games.models"),
        ("rules-pure", "games/rules/registry.py", "from django.conf import settings"),
        ("rules-pure", "games/rules/registry.py", "from games import models"),
        ("rules-pure", "games/rules/registry.py", "import accounts.names"),
    ],
)
def test_a_forbidden_import_breaks_its_contract(stand_in, contract_id, importer, line):
    (stand_in / importer).write_text(f"{line}\n")
    result = _lint(stand_in)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{_contract(contract_id)['name']} BROKEN" in result.stdout


def test_the_rules_contract_names_every_module_of_games_but_the_rules():
    # A new module of games (games/<name>.py or a package) is forbidden to
    # the rules only once listed: the list must grow with games.
    games_dir = ROOT / "games"
    modules = {
        f"games.{path.stem}"
        for path in games_dir.iterdir()
        if (path.suffix == ".py" and path.stem != "__init__")
        or (path.is_dir() and (path / "__init__.py").exists())
    }
    forbidden = set(_contract("rules-pure")["forbidden_modules"])
    assert modules - {"games.rules"} <= forbidden, modules - forbidden
