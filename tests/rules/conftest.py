"""Fixtures for the pure rules tests (the conformance suite and its kin).

Each game's scenario builders live in its own folder, tests/games/<slug>/;
what a game hides is its engine's knowledge (`Rules.secrets_scramble`).

These tests need no database and no Django (STYLE.md B9): the platform's
autouse fixtures from tests/conftest.py are replaced by no-ops here.
"""

from __future__ import annotations

import pytest

from tests.tally import GAMES_PLAYED

__all__ = ["GAMES_PLAYED"]


@pytest.fixture(autouse=True, scope="session")
def _celery_in_memory():
    """Override the platform fixture: pure rules tests touch no Celery."""


@pytest.fixture(autouse=True)
def _english():
    """Override the platform fixture: pure rules tests read no settings."""


@pytest.fixture(autouse=True)
def _match_seeds():
    """Override the platform fixture: pure rules tests create no matches."""
