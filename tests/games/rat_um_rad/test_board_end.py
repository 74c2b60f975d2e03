"""The Rat um Rad board at the end: everyone's achievements and points (issue 13, "Board")."""

from __future__ import annotations

import pytest

from games.rules.rat_um_rad import RULES
from tests.games.helpers import state_of
from tests.games.rat_um_rad.board_helpers import board_of

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------------
# The end


def test_the_end_shows_everyones_achievements(client, client_for, alice, finished):
    view = RULES.view(state_of(finished), None)
    for who in (client, client_for(alice)):
        board = board_of(who, finished)
        section = board.one("section", data_role="results")
        articles = section.all("article", cls="rr-result")
        ranked = sorted(view["results"], key=lambda r: (r["rank"], r["seat"]))
        assert [a.attrs["data-seat"] for a in articles] == [
            str(r["seat"]) for r in ranked
        ]
        for article, row in zip(articles, ranked, strict=True):
            assert article.attrs["data-rank"] == str(row["rank"])
            assert f"Place {row['rank']}" in article.one("h4").text()
            assert article.one("div", data_role="track").one("dd").text() == str(
                row["track"]
            )
            assert [
                li.attrs["data-dest"] for li in article.all("li", cls="rr-done")
            ] == [c["id"] for c in row["completed"]]
            assert [
                li.attrs["data-dest"] for li in article.all("li", cls="rr-failed")
            ] == [c["id"] for c in row["failed"]]
            for li, card in zip(
                article.all("li", cls="rr-failed"), row["failed"], strict=True
            ):
                assert f"−{card['points']}" in li.text()
            longest = article.one("div", data_role="longest").text()
            assert str(row["longest"]) in longest
            assert ("+10 bonus" in longest) == (row["bonus"] == 10)
            assert article.one("div", data_role="total").one("dd").text() == (
                str(row["total"]) if row["total"] >= 0 else f"−{-row['total']}"
            )
        assert board.moves() == []
        assert board.all("form", data_role="keep-form") == []
        assert "The game is over" in board.one("div", data_role="status").text()


def test_points_on_the_end_screen_use_a_real_minus_sign() -> None:
    """Gains and losses read alike: "+5", "−5", "0" (U+2212, not a hyphen)."""
    from games.rules.rat_um_rad.board import points as rr_points

    assert rr_points(5, "signed") == "+5"
    assert rr_points(-5, "signed") == "−5"
    assert rr_points(0, "signed") == "0"
    assert rr_points(5) == "5"
    assert rr_points(-12) == "−12"
