"""Golden playthroughs: regenerating a game's file gives the committed text.

When a change alters a game on purpose, regenerate the file (`make
playthroughs`, with the entry's `playthrough` parameters) and review the diff
in the PR (STYLE.md B9). Every registered game has one. [OS playthrough_test]
"""

from __future__ import annotations

import pytest

from games.rules import registry
from games.rules.playthrough import entry_playthrough_text, playthrough_path


def regenerate(slug: str) -> str:
    """Return the playthrough text of `slug` with its entry's parameters."""
    return entry_playthrough_text(registry.game_entry(slug))


@pytest.mark.parametrize("slug", sorted(registry.GAMES))
def test_every_game_has_a_golden_playthrough(slug):
    assert playthrough_path(slug).exists()


@pytest.mark.parametrize("slug", sorted(registry.GAMES))
def test_regenerated_playthrough_matches_the_committed_file(slug):
    committed = playthrough_path(slug).read_text()
    # A mismatch means behaviour changed: regenerate, then review the diff.
    assert regenerate(slug) == committed


@pytest.mark.parametrize("slug", sorted(registry.GAMES))
def test_playthrough_is_the_same_on_every_run(slug):
    assert regenerate(slug) == regenerate(slug)
