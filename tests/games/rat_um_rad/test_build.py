"""Rat um Rad: building roads — colours, grey, jokers, wheels, double routes, points.

Rat um Rad seed, "2. Radverbindung bauen"; Rat um Rad rulings, A turn.
"""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.rat_um_rad import RULES, Build
from games.rules.rat_um_rad import texts as t

from .conftest import BASEL, make_state, play

ORANGE_1 = "Bibliothek-to-Deutsch"  # length 1, orange
BLUE_2 = "Pharmazentrum-to-Biozentrum"  # length 2, blue
GREY_2 = "Bahnhof-to-Wirtschaft-2"  # length 2, grey; pair of WHITE_2
WHITE_2 = "Bahnhof-to-Wirtschaft-1"  # length 2, white
RED_3 = "Deutsch-to-Kollegienhaus-1"  # length 3, red; pair of YELLOW_3
YELLOW_3 = "Deutsch-to-Kollegienhaus-2"  # length 3, yellow


def _builds(state, seat=0, road=None):
    return [
        m
        for m in RULES.legal_moves(state, seat)
        if isinstance(m, Build) and (road is None or m.road == road)
    ]


def test_build_pays_cards_of_the_road_colour_and_places_wheels():
    """Rat um Rad seed, Radverbindung bauen: "n Karten der Farbe m ... Radkarten
    den Ablagestapel legen und Räder auf die Vorlage platzieren"."""
    state = make_state(hands={0: ["blue", "blue", "red"]})
    discard = len(state.discard)
    state, events = play(state, Build(road=BLUE_2, colour="blue", jokers=0))
    assert state.hands[0] == ("red",)
    assert state.wheels[0] == 28
    assert state.owner(BLUE_2) == 0
    assert len(state.discard) == discard + 2
    assert events[0].kind == "built"
    assert events[0].visible_to is None
    assert state.current == 1


def test_build_in_the_wrong_colour_is_refused():
    """Rat um Rad seed, Radverbindung bauen: a coloured road takes its colour."""
    state = make_state(hands={0: ["red", "red"]})
    assert _builds(state, road=BLUE_2) == []
    with pytest.raises(IllegalMove) as error:
        play(state, Build(road=BLUE_2, colour="red", jokers=0))
    assert error.value.message == t.WRONG_COLOUR


def test_too_few_cards_are_refused():
    """Rat um Rad seed, Radverbindung bauen: "sowohl n Karten der Farbe m hat"."""
    state = make_state(hands={0: ["blue"]})
    assert _builds(state, road=BLUE_2) == []
    with pytest.raises(IllegalMove) as error:
        play(state, Build(road=BLUE_2, colour="blue", jokers=0))
    assert error.value.message == t.FEW_CARDS


def test_jokers_stand_for_any_colour():
    """Rat um Rad seed, Radverbindung bauen: "Joker-Radkarten können jede Farbe
    annehmen. Die Spielperson hat hier die Wahl"."""
    state = make_state(hands={0: ["blue", "joker", "joker"]})
    assert _builds(state, road=BLUE_2) == [
        Build(road=BLUE_2, colour="blue", jokers=0 + 1),
        Build(road=BLUE_2, colour="joker", jokers=2),
    ]
    after, _ = play(state, Build(road=BLUE_2, colour="joker", jokers=2))
    assert after.hands[0] == ("blue",)


def test_grey_road_takes_any_one_colour():
    """Rat um Rad seed, Radverbindung bauen: "Bei grauen Streckenabschnitten
    kann eine Farbe beliebig ausgewählt werden. Es muss aber nur eine sein"."""
    state = make_state(hands={0: ["red", "blue", "green", "green", "joker"]})
    moves = _builds(state, road=GREY_2)
    assert moves == [
        Build(road=GREY_2, colour="red", jokers=1),
        Build(road=GREY_2, colour="blue", jokers=1),
        Build(road=GREY_2, colour="green", jokers=0),
        Build(road=GREY_2, colour="green", jokers=1),
    ]
    with pytest.raises(IllegalMove):
        play(state, Build(road=GREY_2, colour="red", jokers=0))


def test_wheels_are_needed():
    """Rat um Rad seed, Radverbindung bauen: "als auch eine Anzahl von n Rädern hat"."""
    state = make_state(hands={0: ["white", "white", "white"]}, wheels=(2, 30))
    assert {m.road for m in _builds(state)} == {
        r.id for r in BASEL.roads if r.length <= 2 and r.colour in ("white", "grey")
    }
    with pytest.raises(IllegalMove) as error:
        play(
            state,
            Build(road="Pharmazentrum-to-Kollegienhaus", colour="white", jokers=0),
        )
    assert error.value.message == t.FEW_WHEELS


def test_a_built_road_cannot_be_built_again():
    """Rat um Rad seed, Radverbindung bauen: one road per Radstreckenvorlage."""
    state = make_state(hands={0: ["blue", "blue"]}, built=[(BLUE_2, 1)])
    with pytest.raises(IllegalMove) as error:
        play(state, Build(road=BLUE_2, colour="blue", jokers=0))
    assert error.value.message == t.ROAD_TAKEN


@pytest.mark.parametrize("seats", [4, 5])
def test_nobody_builds_both_lanes_of_a_double_route(seats):
    """Rat um Rad seed, Radverbindung bauen: "darf die Spielperson keine
    Radstrecke mehr auf der zweiten Vorlage bauen"."""
    hand = ["yellow"] * 3
    own = make_state(seats=seats, hands={0: hand}, built=[(RED_3, 0)])
    assert _builds(own, road=YELLOW_3) == []
    with pytest.raises(IllegalMove) as error:
        play(own, Build(road=YELLOW_3, colour="yellow", jokers=0))
    assert error.value.message == t.OWN_PAIR
    other = make_state(seats=seats, hands={0: hand}, built=[(RED_3, 1)])
    assert _builds(other, road=YELLOW_3) == [
        Build(road=YELLOW_3, colour="yellow", jokers=0)
    ]


@pytest.mark.parametrize("seats", [2, 3])
def test_with_two_or_three_players_only_one_lane(seats):
    """Rat um Rad seed, Radverbindung bauen: "Beim Spiel zu zweit oder zu dritt
    kann nur eine der beiden Vorlagen verwendet werden"."""
    state = make_state(seats=seats, hands={0: ["yellow"] * 3}, built=[(RED_3, 1)])
    assert _builds(state, road=YELLOW_3) == []
    with pytest.raises(IllegalMove) as error:
        play(state, Build(road=YELLOW_3, colour="yellow", jokers=0))
    assert error.value.message == t.PAIR_CLOSED


@pytest.mark.parametrize(
    ("road", "colour", "points"),
    [
        (ORANGE_1, "orange", 1),
        (BLUE_2, "blue", 2),
        ("Pharmazentrum-to-Kollegienhaus", "white", 4),
        ("Kunstgeschichte-to-Bahnhof", "red", 7),
        ("Deutsch-to-Pharmazentrum", "red", 10),
        ("Philosophie-to-Chemie", "red", 15),
    ],
)
def test_points_table(road, colour, points):
    """Rat um Rad seed, the points table: length 1..6 scores 1, 2, 4, 7, 10, 15,
    on the score track at once."""
    state = make_state(hands={0: [colour] * 6}, track=(3, 0))
    state, events = play(state, Build(road=road, colour=colour, jokers=0))
    assert state.track == (3 + points, 0)
    assert events[0].data["points"] == points


def test_bad_joker_counts_are_refused():
    """Rat um Rad rulings (edition), A turn: paying for a road: exactly n cards."""
    state = make_state(hands={0: ["blue", "blue", "joker", "joker", "joker"]})
    for move in (
        Build(road=BLUE_2, colour="blue", jokers=3),
        Build(road=BLUE_2, colour="joker", jokers=1),
        Build(road="no-such-road", colour="blue", jokers=0),
    ):
        with pytest.raises(IllegalMove):
            play(state, move)
