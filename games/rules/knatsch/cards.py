"""Knatsch: the cards of the Spielpost edition, loaded from data/knatsch-cards.json.

The counts (16 castles over 6 coats of arms, 23 special cards of 5 kinds,
9 tournaments) are published; every combination, coat of arms and special
card is the Spielpost edition's (Knatsch rulings, Components). The file is
the only place they are written down: nothing here retypes it.

A combination is a `Result` (see dice.py): a card's is (3, triple, kicker).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias

from games.rules.base import Message, gettext_noop
from games.rules.data import load_json

CardType: TypeAlias = Literal["castle", "special", "tournament"]

CASTLE: Final = "castle"
SPECIAL: Final = "special"
TOURNAMENT: Final = "tournament"

KING: Final = "king"  # the target name of the King: a combination, not a card

CATAPULT: Final = "catapult"
SQUIRE: Final = "squire"
EXTRA_DIE: Final = "extra_die"
GUARD: Final = "guard"
JOUSTING_RIGHT: Final = "jousting_right"

# Player-facing names, as msgids (the data file's German names are the
# translations in locale/de).
ARMS_NAMES: dict[str, str] = {
    "lion": gettext_noop("Lion"),
    "eagle": gettext_noop("Eagle"),
    "dragon": gettext_noop("Dragon"),
    "griffin": gettext_noop("Griffin"),
    "bear": gettext_noop("Bear"),
    "stag": gettext_noop("Stag"),
}
KIND_NAMES: dict[str, str] = {
    CATAPULT: gettext_noop("Catapult"),
    SQUIRE: gettext_noop("Squire"),
    EXTRA_DIE: gettext_noop("Extra die"),
    GUARD: gettext_noop("Guard"),
    JOUSTING_RIGHT: gettext_noop("Jousting right"),
}
EFFECTS: dict[str, str] = {
    CATAPULT: gettext_noop(
        "Roll up to 4 times instead of 3 whenever you roll to capture a card."
    ),
    SQUIRE: gettext_noop(
        "Every roll you make counts one extra die that always shows %(value)d."
    ),
    EXTRA_DIE: gettext_noop("Roll with 7 dice instead of 6."),
    GUARD: gettext_noop(
        "When one of your castles is attacked, you defend with up to 4 rolls instead of 3."
    ),
    JOUSTING_RIGHT: gettext_noop(
        "In a tournament you do not host, roll up to 4 times instead of 3."
    ),
}
_CASTLE_NAME = gettext_noop("Castle %(arms)s")
_SQUIRE_NAME = gettext_noop("Squire %(value)d")
_TOURNAMENT_NAME = gettext_noop("Tournament")
_KING_NAME = gettext_noop("the King")


@dataclass(frozen=True, slots=True)
class Card:
    """One card: `id` as in the data file ("castle-lion-2", "squire-3-1", "tournament-4").

    `arms` is set for castles, `kind` for special cards, `value` for squires;
    `triple` and `kicker` give the combination to beat (0 for tournaments,
    which have none). `same` is what makes two cards equal for the "no
    duplicate cards" rule: the coat of arms, the kind (squires: kind and
    value), or None for tournaments (Knatsch rulings, A turn, 2).
    """

    id: str
    type: CardType
    arms: str | None
    kind: str | None
    value: int | None
    triple: int
    kicker: int

    @property
    def combination(self) -> tuple[int, int, int]:
        """Return the result to beat: (3, triple, kicker). Tournaments: (0, 0, 0)."""
        if self.type == TOURNAMENT:
            return (0, 0, 0)
        return (3, self.triple, self.kicker)

    @property
    def same(self) -> str | None:
        """Return the key two cards share when one may not capture the other."""
        if self.type == CASTLE:
            return f"castle:{self.arms}"
        if self.type == SPECIAL:
            return f"special:{self.kind}:{self.value or ''}"
        return None

    def name(self) -> Message:
        """Return the card's name, e.g. "Castle Lion", "Squire 3", "Catapult"."""
        if self.type == CASTLE:
            return Message(
                _CASTLE_NAME, {"arms": Message(ARMS_NAMES[self.arms or ""]).to_json()}
            )
        if self.kind == SQUIRE:
            return Message(_SQUIRE_NAME, {"value": self.value or 0})
        if self.type == SPECIAL:
            return Message(KIND_NAMES[self.kind or ""])
        return Message(_TOURNAMENT_NAME)

    def effect(self) -> Message | None:
        """Return the special card's effect, or None for castles and tournaments."""
        if self.type != SPECIAL or self.kind is None:
            return None
        return Message(EFFECTS[self.kind], {"value": self.value} if self.value else {})

    def to_json(self) -> dict[str, Any]:
        """Return the card as the view shows it (a fresh dict).

        `{"id", "type", "arms", "kind", "value", "combination": [3, t, k] | None}`;
        the board names it from `type`, `arms`, `kind` and `value`.
        """
        return dict(_CARD_JSON[self.id])


def king_name() -> Message:
    """Return the King's name as a Message."""
    return Message(_KING_NAME)


def _load() -> tuple[dict[str, Card], tuple[int, int, int], tuple[str, ...]]:
    data = load_json(__package__ or "games.rules.knatsch", "knatsch-cards.json")
    cards: dict[str, Card] = {}
    for raw in data["cards"]:
        target = raw.get("target") or {"triple": 0, "kicker": 0}
        card = Card(
            id=raw["id"],
            type=raw["type"],
            arms=raw.get("arms"),
            kind=raw.get("kind"),
            value=raw.get("value"),
            triple=int(target["triple"]),
            kicker=int(target["kicker"]),
        )
        if card.type not in (CASTLE, SPECIAL, TOURNAMENT):
            raise ValueError(f"unknown card type {card.type!r}")
        if card.type == CASTLE and card.arms not in ARMS_NAMES:
            raise ValueError(f"unknown coat of arms {card.arms!r}")
        if card.type == SPECIAL and card.kind not in KIND_NAMES:
            raise ValueError(f"unknown special kind {card.kind!r}")
        cards[card.id] = card
    king = (3, int(data["king"]["triple"]), int(data["king"]["kicker"]))
    return cards, king, tuple(data["arms"])


CARDS, KING_COMBINATION, ARMS = _load()
CARD_IDS: tuple[str, ...] = tuple(CARDS)
_CARD_JSON: dict[str, dict[str, Any]] = {
    card.id: {
        "id": card.id,
        "type": card.type,
        "arms": card.arms,
        "kind": card.kind,
        "value": card.value,
        "combination": None if card.type == TOURNAMENT else list(card.combination),
    }
    for card in CARDS.values()
}
CASTLES_BY_ARMS: dict[str, tuple[str, ...]] = {
    arms: tuple(c.id for c in CARDS.values() if c.arms == arms) for arms in ARMS
}
