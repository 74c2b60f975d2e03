"""A reported chat line, hidden and its writer suspended, in a real browser (issue 24).

The writer chats at a running match; a second player reports the line from
the chat; a moderator (the `moderator` group, not a superuser) hides the
line from the moderation queue and suspends the writer from the user admin.
The writer's board, open the whole time and never reloaded, then shows the
suspension (an alert saying until when, the chat form closed) and the line
is gone from it and from the reporter's board. On the way, the writer
shows the chat among the log's entries (the board's toggle).
"""

from __future__ import annotations

import pytest

from tests.browser import DEMO_PASSWORD, Stack, log_in

pytestmark = pytest.mark.browser

# Three people of this test's own (other tests share the stack's database)
# and a running two-seat Toy match of the writer and the reporter.
SETUP = f"""
import uuid
from allauth.account.models import EmailAddress
from django.contrib.auth.models import Group
from accounts.models import User
from games import services
tag = uuid.uuid4().hex[:8]
def person(role, **extra):
    user = User.objects.create(
        username=f"{{role}}{{tag}}", email=f"{{role}}{{tag}}@example.com", **extra
    )
    user.set_password("{DEMO_PASSWORD}")
    user.save()
    EmailAddress.objects.create(
        user=user, email=user.email, verified=True, primary=True
    )
    return user
writer, reporter = person("writer"), person("reporter")
mod = person("mod", is_staff=True)
mod.groups.add(Group.objects.get(name="moderator"))
match = services.match_create(user=writer, game_slug="toy", seats=2, options={{}})
services.seat_claim(match_id=match.id, user=reporter)
print(tag, match.id)
"""

LINE = "you all play like robots"


def _admin_action(page, path: str, search: str, action: str, fields: dict) -> None:
    """Run admin `action` on the one row `search` finds at `path`, filling `fields`."""
    page.goto(f"{path}?q={search}")
    page.locator("input[name=_selected_action]").check()
    page.locator("select[name=action]").select_option(action)
    page.locator("button[name=index]").click()
    for name, value in fields.items():
        page.locator(f"[name={name}]").fill(value)
    page.locator("input[name=apply]").click()
    page.locator(".messagelist .success").wait_for()


def test_a_reported_line_is_hidden_and_its_writer_suspended_live(
    stack: Stack, new_page
) -> None:
    tag, match_id = stack.shell(SETUP).strip().splitlines()[-1].split()
    board_url = f"/matches/{match_id}/"

    writer = new_page()
    log_in(writer, f"writer{tag}")
    writer.goto(board_url)
    # A mark that a reload would lose.
    writer.evaluate("window.__neverReloaded = true")
    # A move first, so the log has an entry older than the line.
    writer.locator("#board button[data-move]").first.click()
    writer.locator("#log-entries li[data-log-entry]").first.wait_for()
    writer.get_by_label("Your line").fill(LINE)
    writer.get_by_role("button", name="Send").click()
    line = writer.locator("#chat-lines li", has_text=LINE)
    line.wait_for()
    line_id = line.get_attribute("id")
    # One's own line offers no report link.
    assert line.get_by_role("link").count() == 0
    # The chat among the log, newest first: the line above the move.
    writer.get_by_label("Show the chat in the log").check()
    first_in_log = writer.locator("#log-entries > li").first
    assert LINE in first_in_log.inner_text()
    assert "chat-in-log" in (first_in_log.get_attribute("class") or "")
    writer.get_by_label("Show the chat in the log").uncheck()
    assert writer.locator("#log-entries .chat-in-log").count() == 0

    reporter = new_page()
    log_in(reporter, f"reporter{tag}")
    reporter.goto(board_url)
    reporter.get_by_role("link", name=f"Report this line by writer{tag}").click()
    reporter.wait_for_url("**/reports/chat-line/*/")
    assert LINE in reporter.locator("blockquote.reported-line").inner_text()
    reporter.get_by_role("button", name="Send the report").click()
    reporter.wait_for_url(f"**{board_url}")
    reporter.locator(f"#{line_id}").wait_for()

    moderator = new_page()
    log_in(moderator, f"mod{tag}")
    _admin_action(
        moderator,
        "/admin/games/report/",
        f"writer{tag}",
        "hide_line",
        {"reason": "Insults other players."},
    )
    _admin_action(
        moderator,
        "/admin/accounts/user/",
        f"writer{tag}",
        "suspend",
        {"reason": "Insults other players again.", "days": "3"},
    )

    notice = writer.locator("#sanction-notice[role=alert]")
    notice.wait_for()
    assert "suspended your account until" in notice.inner_text()
    writer.locator(f"#{line_id}").wait_for(state="detached")
    reporter.locator(f"#{line_id}").wait_for(state="detached")
    closed = writer.locator("p#chat-form")
    closed.wait_for()
    assert "suspended until" in closed.inner_text()
    assert writer.locator("#chat-form input").count() == 0
    assert writer.evaluate("window.__neverReloaded === true")
