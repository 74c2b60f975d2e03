"""Dice Stars: one turn: draw, take a colour, a value or the stars, re-bag, comet."""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.dice_stars.dice import ALL_DICE, FACES, STAR
from games.rules.dice_stars.sheet import X
from games.rules.dice_stars.state import (
    Draw,
    PlaceStar,
    Rebag,
    TakeColour,
    TakeStars,
    TakeValue,
)
from games.rules.structs import replace

from .conftest import column, die, row

DRAW_1, DRAW_2, DRAW_3 = (Draw(count=n) for n in (1, 2, 3))
KEEP = Rebag(with_reserve=False)
RETURN = Rebag(with_reserve=True)


def colour(c):
    return TakeColour(colour=c)


def value(v):
    return TakeValue(value=v)


def place(v):
    return PlaceStar(value=v)


STARS = TakeStars()

# -- setup and the draw ------------------------------------------------------


def test_a_new_match_has_every_die_in_the_bag_and_blank_sheets(dice_stars):
    # Dice Stars rules, A: "Alle 14 Würfel kommen in den schwarzen
    # Stoffbeutel"; every player takes a blank sheet.
    state = dice_stars.new_state(seats=3, options={}, seed=4)
    assert state.bag == ALL_DICE
    assert state.reserve == ()
    assert state.discard == ()
    assert state.step == "draw"
    assert state.turns == (0, 0, 0)
    assert all(sheet.white_free() == 20 for sheet in state.sheets)


def test_the_starting_seat_is_random(dice_stars):
    # Spielpost's rulings on the rules page, Turns: "A random player starts."
    starts = set()
    for seed in range(40):
        state = dice_stars.new_state(seats=3, options={}, seed=seed)
        assert state.current == state.start
        assert dice_stars.to_move(state) == {state.start}
        starts.add(state.start)
    assert starts == {0, 1, 2}


def test_the_first_player_must_draw_three(dice_stars):
    # Dice Stars rules, B, Aktion 1 (WICHTIG): "Am Anfang des Spiels muss
    # der Startspieler in seinem ersten Zug demnach 3 Würfel ziehen".
    state = dice_stars.new_state(seats=2, options={}, seed=0)
    assert dice_stars.legal_moves(state, state.current) == [DRAW_3]
    with pytest.raises(IllegalMove):
        dice_stars.apply(state, state.current, DRAW_1)


def test_with_a_number_in_the_reserve_one_to_three_dice_may_be_drawn(
    dice_stars, scenario
):
    # Dice Stars rules, B, Aktion 1: "MUSS 1 bis 3 Würfel aus dem Beutel ziehen".
    state = scenario(step="draw", reserve=(die("yellow", STAR), die("pink", 2)))
    assert dice_stars.legal_moves(state, 0) == [DRAW_1, DRAW_2, DRAW_3]
    assert dice_stars.legal_moves(state, 1) == []


def test_with_only_stars_in_the_reserve_three_dice_are_forced(dice_stars, scenario):
    # Dice Stars rules, B, Aktion 1 (WICHTIG): "die Reserve leer ist oder
    # sich nur Würfel mit dem Sternsymbol darin befinden, MUSS dieser
    # Spieler 3(!) Würfel ziehen".
    state = scenario(step="draw", reserve=(die("yellow", STAR), die("black", STAR)))
    assert dice_stars.legal_moves(state, 0) == [DRAW_3]
    for move in (DRAW_1, DRAW_2):
        with pytest.raises(IllegalMove):
            dice_stars.apply(state, 0, move)


def test_a_forced_draw_from_a_short_bag_draws_what_is_left(dice_stars, scenario):
    # Spielpost's rulings on the rules page, Turns: "A forced draw of 3
    # takes whatever is left."
    state = scenario(step="draw", bag=(3, 12), discard=(0, 1, 2, *range(4, 12), 13))
    assert dice_stars.legal_moves(state, 0) == [DRAW_2]
    state, events = dice_stars.apply(state, 0, DRAW_2)
    assert state.bag == ()
    assert [d.die for d in state.reserve] == [3, 12]
    assert events[0].data["forced"] is True


def test_a_short_bag_limits_what_may_be_announced(dice_stars, scenario):
    # Spielpost's rulings on the rules page, Turns: "if it holds fewer dice
    # than you would like, you can announce at most as many as it holds".
    state = scenario(
        step="draw",
        reserve=(die("black", 4),),
        bag=(3, 12),
        discard=(1, 2, *range(4, 12), 13),
    )
    assert dice_stars.legal_moves(state, 0) == [DRAW_1, DRAW_2]
    with pytest.raises(IllegalMove):
        dice_stars.apply(state, 0, DRAW_3)


def test_drawn_dice_are_rolled_into_the_reserve(dice_stars, scenario):
    # Dice Stars rules, B, Aktion 1: the drawn dice are rolled and join the
    # dice the previous player left ("Reserve").
    state = scenario(step="draw", reserve=(die("pink", 2),))
    after, events = dice_stars.apply(state, 0, DRAW_2)
    drawn = after.rolled
    assert len(drawn) == 2
    assert 2 not in drawn
    assert after.bag == tuple(d for d in state.bag if d not in drawn)
    assert [d.die for d in after.reserve] == sorted((2, *drawn))
    for d in after.reserve:
        assert d.face in FACES[d.colour]
    assert after.step == "take"
    assert events[0].kind == "drew"
    assert events[0].data["count"] == 2
    # The same state and move always roll the same (STYLE.md B4 rule 7).
    assert dice_stars.apply(state, 0, DRAW_2)[0] == after


# -- the take ----------------------------------------------------------------


def test_a_colour_takes_all_its_dice_and_fills_the_column(dice_stars, scenario):
    # Dice Stars rules, "Wie man den Wertungszettel ausfüllt" 1: "nimmt ALLE
    # Würfel der gewählten Farbe"; X from the top, the sum in the last cell.
    reserve = (die("pink", 4), die("pink", 6, 1), die("black", 4))
    state = scenario(reserve=reserve)
    state, events = dice_stars.apply(state, 0, colour("pink"))
    sheet = state.sheets[0]
    assert column(sheet, "pink") == [X, 10, None, None, None]
    assert state.reserve == (die("black", 4),)
    assert state.discard == (2, 3)
    assert events[0].data["cells"] == [[0, 1], [1, 1]]
    assert events[0].data["sum"] == 10
    assert events[0].data["points"] == 10
    assert state.current == 1
    assert state.turns == (1, 0)


def test_a_colour_take_may_hold_star_dice_which_count_zero(dice_stars, scenario):
    # Spielpost's rulings on the rules page, Writing dice: "A colour may be
    # taken even if some of its dice show stars; they count 0 in the sum"
    # (Dice Stars rules, Beispiel 1: blue 4, 5 and star write 9).
    state = scenario(reserve=(die("blue", 4), die("blue", STAR, 1)))
    state, _ = dice_stars.apply(state, 0, colour("blue"))
    assert column(state.sheets[0], "blue") == [X, 4, None, None, None]


def test_a_value_takes_all_dice_showing_it_whatever_their_colour(dice_stars, scenario):
    # Dice Stars rules, "Wie man den Wertungszettel ausfüllt" 2: "nimmt ALLE
    # Würfel des gewählten numerischen Wertes"; X from the left, sum last.
    reserve = (die("black", 5), die("yellow", 5), die("pink", 5), die("blue", 2))
    state = scenario(reserve=reserve)
    state, _ = dice_stars.apply(state, 0, value(5))
    assert row(state.sheets[0], 5) == [X, X, 15, None, None]
    assert state.reserve == (die("blue", 2),)
    assert state.discard == (0, 2, 9)


def test_a_value_take_spills_into_the_green_cells(dice_stars, scenario, sheet_of):
    # Dice Stars rules, "Wie man Bonusfelder benutzt": green cells are filled
    # like white ones, after them ("Taking a value" on the rules page).
    sheet = sheet_of(cells={(4, 0): X, (4, 1): X, (4, 2): 8})
    reserve = (die("black", 4), die("yellow", 4))
    state = scenario(reserve=reserve, sheets=(sheet, sheet))
    state, _ = dice_stars.apply(state, 0, value(4))
    assert row(state.sheets[0], 4) == [X, X, 8, X, 8, None]


def test_a_lone_die_may_be_taken_by_its_colour_or_its_value(dice_stars, scenario):
    # Dice Stars rules, B, Aktion 2: the only die of a colour AND of a value
    # may be used for its colour OR its value.
    state = scenario(reserve=(die("pink", 3), die("blue", 5), die("blue", 5, 1)))
    assert dice_stars.legal_moves(state, 0) == [
        colour("pink"),
        colour("blue"),
        value(3),
        value(5),
    ]
    by_colour, _ = dice_stars.apply(state, 0, colour("pink"))
    by_value, _ = dice_stars.apply(state, 0, value(3))
    assert column(by_colour.sheets[0], "pink") == [3, None, None, None, None]
    assert row(by_value.sheets[0], 3) == [3, None, None, None, None, None, None]


def test_a_take_is_legal_only_if_all_its_dice_fit(dice_stars, scenario, sheet_of):
    # Dice Stars rules, B ("All dice must fit" on the rules page): a choice
    # is allowed only if all its dice fit; C: who can fill cells must.
    sheet = sheet_of(cells={(2, 3): X, (3, 3): X, (4, 3): X, (5, 3): 5})
    reserve = (die("yellow", 4), die("yellow", 6, 1), die("pink", 6))
    state = scenario(reserve=reserve, sheets=(sheet, sheet))
    assert dice_stars.legal_moves(state, 0) == [colour("pink"), value(4), value(6)]
    with pytest.raises(IllegalMove, match="do not fit"):
        dice_stars.apply(state, 0, colour("yellow"))


def test_a_kind_not_in_the_reserve_cannot_be_taken(dice_stars, scenario):
    # Dice Stars rules, B, Aktion 2: the player takes dice from the reserve.
    state = scenario(reserve=(die("pink", 3),))
    for move in (colour("black"), value(4), STARS):
        with pytest.raises(IllegalMove, match="no such dice"):
            dice_stars.apply(state, 0, move)


def test_a_take_comes_after_the_draw_and_a_draw_before_the_take(dice_stars, scenario):
    # Dice Stars rules, B: "folgende zwei Schritte": draw, then take.
    drawing = scenario(step="draw", reserve=(die("pink", 3),))
    with pytest.raises(IllegalMove):
        dice_stars.apply(drawing, 0, colour("pink"))
    taking = scenario(reserve=(die("pink", 3),))
    with pytest.raises(IllegalMove):
        dice_stars.apply(taking, 0, DRAW_1)
    with pytest.raises(IllegalMove, match="not your turn"):
        dice_stars.apply(taking, 1, colour("pink"))


def test_the_reserve_may_hold_four_dice_of_one_colour(dice_stars, scenario):
    # Dice Stars rules, B, Aktion 2: ALL dice of the kind are taken, so the
    # reserve can hold more than 3 of one colour; all four light blue dice go
    # down the column.
    reserve = tuple(die("blue", face, n) for n, face in enumerate((2, 3, 4, 5)))
    state = scenario(reserve=reserve)
    state, _ = dice_stars.apply(state, 0, colour("blue"))
    assert column(state.sheets[0], "blue") == [X, X, X, 14, None]


# -- stars -------------------------------------------------------------------


def test_stars_are_marked_one_move_each_in_rows_of_the_players_choice(
    dice_stars, scenario
):
    # Dice Stars rules, B, Aktion 2, 3: one X per star die in any free star
    # cells, "in der Reihenfolge seiner Wahl"; one "place_star" move per
    # star, after the take (Spielpost's rulings on the rules page, Writing dice).
    reserve = (die("pink", STAR), die("yellow", STAR), die("black", 2))
    state = scenario(reserve=reserve)
    assert STARS in dice_stars.legal_moves(state, 0)
    state, events = dice_stars.apply(state, 0, STARS)
    assert state.step == "stars"
    assert state.stars_left == 2
    assert state.current == 0
    assert state.reserve == (die("black", 2),)
    assert events[0].data["dice"] == [[2, 0], [9, 0]]
    assert dice_stars.legal_moves(state, 0) == [place(v) for v in (2, 3, 4, 5, 6)]
    state, _ = dice_stars.apply(state, 0, place(6))
    assert state.stars_left == 1
    state, _ = dice_stars.apply(state, 0, place(6))
    assert state.sheets[0].stars == (0, 0, 0, 0, 2)
    assert state.current == 1
    assert state.turns == (1, 0)


def test_more_than_three_stars_may_be_taken(dice_stars, scenario):
    # Dice Stars rules, B, Aktion 2, 3 (Anmerkung): "Es dürfen in diesem
    # Fall auch mehr als 3 sein."
    reserve = tuple(die(c, STAR) for c in ("black", "pink", "blue", "yellow"))
    state, _ = dice_stars.apply(scenario(reserve=reserve), 0, STARS)
    assert state.stars_left == 4


def test_a_full_star_row_is_not_offered(dice_stars, scenario, sheet_of):
    # Dice Stars rules, B, Aktion 2, 3: only free star cells can be marked.
    sheet = sheet_of(stars={2: 2, 4: 3})
    state = scenario(
        step="stars",
        stars_left=2,
        sheets=(sheet, sheet),
        discard=(2, 3),
    )
    assert dice_stars.legal_moves(state, 0) == [place(v) for v in (3, 4, 5, 6)]
    with pytest.raises(IllegalMove, match="no free star cell"):
        dice_stars.apply(state, 0, place(2))
    with pytest.raises(IllegalMove):
        dice_stars.apply(state, 0, DRAW_1)


def test_stars_are_illegal_when_not_all_of_them_fit(dice_stars, scenario, sheet_of):
    # Dice Stars rules, B, Aktion 2, 3: "nur noch 2 freie gelbe Felder, aber
    # 3 Würfel mit Sternensymbol ... darf man jene also nicht nehmen ... Man
    # muss sich dann für eine Farbe oder einen numerischen Wert ... entscheiden."
    sheet = sheet_of(stars={2: 2, 3: 3, 4: 4, 5: 5, 6: 4})
    reserve = (
        die("pink", STAR),
        die("blue", STAR),
        die("yellow", STAR),
        die("black", 3),
    )
    state = scenario(reserve=reserve, sheets=(sheet, sheet))
    legal = dice_stars.legal_moves(state, 0)
    assert STARS not in legal
    assert legal == [colour(c) for c in ("black", "pink", "blue", "yellow")] + [
        value(3)
    ]
    with pytest.raises(IllegalMove, match="do not fit"):
        dice_stars.apply(state, 0, STARS)


# -- back into the bag -------------------------------------------------------


def test_without_stars_or_an_empty_bag_the_discard_stays_out(dice_stars, scenario):
    # Dice Stars rules, "Würfel zurück in den Beutel legen": only after the
    # last die was drawn or a star was taken.
    state = scenario(reserve=(die("pink", 3), die("black", 4)), discard=(5, 6))
    state, events = dice_stars.apply(state, 0, value(3))
    assert state.step == "draw"
    assert state.current == 1
    assert state.discard == (2, 5, 6)
    assert [e.kind for e in events] == ["took"]


def test_after_a_star_take_the_next_player_chooses_about_the_reserve(
    dice_stars, scenario
):
    # Dice Stars rules, "Würfel zurück in den Beutel legen": the next player
    # MUST return the discard and MAY return ALL of the reserve (move
    # "rebag" with with_reserve true/false).
    reserve = (die("pink", STAR), die("black", 4))
    state, _ = dice_stars.apply(scenario(reserve=reserve), 0, STARS)
    state, _ = dice_stars.apply(state, 0, place(2))
    assert state.current == 1
    assert state.step == "rebag"
    assert dice_stars.legal_moves(state, 1) == [KEEP, RETURN]
    assert dice_stars.view(state, 1)["rebag"] == {"discard": 1, "reserve": 1}
    with pytest.raises(IllegalMove, match="reserve goes back"):
        dice_stars.apply(state, 1, DRAW_1)


def test_keeping_the_reserve_returns_only_the_discard(dice_stars, scenario):
    # Dice Stars rules, "Würfel zurück in den Beutel legen": ALL of the
    # discard goes back; the reserve stays.
    state = scenario(
        step="rebag",
        current=1,
        reserve=(die("black", 4), die("yellow", STAR)),
        discard=(2, 3, 5),
    )
    state, events = dice_stars.apply(state, 1, KEEP)
    assert state.discard == ()
    assert state.reserve == (die("black", 4), die("yellow", STAR))
    assert state.bag == tuple(d for d in range(14) if d not in (0, 9))
    assert state.step == "draw"
    assert events[0].data == {"seat": 1, "discard": 3, "reserve": 0}
    assert dice_stars.legal_moves(state, 1) == [DRAW_1, DRAW_2, DRAW_3]


def test_returning_the_reserve_returns_all_of_it(dice_stars, scenario):
    # Dice Stars rules, "Würfel zurück in den Beutel legen": "ALLE Würfel der
    # Reserve ... (aber nicht nur einen Teil)"; with the reserve empty, three
    # dice are forced (B, Aktion 1, WICHTIG).
    state = scenario(
        step="rebag",
        current=1,
        reserve=(die("black", 4), die("yellow", STAR)),
        discard=(2, 3, 5),
    )
    state, events = dice_stars.apply(state, 1, RETURN)
    assert state.bag == ALL_DICE
    assert state.reserve == ()
    assert state.discard == ()
    assert events[0].data == {"seat": 1, "discard": 3, "reserve": 2}
    assert dice_stars.legal_moves(state, 1) == [DRAW_3]


def test_with_an_empty_reserve_the_discard_goes_back_by_itself(dice_stars, scenario):
    # Spielpost's rulings on the rules page, Turns: with nothing to choose (the
    # reserve is empty), the discard returns at the start of the next turn
    # without a move.
    state = scenario(reserve=(die("pink", STAR),), discard=(0,))
    state, events = dice_stars.apply(state, 0, STARS)
    state, events = dice_stars.apply(state, 0, place(3))
    assert [e.kind for e in events] == ["star_marked", "rebag"]
    assert events[-1].data == {"seat": 1, "discard": 2, "reserve": 0}
    assert state.bag == ALL_DICE
    assert state.step == "draw"
    assert state.current == 1


def test_drawing_the_last_die_sends_the_discard_back(dice_stars, scenario):
    # Dice Stars rules, "Würfel zurück in den Beutel legen": "den letzten
    # Würfel aus dem Beutel gezogen hat".
    state = scenario(
        reserve=(die("pink", 3), die("black", 4)),
        bag=(),
        discard=(1, 3, 4, *range(5, 14)),
    )
    state, _ = dice_stars.apply(state, 0, value(3))
    assert state.step == "rebag"
    assert state.current == 1
    state, _ = dice_stars.apply(state, 1, KEEP)
    assert state.bag == tuple(d for d in ALL_DICE if d != 0)


def test_a_star_taken_by_colour_sends_the_discard_back(dice_stars, scenario):
    # Dice Stars rules, "Würfel zurück in den Beutel legen": "ein/die
    # gewählter/n Würfel das Sternensymbol zeigen", also within a colour.
    reserve = (die("blue", 4), die("blue", STAR, 1), die("black", 2))
    state, _ = dice_stars.apply(scenario(reserve=reserve), 0, colour("blue"))
    assert state.step == "rebag"


# -- the comet ---------------------------------------------------------------


def _comet_sheet(sheet_of):
    # Dice Stars rules, C, example: no free cell in row 4 (white or green)
    # and in the black column; the light blue column is full too, and so are
    # all star cells.
    full = {(4, i): X for i in range(6)} | {(v, 0): X for v in (2, 3, 5, 6)}
    full |= {(v, 2): X for v in (2, 3, 5, 6)}
    return sheet_of(cells=full, stars={2: 2, 3: 3, 4: 4, 5: 5, 6: 6})


def test_when_nothing_fits_every_colour_and_value_goes_to_the_comet(
    dice_stars, scenario, sheet_of
):
    # Dice Stars rules, C: "MUSS der Spieler immer noch eine Farbe oder einen
    # Wert auswählen (Anmerkung: keine Sterne)" and writes the sum into the
    # comet; here a light blue 4 and a black 4.
    sheet = _comet_sheet(sheet_of)
    reserve = (die("blue", 4), die("black", 4))
    state = scenario(reserve=reserve, sheets=(sheet, sheet))
    assert dice_stars.legal_moves(state, 0) == [
        colour("black"),
        colour("blue"),
        value(4),
    ]
    assert dice_stars.view(state, 0)["comet_turn"] is True
    by_colour, events = dice_stars.apply(state, 0, colour("black"))
    assert by_colour.sheets[0].comet == 4
    assert by_colour.sheets[0].rows == sheet.rows
    assert by_colour.reserve == (die("blue", 4),)
    assert by_colour.discard == (0,)
    assert events[0].data["comet"] is True
    assert events[0].data["points"] == -4
    by_value, _ = dice_stars.apply(state, 0, value(4))
    assert by_value.sheets[0].comet == 8
    assert by_value.sheets[0].total() == sheet.total() - 8


def test_stars_never_go_into_the_comet(dice_stars, scenario, sheet_of):
    # Dice Stars rules, C: "(Anmerkung: keine Sterne)"; the star die in a
    # colour counts 0 and sends the discard back (Spielpost's rulings on the rules page,
    # Turns).
    sheet = _comet_sheet(sheet_of)
    reserve = (die("blue", STAR), die("blue", 4, 1))
    state = scenario(reserve=reserve, sheets=(sheet, sheet))
    assert dice_stars.legal_moves(state, 0) == [colour("blue"), value(4)]
    with pytest.raises(IllegalMove, match="Stars cannot go into the comet"):
        dice_stars.apply(state, 0, STARS)
    state, events = dice_stars.apply(state, 0, colour("blue"))
    assert state.sheets[0].comet == 4
    # The next seat starts with the whole discard back in the bag.
    assert [e.kind for e in events][-1] == "rebag"
    assert state.bag == ALL_DICE
    assert (state.current, state.step) == (1, "draw")


def test_a_take_that_fits_must_be_made_rather_than_the_comet(
    dice_stars, scenario, sheet_of
):
    # Dice Stars rules, C: "dann MUSS er dies tun": the comet only when no
    # take fits; a star take that fits is then the only move.
    # One star cell (row 6) is still free.
    sheet = replace(_comet_sheet(sheet_of), stars=(2, 3, 4, 5, 5))
    reserve = (die("blue", STAR), die("blue", 4, 1))
    state = scenario(reserve=reserve, sheets=(sheet, sheet))
    assert dice_stars.legal_moves(state, 0) == [STARS]
    assert dice_stars.view(state, 0)["comet_turn"] is False


def test_nothing_is_hidden_every_seat_and_spectator_see_the_same(dice_stars, scenario):
    # state.py: "Nothing is hidden: the reserve, the discard, every score
    # sheet and the bag's contents ... are open" (GameInfo
    # hidden_information=False); the Rng never leaves the state (STYLE.md B4).
    state = scenario(reserve=(die("pink", 3), die("yellow", STAR)), discard=(0, 5))
    views = [dice_stars.view(state, seat) for seat in (0, 1, None)]
    for view in views:
        view.pop("seat")
        assert "rng" not in view
    assert views[0] == views[1] == views[2]
    assert views[0]["bag"] == {
        "count": 10,
        "colours": {"black": 1, "pink": 2, "blue": 3, "yellow": 4},
    }
    assert views[0]["discard"]["count"] == 2
