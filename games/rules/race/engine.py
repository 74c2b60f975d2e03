"""Race: four Knonsters race; players back two secret favourites.

Hidden information: hands, the order of the draw pile, and each seat's
favourites (and winner bet) until a superpower reveals one or the match
ends. Chance: the shuffle of each deal and the starting seat, drawn from
`State.rng`. Sources: "Race rules", the published rules (reproduced on the
rules page, templates/games/race/rules_en.html), and Spielpost's rulings on
the rules page ("Spielpost edition"), which win where they differ.

The view (`RaceRules.view(state, seat)`, seat None = spectator; built in
seat_view.py, declared as `RaceView` in view_types.py) is JSON:

- `phase`: "favourites" | "play" | "over"; `seat`: the viewer or None;
  `seats`: number of seats; `options`: {"win_bet": bool, "superpowers": bool}.
- `to_move`: sorted seats that may move; `current`: the seat whose turn it
  is in the play phase, else None; `redeals`: deals repeated so far.
- `knonsters`: one dict per Knonster in race order: `id`, `name`, `colour`,
  `position` (0..60, 61 = finished), `rank` (1 + Knonsters strictly in
  front, shared on equal fields), `finished` (bool), `place` (podium place or
  None), `power` (`text` Message JSON, `spent` bool, `spent_by` seat|None).
- `podium`: Knonster ids in finishing order.
- `last_play`: None or {`seat`, `card`, `label` Message, `effect` bool,
  `power` Knonster id|None} (the top of the discard pile); `discard_count`;
  `draw_pile`: cards left to draw.
- `hand`: None for spectators, else one dict per distinct card in deck
  order: `card` id, `count`, `effect` (playing it now moves a Knonster;
  false = warn before playing), `label` and `text` (Message JSON).
- `favourites`: the viewer's own {`knonsters`: [a, b], `winner`: id|None},
  or None before choosing and for spectators.
- `players`: one dict per seat: `seat`, `hand_count`, `chosen` (favourites
  picked), `favourites` (the Knonsters known to the viewer: own, revealed by
  superpowers, or all once over), `winner` (own bet, or everyone's once
  over, else None), `revealed` (Knonsters revealed by superpowers),
  `hidden_stars` (chosen star cards still hidden), `steps` {Knonster id:
  net fields this seat moved it}, `score` (int once over, else None).
- `decided`: no order of the remaining Knonsters can change the players'
  ranking (then `autoplay_offered` holds for every seat, and
  `autoplay_offer_order` asks the winners first); `outcome`: None, or
  {`ranks`, `scores`, `reason`} once over.

Who plays a seat (a person, a robot, or the system finishing a decided
race for a person) is the platform's business, not part of the state.

Messages are {"text": msgid, "params": {...}} for the platform to translate.
"""

from __future__ import annotations

from itertools import combinations
from typing import cast

from games.rules.base import (
    JSON,
    PLAYER,
    Event,
    GameInfo,
    IllegalMove,
    InvalidOptions,
    Message,
    OptionInfo,
    Outcome,
    Rules,
    Scrambler,
    gettext_noop,
)
from games.rules.rng import Rng
from games.rules.structs import MALFORMED_MOVE, parse

from . import cards as c
from . import flow, sample, seat_view, secrets
from . import texts as t
from .state import (
    MAX_REDEALS,
    PHASE_FAVOURITES,
    PHASE_OVER,
    PHASE_PLAY,
    ChooseFavourites,
    Move,
    PlayCard,
    State,
    UsePower,
)
from .view_types import RaceView

# Favourites rounds x seats + every card of the deck.
MAX_MOVES = (MAX_REDEALS + 1) * 4 + len(c.DECK)


class RaceRules(Rules[State, Move]):
    """Race, with the Win Bet and Superpowers variants as options."""

    # Version "2" dealt from an int seed (issue 23 keyed the draws).
    same_shape_versions = frozenset({"2"})

    # The declared types of `view` (view_types.py) and of a move.
    view_type = RaceView
    move_type = Move

    # The decided race is announced on purpose (Spielpost's rulings, A
    # decided race), though it follows from every seat's favourites.
    announced_view_keys = frozenset({"decided"})
    info = GameInfo(
        slug="race",
        name="Race",
        min_seats=2,
        max_seats=4,
        hidden_information=True,
        chance=True,
        max_moves=MAX_MOVES,
        # "2": no autoplay flags in the state (a seat setting since).
        # 3: keyed randomness (issue 23); "2" states carry over unchanged.
        version="3",
        options=(
            OptionInfo(
                "win_bet",
                gettext_noop("Win Bet"),
                help=gettext_noop(
                    "Each player also bets which of their favourites wins the "
                    "race: 15 points if right."
                ),
            ),
            OptionInfo(
                "superpowers",
                gettext_noop("Superpowers"),
                help=gettext_noop(
                    "Each Knonster has a superpower that one player who backs "
                    "it may use once, revealing that favourite."
                ),
            ),
        ),
        tagline=gettext_noop(
            "Four Knonsters race. Back two of them in secret and help them win."
        ),
    )

    def new_state(self, *, seats: int, options: JSON, seed: int | str) -> State:
        """Return a freshly dealt match in the favourites phase.

        Raises InvalidOptions for a seat count outside 2-4. Race rules, Game setup.
        """
        if seats not in c.HAND_SIZES:
            raise InvalidOptions(gettext_noop("Race takes 2 to 4 seats."))
        hands, draw_pile, rng = flow.deal(Rng.seeded(seed), seats)
        return State(
            seats=seats,
            win_bet=bool(options.get("win_bet", False)),
            superpowers=bool(options.get("superpowers", False)),
            rng=rng,
            phase=PHASE_FAVOURITES,
            redeals=0,
            hands=hands,
            draw_pile=draw_pile,
            discard=(),
            last_play=None,
            favourites=((),) * seats,
            winners=(None,) * seats,
            positions=(0,) * len(c.KNONSTERS),
            podium=(),
            current=None,
            steps=((0,) * len(c.KNONSTERS),) * seats,
            powers_used=(),
            end_reason=None,
            turns=0,
        )

    def to_move(self, state: State) -> frozenset[int]:
        """Return the seats still choosing favourites, or the seat whose turn it is."""
        if state.phase == PHASE_FAVOURITES:
            return frozenset(s for s in range(state.seats) if not state.favourites[s])
        if state.phase == PHASE_PLAY and state.current is not None:
            return frozenset({state.current})
        return frozenset()

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Return `seat`'s moves: favourite choices, or cards and superpowers.

        Each distinct hand card is one play move (cards without effect too:
        Race rules, Gameplay); superpower moves follow ("Superpowers").
        """
        if seat not in self.to_move(state):
            return []
        moves: list[Move] = []
        if state.phase == PHASE_FAVOURITES:
            for pair in combinations(c.KNONSTERS, 2):
                if state.win_bet:
                    moves += [ChooseFavourites(pair, winner=w) for w in pair]
                else:
                    moves.append(ChooseFavourites(pair))
            return moves
        hand = list(dict.fromkeys(state.hands[seat]))
        moves += [PlayCard(card) for card in hand]
        moves += [
            UsePower(power, card)
            for power in flow.available_powers(state, seat)
            for card in hand
            if c.resolve(card, power, flow.board(state)) is not None
        ]
        return moves

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """Return the state after `seat` plays `move`, and its events.

        Raises IllegalMove (with a player-readable msgid) for any move that is
        not legal now, whatever the caller checked before.
        """
        if state.phase == PHASE_OVER:
            raise IllegalMove(gettext_noop("The race is over."))
        if seat not in self.to_move(state):
            if state.phase == PHASE_FAVOURITES and seat in range(state.seats):
                raise IllegalMove(
                    gettext_noop("You have already chosen your favourites.")
                )
            raise IllegalMove(gettext_noop("It is not your turn."))
        if state.phase == PHASE_FAVOURITES:
            return flow.choose_favourites(state, seat, move)
        if isinstance(move, ChooseFavourites):
            raise IllegalMove(gettext_noop("The favourites have already been chosen."))
        return flow.play_card(state, seat, move)

    def secrets_scramble(self, state: State, seat: int | None, rng: Scrambler) -> State:
        """Return `state` with what `seat` may not know redrawn (secrets.py)."""
        return secrets.secrets_scramble(state, seat, rng)

    def sample_state(self, view: JSON, seat: int, rng: Rng) -> State:
        """Return a state consistent with `seat`'s `view`, hidden parts drawn.

        A determinization for the searching robot (sample.py: other hands,
        draw and discard piles, hidden favourites and the `Rng`). Raises
        ValueError if `view` is not `seat`'s view of a Race state.
        """
        return sample.sample_state(view, seat, rng)

    def view(self, state: State, seat: int | None) -> JSON:
        """Return what `seat` may know (shape in the module docstring).

        Built by `seat_view.view`.
        """
        return seat_view.view(
            state, seat, to_move=self.to_move(state), outcome=self.outcome(state)
        )

    def static_view(self, options: JSON, seats: int) -> JSON:
        """Return the deck as every viewer may know it; no move changes it.

        Built by `seat_view.static_view` (shape in its docstring). Race
        rules, Components; Spielpost's rulings, Deck.
        """
        return seat_view.static_view()

    def outcome(self, state: State) -> Outcome | None:
        """Return ranks and scores once the race is over, else None.

        Ties share a rank; with Superpowers, more hidden star cards break a
        tie. Race rules, Final Scoring; "Superpowers" variant.
        """
        return flow.outcome_of(state)

    def describe(self, move: Move) -> Message:
        """Return the button label of `move`."""
        if isinstance(move, PlayCard):
            return t.card_message(t.PLAY, move.card)
        if isinstance(move, UsePower):
            return t.card_message(t.POWER, move.card, power=c.NAMES[move.knonster])
        if len(move.knonsters) != 2:
            return Message(gettext_noop("Unknown move"))
        first, second = (c.NAMES[k] for k in move.knonsters)
        if move.winner is not None:
            return Message(
                gettext_noop("Choose %(first)s and %(second)s, %(winner)s to win"),
                {"first": first, "second": second, "winner": c.NAMES[move.winner]},
            )
        return Message(
            gettext_noop("Choose %(first)s and %(second)s"),
            {"first": first, "second": second},
        )

    def describe_event(self, event: Event) -> Message:
        """Return the log line for `event` (kinds listed in `EVENT_TEXTS`)."""
        data = event.data
        params: JSON = {}
        if "seat" in data:
            params[PLAYER] = data["seat"]
        if "knonster" in data:
            params["knonster"] = c.NAMES[data["knonster"]]
        kind = event.kind
        if kind in ("card_played", "power_used", "card_received"):
            if kind == "card_played":
                variant = t.PLAYED if data["effect"] else t.NO_EFFECT
                return t.card_message(variant, data["card"], **params)
            if kind == "card_received":
                return t.card_message(t.DREW, data["card"])
            return t.card_message(
                t.POWER_USED, data["card"], power=c.NAMES[data["power"]], **params
            )
        if kind == "knonster_moved":
            params.update(steps=abs(data["end"] - data["start"]), field=data["end"])
            if data["end"] >= c.FINISHED:
                kind = "knonster_crossed"
            elif data["end"] < data["start"]:
                kind = "knonster_back"
        if kind in ("favourites_noted", "final_score") and data.get("knonsters"):
            first, second = data["knonsters"]
            params.update(first=c.NAMES[first], second=c.NAMES[second])
            if data.get("winner"):
                params["winner"] = c.NAMES[data["winner"]]
                kind += "_bet"
        for key in ("place", "points", "rank", "redeals"):
            if key in data:
                params[key] = data[key]
        if kind in ("redeal", "race_over"):
            kind = f"{kind}_{data['reason']}"
        return Message(
            t.EVENT_TEXTS.get(kind, gettext_noop("Something happened.")), params
        )

    def state_from_json(self, data: JSON) -> State:
        """Return the State stored as `data`; raise IllegalMove if malformed.

        Malformed: not the declared JSON shape (`state.State`), or breaking
        one of its consistency rules.
        """
        return State.from_json(data)

    def move_from_json(self, data: JSON) -> Move:
        """Return the Move sent as `data`; raise IllegalMove if malformed.

        Shapes: see `state.ChooseFavourites`, `PlayCard` and `UsePower`.
        """
        return cast(Move, parse(Move, data, MALFORMED_MOVE))

    def autoplay_offered(self, state: State, seat: int) -> bool:
        """Return whether `seat` may let the system finish the race for it.

        True once the race is decided, while it is still being played, at
        any time (not only on the seat's own turn). Race rules, Choice of
        Favorites ("the system will ... ask"); Spielpost's rulings, A
        decided race.
        """
        return (
            state.phase == PHASE_PLAY
            and 0 <= seat < state.seats
            and flow.is_decided(state)
        )

    def autoplay_offer_order(
        self, state: State, seats: int
    ) -> tuple[frozenset[int], ...]:
        """Return the seats offered to finish automatically: winners first.

        Two groups once the race is decided: the winner(s) by the decided
        ranking (several on a tie), then everybody else; () before that and
        once the race is over. Only seats `autoplay_offered` names count;
        the seats are the state's (`seats` is the same number). Race rules,
        Choice of Favorites ("the system will first ask the winner, then
        all other players"); Spielpost's rulings, A decided race.
        """
        offered = frozenset(
            s for s in range(state.seats) if self.autoplay_offered(state, s)
        )
        winners = self.decided_winners(state) & offered
        return tuple(group for group in (winners, offered - winners) if group)

    def decided_winners(self, state: State) -> frozenset[int]:
        """Return the seats ranked first in a decided race (several on a tie).

        Empty while the race is open and once it is over. Race rules,
        Choice of Favorites; Spielpost's rulings, A decided race.
        """
        ranks = flow.decided_ranks(state)
        if ranks is None:
            return frozenset()
        return frozenset(s for s, rank in enumerate(ranks) if rank == 1)

    def upgrade_state(self, data: JSON, version: str) -> JSON:
        """Return a state stored under rules `version` in today's shape.

        Version "1" kept "finish automatically" flags as `autoplay` (one bool
        per seat); the platform moves them onto its seats, so they are
        dropped here. Version "2" had today's shape (`same_shape_versions`).
        Other versions are refused (IllegalMove).
        """
        if version == "1":
            return {key: value for key, value in data.items() if key != "autoplay"}
        return super().upgrade_state(data, version)


RULES = RaceRules()
