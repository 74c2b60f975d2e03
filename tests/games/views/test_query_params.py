"""No page answers junk in its query string with a 500.

The HTML views read no query parameters today; this keeps it that way for
NUL bytes, which PostgreSQL refuses in strings (CI runs this there).
"""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

PAGES = [
    "/",
    "/play/",
    "/matches/{id}/",
    "/games/toy/rules/",
    "/profile/",
    "/accounts/login/",
    "/accounts/signup/",
    "/i18n/setlang/",
]

QUERIES = [
    "next=%00&status=%00&game=%00&page=%00&q=%00&lang=%00",
    "next=/%00/&status=open%00&game=toy%00",
    "next=%ff%fe&game=..%2f..%2f&mine=%00",
]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("persona", [None, "alice"])
def test_junk_query_parameters_never_cause_a_500(
    request, client_for, started_match, page, persona
):
    user = request.getfixturevalue(persona) if persona else None
    client = client_for(user, raise_request_exception=True)

    for query in QUERIES:
        response = client.get(f"{page.format(id=started_match.id)}?{query}")
        assert response.status_code < 500, (page, query)
