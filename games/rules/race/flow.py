"""Race: how a move changes the state (deal, favourites, card play, end).

Pure functions used by `engine.RaceRules`; hidden and random parts as in
`state.py`. Sources: Race rules (seed) and rules/race.md.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from games.rules.base import Event, IllegalMove, Outcome, gettext_noop

from . import cards as c
from .state import (
    END_DRAW_PILE,
    END_RACE,
    FAVOURITES,
    PHASE_OVER,
    PHASE_PLAY,
    PLAY,
    POWER,
    LastPlay,
    Move,
    PowerUse,
    State,
)

# Our ruling: redeals are capped so a match has a true length bound; after
# the cap, identical favourites simply race (the result is then a tie).
MAX_REDEALS = 10


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

    Checks every podium the race can still end with (`possible_podiums`,
    which includes an early end by an empty draw pile). With Superpowers a
    points tie is decided by hidden star cards, so it counts only if
    neither seat can still reveal a star. Race rules, Choice of Favorites;
    rules/race.md, Decided game. Only in the play phase.
    """
    if state.phase != PHASE_PLAY:
        return False
    seen: set[tuple[int, ...]] = set()
    for podium in c.possible_podiums(state.podium):
        points = c.scores(state.favourites, state.winners, podium)
        if state.superpowers:
            for a, b in combinations(range(state.seats), 2):
                if points[a] == points[b] and not (
                    _frozen(state, a) and _frozen(state, b)
                ):
                    return False
        seen.add(c.seat_ranks(rank_keys(state, points)))
        if len(seen) > 1:
            return False
    return True


def board(state: State) -> c.Board:
    """Return the board (positions, podium) of `state`."""
    return state.positions, state.podium


def deal(state: State) -> State:
    """Shuffle the deck and deal every seat its hand (Race rules, Card distribution)."""
    deck, rng = state.rng.shuffled(c.DECK)
    size = c.HAND_SIZES[state.seats]
    hands = tuple(
        c.sort_hand(deck[s * size : (s + 1) * size]) for s in range(state.seats)
    )
    return replace(state, rng=rng, hands=hands, draw_pile=deck[state.seats * size :])


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
    if state.superpowers:
        return [(p, hidden_stars(state, s)) for s, p in enumerate(points)]
    return [(p,) for p in points]


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
    if move.kind != FAVOURITES:
        raise IllegalMove(gettext_noop("Choose your two favourites first."))
    chosen = move.knonsters
    if len(chosen) != 2 or len(set(chosen)) != 2 or not set(chosen) <= set(c.KNONSTERS):
        raise IllegalMove(gettext_noop("Choose two different Knonsters."))
    chosen = tuple(sorted(chosen, key=c.KNONSTERS.index))
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
    state = replace(state, favourites=favourites, winners=winners)
    events = [
        Event("favourites_chosen", {"seat": seat}),
        Event(
            "favourites_noted",
            {"seat": seat, "knonsters": list(chosen), "winner": move.winner},
            visible_to=frozenset({seat}),
        ),
    ]
    if not all(favourites):
        return state, events
    if (
        len(set(zip(favourites, winners, strict=True))) == 1
        and state.redeals < MAX_REDEALS
    ):
        reason = "same_favourites_and_winner" if state.win_bet else "same_favourites"
        state = deal(
            replace(
                state,
                redeals=state.redeals + 1,
                favourites=((),) * state.seats,
                winners=(None,) * state.seats,
            )
        )
        events.append(Event("redeal", {"reason": reason, "redeals": state.redeals}))
        return state, events
    first, rng = state.rng.randint(0, state.seats - 1)
    events.append(Event("race_started", {"seat": first}))
    return replace(state, rng=rng, phase=PHASE_PLAY, current=first), events


def play_card(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """Play a card (maybe with a superpower), refill, pass the turn or end.

    Precondition: play phase and it is `seat`'s turn. Race rules, Gameplay,
    End of Game; "Superpowers" variant.
    """
    if move.kind not in (PLAY, POWER) or move.card not in c.CARDS:
        raise IllegalMove(gettext_noop("That move is not possible now."))
    card = move.card
    if card not in state.hands[seat]:
        raise IllegalMove(gettext_noop("That card is not in your hand."))
    power = None
    if move.kind == POWER:
        power = move.knonster
        _check_power(state, seat, power)
        assert power is not None
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
    if power is None:
        played = {"seat": seat, "card": card, "effect": result is not None}
        events = [Event("card_played", played)]
    else:
        events = [Event("power_used", {"seat": seat, "card": card, "power": power})]
        state = replace(state, powers_used=(*state.powers_used, PowerUse(power, seat)))
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
    state = replace(
        state,
        discard=(*state.discard, card),
        last_play=LastPlay(seat, card, result is not None, power),
        positions=positions,
        podium=podium,
        steps=tuple(
            tuple(steps) if s == seat else row for s, row in enumerate(state.steps)
        ),
        turns=state.turns + 1,
    )
    hands = list(state.hands)
    if len(podium) >= len(c.POINTS):
        state = replace(state, hands=_with(hands, seat, hand))
        return _end(state, END_RACE, events)
    if len(hand) < c.REFILL_BELOW:
        if not state.draw_pile:
            state = replace(state, hands=_with(hands, seat, hand))
            return _end(state, END_DRAW_PILE, events)
        drawn = state.draw_pile[0]
        hand.append(drawn)
        state = replace(state, draw_pile=state.draw_pile[1:])
        events.append(Event("card_drawn", {"seat": seat}))
        events.append(
            Event("card_received", {"seat": seat, "card": drawn}, frozenset({seat}))
        )
    state = replace(
        state,
        hands=_with(hands, seat, hand),
        current=(seat + 1) % state.seats,
    )
    if not was_decided and is_decided(state):
        events.append(Event("race_decided", {}))
    return state, events


def _check_power(state: State, seat: int, power: str | None) -> None:
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


def _with(
    hands: list[tuple[str, ...]], seat: int, hand: list[str]
) -> tuple[tuple[str, ...], ...]:
    hands[seat] = c.sort_hand(hand)
    return tuple(hands)


def _end(state: State, reason: str, events: list[Event]) -> tuple[State, list[Event]]:
    """Finish the match and reveal every seat's favourites (Race rules, End of Game)."""
    state = replace(state, phase=PHASE_OVER, current=None, end_reason=reason)
    events.append(Event("race_over", {"reason": reason}))
    outcome = outcome_of(state)
    assert outcome is not None
    assert outcome.scores is not None
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
    return state, events
