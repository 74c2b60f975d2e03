"""Benchmark: a player's profile page against the lobby, with many rated players (issue 23).

Fills a throwaway test database (created and dropped by Django's test
utilities, on the configured DATABASE_URL's server) with PLAYERS people
(default 10,000) and MATCHES 3-seat Race matches (default 100,000): nine
in ten finished and rated (a RatingChange per seat, a Rating per person),
the rest running, two timed moves per match (each naming its seat's
person, `Move.user`), and the counts played and won per person and game
(`PlayRecord`) as `match_finish` keeps them. One person, the regular, sits
in every 50th match (2,000); the others in about 30 each. The tables are
then analysed (ANALYZE), as autovacuum keeps them in production.

Then it requests, as a logged-in person and through Django's test client
(middleware, templates and all): the lobby (the baseline), the regular's
profile and an ordinary person's profile, and their API bodies. It prints
the queries and the median time of each, and each one's ratio to the
lobby. Run: `python bench/profiles.py [players] [matches]`, e.g. with
`DATABASE_URL=postgres://postgres@127.0.0.1:5432/spielpost`.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection, reset_queries  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import (  # noqa: E402
    CaptureQueriesContext,
    setup_databases,
    setup_test_environment,
    teardown_databases,
)
from django.utils import timezone  # noqa: E402

from accounts.models import User  # noqa: E402
from games.models import Match, Move, Rating, RatingChange, Seat  # noqa: E402
from games.rules.registry import rules_for  # noqa: E402
from games.services.records import play_records_rebuild  # noqa: E402

SEATS = 3
# The regular sits in every REGULAR_EVERY-th match.
REGULAR_EVERY = 50
RUNS = 7
BATCH = 5000


def fill(players: int, matches: int) -> tuple[User, User]:
    """Create the people and matches; return (the regular, an ordinary person)."""
    rnd = random.Random(23)
    now = timezone.now()
    users = User.objects.bulk_create(
        User(username=f"p{n}", display_name=f"Player {n}", date_joined=now)
        for n in range(players)
    )
    regular, ordinary = users[0], users[players // 2]
    version = rules_for("race").info.version
    created = []
    for start in range(0, matches, BATCH):
        batch = []
        for n in range(start, min(matches, start + BATCH)):
            finished = n % 10 != 0
            ranks = rnd.sample(range(1, SEATS + 1), SEATS)
            batch.append(
                Match(
                    game_slug="race",
                    seed=n,
                    rules_version=version,
                    status=Match.Status.FINISHED if finished else Match.Status.ACTIVE,
                    outcome=(
                        {"ranks": ranks, "reason": "bench", "scores": None}
                        if finished
                        else None
                    ),
                    started_at=now - timedelta(days=2),
                    finished_at=now - timedelta(minutes=n % 5000) if finished else None,
                )
            )
        created += Match.objects.bulk_create(batch)
    seats, moves, changes = [], [], []
    for n, match in enumerate(created):
        people = rnd.sample(users[1:], SEATS)
        if n % REGULAR_EVERY == 1:
            people[n % SEATS] = regular
        for position, person in enumerate(people):
            seats.append(Seat(match=match, position=position, user=person))
            if match.outcome is not None and match.finished_at is not None:
                changes.append(
                    RatingChange(
                        match=match,
                        user=person,
                        game_slug="race",
                        position=position,
                        rank=match.outcome["ranks"][position],
                        mu_before=25,
                        sigma_before=8,
                        mu_after=25 + rnd.uniform(-1, 1),
                        sigma_after=7.9,
                        created_at=match.finished_at,
                    )
                )
        for seq in (1, 2):
            moves.append(
                Move(
                    match=match,
                    seq=seq,
                    seat=seq % SEATS,
                    payload={},
                    rules_version=version,
                    seconds_taken=rnd.randrange(30, 86400),
                    user=people[seq % SEATS],
                )
            )
    Seat.objects.bulk_create(seats, batch_size=BATCH)
    Move.objects.bulk_create(moves, batch_size=BATCH)
    RatingChange.objects.bulk_create(changes, batch_size=BATCH)
    # What match_finish would have counted, match by match.
    play_records_rebuild()
    Rating.objects.bulk_create(
        (
            Rating(
                user=person,
                game_slug="race",
                mu=25 + rnd.uniform(-5, 5),
                sigma=rnd.uniform(1, 8),
                ordinal=0,
                matches=30,
                wins=10,
                last_played_at=now,
            )
            for person in users
        ),
        batch_size=BATCH,
    )
    return regular, ordinary


def measure(client: Client, path: str) -> tuple[int, float]:
    """Return the queries of one GET of `path` and the median seconds of RUNS."""
    # The log is a bounded deque: a full one would count no new queries.
    reset_queries()
    with CaptureQueriesContext(connection) as context:
        response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    # Read now: the next request clears the log.
    queries = len(context.captured_queries)
    seconds = []
    for _ in range(RUNS):
        began = time.perf_counter()
        client.get(path)
        seconds.append(time.perf_counter() - began)
    return queries, statistics.median(seconds)


def run(players: int, matches: int) -> None:
    began = time.perf_counter()
    regular, ordinary = fill(players, matches)
    # Table statistics, as PostgreSQL's autovacuum keeps them in production
    # (without, a fresh bulk load plans every join as a full scan).
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    print(
        f"{players:,} players, {matches:,} matches "
        f"({Seat.objects.count():,} seats, {RatingChange.objects.count():,} "
        f"rating changes) in {time.perf_counter() - began:.0f} s "
        f"on {connection.vendor}"
    )
    client = Client()
    client.force_login(ordinary)
    pages = {
        "lobby (baseline)": "/play/",
        f"profile of the regular ({matches // REGULAR_EVERY:,} matches)": (
            f"/players/{regular.name}/"
        ),
        "profile of an ordinary player": f"/players/{ordinary.name}/",
        "API profile of the regular": f"/api/players/{regular.name}/",
    }
    baseline = None
    for label, path in pages.items():
        queries, seconds = measure(client, path)
        baseline = baseline or seconds
        print(
            f"{label:48} {queries:3} queries  {seconds * 1000:7.1f} ms  "
            f"x{seconds / baseline:.2f} of the lobby"
        )


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    matches = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    # As in production: no query log, the site's error pages.
    settings.DEBUG = False
    setup_test_environment()
    connection.settings_dict["TEST"]["NAME"] = "test_spielpost_bench_profiles"
    old_config = setup_databases(verbosity=0, interactive=False)
    try:
        run(players, matches)
    finally:
        teardown_databases(old_config, verbosity=0)


if __name__ == "__main__":
    main()
