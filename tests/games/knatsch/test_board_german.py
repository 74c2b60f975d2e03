"""The Knatsch board in German: every text of the board translated, in every phase (issue 12)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation.template import templatize

from games.rules.knatsch.cards import (
    _CASTLE_NAME,
    _KING_NAME,
    _SQUIRE_NAME,
    _TOURNAMENT_NAME,
    ARMS_NAMES,
    EFFECTS,
    KIND_NAMES,
)
from tests.games.knatsch.board_helpers import (
    ROLLING,
    STAG_TOP,
    TWO_EACH,
    board_of,
    defence,
    last,
    put,
    roll,
    tournament,
)

pytestmark = pytest.mark.django_db


BOARD_TEMPLATE = Path(settings.BASE_DIR) / "templates/games/knatsch/board.html"


# ---------------------------------------------------------------------------
# German


def board_msgids() -> list[tuple[str, str | None]]:
    """Return (msgid, plural or None) of every text the board template marks."""
    literal = r"""u?(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
    calls = re.finditer(
        r"\b(n?gettext)\(((?:" + literal + r"\s*,?\s*)+)",
        templatize(BOARD_TEMPLATE.read_text()),
    )
    found = []
    for call in calls:
        texts = [
            ast.literal_eval(text.lstrip("u"))
            for text in re.findall(literal, call.group(2))
        ]
        found.append((texts[0], texts[1] if call.group(1) == "ngettext" else None))
    return list(dict.fromkeys(found))


CARD_MSGIDS = [
    *ARMS_NAMES.values(),
    *KIND_NAMES.values(),
    *EFFECTS.values(),
    _CASTLE_NAME,
    _SQUIRE_NAME,
    _TOURNAMENT_NAME,
    _KING_NAME,
]


def test_every_text_of_the_board_has_a_german_translation():
    msgids = board_msgids()
    assert len(msgids) > 80
    with translation.override("de"):
        missing = [
            msgid
            for msgid, plural in msgids
            if (
                translation.ngettext(msgid, plural, 2) == plural
                if plural
                else translation.gettext(msgid) == msgid
            )
        ]
        missing += [m for m in CARD_MSGIDS if translation.gettext(m) == m]
    assert missing == []


def english_left(text: str) -> list[str]:
    """Return the pieces of the board's English msgids that `text` still shows."""
    pieces = []
    for msgid, plural in board_msgids():
        for english in (msgid, plural):
            for piece in re.split(r"%\(\w+\)s", english or ""):
                piece = piece.strip(" .,:;()")
                if len(piece.split()) >= 2 and piece in text:
                    pieces.append(piece)
    return pieces


def test_the_german_board_speaks_german_in_every_phase(
    client_for, alice, bob, duo, trio
):
    alice.language = "de"
    alice.save(update_fields=["language"])
    client = client_for(alice)
    texts = []

    put(duo, TWO_EACH, tops=STAG_TOP, last=last())
    board = board_of(client, duo)
    texts.append(board.text())
    stack = board.one("div", cls="kn-stack", data_stack="0")
    assert stack.one("span", cls="kn-card-name").text() == "Burg Adler"
    assert [b.text() for b in stack.all("button")] == [
        "Darum würfeln",
        "Darunterstecken",
    ]
    assert "Wähle, worum du würfelst" in board.text()

    roll(duo, **ROLLING)
    board = board_of(client, duo)
    texts.append(board.text())
    panel = board.one("section", data_role="attempt")
    assert panel.one("h3").text() == "Du würfelst Wurf 2 von 4"
    assert panel.one("button", data_role="throw-kept").text() == "Die anderen werfen"
    assert "Knappe 4" in board.one("article", data_seat="0").text()

    defence(duo)
    texts.append(board_of(client, duo).text())
    texts.append(
        board_of(client_for(bob), duo).text()
    )  # in English: a check of the check
    assert english_left(texts.pop()) != []

    tournament(trio)
    board = board_of(client, trio)
    texts.append(board.text())
    assert "Turnier von Alice (von Stapel 1)" in board.text()

    put(
        duo,
        (("castle-lion-3", "castle-bear-1", "castle-eagle-1"), TWO_EACH[1]),
        tops=STAG_TOP,
        phase="revenge",
        last=last(roller=0, target="king", result=(2, 5, 4), beat=(3, 5, 4)),
    )
    board = board_of(client, duo)
    texts.append(board.text())
    assert "Abgeben: unter Stapel 1" in board.text()

    assert [english_left(text) for text in texts] == [[]] * len(texts)
