"""How many e-mails a 3-seat Daily Race sends each kind of player (issue 11).

Plays one Race match for three people through the services, in simulated
time (time-machine), with the beat's sweeps run every 10 simulated minutes
and the e-mail task run at once (its messages land in Django's locmem
outbox):

- alice is never on the site and takes single e-mails; she moves 5 h after
  her turn begins;
- bob takes the daily digest at 08:00 Europe/Berlin and is never on the
  site; he moves 7 h after his turn begins;
- carol always has the board open (her presence beats every sweep) and
  moves 20 minutes after her turn begins.

It prints the match's turns and moves, and per person the notices written
and the e-mails sent, by subject. Run: `python bench/emails.py [seed]`
(`DATABASE_URL` as for the other benchmarks; SQLite is fine).
"""

from __future__ import annotations

import os
import random
import sys
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

import time_machine  # noqa: E402
from allauth.account.models import EmailAddress  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core import mail  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_databases, teardown_databases  # noqa: E402

from accounts.models import User  # noqa: E402
from games import services  # noqa: E402
from games.models import Match, Notification  # noqa: E402
from games.notifications import presence  # noqa: E402
from games.notifications.schedule import digests_send, emails_send_due  # noqa: E402
from games.services.notices import time_warnings_send  # noqa: E402
from games.tasks import send_notification_emails  # noqa: E402

START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
STEP = timedelta(minutes=10)
DELAY = {
    "alice": timedelta(hours=5),
    "bob": timedelta(hours=7),
    "carol": timedelta(minutes=20),
}


def people() -> dict[str, User]:
    made = {}
    for name in ("alice", "bob", "carol"):
        user = User.objects.create(username=name, email=f"{name}@example.org")
        EmailAddress.objects.create(
            user=user, email=user.email, verified=True, primary=True
        )
        made[name] = user
    made["bob"].email_digest = True
    made["bob"].digest_hour = 8
    made["bob"].time_zone = "Europe/Berlin"
    made["bob"].save()
    return made


def run(seed: int) -> None:
    rnd = random.Random(seed)
    users = people()
    by_seat: dict[int, str] = {}
    with time_machine.travel(START, tick=False) as traveller:
        match = services.match_create(
            user=users["alice"], game_slug="race", seats=3, time_control="daily"
        )
        services.seat_claim(match_id=match.id, user=users["bob"])
        services.seat_claim(match_id=match.id, user=users["carol"])
        for seat in match.seats.select_related("user"):
            assert seat.user is not None
            by_seat[seat.position] = seat.user.username
        due_since: dict[int, datetime] = {}
        now = START
        turns = 0
        while True:
            match.refresh_from_db()
            if match.status != Match.Status.ACTIVE:
                break
            presence.presence_beat(users["carol"].id, "bench-carol")
            state = match.game_state()
            to_move = match.rules.to_move(state)
            for position in to_move:
                if position not in due_since:
                    due_since[position] = now
                    turns += 1
            for position in sorted(to_move):
                name = by_seat[position]
                if now - due_since[position] < DELAY[name]:
                    continue
                legal = match.rules.legal_moves(state, position)
                services.move_submit(
                    match_id=match.id,
                    user=users[name],
                    move_data=rnd.choice(legal).to_json(),
                    expected_version=match.version,
                )
                del due_since[position]
                break
            else:
                emails_send_due()
                digests_send()
                time_warnings_send()
                traveller.shift(STEP)
                now += STEP
                continue
            # A seat that moved and is still to move faces a new decision.
            match.refresh_from_db()
            state = match.game_state()
            for position in list(due_since):
                if position not in match.rules.to_move(state):
                    del due_since[position]
        # A day more: the digests and e-mails still due go out (or not).
        for _ in range(int(timedelta(days=1) / STEP)):
            emails_send_due()
            digests_send()
            traveller.shift(STEP)
    match.refresh_from_db()
    print(
        f"Race, 3 seats, Daily: {match.moves.count()} moves, {turns} turns, "
        f"{(match.finished_at or now) - START} of simulated time"
    )
    for name, user in users.items():
        notices = Counter(
            Notification.objects.filter(user=user).values_list("kind", flat=True)
        )
        sent = [m for m in mail.outbox if m.to == [user.email]]
        print(f"{name}: {sum(notices.values())} notices {dict(notices)}")
        print(f"  {len(sent)} e-mails: {dict(Counter(m.subject for m in sent))}")


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    mail.outbox = []
    connection.settings_dict["TEST"]["NAME"] = "test_spielpost_bench_emails"
    old_config = setup_databases(verbosity=0, interactive=False)

    def send_now(*args: Any, **kwargs: Any) -> None:
        send_notification_emails(*args, **kwargs)

    try:
        with (
            mock.patch.object(send_notification_emails, "delay", send_now),
            mock.patch("games.services.timeouts._timeout_task_enqueue"),
            mock.patch("games.services.robots.robot_task_enqueue"),
        ):
            run(seed)
    finally:
        teardown_databases(old_config, verbosity=0)


if __name__ == "__main__":
    main()
