"""Ratings: one OpenSkill update per finished rated match (issue 23, Ratings).

Most tests end a started Toy match through `core.match_finish` with an
outcome of their choosing, as the last move or a resignation would.
"""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone
from openskill.models import PlackettLuce

from games import services
from games.models import LeaveReason, Match, Rating, RatingChange, Seat
from games.rules import Outcome
from games.services.core import match_finish, match_lock
from tests.games.helpers import play_to_end

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def finish(match: Match, ranks: tuple[int, ...], status: str = Match.Status.FINISHED):
    """End `match` as the kernel does: locked, in one transaction."""
    with transaction.atomic():
        locked = match_lock(match.id)
        outcome = Outcome(ranks=ranks, reason="score")
        match_finish(
            locked,
            status=status,
            outcome=outcome if status == Match.Status.FINISHED else None,
        )


def two_people(alice, bob) -> Match:
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    match.refresh_from_db()
    return match


def rating(user) -> Rating:
    return Rating.objects.get(user=user, game_slug="toy")


def test_a_finished_match_of_two_people_rates_both_winner_up(alice, bob):
    # Issue 23, Ratings: OpenSkill per game, for rated matches.
    match = two_people(alice, bob)

    finish(match, (1, 2))

    assert rating(alice).mu > 25 > rating(bob).mu
    assert rating(alice).matches == rating(bob).matches == 1
    assert (rating(alice).wins, rating(bob).wins) == (1, 0)
    winner = rating(alice)
    assert winner.ordinal == pytest.approx(winner.mu - 3 * winner.sigma)
    changes = RatingChange.objects.filter(match=match).order_by("position")
    assert [(c.user_id, c.rank, c.mu_before) for c in changes] == [
        (alice.id, 1, 25.0),
        (bob.id, 2, 25.0),
    ]
    assert changes[0].mu_after == rating(alice).mu


def test_ties_share_a_rank_and_move_equally(alice, bob, carol):
    # Issue 23, Ratings: ties share a rank.
    match = services.match_create(user=alice, game_slug="toy", seats=3)
    services.seat_claim(match_id=match.id, user=bob)
    services.seat_claim(match_id=match.id, user=carol)

    finish(match, (2, 1, 2))

    assert rating(alice).mu == pytest.approx(rating(carol).mu)
    assert rating(bob).mu > rating(alice).mu


def test_robot_seats_take_part_but_are_not_rated(started_match, alice, bob):
    # Issue 23, Ratings: robot seats may take part; robots are not rated.
    finish(started_match, (2, 3, 1))

    assert RatingChange.objects.filter(match=started_match).count() == 2
    assert Rating.objects.count() == 2
    # The robot took part as a fresh rating, first of three.
    model = PlackettLuce()
    [[a], [b], _] = model.rate(
        [[model.rating()], [model.rating()], [model.rating()]], ranks=[2, 3, 1]
    )
    assert rating(alice).mu == pytest.approx(a.mu)
    assert rating(bob).mu == pytest.approx(b.mu)


def test_one_person_and_robots_is_not_rated(alice):
    # Issue 23, Ratings: at least two people seated.
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_robot_add(match_id=match.id, user=alice)

    finish(match, (1, 2))

    assert not Rating.objects.exists()
    assert not RatingChange.objects.exists()


def test_a_solo_match_is_never_rated(alice):
    # Issue 23, Ratings: a solo match is never rated.
    match = services.match_create(user=alice, game_slug="toy", seats=1)

    finish(match, (1,))

    assert not RatingChange.objects.exists()


def test_an_unrated_match_is_not_rated(alice, bob):
    # Issue 23, Ratings: the creator may make a match unrated.
    match = two_people(alice, bob)
    Match.objects.filter(id=match.id).update(rated=False)

    finish(match, (1, 2))

    assert not RatingChange.objects.exists()


@pytest.mark.parametrize("status", [Match.Status.CANCELLED, Match.Status.ABORTED])
def test_a_cancelled_or_aborted_match_is_not_rated(alice, bob, status):
    # Issue 23, Ratings: an aborted or cancelled match is not rated.
    match = two_people(alice, bob)

    finish(match, (1, 2), status=status)

    assert not RatingChange.objects.exists()


def test_a_stand_in_seat_is_rated_as_the_persons(alice, bob):
    # Issue 23, Ratings: a seat played out by a stand-in is still rated.
    match = two_people(alice, bob)
    Seat.objects.filter(match=match, user=bob).update(
        controller=Seat.Controller.STAND_IN, robot="medium"
    )

    finish(match, (2, 1))

    assert rating(bob).wins == 1
    assert RatingChange.objects.get(match=match, user=bob).rank == 1


@pytest.mark.parametrize("reason", list(LeaveReason))
def test_a_resigner_or_a_seat_lost_to_timeouts_counts_as_last(
    alice, bob, carol, reason
):
    # Issue 23, Ratings: a resigner or a seat lost after three timeouts is
    # last; issue 24, Sanctions: so is a seat a moderator took ("as for a
    # seat lost after timeouts") or whose person deleted their account.
    match = services.match_create(user=alice, game_slug="toy", seats=3)
    services.seat_claim(match_id=match.id, user=bob)
    services.seat_claim(match_id=match.id, user=carol)
    Seat.objects.filter(match=match, user=alice).update(
        controller=Seat.Controller.STAND_IN,
        robot="medium",
        left_at=timezone.now(),
        left_reason=reason,
    )

    # The stand-in played alice's seat to first place after she left.
    finish(match, (1, 2, 3))

    match.refresh_from_db()
    assert match.outcome["ranks"] == [3, 1, 2]
    assert RatingChange.objects.get(match=match, user=alice).rank == 3
    assert rating(alice).mu < 25


def test_rating_again_changes_nothing(alice, bob):
    # Issue 23, Ratings: updated exactly once per match, even when a second
    # finisher ends it again after the first one's lock.
    match = two_people(alice, bob)
    finish(match, (1, 2))
    before = list(Rating.objects.order_by("id").values())

    with transaction.atomic():
        locked = match_lock(match.id)
        match_finish(
            locked,
            status=Match.Status.FINISHED,
            outcome=Outcome(ranks=(2, 1), reason="x"),
        )

    assert list(Rating.objects.order_by("id").values()) == before
    assert RatingChange.objects.filter(match=match).count() == 2


def test_a_second_change_for_the_same_match_and_person_is_refused(alice, bob):
    # Issue 23, Ratings: the unique (match, user) backs the idempotence.
    match = two_people(alice, bob)
    finish(match, (1, 2))
    change = RatingChange.objects.get(match=match, user=alice)
    change.pk = None

    with pytest.raises(IntegrityError), transaction.atomic():
        change.save()


def test_ratings_carry_over_to_the_next_match(alice, bob):
    # Issue 23, Ratings: the next match starts from the stored rating.
    finish(two_people(alice, bob), (1, 2))
    after_first = rating(alice)
    second = two_people(alice, bob)

    finish(second, (1, 2))

    change = RatingChange.objects.get(match=second, user=alice)
    assert (change.mu_before, change.sigma_before) == (
        after_first.mu,
        after_first.sigma,
    )
    assert rating(alice).matches == 2
    assert rating(alice).sigma < after_first.sigma


def test_a_match_played_to_its_end_is_rated_once(started_match, alice, bob):
    # Issue 23, Ratings: updated in the transaction that finishes the match.
    play_to_end(started_match, {0: alice, 1: bob}, seed=3)

    started_match.refresh_from_db()
    ranks = started_match.outcome["ranks"]
    changes = RatingChange.objects.filter(match=started_match).order_by("position")
    assert [(c.position, c.rank) for c in changes] == [(0, ranks[0]), (1, ranks[1])]
