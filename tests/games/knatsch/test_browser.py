"""Two people and a robot play a Knatsch match to a win in two browsers.

alice (seat 0, 1280 px) and bob (seat 1, a 390 px phone) play against the
default robot (seat 2), which moves through the real Celery worker. To keep
the match short and certain to hold a defence and a tournament, the test
stores a hand-built position once the match has started (`START`): alice to
move, bob a tournament away from a win.

The dice come from the state's Rng, so the test first searches, in this
process and without a browser, for the Rng seed with which the people's
fixed policy (the strong robot's choice on their view) and the real robot
(seeded as games/services/core.py `robot_move_choose` seeds it) play a match with
a defence by a person, a tournament in which a person throws, and a win
within MAX_MOVES moves. The search runs at test time, so it follows any
change to the engine or the robot. The plan and START: browser_plan.py.

Then the planned moves are played in the browser: a person's move is a click
on the board (the button whose data-move is the move; for a throw that keeps
dice, the dice are ticked on the board, by mouse and by keyboard, and "Throw
the others" is clicked); the robot's moves are waited for. Both pages must
follow every move through the socket, without a reload.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from games.rules.knatsch import RULES
from tests.browser import (
    SERVER_VERSION_JS,
    STORE_STATE,
    Stack,
    assert_no_sideways_scroll,
    board_version,
    create_form,
    log_in,
    screenshot,
    wait_board_past,
)
from tests.games.knatsch.browser_plan import (
    ALICE,
    BOB,
    PEOPLE,
    ROBOT,
    SLUG,
    Step,
    _plan,
)

pytestmark = pytest.mark.browser

WIDTHS = {ALICE: 1280, BOB: 390}
MOVE_SECONDS = 30
START_SECONDS = 60
VERSION_JS = "Number(document.querySelector('#board').dataset.version)"

# With SERVER_VERSION_JS (tests/browser.py) recording the versions the page
# had from the server (loaded, answered, pushed): a page has settled on a
# version once it has had it and shows it, and no request is under way. The
# socket pushes only versions newer than the page's.
SETTLED_JS = """
v => Number(document.querySelector('#board')?.dataset.version) >= v
  && window.__serverVersion >= v
  && !document.querySelector('#live-root .htmx-request')
"""


# -- The stack: reading and storing the match ---------------------------------


WAIT_FOR_A_PERSON = """
import json, time
from games.models import Match
for _ in range({tries}):
    match = Match.objects.get(id={match_id})
    if match.status == "active" and match.rules.to_move(match.game_state()) & {{0, 1}}:
        break
    time.sleep(0.25)
else:
    raise SystemExit("no person to move: " + match.status)
seats = [
    {{"position": s.position, "user": s.user.username if s.user_id else None,
      "robot": s.robot or None, "name": s.name}}
    for s in match.seats.select_related("user").order_by("position")
]
print(json.dumps({{"seed": match.seed, "version": match.version, "seats": seats}}))
"""


MOVES_SINCE = """
import json
from games.models import Match
match = Match.objects.get(id={match_id})
moves = match.moves.filter(seq__gt={version}).order_by("seq")
print(json.dumps({{
    "status": match.status,
    "moves": [[m.seq, m.seat, m.payload, m.by_robot] for m in moves],
}}))
"""


# -- The browser --------------------------------------------------------------


def _version(page: Any) -> int:
    return int(page.evaluate(VERSION_JS))


def _settle(page: Any, version: int) -> None:
    """Wait until `page` shows board `version` or later, pushed, nothing in flight."""
    page.wait_for_function(SETTLED_JS, arg=version, timeout=MOVE_SECONDS * 1000)
    # A push held back during the page's own request is swapped in a
    # setTimeout(0) after the answer: let it land before the next click.
    page.wait_for_timeout(80)


def _normal(move: dict[str, Any]) -> dict[str, Any]:
    """Return a move's JSON as the engine writes it (a throw's empty keep left out)."""

    return RULES.move_from_json(move).to_json()


def _click_move(page: Any, move: dict[str, Any]) -> None:
    """Click the visible board button whose data-move is `move`."""
    want = _normal(move)
    buttons = page.locator("#board button[data-move]:visible")
    offered = []
    for button in buttons.all():
        data = json.loads(button.get_attribute("data-move") or "{}")
        if _normal(data) == want:
            button.click()
            return
        offered.append(data)
    raise AssertionError(f"no button for {want} on the board; offered {offered}")


@dataclass
class Ticks:
    """How the dice were ticked: by mouse and by keyboard."""

    mouse: int = 0
    keyboard: int = 0


def _throw_keeping(page: Any, keep: list[int], ticks: Ticks) -> None:
    """Tick exactly the dice `keep` on the board, then click "Throw the others".

    Each die that must change is toggled, alternately by keyboard (focus,
    Space) and by mouse (a click on the die).
    """
    form = page.locator("#board [data-role=keep-form]")
    dice = form.locator("label[data-die]")
    want = Counter(keep)
    faces = [int(d.get_attribute("data-face") or 0) for d in dice.all()]
    checked = [d.locator("input").is_checked() for d in dice.all()]
    toggle = []
    for face in sorted(set(faces)):
        mine = [i for i, f in enumerate(faces) if f == face]
        on = [i for i in mine if checked[i]]
        off = [i for i in mine if not checked[i]]
        if len(on) > want[face]:
            toggle += on[want[face] :]
        else:
            toggle += off[: want[face] - len(on)]
    assert sum(want.values()) <= len(faces), f"keep {keep} from dice {faces}"
    for i in toggle:
        die = dice.nth(i)
        box = die.locator("input")
        was = box.is_checked()
        if ticks.keyboard <= ticks.mouse:
            box.focus()
            page.keyboard.press("Space")
            ticks.keyboard += 1
        else:
            die.click()
            ticks.mouse += 1
        assert box.is_checked() != was, f"die {i} ({faces[i]}) did not toggle"
    # knatsch.js has put the legal throw that matches the ticks into the form.
    value = form.locator("[data-role=keep-move]").input_value()
    assert value, f"no legal throw for the ticked dice (keep {keep})"
    assert _normal(json.loads(value)) == _normal({"kind": "throw", "keep": keep})
    before = board_version(page)
    form.locator("[data-role=throw-kept]").click()
    wait_board_past(page, before)
    # The next throw starts from the board's own ticks: the ones just sent
    # are not carried over to it (static/js/unsent-edits.js).
    carried = form.locator("input[type=checkbox]").evaluate_all(
        "boxes => boxes.filter(b => b.checked !== b.defaultChecked).length"
    )
    assert carried == 0, f"{carried} ticks carried over from the throw just sent"


def _play_step(page: Any, step: Step, ticks: Ticks) -> None:
    """Make a person's planned move on their page by clicking."""
    move = step.move
    attempt = step.before.attempt
    if move["kind"] == "throw" and attempt is not None and attempt.throws:
        _throw_keeping(page, list(move.get("keep", [])), ticks)
    else:
        _click_move(page, move)


def _combo(result: Any) -> str:
    return "-".join(str(n) for n in result)


def _check_defence(pages: dict[int, Any], step: Step, names: dict[int, str]) -> None:
    """The defender's page says they defend and what to beat; the other says who."""
    attempt = step.before.attempt
    mine, other = pages[step.seat], pages[1 - step.seat]
    for page in (mine, other):
        section = page.locator(
            f"#board [data-role=attempt][data-attempt-role=defence][data-roller='{step.seat}']"
        )
        assert section.count() == 1
        beat = section.locator("[data-role=beat] [data-combo]")
        assert beat.get_attribute("data-combo") == _combo(attempt.beat)
    section = mine.locator("#board [data-role=attempt]")
    assert "Your throw" in section.locator("h3").inner_text()
    assert "You defend" in section.locator("[data-role=why]").inner_text()
    assert mine.locator("#board .your-turn").count() == 1
    if not attempt.throws:
        assert mine.get_by_role("button", name="Do not defend").is_visible()
    section = other.locator("#board [data-role=attempt]")
    assert f"{names[step.seat]} throws" in section.locator("h3").inner_text()
    assert (
        f"{names[step.seat]} defends" in section.locator("[data-role=why]").inner_text()
    )
    assert other.locator("#board .your-turn").count() == 0


def _check_tournament(pages: dict[int, Any], step: Step, names: dict[int, str]) -> None:
    """The tournament player's page says it is their throw; the other says whose."""
    mine, other = pages[step.seat], pages[1 - step.seat]
    role = step.before.attempt.role
    for page in (mine, other):
        section = page.locator(
            f"#board [data-role=attempt][data-attempt-role={role}][data-roller='{step.seat}']"
        )
        assert section.count() == 1
        throwing = page.locator("#board [data-role=tournament] li[data-state=throwing]")
        assert throwing.get_attribute("data-seat") == str(step.seat)
        assert "throwing now" in throwing.inner_text()
    why = mine.locator("#board [data-role=attempt] [data-role=why]").inner_text()
    assert ("You host" if role == "host" else "You throw in the tournament") in why
    assert "Your throw" in mine.locator("#board [data-role=attempt] h3").inner_text()
    assert mine.locator("#board .your-turn").count() == 1
    h3 = other.locator("#board [data-role=attempt] h3").inner_text()
    assert f"{names[step.seat]} throws" in h3
    assert other.locator("#board .your-turn").count() == 0


def _shoot(pages: dict[int, Any], moment: str) -> None:
    """Screenshot both pages (1280 and 390 px) at `moment`; neither scrolls sideways."""
    for seat, page in pages.items():
        assert_no_sideways_scroll(page)
        screenshot(page, f"knatsch-{moment}-{WIDTHS[seat]}")


def _log_since(page: Any, version: int) -> str:
    """Return the text of the log entries of the moves after `version`."""
    texts = []
    for entry in page.locator("#log-entries li[data-log-entry]").all():
        found = re.fullmatch(r"log-(\d+)", entry.get_attribute("id") or "")
        if found and int(found.group(1)) > version:
            texts.append(entry.inner_text())
    return "\n".join(texts)


# -- The test -----------------------------------------------------------------


def test_two_people_and_a_robot_play_knatsch_to_a_win(stack: Stack, new_page) -> None:
    pages = {seat: new_page(width=WIDTHS[seat]) for seat in PEOPLE}
    alice, bob = pages[ALICE], pages[BOB]
    for page in (alice, bob):
        page.add_init_script(SERVER_VERSION_JS)
    log_in(alice, "alice")
    log_in(bob, "bob")

    # alice creates a 3-seat match; bob takes a seat; alice adds the default robot.
    form = create_form(alice, SLUG)
    form.locator("select[name=seats]").select_option("3")
    form.locator("button[type=submit]").click()
    alice.wait_for_url("**/matches/*/")
    match_url = alice.url
    found = re.search(r"/matches/(\d+)/", match_url)
    assert found, match_url
    match_id = int(found.group(1))
    bob.goto(match_url)
    bob.get_by_role("button", name="Take a seat").click()
    bob.wait_for_selector("text=Add a robot")
    robot = "medium"  # the odds-reading robot, as before issue 26
    alice.locator("select[name=robot]").select_option(robot)
    alice.get_by_role("button", name="Add a robot").click()
    for page in (alice, bob):
        page.wait_for_selector("#board .knatsch", timeout=20_000)

    # The match runs (the robot may have opened it): once a person is to move
    # nothing happens until they do. Seats: alice 0, bob 1, the robot 2.
    info = json.loads(
        stack.shell(
            WAIT_FOR_A_PERSON.format(match_id=match_id, tries=START_SECONDS * 4)
        ).strip()
    )
    seats = info["seats"]
    assert [s["user"] for s in seats] == ["alice", "bob", None], seats
    assert seats[ROBOT]["robot"] == robot, seats
    names = {s["position"]: s["name"] for s in seats}
    version = info["version"]

    # Plan the match in this process; store its start.
    rng_seed, steps, end = _plan(match_seed=info["seed"], version=version, robot=robot)
    start = steps[0].before
    stack.shell(
        STORE_STATE.format(
            match_id=match_id, version=version, state=json.dumps(start.to_json())
        )
    )
    for page in (alice, bob):
        page.reload()
        page.wait_for_selector("#board .knatsch")
        _settle(page, version)
        assert _version(page) == version
        page.evaluate("window.__e2eNoReload = true")
    assert alice.locator("#board .your-turn").count() == 1

    ticks = Ticks()
    shot: set[str] = set()
    checked: set[str] = set()
    for i, step in enumerate(steps):
        before = version + i
        for page in (alice, bob):
            _settle(page, before)
        if step.seat in PEOPLE:
            page = pages[step.seat]
            for p in (alice, bob):
                assert _version(p) == before, (
                    f"step {i}: the pages show {_version(p)}, the plan {before}"
                )
            assert page.locator("#board .your-turn").count() == 1, f"step {i}"
            attempt = step.before.attempt
            role = attempt.role if attempt is not None else None
            if role == "defence":
                _check_defence(pages, step, names)
                checked.add("defence")
                if "defence" not in shot:
                    _shoot(pages, "defence")
                    shot.add("defence")
            elif role in ("host", "joust"):
                _check_tournament(pages, step, names)
                checked.add("tournament")
                if "tournament" not in shot:
                    _shoot(pages, "tournament")
                    shot.add("tournament")
            _play_step(page, step, ticks)
        for page in (alice, bob):
            _settle(page, before + 1)
            assert page.locator("#flash .message.error").count() == 0, (
                f"step {i} ({step.move}) refused: "
                f"{page.locator('#flash').inner_text()}\n{stack.log_tail()}"
            )

    # Both pages show the result without a reload.
    last = version + len(steps)
    winner = names[end.winner]
    for page in (alice, bob):
        _settle(page, last)
        assert page.evaluate("window.__e2eNoReload === true"), "a page reloaded"
        assert page.locator("#board .outcome h2").inner_text() == "Final result"
        assert winner in page.locator("#board .outcome .winners").inner_text()
        assert page.locator("#match-status").inner_text() == "Finished"
        end_line = page.locator("#board .knatsch [data-role=end]")
        assert end_line.get_attribute("data-reason") == end.end_reason
        assert winner in end_line.inner_text()
        badge = page.locator(f"#board .kn-player[data-seat='{end.winner}'] .badge.rank")
        assert badge.inner_text() == "winner"
        assert page.locator("#board button[data-move]").count() == 0

    # The log tells the defence and the tournament.
    events = [(s, e) for s in steps for e in s.events]
    defender = next(e.data["seat"] for _, e in events if e.kind == "defend")
    host = next(e.data["seat"] for _, e in events if e.kind == "host")
    for page in (alice, bob):
        log = _log_since(page, version)
        assert re.search(rf"{re.escape(names[defender])} must beat .+ to keep", log), (
            log
        )
        assert f"{names[host]} hosts a tournament." in log, log
        assert "wins the tournament." in log, log
        assert re.search(rf"{re.escape(winner)} .+ wins!", log), log

    # What the server played is the plan, move for move: the robot's through Celery.
    played = json.loads(
        stack.shell(MOVES_SINCE.format(match_id=match_id, version=version)).strip()
    )
    assert played["status"] == "finished"
    assert [(m[1], _normal(m[2]), m[3]) for m in played["moves"]] == [
        (s.seat, _normal(s.move), s.seat == ROBOT) for s in steps
    ]
    assert checked == {"defence", "tournament"}, checked
    assert ticks.keyboard >= 1, ticks
    assert ticks.mouse >= 1, ticks
    print(
        f"knatsch e2e: from version {version}, Rng seed {rng_seed}, {len(steps)} moves "
        f"({sum(s.seat == ROBOT for s in steps)} by the robot), winner {winner} "
        f"({end.end_reason}), dice ticked {ticks}"
    )
    for seat, page in pages.items():
        screenshot(page, f"knatsch-final-{WIDTHS[seat]}")
