"""Rat um Rad robots: legal moves in every game, no cheating, strength, planning.

Positions are built with conftest's `make_state` on the Basel map; the
robots see only `RULES.view` and `RULES.legal_moves`, as on the platform.
Road and destination ids are those of data/maps/basel.json. [ours]
"""

from __future__ import annotations

import copy

import pytest

from games.rules.rat_um_rad import ROBOTS, RULES
from games.rules.rat_um_rad.maps import MAPS
from games.rules.rat_um_rad.route.plan import board_from_view, plan_routes
from games.rules.rat_um_rad.state import (
    Build,
    DrawDestinations,
    FinalRound,
    Keep,
    TakeDeck,
    TakeDisplay,
)
from games.rules.rng import Rng
from games.rules.structs import replace

from .conftest import make_state

ROUTE = ROBOTS["medium"]
RANDOM = ROBOTS["easy"]
BASEL = MAPS["basel"]

# Bahnhof - Wirtschaft - Jus: a white (lane 1) or grey (lane 2) road of 2,
# then a yellow road of 1. The other way, Bahnhof - Chemie - Jus, is 3 + 3.
BAHNHOF_JUS = "FromBahnhofToJus"
WIRTSCHAFT_JUS = "Wirtschaft-to-Jus"
BAHNHOF_WIRTSCHAFT = ("Bahnhof-to-Wirtschaft-1", "Bahnhof-to-Wirtschaft-2")


def _choose(state, robot=ROUTE, step=0):
    seat = min(RULES.to_move(state))
    legal = RULES.legal_moves(state, seat)
    move = robot.choose(RULES.view(state, seat), legal, Rng(0, step))
    assert move in legal
    return move


def _play(seed, robots, *, check=None):
    """Play seed's game, seat s played by robots[s]; return the final state.

    `check(state, seat, view, legal, move)` is called for every move.
    """
    state = RULES.new_state(seats=len(robots), options={}, seed=seed)
    step = 0
    while to_move := RULES.to_move(state):
        seat = min(to_move)
        legal = RULES.legal_moves(state, seat)
        view = RULES.view(state, seat)
        move = robots[seat].choose(view, legal, Rng(seed, step))
        if check is not None:
            check(state, seat, view, legal, move)
        state, _ = RULES.apply(state, seat, move)
        step += 1
    return state


# -- Every robot, every game ---------------------------------------------------


def test_the_levels_are_in_the_lobbys_order():
    assert list(ROBOTS)[:2] == ["easy", "medium"]


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_every_robot_plays_only_legal_moves(seats):
    """Whole seeded games, the robots taking turns at the seats; every move
    is one of the legal moves given, and every game ends."""
    moves = []

    def check(state, seat, view, legal, move):
        assert move in legal
        moves.append(move)

    for game in range(3):
        robots = [ROUTE if (s + game) % 2 == 0 else RANDOM for s in range(seats)]
        state = _play(100 * seats + game, robots, check=check)
        assert RULES.outcome(state) is not None
    # The route robot made every kind of action somewhere.
    kinds = {type(move) for move in moves}
    assert {Keep, TakeDisplay, TakeDeck, Build} <= kinds


def test_route_robots_fill_every_seat_and_finish():
    for seats in (2, 5):
        state = _play(7 + seats, [ROUTE] * seats)
        assert RULES.outcome(state) is not None


# -- It cannot cheat -----------------------------------------------------------


def test_the_choice_ignores_other_seats_secrets():
    """Rat um Rad rulings, Hidden and open information: another seat's hand
    and destination cards are hidden; changing them changes neither seat
    0's view nor its move."""
    one = make_state(
        hands={0: ["yellow", "white"], 1: ["yellow", "joker", "joker"]},
        destinations={0: [BAHNHOF_JUS], 1: ["FromJusToWettstein"]},
    )
    other = make_state(
        hands={0: ["yellow", "white"], 1: ["white", "white", "red"]},
        destinations={0: [BAHNHOF_JUS], 1: ["FromDMIToBahnhof"]},
    )
    assert one.hands[1] != other.hands[1]
    assert RULES.view(one, 0) == RULES.view(other, 0)
    assert _choose(one) == _choose(other)


def test_the_choice_is_deterministic_and_leaves_the_view_alone():
    """Same view and moves, any Rng: the same move; the view is not changed."""
    checked = 0

    def check(state, seat, view, legal, move):
        nonlocal checked
        if seat == 0:
            before = copy.deepcopy(view)
            again = ROUTE.choose(view, list(legal), Rng(12345, checked))
            assert again == move
            assert view == before
            checked += 1

    _play(5, [ROUTE, RANDOM, RANDOM])
    _play(6, [ROUTE, RANDOM], check=check)
    assert checked > 20


# -- Strength ------------------------------------------------------------------


def _duel(seed):
    """Play seed's 2-seat game, route against random; return whether route won
    (ranked first; ties share). Route starts in every other game."""
    state = RULES.new_state(seats=2, options={}, seed=seed)
    mine = (state.start + seed) % 2
    robots = [ROUTE, RANDOM] if mine == 0 else [RANDOM, ROUTE]
    final = _play(seed, robots)
    outcome = RULES.outcome(final)
    return outcome.ranks[mine] == 1


def test_it_beats_the_random_robot():
    wins = sum(_duel(seed) for seed in range(30))
    assert wins >= 24  # 80 %; bench/robots.py measures about 100 %


# -- Planning in built positions -----------------------------------------------


def test_it_builds_a_road_of_its_destination_path_when_it_can_pay():
    """Rat um Rad seed, Radverbindung bauen: one yellow card pays the yellow
    road of 1 on the way from Bahnhof to Jus."""
    state = make_state(hands={0: ["yellow", "red"]}, destinations={0: [BAHNHOF_JUS]})
    assert _choose(state) == Build(road=WIRTSCHAFT_JUS, colour="yellow", jokers=0)


def test_it_pays_with_the_road_colour_and_keeps_its_joker():
    """Rat um Rad seed, Radverbindung bauen: jokers may stand in, but the
    exact colour is spent first."""
    state = make_state(hands={0: ["yellow", "joker"]}, destinations={0: [BAHNHOF_JUS]})
    legal = RULES.legal_moves(state, 0)
    assert Build(road=WIRTSCHAFT_JUS, colour="joker", jokers=1) in legal
    assert _choose(state) == Build(road=WIRTSCHAFT_JUS, colour="yellow", jokers=0)


# Jus - Medizin (black, 1) - Wettstein (orange, 1): two coloured roads.
JUS_WETTSTEIN = "FromJusToWettstein"


def test_it_takes_a_face_up_colour_its_path_needs():
    """Rat um Rad seed, Neue Radkarten aufnehmen: it takes the face-up black
    that pays a road on its way, not the deck or an unneeded colour."""
    state = make_state(
        display=("red", "blue", "black", "pink", "green"),
        destinations={0: [JUS_WETTSTEIN]},
    )
    assert _choose(state) == TakeDisplay(colour="black")


def test_its_second_pick_is_a_needed_colour_too():
    state = make_state(
        hands={0: ["black"]},
        display=("red", "blue", "orange", "pink", "green"),
        destinations={0: [JUS_WETTSTEIN]},
        picks=1,
    )
    assert _choose(state) == TakeDisplay(colour="orange")


def test_it_takes_the_deck_when_nothing_needed_is_face_up():
    state = make_state(
        display=("red", "blue", "green", "pink", "yellow"),
        destinations={0: [JUS_WETTSTEIN]},
    )
    assert _choose(state) == TakeDeck()


def test_it_takes_a_face_up_joker_that_pays_its_last_road():
    """Rat um Rad seed, Neue Radkarten aufnehmen: a face-up joker is the only
    pick of the action; worth it when one card is missing and not face up."""
    state = make_state(
        hands={0: ["black"]},
        display=("red", "blue", "joker", "pink", "green"),
        destinations={0: [JUS_WETTSTEIN]},
        built=[("Jus-to-Medizin", 0)],
    )
    assert _choose(state) == TakeDisplay(colour="joker")


def test_it_plans_around_roads_of_other_seats():
    """Rat um Rad seed, Radverbindung bauen: a road built by another seat is
    taken, and with 2 seats the second lane of its pair is closed too."""
    blocked = make_state(
        destinations={0: [BAHNHOF_JUS]}, built=[(BAHNHOF_WIRTSCHAFT[0], 1)]
    )
    board = board_from_view(RULES.view(blocked, 0), BASEL)
    plan = plan_routes(board, [BASEL.destinations[BAHNHOF_JUS]])
    roads = {road.id for road in plan.roads}
    assert roads == {"Bahnhof-to-Chemie", "Chemie-to-Jus"}


def test_with_four_seats_the_second_lane_stays_open():
    """Rat um Rad seed, Radverbindung bauen: only with 2 or 3 seats is the
    second lane closed once the first is built."""
    state = make_state(
        seats=4, destinations={0: [BAHNHOF_JUS]}, built=[(BAHNHOF_WIRTSCHAFT[0], 1)]
    )
    board = board_from_view(RULES.view(state, 0), BASEL)
    plan = plan_routes(board, [BASEL.destinations[BAHNHOF_JUS]])
    assert {road.id for road in plan.roads} == {BAHNHOF_WIRTSCHAFT[1], WIRTSCHAFT_JUS}


def test_own_roads_cost_nothing_in_the_plan():
    state = make_state(
        destinations={0: [BAHNHOF_JUS]}, built=[(BAHNHOF_WIRTSCHAFT[0], 0)]
    )
    board = board_from_view(RULES.view(state, 0), BASEL)
    plan = plan_routes(board, [BASEL.destinations[BAHNHOF_JUS]])
    assert [road.id for road in plan.roads] == [WIRTSCHAFT_JUS]
    assert plan.wheels == 1


def test_it_gives_back_a_far_short_card_in_setup():
    """Rat um Rad seed, Spielvorbereitung: at most one short card may be
    given back; the one far from the other cards goes."""
    offer = (
        "FromBibliothekToChemie",
        "FromBiozentrumToBiologie",
        "FromDMIToPsychologie",
    )
    other = ("FromBahnhofToJus", "FromJusToWettstein", "FromDMIToBahnhof")
    state = RULES.new_state(seats=2, options={}, seed=1)
    state = replace(
        state,
        destinations=(
            ("FromDMIToPolitikwissenschaften",),
            ("FromPhilosophieToMedizin",),
        ),
        offers=(offer, other),
        short_deck=tuple(c for c in BASEL.short if c not in offer + other),
    )
    move = _choose(state)
    assert move == Keep(cards=("FromBiozentrumToBiologie", "FromDMIToPsychologie"))


def test_in_the_final_round_it_builds_what_scores_most_now():
    """Rat um Rad seed, Ende des Spiels: one last action; completing the
    destination (3 points won instead of lost) beats a longer road."""
    state = make_state(
        hands={0: ["yellow", "black", "black", "black"]},
        destinations={0: [BAHNHOF_JUS]},
        built=[(BAHNHOF_WIRTSCHAFT[1], 0)],
        final=FinalRound(trigger=1, reason="wheels", left=(0,)),
    )
    assert _choose(state) == Build(road=WIRTSCHAFT_JUS, colour="yellow", jokers=0)


def test_it_draws_no_destinations_with_few_wheels_left():
    """Rat um Rad seed, Ende des Spiels: unreached destination cards cost
    their points, so with its cards done and 5 wheels it draws none."""
    state = make_state(
        destinations={0: [BAHNHOF_JUS]},
        built=[(BAHNHOF_WIRTSCHAFT[1], 0), (WIRTSCHAFT_JUS, 0)],
        wheels=(5, 30),
    )
    assert DrawDestinations() in RULES.legal_moves(state, 0)
    assert _choose(state) != DrawDestinations()


# -- Blocking ------------------------------------------------------------------

# Seat 1 last built Kollegienhaus - Theologie. Seat 0's roads close every
# other way into Biozentrum, DMI and Biologie (with 2 seats another seat's
# road is closed to it), so the black road of 2 from Kollegienhaus to
# Biozentrum is seat 1's only link left to those three places.
BOTTLENECK = "Biozentrum-to-Kollegienhaus"
WALL = [
    ("Pharmazentrum-to-Biozentrum", 0),
    ("DMI-to-Kollegienhaus", 0),
    ("Sportwissenschaften-to-Biologie", 0),
    ("Biologie-to-Psychologie", 0),
    ("Kollegienhaus-to-Theologie", 1),
]


def _blocking_state(*, destination="FromBibliothekToTheologie", wheels=(30, 30)):
    return make_state(
        hands={0: ["black", "black"]},
        display=("red", "blue", "white", "green", "yellow"),
        destinations={0: [destination]},
        built=WALL,
        wheels=wheels,
    )


def test_it_blocks_a_bottleneck_next_to_an_opponents_network():
    """Its plan (Bibliothek - Deutsch - Theologie: orange and pink) needs no
    black card, so the spare blacks build the road seat 1 cannot go around."""
    state = _blocking_state()
    assert _choose(state) == Build(road=BOTTLENECK, colour="black", jokers=0)


def test_it_keeps_the_cards_its_plan_needs_rather_than_block():
    """From DMI (own road to Kollegienhaus) to Bahnhof the plan takes the
    black road of 3: paying the block with its blacks would set it back."""
    state = _blocking_state(destination="FromDMIToBahnhof")
    board = board_from_view(RULES.view(state, 0), BASEL)
    plan = plan_routes(board, [BASEL.destinations["FromDMIToBahnhof"]])
    assert [road.colour for road in plan.roads] == ["black"]
    assert _choose(state) != Build(road=BOTTLENECK, colour="black", jokers=0)


def test_it_does_not_block_without_wheels_to_spare():
    state = _blocking_state(wheels=(8, 30))
    assert _choose(state) != Build(road=BOTTLENECK, colour="black", jokers=0)
