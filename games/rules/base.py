"""The contract every game's rules implement (STYLE.md B4).

Pure Python: no Django, no I/O, no clock, no global randomness. The platform
talks to a game only through a `Rules` instance from `registry.RULES_BY_SLUG`.
Text that reaches players (move labels, event lines, `IllegalMove` messages)
travels as a `Message`: an English msgid marked with `gettext_noop` plus its
parameters, so the platform can translate it with Django's gettext.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeAlias, TypeVar

if TYPE_CHECKING:
    from .rng import Rng

JSON: TypeAlias = dict[str, Any]


def gettext_noop(message: str) -> str:
    """Mark `message` for translation without translating it.

    Django's makemessages extracts calls to `gettext_noop`, so engines can
    mark player-facing text without importing Django.
    """
    return message


# A Message parameter under this key is a seat number (0-based): the platform
# shows that seat's player name, plain `str()` shows "Player <n>" (1-based).
# Msgids place it with `%(player)s`.
PLAYER = "player"


@dataclass(frozen=True, slots=True)
class Message:
    """Player-facing text: an English msgid and its %-format parameters.

    `str(message)` renders it in English; the platform translates `text`
    first and then applies `params`. A `PLAYER` parameter is a seat number
    that the renderer replaces by a name.
    """

    text: str
    params: JSON = field(default_factory=dict)

    def __str__(self) -> str:
        return self.render(lambda seat: f"Player {seat + 1}")

    def render(
        self,
        player_name: Callable[[int], str],
        text: str | None = None,
        translate: Callable[[str], str] | None = None,
    ) -> str:
        """Return `text` (default: the msgid) filled in, naming seats with `player_name`.

        A parameter may itself be a Message (or its JSON), or a list of them
        (joined with ", "): each is translated with `translate` and rendered
        the same way, so a colour name or a roll of dice gets translated too.
        """
        text = self.text if text is None else text
        if not self.params:
            return text
        params = {
            key: _nested(value, player_name, translate)
            for key, value in self.params.items()
        }
        if isinstance(params.get(PLAYER), int):
            params[PLAYER] = player_name(params[PLAYER])
        return text % params

    def to_json(self) -> JSON:
        """Return `{"text": str, "params": {...}}`."""
        return {"text": self.text, "params": dict(self.params)}


def _nested(
    value: Any,
    player_name: Callable[[int], str],
    translate: Callable[[str], str] | None,
) -> Any:
    """Render a Message parameter that is a Message, Message JSON or a list of them."""
    if isinstance(value, list):
        return ", ".join(str(_nested(item, player_name, translate)) for item in value)
    if isinstance(value, dict) and "text" in value:
        value = Message(value["text"], value.get("params") or {})
    if isinstance(value, Message):
        text = translate(value.text) if translate else value.text
        return value.render(player_name, text, translate)
    return value


class Jsonable(Protocol):
    def to_json(self) -> JSON: ...

    @classmethod
    def from_json(cls, data: JSON) -> Self: ...


S = TypeVar("S", bound=Jsonable)
M = TypeVar("M", bound=Jsonable)


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One setup option a match creator may choose (a variant, a setting).

    `kind` is "bool", "int" (between `min_value` and `max_value`) or
    "choice" (one of `choices`: (value, label msgid) pairs, e.g. a map id);
    `label` and `help` are msgids.
    """

    key: str
    label: str
    kind: str = "bool"
    default: bool | int | str = False
    help: str = ""
    min_value: int | None = None
    max_value: int | None = None
    choices: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in OPTION_KINDS:
            raise ValueError(f"unknown option kind {self.kind!r}")
        if self.kind == "choice" and self.default not in dict(self.choices):
            raise ValueError(f"option {self.key}: the default is not a choice")


OPTION_KINDS = ("bool", "int", "choice")


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the platform needs to know about a game before a match exists.

    `version` names the shape of the game's stored state: it changes when a
    new engine would misread states stored by the old one (see
    `Rules.upgrade_state`). `max_moves` bounds the moves of any match; a
    game whose length has no fixed bound (dice may repeat) sets it to None
    and bounds the turns instead with `max_turns` (a turn starts when a seat
    becomes to move, see `turns_started`), which its rules page documents.
    """

    slug: str
    name: str
    min_seats: int
    max_seats: int
    hidden_information: bool
    chance: bool
    max_moves: int | None
    options: tuple[OptionInfo, ...] = ()
    tagline: str = ""
    version: str = "1"
    max_turns: int | None = None

    def __post_init__(self) -> None:
        if self.max_moves is None and self.max_turns is None:
            raise ValueError(f"{self.slug}: bound the moves or the turns")


def turns_started(before: frozenset[int], after: frozenset[int]) -> frozenset[int]:
    """Return the seats whose turn starts when `to_move` goes from `before` to `after`.

    A turn starts when a seat becomes to move. A seat that stays to move
    continues its turn, whether it moved (a turn of several steps, as in
    Dice Stars) or waited (a simultaneous phase, as Race's favourites).
    At the start of a match `before` is empty.
    """
    return after - before


@dataclass(frozen=True, slots=True)
class Event:
    """A fact a move caused. `visible_to=None` means every seat and spectators."""

    kind: str
    data: JSON
    visible_to: frozenset[int] | None = None

    def to_json(self) -> JSON:
        """Return `{"kind", "data", "visible_to": list[int] | None}`."""
        return {
            "kind": self.kind,
            "data": self.data,
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
        }

    @classmethod
    def from_json(cls, data: JSON) -> Event:
        """Inverse of `to_json`."""
        seats = data.get("visible_to")
        return cls(
            kind=data["kind"],
            data=data["data"],
            visible_to=None if seats is None else frozenset(seats),
        )

    def visible_for(self, seat: int | None) -> bool:
        """Return whether `seat` (None = spectator) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished match ranked the seats.

    `ranks[seat]` is 1 for first place; equal ranks are ties. A solo match
    (one seat against the game) ranks its seat 1 if it won, 2 if the game
    won. `scores[seat]` is the final score where the game has one.
    """

    ranks: tuple[int, ...]
    reason: str
    scores: tuple[int, ...] | None = None

    def to_json(self) -> JSON:
        """Return `{"ranks": [...], "reason": str, "scores": [...] | None}`."""
        return {
            "ranks": list(self.ranks),
            "reason": self.reason,
            "scores": None if self.scores is None else list(self.scores),
        }

    @classmethod
    def from_json(cls, data: JSON) -> Outcome:
        """Inverse of `to_json`."""
        scores = data.get("scores")
        return cls(
            ranks=tuple(data["ranks"]),
            reason=data["reason"],
            scores=None if scores is None else tuple(scores),
        )


class RulesError(Exception):
    """A refusal by the rules, worded for players.

    `message` is an English msgid (marked with `gettext_noop`) and `params`
    its %-format parameters; the platform shows the translation.
    """

    def __init__(self, message: str, **params: Any) -> None:
        self.message = message
        self.params = params
        super().__init__(str(self.as_message()))

    def as_message(self) -> Message:
        """Return the reason as a translatable `Message`."""
        return Message(self.message, self.params)


class IllegalMove(RulesError):
    """The move is not legal in this state."""


class InvalidOptions(RulesError, ValueError):
    """The options or seat count of a new match are not acceptable."""


def _check_int_option(option: OptionInfo, value: Any) -> None:
    """Raise InvalidOptions unless `value` is a whole number in range."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidOptions(
            gettext_noop("Option %(key)s must be a whole number."), key=option.key
        )
    if option.min_value is not None and value < option.min_value:
        raise InvalidOptions(
            gettext_noop("Option %(key)s must be at least %(limit)d."),
            key=option.key,
            limit=option.min_value,
        )
    if option.max_value is not None and value > option.max_value:
        raise InvalidOptions(
            gettext_noop("Option %(key)s must be at most %(limit)d."),
            key=option.key,
            limit=option.max_value,
        )


@dataclass(frozen=True, slots=True)
class Robot(Generic[M]):
    """A named robot strategy: `choose(view, legal_moves, rng) -> move`.

    It sees only its seat's `view` and legal moves, so it cannot cheat
    (STYLE.md B4). `label` is a msgid shown in the lobby.
    """

    name: str
    label: str
    choose: Callable[[JSON, list[M], Rng], M]


class Rules(ABC, Generic[S, M]):
    """One game's rules. Methods never mutate their arguments."""

    info: GameInfo

    def validate_options(self, options: JSON, seats: int) -> JSON:
        """Return normalised options, or raise InvalidOptions.

        The default accepts the options declared in `info.options` (unknown
        keys are refused), checks the seat count and fills in defaults.
        """
        known = {option.key: option for option in self.info.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise InvalidOptions(
                gettext_noop("Unknown option: %(keys)s."), keys=", ".join(unknown)
            )
        if not self.info.min_seats <= seats <= self.info.max_seats:
            raise InvalidOptions(
                gettext_noop("%(game)s takes %(low)d to %(high)d seats."),
                game=self.info.name,
                low=self.info.min_seats,
                high=self.info.max_seats,
            )
        normalised: JSON = {}
        for key, option in known.items():
            value = options.get(key, option.default)
            if option.kind == "bool" and not isinstance(value, bool):
                raise InvalidOptions(
                    gettext_noop("Option %(key)s must be true or false."), key=key
                )
            if option.kind == "int":
                _check_int_option(option, value)
            if option.kind == "choice" and (
                not isinstance(value, str) or value not in dict(option.choices)
            ):
                raise InvalidOptions(
                    gettext_noop("Option %(key)s must be one of: %(choices)s."),
                    key=key,
                    choices=", ".join(choice for choice, _label in option.choices),
                )
            normalised[key] = value
        return normalised

    @abstractmethod
    def new_state(self, *, seats: int, options: JSON, seed: int) -> S:
        """Return the initial state for validated `options`."""

    @abstractmethod
    def to_move(self, state: S) -> frozenset[int]:
        """Return the seats that may move now; empty exactly when finished."""

    @abstractmethod
    def legal_moves(self, state: S, seat: int) -> list[M]:
        """Return `seat`'s legal moves in a stable order; [] if not to move."""

    @abstractmethod
    def apply(self, state: S, seat: int, move: M) -> tuple[S, list[Event]]:
        """Return the next state and the events; raise IllegalMove if illegal."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> JSON:
        """Return what `seat` (None = spectator) may know, as JSON."""

    def static_view(self, options: JSON, seats: int) -> JSON | None:
        """Return what every viewer may know and no move changes, as JSON.

        The board shows it once per page, outside the part that every move
        re-renders (a map, the list of cards in the deck). None: the game
        has no such part (the default).
        """
        return None

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Return the outcome once the match is over, else None."""

    @abstractmethod
    def describe(self, move: M) -> Message:
        """Return a label for `move`, unique among the legal moves."""

    @abstractmethod
    def describe_event(self, event: Event) -> Message:
        """Return the log line for `event`."""

    @abstractmethod
    def state_from_json(self, data: JSON) -> S:
        """Inverse of `State.to_json`."""

    @abstractmethod
    def move_from_json(self, data: JSON) -> M:
        """Parse a move; raise IllegalMove for malformed data."""

    def timeout_move(self, state: S, seat: int) -> M | None:
        """Return the move to play for `seat` when its clock runs out.

        None means the seat forfeits.
        """
        return None

    def turns_begun(self, before: S | None, after: S) -> frozenset[int]:
        """Return the seats whose turn begins when the match goes from `before` to `after`.

        `before` is None at the start of a match. The default is
        `turns_started` on the seats to move: a seat that stays to move
        continues its turn. A game where a seat can stay to move and still
        begin a new turn overrides it (Knatsch: a defender whose own turn
        follows the defence). The platform starts clocks, sends "your turn"
        and ends a timeout's play-out here.
        """
        return turns_started(
            frozenset() if before is None else self.to_move(before), self.to_move(after)
        )

    def autoplay_offered(self, state: S, seat: int) -> bool:
        """Return whether the rules offer `seat` to let the system finish for it.

        Who plays a seat is the platform's business (the seat's controller);
        the rules only say when the offer stands, e.g. Race's decided race,
        and in which order the seats are asked (`autoplay_offer_order`).
        Default: never.
        """
        return False

    def autoplay_offer_order(self, state: S, seats: int) -> tuple[frozenset[int], ...]:
        """Return the seats offered to finish automatically, grouped in asking order.

        The offer goes to the seats of the first group; a seat of a later
        group is asked once every seat of the earlier groups has answered
        (the answers are the platform's: a seat setting). A seat is in a
        group exactly when `autoplay_offered(state, seat)`; no group is
        empty, so () means no offer now. `seats` is the number of seats at
        the match. Default: one group, every seat `autoplay_offered` names.
        """
        offered = frozenset(s for s in range(seats) if self.autoplay_offered(state, s))
        return (offered,) if offered else ()

    def decided_winners(self, state: S) -> frozenset[int]:
        """Return the winners of a running match that is already decided.

        The seats ranked first however the match ends from here, once the
        rules call it decided (Race's decided race); empty before that and
        once the match is over (`outcome` says then). The platform tells
        these seats that they win when it offers them to finish
        automatically. Default: never decided before the end.
        """
        return frozenset()

    def upgrade_state(self, data: JSON, version: str) -> JSON:
        """Return state JSON stored under rules `version` in today's shape.

        Called by the platform when a match's stored rules version differs
        from `info.version`. Raise IllegalMove when the state cannot be
        carried over; the default carries over nothing.
        """
        raise IllegalMove(
            gettext_noop(
                "This match was saved under another version of the rules "
                "and cannot be continued."
            )
        )
