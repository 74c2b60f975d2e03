"""The caller's notices through the API (issue 21).

`GET /api/me/notifications/` lists them newest first, paged by limit and
offset, with the unread count; `POST /api/me/notifications/read/` marks
`{"ids": [...]}` or `{"all": true}` read, and the bells follow. Refusals
are `{"detail": ...}` 4xx, and nothing changes.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from rest_framework.test import APIClient

from games.models import Notification

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

Kind = Notification.Kind
URL = "/api/me/notifications/"
READ = URL + "read/"
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def _notices(user, count, *, match=None, kind=Kind.PLAYER_JOINED):
    """Write `count` notices for `user`, a minute apart from START; oldest first."""
    made = []
    for n in range(count):
        with time_machine.travel(START + timedelta(minutes=n), tick=False):
            made.append(
                Notification.objects.create(
                    user=user,
                    kind=kind,
                    match=match,
                    params={"game": "toy", "name": f"P{n}", "opponents": ["Bob"]},
                )
            )
    return made


def test_the_list_is_newest_first_with_texts_links_and_the_unread_count(
    api_for, alice, bob, started_match
):
    Notification.objects.all().delete()
    (turn,) = _notices(alice, 1, match=started_match, kind=Kind.YOUR_TURN)
    joined = _notices(alice, 2)
    joined[0].read_at = START
    joined[0].save()
    _notices(bob, 3)

    response = api_for(alice).get(URL)

    assert response.status_code == 200
    body = response.json()
    assert (body["count"], body["unread"]) == (3, 2)
    assert (body["next"], body["previous"]) == (None, None)
    assert [n["id"] for n in body["results"]] == [
        joined[1].id,
        joined[0].id,
        turn.id,
    ]
    newest, read, oldest = body["results"]
    assert newest == {
        "id": joined[1].id,
        "kind": "player_joined",
        "title": "Your vacation ends tomorrow"
        if joined[1].kind == Kind.VACATION_ENDING
        else "P1 joined ",
        "text": "with Bob",
        "match": None,
        "url": None,
        "created": "2026-11-23T12:01:00Z",
        "read": False,
    }
    assert read["read"] is True
    assert oldest["kind"] == "your_turn"
    assert oldest["title"] == f"Your turn in Push Your Luck #{started_match.id}"
    assert oldest["match"] == started_match.id
    assert oldest["url"] == f"http://testserver/matches/{started_match.id}/"
    assert oldest["created"] == "2026-11-23T12:00:00Z"


def test_reading_the_list_marks_nothing_read(api_for, alice):
    _notices(alice, 2)

    api_for(alice).get(URL)

    assert Notification.objects.filter(read_at__isnull=True).count() == 2


def test_the_list_is_paged_by_limit_and_offset(api_for, alice):
    made = _notices(alice, 5)
    client = api_for(alice)

    first = client.get(URL, {"limit": 2}).json()
    second = client.get(first["next"]).json()
    last = client.get(second["next"]).json()

    assert [n["id"] for n in first["results"]] == [made[4].id, made[3].id]
    assert [n["id"] for n in second["results"]] == [made[2].id, made[1].id]
    assert [n["id"] for n in last["results"]] == [made[0].id]
    assert first["count"] == second["count"] == last["count"] == 5
    assert first["previous"] is None
    assert last["next"] is None
    assert "offset=2" in second["previous"] or "offset" not in second["previous"]
    assert client.get(last["previous"]).json()["results"] == second["results"]


def test_the_list_may_hold_only_the_unread(api_for, alice):
    made = _notices(alice, 3)
    made[1].read_at = START
    made[1].save()

    body = api_for(alice).get(URL, {"unread": "true"}).json()

    assert [n["id"] for n in body["results"]] == [made[2].id, made[0].id]
    assert (body["count"], body["unread"]) == (2, 2)


def test_texts_are_in_the_persons_language(api_for, alice, started_match):
    Notification.objects.all().delete()
    alice.language = "de"
    alice.save(update_fields=["language"])
    _notices(alice, 1, match=started_match, kind=Kind.YOUR_TURN)

    (notice,) = api_for(alice).get(URL).json()["results"]

    assert notice["title"] == f"Du bist dran in Push Your Luck #{started_match.id}"


@pytest.mark.parametrize(
    "query",
    [
        {"limit": "0"},
        {"limit": "101"},
        {"limit": "5.0"},
        {"limit": "abc"},
        {"offset": "-1"},
        {"offset": "1000001"},
        {"offset": "99999999999999999999999"},
        # Empty is no whole number (DRF would read it as absent).
        {"offset": ""},
        {"limit": ""},
        {"unread": "maybe"},
        # DRF lower-cases; the schema names "false" only.
        {"unread": "False"},
        {"unread": "TRUE"},
    ],
)
def test_a_bad_query_is_a_400_naming_it(api_for, alice, query):
    response = api_for(alice).get(URL, query)

    assert response.status_code == 400
    assert set(response.json()) == {"detail"}
    assert next(iter(query)) in response.json()["detail"]


def test_the_list_needs_a_token(api_for):
    response = api_for().get(URL)

    assert response.status_code == 401
    assert set(response.json()) == {"detail"}


def test_marking_ids_read_marks_only_mine(
    api_for, alice, bob, group_sends, django_capture_on_commit_callbacks
):
    mine = _notices(alice, 3)
    bobs = _notices(bob, 1)

    with django_capture_on_commit_callbacks(execute=True):
        response = api_for(alice).post(
            READ, {"ids": [mine[0].id, mine[2].id, bobs[0].id]}, format="json"
        )

    assert response.status_code == 200
    assert response.json() == {"marked": 2, "unread": 1}
    assert set(
        Notification.objects.filter(read_at__isnull=True).values_list("id", flat=True)
    ) == {mine[1].id, bobs[0].id}
    # The bells of alice's open pages follow; bob's hear nothing.
    assert (
        f"user-{alice.id}",
        {"type": "user.notifications_changed"},
    ) in group_sends
    assert not any(group == f"user-{bob.id}" for group, _event in group_sends)


def test_marking_all_read(api_for, alice, bob):
    _notices(alice, 60)
    _notices(bob, 1)

    response = api_for(alice).post(READ, {"all": True}, format="json")

    assert response.json() == {"marked": 60, "unread": 0}
    assert Notification.objects.filter(read_at__isnull=True).count() == 1
    again = api_for(alice).post(READ, {"all": True}, format="json")
    assert again.json() == {"marked": 0, "unread": 0}


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"ids": [1], "all": True},
        {"all": False},
        {"all": "true"},
        {"ids": []},
        {"ids": list(range(1, 102))},
        {"ids": ["1"]},
        {"ids": [True]},
        {"ids": [0]},
        {"ids": [2**63]},
        {"ids": 5},
        [1, 2],
        "all",
    ],
)
def test_a_bad_read_body_is_a_400_and_marks_nothing(api_for, alice, body):
    _notices(alice, 2)

    response = api_for(alice).post(READ, body, format="json")

    assert response.status_code == 400
    assert set(response.json()) == {"detail"}
    assert Notification.objects.filter(read_at__isnull=True).count() == 2


def test_a_lone_surrogate_in_the_body_is_a_400(api_for, alice):
    _notices(alice, 1)

    response = api_for(alice).post(
        READ, '{"ids": "\\ud800", "x": 1}', content_type="application/json"
    )

    assert response.status_code == 400
    assert Notification.objects.filter(read_at__isnull=True).count() == 1


def test_marking_read_takes_json_only(api_for, alice):
    response = api_for(alice).post(READ, {"all": "true"})

    assert response.status_code == 415
    assert set(response.json()) == {"detail"}


def test_marking_read_by_session_needs_a_csrf_token(alice):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice)

    response = client.post(READ, {"all": True}, format="json")

    assert response.status_code == 403
    assert set(response.json()) == {"detail"}


def _queries(call):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        response = call()
    assert response.status_code == 200, response.content
    return len(captured)


def test_the_list_reads_a_fixed_number_of_queries_however_many_notices(
    api_for, alice, started_match, django_assert_max_num_queries
):
    client = api_for(alice)
    _notices(alice, 2, match=started_match, kind=Kind.YOUR_TURN)
    few = _queries(lambda: client.get(URL))
    _notices(alice, 20, match=started_match)
    _notices(alice, 20)

    # Token with its user; the page of notices with their matches; the
    # count and the unread count: none per notice.
    with django_assert_max_num_queries(4):
        response = client.get(URL)
    assert response.status_code == 200
    assert _queries(lambda: client.get(URL)) == few


def test_marking_read_takes_a_fixed_number_of_queries(
    api_for, alice, django_assert_max_num_queries
):
    client = api_for(alice)
    notices = _notices(alice, 30)

    # Token with its user; one update for the ids (or all) in its atomic
    # block (a savepoint pair here, BEGIN/COMMIT in production); the unread
    # count.
    with django_assert_max_num_queries(5):
        response = client.post(READ, {"ids": [n.id for n in notices]}, format="json")
    assert response.status_code == 200, response.content
    with django_assert_max_num_queries(5):
        response = client.post(READ, {"all": True}, format="json")
    assert response.status_code == 200, response.content
