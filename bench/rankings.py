"""Benchmark: the rankings page and API with 10,000 rated players (issue 23).

Fills a throwaway test database (created and dropped by Django's test
utilities, on the configured DATABASE_URL's server) with PLAYERS rated Race
players (default 10,000) and MATCHES finished rated two-person matches
(default 100,000) with their seats and their rating changes, all with
`bulk_create`: about half the players active in the last 90 days. Then it
measures, in the same run and as one person with a rating in the middle:

- the lobby (`/play/`): the baseline;
- the rankings page, first page (`/games/race/rankings/`);
- "my position" (`?me=1`, the redirect) and the page it leads to;
- `GET /api/games/race/rankings/` with the person's token.

It prints per request the median and 95th-percentile time (ms), the
queries, and the ratio of the median to the lobby's. Run:
`python bench/rankings.py [players] [matches]`, e.g. with
`DATABASE_URL=postgres://postgres@127.0.0.1:5432/spielpost`.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

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
from accounts.services import api_token_get_or_create  # noqa: E402
from games.models import Match, Rating, RatingChange, Seat  # noqa: E402
from games.rules.registry import rules_for  # noqa: E402

GAME = "race"
BATCH = 5_000
RUNS = 30


def fill(players: int, matches: int) -> User:
    """Create the players, matches, seats, changes and ratings; return the viewer."""
    rnd = random.Random(23)
    now = timezone.now()
    version = rules_for(GAME).info.version
    User.objects.bulk_create(
        [User(username=f"rk{n:05d}", password="!") for n in range(players)],
        batch_size=BATCH,
    )
    user_ids = list(
        User.objects.filter(username__startswith="rk").values_list("id", flat=True)
    )
    # Finished matches over the last 180 days, two players each.
    finished = [
        now - timedelta(seconds=rnd.randrange(180 * 86400)) for _ in range(matches)
    ]
    finished.sort()
    Match.objects.bulk_create(
        [
            Match(
                game_slug=GAME,
                seed=n,
                rules_version=version,
                status=Match.Status.FINISHED,
                outcome={"ranks": [1, 2], "reason": "finished", "scores": None},
                started_at=at - timedelta(days=2),
                finished_at=at,
                rated=True,
            )
            for n, at in enumerate(finished)
        ],
        batch_size=BATCH,
    )
    match_ids = list(
        Match.objects.filter(game_slug=GAME).order_by("id").values_list("id", flat=True)
    )
    stats: dict[int, list[Any]] = {}  # user id: [matches, wins, last played]
    seats: list[Seat] = []
    changes: list[RatingChange] = []
    # Half the players stopped playing over 90 days ago: the default
    # listing (active in the last 90 days) leaves them out.
    recent = now - timedelta(days=90)
    staying = user_ids[: len(user_ids) // 2]
    for match_id, at in zip(match_ids, finished, strict=True):
        pair = rnd.sample(staying if at >= recent else user_ids, 2)
        for position, user_id in enumerate(pair):
            seats.append(
                Seat(
                    match_id=match_id, position=position, user_id=user_id, joined_at=at
                )
            )
            mu, sigma = rnd.gauss(25, 4), rnd.uniform(2, 8)
            changes.append(
                RatingChange(
                    match_id=match_id,
                    user_id=user_id,
                    game_slug=GAME,
                    position=position,
                    rank=position + 1,
                    mu_before=mu,
                    sigma_before=sigma,
                    mu_after=mu + (0.5 if position == 0 else -0.5),
                    sigma_after=sigma * 0.98,
                    created_at=at,
                )
            )
            entry = stats.setdefault(user_id, [0, 0, at])
            entry[0] += 1
            entry[1] += position == 0
            entry[2] = at
        if len(changes) >= BATCH:
            Seat.objects.bulk_create(seats)
            RatingChange.objects.bulk_create(changes)
            seats, changes = [], []
    Seat.objects.bulk_create(seats)
    RatingChange.objects.bulk_create(changes)
    ratings = []
    for user_id, (played, wins, last) in stats.items():
        mu, sigma = rnd.gauss(25, 5), rnd.uniform(1.5, 8.3)
        ratings.append(
            Rating(
                user_id=user_id,
                game_slug=GAME,
                mu=mu,
                sigma=sigma,
                ordinal=mu - 3 * sigma,
                matches=played,
                wins=wins,
                last_played_at=last,
            )
        )
    Rating.objects.bulk_create(ratings, batch_size=BATCH)
    # The viewer: the median active player.
    active = Rating.objects.filter(
        game_slug=GAME, last_played_at__gte=now - timedelta(days=90)
    ).order_by("-ordinal")
    middle = active[active.count() // 2]
    return middle.user


def measure(call: Callable[[], Any]) -> tuple[float, float, int]:
    """Return the median and p95 time (ms) of `call` over RUNS, and its queries."""
    call()  # warm: the session, the templates
    reset_queries()  # the log keeps 9,000 queries: the fill's would hide these
    with CaptureQueriesContext(connection) as context:
        response = call()
    # Read now: the next request clears the log the context reads.
    queries = len(context.captured_queries)
    assert response.status_code in (200, 302), response.status_code
    timings = []
    for _ in range(RUNS):
        began = time.perf_counter()
        call()
        timings.append((time.perf_counter() - began) * 1000)
    timings.sort()
    return (
        statistics.median(timings),
        timings[int(len(timings) * 0.95)],
        queries,
    )


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    matches = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    setup_test_environment()
    # As in production: no query log slows the requests timed.
    settings.DEBUG = False
    old_config = setup_databases(verbosity=0, interactive=False)
    try:
        began = time.perf_counter()
        viewer = fill(players, matches)
        if connection.vendor == "postgresql":
            # Statistics, as autovacuum keeps them on a live database.
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        built = time.perf_counter() - began
        client = Client()
        client.force_login(viewer)
        token = api_token_get_or_create(user=viewer)
        api = Client(headers={"authorization": f"Token {token.key}"})
        base = f"/games/{GAME}/rankings/"
        me = client.get(f"{base}?me=1")["Location"]
        requests: dict[str, Callable[[], Any]] = {
            "lobby /play/ (baseline)": lambda: client.get("/play/"),
            "rankings, first page": lambda: client.get(base),
            "my position (?me=1, redirect)": lambda: client.get(f"{base}?me=1"),
            f"my page ({me.split('/')[-1]})": lambda: client.get(me),
            "rankings, all players": lambda: client.get(f"{base}?all=1"),
            "API rankings, first page": lambda: api.get(f"/api{base}"),
        }
        print(f"database: {connection.vendor}")
        print(
            f"players: {Rating.objects.count():,}, "
            f"matches: {Match.objects.count():,}, "
            f"rating changes: {RatingChange.objects.count():,}, "
            f"active (90 days): {Rating.objects.filter(last_played_at__gte=timezone.now() - timedelta(days=90)).count():,}; "
            f"built in {built:.1f} s"
        )
        results = {name: measure(call) for name, call in requests.items()}
        lobby = results["lobby /play/ (baseline)"][0]
        print(
            f"{'request':34} {'median ms':>10} {'p95 ms':>8} {'queries':>8} {'/lobby':>7}"
        )
        for name, (median, p95, queries) in results.items():
            print(
                f"{name:34} {median:10.1f} {p95:8.1f} {queries:8d} "
                f"{median / lobby:6.2f}x"
            )
    finally:
        teardown_databases(old_config, verbosity=0)


if __name__ == "__main__":
    main()
