"""Dice Stars in plain words: how a solo game ended, what a star cell changes.

Rendered through the match page (`/matches/<id>/`) as the player and a
spectator get it. A solo game is played to its end through the services
from a state written by hand (its last take), so the match is finished and
ranked exactly as a played one.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from games import services
from games.models import Match
from games.rules.dice_stars.dice import ALL_DICE
from games.rules.dice_stars.sheet import Sheet, X
from games.rules.dice_stars.state import Die
from games.rules.structs import replace
from tests.games.helpers import state_of

pytestmark = pytest.mark.django_db

N = None
BLACK, PINK = 0, 2  # die ids (games/rules/dice_stars/dice.py)
BLACK_2 = (Die(BLACK, 2),)  # the last take's dice


def sheet(rows, stars=(0, 0, 0, 0, 0)) -> Sheet:
    return Sheet(rows=tuple(tuple(r) for r in rows), stars=tuple(stars))


def put_state(match: Match, **changes) -> None:
    """Write the match's state with `changes`; the bag holds every other die."""
    state = state_of(match)
    reserve = changes.get("reserve", state.reserve)
    used = {d.die for d in reserve} | set(changes.get("discard", state.discard))
    changes.setdefault("bag", tuple(d for d in ALL_DICE if d not in used))
    match.state = replace(state, **changes).to_json()
    match.save(update_fields=["state"])


def text_of(html: str) -> str:
    """Return `html`'s text, tags dropped and white space collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def section(html: str, tag: str, cls: str) -> str:
    """Return the first `<tag class="cls ...">...</tag>` of `html` (no nesting)."""
    found = re.search(rf'<{tag} class="{cls}[^"]*"[^>]*>(.*?)</{tag}>', html, re.S)
    assert found, f"no {tag}.{cls}"
    return found.group(1)


# ---------------------------------------------------------------------------
# How a solo game ended (Dice Stars rules, F)


def last_white_cell(row6: int) -> Sheet:
    """Every white cell but row 2's black one is marked; rows 3-6 hold 9+12+20+row6."""
    return sheet(
        [
            [N, X, X, X, N, N, N, N],
            [X, X, X, 9, N, N, N],
            [X, X, X, 12, N, N],
            [X, X, X, 20, N],
            [X, X, X, row6],
        ]
    )


def finish_solo(
    user, *, row6: int, marked: int, grid: int = 40, reserve=BLACK_2
) -> Match:
    """Play a solo game's last take: the black dice into row 2's black cell.

    That fills the last white cell, which ends a solo game after this turn
    (Dice Stars rules, D), unless the dice left in the reserve fill the
    solo grid first (F). The player's total is 2 + 9 + 12 + 20 + `row6`; the
    virtual opponent has 5 points per marked solo cell (`grid` cells).
    """
    match = services.match_create(
        user=user, game_slug="dice-stars", seats=1, options={"solo_grid": grid}
    )
    put_state(
        match,
        step="take",
        current=0,
        reserve=reserve,
        rolled=tuple(d.die for d in reserve),
        sheets=(last_white_cell(row6),),
        solo_marked=marked,
    )
    match.refresh_from_db()
    services.move_submit(
        match_id=match.id,
        user=user,
        move_data={"kind": "colour", "colour": "black"},
        expected_version=match.version,
    )
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def outcome_of(client, match: Match) -> str:
    response = client.get(f"/matches/{match.id}/")
    assert response.status_code == 200
    return section(response.content.decode(), "div", "outcome")


def test_a_lost_solo_game_says_so_with_both_scores(client_for, alice):
    # 26 in row 6: 69 points against 30 marked cells x 5 = 150.
    match = finish_solo(alice, row6=26, marked=30)

    outcome = outcome_of(client_for(alice), match)

    assert text_of(outcome) == (
        "Final result You lost against the virtual opponent: 69 to 150."
    )
    # Said once: no "The game wins this time.", no "Place 2" ranking.
    assert "The game wins" not in outcome
    assert "ranking" not in outcome


def test_the_board_does_not_repeat_the_result(client_for, alice):
    match = finish_solo(alice, row6=26, marked=30)

    html = client_for(alice).get(f"/matches/{match.id}/").content.decode()

    assert html.count("virtual opponent: 69 to 150") == 1
    assert "The virtual opponent wins" not in html
    # Nor does the seats panel rank the lone player "Place 2".
    assert 'class="badge rank"' not in html


def test_a_won_solo_game_says_so_with_both_scores(client_for, alice):
    match = finish_solo(alice, row6=26, marked=10)

    assert text_of(outcome_of(client_for(alice), match)) == (
        "Final result You beat the virtual opponent: 69 to 50."
    )


def test_a_tie_is_a_loss_and_says_why(client_for, alice):
    # Spielpost's rulings on the rules page, Solo: "A tie with the virtual
    # opponent is a loss: you must score more than it." 70 against 14 x 5.
    match = finish_solo(alice, row6=27, marked=14)

    assert text_of(outcome_of(client_for(alice), match)) == (
        "Final result You lost against the virtual opponent: 70 to 70. "
        "A tie counts as a loss."
    )


def test_a_full_solo_grid_loses_whatever_the_score(client_for, alice):
    # Dice Stars rules, F: filling the last solo cell loses at once. The
    # pink 3 left in the reserve marks the 10th and last cell: 69 points lose
    # against 50, so the sentence says why.
    match = finish_solo(
        alice, row6=26, marked=9, grid=10, reserve=(Die(BLACK, 2), Die(PINK, 3))
    )

    assert match.outcome["reason"] == "solo_grid_full"
    assert text_of(outcome_of(client_for(alice), match)) == (
        "Final result You lost against the virtual opponent: 69 to 50. "
        "The solo grid filled up, and that loses at once."
    )


def test_a_spectator_reads_the_players_name(client_for, alice, carol):
    match = finish_solo(alice, row6=26, marked=30)

    assert text_of(outcome_of(client_for(carol), match)) == (
        "Final result Alice lost against the virtual opponent: 69 to 150."
    )
    won = finish_solo(alice, row6=26, marked=10)
    assert text_of(outcome_of(client_for(), won)) == (
        "Final result Alice beat the virtual opponent: 69 to 50."
    )


def test_several_seats_keep_the_winners_and_the_ranking(client_for, alice, bob):
    match = services.match_create(
        user=alice, game_slug="dice-stars", seats=2, options={}
    )
    services.seat_claim(match_id=match.id, user=bob)
    match.refresh_from_db()
    match.status = Match.Status.FINISHED
    match.outcome = {"ranks": [2, 1], "reason": "comet", "scores": [40, 55]}
    match.save(update_fields=["status", "outcome"])

    outcome = text_of(outcome_of(client_for(alice), match))

    assert outcome.startswith("Final result Bob wins. Place 1 Bob · 55 points")
    assert "virtual opponent" not in outcome


# ---------------------------------------------------------------------------
# What marking a star cell changes (Dice Stars rules, "Effekt der gelben
# Multiplikatorfelder": no star cell marked: the row's sum; all: twice the
# sum; only some: 0)


@pytest.fixture
def stars_step(alice):
    """A solo game in the stars step: 4 stars to place.

    Row 3 sums to 4 with 1 of 3 star cells marked (it scores 0), row 4 sums
    to 8 with none marked, row 2 sums to 10 with 1 of 2 marked.
    """
    match = services.match_create(
        user=alice, game_slug="dice-stars", seats=1, options={}
    )
    rows = [list(r) for r in Sheet.empty().rows]
    rows[0][1], rows[1][3], rows[2][3] = 10, 4, 8
    put_state(
        match,
        step="stars",
        current=0,
        stars_left=4,
        reserve=(),
        rolled=(),
        sheets=(sheet(rows, stars=(1, 1, 0, 0, 0)),),
    )
    return match


class _Buttons(HTMLParser):
    """Collect each button's title and text, with the `data-take` around it."""

    def __init__(self):
        super().__init__()
        self.take: list[str | None] = []
        self.buttons: list[tuple[str | None, str | None, str]] = []
        self.button: dict | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "span":
            self.take.append(attrs.get("data-take"))
        elif tag == "button":
            take = next((t for t in reversed(self.take) if t), None)
            self.button = {"take": take, "title": attrs.get("title"), "text": ""}

    def handle_endtag(self, tag):
        if tag == "span" and self.take:
            self.take.pop()
        elif tag == "button" and self.button is not None:
            b = self.button
            self.buttons.append((b["take"], b["title"], b["text"].strip()))
            self.button = None

    def handle_data(self, data):
        if self.button is not None:
            self.button["text"] += data


def star_buttons(client, match) -> list[tuple[str | None, str | None, str]]:
    """Return the star cells' buttons in page order: (take, title, text).

    The sheet's come first (their text is a number), then the options list's.
    """
    parser = _Buttons()
    parser.feed(client.get(f"/matches/{match.id}/").content.decode())
    return [b for b in parser.buttons if (b[0] or "").startswith("star-")]


def test_a_star_cell_label_says_what_it_changes_now_and_when_full(
    client_for, alice, stars_step
):
    # The issue: "Mark a star cell in row 4 (+8)" with 4 stars to place,
    # while a partly starred row scores 0.
    buttons = star_buttons(client_for(alice), stars_step)
    assert len(buttons) == 10  # rows 2-6 on the sheet, then in the options list
    options = {take: text for take, _title, text in buttons[5:]}

    assert options["star-4"] == (
        "Mark a star cell in row 4 (-8 now, +8 once all 4 star cells are marked)"
    )
    assert options["star-3"] == (
        "Mark a star cell in row 3 (+0 now, +8 once all 3 star cells are marked)"
    )
    # The star that completes row 2 turns its 0 into twice 10 now: one number.
    assert options["star-2"] == "Mark a star cell in row 2 (+20)"
    # A row without numbers: nothing changes, now or later.
    assert options["star-5"] == "Mark a star cell in row 5 (+0)"


def test_the_sheets_star_buttons_show_the_change_now(client_for, alice, stars_step):
    on_sheet = {
        take: (text, title)
        for take, title, text in star_buttons(client_for(alice), stars_step)[:5]
    }

    assert on_sheet["star-4"] == (
        "-8",
        "Mark a star cell in row 4: -8 points now, +8 once all 4 star cells are marked",
    )
    assert on_sheet["star-2"] == ("+20", "Mark a star cell in row 2: +20 points")


def test_taking_the_stars_says_its_number_is_the_best_case(client_for, alice):
    match = services.match_create(
        user=alice, game_slug="dice-stars", seats=1, options={}
    )
    rows = [list(r) for r in Sheet.empty().rows]
    rows[0][1] = 10
    put_state(
        match,
        step="take",
        current=0,
        reserve=(Die(PINK, 0),),
        rolled=(PINK,),
        sheets=(sheet(rows, stars=(1, 0, 0, 0, 0)),),
    )

    html = client_for(alice).get(f"/matches/{match.id}/").content.decode()

    option = re.search(
        r'data-option="stars".*?<button[^>]*>([^<]*)</button>', html, re.S
    )
    assert option
    assert option.group(1) == "Take the stars (at best +20)"
