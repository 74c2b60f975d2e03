"""The Rat um Rad board in German (issue 13, "Board")."""

from __future__ import annotations

import pytest

from tests.games.rat_um_rad.board_helpers import board_of

pytestmark = pytest.mark.django_db


def test_the_german_board_speaks_german(client_for, alice, midgame):
    """A German player's board: headings, hints, colours and the log in German."""
    alice.language = "de"
    alice.save(update_fields=["language"])
    text = board_of(client_for(alice), midgame).text()
    for german in (
        "Du bist am Zug",
        "Landkarte: Basel (Universität)",
        "Räder (blau)",
        "gebaut von Bob",
        "Radkarten",
        "Nachziehstapel",
        "Zielkarten nachziehen",
        "Deine Radkarten",
        "Deine Zielkarten",
        "noch nicht verbunden",
        "Punkteskala",
        "Längster Pfad",
    ):
        assert german in text, german
    for english in (
        "Your turn",
        "Wheel cards",
        "wheels (",
        "built by",
        "Your destination cards",
        "not yet connected",
        "Score track",
        "Longest path",
    ):
        assert english not in text, english
