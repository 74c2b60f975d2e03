from __future__ import annotations

import json

import pytest

from games import exceptions, services
from games.models import Match, Move
from games.rules import IllegalMove
from games.text import message_text
from tests.games.helpers import legal_json, play_to_end, seats_to_move, state_of
from tests.games.race.helpers import reach_play_phase

pytestmark = pytest.mark.django_db


def _submit(match, user, move, version=None):
    return services.move_submit(
        match_id=match.id,
        user=user,
        move_data=move,
        expected_version=match.version if version is None else version,
    )


def test_applies_the_move_bumps_the_version_and_logs_it(race_match, alice):
    move = legal_json(race_match, 0)[0]
    expected_state, expected_events = race_match.rules.apply(
        state_of(race_match), 0, race_match.rules.move_from_json(move)
    )

    match = _submit(race_match, alice, move)

    match.refresh_from_db()
    assert match.version == 1
    # The stored state is exactly what the engine computed.
    assert match.rules.state_from_json(match.state) == expected_state
    row = Move.objects.get(match=match)
    assert (row.seq, row.seat, row.payload, row.by_robot) == (1, 0, move, False)
    assert row.events == [event.to_json() for event in expected_events]
    assert row.events


def test_announces_the_new_version_only_on_commit_with_ids_only(
    race_match, alice, django_capture_on_commit_callbacks, group_sends
):
    with django_capture_on_commit_callbacks(execute=True):
        _submit(race_match, alice, legal_json(race_match, 0)[0])
        assert group_sends == []

    assert group_sends == [
        (
            f"match-{race_match.id}",
            {
                "type": "match.changed",
                "match_id": race_match.id,
                "version": 1,
                "moved": True,
            },
        ),
        # alice's favourites are chosen: no longer her turn (her lobby's
        # list and tab title follow).
        (
            f"user-{alice.id}",
            {"type": "user.matches_changed", "match_id": race_match.id},
        ),
    ]
    group, event = group_sends[0]
    # A group message goes to every viewer: it must be plain JSON and carry
    # no game state, or it could leak a hand (STYLE.md B5).
    assert json.loads(json.dumps(event)) == event
    assert set(event) == {"type", "match_id", "version", "moved"}


def test_enqueues_a_robot_turn_only_when_a_robot_is_to_move(
    race_match, alice, bob, django_capture_on_commit_callbacks, robot_enqueues
):
    # All three choose favourites at once, so the robot is to move all along.
    with django_capture_on_commit_callbacks(execute=True):
        _submit(race_match, alice, legal_json(race_match, 0)[0])
        assert robot_enqueues == []

    assert robot_enqueues == [(race_match.id, 1)]


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


def test_refuses_a_second_submit_of_the_same_seat_against_the_same_version(
    race_match, alice
):
    # Two tabs, one click each: the first applies, the second is stale
    # (alice is no longer to move), so nothing is doubled.
    moves = legal_json(race_match, 0)
    _submit(race_match, alice, moves[0], version=0)

    with pytest.raises(exceptions.StaleMatch) as refusal:
        _submit(race_match, alice, moves[1], version=0)

    assert refusal.value.message == exceptions.STALE_MATCH
    assert race_match.moves.count() == 1


def test_refuses_a_stale_move_of_a_seat_that_was_not_yet_to_move(
    race_match, alice, bob
):
    reach_play_phase(race_match, {0: alice, 1: bob})
    _play_until_a_person_follows_a_person(race_match, {0: alice, 1: bob})
    race_match.refresh_from_db()
    waiting = next(s for s in race_match.seats.all() if s.is_to_move)
    users = {0: alice, 1: bob}

    # The seat to move now became to move with the last version: a move
    # made against an older board did not see that last move.
    with pytest.raises(exceptions.StaleMatch):
        _submit(
            race_match,
            users[waiting.position],
            legal_json(race_match, waiting.position)[0],
            version=race_match.version - 1,
        )

    assert race_match.moves.count() == race_match.version


def _play_until_a_person_follows_a_person(match, users):
    """Play until a person is to move right after the other person moved."""
    for _ in range(200):
        match.refresh_from_db()
        last = match.moves.order_by("-seq").first()
        to_move = seats_to_move(match)
        people = [s for s in sorted(to_move) if s in users]
        if (
            people
            and last is not None
            and last.seat in users
            and last.seat not in to_move
        ):
            return
        if people:
            _submit(match, users[people[0]], legal_json(match, people[0])[0])
        else:
            services.robot_move_play(match_id=match.id, expected_version=match.version)
    pytest.fail("no person followed a person")


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


def test_refuses_a_version_from_the_future(race_match, alice):
    with pytest.raises(exceptions.StaleMatch):
        _submit(race_match, alice, legal_json(race_match, 0)[0], version=5)

    assert not race_match.moves.exists()


def test_refuses_a_repeated_step_of_a_turn_of_several_steps(alice):
    # Dice Stars solo: the seat stays to move after each step of its turn,
    # so a step sent twice against the same version must not apply twice.
    match = services.match_create(user=alice, game_slug="dice-stars", seats=1)
    first = legal_json(match, 0)[0]
    _submit(match, alice, first, version=0)

    with pytest.raises(exceptions.StaleMatch):
        _submit(match, alice, first, version=0)

    assert match.moves.count() == 1


def test_refuses_a_user_without_a_seat(race_match, carol):
    with pytest.raises(exceptions.NotSeated):
        _submit(race_match, carol, legal_json(race_match, 0)[0])

    assert not Move.objects.filter(match=race_match).exists()


def test_refuses_a_seat_that_is_not_to_move(race_match, alice, bob):
    _submit(race_match, alice, legal_json(race_match, 0)[0])
    race_match.refresh_from_db()

    # Alice has chosen; until everyone has, she is not to move.
    with pytest.raises(exceptions.NotYourTurn):
        _submit(
            race_match, alice, {"kind": "favourites", "knonsters": ["celya", "elaari"]}
        )

    race_match.refresh_from_db()
    assert race_match.version == 1


def test_refuses_an_illegal_move_with_the_rules_message(race_match, alice):
    move = race_match.rules.move_from_json(
        {"kind": "play", "card": _any_card(race_match)}
    )
    with pytest.raises(IllegalMove) as engine_refusal:
        race_match.rules.apply(state_of(race_match), 0, move)

    with pytest.raises(exceptions.InvalidMove) as refusal:
        _submit(race_match, alice, move.to_json())

    # The player reads the rules' own message, translated.
    assert str(refusal.value.message) == message_text(engine_refusal.value.as_message())
    race_match.refresh_from_db()
    assert race_match.version == 0
    assert not Move.objects.filter(match=race_match).exists()


@pytest.mark.parametrize(
    "junk",
    [
        None,
        "favourites",
        42,
        ["kind", "play"],
        {},
        {"kind": "teleport"},
        {"kind": "play"},
        {"kind": "play", "card": ["x"]},
        {"kind": "favourites", "knonsters": "rithle"},
        {"kind": "favourites", "knonsters": ["nobody", "rithle"]},
        {"kind": "favourites", "knonsters": [{"a": 1}, None]},
        {"kind": "favourites", "knonsters": ["rithle", "aristas"], "x": 1},
    ],
)
def test_refuses_malformed_move_data_as_an_invalid_move(race_match, alice, junk):
    with pytest.raises(exceptions.InvalidMove) as refusal:
        _submit(race_match, alice, junk)

    assert str(refusal.value.message)
    race_match.refresh_from_db()
    assert race_match.version == 0
    assert not Move.objects.filter(match=race_match).exists()


def test_refuses_moves_in_a_finished_match(race_match, alice, bob):
    play_to_end(race_match, {0: alice, 1: bob})
    race_match.refresh_from_db()

    with pytest.raises(exceptions.MatchNotActive):
        _submit(race_match, alice, {"kind": "play", "card": "rank4"})


def test_refuses_moves_in_an_open_match(alice):
    match = services.match_create(user=alice, game_slug="race", seats=2)

    with pytest.raises(exceptions.MatchNotActive):
        _submit(match, alice, {"kind": "play", "card": "rank4"})


def test_refuses_moves_in_an_unknown_match(alice):
    with pytest.raises(exceptions.MatchNotActive):
        services.move_submit(
            match_id=424242, user=alice, move_data={}, expected_version=0
        )


def _any_card(match):
    """Return a card id: playing a card is illegal while favourites are chosen."""
    state = state_of(match)
    assert match.rules.view(state, 0)["phase"] == "favourites"
    return state.hands[0][0]


def test_match_status_stays_active_until_the_outcome(race_match, alice, bob):
    moves = play_to_end(race_match, {0: alice, 1: bob}, seed=3)

    race_match.refresh_from_db()
    assert race_match.status == Match.Status.FINISHED
    assert race_match.outcome is not None
    assert race_match.version == moves == race_match.moves.count()
