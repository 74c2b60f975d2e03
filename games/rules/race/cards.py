"""Race: Knonsters, the deck table and what a card or superpower does.

Pure functions over a board (`positions`, `podium`), shared by the engine
and the robots (which rebuild the board from their view). Nothing here is
hidden or random.

A board is `positions`, one int per Knonster in `KNONSTERS` order (0 = start,
1..60 = track, 61 = crossed the finish line), and `podium`, the Knonster ids
in the order they crossed. Sources: Race rules, Appendix (card effects and
superpowers); Spielpost's rulings on the rules page, Positions and ranks,
Card formulas and Superpowers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import permutations

from games.rules.base import gettext_noop

KNONSTERS: tuple[str, ...] = ("rithle", "aristas", "celya", "elaari")
NAMES: dict[str, str] = {
    "rithle": "Rithle",
    "aristas": "Aristas",
    "celya": "Celya",
    "elaari": "Elaari",
}
# Colours are an edition choice (Spielpost's rulings, Components).
COLOURS: dict[str, str] = {
    "rithle": "blue",
    "aristas": "red",
    "celya": "yellow",
    "elaari": "green",
}
LAST_FIELD = 60
FINISHED = 61
POINTS: tuple[int, ...] = (48, 24, 12)
WIN_BET_POINTS = 15
HAND_SIZES: dict[int, int] = {2: 16, 3: 14, 4: 12}
REFILL_BELOW = 5

# The deck composition (Spielpost's rulings, Components): one row per card type,
# so a corrected count is a one-line change. Knonster cards exist once per
# Knonster with `copies` copies each; rank cards exist `copies` times.
# Columns: kind, steps, rank, copies.
KNONSTER_CARD_TABLE: tuple[tuple[str, int, int | None, int], ...] = (
    ("plus7", 7, None, 3),
    ("plus5", 5, None, 3),
    ("catchup", 20, None, 3),
    ("triple", 0, None, 3),
)
RANK_CARD_TABLE: tuple[tuple[str, int, int | None, int], ...] = (
    ("rank4", 14, 4, 4),
    ("rank3", 12, 3, 4),
    ("rank2", 9, 2, 4),
)


@dataclass(frozen=True, slots=True)
class Card:
    """One card type: `id` like "plus7-rithle" or "rank3".

    `kind` is "plus7", "plus5", "catchup", "triple", "rank4", "rank3" or
    "rank2"; `knonster` is None for rank cards; `steps` is the printed
    number (the cap for catch-up and rank 3).
    """

    id: str
    kind: str
    knonster: str | None
    steps: int
    rank: int | None
    copies: int

    @property
    def is_plus(self) -> bool:
        """Return whether this is a +5 or +7 card (Celya's, Elaari's powers)."""
        return self.kind in ("plus7", "plus5")


def _card_types() -> tuple[Card, ...]:
    cards = [
        Card(f"{kind}-{k}", kind, k, steps, rank, copies)
        for kind, steps, rank, copies in KNONSTER_CARD_TABLE
        for k in KNONSTERS
    ]
    cards += [
        Card(kind, kind, None, steps, rank, copies)
        for kind, steps, rank, copies in RANK_CARD_TABLE
    ]
    return tuple(cards)


CARDS: dict[str, Card] = {card.id: card for card in _card_types()}
# Hands are kept sorted in this canonical order (table order).
CARD_ORDER: dict[str, int] = {card_id: i for i, card_id in enumerate(CARDS)}
DECK: tuple[str, ...] = tuple(
    card.id for card in CARDS.values() for _ in range(card.copies)
)

# Superpower texts (Spielpost's rulings, Superpowers: appendix order =
# Knonster order).
POWER_TEXTS: dict[str, str] = {
    "rithle": gettext_noop(
        "Rithle steps 5 back, then your card (Rithle's catch-up, or the rank "
        "card for Rithle's new rank) moves Rithle, then Rithle steps 5 "
        "forward. Only if Rithle is on field 5 or further."
    ),
    "aristas": gettext_noop(
        "Play a card that moves another Knonster within 5 fields of Aristas; "
        "Aristas then moves as many steps as that Knonster did."
    ),
    "celya": gettext_noop(
        "Play a +5 or +7 card: its Knonster moves twice as many steps."
    ),
    "elaari": gettext_noop(
        "Play a +5 or +7 card of another Knonster: that Knonster moves that "
        "many steps back instead (never behind the start)."
    ),
}


def sort_hand(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Return `cards` in canonical deck order."""
    return tuple(sorted(cards, key=CARD_ORDER.__getitem__))


# Board arithmetic


@lru_cache(maxsize=1024)
def ranks(positions: tuple[int, ...], podium: tuple[str, ...]) -> tuple[int, ...]:
    """Return each Knonster's rank: 1 + the number strictly in front.

    A finished Knonster is in front of every one on the track, and an
    earlier finisher is in front of a later one, so finished Knonsters rank
    by podium place. Equal track positions share a rank (Spielpost's
    rulings, Positions and ranks). Kept per board: a view, the legal moves
    and every card's target ask it of the same board again and again.
    """
    out = []
    for i, k in enumerate(KNONSTERS):
        if k in podium:
            out.append(podium.index(k) + 1)
        else:
            ahead = sum(
                1
                for j, other in enumerate(KNONSTERS)
                if other not in podium and positions[j] > positions[i]
            )
            out.append(1 + len(podium) + ahead)
    return tuple(out)


def with_rank(
    positions: tuple[int, ...], podium: tuple[str, ...], rank: int
) -> int | None:
    """Return the index of the only Knonster with `rank`, or None if not unique.

    Race rules, Rank: "If the rank is not unique ... no Knonster can be moved."
    """
    found = [i for i, r in enumerate(ranks(positions, podium)) if r == rank]
    return found[0] if len(found) == 1 else None


def card_target(
    card_id: str, positions: tuple[int, ...], podium: tuple[str, ...]
) -> tuple[int, int] | None:
    """Return (Knonster index, steps forward) for playing `card_id`, or None.

    None means the card has no effect. Steps are before the finish line cuts
    them off. Race rules, Appendix; Spielpost's rulings, Card formulas.
    """
    card = CARDS[card_id]
    leader = max(positions)
    if card.knonster is not None:
        index = KNONSTERS.index(card.knonster)
        if positions[index] >= FINISHED:
            return None
        if card.is_plus:
            return index, card.steps
        if card.kind == "catchup":
            steps = min(card.steps, leader - 2 - positions[index])
            return (index, steps) if steps > 0 else None
        # Triple lead: alone on rank 1 means nobody has finished and no
        # other Knonster stands on the same field.
        if podium or ranks(positions, podium).count(1) != 1:
            return None
        if ranks(positions, podium)[index] != 1:
            return None
        others = max(p for j, p in enumerate(positions) if j != index)
        return index, 2 * (positions[index] - others)
    assert card.rank is not None
    found = with_rank(positions, podium, card.rank)
    if found is None or positions[found] >= FINISHED:
        return None
    if card.kind == "rank3":
        steps = min(card.steps, leader + 1 - positions[found])
        return (found, steps) if steps > 0 else None
    return found, card.steps


@dataclass(frozen=True, slots=True)
class Movement:
    """One Knonster moving: `start` and `end` fields, `place` if it finished."""

    knonster: str
    start: int
    end: int
    place: int | None = None

    @property
    def steps(self) -> int:
        """Return the steps actually moved (negative = backwards)."""
        return self.end - self.start


Board = tuple[tuple[int, ...], tuple[str, ...]]


def move_knonster(board: Board, index: int, steps: int) -> tuple[Board, Movement]:
    """Move Knonster `index` by `steps` (negative = back) and return the result.

    Forward moves past field 60 cross the line: the Knonster takes the next
    podium place and excess steps are lost; backward moves stop at the
    start. Precondition: the Knonster has not finished.
    """
    positions, podium = board
    start = positions[index]
    end = max(0, start + steps)
    place = None
    if end > LAST_FIELD:
        end = FINISHED
        podium = (*podium, KNONSTERS[index])
        place = len(podium)
    positions = tuple(end if i == index else p for i, p in enumerate(positions))
    return (positions, podium), Movement(KNONSTERS[index], start, end, place)


def _race_over(board: Board) -> bool:
    return len(board[1]) >= len(POINTS)


def resolve(
    card_id: str, power: str | None, board: Board
) -> tuple[Board, list[Movement]] | None:
    """Play `card_id` (with superpower `power`, or None) on `board`.

    Return the new board and the movements in order, or None: for a plain
    card, that it has no effect; for a superpower, that the power cannot be
    used with this card. Resolution stops as soon as a third Knonster
    crosses (Race rules, End of Game). Sources: Race rules, Appendix;
    Spielpost's rulings, Superpowers.
    """
    positions, podium = board
    card = CARDS[card_id]
    if power is None:
        target = card_target(card_id, positions, podium)
        if target is None:
            return None
        board, movement = move_knonster(board, *target)
        return board, [movement]
    if power == "rithle":
        return _rithle(card, board)
    if power == "aristas":
        return _aristas(card, board)
    if not card.is_plus or card.knonster is None:
        return None
    index = KNONSTERS.index(card.knonster)
    if positions[index] >= FINISHED:
        return None
    if power == "celya":
        board, movement = move_knonster(board, index, 2 * card.steps)
        return board, [movement]
    # Elaari: another Knonster, off the start.
    if card.knonster == "elaari" or positions[index] < 1:
        return None
    board, movement = move_knonster(board, index, -card.steps)
    return board, [movement]


def _rithle(card: Card, board: Board) -> tuple[Board, list[Movement]] | None:
    index = KNONSTERS.index("rithle")
    if board[0][index] >= FINISHED or board[0][index] < 5:
        return None
    if card.id != "catchup-rithle" and card.rank is None:
        return None
    back_board, back = move_knonster(board, index, -5)
    target = card_target(card.id, *back_board)
    if target is None or target[0] != index:
        return None
    board, moved = move_knonster(back_board, *target)
    movements = [back, moved]
    if moved.place is None:
        board, forward = move_knonster(board, index, 5)
        movements.append(forward)
    return board, movements


def _aristas(card: Card, board: Board) -> tuple[Board, list[Movement]] | None:
    index = KNONSTERS.index("aristas")
    positions, podium = board
    if positions[index] >= FINISHED:
        return None
    target = card_target(card.id, positions, podium)
    if target is None or target[0] == index:
        return None
    if abs(positions[target[0]] - positions[index]) > 5:
        return None
    board, moved = move_knonster(board, *target)
    movements = [moved]
    if not _race_over(board):
        board, follow = move_knonster(board, index, moved.steps)
        movements.append(follow)
    return board, movements


# Scoring


def scores(
    favourites: tuple[tuple[str, ...], ...],
    winners: tuple[str | None, ...],
    podium: tuple[str, ...],
) -> tuple[int, ...]:
    """Return each seat's points for `podium`.

    48/24/12 for places 1-3, split evenly among the seats that picked that
    Knonster (shares are whole numbers for 1-4 pickers); +15 for a correct
    winner bet. Race rules, Final Scoring; "Win Bet" variant.
    """
    points = [0] * len(favourites)
    for place, knonster in enumerate(podium[: len(POINTS)]):
        pickers = [s for s, fav in enumerate(favourites) if knonster in fav]
        for seat in pickers:
            points[seat] += POINTS[place] // len(pickers)
    if podium:
        for seat, winner in enumerate(winners):
            if winner is not None and winner == podium[0]:
                points[seat] += WIN_BET_POINTS
    return tuple(points)


def seat_ranks(keys: list[tuple[int, ...]]) -> tuple[int, ...]:
    """Return 1 + the number of seats with a strictly better key, per seat."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


# Cached: the decided check asks twice per card, and there are only 41
# podiums to ask about (none, 4 of one Knonster, 12 of two, 24 of three).
@cache
def possible_podiums(podium: tuple[str, ...]) -> frozenset[tuple[str, ...]]:
    """Return every podium the race can still end with.

    Any order of the remaining Knonsters, cut at any length from now to three
    (the draw pile may run out first). Spielpost's rulings, A decided race:
    the draw-pile end is always considered possible.
    """
    remaining = [k for k in KNONSTERS if k not in podium]
    out: set[tuple[str, ...]] = set()
    for order in permutations(remaining):
        for length in range(len(podium), len(POINTS) + 1):
            out.add((*podium, *order[: length - len(podium)]))
    return frozenset(out)
