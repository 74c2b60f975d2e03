"""Chat: writing (games.chat.services) and reading (games.chat.selectors), issue 24."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core.cache import cache

from accounts import community
from games import exceptions
from games.chat.selectors import chat_page, chat_readable
from games.chat.services import CHAT_RATE_LINES, ChatRefused, chat_post
from games.models import ChatLine

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()


def _texts(page):
    return [line.text for line in page.lines]


def test_a_line_is_stored_plain_and_one_line(alice):
    line = chat_post(user=alice, match=None, text="  <b>hi</b>\nthere\x00 ")

    assert line.text == "<b>hi</b> there"
    assert line.match is None


def test_500_characters_pass_and_501_are_refused(alice):
    chat_post(user=alice, match=None, text="x" * 500)

    with pytest.raises(ChatRefused) as refused:
        chat_post(user=alice, match=None, text="x" * 501)

    assert refused.value.status_code == 400
    assert ChatLine.objects.count() == 1


def test_an_empty_line_is_refused(alice):
    with pytest.raises(ChatRefused):
        chat_post(user=alice, match=None, text=" \n ")


def test_the_rate_limit_counts_per_person_and_window(alice, bob):
    with time_machine.travel(NOW, tick=False):
        for _ in range(CHAT_RATE_LINES):
            chat_post(user=alice, match=None, text="hi")
        with pytest.raises(ChatRefused) as refused:
            chat_post(user=alice, match=None, text="one more")
        assert refused.value.status_code == 429
        chat_post(user=bob, match=None, text="bob may")
    with time_machine.travel(NOW + timedelta(seconds=20), tick=False):
        chat_post(user=alice, match=None, text="later")


@pytest.mark.parametrize("field", ["chat_muted_until", "suspended_until"])
def test_a_muted_or_suspended_person_may_not_chat_until_then(alice, field):
    setattr(alice, field, NOW + timedelta(hours=1))
    with time_machine.travel(NOW, tick=False), pytest.raises(ChatRefused) as refused:
        chat_post(user=alice, match=None, text="hi")
    assert refused.value.status_code == 403
    assert "2026-05-01" in str(refused.value.message)

    with time_machine.travel(NOW + timedelta(hours=2), tick=False):
        chat_post(user=alice, match=None, text="hi again")


def test_only_seated_people_write_at_a_match(started_match, alice, carol):
    chat_post(user=alice, match=started_match, text="gl")

    with pytest.raises(exceptions.NotSeated):
        chat_post(user=carol, match=started_match, text="hi")


def test_spectators_read_only_when_the_match_says_so(started_match, alice, carol):
    assert chat_readable(match=started_match, user=carol)  # the default
    started_match.chat_spectators = False
    assert chat_readable(match=started_match, user=alice)
    assert not chat_readable(match=started_match, user=carol)
    assert not chat_readable(match=started_match, user=None)


def test_muted_blocked_and_hidden_lines_are_left_out(alice, bob, carol):
    chat_post(user=alice, match=None, text="from alice")
    chat_post(user=bob, match=None, text="from bob")
    hidden = chat_post(user=carol, match=None, text="from carol")
    ChatLine.objects.filter(pk=hidden.pk).update(hidden_at=NOW)

    assert _texts(chat_page(match=None, viewer=carol)) == ["from alice", "from bob"]

    community.mute(owner=carol, other=alice)
    assert _texts(chat_page(match=None, viewer=carol)) == ["from bob"]

    community.block(owner=carol, other=bob)
    assert _texts(chat_page(match=None, viewer=carol)) == []
    # Silent: the blocked and everyone else read on.
    assert _texts(chat_page(match=None, viewer=bob)) == ["from alice", "from bob"]


def test_a_line_to_a_blocker_is_stored_but_never_shown_to_them(
    started_match, alice, bob
):
    community.block(owner=alice, other=bob)

    chat_post(user=bob, match=started_match, text="psst")

    assert ChatLine.objects.filter(author=bob).exists()
    assert _texts(chat_page(match=started_match, viewer=alice)) == []
    assert _texts(chat_page(match=started_match, viewer=bob)) == ["psst"]


def test_pages_run_from_the_newest_back(alice):
    with time_machine.travel(NOW, tick=False):
        for n in range(5):
            ChatLine.objects.create(author=alice, text=str(n), created_at=NOW)

    newest = chat_page(match=None, viewer=None, size=2)
    assert _texts(newest) == ["3", "4"]
    middle = chat_page(match=None, viewer=None, size=2, before=newest.older)
    assert _texts(middle) == ["1", "2"]
    oldest = chat_page(match=None, viewer=None, size=2, before=middle.older)
    assert _texts(oldest) == ["0"]
    assert oldest.older is None


def test_links_wait_a_day_after_sign_up(alice):
    chat_post(user=alice, match=None, text="see https://example.com")

    with time_machine.travel(alice.date_joined + timedelta(hours=23), tick=False):
        assert chat_page(match=None, viewer=None).lines[0].links is False
    with time_machine.travel(alice.date_joined + timedelta(days=1), tick=False):
        assert chat_page(match=None, viewer=None).lines[0].links is True


def test_the_rate_limit_fails_closed_while_its_store_is_down(alice, monkeypatch):
    from accounts.ratelimits import RateLimitsUnavailable

    def down(*args, **kwargs):
        raise RateLimitsUnavailable("down")

    monkeypatch.setattr(cache, "add", down)

    with pytest.raises(ChatRefused) as refused:
        chat_post(user=alice, match=None, text="hi")

    assert refused.value.status_code == 503
    assert not ChatLine.objects.exists()
