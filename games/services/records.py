"""Each person's count of finished matches played and won per game (issue 23).

`play_records_count` is called by `core.match_finish` in the transaction
that finishes a match, so `PlayRecord` always agrees with the finished
matches; `play_records_recount` counts them afresh from the matches
(for a rebuild, and for the tests that prove the two agree).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db.models import Case, F, When

from games.models import Match, PlayRecord, Seat


def play_records_count(match: Match, seats: Iterable[Seat]) -> None:
    """Count FINISHED `match` (its `outcome` saved) for each person seated.

    `seats` are the match's seats; robots' are left out. A seat ranked
    first by `match.outcome["ranks"]` (after resigners were ranked last)
    is a win; ties for first count for each. Call once per match, in the
    transaction that finishes it (a cancelled or aborted match is not
    counted). Three queries: create the missing rows, lock them, add.
    """
    ranks: Sequence[int] = (match.outcome or {}).get("ranks", ())
    people = {
        s.user_id: len(ranks) > s.position and ranks[s.position] == 1
        for s in seats
        if s.user_id is not None
    }
    if not people:
        return
    # Created in id order too (an insert waits on another's new row).
    PlayRecord.objects.bulk_create(
        [
            PlayRecord(user_id=user, game_slug=match.game_slug)
            for user in sorted(people)
        ],
        ignore_conflicts=True,
    )
    winners = [user for user, won in people.items() if won]
    rows = PlayRecord.objects.filter(game_slug=match.game_slug, user__in=people)
    # Locked in one order (by id), so that two matches sharing players
    # and finishing at once wait for each other rather than deadlock.
    list(rows.select_for_update().order_by("pk").values_list("pk", flat=True))
    rows.update(
        played=F("played") + 1,
        won=F("won") + Case(When(user__in=winners, then=1), default=0),
    )


def play_records_recount() -> dict[tuple[int, str], tuple[int, int]]:
    """Return (user id, game slug) -> (played, won), counted from the matches.

    Reads every finished match's seats (a rebuild's cost, not a page's).
    """
    counts: dict[tuple[int, str], tuple[int, int]] = {}
    seats = Seat.objects.filter(
        user__isnull=False, match__status=Match.Status.FINISHED
    ).values_list("user_id", "match__game_slug", "position", "match__outcome")
    for user, slug, position, outcome in seats.iterator():
        ranks = (outcome or {}).get("ranks", [])
        played, won = counts.get((user, slug), (0, 0))
        won += len(ranks) > position and ranks[position] == 1
        counts[(user, slug)] = (played + 1, won)
    return counts


def play_records_rebuild() -> None:
    """Replace every PlayRecord by a fresh count (`play_records_recount`)."""
    PlayRecord.objects.all().delete()
    PlayRecord.objects.bulk_create(
        (
            PlayRecord(user_id=user, game_slug=slug, played=played, won=won)
            for (user, slug), (played, won) in play_records_recount().items()
        ),
        batch_size=1000,
    )
