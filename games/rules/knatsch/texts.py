"""Knatsch: the player-facing msgids for moves, refusals and events."""

from __future__ import annotations

from games.rules.base import gettext_noop

# Move labels (unique among the legal moves of a state).
PUT_UNDER = gettext_noop("Put the top card of stack %(stack)d under it")
ROLL_FOR_STACK = gettext_noop("Roll for the top card of stack %(stack)d")
ATTACK = gettext_noop("Roll for %(card)s (%(combination)s)")
ROLL_FOR_KING = gettext_noop("Roll to overthrow the King")
THROW_ALL = gettext_noop("Throw all the dice")
THROW_KEEPING = gettext_noop("Keep %(dice)s, throw the rest")
STOP = gettext_noop("Stop here")
DECLINE = gettext_noop("Do not roll")
REVENGE = gettext_noop("Give up %(card)s, under stack %(stack)d")
PASS = gettext_noop("End your turn without rolling")
UNKNOWN_MOVE = gettext_noop("Unknown move")

# A combination or result as text.
COMBINATION = gettext_noop("%(count)d × %(face)d + %(kicker)d")
COMBINATION_NO_KICKER = gettext_noop("%(count)d × %(face)d")
NOTHING = gettext_noop("nothing")

# Refusals.
GAME_OVER = gettext_noop("The game is over.")
NOT_YOUR_TURN = gettext_noop("It is not your turn.")
NOT_YOUR_THROW = gettext_noop("It is not your throw.")
NAME_TARGET = gettext_noop("First name the card you roll for.")
NOW_THROW = gettext_noop("Now throw, or stop.")
NOW_REVENGE = gettext_noop("The King takes his revenge: choose a castle to give up.")
PUT_UNDER_USED = gettext_noop("You have already put a card under a stack this turn.")
PUT_UNDER_SMALL = gettext_noop("Stack %(stack)d has no card to put under another.")
NOT_A_TARGET = gettext_noop("You cannot roll for that card now.")
EMPTY_STACK = gettext_noop("Stack %(stack)d is empty.")
DUPLICATE = gettext_noop("You already have a card like %(card)s.")
LAST_CASTLE = gettext_noop("A player with only one castle cannot be attacked.")
NO_TOURNAMENT_THEFT = gettext_noop("Tournaments cannot be taken from other players.")
OWN_CARD = gettext_noop("That card is already yours.")
KING_NOT_READY = gettext_noop(
    "Only a player who had three castles at the start of the turn may roll for the King."
)
BAD_KEEP = gettext_noop(
    "You can only keep dice that are on the table, and must throw at least one."
)
FIRST_THROW = gettext_noop("Throw all the dice first.")
DECLINE_TOO_LATE = gettext_noop("You can only decline before your first throw.")
DECLINE_ATTACKER = gettext_noop("Only a defender or a tournament guest can decline.")
STOP_BEFORE_THROW = gettext_noop("Throw at least once before you stop.")
NOT_YOUR_CASTLE = gettext_noop("That is not one of your castles.")
CANNOT_PASS = gettext_noop(
    "You can still roll for a card: you cannot end your turn yet."
)

EVENT_TEXTS = {
    "put_under": gettext_noop("%(player)s puts %(card)s under stack %(stack)d."),
    "roll_for": gettext_noop("%(player)s rolls for %(card)s and must beat %(beat)s."),
    "roll_for_king": gettext_noop(
        "%(player)s rolls to overthrow the King and must beat %(beat)s."
    ),
    "host": gettext_noop("%(player)s hosts a tournament."),
    "thrown": gettext_noop("%(player)s throws %(dice)s: %(result)s."),
    "thrown_keeping": gettext_noop(
        "%(player)s keeps %(kept)s and throws %(dice)s: %(result)s."
    ),
    "thrown_sixes": gettext_noop(
        "%(player)s throws %(dice)s and sets %(sixes)d six(es) aside: %(result)s."
    ),
    "thrown_keeping_sixes": gettext_noop(
        "%(player)s keeps %(kept)s and throws %(dice)s, setting %(sixes)d six(es) aside: %(result)s."
    ),
    "captured": gettext_noop(
        "%(player)s beats %(beat)s with %(result)s and takes %(card)s."
    ),
    "failed": gettext_noop("%(player)s does not beat %(beat)s with %(result)s."),
    "failed_under": gettext_noop(
        "%(player)s does not beat %(beat)s with %(result)s: %(card)s goes under stack %(stack)d."
    ),
    "extra_attempt": gettext_noop(
        "%(player)s took a special card from a stack and rolls for another card."
    ),
    "defend": gettext_noop("%(player)s must beat %(beat)s to keep %(card)s."),
    "defended": gettext_noop(
        "%(player)s beats %(beat)s with %(result)s and keeps %(card)s."
    ),
    "defence_failed": gettext_noop(
        "%(player)s does not beat %(beat)s with %(result)s and loses %(card)s."
    ),
    "castle_taken": gettext_noop("%(player)s takes %(card)s."),
    "declined_defence": gettext_noop("%(player)s does not defend and loses %(card)s."),
    "joust": gettext_noop(
        "%(player)s throws in the tournament and must beat %(beat)s."
    ),
    "tournament_result": gettext_noop(
        "%(player)s ends the tournament round with %(result)s."
    ),
    "tournament_lead": gettext_noop("%(player)s leads the tournament with %(result)s."),
    "declined_tournament": gettext_noop("%(player)s passes in the tournament."),
    "tournament_won": gettext_noop("%(player)s wins the tournament."),
    "king_overthrown": gettext_noop(
        "%(player)s beats %(beat)s with %(result)s and overthrows the King!"
    ),
    "king_revenge": gettext_noop(
        "%(player)s does not beat %(beat)s with %(result)s: the King takes his revenge."
    ),
    "revenge": gettext_noop(
        "%(player)s gives up %(card)s, which goes under stack %(stack)d."
    ),
    "passed": gettext_noop("%(player)s ends the turn without rolling."),
    "passed_forced": gettext_noop("%(player)s cannot roll for any card and passes."),
    "won_four_castles": gettext_noop("%(player)s holds four castles and wins!"),
    "won_king": gettext_noop("%(player)s has overthrown the King and wins!"),
    "won_tournaments": gettext_noop(
        "%(player)s holds two castles and three tournaments and wins!"
    ),
    "turn_limit": gettext_noop(
        "The turn limit is reached: the game ends and %(player)s, closest to a win, wins."
    ),
}
SOMETHING = gettext_noop("Something happened.")
