"""Knatsch's board, the cards: a view card as the board draws it (`CardRow`).

A card on a stack, in front of a player or as the target of a roll comes
with its name, effect and combination to beat, the sign drawn when it has
no coat of arms, and the buttons that concern it (`card_row`,
`owned_card_row`). Pure, no Django.
"""

from __future__ import annotations

from typing import Any, TypedDict

from games.rules.base.messages import Message

from .moves import Kinds, MoveButton, button, revenge_button
from .parts import Combo, as_text, card_effect, card_name, combo

# The sign of a card without a coat of arms, by type, then by kind.
GLYPHS = {
    "king": "♔",
    "tournament": "⚑",
    "catapult": "➶",
    "squire": "♞",
    "extra_die": "⚅",
    "guard": "♜",
    "jousting_right": "⚔",
}


class CardRow(TypedDict):
    """A card as the board draws it.

    `id`, `type`, `arms`, `kind` as in the view ("" for none); `target`: the
    current seat may attack it now; `name`, `effect` (special cards; ""
    else) as Messages; `glyph`: the sign drawn when it has no coat of arms;
    `combo`: its combination to beat (None: a tournament); `show_combo`:
    draw it (a defender or a tournament player beats a result instead).
    `on_stack`: the top of a stack (a tournament there says what hosting
    means). `actions`: draw its buttons' box (the viewer has moves);
    `rolls`: roll for it (from its stack, or an attack); `others`: put it
    under its stack, or give it up to the King.
    """

    id: str
    type: str
    arms: str
    kind: str
    target: bool
    name: Message | str
    effect: Message | str
    glyph: str
    combo: Combo | None
    show_combo: bool
    on_stack: bool
    actions: bool
    rolls: tuple[MoveButton, ...]
    others: tuple[MoveButton, ...]


def card_row(
    card: dict[str, Any],
    *,
    hide_combo: bool = False,
    on_stack: bool = False,
    actions: bool = False,
    rolls: tuple[MoveButton, ...] = (),
    others: tuple[MoveButton, ...] = (),
) -> CardRow:
    """Return the view's `card` as a row (the other fields as CardRow's)."""
    kind = card.get("kind") or ""
    return CardRow(
        id=as_text(card.get("id")),
        type=as_text(card.get("type")),
        arms=card.get("arms") or "",
        kind=kind,
        target=bool(card.get("target")),
        name=card_name(card),
        effect=card_effect(card),
        glyph=GLYPHS.get(card.get("type") or "") or GLYPHS.get(kind, ""),
        combo=combo(card.get("combination")),
        show_combo=bool(card.get("combination")) and not hide_combo,
        on_stack=on_stack,
        actions=actions,
        rolls=rolls,
        others=others,
    )


def owned_card_row(card: dict[str, Any], kinds: Kinds) -> CardRow:
    """Return a card in front of a player, with its attack and revenge buttons.

    `kinds`: the viewer's legal moves by kind (none: no buttons' box).
    """
    card_id = card.get("id")
    return card_row(
        card,
        actions=bool(kinds),
        rolls=tuple(
            button(move, "move primary")
            for move in kinds.get("attack", ())
            if move.data.get("card") == card_id
        ),
        others=tuple(
            revenge_button(move)
            for move in kinds.get("revenge", ())
            if move.data.get("card") == card_id
        ),
    )
