"""Rat um Rad: wheel cards, the deck, the discard pile and the face-up display.

Sources: Rat um Rad seed, Spielmaterialien and Neue Radkarten aufnehmen;
Rat um Rad rulings, A turn. A hand is a sorted tuple of card colours (in
CARD_KINDS order). `Cards` is a scratch pad for one move: it draws, refills
the display, resets it on three jokers and reshuffles the discard pile,
noting the public events.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Final

from games.rules.base import Event
from games.rules.rng import Rng

COLOURS: Final = ("red", "blue", "orange", "green", "yellow", "pink", "black", "white")
JOKER: Final = "joker"
GREY: Final = "grey"
CARD_KINDS: Final = (*COLOURS, JOKER)
ROAD_COLOURS: Final = (*COLOURS, GREY)
COPIES: Final = 10
DECK: Final = tuple(kind for kind in CARD_KINDS for _ in range(COPIES))
PLAYER_COLOURS: Final = ("red", "blue", "green", "yellow", "black")
HAND_SIZE: Final = 4
DISPLAY_SIZE: Final = 5
JOKERS_FOR_RESET: Final = 3
# Rat um Rad rulings (edition), Display reset: at most this many resets in a row.
MAX_RESETS: Final = 3
WHEELS: Final = 30
POINTS: Final = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}

_ORDER = {kind: i for i, kind in enumerate(CARD_KINDS)}


def sort_hand(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Return `cards` sorted in CARD_KINDS order."""
    return tuple(sorted(cards, key=_ORDER.__getitem__))


def counts(hand: tuple[str, ...]) -> Counter[str]:
    """Return how many cards of each kind `hand` holds."""
    return Counter(hand)


def remove(hand: tuple[str, ...], colour: str, n: int) -> tuple[str, ...]:
    """Return `hand` without `n` cards of `colour` (ValueError if it has fewer)."""
    out = list(hand)
    for _ in range(n):
        out.remove(colour)
    return tuple(out)


@dataclass
class Cards:
    """The wheel cards outside the hands during one move: deck (top first), discard, display."""

    deck: list[str]
    discard: list[str]
    display: list[str]
    rng: Rng
    events: list[Event] = field(default_factory=list)

    def available(self) -> int:
        """Return how many cards could still be drawn blind (deck + discard pile)."""
        return len(self.deck) + len(self.discard)

    def draw(self) -> str | None:
        """Return the top card of the deck, reshuffling the discard pile into an empty deck.

        None when both are empty (Rat um Rad seed, Neue Radkarten aufnehmen).
        """
        if not self.deck:
            if not self.discard:
                return None
            shuffled, self.rng = self.rng.shuffled(self.discard)
            self.deck = list(shuffled)
            self.discard = []
            self.events.append(Event("reshuffled", {"count": len(self.deck)}))
        return self.deck.pop(0)

    def take_display(self, colour: str) -> None:
        """Take one `colour` card from the display and lay the deck's top card in its slot."""
        slot = self.display.index(colour)
        card = self.draw()
        if card is None:
            del self.display[slot]
        else:
            self.display[slot] = card
        self.settle()

    def settle(self) -> None:
        """Fill the display up to 5 cards and reset it while it shows 3 jokers.

        A reset discards all face-up cards and lays out new ones; it happens
        only while the deck and discard pile hold 5 cards besides the display,
        and at most MAX_RESETS times in a row (Rat um Rad rulings, A turn;
        edition, Display reset).
        """
        resets = 0
        while True:
            while len(self.display) < DISPLAY_SIZE:
                card = self.draw()
                if card is None:
                    break
                self.display.append(card)
            jokers = self.display.count(JOKER)
            if (
                jokers < JOKERS_FOR_RESET
                or resets >= MAX_RESETS
                or self.available() < DISPLAY_SIZE
            ):
                return
            resets += 1
            old = list(self.display)
            self.discard.extend(old)
            self.display = []
            while len(self.display) < DISPLAY_SIZE:
                card = self.draw()
                if card is None:
                    break
                self.display.append(card)
            self.events.append(
                Event("display_reset", {"old": old, "display": list(self.display)})
            )
