"""Race: what one seat sees, as the JSON of `view` and `static_view`.

Builds `RaceRules.view(state, seat)` (seat None = spectator), whose shape
is documented in engine.py's module docstring (the board template and the
README point there), and `RaceRules.static_view`, the deck. Hidden: other
seats' hands and favourites (and winner bets) until a superpower reveals
one or the race is over, and the order of the draw pile (only its size is
shown); the `Rng` never appears. Sources: Race rules (Components, Final
Scoring, "Superpowers") and Spielpost's rulings on the rules page (Deck, A
decided race).
"""

from __future__ import annotations

from collections import Counter

from games.rules.base import JSON, Message, Outcome

from . import cards as c
from . import flow
from . import texts as t
from .state import PHASE_OVER, State


def view(
    state: State, seat: int | None, *, to_move: frozenset[int], outcome: Outcome | None
) -> JSON:
    """Return what `seat` may know (shape in engine.py's module docstring).

    `to_move` and `outcome` are the rules' `to_move(state)` and
    `outcome(state)`.
    """
    over = state.phase == PHASE_OVER
    board = flow.board(state)
    ranks = c.ranks(*board)
    spent = {use.knonster: use.seat for use in state.powers_used}
    knonsters = [
        {
            "id": k,
            "name": c.NAMES[k],
            "colour": c.COLOURS[k],
            "position": state.positions[i],
            "rank": ranks[i],
            "finished": k in state.podium,
            "place": state.podium.index(k) + 1 if k in state.podium else None,
            "power": {
                "text": Message(c.POWER_TEXTS[k]).to_json(),
                "spent": k in spent,
                "spent_by": spent.get(k),
            },
        }
        for i, k in enumerate(c.KNONSTERS)
    ]
    last = state.last_play
    hand = None
    own = None
    if seat is not None:
        counts = Counter(state.hands[seat])
        hand = [
            {
                "card": card,
                "count": counts[card],
                "effect": c.card_target(card, *board) is not None,
                "label": t.card_message(t.LABEL, card).to_json(),
                "text": t.card_message(t.TEXT, card).to_json(),
            }
            for card in counts
        ]
        if state.favourites[seat]:
            own = {
                "knonsters": list(state.favourites[seat]),
                "winner": state.winners[seat],
            }
    players = []
    for s in range(state.seats):
        revealed = flow.revealed(state, s)
        known = state.favourites[s] if over or s == seat else revealed
        players.append(
            {
                "seat": s,
                "hand_count": len(state.hands[s]),
                "chosen": bool(state.favourites[s]),
                "favourites": list(known),
                "winner": state.winners[s] if over or s == seat else None,
                "revealed": list(revealed),
                "hidden_stars": flow.hidden_stars(state, s),
                "steps": dict(zip(c.KNONSTERS, state.steps[s], strict=True)),
                "score": None
                if outcome is None or outcome.scores is None
                else outcome.scores[s],
            }
        )
    return {
        "phase": state.phase,
        "seat": seat,
        "seats": state.seats,
        "options": {"win_bet": state.win_bet, "superpowers": state.superpowers},
        "to_move": sorted(to_move),
        "current": state.current,
        "redeals": state.redeals,
        "knonsters": knonsters,
        "podium": list(state.podium),
        "last_play": None
        if last is None
        else {
            "seat": last.seat,
            "card": last.card,
            "label": t.card_message(t.LABEL, last.card).to_json(),
            "effect": last.effect,
            "power": last.power,
        },
        "discard_count": len(state.discard),
        "draw_pile": len(state.draw_pile),
        "hand": hand,
        "favourites": own,
        "players": players,
        "decided": flow.is_decided(state),
        "outcome": None if outcome is None else outcome.to_json(),
    }


def static_view() -> JSON:
    """Return the deck as every viewer may know it; no move changes it.

    `{"cards": n, "deck": [{"card", "copies", "label", "text"}, ...]}`:
    one entry per card type in deck order, label and text as Message
    JSON. Race rules, Components; Spielpost's rulings, Deck.
    """
    return {
        "cards": len(c.DECK),
        "deck": [
            {
                "card": card.id,
                "copies": card.copies,
                "label": t.card_message(t.LABEL, card.id).to_json(),
                "text": t.card_message(t.TEXT, card.id).to_json(),
            }
            for card in c.CARDS.values()
        ],
    }
