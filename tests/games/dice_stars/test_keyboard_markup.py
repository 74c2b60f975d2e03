"""The Dice Stars board's markup for the keyboard and screen readers (issue 25).

Score buttons say what they do (not only "+4"), dice say their colour and
face, each decision is a labelled group, the first control of the next
decision carries `data-first-decision`, shortcuts sit on buttons
(`data-key`), and `#board-summary` tells the position in words. The
keyboard itself is played in test_keyboard.py (browser).
"""

from __future__ import annotations

import pytest

from games.rules.dice_stars.board_sheet import first_take
from games.rules.dice_stars.state import Die
from tests.games.dice_stars.board_helpers import (
    BLUE,
    PINK,
    YELLOW,
    board_of,
    duo,  # noqa: F401  (a fixture)
    solo,  # noqa: F401  (a fixture)
    take_state,
)
from tests.games.html_tree import html_tree

pytestmark = pytest.mark.django_db


def test_the_draw_is_a_labelled_group_with_number_keys(client_for, alice, solo):  # noqa: F811
    board = board_of(client_for(alice), solo)

    group = board.one("div", cls="move-grid")
    assert group.attrs["role"] == "group"
    assert group.attrs["aria-labelledby"] == "ds-action-title"
    assert "data-roving" in group.attrs
    assert "data-roll" in group.attrs
    (button,) = group.all("button")
    # Solo's first draw of 3 is forced: key 3, and focus goes there first.
    assert button.attrs["data-key"] == "3"
    assert button.attrs["aria-keyshortcuts"] == "3"
    assert "data-first-decision" in button.attrs
    assert board.one("details", cls="ds-keys").one("summary").text() == "Keyboard"


def test_score_buttons_and_dice_say_what_they_are(client_for, alice, duo):  # noqa: F811
    take_state(duo, (Die(PINK, 4), Die(BLUE, 4), Die(YELLOW, 6)))

    board = board_of(client_for(alice), duo)

    sheet = board.one("section", cls="ds-main")
    group = sheet.one("div", cls="ds-sheet-scroll")
    assert group.attrs["role"] == "group"
    assert "data-roving" in group.attrs
    labels = {
        b.attrs["data-move"]: b.attrs["aria-label"]
        for b in group.all("button")
        if "data-move" in b.attrs
    }
    assert labels['{"kind": "value", "value": 4}'] == "Take the 4s: +8 points"
    assert labels['{"colour": "yellow", "kind": "colour"}'] == (
        "Take the yellow dice: +6 points"
    )
    # The first take on the sheet (pink's column head) gets the focus.
    firsts = [b for b in board.all("button") if "data-first-decision" in b.attrs]
    assert [b.attrs["data-move"] for b in firsts] == [
        '{"colour": "pink", "kind": "colour"}'
    ]
    reserve = board.one("section", cls="ds-reserve").one("div", cls="ds-dice")
    dice = reserve.all("span", cls="ds-die")
    assert [d.attrs["aria-label"] for d in dice] == [
        "die: pink, showing 4, just rolled",
        "die: light blue, showing 4, just rolled",
        "die: yellow, showing 6, just rolled",
    ]
    assert [d.attrs["data-initial"] for d in dice] == ["P", "L", "Y"]
    # The list of options: a group, every option that fits has a number key.
    options = board.one("div", cls="ds-options")
    assert options.attrs["role"] == "group"
    keys = [b.attrs.get("data-key") for b in options.all("button")]
    assert keys
    assert all(k and k.isdigit() for k in keys)


def test_the_summary_tells_the_position_in_words(client_for, alice, bob, duo):  # noqa: F811
    take_state(duo, (Die(PINK, 4), Die(YELLOW, 6)))

    mine = board_of(client_for(alice), duo).one("section", id="board-summary")
    theirs = board_of(client_for(bob), duo).one("section", id="board-summary")

    lines = [li.text() for li in mine.all("li")]
    assert lines[0] == "Your turn."
    assert lines[1].startswith("Scores: ")
    assert lines[2].startswith("Reserve: pink 4, yellow 6.")
    assert lines[3].startswith("Your sheet: row 2 scores 0")
    assert lines[4].startswith("You can: ")
    assert "key " in lines[4]
    their_lines = [li.text() for li in theirs.all("li")]
    assert their_lines[0].endswith("’s turn.")
    assert not any(line.startswith("You can:") for line in their_lines)


def test_the_first_take_follows_the_sheets_order() -> None:
    def take(key: str, kind: str, legal: bool = True, **more: object) -> dict:
        return {"key": key, "kind": kind, "legal": legal, **more}

    takes = [
        take("value-2", "value", value=2),
        take("stars", "stars"),
        take("colour-yellow", "colour", colour="yellow"),
        take("colour-black", "colour", legal=False, colour="black"),
    ]
    assert first_take(takes) == "colour-yellow"
    assert first_take(takes[:2]) == "stars"
    assert first_take([takes[3]]) is None


def test_the_skip_link_to_your_move_is_shown_on_your_turn_only(
    client_for,
    alice,
    bob,
    duo,  # noqa: F811
):
    """Issue 25: "Skip to your move" follows "Skip to content", on your turn.

    Without script it leads to the turn status above the decision; the
    platform's keyboard script (loaded before the game's own) keeps it
    right after pushes and focuses the first decision (tests/e2e/test_skip_link.py).
    """
    pages = {}
    for person in (alice, bob):
        response = client_for(person).get(f"/matches/{duo.id}/")
        assert response.status_code == 200
        pages[person.username] = html_tree(response.content.decode())

    links = pages["alice"].all("a", cls="skip-link")
    assert [link.text() for link in links] == ["Skip to content", "Skip to your move"]
    assert links[1].attrs["href"] == "#turn-status"
    assert "hidden" not in links[1].attrs
    assert pages["alice"].one(id="turn-status").text() == "Your turn."
    (waiting,) = pages["bob"].all(id="skip-to-move")
    assert "hidden" in waiting.attrs
    scripts = [s.attrs.get("src", "") for s in pages["alice"].all("script")]
    assert any(src.endswith("js/keyboard.js") for src in scripts), scripts
