"""Ending a running match early: resigning and cancelling by consent (issue 10).

A resignation ends a match of two seats (or one) at once; at a bigger table
a robot plays the seat to the end and its person is ranked last. A cancel
needs every seated person's consent, and lapses with the next move.
"""

from __future__ import annotations

import pytest

from games import exceptions, services
from games.broadcast import match_group, user_group
from games.models import LeaveReason, Match, MatchEvent, Seat
from games.rules import Outcome
from games.services.core import outcome_resigned_last
from tests.games.helpers import legal_json, play_to_end, seats_to_move
from tests.games.toy import toy_position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


@pytest.fixture
def duel(alice, bob):
    """A running 2-seat Toy match: alice (0) against bob (1)."""
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    match.refresh_from_db()
    return match


@pytest.fixture
def table_of_four(alice, bob, carol):
    """A running 4-seat Toy match: alice (0), bob (1), carol (2) and a robot (3)."""
    match = services.match_create(user=alice, game_slug="toy", seats=4)
    services.seat_claim(match_id=match.id, user=bob)
    services.seat_claim(match_id=match.id, user=carol)
    services.seat_robot_add(match_id=match.id, user=alice)
    match.refresh_from_db()
    return match


def _seat(match, position):
    return Seat.objects.get(match=match, position=position)


def _event_kinds(match):
    return list(
        MatchEvent.objects.filter(match=match).values_list("kind", "seat", "version")
    )


# ---------------------------------------------------------------------------
# Resign


def test_resigning_a_duel_finishes_it_and_the_opponent_wins(
    duel, alice, bob, django_capture_on_commit_callbacks, group_sends
):
    with django_capture_on_commit_callbacks(execute=True):
        services.match_resign(match_id=duel.id, user=alice)

    duel.refresh_from_db()
    assert duel.status == Match.Status.FINISHED
    assert Outcome.from_json(duel.outcome) == Outcome(ranks=(2, 1), reason="resigned")
    seat = _seat(duel, 0)
    assert (seat.left_reason, seat.left_at is not None) == (LeaveReason.RESIGNED, True)
    # Nobody is to move at a finished table.
    assert not duel.seats.filter(to_move_version__isnull=False).exists()
    assert _event_kinds(duel) == [(MatchEvent.Kind.RESIGNED, 0, duel.version)]
    groups = {group for group, _event in group_sends}
    assert {match_group(duel.id), user_group(alice.id), user_group(bob.id)} <= groups


def test_resigning_alone_against_the_game_lets_the_game_win(alice):
    match = services.match_create(user=alice, game_slug="toy", seats=1)

    services.match_resign(match_id=match.id, user=alice)

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    # Solo ranks: 1 the seat won, 2 the game won.
    assert Outcome.from_json(match.outcome) == Outcome(ranks=(2,), reason="resigned")


def test_resigning_at_a_bigger_table_hands_the_seat_to_a_robot(
    table_of_four,
    alice,
    bob,
    carol,
    django_capture_on_commit_callbacks,
    group_sends,
    robot_enqueues,
):
    toy_position(table_of_four, current=1)
    assert 1 in seats_to_move(table_of_four)

    with django_capture_on_commit_callbacks(execute=True):
        services.match_resign(match_id=table_of_four.id, user=bob)

    table_of_four.refresh_from_db()
    assert table_of_four.status == Match.Status.ACTIVE
    seat = _seat(table_of_four, 1)
    assert (seat.controller, seat.user, seat.robot, seat.left_reason) == (
        Seat.Controller.STAND_IN,
        bob,
        "greedy",  # the game's default robot
        LeaveReason.RESIGNED,
    )
    # Bob was to move: the robot is asked to play for him.
    assert robot_enqueues == [(table_of_four.id, table_of_four.version)]
    groups = {group for group, _event in group_sends}
    assert {match_group(table_of_four.id)} | {
        user_group(u.id) for u in (alice, bob, carol)
    } <= groups


def test_a_resigned_person_cannot_move_nor_take_the_seat_back(table_of_four, bob):
    toy_position(table_of_four, current=1)
    services.match_resign(match_id=table_of_four.id, user=bob)

    with pytest.raises(exceptions.NotYourTurn):
        services.move_submit(
            match_id=table_of_four.id,
            user=bob,
            move_data={"kind": "roll"},
            expected_version=table_of_four.version,
        )
    with pytest.raises(exceptions.InvalidMove) as refusal:
        services.seat_take_back(match_id=table_of_four.id, user=bob)
    assert refusal.value.message == exceptions.LEFT_FOR_GOOD


def test_the_robot_plays_the_resigned_seat_out_and_its_person_ranks_last(
    table_of_four, alice, bob, carol, monkeypatch
):
    services.match_resign(match_id=table_of_four.id, user=bob)
    # What the game itself says at the end, before the platform re-ranks.
    finals = []
    rules = type(table_of_four.rules)
    outcome = rules.outcome
    monkeypatch.setattr(
        rules,
        "outcome",
        lambda self, state: finals.append(outcome(self, state)) or finals[-1],
    )

    play_to_end(table_of_four, {0: alice, 2: carol})

    table_of_four.refresh_from_db()
    game_says = finals[-1]
    stored = Outcome.from_json(table_of_four.outcome)
    assert stored.ranks[1] == 4
    # The others keep the order the game gave them (see the cases below).
    assert stored == outcome_resigned_last(game_says, frozenset({1}))
    assert (stored.reason, stored.scores) == (game_says.reason, game_says.scores)


@pytest.mark.parametrize(
    ("ranks", "resigned", "expected"),
    [
        ((1, 2, 3, 4), {0}, (4, 1, 2, 3)),
        # Ties stay ties, counted the rules' way (1 + the seats ranked better).
        ((1, 1, 3, 4), {3}, (1, 1, 3, 4)),
        ((2, 1, 1, 4), {1}, (2, 4, 1, 3)),
        # Two resigners tie for last.
        ((1, 2, 3, 4), {0, 2}, (3, 1, 3, 2)),
        # Nobody left to rank them below: as the game said.
        ((1, 2), {0, 1}, (1, 2)),
        ((2,), {0}, (2,)),
    ],
)
def test_resigned_seats_tie_for_last_and_the_others_keep_their_order(
    ranks, resigned, expected
):
    outcome = Outcome(ranks=ranks, reason="target", scores=(5,) * len(ranks))

    result = outcome_resigned_last(outcome, frozenset(resigned))

    assert result == Outcome(ranks=expected, reason="target", scores=outcome.scores)


def test_resigning_twice_is_refused(table_of_four, bob):
    services.match_resign(match_id=table_of_four.id, user=bob)

    with pytest.raises(exceptions.InvalidMove) as refusal:
        services.match_resign(match_id=table_of_four.id, user=bob)

    assert refusal.value.message == exceptions.LEFT_FOR_GOOD
    assert MatchEvent.objects.filter(match=table_of_four).count() == 1


def test_a_spectator_cannot_resign(started_match, carol):
    with pytest.raises(exceptions.NotSeated):
        services.match_resign(match_id=started_match.id, user=carol)


def test_a_finished_match_cannot_be_resigned(duel, alice, bob):
    services.match_resign(match_id=duel.id, user=alice)

    with pytest.raises(exceptions.MatchNotActive):
        services.match_resign(match_id=duel.id, user=bob)


def test_an_open_match_cannot_be_resigned(open_match, alice):
    with pytest.raises(exceptions.MatchNotActive):
        services.match_resign(match_id=open_match.id, user=alice)


# ---------------------------------------------------------------------------
# Cancel by consent


def test_the_match_is_cancelled_once_every_seated_person_agrees(
    table_of_four, alice, bob, carol, django_capture_on_commit_callbacks, group_sends
):
    version = table_of_four.version
    services.match_cancel_agree(match_id=table_of_four.id, user=alice)
    services.match_cancel_agree(match_id=table_of_four.id, user=bob)
    table_of_four.refresh_from_db()
    # The robot has no say, carol has not agreed yet.
    assert table_of_four.status == Match.Status.ACTIVE

    with django_capture_on_commit_callbacks(execute=True):
        services.match_cancel_agree(match_id=table_of_four.id, user=carol)

    table_of_four.refresh_from_db()
    assert (table_of_four.status, table_of_four.outcome) == (
        Match.Status.CANCELLED,
        None,
    )
    # No move was made: every event is at the version of the moment.
    assert table_of_four.version == version
    assert _event_kinds(table_of_four) == [
        (MatchEvent.Kind.CANCEL_PROPOSED, 0, version),
        (MatchEvent.Kind.CANCEL_AGREED, 1, version),
        (MatchEvent.Kind.CANCEL_AGREED, 2, version),
        (MatchEvent.Kind.CANCELLED, None, version),
    ]
    groups = {group for group, _event in group_sends}
    assert {match_group(table_of_four.id)} | {
        user_group(u.id) for u in (alice, bob, carol)
    } <= groups


def test_a_proposal_is_announced_to_open_boards(
    table_of_four, alice, django_capture_on_commit_callbacks, group_sends
):
    with django_capture_on_commit_callbacks(execute=True):
        services.match_cancel_agree(match_id=table_of_four.id, user=alice)

    assert group_sends == [
        (
            match_group(table_of_four.id),
            {
                "type": "match.changed",
                "match_id": table_of_four.id,
                "version": table_of_four.version,
                "moved": False,
            },
        )
    ]
    assert _seat(table_of_four, 0).cancel_agreed_at is not None


def test_a_person_who_resigned_has_no_say(table_of_four, alice, bob, carol):
    services.match_resign(match_id=table_of_four.id, user=carol)
    services.match_cancel_agree(match_id=table_of_four.id, user=alice)

    services.match_cancel_agree(match_id=table_of_four.id, user=bob)

    table_of_four.refresh_from_db()
    assert table_of_four.status == Match.Status.CANCELLED
    with pytest.raises(exceptions.MatchNotActive):
        services.match_cancel_agree(match_id=table_of_four.id, user=carol)


def test_a_resigned_person_cannot_vote(table_of_four, carol):
    services.match_resign(match_id=table_of_four.id, user=carol)

    with pytest.raises(exceptions.InvalidMove) as refusal:
        services.match_cancel_agree(match_id=table_of_four.id, user=carol)

    assert refusal.value.message == exceptions.LEFT_FOR_GOOD


def test_resigning_withdraws_the_persons_agreement(table_of_four, alice, bob):
    services.match_cancel_agree(match_id=table_of_four.id, user=bob)

    services.match_resign(match_id=table_of_four.id, user=bob)

    assert _seat(table_of_four, 1).cancel_agreed_at is None


def test_alone_with_robots_proposing_cancels_at_once(alice):
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_robot_add(match_id=match.id, user=alice)

    services.match_cancel_agree(match_id=match.id, user=alice)

    match.refresh_from_db()
    assert match.status == Match.Status.CANCELLED
    assert [kind for kind, _seat, _version in _event_kinds(match)] == [
        MatchEvent.Kind.CANCEL_PROPOSED,
        MatchEvent.Kind.CANCELLED,
    ]


def test_agreeing_twice_is_refused(table_of_four, alice):
    services.match_cancel_agree(match_id=table_of_four.id, user=alice)

    with pytest.raises(exceptions.InvalidMove) as refusal:
        services.match_cancel_agree(match_id=table_of_four.id, user=alice)

    assert refusal.value.message == exceptions.CANCEL_ALREADY_AGREED


def test_a_spectator_cannot_vote(started_match, carol):
    with pytest.raises(exceptions.NotSeated):
        services.match_cancel_agree(match_id=started_match.id, user=carol)


def test_a_proposal_lapses_with_the_next_move(table_of_four, alice, bob, carol):
    services.match_cancel_agree(match_id=table_of_four.id, user=alice)
    services.match_cancel_agree(match_id=table_of_four.id, user=bob)

    # Carol moves instead of agreeing.
    toy_position(table_of_four, current=2)
    services.move_submit(
        match_id=table_of_four.id,
        user=carol,
        move_data=legal_json(table_of_four, 2)[0],
        expected_version=table_of_four.version,
    )

    assert not table_of_four.seats.filter(cancel_agreed_at__isnull=False).exists()
    # Her agreement now is a new proposal, which waits for the others again.
    services.match_cancel_agree(match_id=table_of_four.id, user=carol)
    table_of_four.refresh_from_db()
    assert table_of_four.status == Match.Status.ACTIVE
    assert _event_kinds(table_of_four)[-1] == (
        MatchEvent.Kind.CANCEL_PROPOSED,
        2,
        table_of_four.version,
    )
