"""Each engine's rules version since keyed randomness (issue 23).

New matches draw from a key (games/rules/rng.py, keyed scheme); a match
stored under the previous version has the same state shape and a legacy
`Rng`, so it is carried over unchanged and keeps drawing as it began.
"""

from __future__ import annotations

import pytest

from games.rules import IllegalMove, Rng
from games.rules.registry import game_entry

KEY = "ab" * 32

# slug: (previous version, today's version)
VERSIONS = {
    "race": ("2", "3"),
    "dice-stars": ("1", "2"),
    "knatsch": ("1", "2"),
    "rat-um-rad": ("1", "2"),
}


def _new(slug, seed):
    entry = game_entry(slug)
    rules = entry.rules
    seats = entry.playthrough.seats
    options = rules.validate_options(dict(entry.playthrough.options), seats)
    return rules, rules.new_state(seats=seats, options=options, seed=seed)


@pytest.mark.parametrize("slug", sorted(VERSIONS))
def test_the_rules_version_is_bumped(slug):
    assert game_entry(slug).rules.info.version == VERSIONS[slug][1]


@pytest.mark.parametrize("slug", sorted(VERSIONS))
def test_a_keyed_seed_makes_a_keyed_rng_and_an_int_a_legacy_one(slug):
    _rules, keyed = _new(slug, KEY)
    _rules, legacy = _new(slug, 7)

    assert keyed.rng.key == KEY
    assert keyed.to_json()["rng"]["key"] == KEY
    assert legacy.rng.seed == 7
    assert not legacy.rng.keyed
    assert "key" not in legacy.to_json()["rng"]
    assert keyed != _new(slug, "cd" * 32)[1]


@pytest.mark.parametrize("slug", sorted(VERSIONS))
def test_a_state_of_the_previous_version_carries_over_and_keeps_its_scheme(slug):
    rules, state = _new(slug, 7)
    stored = state.to_json()

    upgraded = rules.upgrade_state(stored, VERSIONS[slug][0])

    assert upgraded == stored
    assert rules.state_from_json(upgraded).rng == Rng(seed=7, draws=state.rng.draws)


@pytest.mark.parametrize("slug", sorted(VERSIONS))
@pytest.mark.parametrize("version", ["0", "99", ""])
def test_a_state_of_an_unknown_version_is_refused(slug, version):
    rules, state = _new(slug, 7)
    with pytest.raises(IllegalMove):
        rules.upgrade_state(state.to_json(), version)
