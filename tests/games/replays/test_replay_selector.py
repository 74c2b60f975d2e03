"""Replays rebuild every finished match from its seed, options and moves (issue 23)."""

from __future__ import annotations

import pytest

from games import fairness, services
from games.models import Match, Move
from games.rules import registry
from games.selectors import replays
from games.selectors.replays import ReplayUnavailable, replay_moves, replay_to
from tests.games.helpers import legal_json, seats_to_move

from .helpers import finished_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def database(alice, bob, toy):
    """Ended matches of every registered game (and the Toy): two seats, more, solo.

    Besides those played to their end: a match bob resigned midway (its
    state stays where play stopped) and a cancelled one.
    """
    for slug, entry in sorted(registry.GAMES.items()):
        info = entry.rules.info
        finished_match(alice, slug)
        if info.max_seats >= 3:
            finished_match(alice, slug, seats=3)
        if info.min_seats == 1:
            finished_match(alice, slug, seats=1)
    for status in ("resigned", "cancelled"):
        match = services.match_create(user=alice, game_slug="race", seats=2)
        services.seat_claim(match_id=match.id, user=bob)
        for _ in range(3):
            match.refresh_from_db()
            position = min(seats_to_move(match))
            services.move_submit(
                match_id=match.id,
                user=alice if position == 0 else bob,
                move_data=legal_json(match, position)[0],
                expected_version=match.version,
            )
        if status == "resigned":
            services.match_resign(match_id=match.id, user=bob)
        else:
            Match.objects.filter(id=match.id).update(status=Match.Status.CANCELLED)
    return Match.objects.filter(status__in=Match.ENDED)


def test_every_ended_match_replays_move_by_move_as_recorded(database):
    matches = list(database.prefetch_related("seats"))
    assert {m.game_slug for m in matches} == set(registry.GAMES)
    assert {m.status for m in matches} == set(Match.ENDED) - {Match.Status.ABORTED}
    for match in matches:
        moves = replay_moves(match)
        assert [m.seq for m in moves] == list(range(1, match.version + 1))
        # Every prefix: each move's events equal the stored ones (replay_to
        # checks them) and the step is that move's.
        for upto in {1, len(moves) // 2, len(moves)} - {0}:
            step = replay_to(match, moves[:upto])
            assert step.seq == upto
            assert [e.to_json() for e in step.events] == moves[upto - 1].events
        step = replay_to(match, moves)
        assert replays.final_state_matches(match, step), match
        assert step.state.to_json() == match.state


def test_the_dealt_state_is_move_zero(database):
    match = database.first()
    step = replay_to(match, [])
    assert step.seq == 0
    assert step.move is None
    assert step.events == ()
    rules = match.rules
    # The key from the server and client seeds (issue 23, provably fair
    # randomness), not the legacy int seed.
    assert match.server_seed
    seeds = [seat.client_seed for seat in match.seats.order_by("position")]
    key = fairness.key_derive(match.server_seed, seeds)
    dealt = rules.new_state(seats=len(seeds), options=match.options, seed=key)
    assert step.state.to_json() == dealt.to_json()


def test_a_move_that_differs_from_its_record_is_refused(alice, toy):
    match = finished_match(alice, "toy")
    move = Move.objects.get(match=match, seq=1)
    move.events = [{"kind": "forged", "data": {}, "visible_to": None}]
    move.save()
    with pytest.raises(ReplayUnavailable, match="Move 1 of this match"):
        replay_to(match, replay_moves(match))


def test_a_wrong_seed_is_caught_by_the_records(alice, monkeypatch):
    # Race deals its cards from the seed: another seed, other events.
    match = finished_match(alice, "race")
    monkeypatch.setattr(replays, "match_seed", lambda m: m.seed + 1)
    with pytest.raises(ReplayUnavailable):
        replay_to(match, replay_moves(match))


def test_a_rules_version_the_engine_cannot_carry_over_is_refused(alice, toy):
    match = finished_match(alice, "toy")
    Match.objects.filter(id=match.id).update(rules_version="0-ancient")
    Move.objects.filter(match=match).update(rules_version="0-ancient")
    match.refresh_from_db()
    with pytest.raises(ReplayUnavailable, match="version 0-ancient"):
        replay_to(match, replay_moves(match))


def test_an_open_match_has_nothing_to_replay(open_match):
    with pytest.raises(ReplayUnavailable, match="never started"):
        replay_to(open_match, [])


def test_moves_of_a_rules_version_the_engine_carries_over_are_replayed(
    alice, toy, monkeypatch
):
    # An engine that knows "0-old" (its upgrade_state carries the state
    # over) replays that version's moves, each checked against its record.
    match = finished_match(alice, "toy")
    Match.objects.filter(id=match.id).update(rules_version="0-old")
    Move.objects.filter(match=match, seq__lte=2).update(rules_version="0-old")
    match.refresh_from_db()
    asked = []

    def upgrade(data, version):
        asked.append(version)
        return data

    monkeypatch.setattr(
        type(match.rules), "upgrade_state", lambda self, d, v: upgrade(d, v)
    )
    step = replay_to(match, replay_moves(match))
    assert asked == ["0-old"]
    assert replays.final_state_matches(match, step)
    # A move of that version that no longer replays as recorded says so.
    Move.objects.filter(match=match, seq=1).update(events=[])
    with pytest.raises(
        ReplayUnavailable, match="Move 1 was played under version 0-old"
    ):
        replay_to(match, replay_moves(match))
