"""The sentence a board's live region says for a change (issue 25).

`games.selectors.announce` reads a board rendered for a push or an answer
(`log_since` set): the new log entries in the viewer's language, then
whose turn it is or how the match ended; a timeout of the viewer goes to
the assertive region. Played on the test-only Toy (tests/games/toy/),
whose log lines are "<name> rolled" / "<name> banked".
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.utils import translation

from games import selectors, services
from games.rules.rng import Rng
from games.selectors.announce import announcement
from games.selectors.log import LogEntry
from tests.games.helpers import legal_json
from tests.games.toy import toy_position

pytestmark = pytest.mark.usefixtures("toy")


def _play(match, user, seat, *, ends_turn):
    """Let `seat` bank 5 points (ending its turn), or roll a 5 and stay to move."""
    if ends_turn:
        toy_position(match, pending=5)
        move = {"kind": "bank"}
    else:
        toy_position(match, rng=Rng(seed=0), pending=0)  # the die shows 5
        move = {"kind": "roll"}
    match.refresh_from_db()
    assert move in legal_json(match, seat)
    services.move_submit(
        match_id=match.id, user=user, move_data=move, expected_version=match.version
    )


def _board(match, position, *, since):
    match = selectors.match_with_seats(match_id=match.id)
    seat = next(s for s in match.seats.all() if s.position == position)
    return selectors.board_context(match=match, seat=seat, log_since=since)


def test_a_move_by_another_is_said_with_whose_turn_it_is(started_match, alice):
    _play(started_match, alice, 0, ends_turn=False)

    said = announcement(_board(started_match, 1, since=0))

    assert said.polite == "Alice rolled. Alice's turn."
    assert said.entry_ids == ("log-1",)
    assert said.urgent == ""


def test_a_move_that_passes_the_turn_to_me_says_your_turn(started_match, alice):
    _play(started_match, alice, 0, ends_turn=True)

    said = announcement(_board(started_match, 1, since=0))

    assert said.polite == "Alice banked. Your turn."


def test_my_own_move_is_not_read_back_only_whose_turn_follows(started_match, alice):
    _play(started_match, alice, 0, ends_turn=True)

    said = announcement(_board(started_match, 0, since=0))

    # The entry is marked (the page drops a sentence it has said), not said.
    assert said.entry_ids == ("log-1",)
    assert said.polite == "Bob's turn."


def test_the_end_says_how_the_match_ended(started_match, alice):
    toy_position(started_match, scores=(19, 0, 0))
    _play(started_match, alice, 0, ends_turn=False)
    started_match.refresh_from_db()
    assert started_match.is_over

    said = announcement(_board(started_match, 1, since=0))

    assert said.polite == "Alice rolled. Alice won."


def test_a_timeout_of_mine_is_urgent(started_match, alice):
    board = _board(started_match, 1, since=0)
    timed_out = LogEntry(
        seq=1,
        seat_name="Bob",
        lines=("Bob banked",),
        by_robot=True,
        by_timeout=True,
        seat=1,
    )

    said = announcement(replace(board, log=(timed_out,)))

    # Played for me by the robot: said, unlike my own moves.
    assert said.polite == "Bob banked. Alice's turn."
    assert said.urgent == "You timed out: a robot played your turn."


def test_another_seats_timeout_is_not_urgent_for_me(started_match):
    board = _board(started_match, 0, since=0)
    timed_out = LogEntry(
        seq=1,
        seat_name="Bob",
        lines=("Bob banked",),
        by_robot=True,
        by_timeout=True,
        seat=1,
    )

    assert announcement(replace(board, log=(timed_out,))).urgent == ""


def test_a_low_clock_on_my_turn_is_urgent(started_match, alice):
    _play(started_match, alice, 0, ends_turn=True)
    board = _board(started_match, 1, since=0)
    mine = replace(board.viewer, clock_running=True, clock_low=True)
    seats = tuple(mine if s.is_viewer else s for s in board.seats)

    said = announcement(replace(board, seats=seats))

    assert said.urgent == "Your time is running low."


def test_the_sentence_is_in_the_viewers_language(started_match, alice):
    _play(started_match, alice, 0, ends_turn=True)

    with translation.override("de"):
        mine = announcement(_board(started_match, 1, since=0))
        theirs = announcement(_board(started_match, 0, since=0))

    assert mine.polite.endswith("Du bist am Zug.")
    assert theirs.polite == "Bob ist am Zug."


def test_a_whole_page_or_a_change_without_entries_says_nothing(started_match, alice):
    _play(started_match, alice, 0, ends_turn=True)

    assert not announcement(_board(started_match, 1, since=None))
    assert not announcement(_board(started_match, 1, since=1))


def test_only_the_newest_entries_are_said(started_match, alice):
    board = _board(started_match, 1, since=0)
    entries = tuple(
        LogEntry(
            seq=n,
            seat_name="Alice",
            lines=(f"Alice rolled {n}",),
            by_robot=False,
            seat=0,
        )
        for n in range(1, 8)
    )

    said = announcement(replace(board, log=entries))

    assert len(said.entry_ids) == 7
    assert said.polite.startswith("Alice rolled 4. Alice rolled 5.")
    assert "rolled 3" not in said.polite
