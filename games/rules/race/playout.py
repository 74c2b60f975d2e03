"""Race's playouts for the hard robot: a state played to the end, fast.

`Playout` plays a Race state on plain lists with the medium ("eager")
robot's rule on every seat, the same rules as `flow.choose_favourites` and
`flow.play_card` without building events or checking states (a test plays
both side by side): the hard robot's rollout policy (hard.py). `targets`
is `cards.card_target` for every card of one board at once.
"""

from __future__ import annotations

from functools import lru_cache

from . import cards as c
from .sample import FastRandom
from .state import MAX_REDEALS, PHASE_FAVOURITES, PHASE_OVER, State

# Podium bonus the eager robot adds for a finished Knonster, per place.
PLACE_BONUS = (40, 20, 10, 0)
INDEX = {k: i for i, k in enumerate(c.KNONSTERS)}
PAIRS: tuple[tuple[str, str], ...] = tuple(
    (a, b) for i, a in enumerate(c.KNONSTERS) for b in c.KNONSTERS[i + 1 :]
)


class Playout:
    """A state on plain lists, played to the end by the eager rule.

    The rules are `flow.choose_favourites` and `flow.play_card`'s (Race
    rules, Gameplay, End of Game; "Superpowers"): a card (or superpower)
    resolves with `cards.resolve`; a hand below five cards draws one; the
    race ends with the third finisher or a hand that cannot refill.
    """

    def __init__(self, state: State, rand: FastRandom) -> None:
        self.rand = rand
        # (seat, card, power) of every card played, for the tests.
        self.log: list[tuple[int, str, str | None]] | None = None
        self.seats = state.seats
        self.win_bet = state.win_bet
        self.superpowers = state.superpowers
        self.phase = state.phase
        self.redeals = state.redeals
        self.hands = [list(hand) for hand in state.hands]
        self.draw = list(state.draw_pile)
        self.favourites = list(state.favourites)
        self.winners = list(state.winners)
        self.positions = state.positions
        self.podium = state.podium
        self.current = state.current
        self.spent = {use.knonster for use in state.powers_used}
        self.revealed = [0] * state.seats
        for use in state.powers_used:
            self.revealed[use.seat] += 1

    def run(self, seat: int, rank_weight: float = 0.0) -> float:
        """Play to the end; return `seat`'s value (`_value`)."""
        if self.phase == PHASE_FAVOURITES:
            for s in range(self.seats):
                if not self.favourites[s]:
                    self._choose_favourites(s)
            chosen = set(zip(self.favourites, self.winners, strict=True))
            if len(chosen) == 1 and self.redeals < MAX_REDEALS:
                # All alike: the cards are dealt again; an even match.
                return 1 / self.seats + rank_weight / 2
            self.current = self.rand.below(self.seats)
        elif self.phase == PHASE_OVER:
            return self._value(seat, rank_weight)
        while self._play():
            pass
        return self._value(seat, rank_weight)

    def _choose_favourites(self, s: int) -> None:
        # The eager rule: the pair with the most Knonster cards in hand.
        counts = dict.fromkeys(c.KNONSTERS, 0)
        for card in self.hands[s]:
            knonster = c.CARDS[card].knonster
            if knonster is not None:
                counts[knonster] += 1
        best: list[tuple[tuple[str, ...], str | None]] = []
        top = -1
        for a, b in PAIRS:
            for winner in (a, b) if self.win_bet else (None,):
                fit = 100 * (counts[a] + counts[b]) + (counts[winner] if winner else 0)
                if fit > top:
                    top, best = fit, []
                if fit == top:
                    best.append(((a, b), winner))
        self.favourites[s], self.winners[s] = self.rand.choice(best)

    def _play(self) -> bool:
        """Play one card for the seat to move; return whether the race goes on."""
        s = self.current
        assert s is not None
        hand = self.hands[s]
        positions, podium = self.positions, self.podium
        table = targets(positions, podium)
        best = self._eager(hand, table, self.favourites[s])
        card, power = best[0] if len(best) == 1 else self.rand.choice(best)
        if power is None:
            target = table[card]
            if target is not None:
                (self.positions, self.podium), _ = c.move_knonster(
                    (positions, podium), *target
                )
        else:
            result = c.resolve(card, power, (positions, podium))
            assert result is not None
            self.positions, self.podium = result[0]
        if power is not None:
            self.spent.add(power)
            self.revealed[s] += 1
        hand.remove(card)
        if self.log is not None:
            self.log.append((s, card, power))
        if len(self.podium) >= len(c.POINTS):
            return False
        if len(hand) < c.REFILL_BELOW:
            if not self.draw:
                return False
            hand.append(self.draw.pop(0))
        self.current = (s + 1) % self.seats
        return True

    def _eager(
        self,
        hand: list[str],
        table: dict[str, tuple[int, int] | None],
        mine: tuple[str, ...],
    ) -> list[tuple[str, str | None]]:
        """Return the eager rule's best (card, superpower) moves for `hand`."""
        positions, podium = self.positions, self.podium
        best: list[tuple[str, str | None]] = []
        top = -(10**9)
        for card in dict.fromkeys(hand):
            target = table[card]
            score = 0
            if target is not None:
                index, steps = target
                start = positions[index]
                end = start + steps
                gain = steps
                if end > c.LAST_FIELD:
                    gain = c.FINISHED - start + PLACE_BONUS[len(podium)]
                score = 2 * gain if c.KNONSTERS[index] in mine else -gain
            if score > top:
                top, best = score, []
            if score == top:
                best.append((card, None))
        if self.superpowers:
            base = self._worth(positions, podium, mine)
            for backed in mine:
                if backed in self.spent:
                    continue
                for card in dict.fromkeys(hand):
                    result = c.resolve(card, backed, (positions, podium))
                    if result is None:
                        continue
                    score = self._worth(*result[0], mine) - base
                    if score > top:
                        top, best = score, []
                    if score == top:
                        best.append((card, backed))
        return best

    @staticmethod
    def _worth(
        positions: tuple[int, ...], podium: tuple[str, ...], mine: tuple[str, ...]
    ) -> int:
        # The eager robot's board value: own favourites twice, others against.
        total = 0
        for i, k in enumerate(c.KNONSTERS):
            worth = positions[i] + (PLACE_BONUS[podium.index(k)] if k in podium else 0)
            total += 2 * worth if k in mine else -worth
        return total

    def _value(self, seat: int, rank_weight: float) -> float:
        # Share of first place (1/k shared by k), plus `rank_weight` times
        # the share of seats beaten (ties half).
        points = c.scores(tuple(self.favourites), tuple(self.winners), self.podium)
        keys: list[tuple[int, ...]]
        if self.superpowers:
            keys = [
                (p, len(self.favourites[s]) - self.revealed[s])
                for s, p in enumerate(points)
            ]
        else:
            keys = [(p,) for p in points]
        mine = keys[seat]
        rank = 0.0
        if rank_weight:
            beaten = sum(1.0 if k < mine else 0.5 if k == mine else 0.0 for k in keys)
            rank = rank_weight * (beaten - 0.5) / (len(keys) - 1)
        if any(key > mine for key in keys):
            return rank
        return 1 / keys.count(mine) + rank


@lru_cache(maxsize=1 << 16)
def targets(
    positions: tuple[int, ...], podium: tuple[str, ...]
) -> dict[str, tuple[int, int] | None]:
    """Return `cards.card_target` of every card type on one board.

    The ranks are worked out once per board instead of once per card (the
    playouts' hot spot); a test checks it against `card_target`.
    """
    ranks = c.ranks(positions, podium)
    leader = max(positions)
    alone = {r: i for i, r in enumerate(ranks) if ranks.count(r) == 1}
    out: dict[str, tuple[int, int] | None] = {}
    for card in c.CARDS.values():
        target: tuple[int, int] | None = None
        if card.knonster is not None:
            index = INDEX[card.knonster]
            at = positions[index]
            if at >= c.FINISHED:
                pass
            elif card.is_plus:
                target = index, card.steps
            elif card.kind == "catchup":
                steps = min(card.steps, leader - 2 - at)
                target = (index, steps) if steps > 0 else None
            elif not podium and alone.get(1) == index:
                others = max(p for j, p in enumerate(positions) if j != index)
                target = index, 2 * (at - others)
        else:
            found = alone.get(card.rank or 0)
            if found is not None and positions[found] < c.FINISHED:
                if card.kind == "rank3":
                    steps = min(card.steps, leader + 1 - positions[found])
                    target = (found, steps) if steps > 0 else None
                else:
                    target = found, card.steps
        out[card.id] = target
    return out
