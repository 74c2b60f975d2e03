"""Golden playthroughs: regenerating a game's file gives the committed text.

When a change alters a game on purpose, regenerate the file (PARAMETERS
below) and review the diff in the PR (STYLE.md B9). [OS playthrough_test]
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games.rules.playthrough import PLAYTHROUGHS, playthrough_text
from games.rules.registry import RULES_BY_SLUG, default_robot

# Each game's file is tests/games/<slug with underscores>/playthrough.txt.
DIRECTORY = Path(__file__).parents[1] / "games"
PARAMETERS = PLAYTHROUGHS


def regenerate(slug: str) -> str:
    """Return the playthrough text of `slug` with its PARAMETERS."""
    return playthrough_text(
        RULES_BY_SLUG[slug], robot=default_robot(slug), **PARAMETERS[slug]
    )


@pytest.mark.parametrize("slug", sorted(RULES_BY_SLUG))
def test_every_game_has_a_golden_playthrough(slug):
    assert slug in PARAMETERS
    assert (DIRECTORY / slug.replace("-", "_") / "playthrough.txt").exists()


@pytest.mark.parametrize("slug", sorted(PARAMETERS))
def test_regenerated_playthrough_matches_the_committed_file(slug):
    committed = (DIRECTORY / slug.replace("-", "_") / "playthrough.txt").read_text()
    # A mismatch means behaviour changed: regenerate, then review the diff.
    assert regenerate(slug) == committed


@pytest.mark.parametrize("slug", sorted(PARAMETERS))
def test_playthrough_is_the_same_on_every_run(slug):
    assert regenerate(slug) == regenerate(slug)
