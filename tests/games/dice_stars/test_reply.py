"""The hard robot's fast model of the next seat's turn (reply.py, issue 26)."""

from __future__ import annotations

import random

import pytest

from games.rules.dice_stars import RULES
from games.rules.dice_stars.reply import best_greedy_take, play_reply, play_round
from games.rules.dice_stars.state import STEP_DRAW, STEP_REBAG, STEP_TAKE

from .conftest import die, game_states


def test_the_take_scores_what_the_medium_robot_would():
    # The view's takes carry the points the medium robot maximises: the
    # fast take is one of the legal takes and scores their best.
    compared = 0
    for seed in range(6):
        for state in game_states(2, seed):
            if state.step != STEP_TAKE:
                continue
            seat = state.current
            view = RULES.view(state, seat)
            legal = [t for t in view["takes"] if t["legal"]]
            sheet = state.sheets[seat]
            after, taken = best_greedy_take(sheet, state.reserve)
            chosen = [t for t in legal if {d["die"] for d in t["dice"]} == taken]
            assert chosen, "the fast take is no legal take"
            if not chosen[0]["comet"]:
                assert after.total() - sheet.total() == max(t["points"] for t in legal)
            compared += 1
    assert compared > 50


def test_a_comet_turn_writes_the_smallest_sum(scenario, sheet_of):
    # Nothing fits (rules, C): row 5 and the blue column are full, no star
    # cell is free; the blue 5 (5) costs less than the 5s (10).
    sheet = sheet_of(full=True, stars={v: v for v in (2, 3, 4, 5, 6)})
    reserve = (die("blue", 5), die("pink", 5))
    after, taken = best_greedy_take(sheet, reserve)
    assert after.comet == 5
    assert len(taken) == 1


def test_the_reply_plays_one_turn_of_the_next_seat(scenario):
    reserve = (die("pink", 5), die("blue", 5), die("yellow", 5))
    state = scenario(seats=2, current=1, step=STEP_DRAW, reserve=reserve)
    reply = play_reply(state, random.Random(3))
    assert reply.current == 0
    assert not reply.over
    assert reply.sheets[0] == state.sheets[0]
    # Whatever 2 dice come, the three 5s alone write 15 into row 5.
    assert reply.sheets[1].total() >= 15
    assert len(reply.reserve) < len(reserve) + 2


def test_the_last_reply_of_a_triggered_end_finishes_the_game(scenario):
    # Seat 0 triggered the end in its turn 3; seat 1 plays its turn 3 last.
    state = scenario(
        seats=2,
        current=1,
        step=STEP_DRAW,
        turns=(3, 2),
        end_trigger=(0, "sheet_full"),
    )
    reply = play_reply(state, random.Random(1))
    assert reply.over
    assert reply.current is None


def test_the_reply_keeps_the_reserve_and_returns_the_discard(scenario):
    reserve = (die("yellow", 0), die("black", 6))
    state = scenario(
        seats=2,
        current=1,
        step=STEP_REBAG,
        reserve=reserve,
        discard=tuple(d for d in range(2, 14) if d != 9),
        bag=(1,),
        rebag_next=False,
    )
    # Without the discard back in the bag only one die could be drawn.
    seen = set()
    for n in range(20):
        reply = play_reply(state, random.Random(n))
        seen |= {d.die for d in reply.reserve}
    assert seen - {0, 1, 9}


def test_a_finished_or_solo_game_has_no_reply(scenario):
    with pytest.raises(ValueError, match="no turn"):
        play_reply(scenario(seats=1, step=STEP_DRAW), random.Random(0))
    with pytest.raises(ValueError, match="beginning of a turn"):
        play_reply(
            scenario(seats=2, step=STEP_TAKE, reserve=(die("blue", 2),)),
            random.Random(0),
        )


def test_a_round_plays_every_other_seat_back_to_the_robot(scenario):
    # Four seats, seat 1 to move: seats 1, 2 and 3 play a turn each, then
    # seat 0 is to move again with its sheet untouched.
    state = scenario(seats=4, current=1, step=STEP_DRAW)
    reply = play_round(state, random.Random(5), 0)
    assert reply.current == 0
    assert not reply.over
    assert reply.sheets[0] == state.sheets[0]
    assert all(sheet != state.sheets[0] for sheet in reply.sheets[1:])
