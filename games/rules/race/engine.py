"""Race: four Knonsters race; players back two secret favourites.

Hidden information: hands, the order of the draw pile, and each seat's
favourites (and winner bet) until a superpower reveals one or the match
ends. Chance: the shuffle of each deal and the starting seat, drawn from
`State.rng`. Sources: /work/shared/seeds/race.en.txt ("Race rules") and
rules/race.md (our rulings, which win where they differ).

The view (`RaceRules.view(state, seat)`, seat None = spectator) is JSON:

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
  net fields this seat moved it}, `autoplay` (bool), `score` (int once over,
  else None).
- `decided`: no order of the remaining Knonsters can change the players'
  ranking; `outcome`: None, or {`ranks`, `scores`, `reason`} once over.

Messages are {"text": msgid, "params": {...}} for the platform to translate.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations

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
    gettext_noop,
)
from games.rules.rng import Rng

from . import cards as c
from . import flow
from . import texts as t
from .state import (
    AUTOPLAY,
    FAVOURITES,
    PHASE_FAVOURITES,
    PHASE_OVER,
    PHASE_PLAY,
    PLAY,
    POWER,
    Move,
    State,
)

# Favourites rounds x seats + every card of the deck + one autoplay per seat.
MAX_MOVES = (flow.MAX_REDEALS + 1) * 4 + len(c.DECK) + 4


class RaceRules(Rules[State, Move]):
    """Race, with the Win Bet and Superpowers variants as options."""

    info = GameInfo(
        slug="race",
        name="Race",
        min_seats=2,
        max_seats=4,
        hidden_information=True,
        chance=True,
        max_moves=MAX_MOVES,
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

    def new_state(self, *, seats: int, options: JSON, seed: int) -> State:
        """Return a freshly dealt match in the favourites phase.

        Raises InvalidOptions for a seat count outside 2-4. Race rules, Game setup.
        """
        if seats not in c.HAND_SIZES:
            raise InvalidOptions(gettext_noop("Race takes 2 to 4 seats."))
        state = State(
            seats=seats,
            win_bet=bool(options.get("win_bet", False)),
            superpowers=bool(options.get("superpowers", False)),
            rng=Rng(seed=seed),
            phase=PHASE_FAVOURITES,
            redeals=0,
            hands=(),
            draw_pile=(),
            discard=(),
            last_play=None,
            favourites=((),) * seats,
            winners=(None,) * seats,
            positions=(0,) * len(c.KNONSTERS),
            podium=(),
            current=None,
            steps=((0,) * len(c.KNONSTERS),) * seats,
            powers_used=(),
            autoplay=(False,) * seats,
            end_reason=None,
            turns=0,
        )
        return flow.deal(state)

    def to_move(self, state: State) -> frozenset[int]:
        """Return the seats still choosing favourites, or the seat whose turn it is."""
        if state.phase == PHASE_FAVOURITES:
            return frozenset(s for s in range(state.seats) if not state.favourites[s])
        if state.phase == PHASE_PLAY and state.current is not None:
            return frozenset({state.current})
        return frozenset()

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Return `seat`'s moves: favourite choices, or cards, powers, autoplay.

        Each distinct hand card is one play move (cards without effect too:
        Race rules, Gameplay); superpower moves follow, then "finish
        automatically" once the race is decided.
        """
        if seat not in self.to_move(state):
            return []
        if state.phase == PHASE_FAVOURITES:
            moves = []
            for pair in combinations(c.KNONSTERS, 2):
                if state.win_bet:
                    moves += [Move(FAVOURITES, knonsters=pair, winner=w) for w in pair]
                else:
                    moves.append(Move(FAVOURITES, knonsters=pair))
            return moves
        hand = list(dict.fromkeys(state.hands[seat]))
        moves = [Move(PLAY, card=card) for card in hand]
        moves += [
            Move(POWER, card=card, knonster=power)
            for power in flow.available_powers(state, seat)
            for card in hand
            if c.resolve(card, power, flow.board(state)) is not None
        ]
        if flow.is_decided(state) and not state.autoplay[seat]:
            moves.append(Move(AUTOPLAY))
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
        if move.kind == FAVOURITES:
            raise IllegalMove(gettext_noop("The favourites have already been chosen."))
        if move.kind == AUTOPLAY:
            if not flow.is_decided(state):
                raise IllegalMove(gettext_noop("The race is not decided yet."))
            if state.autoplay[seat]:
                raise IllegalMove(gettext_noop("Automatic play is already on."))
            flags = tuple(f or s == seat for s, f in enumerate(state.autoplay))
            return replace(state, autoplay=flags), [
                Event("autoplay_on", {"seat": seat})
            ]
        return flow.play_card(state, seat, move)

    def view(self, state: State, seat: int | None) -> JSON:
        """Return what `seat` may know (shape in the module docstring)."""
        over = state.phase == PHASE_OVER
        board = flow.board(state)
        ranks = c.ranks(*board)
        spent = {use.knonster: use.seat for use in state.powers_used}
        outcome = self.outcome(state)
        knonsters = [
            {
                "id": k,
                "name": c.NAMES[k],
                "colour": c.COLOURS[k],
                "position": state.positions[i],
                "rank": ranks[i],
                "finished": k in state.podium,
                "place": state.podium.index(k) + 1 if k in state.podium else None,
                "power": {
                    "text": Message(c.POWER_TEXTS[k]).to_json(),
                    "spent": k in spent,
                    "spent_by": spent.get(k),
                },
            }
            for i, k in enumerate(c.KNONSTERS)
        ]
        last = state.last_play
        hand = None
        own = None
        if seat is not None:
            counts = Counter(state.hands[seat])
            hand = [
                {
                    "card": card,
                    "count": counts[card],
                    "effect": c.card_target(card, *board) is not None,
                    "label": t.card_message(t.LABEL, card).to_json(),
                    "text": t.card_message(t.TEXT, card).to_json(),
                }
                for card in counts
            ]
            if state.favourites[seat]:
                own = {
                    "knonsters": list(state.favourites[seat]),
                    "winner": state.winners[seat],
                }
        players = []
        for s in range(state.seats):
            revealed = flow.revealed(state, s)
            known = state.favourites[s] if over or s == seat else revealed
            players.append(
                {
                    "seat": s,
                    "hand_count": len(state.hands[s]),
                    "chosen": bool(state.favourites[s]),
                    "favourites": list(known),
                    "winner": state.winners[s] if over or s == seat else None,
                    "revealed": list(revealed),
                    "hidden_stars": flow.hidden_stars(state, s),
                    "steps": dict(zip(c.KNONSTERS, state.steps[s], strict=True)),
                    "autoplay": state.autoplay[s],
                    "score": None
                    if outcome is None or outcome.scores is None
                    else outcome.scores[s],
                }
            )
        return {
            "phase": state.phase,
            "seat": seat,
            "seats": state.seats,
            "options": {"win_bet": state.win_bet, "superpowers": state.superpowers},
            "to_move": sorted(self.to_move(state)),
            "current": state.current,
            "redeals": state.redeals,
            "knonsters": knonsters,
            "podium": list(state.podium),
            "last_play": None
            if last is None
            else {
                "seat": last.seat,
                "card": last.card,
                "label": t.card_message(t.LABEL, last.card).to_json(),
                "effect": last.effect,
                "power": last.power,
            },
            "discard_count": len(state.discard),
            "draw_pile": len(state.draw_pile),
            "hand": hand,
            "favourites": own,
            "players": players,
            "decided": flow.is_decided(state),
            "outcome": None if outcome is None else outcome.to_json(),
        }

    def outcome(self, state: State) -> Outcome | None:
        """Return ranks and scores once the race is over, else None.

        Ties share a rank; with Superpowers, more hidden star cards break a
        tie. Race rules, Final Scoring; "Superpowers" variant.
        """
        return flow.outcome_of(state)

    def describe(self, move: Move) -> Message:
        """Return the button label of `move`."""
        if move.kind == FAVOURITES and len(move.knonsters) == 2:
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
        if move.kind == PLAY and move.card is not None:
            return t.card_message(t.PLAY, move.card)
        if move.kind == POWER and move.card is not None and move.knonster is not None:
            return t.card_message(t.POWER, move.card, power=c.NAMES[move.knonster])
        if move.kind == AUTOPLAY:
            return Message(gettext_noop("Finish automatically"))
        return Message(gettext_noop("Unknown move"))

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
        """Return the State stored as `data`; raise IllegalMove if malformed."""
        return State.from_json(data)

    def move_from_json(self, data: JSON) -> Move:
        """Return the Move sent as `data`; raise IllegalMove if malformed."""
        return Move.from_json(data)

    def autoplay(self, state: State, seat: int) -> bool:
        """Return whether `seat` asked the system to finish the race for it."""
        return (
            state.phase == PHASE_PLAY
            and 0 <= seat < state.seats
            and state.autoplay[seat]
        )


RULES = RaceRules()
