"""Race's texts in German: the Knonster names stay, an engine message renders.

Moved from tests/test_translations.py, which checks the German catalogue
as a whole.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.test_translations import PO_PATH, _parse_po

KNONSTERS = ("Rithle", "Aristas", "Celya", "Elaari")


@pytest.fixture(scope="module")
def messages():
    """The catalogue's current entries (as tests/test_translations.py's fixture)."""
    entries = _parse_po(PO_PATH.read_text(encoding="utf-8"))
    return [e for e in entries if e.msgid and not e.obsolete]


def test_knonster_names_stay_untranslated(messages):
    problems = [
        f"{entry.msgid!r} -> {text!r}"
        for entry in messages
        for text in entry.msgstr.values()
        for name in KNONSTERS
        if name in entry.msgid and name not in text
    ]
    assert not problems, "\n".join(problems)


def test_engine_message_renders_in_german():
    from games.rules import Message
    from games.text import message_text

    message = Message(
        "%(player)s plays %(knonster)s +%(steps)d.",
        {"player": 1, "knonster": "Celya", "steps": 7},
    )
    with translation.override("de"):
        # Seat 1 without a known name is "Spieler 2"; with one, the name.
        assert message_text(message) == "Spieler 2 spielt Celya +7 aus."
        assert message_text(message, {1: "Bob"}) == "Bob spielt Celya +7 aus."
