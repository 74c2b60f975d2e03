"""board_context: what one viewer's board is built from."""

from __future__ import annotations

import pytest

from games import selectors
from tests.games.helpers import play_to_end

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_log_names_players_instead_of_seat_numbers(started_match, alice, bob):
    play_to_end(started_match, {0: alice, 1: bob})
    started_match.refresh_from_db()
    seat = started_match.seats.get(user=alice)

    lines = [
        line
        for entry in selectors.board_context(match=started_match, seat=seat).log
        for line in entry.lines
    ]

    # The engine says "seat 1"; a person wants to read "Bob".
    assert any(line.startswith("Bob ") for line in lines)
    assert not any(line.startswith("Player ") for line in lines)


def test_ranking_lists_every_seat_best_first_once_finished(started_match, alice, bob):
    play_to_end(started_match, {0: alice, 1: bob})
    started_match.refresh_from_db()

    board = selectors.board_context(match=started_match, seat=None)

    ranks = [seat.rank for seat in board.ranking]
    assert ranks == sorted(ranks)
    assert len(board.ranking) == 3
    assert board.winners == [seat.name for seat in board.ranking if seat.rank == 1]
