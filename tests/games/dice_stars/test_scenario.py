"""Dice Stars: the published worked example, turn by turn, as one scenario.

Dice Stars rules, "Wie man den Wertungszettel ausfüllt", Beispiele 1 to 3:
the same sheet first takes three light blue dice, then three 3s, then four
stars. The dice each turn are set by hand as the example fixes them.
"""

from __future__ import annotations

from games.rules.dice_stars.dice import STAR
from games.rules.dice_stars.sheet import X
from games.rules.dice_stars.state import PlaceStar, TakeColour, TakeStars, TakeValue

from .conftest import column, die, row


def test_the_published_worked_example(dice_stars, scenario):
    # Beispiel 1: "Es liegen nach deiner ersten Aktion 4 Würfel in der
    # Reserve (1 pinke Zwei aus der Vorrunde und 3 hellblaue Würfel mit den
    # Werten Vier, Fünf und Stern ...). Du wählst die 3 blauen und trägst
    # auf deiner leeren, blauen Spalte von oben nach unten zwei "X" und im
    # dritten Feld von oben eine Neun (Vier+Fünf) ein."
    blue_4, blue_5, blue_star = die("blue", 4), die("blue", 5, 1), die("blue", STAR, 2)
    state = scenario(
        reserve=(die("pink", 2), blue_4, blue_5, blue_star),
        rolled=(5, 6, 7),
    )
    assert TakeColour(colour="blue") in dice_stars.legal_moves(state, 0)
    state, events = dice_stars.apply(state, 0, TakeColour(colour="blue"))
    sheet = state.sheets[0]
    assert column(sheet, "blue") == [X, X, 9, None, None]
    assert events[0].data["cells"] == [[0, 2], [1, 2], [2, 2]]
    assert events[0].data["sum"] == 9
    # "Danach legst du die 3 blauen Würfel in die Ablage."
    assert state.discard == (5, 6, 7)
    assert state.reserve == (die("pink", 2),)
    # A star was taken, so the next player first decides about the reserve
    # ("Würfel zurück in den Beutel legen").
    assert (state.current, state.step) == (1, "rebag")

    # Beispiel 2: "Es liegen nach deiner ersten Aktion 5 Würfel in der
    # Reserve (3 gelbe mit den Werten Drei, Drei und Stern, sowie 1 schwarze
    # Zwei und 1 pinke Drei. (Gezogen hattest du 2 gelbe Dreien und 1 pinke
    # Drei.) Du wählst die 3 Dreien"
    reserve = (
        die("yellow", 3),
        die("yellow", 3, 1),
        die("yellow", STAR, 2),
        die("black", 2),
        die("pink", 3, 1),
    )
    state = scenario(
        reserve=reserve, rolled=(3, 9, 10), sheets=state.sheets, turns=(1, 1)
    )
    threes = TakeValue(value=3)
    assert threes in dice_stars.legal_moves(state, 0)
    state, events = dice_stars.apply(state, 0, threes)
    sheet = state.sheets[0]
    # "Somit füllst du die ersten beiden Felder mit einem "X", überspringst
    # dieses bereits beschriebene Feld, und trägst erst in das vierte Feld
    # deine Neun ein."
    assert row(sheet, 3) == [X, X, X, 9, None, None, None]
    assert events[0].data["cells"] == [[1, 0], [1, 1], [1, 3]]
    assert column(sheet, "blue") == [X, X, 9, None, None]
    assert state.reserve == (die("black", 2), die("yellow", STAR, 2))
    assert sheet.total() == 18  # row 3: 9, row 4: 9

    # Beispiel 3: "Es liegen nach deiner ersten Aktion 5 Würfel in der
    # Reserve (1 schwarze Zwei, 2 pinke Sterne, 1 blauer Stern, 1 gelber
    # Stern). Du wählst die 4 Würfel mit Sternsymbol"
    reserve = (
        die("black", 2),
        die("pink", STAR),
        die("pink", STAR, 1),
        die("blue", STAR),
        die("yellow", STAR),
    )
    state = scenario(reserve=reserve, sheets=state.sheets, turns=(2, 2))
    stars = next(t for t in dice_stars.view(state, 0)["takes"] if t["kind"] == "stars")
    assert stars["count"] == 4
    assert stars["legal"] is True
    # Best placement: complete row 3 (x2) and spoil a row without numbers.
    assert stars["points"] == 9
    state, _ = dice_stars.apply(state, 0, TakeStars())
    assert state.stars_left == 4
    # "3 "X" in die 3er-Zeile einzutragen (diese ist nun voll belegt) und
    # 1 "X" in das erste Feld der 5er-Zeile"
    for value in (3, 3, 3, 5):
        state, _ = dice_stars.apply(state, 0, PlaceStar(value=value))
    sheet = state.sheets[0]
    assert sheet.stars == (0, 3, 0, 1, 0)
    assert sheet.star_free(3) == 0
    assert [sheet.multiplier(r) for r in range(5)] == [1, 2, 1, 0, 1]
    assert [sheet.row_score(r) for r in range(5)] == [0, 18, 9, 0, 0]
    assert sheet.total() == 27
    assert state.reserve == (die("black", 2),)
    assert (state.current, state.step) == (1, "rebag")
