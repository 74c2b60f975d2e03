"""Arbitrary JSON to the moves endpoint: always an answer, never a 500."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

# The Toy's own words, so the fuzzer also reaches the engine's parser.
WORDS = st.sampled_from(
    [
        "kind",
        "roll",
        "bank",
        "target",
        "short",
        "long",
        "version",
        "move",
    ]
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
    | WORDS
)
JSON = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(WORDS | st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
BODIES = (
    JSON
    | st.fixed_dictionaries(
        {"version": JSON | st.integers(min_value=-2, max_value=3), "move": JSON}
    )
    | st.fixed_dictionaries(
        {
            "version": st.just(0),
            "move": st.fixed_dictionaries(
                {"kind": WORDS},
                optional={"times": JSON, "target": JSON},
            ),
        }
    )
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(body=BODIES)
def test_any_json_to_the_moves_endpoint_is_answered_without_a_500(
    api_for, alice, started_match, body
):
    client = api_for(alice)
    client.raise_request_exception = True

    response = client.post(
        f"/api/matches/{started_match.id}/moves/",
        json.dumps(body),
        content_type="application/json",
    )

    assert response.status_code in (200, 400, 403, 409), (body, response.content)


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"{",
        b"\xff\xfe",
        b"NaN",
        b'{"version": 0, "move": {"kind": "play", "card": NaN}}',
    ],
)
def test_unparseable_bodies_are_400(api_for, alice, started_match, raw):
    response = api_for(alice).post(
        f"/api/matches/{started_match.id}/moves/", raw, content_type="application/json"
    )

    assert response.status_code == 400
