"""Platform behaviour that needs what only Race has (moved from platform tests).

The platform's own tests run on the test-only Toy (tests/games/toy/), which
has one seat to move at a time and nothing hidden. The tests here need
Race's simultaneous moves (every seat chooses favourites at once), its
hidden favourites, or its decided race, and so stay with Race.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import User
from games import exceptions, services, tasks
from games.models import Match, Move, Seat
from games.rules import IllegalMove
from games.services import turns
from games.services.moves import ROBOT_RESUME_AFTER
from tests.games.helpers import DATA_CARD, legal_json, seats_to_move, state_of
from tests.games.race.helpers import choose_favourites

pytestmark = pytest.mark.django_db

START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def _clocks(match):
    return {
        s.position: (s.clock_bank, s.clock_deadline_at)
        for s in match.seats.order_by("position")
    }


@pytest.fixture
def race_open_match(alice):
    """An open 3-seat Race match: alice on seat 0, two seats free."""
    return services.match_create(user=alice, game_slug="race", seats=3)


def race_live_match(first, second):
    """Return a started 2-seat Race, Live time control: `first` on seat 0."""
    match = services.match_create(
        user=first, game_slug="race", seats=2, time_control="live"
    )
    services.seat_claim(match_id=match.id, user=second)
    match.refresh_from_db()
    return match


def _submit(match, user, move, version=None):
    return services.move_submit(
        match_id=match.id,
        user=user,
        move_data=move,
        expected_version=match.version if version is None else version,
    )


# ---------------------------------------------------------------------------
# From tests/games/services/test_move_submit.py: stale moves of seats that
# move at once.


def test_accepts_a_stale_move_of_a_seat_that_has_waited_since(race_match, alice, bob):
    # Favourites are chosen by all seats at once: bob's choice moved the
    # match on while alice was choosing against version 0.
    bobs = legal_json(race_match, 1)[0]
    _submit(race_match, bob, bobs)
    alices = legal_json(race_match, 0)[0]

    _submit(race_match, alice, alices, version=0)

    race_match.refresh_from_db()
    assert race_match.version == 2
    assert list(race_match.moves.values_list("seat", "payload")) == [
        (1, bobs),
        (0, alices),
    ]


def test_refuses_a_stale_move_that_the_current_state_makes_illegal(
    race_match, alice, bob, monkeypatch
):
    _submit(race_match, bob, legal_json(race_match, 1)[0])
    move = legal_json(race_match, 0)[0]

    def refuse(self, state, seat, move):
        raise IllegalMove("That card is not in your hand.")

    monkeypatch.setattr(type(race_match.rules), "apply", refuse)
    with pytest.raises(exceptions.StaleMatch) as refusal:
        _submit(race_match, alice, move, version=0)

    # 409, not 400: the move was fine on the board alice saw.
    assert refusal.value.message == exceptions.MOVE_OVERTAKEN
    race_match.refresh_from_db()
    assert race_match.version == 1


# ---------------------------------------------------------------------------
# From tests/games/services/test_autoplay.py: Race's own decided race.


def test_the_race_engine_offers_it_once_decided_and_the_robot_finishes(
    make_user, robot_enqueues
):
    # Race rules, decided game: play real random games until alice is
    # offered, accept, and let the system finish her seat.
    rnd = random.Random(3)
    for attempt in range(12):
        alice = make_user(f"auto-alice-{attempt}")
        bob = make_user(f"auto-bob-{attempt}")
        users = {0: alice, 1: bob}
        match = services.match_create(user=alice, game_slug="race", seats=3)
        services.seat_claim(match_id=match.id, user=bob)
        services.seat_robot_add(match_id=match.id, user=alice)
        if _play_until_offered(match, users, rnd):
            break
    else:
        pytest.fail("no deal reached a decided race in 12 attempts")

    # Spielpost rulings, Decided game: the winner is asked first, so a
    # winning bob answers before alice can.
    winners = match.rules.decided_winners(match.game_state())
    if 1 in winners and 0 not in winners:
        services.seat_autoplay_decline(match_id=match.id, user=bob)
    services.seat_autoplay_start(match_id=match.id, user=alice)
    accepted_at = match.version
    _finish_with(match, {1: bob}, rnd)

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    # From then on, every move of alice's seat was the system's.
    assert all(
        move.by_robot for move in match.moves.filter(seat=0, seq__gt=accepted_at)
    )


def _play_until_offered(match, users, rnd) -> bool:
    """Play random moves until the rules offer alice to finish automatically."""
    for _ in range(match.rules.info.max_moves):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return False
        if match.rules.autoplay_offered(match.game_state(), 0):
            return True
        _one_move(match, users, rnd)
    return False


def _finish_with(match, users, rnd):
    for _ in range(match.rules.info.max_moves):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return
        _one_move(match, users, rnd)


def _one_move(match, users, rnd):
    people = [s for s in sorted(seats_to_move(match)) if s in users]
    system = {s.position for s in match.seats.all() if s.played_by_system}
    people = [s for s in people if s not in system]
    if people:
        services.move_submit(
            match_id=match.id,
            user=users[people[0]],
            move_data=rnd.choice(legal_json(match, people[0])),
            expected_version=match.version,
        )
    else:
        assert services.robot_move_play(
            match_id=match.id, expected_version=match.version
        )


# ---------------------------------------------------------------------------
# From tests/games/services/test_seat_robot_add.py: a robot to move at the
# start (every Race seat chooses favourites at once).


def test_filling_the_last_seat_with_a_robot_starts_the_match(
    race_open_match, alice, bob, django_capture_on_commit_callbacks, robot_enqueues
):
    services.seat_claim(match_id=race_open_match.id, user=bob)

    with django_capture_on_commit_callbacks(execute=True):
        services.seat_robot_add(match_id=race_open_match.id, user=alice)
        # The robot task must not run before the started match is committed.
        assert robot_enqueues == []

    race_open_match.refresh_from_db()
    assert race_open_match.status == Match.Status.ACTIVE
    assert race_open_match.version == 0
    # Race starts with everybody choosing favourites, the robot included,
    # so its turn is enqueued with ids and the version only.
    assert robot_enqueues == [(race_open_match.id, 0)]


# ---------------------------------------------------------------------------
# From tests/games/services/test_clocks.py


def test_at_the_start_every_seat_to_move_runs_its_clock(alice, bob):
    with time_machine.travel(START, tick=False):
        match = race_live_match(alice, bob)

    # Race's favourites: both seats choose at once, both clocks run.
    deadline = START + timedelta(minutes=5)
    assert _clocks(match) == {0: (300, deadline), 1: (300, deadline)}
    assert match.turn_deadline_at == deadline


# ---------------------------------------------------------------------------
# From tests/games/services/test_turns.py: turns of seats that move at once.


def _columns(match):
    return {
        seat.position: seat.to_move_version for seat in match.seats.order_by("position")
    }


@pytest.fixture
def turn_starts(monkeypatch):
    """Record each call of the turn-started seam as (match id, seats, version)."""
    calls = []
    real = turns.turns_start

    def spy(match, seats, positions, *, now, writes=None):
        calls.append((match.id, positions, match.version))
        real(match, seats, positions, now=now, writes=writes)

    # to_move_record (games/services/turns.py) calls it there.
    monkeypatch.setattr(turns, "turns_start", spy)
    return calls


def test_a_move_clears_the_mover_and_starts_no_turn_while_others_choose(
    race_match, alice, turn_starts
):
    services.move_submit(
        match_id=race_match.id,
        user=alice,
        move_data=legal_json(race_match, 0)[0],
        expected_version=0,
    )

    assert _columns(race_match) == {0: None, 1: 0, 2: 0}
    assert turn_starts == []


def test_starting_a_race_starts_the_turns_of_every_seat_choosing(
    alice, bob, turn_starts
):
    match = services.match_create(user=alice, game_slug="race", seats=2)
    services.seat_claim(match_id=match.id, user=bob)

    # Race rules, Choice of Favorites: every seat chooses at once.
    assert turn_starts == [(match.id, frozenset({0, 1}), 0)]
    assert _columns(match) == {0: 0, 1: 0}
    assert all(seat.to_move_since for seat in match.seats.all())


# ---------------------------------------------------------------------------
# From tests/games/services/test_turn_timeout_apply.py: every seat choosing
# at once times out at once.


def _sweep_and_apply(enqueued) -> int:
    """Run the sweep, then every task it enqueued; return the tasks run."""
    enqueued.clear()
    services.expire_overdue_turns()
    for match_id, version in list(enqueued):
        services.turn_timeout_apply(match_id=match_id, expected_version=version)
    return len(enqueued)


@pytest.fixture
def enqueued(monkeypatch):
    """The (match_id, version) of every timeout task enqueued (on commit)."""
    calls: list[tuple[int, int]] = []
    monkeypatch.setattr(
        "games.services.timeouts._timeout_task_enqueue",
        lambda *args: calls.append(args),
    )
    return calls


def test_the_stand_in_plays_every_overdue_seat_choosing_at_once(alice, bob, enqueued):
    with time_machine.travel(START, tick=False) as traveller:
        match = race_live_match(alice, bob)
        traveller.shift(timedelta(minutes=5))
        assert _sweep_and_apply(enqueued) == 1

    match.refresh_from_db()
    # Race's favourites: both seats chose at once, and both clocks ran out.
    # The robot plays each seat's turn until the seat is no longer to move:
    # a seat whose favourite choice ends the phase plays its first card too.
    moves = list(match.moves.order_by("seq"))
    assert [(m.seat, m.by_robot, m.by_timeout) for m in moves[:2]] == [
        (0, True, True),
        (1, True, True),
    ]
    assert all(m.by_timeout for m in moves)
    assert not set(seats_to_move(match)) & {m.seat for m in moves[2:]}
    for position in (0, 1):
        seat = match.seats.get(position=position)
        assert seat.timeouts_in_row == 1
        assert seat.controller == Seat.Controller.PERSON


# ---------------------------------------------------------------------------
# From tests/games/services/test_vacations.py: a vacation stops one of the
# clocks that run at once.


def _clock(match, position):
    seat = match.seats.get(position=position)
    return seat.clock_bank, seat.clock_deadline_at


def test_starting_stops_the_running_clock_and_keeps_what_was_left(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = race_live_match(alice, bob)
        traveller.shift(timedelta(seconds=60))
        services.vacation_start(user=alice, days=3)

    match.refresh_from_db()
    # Race's favourites: both were to move. alice's clock stopped with the
    # 240 s it had left; bob's runs on and is the match's deadline.
    assert _clock(match, 0) == (240, None)
    assert _clock(match, 1) == (300, START + timedelta(minutes=5))
    assert match.turn_deadline_at == START + timedelta(minutes=5)
    alice = User.objects.get(id=alice.id)
    assert alice.vacation_started_at == START + timedelta(seconds=60)
    assert alice.vacation_until == START + timedelta(days=3, seconds=60)


def test_ending_starts_the_clocks_again_from_their_banks(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = race_live_match(alice, bob)
        traveller.shift(timedelta(seconds=60))
        services.vacation_start(user=alice, days=3)
        traveller.shift(timedelta(hours=5))
        services.vacation_end(user=alice)
        now = START + timedelta(hours=5, seconds=60)

    match.refresh_from_db()
    assert _clock(match, 0) == (240, now + timedelta(seconds=240))
    # bob's clock was never stopped: it ran out long ago and stays the
    # match's deadline.
    assert match.turn_deadline_at == START + timedelta(minutes=5)
    alice = User.objects.get(id=alice.id)
    assert (alice.vacation_started_at, alice.vacation_until) == (None, None)
    assert alice.vacation_used == 5 * 3600


# ---------------------------------------------------------------------------
# From tests/api/test_matches.py: seats moving at once through the API.


def _api_move(user, match, version, move):
    client = APIClient()
    client.force_authenticate(user)
    return client.post(
        f"/api/matches/{match.id}/moves/",
        {"version": version, "move": move},
        format="json",
    )


def test_a_simultaneous_move_against_an_older_version_is_played(alice, bob, race_match):
    _api_move(bob, race_match, 0, legal_json(race_match, 1)[0])

    # Alice chose while bob did: her seat has waited since version 0.
    response = _api_move(alice, race_match, 0, legal_json(race_match, 0)[0])

    assert response.status_code == 200
    assert response.json()["version"] == 2


# ---------------------------------------------------------------------------
# From tests/games/views/test_move_create.py: a simultaneous move on the
# board, and Race's favourites as one grouped form of ticks.

HTMX = {"HX-Request": "true"}


def _post(client, match, move, version, htmx=True):
    return client.post(
        f"/matches/{match.id}/moves/",
        {"move": json.dumps(move), "expected_version": str(version)},
        headers=HTMX if htmx else {},
    )


def _post_fields(client, match, fields, version=0):
    return client.post(
        f"/matches/{match.id}/moves/",
        {"expected_version": str(version), **fields},
        headers=HTMX,
    )


def test_a_simultaneous_board_move_against_an_older_version_is_played(
    client_for, alice, bob, race_match
):
    _post(client_for(bob), race_match, legal_json(race_match, 1)[0], 0)

    response = _post(client_for(alice), race_match, legal_json(race_match, 0)[0], 0)

    assert response.status_code == 200
    assert Move.objects.filter(match=race_match, seat=0).count() == 1
    # The page showed version 0: the answer appends bob's and alice's lines.
    html = response.content.decode()
    assert 'hx-swap-oob="afterbegin:#log-entries"' in html
    assert 'id="log-1"' in html
    assert 'id="log-2"' in html


def test_a_grouped_form_writes_the_move_and_the_rules_judge_it(
    client_for, alice, race_match
):
    response = _post_fields(
        client_for(alice),
        race_match,
        {
            "move.kind": "favourites",
            "move.knonsters[]": ["", "celya", "rithle"],
        },
    )

    assert response.status_code == 200
    row = Move.objects.get(match=race_match, seat=0)
    # Put in Knonster order by the rules, as if the move's JSON was posted.
    assert row.payload == {"kind": "favourites", "knonsters": ["rithle", "celya"]}


@pytest.mark.parametrize(
    "ticked",
    [[""], ["", "rithle"], ["", "rithle", "celya", "elaari"], ["", "rithle", "rithle"]],
)
def test_a_grouped_form_with_the_wrong_ticks_gets_the_rules_reason(
    client_for, alice, race_match, ticked
):
    response = _post_fields(
        client_for(alice),
        race_match,
        {"move.kind": "favourites", "move.knonsters[]": ticked},
    )

    assert response.status_code == 400
    assert "Choose two different Knonsters." in response.content.decode()
    assert not Move.objects.filter(match=race_match).exists()


def test_the_race_board_offers_the_favourites_as_one_grouped_form(
    client_for, alice, race_match
):
    html = client_for(alice).get(f"/matches/{race_match.id}/").content.decode()

    assert 'class="move-form favourites-form"' in html
    assert html.count('name="move.knonsters[]"') == 1 + 4
    # One form instead of a button per pair.
    assert "data-move" not in html.split('id="board"')[1].split("</section>")[0]


# ---------------------------------------------------------------------------
# From tests/games/test_tasks.py: two robots to move at once.


def test_resume_robot_turns_enqueues_a_match_once_for_two_waiting_robots(
    alice, django_capture_on_commit_callbacks, robot_enqueues
):
    match = services.match_create(user=alice, game_slug="race", seats=3)
    services.seat_robot_add(match_id=match.id, user=alice)
    services.seat_robot_add(match_id=match.id, user=alice)
    robot_enqueues.clear()

    # Both robots choose favourites at once and both tasks were lost.
    with (
        time_machine.travel(timezone.now() + ROBOT_RESUME_AFTER, tick=False),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert tasks.resume_robot_turns() == 1

    assert robot_enqueues == [(match.id, 0)]


# ---------------------------------------------------------------------------
# From tests/games/test_admin.py: the admin hides Race's secrets (hands, bets,
# private events) while a match runs.


def _event_lines(match, *, private):
    """Return the log lines of `match`'s moves' private (or public) events."""
    from games.rules import Event
    from games.text import message_text

    lines = []
    for move in match.moves.all():
        for data in move.events:
            event = Event.from_json(data)
            if (event.visible_to is not None) == private:
                lines.append(message_text(match.rules.describe_event(event)))
    return lines


def test_a_running_match_shows_what_a_spectator_sees(admin_client, chosen_match):
    from django.utils.html import escape

    response = admin_client.get(f"/admin/games/match/{chosen_match.id}/change/")

    assert response.status_code == 200
    html = response.content.decode()
    # No seed (every future draw), no raw state (the hands, the bets), no
    # server seed (issue 23: its commitment only).
    assert 'field-seed"' not in html
    assert "field-server_seed" not in html
    assert str(chosen_match.seed) not in html
    assert "field-state" not in html
    assert '"hands"' not in html
    assert "&quot;hands&quot;" not in html
    assert "field-spectator_view" in html
    # The spectator's view instead, as the board shows it to a spectator.
    view = chosen_match.rules.view(chosen_match.game_state(), None)
    assert "hands" not in view
    assert all(escape(f'"{key}":') in html for key in view)
    # Moves: no payload (a secret choice), no private event; public ones.
    assert "field-payload" not in html
    assert "field-events" not in html
    private = _event_lines(chosen_match, private=True)
    assert private
    for line in private:
        assert escape(line) not in html
    assert "field-public_events" in html
    public = _event_lines(chosen_match, private=False)
    assert public
    for line in public:
        assert escape(line) in html


# ---------------------------------------------------------------------------
# From tests/games/test_rules_version.py: Race upgrades its version 1 states.


def _as_version_1(match):
    """Store `match`'s Race state as rules version 1 wrote it (with autoplay)."""
    state = dict(match.state)
    state["autoplay"] = [False] * len(state["hands"])
    Match.objects.filter(id=match.id).update(state=state, rules_version="1")
    match.refresh_from_db()


def test_an_older_race_state_is_upgraded_and_played_on(race_match, alice, alice_client):
    assert race_match.rules.info.version == "3"
    _as_version_1(race_match)

    page = alice_client.get(f"/matches/{race_match.id}/")
    services.move_submit(
        match_id=race_match.id,
        user=alice,
        move_data=legal_json(race_match, 0)[0],
        expected_version=0,
    )

    assert page.status_code == 200
    race_match.refresh_from_db()
    # The next write stores the state in today's shape, under today's version.
    assert race_match.rules_version == "3"
    assert "autoplay" not in race_match.state


# ---------------------------------------------------------------------------
# From tests/games/views/test_match_detail.py: a seat's hand on the board,
# none for spectators.


@pytest.fixture
def playing(race_match, alice, bob):
    """The race_match after everybody chose favourites: hands are on the table."""
    choose_favourites(race_match, {0: alice, 1: bob})
    services.robot_move_play(match_id=race_match.id, expected_version=2)
    race_match.refresh_from_db()
    assert state_of(race_match).phase == "play"
    return race_match


def test_alice_sees_her_own_hand_and_her_seat(client_for, alice, playing):
    html = client_for(alice).get(f"/matches/{playing.id}/").content.decode()

    assert set(DATA_CARD.findall(html)) == set(state_of(playing).hands[0])
    assert "(you)" in html


@pytest.mark.parametrize("persona", ["carol", None])
def test_carol_and_anonymous_visitors_get_the_spectator_view(
    request, client_for, playing, persona
):
    user = request.getfixturevalue(persona) if persona else None

    response = client_for(user).get(f"/matches/{playing.id}/")

    board = response.context["board"]
    assert board.seat is None
    assert board.view == playing.rules.view(state_of(playing), None)
    assert board.legal_moves == ()
    html = response.content.decode()
    # No hand is shown to a spectator, and no move can be offered.
    assert DATA_CARD.findall(html) == []
    assert "move-form" not in html
    assert "(you)" not in html


# ---------------------------------------------------------------------------
# From tests/api/test_schema.py: Race refuses a seat count the schema allows.


def test_a_seat_count_the_game_refuses_is_a_documented_400(alice):
    # Race seats 2 to 4; the schema allows 1 (Dice Stars' solo).
    client = APIClient()
    client.force_authenticate(alice)
    response = client.post("/api/matches/", {"game": "race", "seats": 1}, format="json")

    assert response.status_code == 400
    assert set(response.json()) == {"detail"}


# ---------------------------------------------------------------------------
# From tests/test_translations.py: Race's board in German.


def test_race_board_speaks_german(client, race_match, alice):
    alice.language = "de"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    html = client.get(race_match.get_absolute_url()).content.decode()
    assert "Wähle deine zwei Favoriten" in html
    assert "Deine Handkarten" in html
    assert "Nachziehstapel" in html
    assert "Your hand" not in html


# ---------------------------------------------------------------------------
# From tests/games/views/test_end_states.py: a race resigned while everybody
# chooses favourites.


def _race_duel(alice, bob) -> Match:
    match = services.match_create(user=alice, game_slug="race", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    return match


def test_a_race_resigned_while_choosing_favourites_says_nobody_chooses(
    client_for, alice, bob
):
    # Both seats choose their favourites at once: the table said "choosing…"
    # for both, and both seats "to move", after the match had ended.
    match = _race_duel(alice, bob)
    services.match_resign(match_id=match.id, user=alice)

    html = client_for(bob).get(f"/matches/{match.id}/").content.decode()

    assert "choosing…" not in html
    assert html.count("to move") == 0
