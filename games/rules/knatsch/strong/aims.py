"""Knatsch strong robot: which target to roll for, and which stack top to put under.

See the package docstring (Targets).
"""

from __future__ import annotations

from math import prod

from games.rules.base import JSON
from games.rules.knatsch.cards import CARD_IDS, CARDS, KING_COMBINATION
from games.rules.knatsch.dice import Result
from games.rules.knatsch.moves import (
    Attack,
    Move,
    Pass,
    PutUnder,
    Revenge,
    RollForKing,
    RollForStack,
)

from .odds import as_result, chance
from .throws import player_means
from .worth import WIN, potential, special_worth, steps

# ---------------------------------------------------------------------------
# Targets

# Share of the owner's chance to defend a castle that counts against an
# attack on it (the attacker improves its result; 0.8 played best).
DEFENCE_SHARE = 0.8
DANGER_SHARE = 0.15  # weight of what a stack top would give the next player
PUT_UNDER_MARGIN = 0.5  # put a top under only when that is worth this much more
HORIZON = 10  # rounds: a special card's worth falls when fewer are left
FRESH_CARDS = 3  # a stack of fewer cards below its top shows little news
KING_MIN_CHANCE = 0.35  # below: the King only when an opponent is about to win
# How an opponent's loss is weighed with several opponents: its share of
# their potential raised to this power (`_Board.weight`). 1 for the strong
# robot; the hard robot's 2 weighs the leader's losses more (hard.py).
LEADER_POWER = 1.0
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


class _Board:
    """What the choice of a target needs to know, computed once per decision."""

    def __init__(self, view: JSON, leader_power: float = LEADER_POWER) -> None:
        self.view = view
        self.leader_power = leader_power
        self.seat: int = view["current"]
        self.seats: int = view["seats"]
        self.players: list[JSON] = view["players"]
        self.me = self.players[self.seat]
        self.attack = player_means(self.me, "attack")
        self.kings = [
            0.0
            if s == self.seat
            else chance(KING_COMBINATION, *player_means(p, "attack"))
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

        Its share of all opponents' potential, raised to `leader_power`: 1
        with one opponent, a fifth of five equal opponents (power 1), nearly
        1 for one about to win.
        """
        if not self.threat:
            return 1.0
        weighed: float = (self.values[seat] / self.threat) ** self.leader_power
        return weighed

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
            means = player_means(self.me, "host")
            typical = LADDER[0]
            for level in LADDER[1:]:
                if chance(level, *means) < 0.5:
                    break
                typical = level
            self.host = prod(
                1.0 - chance(typical, *player_means(p, "joust"))
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
        p = chance(as_result(card["combination"]), *self.attack)
        if card["type"] == "castle":
            return p * self.gain(seat, castles=1)
        return p * (self.special(card, seat) + chain)

    def attack_card(self, owner: int, card: JSON) -> float:
        """Return the expected worth of attacking `owner`'s card `card`."""
        combination = as_result(card["combination"])
        p = chance(combination, *self.attack)
        if card["type"] == "castle":
            defend = chance(combination, *player_means(self.players[owner], "defence"))
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


def _find(view: JSON, card_id: str) -> tuple[int, JSON | None]:
    """Return (owner, card) of an owned card, or (-1, None)."""
    for player in view["players"]:
        for group in _GROUPS:
            for card in player[group]:
                if card["id"] == card_id:
                    return player["seat"], card
    return -1, None


def target_values(
    view: JSON, legal: list[Move], *, leader_power: float = LEADER_POWER
) -> list[tuple[float, Move]]:
    """Return (worth, move) for every target among `legal`, as the strong robot rates them.

    `view` is the deciding seat's view; the worth is the strong robot's own
    (higher is better), an opponent's loss weighed with `leader_power`
    (LEADER_POWER). The hard robot (knatsch/hard.py) searches the best
    rated of these.
    """
    return _target_values(_Board(view, leader_power), legal)


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


def choose_target(
    view: JSON, legal: list[Move], *, leader_power: float = LEADER_POWER
) -> Move:
    """Return the target worth most, or a put-under worth more than that.

    Passing, where allowed (an extra attempt, the King as the only target),
    is worth 0. Without a target worth rolling for and no pass: the King
    (the only target left), else the first legal move. `leader_power`: as
    `target_values`'.
    """
    board = _Board(view, leader_power)
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


def choose_revenge(view: JSON, legal: list[Move]) -> Move:
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
