"""Dice Stars: the player-facing msgids for moves, reasons and events.

Colour words get their own msgid per colour wherever a translation may need
to inflect them; elsewhere a colour travels as a nested Message parameter.
"""

from __future__ import annotations

from games.rules.base import gettext_noop

DRAW_LABELS = {
    1: gettext_noop("Draw 1 die"),
    2: gettext_noop("Draw 2 dice"),
    3: gettext_noop("Draw 3 dice"),
}
KEEP_RESERVE = gettext_noop("Keep the reserve")
RETURN_RESERVE = gettext_noop("Return the reserve to the bag too")
TAKE_COLOUR = {
    "black": gettext_noop("Take the black dice"),
    "pink": gettext_noop("Take the pink dice"),
    "blue": gettext_noop("Take the light blue dice"),
    "yellow": gettext_noop("Take the yellow dice"),
}
TAKE_VALUE = gettext_noop("Take the %(value)ds")
TAKE_STARS = gettext_noop("Take the stars")
PLACE_STAR = gettext_noop("Mark a star cell in row %(value)d")

# Why a take does not fit (Dice Stars rules, "Wie man den Wertungszettel ausfüllt").
COLUMN_FULL = gettext_noop("Column %(colour)s is full.")
COLUMN_SHORT = gettext_noop(
    "%(count)d dice, but column %(colour)s has room for only %(free)d."
)
ROW_FULL = gettext_noop("Row %(value)d is full.")
ROW_SHORT = gettext_noop(
    "%(count)d dice, but row %(value)d has room for only %(free)d."
)
STARS_FULL = gettext_noop("All your star cells are marked.")
STARS_SHORT = gettext_noop(
    "%(count)d stars, but your star cells have room for only %(free)d."
)

EVENT_TEXTS = {
    "rebag": gettext_noop("%(player)s returns the discard to the bag."),
    "rebag_reserve": gettext_noop(
        "%(player)s returns the discard and the reserve to the bag."
    ),
    "drew": gettext_noop("%(player)s draws %(count)d and rolls %(dice)s."),
    "drew_forced": gettext_noop("%(player)s must draw %(count)d and rolls %(dice)s."),
    "took_colour": gettext_noop(
        "%(player)s takes colour %(colour)s (%(dice)s) and writes %(sum)d."
    ),
    "took_value": gettext_noop(
        "%(player)s takes the %(value)ds (%(dice)s) and writes %(sum)d."
    ),
    "took_stars": gettext_noop("%(player)s takes the stars (%(dice)s)."),
    "comet_colour": gettext_noop(
        "Nothing fits on the sheet of %(player)s: colour %(colour)s (%(dice)s) "
        "goes into the comet, minus %(sum)d."
    ),
    "comet_value": gettext_noop(
        "Nothing fits on the sheet of %(player)s: the %(value)ds (%(dice)s) go "
        "into the comet, minus %(sum)d."
    ),
    "star_marked": gettext_noop("%(player)s marks a star cell in row %(value)d."),
    "end_triggered_sheet_full": gettext_noop(
        "%(player)s has filled the last white cell: the game ends once everybody "
        "has had the same number of turns."
    ),
    "end_triggered_comet": gettext_noop(
        "%(player)s had to fill the comet: the game ends once everybody has had "
        "the same number of turns."
    ),
    "end_now_sheet_full": gettext_noop("%(player)s has filled the last white cell."),
    "end_now_comet": gettext_noop("%(player)s had to fill the comet."),
    "solo_marked": gettext_noop(
        "Solo grid: +%(count)d, now %(marked)d of %(size)d cells."
    ),
    "game_over_sheet_full": gettext_noop("The game is over: a sheet is full."),
    "game_over_comet": gettext_noop("The game is over: a comet was filled."),
    "game_over_solo_grid_full": gettext_noop(
        "The solo grid is full: the virtual opponent wins at once."
    ),
    "final_score": gettext_noop("%(player)s scores %(score)d."),
    "solo_won": gettext_noop("The virtual opponent scores %(score)d: %(player)s wins."),
    "solo_lost": gettext_noop(
        "The virtual opponent scores %(score)d: the virtual opponent wins."
    ),
}
SOMETHING = gettext_noop("Something happened.")
UNKNOWN_MOVE = gettext_noop("Unknown move")
