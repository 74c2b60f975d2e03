"""Rat um Rad: the player-facing msgids for moves, refusals, events and names."""

from __future__ import annotations

from games.rules.base import gettext_noop

TAGLINE = gettext_noop(
    "Collect wheel cards, build cycle roads across Basel and join your destinations."
)
MAP_OPTION = gettext_noop("Map")
MAP_HELP = gettext_noop("The map the match is played on.")

# Card and player colours.
COLOUR_NAMES = {
    "red": gettext_noop("red"),
    "blue": gettext_noop("blue"),
    "orange": gettext_noop("orange"),
    "green": gettext_noop("green"),
    "yellow": gettext_noop("yellow"),
    "pink": gettext_noop("pink"),
    "black": gettext_noop("black"),
    "white": gettext_noop("white"),
    "joker": gettext_noop("joker"),
    "grey": gettext_noop("grey"),
}

# A road, a destination card.
ROAD = gettext_noop("%(a)s – %(b)s")
ROAD_LANE = gettext_noop("%(a)s – %(b)s (lane %(lane)d)")
DESTINATION = gettext_noop("%(a)s – %(b)s (%(points)d)")

# Move labels (unique among the legal moves of a state).
KEEP = gettext_noop("Keep %(cards)s")
TAKE_DISPLAY = gettext_noop("Take a face-up card: %(colour)s")
TAKE_DECK = gettext_noop("Take a card from the deck")
BUILD = gettext_noop("Build %(road)s: %(count)d × %(colour)s")
BUILD_JOKERS = gettext_noop(
    "Build %(road)s: %(count)d × %(colour)s + %(jokers)d × joker"
)
BUILD_ALL_JOKERS = gettext_noop("Build %(road)s: %(jokers)d × joker")
DRAW_DESTINATIONS = gettext_noop("Draw destination cards")
PASS = gettext_noop("Pass: no action is possible")

# Refusals.
GAME_OVER = gettext_noop("The game is over.")
NOT_YOUR_TURN = gettext_noop("It is not your turn.")
ALREADY_KEPT = gettext_noop("You have already chosen your destination cards.")
KEEP_FIRST = gettext_noop("First choose which destination cards to keep.")
NOTHING_TO_KEEP = gettext_noop("You have no destination cards to choose from.")
KEEP_FROM_OFFER = gettext_noop(
    "Keep only cards you are choosing from, each at most once."
)
KEEP_AT_LEAST_ONE = gettext_noop("Keep at least one destination card.")
GIVE_BACK_ONE = gettext_noop("You may give back at most one short destination card.")
SECOND_PICK = gettext_noop("Take your second wheel card.")
NO_CARDS = gettext_noop("There are not enough wheel cards left to take.")
NOT_ON_DISPLAY = gettext_noop("No face-up card has the colour %(colour)s.")
JOKER_FIRST_ONLY = gettext_noop("A face-up joker can only be your first card.")
DECK_EMPTY = gettext_noop("The deck and the discard pile are empty.")
NO_SUCH_ROAD = gettext_noop("There is no such road.")
ROAD_TAKEN = gettext_noop("That road is already built.")
OWN_PAIR = gettext_noop("You have already built the other lane of this route.")
PAIR_CLOSED = gettext_noop(
    "With 2 or 3 players only one lane of a double route can be built."
)
FEW_WHEELS = gettext_noop("You do not have enough wheels for that road.")
WRONG_COLOUR = gettext_noop("That road must be paid in %(colour)s.")
BAD_PAYMENT = gettext_noop("Pay with one colour, jokers only where cards are missing.")
FEW_CARDS = gettext_noop("You do not have those cards.")
NO_DESTINATIONS = gettext_noop("No destination cards are left.")
CANNOT_PASS = gettext_noop("You can still take an action: you cannot pass.")

EVENT_TEXTS = {
    "kept_setup": gettext_noop("%(player)s keeps %(count)d short destination cards."),
    "kept_setup_cards": gettext_noop("You keep %(cards)s."),
    "started": gettext_noop("The destination cards are chosen: %(player)s begins."),
    "took_display": gettext_noop("%(player)s takes a face-up card: %(colour)s."),
    "took_deck": gettext_noop("%(player)s takes a card from the deck."),
    "took_deck_card": gettext_noop("You take a card from the deck: %(colour)s."),
    "display_reset": gettext_noop(
        "Three jokers lie face up: the display is discarded and laid out anew."
    ),
    "reshuffled": gettext_noop("The discard pile is shuffled into a new deck."),
    "built": gettext_noop("%(player)s builds %(road)s and scores %(points)d."),
    "drew_destinations": gettext_noop(
        "%(player)s draws new destination cards (%(count)d)."
    ),
    "drew_destinations_cards": gettext_noop("You draw %(cards)s."),
    "kept_destinations": gettext_noop(
        "%(player)s chooses destination cards: %(count)d kept, %(returned)d returned."
    ),
    "passed": gettext_noop("%(player)s cannot take any action and passes."),
    "final_round_wheels": gettext_noop(
        "%(player)s has 2 wheels or fewer left: the final round begins."
    ),
    "final_round_roads": gettext_noop(
        "No road can be built any more: the final round begins."
    ),
    "over_final_round": gettext_noop("The final round is over."),
    "over_no_action": gettext_noop(
        "Nobody could take an action for a whole round: the game ends."
    ),
}
SOMETHING = gettext_noop("Something happened.")

# Outcome reasons (Outcome.reason).
REASONS = {
    "final_round": gettext_noop("The final round was played."),
    "no_action": gettext_noop("Nobody could take an action any more."),
}

# Options and setup refusals.
SEATS = gettext_noop("Rat um Rad takes 2 to 5 seats.")
NO_SUCH_MAP = gettext_noop("There is no such map.")
