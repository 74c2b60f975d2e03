"""Knatsch: the strong robot, a pure strategy over its seat's view and moves.

Chances: `chance(beat, dice, throws, fixed)` estimates the probability of
beating a result strictly (Knatsch rulings, Rolling) with a roll attempt of
`dice` dice, `throws` throws and squire dice `fixed`. The model: after the
first throw the roller picks one face to collect (the group) and keeps
those dice, plus one kicker die when the kicker decides; each later throw
it may pick again. Its chances are a lower bound of the best play and lie
within about 0.03 of it for 6 dice and 3 throws. The small tables behind it
are built on first use, deterministically, and kept (about 5,000 entries).

Targets: each target is worth its chance of success times what the card is
worth, as the change of a potential that grows as a player nears one of the
three ways to win (`potential`): its own progress, plus the owner's loss
when it is taken from a player (weighted by how close that player is to a
win), minus what is lost on failure (the King's revenge costs a castle).
A castle attack counts the owner's chance to defend; a tournament the
chance that no other player beats the host; a special card its effect on
the robot's future chances and, from a stack, the extra attempt. A poor
stack top is put under when the card that may come up is worth more.

Throws: a stack card, a special card, the King and a defence stop once the
result to beat is beaten, keeping the dice that give the best chance; an
attacker on a castle, a tournament host and a tournament player with
players after them keep improving their result while that lowers the
others' chances (keeping what they must beat secured). The robot never
declines: throwing costs nothing and may win.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial, prod
from operator import add, mul
from typing import TypeAlias

from games.rules.base import JSON
from games.rules.rng import Rng

from .state import (
    Attack,
    Move,
    Pass,
    PutUnder,
    Revenge,
    RollForKing,
    RollForStack,
    Stop,
    Throw,
)

Result: TypeAlias = tuple[int, int, int]
# A roller's means: (dice, throws, squire faces sorted).
Means: TypeAlias = tuple[int, int, tuple[int, ...]]

FACES = (1, 2, 3, 4, 5)
SIX = 6
NOTHING: Result = (0, 0, 0)
KING_RESULT: Result = (3, 5, 4)

# ---------------------------------------------------------------------------
# Chances


def result_of(faces: Iterable[int]) -> Result:
    """Return (count, face, kicker) of `faces` (sixes ignored), as the rules count it."""
    counted = Counter(f for f in faces if f != SIX)
    if not counted:
        return NOTHING
    face, count = max(counted.items(), key=lambda item: (item[1], item[0]))
    return (count, face, max((f for f in counted if f != face), default=0))


@lru_cache(maxsize=None)
def _outcomes(dice: int, kicker_faces: int) -> tuple[tuple[int, int, bool, float], ...]:
    """Return the outcomes of throwing `dice` dice while collecting one face.

    Each is (group dice thrown, sixes thrown, a kicker face thrown, probability);
    `kicker_faces` of the four other counting faces would make a good kicker.
    """
    found: dict[tuple[int, int, bool], float] = {}
    for group in range(dice + 1):
        for sixes in range(dice - group + 1):
            rest = dice - group - sixes
            ways = comb(dice, group) * comb(dice - group, sixes) / 6**dice
            without = ways * (4 - kicker_faces) ** rest
            found[(group, sixes, False)] = without
            if kicker_faces and rest:
                found[(group, sixes, True)] = ways * 4**rest - without
    return tuple((g, s, k, p) for (g, s, k), p in found.items() if p > 0)


@lru_cache(maxsize=None)
def _after(
    missing: int, others: int, kicker: bool, left: int, alt: bool, q: int
) -> float:
    """Return the chance of success after a throw, collecting one face.

    `missing` group dice are still needed (one fewer will do if `alt` and a
    kicker die shows one of the `q` kicker faces: `kicker`); `others` dice on
    the table show other faces; `left` throws remain.
    """
    if missing <= 0 or (alt and kicker and missing == 1):
        return 1.0
    if left == 0:
        return 0.0
    if others == 0:
        # Every die left shows the group's face: one of them is thrown again.
        return _throw(missing + 1, 1, False, left, alt, q)
    best = _throw(missing, others, False, left, alt, q)
    if alt and kicker and others >= 2:
        best = max(best, _throw(missing, others - 1, True, left, alt, q))
    return best


@lru_cache(maxsize=None)
def _throw(missing: int, dice: int, kept: bool, left: int, alt: bool, q: int) -> float:
    """Return the chance of success throwing `dice` dice now (`kept`: a kicker die kept)."""
    return sum(
        p * _after(missing - g, dice - g - s + kept, kept or k, left - 1, alt, q)
        for g, s, k, p in _outcomes(dice, q if alt else 0)
    )


def _aim(beat: Result, face: int, fixed: tuple[int, ...]) -> tuple[int, bool, int]:
    """Return (dice of `face` needed on the table, alt, q) to beat `beat` collecting `face`.

    alt: one die fewer also beats `beat` with a kicker die showing one of the
    q faces above its kicker.
    """
    count, triple, kicker = beat
    own = fixed.count(face)
    if face > triple:
        return count - own, False, 0
    if face < triple:
        return count + 1 - own, False, 0
    if max((f for f in fixed if f != face), default=0) > kicker:
        return count - own, False, 0
    q = sum(1 for f in FACES if f > kicker and f != face)
    return count + 1 - own, q > 0, q


@lru_cache(maxsize=None)
def _first_throws(dice: int) -> tuple[tuple[float, ...], tuple[tuple[int, ...], ...]]:
    """Return every first throw of `dice` dice, as columns.

    (probabilities, per face 1-5 the index (have * 8 + others) * 2 of
    `_face_values`: `have` dice show the face, `others` other counting faces).
    """
    probabilities = []
    columns: list[list[int]] = [[] for _ in FACES]
    for faces in combinations_with_replacement(range(1, 7), dice):
        counts = Counter(faces)
        ways = factorial(dice)
        for n in counts.values():
            ways //= factorial(n)
        probabilities.append(ways / 6**dice)
        counting = dice - counts[SIX]
        for face in FACES:
            columns[face - 1].append((counts[face] * 8 + counting - counts[face]) * 2)
    return tuple(probabilities), tuple(tuple(c) for c in columns)


@lru_cache(maxsize=None)
def _kicker_shown(dice: int, face: int, kicker: int) -> tuple[int, ...]:
    """Return, per first throw of `dice` dice, 1 if a die other than `face` beats `kicker`."""
    shown = []
    for faces in combinations_with_replacement(range(1, 7), dice):
        shown.append(int(any(f != face and kicker < f < SIX for f in faces)))
    return tuple(shown)


@lru_cache(maxsize=None)
def _face_values(need: int, alt: bool, q: int, throws: int) -> tuple[float, ...]:
    """Return the chance after the first throw, collecting a face from then on.

    Indexed (have * 8 + others) * 2 + kicker, as `_first_throws` columns.
    """
    values = [0.0] * 128
    for have in range(8):
        for others in range(8 - have):
            for kicker in (False, True):
                missing = need - have
                if missing <= 0 or (alt and kicker and missing == 1):
                    value = 1.0
                elif throws > 1 and have + others:
                    value = _after(missing, others, kicker, throws - 1, alt, q)
                else:
                    value = 0.0
                values[(have * 8 + others) * 2 + kicker] = value
    return tuple(values)


@lru_cache(maxsize=8192)
def chance(beat: Result, dice: int, throws: int, fixed: tuple[int, ...] = ()) -> float:
    """Return the chance that a roll attempt beats `beat` strictly.

    `dice` dice, up to `throws` throws, squire dice showing `fixed` (sorted).
    The roller sees the first throw and then collects the best face.
    """
    if result_of(fixed) > beat:
        return 1.0
    probabilities, columns = _first_throws(dice)
    per_face = []
    for face in FACES:
        need, alt, q = _aim(beat, face, fixed)
        values = _face_values(need, alt, q, throws)
        index = columns[face - 1]
        if alt:
            index = tuple(map(add, index, _kicker_shown(dice, face, beat[2])))
        per_face.append(map(values.__getitem__, index))
    return sum(map(mul, probabilities, map(max, *per_face)))


# ---------------------------------------------------------------------------
# Throws


def _keep_for_chance(
    table: tuple[int, ...], fixed: tuple[int, ...], left: int, beat: Result
) -> tuple[float, tuple[int, ...]]:
    """Return (chance, dice to keep) for the best way to go on beating `beat`."""
    counts = Counter(table)
    best: tuple[float, tuple[int, ...]] = (-1.0, ())
    for face in FACES:
        need, alt, q = _aim(beat, face, fixed)
        have = counts[face]
        others = len(table) - have
        kickers = sorted(f for f in table if f != face and f > beat[2]) if alt else []
        options: list[tuple[float, tuple[int, ...]]] = []
        if others == 0:
            options.append(
                (_throw(need - have + 1, 1, False, left, alt, q), (face,) * (have - 1))
            )
        else:
            options.append(
                (_throw(need - have, others, False, left, alt, q), (face,) * have)
            )
            if kickers and others >= 2:
                options.append(
                    (
                        _throw(need - have, others - 1, True, left, alt, q),
                        tuple(sorted((face,) * have + (kickers[-1],))),
                    )
                )
        for option in options:
            if option[0] > best[0] + 1e-12:
                best = option
    return best


class _Improver:
    """Chooses the dice to keep when every better result lowers the others' chances.

    The value of a final result is 0 unless it beats `must`, else the chance
    that none of `threats` (the means of the players who must beat it next)
    does. Collecting one face as in `chance`, with that value at the end.
    """

    def __init__(
        self, must: Result, fixed: tuple[int, ...], threats: list[Means]
    ) -> None:
        self.must = must
        self.fixed = fixed
        self.threats = threats
        self.memo: dict[tuple[int, int, int, bool, int], float] = {}

    def worth(self, result: Result) -> float:
        """Return the value of ending with `result`."""
        if result <= self.must:
            return 0.0
        level = (result[0], result[1], 0)
        return prod(1.0 - chance(level, *means) for means in self.threats)

    def _end(self, face: int, have: int, kicker: bool) -> float:
        count = have + self.fixed.count(face)
        if count == 0:
            return 0.0
        others = [f for f in self.fixed if f != face]
        kick = max(others, default=0)
        if kicker:
            kick = max(kick, self.must[2] + 1)
        return self.worth((count, face, min(kick, 5)))

    def value(
        self, face: int, have: int, others: int, kicker: bool, left: int
    ) -> float:
        """Return the value after a throw collecting `face` (as `_after`)."""
        key = (face, have, others, kicker, left)
        if key in self.memo:
            return self.memo[key]
        best = self._end(face, have, kicker)
        if left > 0:
            if others:
                best = max(best, self.throw(face, have, others, False, left))
                if kicker and others >= 2:
                    best = max(best, self.throw(face, have, others - 1, True, left))
            elif have:
                best = max(best, self.throw(face, have - 1, 1, False, left))
        self.memo[key] = best
        return best

    def throw(self, face: int, have: int, dice: int, kept: bool, left: int) -> float:
        """Return the value of throwing `dice` dice now, keeping `have` of `face`."""
        q = self._kicker_faces(face)
        return sum(
            p
            * self.value(face, have + g, dice - g - s + kept, bool(kept or k), left - 1)
            for g, s, k, p in _outcomes(dice, q)
        )

    def _kicker_faces(self, face: int) -> int:
        count, triple, kicker = self.must
        if face != triple:
            return 0
        return sum(1 for f in FACES if f > kicker and f != face)

    def keep(self, table: tuple[int, ...], left: int) -> tuple[float, tuple[int, ...]]:
        """Return (value, dice to keep) of the best way to go on."""
        counts = Counter(table)
        best: tuple[float, tuple[int, ...]] = (-1.0, ())
        for face in FACES:
            have = counts[face]
            others = len(table) - have
            kickers = (
                sorted(f for f in table if f != face and f > self.must[2])
                if self._kicker_faces(face)
                else []
            )
            options: list[tuple[float, tuple[int, ...]]] = []
            if others == 0:
                if have:
                    options.append(
                        (
                            self.throw(face, have - 1, 1, False, left),
                            (face,) * (have - 1),
                        )
                    )
            else:
                options.append(
                    (self.throw(face, have, others, False, left), (face,) * have)
                )
                if kickers and others >= 2:
                    options.append(
                        (
                            self.throw(face, have, others - 1, True, left),
                            tuple(sorted((face,) * have + (kickers[-1],))),
                        )
                    )
            for option in options:
                if option[0] > best[0] + 1e-12:
                    best = option
        return best


def _means(player: JSON, role: str) -> Means:
    return (player["dice"], player["throws"][role], tuple(sorted(player["squires"])))


def _threats(view: JSON, attempt: JSON) -> list[Means]:
    """Return the means of the players who must beat this attempt's result next."""
    role = attempt["role"]
    players = view["players"]
    if role == "attack" and attempt["owner"] is not None:
        if attempt["target"].get("type") == "castle":
            return [_means(players[attempt["owner"]], "defence")]
        return []
    if role in ("host", "joust") and view["tournament"] is not None:
        return [_means(players[s], "joust") for s in view["tournament"]["order"]]
    return []


def choose_keep(
    table: tuple[int, ...],
    fixed: tuple[int, ...],
    left: int,
    must: Result,
    threats: list[Means],
) -> tuple[int, ...] | None:
    """Return the dice to keep for the next throw, or None to stop.

    Without `threats` the attempt only has to beat `must`: stop once it
    does (or when nothing can beat it any more). With threats, go on while
    that lowers their chance to beat the result, keeping `must` beaten.
    """
    current = result_of(table + fixed)
    if not table or left <= 0:
        return None
    if not threats:
        if current > must:
            return None
        value, keep = _keep_for_chance(table, fixed, left, must)
        return keep if value > 0 else None
    improver = _Improver(must, fixed, threats)
    now = improver.worth(current)
    value, keep = improver.keep(table, left)
    return keep if value > now + 1e-9 else None


def _roll(view: JSON, legal: list[Move]) -> Move:
    attempt = view["attempt"]
    throws = [m for m in legal if isinstance(m, Throw)]
    stop = next((m for m in legal if isinstance(m, Stop)), None)
    if attempt["throws"] == 0 or stop is None:
        # The first throw of a defence or a tournament: never decline.
        return throws[0] if throws else legal[0]
    keep = choose_keep(
        tuple(attempt["table"]),
        tuple(sorted(attempt["fixed"])),
        attempt["max_throws"] - attempt["throws"],
        tuple(attempt["beat"]),  # type: ignore[arg-type]
        _threats(view, attempt),
    )
    if keep is None:
        return stop
    move = Throw(keep=keep)
    return move if move in legal else stop


# ---------------------------------------------------------------------------
# Targets

WIN = 100.0
# The potential of being `steps` captures away from a win (index = steps).
STEP_VALUES = (WIN, 36.0, 15.0, 6.0, 2.5, 1.0)
SECOND_ROUTE = 0.3  # share of the second-best way to win that counts too
SPECIAL_SCALE = 55.0  # potential per unit of average chance a special card adds
KING_MIN_CHANCE = 0.0


def steps(castles: int, tournaments: int) -> tuple[int, int]:
    """Return (captures missing on the closest way to win, on the other way).

    Ways: 4 castles; 2 castles + 3 tournaments; the King needs 3 castles and
    counts as the castles' last step.
    """
    by_castles = max(0, 4 - castles)
    by_tournaments = max(0, 2 - castles) + max(0, 3 - tournaments)
    return min(by_castles, by_tournaments), max(by_castles, by_tournaments)


def potential(castles: int, tournaments: int) -> float:
    """Return how close a player with these cards is to a win (WIN: won)."""
    near, far = steps(castles, tournaments)
    if near == 0:
        return WIN
    top = len(STEP_VALUES) - 1
    return STEP_VALUES[min(near, top)] + SECOND_ROUTE * STEP_VALUES[min(far, top)]


class _Board:
    """What the target choice needs to know about the view, computed once."""

    def __init__(self, view: JSON) -> None:
        self.view = view
        self.seat: int = view["current"]
        self.players: list[JSON] = view["players"]
        self.me = self.players[self.seat]
        self.seats: int = view["seats"]
        self.values = [self.player_potential(p) for p in self.players]
        others = [v for s, v in enumerate(self.values) if s != self.seat]
        self.leader_value = max(others, default=0.0)

    @staticmethod
    def counts(player: JSON) -> tuple[int, int]:
        return len(player["castles"]), len(player["tournaments"])

    def player_potential(self, player: JSON) -> float:
        return potential(*self.counts(player))

    def weight(self, seat: int) -> float:
        """Return how much an opponent's loss is worth to the robot."""
        if self.seats == 2:
            return 1.0
        value = self.values[seat]
        return 0.9 if value >= self.leader_value else 0.45

    def gain(self, seat: int, castles: int = 0, tournaments: int = 0) -> float:
        """Return how much `seat`'s potential changes with these cards more or less."""
        c, t = self.counts(self.players[seat])
        return potential(c + castles, t + tournaments) - self.values[seat]


def _special_worth(card: JSON, player: JSON, owned: bool) -> float:
    """Return what special card `card` is worth to `player` (its effect on their chances).

    `owned`: the player holds it now (its effect is in their means).
    """
    kind = card["kind"]
    sign = -1 if owned else 1
    dice: int = player["dice"]
    fixed = tuple(sorted(player["squires"]))
    throws = dict(player["throws"])
    if kind == "extra_die":
        dice_with = dice + (0 if owned else 1)
        dice_without = dice_with - 1
        roles = {"attack": 1.0, "defence": 0.3, "joust": 0.3}
        return SPECIAL_SCALE * sum(
            w * _average(dice_with, throws[r], fixed, _REFERENCE[r])
            - w * _average(dice_without, throws[r], fixed, _REFERENCE[r])
            for r, w in roles.items()
        )
    if kind == "squire":
        value = card["value"]
        base = list(fixed)
        if owned:
            base.remove(value)
        with_ = tuple(sorted([*base, value]))
        without = tuple(base)
        roles = {"attack": 1.0, "defence": 0.3, "joust": 0.3}
        return SPECIAL_SCALE * sum(
            w
            * (
                _average(dice, throws[r], with_, _REFERENCE[r])
                - _average(dice, throws[r], without, _REFERENCE[r])
            )
            for r, w in roles.items()
        )
    role, weight = {
        "catapult": ("attack", 1.15),
        "guard": ("defence", 0.3 if len(player["castles"]) > 1 else 0.15),
        "jousting_right": ("joust", 0.3),
    }.get(kind, ("attack", 0.0))
    more = throws[role] + (0 if owned else 1)
    del sign
    return (
        SPECIAL_SCALE
        * weight
        * (
            _average(dice, more, fixed, _REFERENCE[role])
            - _average(dice, more - 1, fixed, _REFERENCE[role])
        )
    )


_REFERENCE: dict[str, tuple[Result, ...]] = {
    "attack": ((3, 2, 3), (3, 3, 2), (3, 4, 2), (3, 5, 1)),
    "defence": ((3, 3, 4), (3, 5, 2)),
    "joust": ((3, 4, 2), (3, 5, 3)),
    "host": ((3, 4, 2),),
}


def _average(
    dice: int, throws: int, fixed: tuple[int, ...], combos: tuple[Result, ...]
) -> float:
    return sum(chance(c, dice, throws, fixed) for c in combos) / len(combos)


def _host_chance(board: _Board) -> float:
    """Return the chance that the current seat wins a tournament it hosts."""
    me = board.me
    host = _means(me, "host")
    # The host's typical result: the best on this ladder it reaches half the time.
    typical: Result = (2, 5, 4)
    for level in _LADDER:
        if chance(level, *host) >= 0.5:
            typical = level
        else:
            break
    return prod(
        1.0 - chance(typical, *_means(p, "joust"))
        for p in board.players
        if p["seat"] != board.seat
    )


_LADDER: tuple[Result, ...] = (
    (2, 5, 4),
    (3, 1, 5),
    (3, 2, 5),
    (3, 3, 5),
    (3, 4, 5),
    (3, 5, 4),
    (4, 1, 5),
    (4, 3, 5),
    (4, 5, 4),
)


def _find(view: JSON, card_id: str) -> tuple[int, JSON | None]:
    for player in view["players"]:
        for group in ("castles", "specials", "tournaments"):
            for card in player[group]:
                if card["id"] == card_id:
                    return player["seat"], card
    return -1, None


def _stack_card_value(board: _Board, card: JSON, chain: float) -> float:
    """Return the expected worth of rolling for stack card `card` (or hosting it)."""
    me = board.me
    seat = board.seat
    if card["type"] == "tournament":
        win = _host_chance(board)
        others = [p for p in board.players if p["seat"] != seat]
        lose_each = (1.0 - win) / max(1, len(others))
        return win * board.gain(seat, tournaments=1) - sum(
            lose_each * board.weight(p["seat"]) * board.gain(p["seat"], tournaments=1)
            for p in others
        )
    p = chance(tuple(card["combination"]), *_means(me, "attack"))  # type: ignore[arg-type]
    if card["type"] == "castle":
        return p * board.gain(seat, castles=1)
    return p * (_special_worth(card, me, owned=False) + chain)


def _attack_value(board: _Board, owner: int, card: JSON) -> float:
    """Return the expected worth of attacking `owner`'s card `card`."""
    me = board.me
    combination: Result = tuple(card["combination"])  # type: ignore[assignment]
    p = chance(combination, *_means(me, "attack"))
    if card["type"] == "castle":
        defend = chance(combination, *_means(board.players[owner], "defence"))
        p *= 1.0 - 0.8 * defend
        swing = board.gain(seat=board.seat, castles=1) - board.weight(
            owner
        ) * board.gain(owner, castles=-1)
        return p * swing
    worth = _special_worth(card, me, owned=False) + board.weight(
        owner
    ) * _special_worth(card, board.players[owner], owned=True)
    return p * worth


def _king_value(board: _Board) -> float:
    p = chance(KING_RESULT, *_means(board.me, "attack"))
    if p < KING_MIN_CHANCE:
        return -WIN
    return p * (WIN - board.values[board.seat]) + (1 - p) * board.gain(
        board.seat, castles=-1
    )


def _target_values(board: _Board, legal: list[Move]) -> list[tuple[float, Move]]:
    """Return (worth, move) for every target among `legal`."""
    view = board.view
    scored: list[tuple[float, Move]] = []
    plain: list[float] = []
    stack_moves: list[tuple[Move, JSON]] = []
    for move in legal:
        if isinstance(move, RollForStack):
            card = view["stacks"][move.stack]["top"]
            if card is None:
                continue
            if card["type"] == "special":
                stack_moves.append((move, card))
                continue
            value = _stack_card_value(board, card, 0.0)
        elif isinstance(move, Attack):
            owner, card = _find(view, move.card)
            if card is None:
                continue
            value = _attack_value(board, owner, card)
        elif isinstance(move, RollForKing):
            value = _king_value(board)
        else:
            continue
        plain.append(value)
        scored.append((value, move))
    for move, card in stack_moves:
        # A special card from a stack earns another attempt at the best other target.
        others = plain + [
            _stack_card_value(board, c, 0.0) for m, c in stack_moves if m != move
        ]
        chain = max([0.0, *others])
        scored.append((_stack_card_value(board, card, chain), move))
    return scored


def _hidden_cards(view: JSON) -> int:
    return sum(stack["count"] for stack in view["stacks"])


def _target(view: JSON, legal: list[Move]) -> Move:
    board = _Board(view)
    scored = _target_values(board, legal)
    if not scored:
        return next((m for m in legal if isinstance(m, Pass)), legal[0])
    order = {move: i for i, move in enumerate(legal)}
    best_value, best = max(scored, key=lambda item: (item[0], -order[item[1]]))
    put_under = [m for m in legal if isinstance(m, PutUnder)]
    if put_under:
        choice = _put_under(board, scored, best_value, put_under)
        if choice is not None:
            return choice
    return best


def _put_under(
    board: _Board,
    scored: list[tuple[float, Move]],
    best_value: float,
    put_under: list[PutUnder],
) -> PutUnder | None:
    """Return a stack whose top is better put under (the next card is worth more), or None."""
    view = board.view
    average = _average_stack_card(board)
    best: tuple[float, PutUnder | None] = (0.0, None)
    for move in put_under:
        rest = [
            v
            for v, m in scored
            if not (isinstance(m, RollForStack) and m.stack == move.stack)
        ]
        without = max(rest, default=0.0)
        # The card that comes up: its worth is unknown; count it as an average card.
        after = max(without, average)
        gain = after - best_value
        top = view["stacks"][move.stack]["top"]
        if top is not None:
            gain += 0.15 * _danger_of(board, top)
        if gain > best[0] + 0.5:
            best = (gain, move)
    return best[1]


def _danger_of(board: _Board, card: JSON) -> float:
    """Return how much the next player would gain from stack card `card`, weighted."""
    nxt = (board.seat + 1) % board.seats
    player = board.players[nxt]
    if card["type"] == "castle":
        return board.weight(nxt) * board.gain(nxt, castles=1)
    if card["type"] == "tournament":
        return 0.5 * board.weight(nxt) * board.gain(nxt, tournaments=1)
    del player
    return 0.0


def _average_stack_card(board: _Board) -> float:
    """Return a rough worth of an unseen stack card for the current seat."""
    me = board.me
    castle = chance((3, 3, 3), *_means(me, "attack")) * board.gain(
        board.seat, castles=1
    )
    tournament = _host_chance(board) * board.gain(board.seat, tournaments=1)
    special = chance((3, 3, 3), *_means(me, "attack")) * 6.0
    # About a third castles, a fifth tournaments, half special cards.
    return 0.33 * castle + 0.19 * tournament + 0.48 * special


def _revenge(view: JSON, legal: list[Move]) -> Move:
    """Give up the castle easiest to attack, under the larger stack (it comes up last)."""
    revenges = [m for m in legal if isinstance(m, Revenge)]
    seat = view["current"]
    castles = {c["id"]: c for c in view["players"][seat]["castles"]}
    sizes = [stack["count"] for stack in view["stacks"]]
    deeper = max(range(len(sizes)), key=lambda i: sizes[i])
    return min(
        revenges,
        key=lambda m: (tuple(castles[m.card]["combination"]), m.stack != deeper),
    )


def choose_strong(view: JSON, legal: list[Move], rng: Rng) -> Move:
    """Return the strong robot's move; raise ValueError if `legal` is empty."""
    if not legal:
        raise ValueError("no legal move")
    if view["phase"] == "roll":
        return _roll(view, legal)
    if view["phase"] == "revenge":
        return _revenge(view, legal)
    return _target(view, legal)
