"""board_context: what one viewer's board is built from."""

from __future__ import annotations

import pytest

from games import selectors
from games.selectors import LegalMove
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


def test_a_legal_move_describes_itself_once_when_first_read():
    calls = []

    def describe():
        calls.append(1)
        return "Play the card"

    move = LegalMove({"card": "a"}, describe=describe)

    assert calls == []  # the API's bodies read `data` alone
    assert (move.label, move.label) == ("Play the card", "Play the card")
    assert calls == [1]
    assert move.json == '{"card": "a"}'


@pytest.mark.parametrize("kwargs", [{}, {"label": "Play", "describe": lambda: "Play"}])
def test_a_legal_move_takes_its_label_or_a_describe(kwargs):
    with pytest.raises(TypeError):
        LegalMove({"card": "a"}, **kwargs)
