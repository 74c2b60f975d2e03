"""The board's log shows the table events (issue 10) among the moves.

An event at version v follows the move that produced v. Its entry has an
id of its own (`log-e<id>`); a push repeats the events at the version the
page shows, and the page (spielpost.js) drops entries it already has, so
an event without a move still arrives, and arrives once.
"""

from __future__ import annotations

import re

import pytest
from channels.db import database_sync_to_async

from games import selectors, services
from games.models import MatchEvent, Move
from games.rules.rng import Rng
from games.selectors.table_log import table_event_line
from tests.games.helpers import legal_json
from tests.games.toy import toy_position

pytestmark = pytest.mark.usefixtures("toy")


ENTRY_ID = re.compile(r'<li id="(log-e?\d+)" data-log-entry')


def _move(match, user, seat, *, ends_turn=True):
    """Let `seat` bank 5 points, ending its turn; or roll a 5 and stay to move."""
    if ends_turn:
        toy_position(match, pending=5)
        move = {"kind": "bank"}
    else:
        toy_position(match, rng=Rng(seed=0))  # the die shows 5
        move = {"kind": "roll"}
    match.refresh_from_db()
    assert move in legal_json(match, seat)
    services.move_submit(
        match_id=match.id,
        user=user,
        move_data=move,
        expected_version=match.version,
    )
    match.refresh_from_db()


def _log(match, seat=None, since=None):
    match.refresh_from_db()
    selectors.seats_load(match)
    viewer = match.seats.get(position=seat) if seat is not None else None
    return selectors.board_context(match=match, seat=viewer, log_since=since).log


@pytest.mark.django_db
def test_events_follow_the_move_of_their_version(started_match, alice, bob):
    services.match_cancel_agree(match_id=started_match.id, user=alice)
    _move(started_match, alice, 0)
    services.match_cancel_agree(match_id=started_match.id, user=bob)
    _move(started_match, bob, 1)

    log = _log(started_match)

    proposals = MatchEvent.objects.filter(match=started_match).order_by("id")
    assert [entry.dom_id for entry in log] == [
        f"log-e{proposals[0].id}",
        "log-1",
        f"log-e{proposals[1].id}",
        "log-2",
    ]
    assert [entry.lines for entry in log if entry.event_id] == [
        ("Alice proposes to cancel the match.",),
        ("Bob proposes to cancel the match.",),
    ]


@pytest.mark.django_db
def test_a_log_since_a_version_repeats_only_the_events_at_that_version(
    started_match, alice, bob
):
    services.match_cancel_agree(match_id=started_match.id, user=alice)
    _move(started_match, alice, 0)
    services.match_cancel_agree(match_id=started_match.id, user=bob)

    log = _log(started_match, seat=1, since=1)

    # The move 1 and the event before it are on the page already.
    assert [entry.lines for entry in log] == [("Bob proposes to cancel the match.",)]


@pytest.mark.django_db
def test_the_board_page_shows_the_events_with_their_own_ids(
    started_match, alice, bob, client_for
):
    services.match_cancel_agree(match_id=started_match.id, user=alice)
    _move(started_match, alice, 0)

    html = client_for(bob).get(f"/matches/{started_match.id}/").content.decode()

    event = MatchEvent.objects.get(match=started_match)
    # Newest first.
    assert ENTRY_ID.findall(html) == ["log-1", f"log-e{event.id}"]
    assert "Alice proposes to cancel the match." in html


@pytest.mark.django_db
def test_a_move_played_at_a_timeout_says_so(started_match, alice, client_for):
    _move(started_match, alice, 0)
    Move.objects.filter(match=started_match, seq=1).update(
        by_robot=True, by_timeout=True
    )

    html = client_for(alice).get(f"/matches/{started_match.id}/").content.decode()

    (entry,) = re.findall(r'<li id="log-1".*?</li>', html, re.S)
    assert "timed out, played by the robot" in entry
    assert _log(started_match)[0].by_timeout


@pytest.mark.parametrize(
    ("kind", "seat", "params", "line"),
    [
        (MatchEvent.Kind.RESIGNED, 1, {}, "Bob resigned."),
        (
            MatchEvent.Kind.LEFT_AFTER_TIMEOUTS,
            1,
            {},
            "Bob left the match after three timeouts in a row: a robot plays "
            "the seat to the end.",
        ),
        (MatchEvent.Kind.BACK, 1, {}, "Bob is back."),
        (
            MatchEvent.Kind.CANCEL_PROPOSED,
            0,
            {},
            "Alice proposes to cancel the match.",
        ),
        (MatchEvent.Kind.CANCEL_AGREED, 1, {}, "Bob agrees to cancel."),
        (MatchEvent.Kind.CANCELLED, None, {}, "The match was cancelled by consent."),
        (
            MatchEvent.Kind.DEADLINE_EXTENDED,
            None,
            {"seconds": 86400},
            "A moderator extended the deadline by 1 day.",
        ),
        (
            MatchEvent.Kind.DEADLINE_EXTENDED,
            None,
            {"seconds": 3 * 86400},
            "A moderator extended the deadline by 3 days.",
        ),
        (
            MatchEvent.Kind.DEADLINE_EXTENDED,
            None,
            {"seconds": 7200},
            "A moderator extended the deadline by 2 hours.",
        ),
        (
            MatchEvent.Kind.DEADLINE_EXTENDED,
            None,
            {"seconds": 90},
            "A moderator extended the deadline by 2 minutes.",
        ),
        (MatchEvent.Kind.PAUSED, None, {}, "A moderator paused the match."),
        (MatchEvent.Kind.RESUMED, None, {}, "A moderator resumed the match."),
        (
            MatchEvent.Kind.SEAT_HANDED,
            1,
            {"to": "robot", "from": "Bob"},
            "A moderator handed Bob's seat to a robot.",
        ),
        (
            MatchEvent.Kind.SEAT_HANDED,
            1,
            {"to": "user", "name": "Carol", "from": "Bob"},
            "A moderator handed Bob's seat to Carol.",
        ),
        (
            MatchEvent.Kind.SEAT_HANDED,
            1,
            {"to": "robot"},
            "A moderator handed seat 2 to a robot.",
        ),
        (
            MatchEvent.Kind.SEAT_HANDED,
            1,
            {"to": "user", "name": "Carol"},
            "A moderator handed seat 2 to Carol.",
        ),
    ],
)
def test_every_kind_of_event_has_a_line(kind, seat, params, line):
    event = MatchEvent(version=0, kind=kind, seat=seat, params=params)

    assert table_event_line(event, {0: "Alice", 1: "Bob"}) == line


def test_every_kind_is_covered():
    fallback = table_event_line(MatchEvent(version=0, kind="?"), {})

    for kind in MatchEvent.Kind:
        event = MatchEvent(version=0, kind=kind, seat=0, params={"seconds": 60})
        assert table_event_line(event, {0: "Alice"}) != fallback


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("own_channel_layer")
async def test_pushed_events_reach_an_open_board_once(
    socket_for, started_match, alice, bob
):
    socket = await socket_for(f"/ws/matches/{started_match.id}/?version=0", bob)
    connected, _ = await socket.connect()
    assert connected
    pushes = []
    try:
        # No move: the version stays 0, and the proposal still arrives.
        await database_sync_to_async(services.match_cancel_agree)(
            match_id=started_match.id, user=alice
        )
        pushes.append(await socket.receive_from(timeout=5))
        # alice stays to move: bob's bell gets no push in between.
        await database_sync_to_async(_move)(started_match, alice, 0, ends_turn=False)
        pushes.append(await socket.receive_from(timeout=5))
        await database_sync_to_async(services.match_cancel_agree)(
            match_id=started_match.id, user=bob
        )
        pushes.append(await socket.receive_from(timeout=5))
    finally:
        await socket.disconnect()

    events = await database_sync_to_async(
        lambda: list(
            MatchEvent.objects.filter(match=started_match)
            .order_by("id")
            .values_list("id", flat=True)
        )
    )()
    # As spielpost.js does: prepend each push's entries the page lacks.
    page: list[str] = []
    for html in pushes:
        assert 'hx-swap-oob="afterbegin:#log-entries"' in html
        new = [i for i in ENTRY_ID.findall(html) if i not in page]
        page = new + page
    assert page == [f"log-e{events[1]}", "log-1", f"log-e{events[0]}"]
