"""Race: the `Move` and `State` values and their JSON form.

Hidden: hands, the draw pile order and each seat's favourites (and winner
bet) until revealed by a superpower or the end of the match. Random: the
deal (and each redeal) and the starting seat, drawn from `State.rng`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.rules.base import JSON, IllegalMove, gettext_noop
from games.rules.jsonfields import bool_field, choice_field, int_field
from games.rules.rng import Rng

from .cards import CARDS, KNONSTERS

FAVOURITES = "favourites"
PLAY = "play"
POWER = "power"
AUTOPLAY = "autoplay"
MOVE_KINDS = (FAVOURITES, PLAY, POWER, AUTOPLAY)

PHASE_FAVOURITES = "favourites"
PHASE_PLAY = "play"
PHASE_OVER = "over"
PHASES = (PHASE_FAVOURITES, PHASE_PLAY, PHASE_OVER)

END_RACE = "race_finished"
END_DRAW_PILE = "draw_pile_empty"
END_REASONS = (END_RACE, END_DRAW_PILE)

MALFORMED = gettext_noop("That move is not understood.")


@dataclass(frozen=True, slots=True)
class Move:
    """A seat's decision.

    JSON shapes: `{"kind": "favourites", "knonsters": [a, b]}` (plus
    `"winner": a` with Win Bet), `{"kind": "play", "card": id}`,
    `{"kind": "power", "knonster": k, "card": id}` and `{"kind": "autoplay"}`.
    """

    kind: str
    card: str | None = None
    knonster: str | None = None
    knonsters: tuple[str, ...] = ()
    winner: str | None = None

    def to_json(self) -> JSON:
        """Return the JSON shape above (only the keys of this kind)."""
        data: JSON = {"kind": self.kind}
        if self.kind == FAVOURITES:
            data["knonsters"] = list(self.knonsters)
            if self.winner is not None:
                data["winner"] = self.winner
        if self.kind == POWER:
            data["knonster"] = self.knonster
        if self.kind in (PLAY, POWER):
            data["card"] = self.card
        return data

    @classmethod
    def from_json(cls, data: Any) -> Move:
        """Parse a move; raise IllegalMove for anything malformed.

        Favourites are put in Knonster order, so equal choices compare equal.
        """
        if not isinstance(data, dict):
            raise IllegalMove(MALFORMED)
        kind = data.get("kind")
        allowed = {
            FAVOURITES: {"kind", "knonsters", "winner"},
            PLAY: {"kind", "card"},
            POWER: {"kind", "knonster", "card"},
            AUTOPLAY: {"kind"},
        }
        if (
            not isinstance(kind, str)
            or kind not in allowed
            or set(data) - allowed[kind]
        ):
            raise IllegalMove(MALFORMED)
        if kind == FAVOURITES:
            chosen = data.get("knonsters")
            if not isinstance(chosen, list) or not all(_is_knonster(k) for k in chosen):
                raise IllegalMove(MALFORMED)
            winner = data.get("winner")
            if winner is not None and not _is_knonster(winner):
                raise IllegalMove(MALFORMED)
            return cls(FAVOURITES, knonsters=_in_order(chosen), winner=winner)
        if kind == AUTOPLAY:
            return cls(AUTOPLAY)
        card = data.get("card")
        if not isinstance(card, str) or card not in CARDS:
            raise IllegalMove(MALFORMED)
        if kind == PLAY:
            return cls(PLAY, card=card)
        knonster = data.get("knonster")
        if not _is_knonster(knonster):
            raise IllegalMove(MALFORMED)
        return cls(POWER, card=card, knonster=knonster)


@dataclass(frozen=True, slots=True)
class PowerUse:
    """A spent superpower: whose Knonster, and which seat used it."""

    knonster: str
    seat: int


@dataclass(frozen=True, slots=True)
class LastPlay:
    """The card on top of the discard pile and how it was played."""

    seat: int
    card: str
    effect: bool
    power: str | None = None


@dataclass(frozen=True, slots=True)
class State:
    """A Race match.

    `hands[seat]` is sorted in deck order; `draw_pile[0]` is the next card;
    `favourites[seat]` is () until chosen, in Knonster order; `positions`
    follows `KNONSTERS` (61 = finished); `steps[seat][k]` is the net number
    of fields `seat` has moved Knonster k; `current` is the seat whose turn
    it is in the play phase; `turns` counts cards played.
    """

    seats: int
    win_bet: bool
    superpowers: bool
    rng: Rng
    phase: str
    redeals: int
    hands: tuple[tuple[str, ...], ...]
    draw_pile: tuple[str, ...]
    discard: tuple[str, ...]
    last_play: LastPlay | None
    favourites: tuple[tuple[str, ...], ...]
    winners: tuple[str | None, ...]
    positions: tuple[int, ...]
    podium: tuple[str, ...]
    current: int | None
    steps: tuple[tuple[int, ...], ...]
    powers_used: tuple[PowerUse, ...]
    autoplay: tuple[bool, ...]
    end_reason: str | None
    turns: int

    def to_json(self) -> JSON:
        """Return plain JSON (lists for tuples); inverse of `from_json`."""
        last = self.last_play
        return {
            "seats": self.seats,
            "win_bet": self.win_bet,
            "superpowers": self.superpowers,
            "rng": self.rng.to_json(),
            "phase": self.phase,
            "redeals": self.redeals,
            "hands": [list(hand) for hand in self.hands],
            "draw_pile": list(self.draw_pile),
            "discard": list(self.discard),
            "last_play": None
            if last is None
            else {
                "seat": last.seat,
                "card": last.card,
                "effect": last.effect,
                "power": last.power,
            },
            "favourites": [list(f) for f in self.favourites],
            "winners": list(self.winners),
            "positions": list(self.positions),
            "podium": list(self.podium),
            "current": self.current,
            "steps": [list(row) for row in self.steps],
            "powers_used": [
                {"knonster": use.knonster, "seat": use.seat} for use in self.powers_used
            ],
            "autoplay": list(self.autoplay),
            "end_reason": self.end_reason,
            "turns": self.turns,
        }

    @classmethod
    def from_json(cls, data: Any) -> State:
        """Inverse of `to_json`; raise IllegalMove for malformed data."""
        try:
            last = data["last_play"]
            state = cls(
                seats=int_field(data["seats"]),
                win_bet=bool_field(data["win_bet"]),
                superpowers=bool_field(data["superpowers"]),
                rng=Rng(
                    seed=int_field(data["rng"]["seed"]),
                    draws=int_field(data["rng"]["draws"]),
                ),
                phase=choice_field(data["phase"], PHASES),
                redeals=int_field(data["redeals"]),
                hands=tuple(_cards(hand) for hand in data["hands"]),
                draw_pile=_cards(data["draw_pile"]),
                discard=_cards(data["discard"]),
                last_play=None
                if last is None
                else LastPlay(
                    seat=int_field(last["seat"]),
                    card=choice_field(last["card"], tuple(CARDS)),
                    effect=bool_field(last["effect"]),
                    power=_optional_knonster(last["power"]),
                ),
                favourites=tuple(
                    tuple(choice_field(k, KNONSTERS) for k in f)
                    for f in data["favourites"]
                ),
                winners=tuple(_optional_knonster(w) for w in data["winners"]),
                positions=tuple(int_field(p) for p in data["positions"]),
                podium=tuple(choice_field(k, KNONSTERS) for k in data["podium"]),
                current=None if data["current"] is None else int_field(data["current"]),
                steps=tuple(tuple(int_field(n) for n in row) for row in data["steps"]),
                powers_used=tuple(
                    PowerUse(
                        choice_field(u["knonster"], KNONSTERS), int_field(u["seat"])
                    )
                    for u in data["powers_used"]
                ),
                autoplay=tuple(bool_field(flag) for flag in data["autoplay"]),
                end_reason=None
                if data["end_reason"] is None
                else choice_field(data["end_reason"], END_REASONS),
                turns=int_field(data["turns"]),
            )
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise IllegalMove(
                gettext_noop("That game state is not understood.")
            ) from error
        return state


# Helpers


def _is_knonster(value: Any) -> bool:
    return isinstance(value, str) and value in KNONSTERS


def _in_order(knonsters: list[str]) -> tuple[str, ...]:
    return tuple(sorted(knonsters, key=KNONSTERS.index))


def _optional_knonster(value: Any) -> str | None:
    return None if value is None else choice_field(value, KNONSTERS)


def _cards(values: Any) -> tuple[str, ...]:
    if not isinstance(values, list):
        raise TypeError("expected a list")
    return tuple(choice_field(card, tuple(CARDS)) for card in values)
