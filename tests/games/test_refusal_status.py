"""Each refusal carries the HTTP status every door answers it with.

games.exceptions is the one status map (issue 22): the API answers
`status_code`, the board's htmx move form `page_status_code`, and the
account services' refusals carry the API's status too. These are the
statuses the doors' own tests (tests/api, tests/games/views) observe.
"""

from __future__ import annotations

import pytest

from accounts import exceptions as account_exceptions
from games import exceptions


@pytest.mark.parametrize(
    ("refusal", "api", "page"),
    [
        (exceptions.MatchError, 409, 400),
        (exceptions.StaleMatch, 409, 409),
        (exceptions.NotYourTurn, 403, 403),
        (exceptions.NotSeated, 403, 403),
        (exceptions.MatchNotActive, 409, 400),
        (exceptions.MatchNotFound, 404, 404),
        (exceptions.SeatUnavailable, 409, 400),
        (exceptions.InvalidMatchSettings, 400, 400),
        (exceptions.InvalidMove, 409, 400),
    ],
)
def test_a_match_refusal_carries_its_statuses(refusal, api, page):
    error = refusal("no")

    assert (error.status_code, error.page_status_code) == (api, page)


@pytest.mark.parametrize(
    ("refusal", "api"),
    [
        (account_exceptions.LogInRefused, 401),
        (account_exceptions.LogInRateLimited, 429),
        (account_exceptions.VacationRefused, 409),
    ],
)
def test_an_account_refusal_carries_its_status(refusal, api):
    assert refusal("no").status_code == api
