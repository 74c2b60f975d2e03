"""Race: how a move changes the state (deal, favourites, card play, end).

Pure functions used by `engine.RaceRules`; hidden and random parts as in
`state.py`. Sources: Race rules and Spielpost's rulings on the rules page.
Each move makes one `replace`, so every intermediate value is a state the
consistency rules of `State` accept.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import TypeVar

from games.rules.base import Event, IllegalMove, Outcome, gettext_noop
from games.rules.rng import Rng
from games.rules.structs import replace

from . import cards as c
from .state import (
    END_DRAW_PILE,
    END_RACE,
    MAX_REDEALS,
    PAIRS,
    PHASE_OVER,
    PHASE_PLAY,
    ChooseFavourites,
    EndReason,
    LastPlay,
    Move,
    PlayCard,
    PowerUse,
    State,
    UsePower,
)

Hands = tuple[tuple[str, ...], ...]
T = TypeVar("T")


def outcome_of(state: State) -> Outcome | None:
    """Return ranks and scores once the race is over, else None.

    Ties share a rank; with Superpowers, more hidden star cards break a
    tie. Race rules, Final Scoring; "Superpowers" variant.
    """
    if state.phase != PHASE_OVER or state.end_reason is None:
        return None
    scores = c.scores(state.favourites, state.winners, state.podium)
    return Outcome(
        ranks=c.seat_ranks(rank_keys(state, scores)),
        reason=state.end_reason,
        scores=scores,
    )


def is_decided(state: State) -> bool:
    """Return whether no ending can change the players' ranking.

    See `decided_ranks`. Race rules, Choice of Favorites; Spielpost's
    rulings, A decided race. Only in the play phase.
    """
    return decided_ranks(state) is not None


def decided_ranks(state: State) -> tuple[int, ...] | None:
    """Return the players' final ranks (per seat, 1 = first) if already fixed.

    None while some ending can still change the ranking, and outside the
    play phase. Checks every podium the race can still end with
    (`possible_podiums`, which includes an early end by an empty draw
    pile). With Superpowers a points tie is decided by hidden star cards,
    so it counts only if neither seat can still reveal a star. Race rules,
    Choice of Favorites; Spielpost's rulings, A decided race.
    """
    if state.phase != PHASE_PLAY:
        return None
    return _decided_ranks(
        state.podium,
        state.favourites,
        state.winners,
        # With Superpowers: who can still reveal a star, and the stars
        # still hidden (the tie-break, `rank_keys`); else nothing.
        (
            tuple(_frozen(state, s) for s in range(state.seats))
            if state.superpowers
            else None
        ),
        _hidden(state),
    )


# Cached: every view, autoplay offer and robot asks, several times per move,
# and the answer depends on these few fields only.
@lru_cache(maxsize=4096)
def _decided_ranks(
    podium: tuple[str, ...],
    favourites: tuple[tuple[str, ...], ...],
    winners: tuple[str | None, ...],
    frozen: tuple[bool, ...] | None,
    hidden: tuple[int, ...] | None,
) -> tuple[int, ...] | None:
    """`decided_ranks` of a play-phase state with these fields (None: no Superpowers)."""
    seen: set[tuple[int, ...]] = set()
    for possible in c.possible_podiums(podium):
        points = c.scores(favourites, winners, possible)
        if frozen is not None:
            for a, b in combinations(range(len(points)), 2):
                if points[a] == points[b] and not (frozen[a] and frozen[b]):
                    return None
        seen.add(c.seat_ranks(_keys(points, hidden)))
        if len(seen) > 1:
            return None
    # possible_podiums always holds the podium as it stands.
    (ranks,) = seen
    return ranks


def board(state: State) -> c.Board:
    """Return the board (positions, podium) of `state`."""
    return state.positions, state.podium


def deal(rng: Rng, seats: int) -> tuple[Hands, tuple[str, ...], Rng]:
    """Shuffle the deck and deal `seats` hands (Race rules, Card distribution).

    Return the hands (each in deck order), the draw pile and the next Rng.
    """
    deck, rng = rng.shuffled(c.DECK)
    size = c.HAND_SIZES[seats]
    hands = tuple(c.sort_hand(deck[s * size : (s + 1) * size]) for s in range(seats))
    return hands, deck[seats * size :], rng


def revealed(state: State, seat: int) -> tuple[str, ...]:
    """Return the favourites `seat` revealed by using their superpowers."""
    return tuple(use.knonster for use in state.powers_used if use.seat == seat)


def hidden_stars(state: State, seat: int) -> int:
    """Return how many of `seat`'s chosen star cards are still face down."""
    return len(state.favourites[seat]) - len(revealed(state, seat))


def _frozen(state: State, seat: int) -> bool:
    """Return whether `seat` can no longer reveal a star (all its powers spent)."""
    spent = {use.knonster for use in state.powers_used}
    return all(k in spent for k in state.favourites[seat])


def rank_keys(state: State, points: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Return the per-seat sort keys: points, then hidden stars (Superpowers)."""
    return _keys(points, _hidden(state))


def _hidden(state: State) -> tuple[int, ...] | None:
    """Return each seat's stars still hidden with Superpowers, else None."""
    if not state.superpowers:
        return None
    return tuple(hidden_stars(state, s) for s in range(state.seats))


def _keys(
    points: tuple[int, ...], hidden: tuple[int, ...] | None
) -> list[tuple[int, ...]]:
    """Return `rank_keys` from the points and `_hidden`'s stars."""
    if hidden is None:
        return [(p,) for p in points]
    return [(p, h) for p, h in zip(points, hidden, strict=True)]


def available_powers(state: State, seat: int) -> list[str]:
    """Return the unspent powers of `seat`'s favourites (Superpowers variant)."""
    if not state.superpowers:
        return []
    spent = {use.knonster for use in state.powers_used}
    return [k for k in state.favourites[seat] if k not in spent]


def choose_favourites(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """Record `seat`'s secret favourites; start, or redeal if all chose alike.

    Precondition: favourites phase and `seat` has not chosen. Race rules,
    Choice of Favorites; "Win Bet" variant.
    """
    if not isinstance(move, ChooseFavourites):
        raise IllegalMove(gettext_noop("Choose your two favourites first."))
    chosen = move.knonsters
    if chosen not in PAIRS:
        raise IllegalMove(gettext_noop("Choose two different Knonsters."))
    if state.win_bet and move.winner not in chosen:
        raise IllegalMove(gettext_noop("Bet on one of your two favourites to win."))
    if not state.win_bet and move.winner is not None:
        raise IllegalMove(gettext_noop("This match is played without the Win Bet."))
    favourites = tuple(
        chosen if s == seat else f for s, f in enumerate(state.favourites)
    )
    winners = tuple(
        move.winner if s == seat else w for s, w in enumerate(state.winners)
    )
    events = [
        Event("favourites_chosen", {"seat": seat}),
        Event(
            "favourites_noted",
            {"seat": seat, "knonsters": list(chosen), "winner": move.winner},
            visible_to=frozenset({seat}),
        ),
    ]
    if not all(favourites):
        return replace(state, favourites=favourites, winners=winners), events
    if (
        len(set(zip(favourites, winners, strict=True))) == 1
        and state.redeals < MAX_REDEALS
    ):
        reason = "same_favourites_and_winner" if state.win_bet else "same_favourites"
        hands, draw_pile, rng = deal(state.rng, state.seats)
        state = replace(
            state,
            rng=rng,
            redeals=state.redeals + 1,
            hands=hands,
            draw_pile=draw_pile,
            favourites=((),) * state.seats,
            winners=(None,) * state.seats,
        )
        events.append(Event("redeal", {"reason": reason, "redeals": state.redeals}))
        return state, events
    first, rng = state.rng.randint(0, state.seats - 1)
    events.append(Event("race_started", {"seat": first}))
    state = replace(
        state,
        rng=rng,
        favourites=favourites,
        winners=winners,
        phase=PHASE_PLAY,
        current=first,
    )
    return state, events


def play_card(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """Play a card (maybe with a superpower), refill, pass the turn or end.

    Precondition: play phase and it is `seat`'s turn. Race rules, Gameplay,
    End of Game; "Superpowers" variant.
    """
    if not isinstance(move, PlayCard | UsePower):
        raise IllegalMove(gettext_noop("That move is not possible now."))
    card = move.card
    if card not in state.hands[seat]:
        raise IllegalMove(gettext_noop("That card is not in your hand."))
    power = move.knonster if isinstance(move, UsePower) else None
    if power is not None:
        _check_power(state, seat, power)
    result = c.resolve(card, power, board(state))
    if power is not None and result is None:
        raise IllegalMove(
            gettext_noop(
                "The superpower of %(knonster)s cannot be used with that card."
            ),
            knonster=c.NAMES[power],
        )
    was_decided = is_decided(state)
    hand = list(state.hands[seat])
    hand.remove(card)
    powers_used = state.powers_used
    if power is None:
        played = {"seat": seat, "card": card, "effect": result is not None}
        events = [Event("card_played", played)]
    else:
        events = [Event("power_used", {"seat": seat, "card": card, "power": power})]
        powers_used = (*powers_used, PowerUse(power, seat))
    positions, podium = board(state)
    steps = list(state.steps[seat])
    if result is not None:
        (positions, podium), movements = result
        for moved in movements:
            steps[c.KNONSTERS.index(moved.knonster)] += moved.steps
            events.append(
                Event(
                    "knonster_moved",
                    {
                        "knonster": moved.knonster,
                        "start": moved.start,
                        "end": moved.end,
                    },
                )
            )
            if moved.place is not None:
                events.append(
                    Event(
                        "knonster_finished",
                        {"knonster": moved.knonster, "place": moved.place},
                    )
                )
    draw_pile = state.draw_pile
    end_reason: EndReason | None = None
    if len(podium) >= len(c.POINTS):
        end_reason = END_RACE
    elif len(hand) < c.REFILL_BELOW:
        if not draw_pile:
            end_reason = END_DRAW_PILE
        else:
            hand.append(draw_pile[0])
            events.append(Event("card_drawn", {"seat": seat}))
            events.append(
                Event(
                    "card_received",
                    {"seat": seat, "card": draw_pile[0]},
                    frozenset({seat}),
                )
            )
            draw_pile = draw_pile[1:]
    state = replace(
        state,
        hands=_with(state.hands, seat, c.sort_hand(hand)),
        draw_pile=draw_pile,
        discard=(*state.discard, card),
        last_play=LastPlay(seat, card, result is not None, power),
        positions=positions,
        podium=podium,
        steps=_with(state.steps, seat, tuple(steps)),
        powers_used=powers_used,
        turns=state.turns + 1,
        phase=PHASE_PLAY if end_reason is None else PHASE_OVER,
        current=(seat + 1) % state.seats if end_reason is None else None,
        end_reason=end_reason,
    )
    if end_reason is not None:
        return state, events + _end_events(state, end_reason)
    if not was_decided and is_decided(state):
        events.append(Event("race_decided", {}))
    return state, events


def _check_power(state: State, seat: int, power: str) -> None:
    """Raise IllegalMove unless `seat` may use `power` now (any card aside)."""
    if not state.superpowers:
        raise IllegalMove(gettext_noop("This match is played without superpowers."))
    if power not in c.KNONSTERS:
        raise IllegalMove(gettext_noop("That move is not possible now."))
    if power not in state.favourites[seat]:
        raise IllegalMove(
            gettext_noop("%(knonster)s is not one of your favourites."),
            knonster=c.NAMES[power],
        )
    if any(use.knonster == power for use in state.powers_used):
        raise IllegalMove(
            gettext_noop("The superpower of %(knonster)s has already been used."),
            knonster=c.NAMES[power],
        )


def _with(rows: tuple[T, ...], seat: int, row: T) -> tuple[T, ...]:
    """Return `rows` with `seat`'s entry replaced by `row`."""
    return (*rows[:seat], row, *rows[seat + 1 :])


def _end_events(state: State, reason: str) -> list[Event]:
    """Return the end and final score events; favourites are revealed.

    Precondition: `state` is over. Race rules, End of Game.
    """
    outcome = outcome_of(state)
    assert outcome is not None
    assert outcome.scores is not None
    events = [Event("race_over", {"reason": reason})]
    for s in range(state.seats):
        events.append(
            Event(
                "final_score",
                {
                    "seat": s,
                    "knonsters": list(state.favourites[s]),
                    "winner": state.winners[s],
                    "points": outcome.scores[s],
                    "rank": outcome.ranks[s],
                },
            )
        )
    return events
