"""The end screen of the Rat um Rad browser test (test_browser.py): results, English, German."""

from __future__ import annotations

import re
from typing import Any

from django.utils import translation

from games.rules.rat_um_rad.board import points as rr_points
from tests.games.rat_um_rad.browser_position import ALICE, CAROL

PEOPLE = {ALICE: "alice", CAROL: "carol"}  # carol's profile language is German


def _german(msgid: str) -> str:
    """Return the German of `msgid` in the compiled catalogue the server reads, or ""."""
    with translation.override("de"):
        german = translation.gettext(msgid)
    return "" if german == msgid else german


def _check_results(page: Any, results: list[dict], names: dict[int, str]) -> None:
    """The end screen shows every seat's achievements as the engine scored them."""
    section = page.locator("#board [data-role=results]")
    assert section.is_visible()
    rows = section.locator("article.rr-result")
    assert rows.count() == len(results)
    # Sorted by place: the winner first.
    ranks = [int(r.get_attribute("data-rank") or 0) for r in rows.all()]
    assert ranks == sorted(ranks)
    for result in results:
        row = section.locator(f"article.rr-result[data-seat='{result['seat']}']")
        assert int(row.get_attribute("data-rank") or 0) == result["rank"]
        if result["seat"] in PEOPLE:  # a robot's name is in the page's language
            assert names[result["seat"]] in row.locator("h4").inner_text()
        figures = {
            role: row.locator(f"[data-role={role}] dd").inner_text().strip()
            for role in ("track", "destination-points", "total")
        }
        points = result["destination_points"]
        assert figures == {
            "track": str(result["track"]),
            "destination-points": rr_points(points, "signed"),
            "total": rr_points(result["total"]),
        }
        for role, cards, sign in (
            ("completed", result["completed"], "+"),
            ("failed", result["failed"], "−"),
        ):
            shown = row.locator(f"[data-role={role}] li[data-dest]")
            assert sorted(
                li.get_attribute("data-dest") for li in shown.all()
            ) == sorted(c["id"] for c in cards)
            for card in cards:
                text = row.locator(f"[data-role={role}] li[data-dest='{card['id']}']")
                assert f"{card['a']} – {card['b']}" in text.inner_text()
                assert f"{sign}{card['points']}" in text.inner_text()
        longest = row.locator("[data-role=longest] dd").inner_text()
        assert re.match(rf"{result['longest']}\b", longest), longest
        assert ("+10" in longest) == bool(result["bonus"]), longest


def _check_english(page: Any) -> None:
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("#match-status").inner_text() == "Finished"
    assert page.locator("#board .outcome h2").inner_text() == "Final result"
    board = page.locator("#board .rat-um-rad")
    assert board.locator("#rr-results-title").inner_text() == "Achievements"
    assert "The game is over" in board.locator("[data-role=end]").inner_text()
    row = board.locator("article.rr-result").first
    assert row.locator("[data-role=completed] dt").inner_text() == (
        "Completed destinations"
    )
    assert row.locator("[data-role=failed] dt").inner_text() == "Failed destinations"
    assert row.locator("[data-role=longest] dt").inner_text() == "Longest path"
    assert row.locator("[data-role=total] dt").inner_text() == "Total"


def _check_german(page: Any) -> None:
    """carol's page is German: the site's words and, once translated, the board's."""
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.locator("header nav a").first.inner_text() == "Spielen"
    assert page.locator("#match-status").inner_text() == "Beendet"
    assert page.locator("#board .outcome h2").inner_text() == "Endergebnis"
    board = page.locator("#board .rat-um-rad")
    assert board.locator("#rr-players-title").inner_text() == "Spieler"
    row = board.locator("article.rr-result").first
    assert row.locator("[data-role=total] dt").inner_text() == "Summe"
    # The board's own texts are being translated separately: each is
    # checked once the compiled catalogue (django.mo) has it.
    for selector, msgid in (
        ("#rr-results-title", "Achievements"),
        ("article.rr-result [data-role=completed] dt", "Completed destinations"),
        ("article.rr-result [data-role=failed] dt", "Failed destinations"),
        ("article.rr-result [data-role=longest] dt", "Longest path"),
        ("#rr-table-title", "Wheel cards"),
    ):
        german = _german(msgid)
        if german:
            assert board.locator(selector).first.inner_text() == german, msgid
