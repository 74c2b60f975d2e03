"""Knatsch: the strong robot, a pure strategy over its seat's view and moves.

Chances: `chance(beat, dice, throws, fixed)` estimates the probability of
beating a result strictly (Knatsch rulings, Rolling) with a roll attempt of
`dice` dice, `throws` throws and squire dice `fixed`. The model: after the
first throw the roller picks one face to collect (the group) and keeps
those dice, plus one kicker die when the kicker decides; the first throw is
enumerated exactly (the table of all first throws of 6 and 7 dice is built
at import), the later throws follow a small exact recursion. It is a lower
bound of the best play, within 0.03 of it for 6 dice and 3 throws (the
King: 0.300 against 0.304). Results are memoized in bounded caches, so the
same input always gives the same chance.

Targets: each target is worth its chance of success times what the card is
worth: the change of a potential that grows as a player nears one of the
three ways to win (`potential`), plus the owner's loss when it is taken from
a player (weighted by that player's share of all opponents' potential, so a
player about to win counts most), minus what is lost on failure (the King's
revenge costs a castle). A castle attack counts the owner's chance to
defend; a tournament the chance that no other player beats the host; a
special card its effect on the robot's chances and, from a stack, the extra
attempt. The King is a target only with a decent chance (KING_MIN_CHANCE)
or when an opponent is one capture from a win. A stack top is put under
when the unseen card that may come up is worth more (also counting what
the top would give the next player). A pass, where allowed, is worth 0.
The weights were tuned in robot-against-robot games (bench/robots.py).

Throws: a stack card, a special card, the King and a defence stop once the
result to beat is beaten, keeping the dice that give the best chance; an
attacker on a castle, a tournament host and a tournament player with
players after them keep improving their result while that lowers the
others' chances (keeping what they must beat secured). The robot never
declines: throwing costs nothing and may win.

It uses neither the Rng it is given nor anything but the view, its legal
moves and the edition's card list.
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial, prod
from operator import add, mul
from typing import TypeAlias

from games.rules.base import JSON
from games.rules.rng import Rng

from .cards import CARD_IDS, CARDS, KING_COMBINATION
from .dice import Result, result_of
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

# A roller's means: (dice, throws, squire faces sorted).
Means: TypeAlias = tuple[int, int, tuple[int, ...]]

FACES = (1, 2, 3, 4, 5)
SIX = 6

# ---------------------------------------------------------------------------
# Chances


@cache
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


@cache
def _after(
    need: int, have: int, others: int, kicker: bool, left: int, alt: bool, q: int
) -> float:
    """Return the chance of success after a throw, collecting one face.

    `have` of the `need` dice of that face are on the table (`need` - 1 do if
    `alt` and a kicker die shows one of the `q` kicker faces: `kicker`);
    `others` dice on the table show other counting faces; `left` throws remain.
    """
    missing = need - have
    if missing <= 0 or (alt and kicker and missing == 1):
        return 1.0
    if left == 0 or have + others == 0:
        return 0.0
    return max(
        _throw(need, kept, dice, with_kicker, left, alt, q)
        for kept, dice, with_kicker in _ways_on(have, others, alt and kicker)
    )


def _ways_on(have: int, others: int, kicker: bool) -> list[tuple[int, int, bool]]:
    """Return the ways to go on collecting a face: (dice of it kept, dice thrown, kicker kept).

    Keep every die of the face and throw the others, also keeping a kicker
    die (`kicker`: one is on the table) if that leaves a die to throw; if
    every die shows the face, one of them is thrown again.
    """
    if others == 0:
        return [(have - 1, 1, False)]
    ways = [(have, others, False)]
    if kicker and others >= 2:
        ways.append((have, others - 1, True))
    return ways


@cache
def _throw(
    need: int, have: int, dice: int, kept: bool, left: int, alt: bool, q: int
) -> float:
    """Return the chance of success throwing `dice` dice now (`kept`: a kicker die kept)."""
    return sum(
        p * _after(need, have + g, dice - g - s + kept, kept or k, left - 1, alt, q)
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


def _first_throws(
    dice: int,
) -> tuple[tuple[float, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Return every first throw of `dice` dice, as columns.

    (probabilities; per face 1-5 the index (have * 8 + others) * 2 into
    `_face_values`, where `have` dice show the face and `others` another
    counting face; the set of counting faces shown, as bits 1 << face).
    """
    probabilities = []
    columns: list[list[int]] = [[] for _ in FACES]
    shown = []
    for faces in combinations_with_replacement(range(1, 7), dice):
        counts = Counter(faces)
        ways = factorial(dice)
        for n in counts.values():
            ways //= factorial(n)
        probabilities.append(ways / 6**dice)
        counting = dice - counts[SIX]
        for face in FACES:
            columns[face - 1].append((counts[face] * 8 + counting - counts[face]) * 2)
        shown.append(sum(1 << f for f in counts if f != SIX))
    return tuple(probabilities), tuple(tuple(c) for c in columns), tuple(shown)


# Built at import: 462 first throws of 6 dice, 792 of 7.
FIRST_THROWS = {dice: _first_throws(dice) for dice in (6, 7)}


@cache
def _kicker_shown(dice: int, face: int, kicker: int) -> tuple[int, ...]:
    """Return, per first throw of `dice` dice, 1 if a die other than `face` beats `kicker`."""
    wanted = sum(1 << f for f in FACES if f > kicker and f != face)
    return tuple(int(bool(bits & wanted)) for bits in _throws_of(dice)[2])


def _throws_of(
    dice: int,
) -> tuple[tuple[float, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Return `_first_throws(dice)`, from the import-time table for 6 and 7 dice."""
    return FIRST_THROWS.get(dice) or _first_throws(dice)


@cache
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
                    value = _after(need, have, others, kicker, throws - 1, alt, q)
                else:
                    value = 0.0
                values[(have * 8 + others) * 2 + kicker] = value
    return tuple(values)


@lru_cache(maxsize=16384)
def chance(beat: Result, dice: int, throws: int, fixed: tuple[int, ...] = ()) -> float:
    """Return the chance that a roll attempt beats `beat` strictly.

    `dice` dice, up to `throws` throws, squire dice showing `fixed` (sorted).
    The roller sees the first throw and then collects the best face.
    """
    if result_of(fixed) > beat:
        return 1.0
    probabilities, columns, _ = _throws_of(dice)
    per_face = []
    for face in FACES:
        need, alt, q = _aim(beat, face, fixed)
        values = _face_values(need, alt, q, throws)
        index = columns[face - 1]
        if alt:
            index = tuple(map(add, index, _kicker_shown(dice, face, beat[2])))
        per_face.append(map(values.__getitem__, index))
    total: float = sum(map(mul, probabilities, map(max, *per_face)))
    return total


# ---------------------------------------------------------------------------
# Throws


def _keeps(
    table: tuple[int, ...], face: int, kicker_above: int | None
) -> list[tuple[int, int, bool, tuple[int, ...]]]:
    """Return the ways to go on collecting `face` from `table`, as `_ways_on`.

    Each is (dice of the face kept, dice thrown, kicker kept, the dice kept);
    the kicker die kept is the highest other die above `kicker_above` (None:
    the kicker does not matter).
    """
    have = table.count(face)
    others = len(table) - have
    kickers = (
        sorted(f for f in table if f != face and f > kicker_above)
        if kicker_above is not None
        else []
    )
    return [
        (
            kept,
            dice,
            with_kicker,
            (face,) * kept + (tuple(kickers[-1:]) if with_kicker else ()),
        )
        for kept, dice, with_kicker in _ways_on(have, others, bool(kickers))
    ]


def _keep_for_chance(
    table: tuple[int, ...], fixed: tuple[int, ...], left: int, beat: Result
) -> tuple[float, tuple[int, ...]]:
    """Return (chance, dice to keep) of the best way to go on beating `beat`."""
    best: tuple[float, tuple[int, ...]] = (-1.0, ())
    for face in reversed(FACES):  # equal chances: the higher group
        need, alt, q = _aim(beat, face, fixed)
        for kept, dice, with_kicker, keep in _keeps(
            table, face, beat[2] if alt else None
        ):
            value = _throw(need, kept, dice, with_kicker, left, alt, q)
            if value > best[0] + 1e-12:
                best = (value, tuple(sorted(keep)))
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
        """Return the value of stopping with `have` dice of `face` (`kicker`: one decides)."""
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
        if key not in self.memo:
            best = self._end(face, have, kicker)
            if left > 0 and have + others:
                for kept, dice, with_kicker in _ways_on(have, others, kicker):
                    best = max(best, self.throw(face, kept, dice, with_kicker, left))
            self.memo[key] = best
        return self.memo[key]

    def throw(self, face: int, have: int, dice: int, kept: bool, left: int) -> float:
        """Return the value of throwing `dice` dice now, keeping `have` of `face`."""
        q = self._kicker_faces(face)
        return sum(
            p
            * self.value(face, have + g, dice - g - s + kept, bool(kept or k), left - 1)
            for g, s, k, p in _outcomes(dice, q)
        )

    def _kicker_faces(self, face: int) -> int:
        """Return how many faces make a kicker that decides beating `must` with `face`."""
        _, triple, kicker = self.must
        if face != triple:
            return 0
        return sum(1 for f in FACES if f > kicker and f != face)

    def keep(self, table: tuple[int, ...], left: int) -> tuple[float, tuple[int, ...]]:
        """Return (value, dice to keep) of the best way to go on."""
        best: tuple[float, tuple[int, ...]] = (-1.0, ())
        for face in reversed(FACES):  # equal values: the higher group
            above = self.must[2] if self._kicker_faces(face) else None
            for kept, dice, with_kicker, keep in _keeps(table, face, above):
                value = self.throw(face, kept, dice, with_kicker, left)
                if value > best[0] + 1e-12:
                    best = (value, tuple(sorted(keep)))
        return best


def _means(player: JSON, role: str) -> Means:
    """Return a player's means when throwing as `role` (a key of its view's `throws`)."""
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
    """Return a throw (the dice to keep) or a stop for the attempt in the view."""
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
        _as_result(attempt["beat"]),
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
SPECIAL_SCALE = 70.0  # potential per unit of average chance a special card adds
# Share of the owner's chance to defend a castle that counts against an
# attack on it (the attacker improves its result; 0.8 played best).
DEFENCE_SHARE = 0.8
DANGER_SHARE = 0.15  # weight of what a stack top would give the next player
PUT_UNDER_MARGIN = 0.5  # put a top under only when that is worth this much more
HORIZON = 10  # rounds: a special card's worth falls when fewer are left
FRESH_CARDS = 3  # a stack of fewer cards below its top shows little news
KING_MIN_CHANCE = 0.35  # below: the King only when an opponent is about to win
# An opponent with 3 castles is closer to a win the better their King chance:
# KING_BONUS potential per unit of chance above KING_PAR (6 dice, 3 throws).
KING_PAR = 0.3
KING_BONUS = 0.6
# Combinations whose average chance measures a special card's effect, per role.
REFERENCE: dict[str, tuple[Result, ...]] = {
    "attack": ((3, 2, 3), (3, 4, 2), (3, 5, 1)),
    "defence": ((3, 4, 3),),
    "joust": ((3, 4, 2),),
}
ROLE_WEIGHTS: dict[str, float] = {"attack": 1.0, "defence": 0.3, "joust": 0.3}
# Results a tournament host may reach, weakest first (see `_Board.host_chance`).
LADDER: tuple[Result, ...] = (
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


def steps(castles: int, tournaments: int) -> tuple[int, int]:
    """Return (captures missing on the closest way to win, on the other way).

    Ways: 4 castles; 2 castles + 3 tournaments; the King needs 3 castles and
    counts as the castles' last step.
    """
    by_castles = max(0, 4 - castles)
    by_tournaments = max(0, 2 - castles) + max(0, 3 - tournaments)
    return min(by_castles, by_tournaments), max(by_castles, by_tournaments)


def potential(castles: int, tournaments: int, king: float = 0.0) -> float:
    """Return how close a player with these cards is to a win (WIN: won).

    `king`: the player's chance to overthrow the King; with 3 castles a
    good chance brings the win closer than one more capture would.
    """
    near, far = steps(castles, tournaments)
    if near == 0:
        return WIN
    top = len(STEP_VALUES) - 1
    value = STEP_VALUES[min(near, top)] + SECOND_ROUTE * STEP_VALUES[min(far, top)]
    if castles == 3:
        value += KING_BONUS * max(0.0, king - KING_PAR) * WIN
    return value


def _average(means: Means, combinations: tuple[Result, ...]) -> float:
    """Return the average chance to beat `combinations` with `means`."""
    return sum(chance(c, *means) for c in combinations) / len(combinations)


def special_worth(card: JSON, player: JSON, owned: bool) -> float:
    """Return what special card `card` is worth to `player`: its effect on their chances.

    `owned`: the player holds it now (its effect is in their means).
    """
    return _special_effect(
        card["kind"],
        card["value"],
        tuple(_means(player, role) for role in ROLE_WEIGHTS),
        owned,
        len(player["castles"]) > 1,
    )


@lru_cache(maxsize=4096)
def _special_effect(
    kind: str, value: int | None, means: tuple[Means, ...], owned: bool, exposed: bool
) -> float:
    """Return `special_worth` for a player with `means` per role of ROLE_WEIGHTS.

    `exposed`: the player's castles can be attacked (more than one).
    """
    worth = 0.0
    for (role, weight), (dice, throws, fixed) in zip(
        ROLE_WEIGHTS.items(), means, strict=True
    ):
        if kind == "extra_die":
            dice -= owned
            better: Means = (dice + 1, throws, fixed)
        elif kind == "squire" and value is not None:
            faces = list(fixed)
            if owned:
                faces.remove(value)
            fixed = tuple(faces)
            better = (dice, throws, tuple(sorted([*faces, value])))
        elif (kind, role) in (
            ("catapult", "attack"),
            ("guard", "defence"),
            ("jousting_right", "joust"),
        ):
            throws -= owned
            better = (dice, throws + 1, fixed)
        else:
            continue
        if kind == "guard" and not exposed:
            weight /= 2  # nobody can attack a single castle yet
        if kind == "catapult":
            weight *= 1.15  # hosting too
        base = _average((dice, throws, fixed), REFERENCE[role])
        worth += weight * (_average(better, REFERENCE[role]) - base)
    return SPECIAL_SCALE * worth


class _Board:
    """What the choice of a target needs to know, computed once per decision."""

    def __init__(self, view: JSON) -> None:
        self.view = view
        self.seat: int = view["current"]
        self.seats: int = view["seats"]
        self.players: list[JSON] = view["players"]
        self.me = self.players[self.seat]
        self.attack = _means(self.me, "attack")
        self.kings = [
            0.0 if s == self.seat else chance(KING_COMBINATION, *_means(p, "attack"))
            for s, p in enumerate(self.players)
        ]
        self.values = [
            potential(*self.counts(p), self.kings[s])
            for s, p in enumerate(self.players)
        ]
        self.threat = sum(v for s, v in enumerate(self.values) if s != self.seat)
        # Rounds left before the turn limit: a special card pays off only
        # while the game lasts, and at the limit only castles and
        # tournaments count.
        rounds_left = (view["turn_limit"] - view["turn"]) / self.seats
        self.lasting = min(1.0, max(0.0, rounds_left / HORIZON))
        self.memo: dict[tuple[str, int], float] = {}
        self.host: float | None = None

    @staticmethod
    def counts(player: JSON) -> tuple[int, int]:
        """Return (castles, tournaments) of `player`."""
        return len(player["castles"]), len(player["tournaments"])

    def weight(self, seat: int) -> float:
        """Return how much an opponent's loss is worth to the robot.

        Its share of all opponents' potential: 1 with one opponent, a fifth
        of five equal opponents, nearly 1 for one about to win.
        """
        return self.values[seat] / self.threat if self.threat else 1.0

    def gain(self, seat: int, castles: int = 0, tournaments: int = 0) -> float:
        """Return how much `seat`'s potential changes with these cards more (or fewer)."""
        c, t = self.counts(self.players[seat])
        return (
            potential(c + castles, t + tournaments, self.kings[seat])
            - self.values[seat]
        )

    def special(self, card: JSON, seat: int) -> float:
        """Return `special_worth` of `card` to `seat` (owned if it is theirs), memoized.

        Less as the turn limit nears (`lasting`).
        """
        key = (card["id"], seat)
        if key not in self.memo:
            player = self.players[seat]
            owned = any(c["id"] == card["id"] for c in player["specials"])
            self.memo[key] = special_worth(card, player, owned) * self.lasting
        return self.memo[key]

    def host_chance(self) -> float:
        """Return the chance that the robot wins a tournament it hosts.

        The host's typical result is the best on `LADDER` it reaches half the
        time; every other player must beat it.
        """
        if self.host is None:
            means = _means(self.me, "host")
            typical = LADDER[0]
            for level in LADDER[1:]:
                if chance(level, *means) < 0.5:
                    break
                typical = level
            self.host = prod(
                1.0 - chance(typical, *_means(p, "joust"))
                for p in self.players
                if p["seat"] != self.seat
            )
        return self.host

    def stack_card(self, card: JSON, chain: float) -> float:
        """Return the expected worth of rolling for stack card `card` (hosting a tournament).

        `chain`: the worth of the extra attempt a special card earns.
        """
        seat = self.seat
        if card["type"] == "tournament":
            win = self.host_chance()
            others = [s for s in range(self.seats) if s != seat]
            lose = (1.0 - win) / len(others)
            return win * self.gain(seat, tournaments=1) - sum(
                lose * self.weight(s) * self.gain(s, tournaments=1) for s in others
            )
        p = chance(_as_result(card["combination"]), *self.attack)
        if card["type"] == "castle":
            return p * self.gain(seat, castles=1)
        return p * (self.special(card, seat) + chain)

    def attack_card(self, owner: int, card: JSON) -> float:
        """Return the expected worth of attacking `owner`'s card `card`."""
        combination = _as_result(card["combination"])
        p = chance(combination, *self.attack)
        if card["type"] == "castle":
            defend = chance(combination, *_means(self.players[owner], "defence"))
            swing = self.gain(self.seat, castles=1) - self.weight(owner) * self.gain(
                owner, castles=-1
            )
            return p * (1.0 - DEFENCE_SHARE * defend) * swing
        swing = self.special(card, self.seat) + self.weight(owner) * self.special(
            card, owner
        )
        return p * swing

    def king(self) -> float | None:
        """Return the worth of rolling for the King: a win, or a castle lost.

        None (not a target) when the chance is below KING_MIN_CHANCE and no
        opponent is one capture from a win.
        """
        p = chance(KING_COMBINATION, *self.attack)
        if p < KING_MIN_CHANCE and not self.desperate():
            return None
        return p * (WIN - self.values[self.seat]) + (1 - p) * self.gain(
            self.seat, castles=-1
        )

    def desperate(self) -> bool:
        """Return whether an opponent is one capture (or the King) from a win."""
        return any(
            steps(*self.counts(p))[0] <= 1
            for s, p in enumerate(self.players)
            if s != self.seat
        )

    def next_gain(self, card: JSON) -> float:
        """Return what the next player would gain from stack card `card`, weighted."""
        seat = (self.seat + 1) % self.seats
        if not may_take(self.players[seat], card):
            return 0.0
        if card["type"] == "castle":
            return self.weight(seat) * self.gain(seat, castles=1)
        if card["type"] == "tournament":
            return 0.5 * self.weight(seat) * self.gain(seat, tournaments=1)
        return 0.0

    def unseen(self) -> list[JSON]:
        """Return the cards in the stacks below their tops (their order is unknown)."""
        seen = {c["id"] for p in self.players for g in _GROUPS for c in p[g]}
        seen |= {s["top"]["id"] for s in self.view["stacks"] if s["top"] is not None}
        return [CARDS[c].to_json() for c in CARD_IDS if c not in seen]


def may_take(player: JSON, card: JSON) -> bool:
    """Return whether `player` may roll for `card` (it owns no equal card)."""
    if card["type"] == "castle":
        return all(c["arms"] != card["arms"] for c in player["castles"])
    if card["type"] == "special":
        return all(
            (c["kind"], c["value"]) != (card["kind"], card["value"])
            for c in player["specials"]
        )
    return True


_GROUPS = ("castles", "specials", "tournaments")


def _as_result(values: list[int]) -> Result:
    """Return a result or combination from its JSON list [count, face, kicker]."""
    count, face, kicker = values
    return (count, face, kicker)


def _find(view: JSON, card_id: str) -> tuple[int, JSON | None]:
    """Return (owner, card) of an owned card, or (-1, None)."""
    for player in view["players"]:
        for group in _GROUPS:
            for card in player[group]:
                if card["id"] == card_id:
                    return player["seat"], card
    return -1, None


def _target_values(board: _Board, legal: list[Move]) -> list[tuple[float, Move]]:
    """Return (worth, move) for every target among `legal`."""
    view = board.view
    scored: list[tuple[float, Move]] = []
    specials: list[tuple[Move, JSON]] = []
    for move in legal:
        if isinstance(move, RollForStack):
            card = view["stacks"][move.stack]["top"]
            if card is None:
                continue
            if card["type"] == "special":
                specials.append((move, card))
                continue
            scored.append((board.stack_card(card, 0.0), move))
        elif isinstance(move, Attack):
            owner, card = _find(view, move.card)
            if card is not None:
                scored.append((board.attack_card(owner, card), move))
        elif isinstance(move, RollForKing):
            value = board.king()
            if value is not None:
                scored.append((value, move))
    plain = [value for value, _ in scored]
    for move, card in specials:
        # A special card from a stack earns another attempt: at the best other
        # target, or at the card that comes up.
        others = [board.stack_card(c, 0.0) for m, c in specials if m != move]
        chain = max([0.0, *plain, *others])
        scored.append((board.stack_card(card, chain), move))
    return scored


def _put_under(
    board: _Board, scored: list[tuple[float, Move]], put_under: list[PutUnder]
) -> PutUnder | None:
    """Return the stack whose top is better put under, or None.

    Putting a top under shows a card not seen yet: worth its expected gain
    over the best target left (an unseen card, uniformly), plus what the
    next player then loses (the top against an unseen card). A small stack
    mostly holds cards that were on top before: its news count less.
    """
    best_value = max((v for v, _ in scored), default=0.0)
    cards = board.unseen()
    worth: dict[tuple[str, str | None, int | None, str], float] = {}
    values = []
    for card in cards:
        if not may_take(board.me, card):
            continue
        key = (card["type"], card["kind"], card["value"], str(card["combination"]))
        if key not in worth:
            worth[key] = board.stack_card(card, max(0.0, best_value))
        values.append(worth[key])
    left_out = len(cards) - len(values)  # cards it may not take: worth nothing new
    denied = sum(board.next_gain(card) for card in cards) / max(1, len(cards))
    choice: tuple[float, PutUnder | None] = (PUT_UNDER_MARGIN, None)
    for move in put_under:
        stack = board.view["stacks"][move.stack]
        rest = max(
            (
                v
                for v, m in scored
                if not (isinstance(m, RollForStack) and m.stack == move.stack)
            ),
            default=0.0,
        )
        expected = (sum(max(rest, v) for v in values) + rest * left_out) / max(
            1, len(cards)
        )
        gain = expected - best_value
        if stack["top"] is not None:
            gain += DANGER_SHARE * (board.next_gain(stack["top"]) - denied)
        gain *= min(1.0, (stack["count"] - 1) / FRESH_CARDS)
        if gain > choice[0]:
            choice = (gain, move)
    return choice[1]


def _target(view: JSON, legal: list[Move]) -> Move:
    """Return the target worth most, or a put-under worth more than that.

    Passing, where allowed (an extra attempt, the King as the only target),
    is worth 0. Without a target worth rolling for and no pass: the King
    (the only target left), else the first legal move.
    """
    board = _Board(view)
    scored = _target_values(board, legal)
    if Pass() in legal:
        scored.append((0.0, Pass()))
    put_under = [m for m in legal if isinstance(m, PutUnder)]
    if put_under:
        choice = _put_under(board, scored, put_under)
        if choice is not None:
            return choice
    if not scored:
        forced = [m for m in legal if isinstance(m, (RollForKing, Pass))]
        return forced[0] if forced else legal[0]
    order = {move: i for i, move in enumerate(legal)}
    return max(scored, key=lambda item: (item[0], -order[item[1]]))[1]


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
