"""A board page's own move is shown by the answer, not pushed again (issue 27).

The page names itself (`page` on its socket's URL, `X-Spielpost-Page` on its
requests); the move service announces which page's request is answered with
the new version, and that page's socket skips it: one board render per
move for the mover's page instead of two. Every other socket is pushed as
before, and the next push carries the skipped move's log entry too (the
answer may arrive after it).
"""

from __future__ import annotations

import re

import pytest
from channels.db import database_sync_to_async

from games import broadcast, services
from games.rules.rng import Rng
from tests.games.sockets import connected
from tests.games.toy import toy_position

PAGE = "p" * 22
OTHER_PAGE = "q" * 22


async def _roll(match, user, *, page=None):
    """Let `user` (seat 0, to move) roll a die that shows 5: they stay to move.

    `page`: the board page that sent it, answered with the new version.
    """
    await database_sync_to_async(toy_position)(match, rng=Rng(seed=0), pending=0)
    await database_sync_to_async(match.refresh_from_db)()
    await database_sync_to_async(services.move_submit)(
        match_id=match.id,
        user=user,
        move_data={"kind": "roll"},
        expected_version=match.version,
        answered_page=page,
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("toy", "own_channel_layer")
class TestTheSocket:
    async def test_the_movers_page_is_not_pushed_its_own_move(
        self, socket_for, started_match, alice
    ):
        path = f"/ws/matches/{started_match.id}/?version=0&page={PAGE}"
        socket = await connected(await socket_for(path, alice))
        try:
            await _roll(started_match, alice, page=PAGE)
            quiet = await socket.receive_nothing(timeout=0.3)
            # The next move (not answered to this page) is pushed, with the
            # skipped move's log entry: the answer may come after this push.
            await _roll(started_match, alice)
            html = await socket.receive_from(timeout=5)
        finally:
            await socket.disconnect()

        assert quiet
        assert 'data-version="2"' in html
        assert re.findall(r'id="log-(\d+)"', html) == ["2", "1"]

    @pytest.mark.parametrize(
        ("viewer", "socket_page", "answered_page"),
        [
            # The mover's other page.
            ("alice", OTHER_PAGE, PAGE),
            # The page id alone silences nothing: it must be the mover's socket.
            ("bob", PAGE, PAGE),
            # Not a page id: neither door takes it.
            ("alice", "short", "short"),
        ],
    )
    async def test_every_other_socket_is_pushed_the_move(
        self,
        request,
        socket_for,
        started_match,
        alice,
        viewer,
        socket_page,
        answered_page,
    ):
        path = f"/ws/matches/{started_match.id}/?version=0&page={socket_page}"
        user = request.getfixturevalue(viewer)
        socket = await connected(await socket_for(path, user))
        try:
            await _roll(started_match, alice, page=answered_page)
            html = await socket.receive_from(timeout=5)
        finally:
            await socket.disconnect()

        assert 'data-version="1"' in html


def _moved(sent):
    return [event for _group, event in sent if event["type"] == "match.changed"]


@pytest.mark.django_db
@pytest.mark.usefixtures("toy")
class TestTheMoveView:
    def _post(self, client, match, **headers):
        toy_position(match, rng=Rng(seed=0), pending=0)
        match.refresh_from_db()
        return client.post(
            f"/matches/{match.id}/moves/",
            {"move": '{"kind": "roll"}', "expected_version": match.version},
            headers=headers,
        )

    def test_a_board_pages_move_names_the_page_it_answers(
        self,
        client_for,
        started_match,
        alice,
        group_sends,
        django_capture_on_commit_callbacks,
    ):
        with django_capture_on_commit_callbacks(execute=True):
            response = self._post(
                client_for(alice),
                started_match,
                **{"HX-Request": "true", "X-Spielpost-Page": PAGE},
            )

        assert response.status_code == 200
        assert 'data-version="1"' in response.content.decode()
        assert [e.get("answered") for e in _moved(group_sends)] == [[alice.pk, PAGE]]

    @pytest.mark.parametrize(
        "headers",
        [
            {"HX-Request": "true"},
            {"HX-Request": "true", "X-Spielpost-Page": "not a page id!"},
            {"HX-Request": "true", "X-Spielpost-Page": "x" * 65},
            # Without htmx the answer is a redirect: a new page, a new socket.
            {"X-Spielpost-Page": PAGE},
        ],
    )
    def test_otherwise_every_socket_is_pushed(
        self,
        client_for,
        started_match,
        alice,
        group_sends,
        django_capture_on_commit_callbacks,
        headers,
    ):
        with django_capture_on_commit_callbacks(execute=True):
            response = self._post(client_for(alice), started_match, **headers)

        assert response.status_code in (200, 302)
        (event,) = _moved(group_sends)
        assert event["version"] == 1
        assert "answered" not in event

    def test_the_board_page_names_itself_to_its_socket_and_requests(
        self, client_for, started_match, alice
    ):
        html = client_for(alice).get(f"/matches/{started_match.id}/").content.decode()

        (page,) = re.findall(r"&amp;page=([A-Za-z0-9_-]+)\"", html)
        assert broadcast.page_id_clean(page) == page
        assert f'hx-headers=\'{{"X-Spielpost-Page": "{page}"}}\'' in html
        # A new id per page.
        again = client_for(alice).get(f"/matches/{started_match.id}/").content.decode()
        assert page not in again
