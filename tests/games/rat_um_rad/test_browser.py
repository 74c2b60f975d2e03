"""A 4-seat Rat um Rad match (two people, two robots) ends with the scoring screen.

alice (seat 0, English, 1280 px) and carol (seat 1, German, a 390 px phone)
play against two robots (seats 2 and 3), which move through the real
Celery worker. The people keep destination cards in setup on the board;
then, once a person is to move, the test stores a hand-built position near
the end (`_near_end`) through the services' bookkeeping, as
tests/games/knatsch/test_browser.py does, and the last moves are played on
the board:

1. carol takes two wheel cards: a face-up one, then one from the deck;
2. the robots take their turns (empty hands: they cannot build yet);
3. alice clicks a road on the map and chooses one of its two payments; she
   has 2 wheels left, so the final round begins;
4. carol clicks a road on the map and chooses how to pay (two ways);
5. the robots act once more;
6. alice takes two wheel cards, and the game is over.

Both pages follow every move through the socket, without a reload. The
end screen (every player's completed and failed destination cards with
their points, longest path, totals and places) is checked against the
engine's results for the stored final state, at both widths and in both
languages. Nothing sleeps: every wait is for a condition on the page.

The stored position: browser_position.py; the end screen's checks:
browser_results.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from games.rules.rat_um_rad import RULES
from games.rules.registry import robots_for
from tests.browser import (
    SERVER_VERSION_JS,
    STORE_STATE,
    Stack,
    assert_no_sideways_scroll,
    create_form,
    log_in,
    screenshot,
)
from tests.games.rat_um_rad.browser_position import (
    ALICE,
    ALICE_ROAD,
    CAROL,
    CAROL_ROAD,
    MAP,
    _near_end,
)
from tests.games.rat_um_rad.browser_results import (
    _check_english,
    _check_german,
    _check_results,
)

pytestmark = pytest.mark.browser

SLUG = "rat-um-rad"
ROBOT_SEATS = (2, 3)
MOVE_SECONDS = 45  # a robot turn runs through Celery: allow for a slow worker
START_SECONDS = 60
SHOTS = Path("/tmp")  # copies of the screenshots for a person to look at

VERSION_JS = "Number(document.querySelector('#board').dataset.version)"

# With SERVER_VERSION_JS (tests/browser.py) recording the versions the page
# had from the server: the page shows the newest board it has been sent, at
# least version `v`,
# and no request of its own is under way.
SETTLED_JS = """
v => {
  const shown = Number(document.querySelector('#board')?.dataset.version);
  return shown >= v && shown >= window.__serverVersion
    && !document.querySelector('#live-root .htmx-request');
}
"""
# As SETTLED_JS, and the board says it is this page's turn.
MY_TURN_JS = f"""
() => ({SETTLED_JS})(0) && !!document.querySelector('#board .your-turn')
  && !!document.querySelector('#board .rat-um-rad [data-role=status] .rr-mine')
"""
OVER_JS = f"""
() => ({SETTLED_JS})(0)
  && !!document.querySelector('#board .rat-um-rad[data-phase=over] [data-role=results]')
"""


# -- The stack: reading and storing the match ---------------------------------

WAIT_FOR_A_PERSON = """
import json, time
from games.models import Match
for _ in range({tries}):
    match = Match.objects.get(id={match_id})
    state = match.game_state() if match.status == "active" else None
    if state is not None and state.phase == "turn" and match.rules.to_move(state) & {{0, 1}}:
        break
    time.sleep(0.25)
else:
    raise SystemExit("no person to move after the setup: " + match.status)
seats = [
    {{"position": s.position, "user": s.user.username if s.user_id else None,
      "robot": s.robot or None, "name": s.name}}
    for s in match.seats.select_related("user").order_by("position")
]
print(json.dumps({{"version": match.version, "seats": seats, "state": match.state}}))
"""


FINAL = """
import json
from games.models import Match
match = Match.objects.get(id={match_id})
moves = match.moves.filter(seq__gt={version}).order_by("seq")
print(json.dumps({{
    "status": match.status,
    "state": match.state,
    "moves": [[m.seat, m.payload, m.by_robot] for m in moves],
}}))
"""


# -- The browser --------------------------------------------------------------


def _version(page: Any) -> int:
    return int(page.evaluate(VERSION_JS))


def _settle(page: Any, version: int) -> None:
    """Wait until `page` shows board `version` or later, the newest pushed, idle."""
    page.wait_for_function(SETTLED_JS, arg=version, timeout=MOVE_SECONDS * 1000)


def _wait_my_turn(page: Any) -> None:
    """Wait until `page`'s newest board says it is this person's turn."""
    page.wait_for_function(MY_TURN_JS, timeout=MOVE_SECONDS * 2000)


def _refusal(page: Any) -> str:
    flash = page.locator("#flash .message.error")
    return flash.first.inner_text() if flash.count() else ""


def _click_and_settle(pages: dict[int, Any], page: Any, target: Any) -> int:
    """Click `target` on `page` (a move); wait until every page shows the next version."""
    before = _version(page)
    target.click()
    for other in pages.values():
        _settle(other, before + 1)
    assert not _refusal(page), f"the move was refused: {_refusal(page)}"
    return before + 1


def _tick(page: Any, give_back: bool) -> None:
    """Leave every offered destination card ticked, or untick the first one."""
    form = page.locator("#board [data-role=keep-form]")
    boxes = form.locator("input[type=checkbox]")
    assert boxes.count() == 3
    assert all(box.is_checked() for box in boxes.all())
    if give_back:
        boxes.first.uncheck()
        assert form.locator("[data-role=keep-submit]").is_enabled()
        # Two unticked would be too few: the button says so before the server.
        boxes.nth(1).uncheck()
        assert form.locator("[data-role=keep-submit]").is_disabled()
        assert form.locator("[data-role=keep-invalid]").is_visible()
        boxes.nth(1).check()


def _ticked(page: Any) -> list[bool]:
    boxes = page.locator("#board [data-role=keep-form] input[type=checkbox]")
    return [box.is_checked() for box in boxes.all()]


def _keep(page: Any) -> None:
    """Keep the ticked destination cards."""
    page.locator("#board [data-role=keep-form] [data-role=keep-submit]").click()


def _take_two(pages: dict[int, Any], page: Any) -> None:
    """Take a face-up colour card, then the deck's top card."""
    hand_before = _hand(page)
    tiles = page.locator(
        "#board .rr-display li[data-display]:not([data-display=joker])"
    )
    colour = tiles.first.get_attribute("data-display")
    _click_and_settle(pages, page, tiles.first.locator("button.rr-take"))
    status = page.locator("#board [data-role=status] .rr-mine")
    assert status.count() == 1, "no second pick offered"
    # A face-up joker may not be the second card: it has no button now.
    assert page.locator("#board [data-display=joker] button").count() == 0
    _click_and_settle(pages, page, page.locator("#board [data-role=deck] button"))
    hand_after = _hand(page)
    assert sum(hand_after.values()) == sum(hand_before.values()) + 2
    assert hand_after[colour] >= hand_before.get(colour, 0) + 1


def _hand(page: Any) -> dict[str, int]:
    """Return the viewer's hand as the board shows it ({kind: count})."""
    return {
        tile.get_attribute("data-hand"): int(tile.get_attribute("data-count"))
        for tile in page.locator("#board [data-role=hand] li[data-hand]").all()
    }


def _build_on_the_map(pages: dict[int, Any], page: Any, road: str) -> dict:
    """Click `road` on the map, check its payment choice, pay with a joker and colour.

    Returns the move paid.
    """
    link = page.locator(f"#board .rr-road-link[data-road='{road}']")
    assert link.count() == 1, f"{road} is not buildable on the map"
    # The middle wheel slot: a slot is what a player sees and taps.
    slots = link.locator("rect.rr-slot")
    slots.nth(slots.count() // 2).click()
    chooser = page.locator(f"#board details.rr-build-road[data-road='{road}']")
    page.wait_for_function(
        "road => document.querySelector("
        "`#board details.rr-build-road[data-road='${road}']`)?.open",
        arg=road,
    )
    # Only this road's chooser is open, and its road is marked on the map.
    assert page.locator("#board details.rr-build-road[open]").count() == 1
    assert "rr-chosen" in (
        page.locator(f"#board .rr-road[data-road='{road}']").get_attribute("class")
        or ""
    )
    buttons = chooser.locator(".rr-payments button[data-move]")
    assert buttons.count() >= 2, "no choice of payment"
    moves = [json.loads(b.get_attribute("data-move") or "{}") for b in buttons.all()]
    assert {m["road"] for m in moves} == {road}
    assert len({(m["colour"], m["jokers"]) for m in moves}) == len(moves)
    index = next(
        i for i, m in enumerate(moves) if m["colour"] != "joker" and m["jokers"] == 1
    )
    button = buttons.nth(index)
    assert button.is_visible()
    _click_and_settle(pages, page, button)
    return moves[index]


def _zoom_in(page: Any) -> None:
    """Check the phone's map zoom; leave it zoomed in twice from the whole map.

    The map starts fitted to its frame (the whole map, issue 21); "+" twice
    doubles it and the frame scrolls, not the page.
    """
    frame = page.locator("#board [data-role=map-scroll]")
    svg = frame.locator("svg.rr-map")
    fitted = frame.bounding_box()
    assert fitted
    whole = svg.bounding_box()
    assert whole
    assert whole["width"] <= fitted["width"] + 1
    assert_no_sideways_scroll(page)
    _shoot_element(frame, "rat-um-rad-map-start-390")
    zoom_in = page.locator("#board [data-role=zoom] [data-zoom='1']")
    zoom_in.click()
    zoom_in.click()
    page.wait_for_function(
        "() => document.querySelector('#board [data-role=map-scroll]')"
        ".style.getPropertyValue('--rr-zoom') === '2'"
    )
    zoomed = svg.bounding_box()
    assert zoomed
    assert zoomed["width"] > 1.9 * whole["width"]
    framed = frame.bounding_box()
    assert framed
    assert framed["width"] == fitted["width"]
    assert_no_sideways_scroll(page)
    _shoot_element(frame, "rat-um-rad-map-zoomed-390")


def _shoot_element(locator: Any, name: str) -> None:
    """Save a screenshot of one element under /tmp, for a person to look at."""
    locator.screenshot(path=str(SHOTS / f"{name}.png"))


def _shoot(page: Any, name: str) -> None:
    """Save a full-page screenshot to test-results/ and a copy under /tmp."""
    path = screenshot(page, name)
    (SHOTS / path.name).write_bytes(path.read_bytes())


# -- The test -----------------------------------------------------------------


def test_a_four_seat_match_ends_with_the_scoring_screen(stack: Stack, new_page) -> None:
    alice = new_page(width=1280)
    carol = new_page(locale="de-DE", width=390)
    pages = {ALICE: alice, CAROL: carol}
    for page in pages.values():
        page.add_init_script(SERVER_VERSION_JS)
    log_in(alice, "alice")
    log_in(carol, "carol")

    # alice creates a 4-seat match on the Basel map; carol takes a seat;
    # alice adds two robots, and the match starts.
    form = create_form(alice, SLUG)
    form.locator("select[name=seats]").select_option("4")
    form.locator("select[name=option_map]").select_option(MAP)
    form.locator("button[type=submit]").click()
    alice.wait_for_url("**/matches/*/")
    match_url = alice.url
    found = re.search(r"/matches/(\d+)/", match_url)
    assert found, match_url
    match_id = int(found.group(1))
    carol.goto(match_url)
    carol.locator("form[action$='/join/'] button").click()
    carol.wait_for_selector("form[action$='/robots/'] button")
    robots = robots_for(SLUG)
    robot = "easy" if "easy" in robots else next(iter(robots))
    for free in (2, 1):
        alice.wait_for_function(
            "n => document.querySelectorAll('#seats li.seat.free').length === n",
            arg=free,
        )
        if alice.locator("select[name=robot]").count():
            alice.locator("select[name=robot]").select_option(robot)
        alice.locator("form[action$='/robots/'] button").click()
    for page in pages.values():
        page.wait_for_selector("#board .rat-um-rad[data-phase=setup]")
        page.evaluate("window.__e2eNoReload = true")

    # The setup, on the board: alice keeps her three short cards, carol
    # gives one back. The robots choose through Celery.
    for page in pages.values():
        page.wait_for_selector("#board [data-role=keep-form]")
    assert_no_sideways_scroll(carol)
    _shoot(alice, "rat-um-rad-setup-1280")
    _shoot(carol, "rat-um-rad-setup-390")
    # carol ticks first; alice's choice then pushes a new board to carol's
    # page, which keeps carol's ticks.
    _tick(carol, give_back=True)
    _tick(alice, give_back=False)
    _keep(alice)
    for page in pages.values():
        page.wait_for_function(
            f"() => ({SETTLED_JS})(0) && !document.querySelector("
            f"\"#board tr[data-seat='{ALICE}'] .rr-turn\")"
        )
    assert _ticked(carol) == [False, True, True]
    _keep(carol)
    for page in pages.values():
        page.wait_for_selector("#board .rat-um-rad[data-phase=turn]", timeout=60_000)
    kept = {
        seat: page.locator("#board [data-role=destinations] li[data-dest]").count()
        for seat, page in pages.items()
    }
    assert kept == {ALICE: 4, CAROL: 3}, kept  # each with their long card

    # Once a person is to move nothing happens until they do: store the
    # position near the end.
    info = json.loads(
        stack.shell(
            WAIT_FOR_A_PERSON.format(match_id=match_id, tries=START_SECONDS * 4)
        ).strip()
    )
    seats = info["seats"]
    assert [s["user"] for s in seats] == ["alice", "carol", None, None], seats
    assert [seats[s]["robot"] for s in ROBOT_SEATS] == [robot, robot], seats
    names = {s["position"]: s["name"] for s in seats}
    version = info["version"]
    start = _near_end(RULES.state_from_json(info["state"]))
    stack.shell(
        STORE_STATE.format(
            match_id=match_id, version=version, state=json.dumps(start.to_json())
        )
    )
    for page in pages.values():
        page.reload()
        page.wait_for_selector("#board .rat-um-rad[data-phase=turn]")
        _settle(page, version)
        page.evaluate("window.__e2eNoReload = true")

    # 1. carol takes two wheel cards.
    _wait_my_turn(carol)
    assert alice.locator("#board .your-turn").count() == 0
    assert carol.locator("#board [data-role=build]").count() == 1  # she could build
    _shoot(carol, "rat-um-rad-turn-390")
    _shoot(alice, "rat-um-rad-waiting-1280")
    _take_two(pages, carol)

    # 2-3. The robots take their turns; then alice builds on the map with 5
    # wheels left, and the final round begins.
    _wait_my_turn(alice)
    _shoot(alice, "rat-um-rad-turn-1280")
    paid = _build_on_the_map(pages, alice, ALICE_ROAD)
    assert paid["colour"] == "green"
    for page in pages.values():
        final = page.locator("#board [data-role=final-round]")
        assert final.is_visible()
        road = page.locator(f"#board .rr-road[data-road='{ALICE_ROAD}']")
        assert road.get_attribute("data-owner") == str(ALICE)
    assert (
        "Final round: you have 2 wheels or fewer left."
        in alice.locator("#board [data-role=final-round]").inner_text()
    )
    wheels = alice.locator(f"#board tr[data-seat='{ALICE}'] [data-role=wheels]")
    assert wheels.inner_text() == "2"

    # 4. carol zooms the map in on her phone, builds on it, paying with a joker.
    _wait_my_turn(carol)
    _shoot(carol, "rat-um-rad-final-round-390")
    _zoom_in(carol)
    _build_on_the_map(pages, carol, CAROL_ROAD)
    done = carol.locator(
        "#board [data-role=destinations] li[data-dest='FromBiologieToKunstgeschichte']"
    )
    assert done.get_attribute("data-completed") == "true"

    # 5-6. The robots act once more; alice's last action takes two cards.
    _wait_my_turn(alice)
    _take_two(pages, alice)

    for page in pages.values():
        page.wait_for_function(OVER_JS, timeout=MOVE_SECONDS * 1000)
        assert page.evaluate("window.__e2eNoReload === true"), "a page reloaded"
        assert page.locator("#board button[data-move]").count() == 0

    played = json.loads(
        stack.shell(FINAL.format(match_id=match_id, version=version)).strip()
    )
    assert played["status"] == "finished"
    end = RULES.state_from_json(played["state"])
    assert end.phase == "over"
    assert end.end_reason == "final_round"
    view = RULES.view(end, None)
    results = view["results"]
    # The people's moves are theirs, the robots' the robots'.
    assert {(seat, by_robot) for seat, _move, by_robot in played["moves"]} == {
        (ALICE, False),
        (CAROL, False),
        (2, True),
        (3, True),
    }
    by_seat = {row["seat"]: row for row in results}
    assert [c["id"] for c in by_seat[ALICE]["completed"]] == [
        "FromBahnhofToJus",
        "FromBahnhofToMedizin",
    ]
    assert [c["id"] for c in by_seat[ALICE]["failed"]] == ["FromPhilosophieToMedizin"]
    assert [c["id"] for c in by_seat[CAROL]["completed"]] == [
        "FromKollegienhausToPolitikwissenschaften",
        "FromBiologieToKunstgeschichte",
    ]
    assert [c["id"] for c in by_seat[CAROL]["failed"]] == ["FromTheologieToWettstein"]

    _check_results(alice, results, names)
    _check_results(carol, results, names)
    _check_english(alice)
    _check_german(carol)
    _shoot(alice, "rat-um-rad-end-en-1280")
    _shoot(carol, "rat-um-rad-end-de-390")
    _shoot_element(
        carol.locator("#board [data-role=results]"), "rat-um-rad-results-390"
    )
    _shoot_element(alice.locator("#board .rr-map-panel"), "rat-um-rad-map-1280")

    # The same end screen, the other way round: alice on a phone, carol wide.
    more = {"alice": new_page(width=390), "carol": new_page(width=1280)}
    for name, page in more.items():
        log_in(page, name)
        page.goto(match_url)
        page.wait_for_selector("#board [data-role=results]")
        _check_results(page, results, names)
        assert_no_sideways_scroll(page)
    _check_english(more["alice"])
    _check_german(more["carol"])
    _shoot(more["alice"], "rat-um-rad-end-en-390")
    _shoot(more["carol"], "rat-um-rad-end-de-1280")
    for page in pages.values():
        assert_no_sideways_scroll(page)
    print(
        f"rat-um-rad e2e: from version {version}, {len(played['moves'])} moves "
        f"({sum(m[2] for m in played['moves'])} by the robots), "
        f"totals {[row['total'] for row in results]}"
    )
