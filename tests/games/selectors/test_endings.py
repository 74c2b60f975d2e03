"""Who is to move and how a match ended, as every door reads it (issue 21)."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from games import selectors, services
from games.models import Match
from tests.games.helpers import play_to_end

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def _duel(alice, bob, game="toy") -> Match:
    match = services.match_create(user=alice, game_slug=game, seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    match.refresh_from_db()
    return match


def _board(match, user):
    match, seat = selectors.match_for_viewer(match_id=match.id, user=user)
    return selectors.board_context(match=match, seat=seat)


def _cancel(match, alice, bob):
    services.match_cancel_agree(match_id=match.id, user=alice)
    services.match_cancel_agree(match_id=match.id, user=bob)


def _resign(match, alice, bob):
    services.match_resign(match_id=match.id, user=bob)


def _abort(match, alice, bob):
    services.match_abort(match_id=match.id)


@pytest.mark.parametrize(
    ("end", "status", "ending"),
    [
        (_cancel, Match.Status.CANCELLED, "cancelled"),
        (_resign, Match.Status.FINISHED, "resigned"),
        (_abort, Match.Status.ABORTED, "aborted"),
    ],
)
def test_an_ended_board_has_nobody_to_move(alice, bob, end, status, ending):
    match = _duel(alice, bob)
    assert _board(match, alice).is_my_turn
    end(match, alice, bob)

    for user in (alice, bob, None):
        board = _board(match, user)
        assert (board.match.status, board.ending, board.running) == (
            status,
            ending,
            False,
        )
        assert [seat.to_move for seat in board.seats] == [False, False]
        assert (board.is_my_turn, board.legal_moves) == (False, ())
        assert (board.view["to_move"], board.view["current"]) == ([], None)
    # The engine's state stays where play stopped: it still has seats to move.
    match.refresh_from_db()
    assert match.rules.to_move(match.game_state())
    assert selectors.to_move_now(match, match.game_state()) == frozenset()


def test_a_running_board_is_untouched(alice, bob):
    match = _duel(alice, bob)

    board = _board(match, alice)

    assert (board.running, board.ending) == (True, "")
    assert board.view == match.rules.view(match.game_state(), 0)
    assert selectors.to_move_now(match, match.game_state()) == frozenset({0})


def test_a_match_played_to_its_end_is_finished(started_match, alice, bob):
    play_to_end(started_match, {0: alice, 1: bob})
    started_match.refresh_from_db()

    board = _board(started_match, alice)

    assert board.ending == "finished"
    assert not any(seat.to_move for seat in board.seats)


def test_the_ending_text_of_each_end(alice, bob, open_match):
    cancelled, resigned, aborted = (_duel(alice, bob) for _ in range(3))
    _cancel(cancelled, alice, bob)
    _resign(resigned, alice, bob)
    _abort(aborted, alice, bob)
    services.match_abort(match_id=open_match.id)
    running = _duel(alice, bob)

    texts = {
        match.id: selectors.ending_text(
            Match.objects.get(id=match.id), match.seats.all()
        )
        for match in (cancelled, resigned, aborted, open_match, running)
    }

    assert texts == {
        cancelled.id: "Cancelled by agreement, no winner.",
        resigned.id: "Bob resigned.",
        aborted.id: "Aborted by a moderator, no winner.",
        open_match.id: "Aborted before it started.",
        running.id: "",
    }


def test_matches_cancelled_before_are_marked_cancelled(alice, bob):
    migration = importlib.import_module("games.migrations.0011_match_cancelled_status")
    cancelled, aborted = _duel(alice, bob), _duel(alice, bob)
    _cancel(cancelled, alice, bob)
    _abort(aborted, alice, bob)
    # As a consent cancel was stored before issue 21.
    Match.objects.filter(id=cancelled.id).update(status=Match.Status.ABORTED)

    migration.cancelled_from_events(apps, None)

    statuses = dict(Match.objects.values_list("id", "status"))
    assert statuses == {cancelled.id: "cancelled", aborted.id: "aborted"}
