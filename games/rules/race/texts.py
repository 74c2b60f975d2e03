"""Race: the player-facing msgids for cards, moves and events.

Every card line exists once per card group ("plus", "catchup", "triple",
"rank"), because Django translates a whole msgid and its parameters must stay
numbers or proper names (the Knonster names).
"""

from __future__ import annotations

from games.rules.base import JSON, Message, gettext_noop

from .cards import CARDS, NAMES

LABEL = "label"
TEXT = "text"
PLAY = "play"
POWER = "power"
PLAYED = "played"
NO_EFFECT = "no_effect"
POWER_USED = "power_used"
DREW = "drew"

CARD_MESSAGES: dict[str, dict[str, str]] = {
    LABEL: {
        "plus": gettext_noop("%(knonster)s +%(steps)d"),
        "catchup": gettext_noop("%(knonster)s catch-up"),
        "triple": gettext_noop("%(knonster)s triple lead"),
        "rank": gettext_noop("Rank %(rank)d: +%(steps)d"),
    },
    TEXT: {
        "plus": gettext_noop("Move %(knonster)s %(steps)d steps forward."),
        "catchup": gettext_noop(
            "Move %(knonster)s up to %(steps)d steps forward, but no further "
            "than 2 steps behind the leader."
        ),
        "triple": gettext_noop(
            "Triple the lead of %(knonster)s: if it is alone in the lead and "
            "no Knonster has finished, it moves twice its lead forward."
        ),
        "rank": gettext_noop(
            "Move the Knonster with rank %(rank)d %(steps)d steps forward, if "
            "no other Knonster shares that rank."
        ),
        "rank3": gettext_noop(
            "Move the Knonster with rank %(rank)d up to %(steps)d steps "
            "forward, but at most 1 step ahead of the leader, if no other "
            "Knonster shares that rank."
        ),
    },
    PLAY: {
        "plus": gettext_noop("Play %(knonster)s +%(steps)d"),
        "catchup": gettext_noop("Play %(knonster)s catch-up"),
        "triple": gettext_noop("Play %(knonster)s triple lead"),
        "rank": gettext_noop("Play rank %(rank)d: +%(steps)d"),
    },
    POWER: {
        "plus": gettext_noop(
            "Use the superpower of %(power)s with %(knonster)s +%(steps)d"
        ),
        "catchup": gettext_noop(
            "Use the superpower of %(power)s with %(knonster)s catch-up"
        ),
        "triple": gettext_noop(
            "Use the superpower of %(power)s with %(knonster)s triple lead"
        ),
        "rank": gettext_noop(
            "Use the superpower of %(power)s with rank %(rank)d: +%(steps)d"
        ),
    },
    PLAYED: {
        "plus": gettext_noop("%(player)s plays %(knonster)s +%(steps)d."),
        "catchup": gettext_noop("%(player)s plays %(knonster)s catch-up."),
        "triple": gettext_noop("%(player)s plays %(knonster)s triple lead."),
        "rank": gettext_noop("%(player)s plays rank %(rank)d: +%(steps)d."),
    },
    NO_EFFECT: {
        "plus": gettext_noop(
            "%(player)s discards %(knonster)s +%(steps)d: it has no effect."
        ),
        "catchup": gettext_noop(
            "%(player)s discards %(knonster)s catch-up: it has no effect."
        ),
        "triple": gettext_noop(
            "%(player)s discards %(knonster)s triple lead: it has no effect."
        ),
        "rank": gettext_noop(
            "%(player)s discards rank %(rank)d: +%(steps)d: it has no effect."
        ),
    },
    POWER_USED: {
        "plus": gettext_noop(
            "%(player)s reveals %(power)s as a favourite and uses its "
            "superpower with %(knonster)s +%(steps)d."
        ),
        "catchup": gettext_noop(
            "%(player)s reveals %(power)s as a favourite and uses its "
            "superpower with %(knonster)s catch-up."
        ),
        "triple": gettext_noop(
            "%(player)s reveals %(power)s as a favourite and uses its "
            "superpower with %(knonster)s triple lead."
        ),
        "rank": gettext_noop(
            "%(player)s reveals %(power)s as a favourite and uses its "
            "superpower with rank %(rank)d: +%(steps)d."
        ),
    },
    DREW: {
        "plus": gettext_noop("You draw %(knonster)s +%(steps)d."),
        "catchup": gettext_noop("You draw %(knonster)s catch-up."),
        "triple": gettext_noop("You draw %(knonster)s triple lead."),
        "rank": gettext_noop("You draw rank %(rank)d: +%(steps)d."),
    },
}

EVENT_TEXTS: dict[str, str] = {
    "favourites_chosen": gettext_noop("%(player)s has chosen their favourites."),
    "favourites_noted": gettext_noop(
        "You chose %(first)s and %(second)s as your favourites."
    ),
    "favourites_noted_bet": gettext_noop(
        "You chose %(first)s and %(second)s as your favourites and bet on "
        "%(winner)s to win."
    ),
    "redeal_same_favourites": gettext_noop(
        "Everybody chose the same two favourites, so the race could only end in "
        "a tie. The cards are dealt again; please choose again."
    ),
    "redeal_same_favourites_and_winner": gettext_noop(
        "Everybody chose the same two favourites and the same winner, so the "
        "race could only end in a tie. The cards are dealt again; please "
        "choose again."
    ),
    "race_started": gettext_noop("%(player)s starts the race."),
    "knonster_moved": gettext_noop(
        "%(knonster)s moves %(steps)d steps forward to field %(field)d."
    ),
    "knonster_back": gettext_noop(
        "%(knonster)s moves %(steps)d steps back to field %(field)d."
    ),
    "knonster_crossed": gettext_noop(
        "%(knonster)s moves %(steps)d steps and crosses the finish line."
    ),
    "knonster_finished": gettext_noop("%(knonster)s takes place %(place)d."),
    "card_drawn": gettext_noop("%(player)s draws a card."),
    "race_decided": gettext_noop(
        "The race is decided: no order of the remaining Knonsters can change "
        "the players' ranking. The system now offers to finish the race for the "
        "winners first, then for the others."
    ),
    "race_over_race_finished": gettext_noop(
        "The race is over: three Knonsters have crossed the finish line."
    ),
    "race_over_draw_pile_empty": gettext_noop(
        "The race is over: the draw pile is empty."
    ),
    "final_score": gettext_noop(
        "%(player)s backed %(first)s and %(second)s: %(points)d points, rank %(rank)d."
    ),
    "final_score_bet": gettext_noop(
        "%(player)s backed %(first)s and %(second)s and bet on "
        "%(winner)s: %(points)d points, rank %(rank)d."
    ),
}


def card_message(variant: str, card_id: str, **params: object) -> Message:
    """Return the `variant` line (LABEL, TEXT, PLAY, ...) for `card_id`.

    `params` adds e.g. `player` or `power` (already display values).
    """
    card = CARDS[card_id]
    if card.knonster is None:
        group = "rank"
        values: JSON = {"rank": card.rank, "steps": card.steps}
        if variant == TEXT and card.kind == "rank3":
            group = "rank3"
    elif card.is_plus:
        group = "plus"
        values = {"knonster": NAMES[card.knonster], "steps": card.steps}
    elif card.kind == "catchup":
        group = "catchup"
        values = {"knonster": NAMES[card.knonster]}
        if variant == TEXT:
            values["steps"] = card.steps
    else:
        group = "triple"
        values = {"knonster": NAMES[card.knonster]}
    values.update(params)
    return Message(CARD_MESSAGES[variant][group], values)
