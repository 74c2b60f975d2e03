"""Knatsch's rules-page helper: the card list, read from data (pure, no Django).

The cards of the Spielpost edition are written down in one place only,
games/rules/knatsch/data/knatsch-cards.json; the rules pages
(templates/games/knatsch/rules_*.html) render them from the data this tag
returns and never retype a card. Coat-of-arms names, special-card kinds and
effects are given as English msgids (gettext_noop) that the templates
translate with the `msg` filter of games/templatetags/spielpost.py; their
German translations are the names in the data file.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypedDict

from games.rules.data import load_json

from .cards import ARMS_NAMES, EFFECTS, KIND_NAMES

PACKAGE = "games.rules.knatsch"
DATA_FILE = "knatsch-cards.json"

# Names and effects are the engine's msgids (games/rules/knatsch/cards.py),
# so the rules page and the board say the same in every language.
# Die faces 1 to 6 as Unicode glyphs (U+2680 to U+2685).
DIE_GLYPHS = "⚀⚁⚂⚃⚄⚅"

TRIPLE = 3  # a card's combination is always a triple and a kicker


class Combination(TypedDict):
    """A combination to beat: `count` dice showing `face`, and a `kicker`.

    `dice` and `kicker_die` are the same as die glyphs ("⚃⚃⚃", "⚄").
    """

    count: int
    face: int
    kicker: int
    dice: str
    kicker_die: str


class CardEntry(TypedDict):
    """One castle or special card: its data id and combination."""

    id: str
    combination: Combination


class CastleGroup(TypedDict):
    """The castles of one coat of arms; `name` is a msgid."""

    arms: str
    name: str
    cards: list[CardEntry]


class SpecialGroup(TypedDict):
    """The special cards of one kind with one effect (squires: one value).

    `name` is a msgid, `value` the squire's die (None for other kinds), and
    `effect` a message for the `msg` filter: `{"text": msgid, "params": {...}}`.
    """

    kind: str
    name: str
    value: int | None
    effect: dict[str, Any]
    cards: list[CardEntry]


class Tournaments(TypedDict):
    """The tournament cards: they have no combination, so only a count."""

    count: int
    ids: list[str]


class KnatschCards(TypedDict):
    """The whole card list, grouped for the rules pages."""

    castles: list[CastleGroup]
    castle_count: int
    arms_count: int
    specials: list[SpecialGroup]
    special_count: int
    kind_count: int
    tournaments: Tournaments
    total: int
    ids: list[str]
    king: Combination


def combination(triple: int, kicker: int) -> Combination:
    """Return the combination "three `triple`s, kicker `kicker`" with its die glyphs.

    Raises ValueError for a face outside 1 to 6.
    """
    for face in (triple, kicker):
        if not 1 <= face <= len(DIE_GLYPHS):
            raise ValueError(f"no die shows {face}")
    return {
        "count": TRIPLE,
        "face": triple,
        "kicker": kicker,
        "dice": DIE_GLYPHS[triple - 1] * TRIPLE,
        "kicker_die": DIE_GLYPHS[kicker - 1],
    }


def _entry(raw: dict[str, Any]) -> CardEntry:
    target = raw["target"]
    return {
        "id": raw["id"],
        "combination": combination(int(target["triple"]), int(target["kicker"])),
    }


def _check_effect(raw: dict[str, Any], effect: dict[str, Any]) -> None:
    """Raise ValueError if the data's effect sentence is not the msgid's English."""
    english = EFFECTS[raw["kind"]] % effect["params"]
    if raw.get("effect") != english:
        raise ValueError(
            f"card {raw['id']}: effect {raw.get('effect')!r} is not the msgid's {english!r}"
        )


def group_cards(data: dict[str, Any]) -> KnatschCards:
    """Return the parsed card file `data` grouped for the rules pages.

    Castles are grouped by coat of arms, special cards by kind (squires by
    kind and value), each in the order the data first names them; the
    tournaments are counted. Raises ValueError for an unknown card type,
    coat of arms or kind, or an effect sentence that is not its msgid's.
    """
    castles: dict[str, CastleGroup] = {}
    specials: dict[tuple[str, int | None], SpecialGroup] = {}
    tournament_ids: list[str] = []
    for raw in data["cards"]:
        if raw["type"] == "castle":
            arms = raw["arms"]
            if arms not in ARMS_NAMES:
                raise ValueError(f"card {raw['id']}: unknown coat of arms {arms!r}")
            group = castles.setdefault(
                arms, {"arms": arms, "name": ARMS_NAMES[arms], "cards": []}
            )
            group["cards"].append(_entry(raw))
        elif raw["type"] == "special":
            kind = raw["kind"]
            if kind not in KIND_NAMES:
                raise ValueError(f"card {raw['id']}: unknown special kind {kind!r}")
            value = raw.get("value")
            params = {"value": value} if value is not None else {}
            effect = {"text": EFFECTS[kind], "params": params}
            _check_effect(raw, effect)
            special = specials.setdefault(
                (kind, value),
                {
                    "kind": kind,
                    "name": KIND_NAMES[kind],
                    "value": value,
                    "effect": effect,
                    "cards": [],
                },
            )
            special["cards"].append(_entry(raw))
        elif raw["type"] == "tournament":
            tournament_ids.append(raw["id"])
        else:
            raise ValueError(f"card {raw['id']}: unknown card type {raw['type']!r}")
    # Squires of all values stay together, after the first squire's place.
    kind_order = list(dict.fromkeys(kind for kind, _ in specials))
    special_groups = sorted(
        specials.values(),
        key=lambda group: (kind_order.index(group["kind"]), group["value"] or 0),
    )
    castle_count = sum(len(group["cards"]) for group in castles.values())
    special_count = sum(len(group["cards"]) for group in special_groups)
    king = data["king"]
    return {
        "castles": list(castles.values()),
        "castle_count": castle_count,
        "arms_count": len(castles),
        "specials": special_groups,
        "special_count": special_count,
        "kind_count": len(kind_order),
        "tournaments": {"count": len(tournament_ids), "ids": tournament_ids},
        "total": castle_count + special_count + len(tournament_ids),
        "ids": [raw["id"] for raw in data["cards"]],
        "king": combination(int(king["triple"]), int(king["kicker"])),
    }


@cache
def _cards() -> KnatschCards:
    return group_cards(load_json(PACKAGE, DATA_FILE))


def knatsch_cards() -> KnatschCards:
    """Return the Knatsch cards, grouped (see `group_cards`).

    `{% board_call "knatsch.cards" as cards %}` then `{{ cards.castles }}`, `{{ cards.king }}`.
    The file is read once per process; the same dict is returned each time,
    so templates must not change it.
    """
    return _cards()
