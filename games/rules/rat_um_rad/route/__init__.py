"""Rat um Rad: the route robot, a pure strategy over its seat's view and moves.

It reads only its seat's view, its legal moves and the public map
(`maps.MAPS[view["map"]]`); it never uses the Rng, so the same view and
moves always give the same move.

- Keep (setup and after a draw): the subset of offered destination cards
  worth most: points of the cards the plan joins, minus points of those it
  cannot, minus half the planning cost (plan.py) of their roads.
- Plan: join the unfinished destination cards greedily along cheapest
  paths (own roads free, other seats' roads and closed lanes blocked),
  within the wheels left.
- Build a planned road as soon as the hand pays, with the payment that
  leaves the rest of the plan fewest cards short (so jokers are kept);
  also a long road off the plan when spare cards and wheels pay it.
- Block (block.py) when nothing planned can be built: a road of 1-2
  wheels at an end of an opponent's latest road that is its only link
  left to 2 or more places, paid without jokers and without setting the
  plan back, with 6 wheels to spare beyond the plan and the road. Looser
  blocks (a long detour, 1 place cut off, any end of the network) lost
  robot-against-robot games; this rare one is neutral.
- Take the face-up colour that brings a planned road closest to paid, a
  face-up joker when it completes a road's payment and no needed colour
  shows, else the deck.
- With nothing planned: draw destination cards when enough wheels are
  left and a third of the short cards join with 2 wheels or fewer (a drawn
  card not reached costs its points); else gather for and
  build the road with the best points for its missing cards (long roads:
  the points table rewards them).
- When the final round runs or an opponent is nearly out of wheels: build
  whatever scores most now (track points and completed cards).

The package: plan.py (the board, paths, plans, card deficit), block.py
(bottleneck roads of other seats), choices.py (the moves). The constants
were tuned in robot-against-robot games (bench/robots.py and variants of
one constant against the rest).
"""

from __future__ import annotations

from games.rules.base import JSON
from games.rules.rat_um_rad.maps import MAPS
from games.rules.rat_um_rad.state import Build, Keep, Move, TakeDeck
from games.rules.rng import Rng

from .choices import choose_action, choose_keep, choose_pick, wanted
from .plan import board_from_view

__all__ = ["choose_route"]


def choose_route(view: JSON, legal: list[Move], rng: Rng) -> Move:
    """Return the route robot's move among `legal`; raise ValueError if empty.

    `view` is the seat's view (engine.py's docstring); `rng` is unused.
    """
    if not legal:
        raise ValueError("no legal move")
    if len(legal) == 1:
        return legal[0]
    game_map = MAPS.get(view.get("map", ""))
    if game_map is None or view.get("seat") is None or view.get("hand") is None:
        return _fallback(legal)
    board = board_from_view(view, game_map)
    keeps = [move for move in legal if isinstance(move, Keep)]
    if keeps:
        return choose_keep(board, view, keeps)
    if view["picks"]:
        pick = choose_pick(board, wanted(board, view), legal, first=False)
        return legal[0] if pick is None else pick
    return choose_action(board, view, legal)


def _fallback(legal: list[Move]) -> Move:
    """Return a plain move for a map the robot does not know: build, else the deck."""
    for move in legal:
        if isinstance(move, (Build, TakeDeck)):
            return move
    return legal[0]
