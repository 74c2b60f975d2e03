"""The Race board explains what it shows; the rules page cites the redeal cap.

Issue 9 ("what a new player ran into"): every symbol on the board (★, ♥, ⚙,
×) comes with its meaning for the eye (a `title`, or words next to it) and
for screen readers (the bare symbol is `aria-hidden`, its meaning is text);
the track has a scale of field numbers; the winner bet is written in words.

Pages are rendered through the match page (`/matches/<id>/`), as players and
spectators get them. Rare situations (a revealed star, a negative step count,
a robot standing in) are written into `Match.state` from an engine `State`
changed with `games.rules.structs.replace`.
"""

from __future__ import annotations

import re

import pytest

from games import services
from games.models import Seat
from games.rules.race.state import PowerUse
from games.rules.structs import replace
from tests.games.helpers import play_to_end, state_of
from tests.games.html_tree import Node, html_tree
from tests.games.race.helpers import reach_play_phase

pytestmark = pytest.mark.django_db

SYMBOLS = re.compile("[★♥⚙×]")
FIELD_NUMBERS = ["0", "10", "20", "30", "40", "50", "60"]


def board_of(client, match) -> Node:
    """Return the Race board of the match page as `client` sees it."""
    response = client.get(f"/matches/{match.id}/")
    assert response.status_code == 200
    return html_tree(response.content.decode()).one("div", cls="race")


def unexplained_symbols(board: Node) -> list[str]:
    """Return each symbol on `board` that lacks its meaning, with its context.

    A symbol is explained when it stands in a legend entry, or when it is
    hidden from screen readers (aria-hidden), carries a `title` (on itself
    or an enclosing element), and the words a screen reader reads next to
    it hold that title, or the titled element itself has words to read.
    """
    problems = []
    for text, parent in board.texts():
        if not SYMBOLS.search(text):
            continue
        chain = list(parent.ancestors())
        if any("race-legend" in node.classes for node in chain):
            continue
        hidden = next((n for n in chain if n.attrs.get("aria-hidden") == "true"), None)
        titled = next((n for n in chain if (n.attrs.get("title") or "").strip()), None)
        ok = False
        if hidden is not None and titled is not None and hidden.parent is not None:
            title = " ".join((titled.attrs["title"] or "").split())
            ok = title in hidden.parent.spoken() or (
                titled is not hidden
                and hidden in list(titled.descendants())
                and bool(re.search(r"\w", titled.spoken()))
            )
        if not ok:
            problems.append(f"{text.strip()!r} in <{parent.tag} {parent.attrs}>")
    return problems


# ---------------------------------------------------------------------------
# Matches


def _three_seats_with_both_variants(alice, bob):
    """Return a started 3-seat Race (Win Bet, Superpowers): alice, bob, a robot."""
    match = services.match_create(
        user=alice,
        game_slug="race",
        seats=3,
        options={"win_bet": True, "superpowers": True},
    )
    services.seat_claim(match_id=match.id, user=bob)
    services.seat_robot_add(match_id=match.id, user=alice)
    match.refresh_from_db()
    return match


@pytest.fixture
def powers_match(alice, bob):
    """A 3-seat Race with Win Bet and Superpowers in the play phase.

    alice (0) backs Rithle and Aristas (bet: Aristas); bob (1) revealed Celya
    by its superpower, moved Celya back 7 fields, and a robot stands in for
    him; the robot (2) backs Celya and Elaari.
    """
    match = _three_seats_with_both_variants(alice, bob)
    reach_play_phase(match, {0: alice, 1: bob})
    state = replace(
        state_of(match),
        favourites=(("rithle", "aristas"), ("aristas", "celya"), ("celya", "elaari")),
        winners=("aristas", "celya", "elaari"),
        powers_used=(PowerUse("celya", 1),),
        positions=(7, 17, 2, 3),
        steps=((7, 12, 0, 0), (0, 5, -7, 0), (0, 0, 9, 3)),
    )
    match.game_state_set(state)
    match.save(update_fields=["state"])
    Seat.objects.filter(match=match, position=1).update(
        controller=Seat.Controller.STAND_IN, robot="medium"
    )
    return match


@pytest.fixture
def finished_match(alice, bob):
    """A 3-seat Race with Win Bet and Superpowers, played to its end."""
    match = _three_seats_with_both_variants(alice, bob)
    play_to_end(match, {0: alice, 1: bob}, seed=3)
    assert state_of(match).phase == "over"
    return match


def _rows(board: Node) -> list[Node]:
    return board.one("table", cls="players-table").one("tbody").all("tr")


# ---------------------------------------------------------------------------
# The track


def test_the_track_shows_field_numbers_start_and_finish(
    client_for, alice, powers_match
):
    board = board_of(client_for(alice), powers_match)

    scale = board.one("div", cls="track-scale")
    assert [tick.text() for tick in scale.all(cls="tick")] == FIELD_NUMBERS
    # Each number sits where a token on that field sits (the same --pos).
    assert [tick.attrs["style"] for tick in scale.all(cls="tick")] == [
        f"--pos: {n}" for n in FIELD_NUMBERS
    ]
    assert scale.one(cls="scale-start").text() == "Start"
    assert scale.one(cls="scale-finish").text() == "Finish"
    # The scale is for the eye; each lane says its field in words.
    assert scale.attrs.get("aria-hidden") == "true"
    legend = board.one("ul", cls="track-legend").text()
    assert "field numbers" in legend
    assert "finish line" in legend


def test_each_token_says_its_knonster_and_field(client_for, alice, powers_match):
    board = board_of(client_for(alice), powers_match)

    tokens = board.all(cls="token")
    assert [t.attrs["title"] for t in tokens] == [
        "Rithle: field 7",
        "Aristas: field 17",
        "Celya: field 2",
        "Elaari: field 3",
    ]
    for token in tokens:
        # The letter is for the eye; screen readers read the title's words.
        assert token.spoken() == token.attrs["title"]


# ---------------------------------------------------------------------------
# Symbols


@pytest.mark.parametrize("viewer", ["alice", "bob", None])
def test_every_symbol_on_a_running_board_is_explained(
    request, client_for, powers_match, viewer
):
    user = request.getfixturevalue(viewer) if viewer else None

    board = board_of(client_for(user), powers_match)

    assert unexplained_symbols(board) == []


def test_every_symbol_on_a_finished_board_is_explained(
    client_for, alice, finished_match
):
    board = board_of(client_for(alice), finished_match)

    assert "★" in board.text() or "♥" in board.text()
    assert unexplained_symbols(board) == []


def test_the_players_table_says_in_words_what_its_marks_mean(
    client_for, alice, powers_match
):
    board = board_of(client_for(alice), powers_match)
    alice_row, bob_row, robot_row = _rows(board)

    # alice's own favourites: ♥, and the winner bet in words (no bare "(1)").
    assert alice_row.one(cls="favourites").spoken() == (
        "favourite Rithle favourite Aristas · winner bet"
    )
    assert "(1)" not in board.text()
    # bob revealed Celya by its superpower: ★, and one favourite still secret.
    assert bob_row.one(cls="favourites").spoken() == (
        "favourite, revealed by using its superpower Celya 1 favourite still secret"
    )
    assert robot_row.one(cls="favourites").spoken() == "2 favourites still secret"
    # A robot stands in for bob: said in words next to the gear.
    assert "robot plays" in bob_row.one(cls="who").spoken()
    # Steps per Knonster: each box names its Knonster and the fields, also negative ones.
    steps = [s.attrs["title"] for s in bob_row.one(cls="steps").all(cls="step")]
    assert steps == [
        "Rithle: moved 0 fields",
        "Aristas: moved 5 fields",
        "Celya: moved -7 fields (favourite, revealed by using its superpower)",
        "Elaari: moved 0 fields",
    ]
    celya = bob_row.one(cls="steps").one(cls="revealed")
    seen = [c for c in celya.children if not isinstance(c, str)][0]
    assert seen.attrs.get("aria-hidden") == "true"
    assert seen.text() == "C ★ -7"


def test_the_legend_explains_the_marks_of_the_players_table(
    client_for, alice, powers_match
):
    board = board_of(client_for(alice), powers_match)

    legend = board.one("ul", cls="players-legend")
    entries = [li.text() for li in legend.all("li")]
    assert entries[0].startswith("♥ a favourite")
    assert entries[1].startswith("★ a favourite revealed by using its superpower")
    assert "Steps moved per Knonster:" in entries[2]
    assert "Moves backward count as negative" in entries[2]
    assert [k.text() for k in legend.all(cls="legend-knonster")] == [
        "R Rithle",
        "A Aristas",
        "C Celya",
        "E Elaari",
    ]


def test_without_superpowers_the_legend_has_no_star(client_for, alice, race_match):
    board = board_of(client_for(alice), race_match)

    legend = board.one("ul", cls="players-legend")
    assert "★" not in legend.text()
    assert "♥" in legend.text()


def test_the_cells_name_their_column_for_the_phone_layout(
    client_for, alice, finished_match
):
    board = board_of(client_for(alice), finished_match)

    for row in _rows(board):
        cells = row.all("td")
        assert cells[0].attrs.get("data-label") is None  # "<n>. <name>"
        assert [c.attrs["data-label"] for c in cells[1:]] == [
            "Cards in hand",
            "Favourites",
            "Steps moved per Knonster",
            "Points",
        ]


def test_the_german_board_explains_its_symbols_too(client_for, make_user, powers_match):
    dora = make_user("dora", language="de")

    board = board_of(client_for(dora), powers_match)

    assert unexplained_symbols(board) == []
    assert [t.text() for t in board.all(cls="tick")] == FIELD_NUMBERS


# ---------------------------------------------------------------------------
# The rules page: the redeal cap is a Spielpost edition ruling, cited


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["after 10 restarts in a row", "tie for everyone"]),
        ("de", ["Nach 10 Neustarts hintereinander", "für alle unentschieden"]),
    ],
)
def test_the_rules_page_cites_the_redeal_cap(client_for, settings, language, words):
    # Spielpost rulings, "Favourites, Win Bet, restart": "Edition: after 10 restarts
    # in a row the race starts anyway (it then ends in a tie for everyone); the rules
    # page says so."
    client = client_for()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language

    html = client.get("/games/race/rules/").content.decode()

    box = re.search(r'<div class="edition" id="restart-cap">(.*?)</div>', html, re.S)
    assert box, "no edition box for the redeal cap"
    text = " ".join(box.group(1).split())
    for phrase in words:
        assert phrase in text
    assert "Favourites, Win Bet, restart" in text
