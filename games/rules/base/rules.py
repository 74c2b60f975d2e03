"""The `Rules` contract every game implements, and its `Robot` strategies (STYLE.md B4)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, MutableSequence, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from .info import GameInfo, OptionInfo
from .messages import JSON, IllegalMove, InvalidOptions, Message, gettext_noop
from .records import Event, Outcome, turns_started

if TYPE_CHECKING:
    from games.rules.rng import Rng


class Jsonable(Protocol):
    def to_json(self) -> JSON: ...

    @classmethod
    def from_json(cls, data: JSON) -> Self: ...


S = TypeVar("S", bound=Jsonable)
M = TypeVar("M", bound=Jsonable)
T = TypeVar("T")


class Scrambler(Protocol):
    """The randomness `Rules.secrets_scramble` may use: a test's `random.Random`.

    A protocol, so the engines import no `random` (only games/rules/rng.py
    does, seeded per draw); `random.Random` fits it.
    """

    def shuffle(self, x: MutableSequence[Any], /) -> None: ...

    def choice(self, seq: Sequence[T], /) -> T: ...

    def randrange(self, stop: int, /) -> int: ...


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
    (STYLE.md B4). `label` is a msgid shown in the lobby. `searching`: it
    plays many games ahead on samples of what it cannot see (the "hard"
    level, issue 26) and thinks up to a second per decision, so the suites
    that ask every robot at every step ask it only now and then.
    """

    name: str
    label: str
    choose: Callable[[JSON, list[M], Rng], M]
    searching: bool = False


class Rules(ABC, Generic[S, M]):
    """One game's rules. Methods never mutate their arguments."""

    info: GameInfo
    # The declared types of what the game hands out, read by the API's
    # schema (games/api/serializers/schema.py), never by the rules:
    # `move_type` is what `move_from_json` parses (the tagged union of the
    # game's `MoveRecord`s), `view_type` the Struct `view(state, seat)`
    # returns. None: undeclared (the schema says "an object").
    move_type: ClassVar[Any] = None
    view_type: ClassVar[Any] = None
    # Top-level view keys the rules deliberately derive from secrets (a
    # documented ruling, e.g. Race's `decided`): the privacy check of the
    # conformance suite leaves them out (see `secrets_scramble`).
    announced_view_keys: ClassVar[frozenset[str]] = frozenset()
    # Earlier rules versions whose states have today's shape: the default
    # `upgrade_state` carries them over unchanged. Issue 23's keyed
    # randomness bumped every engine's version without changing a state's
    # shape; such a state's `rng` has no key and keeps drawing by the
    # legacy scheme (games/rules/rng.py), so a running match continues as
    # it began.
    same_shape_versions: ClassVar[frozenset[str]] = frozenset()

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
    def new_state(self, *, seats: int, options: JSON, seed: int | str) -> S:
        """Return the initial state for validated `options`.

        `seed` goes to `Rng.seeded`: a hex str (64 lowercase hex digits) is
        the key of the provably fair scheme that every match started since
        issue 23 draws from (the platform derives it from the server and
        client seeds, games/fairness.py); an int seeds the legacy scheme
        (older matches, tests, the conformance suite). Every draw of the
        game comes from the `Rng` this makes, kept in the state.
        """

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

    def secrets_scramble(self, state: S, seat: int | None, rng: Scrambler) -> S:
        """Return a state that differs from `state` in all `seat` may not know.

        `seat` None = a spectator. Whatever the rules hide from `seat` (other
        seats' hands, the order of a pile, the `Rng` that decides the
        future) is redrawn with `rng` (a test's `random.Random`, never the
        state's own), keeping everything `seat` may know: the view of `seat`
        must be the same for both states, except for `announced_view_keys`.
        The conformance suite checks exactly that for every registered game
        (OpenSpiel's test_private_information_contents). Default: nothing
        is hidden, the state itself. A game with `info.hidden_information`
        must override it.
        """
        return state

    def sample_state(self, view: JSON, seat: int, rng: Rng) -> S:
        """Return a full state consistent with `seat`'s `view`: a determinization.

        What the view hides (other seats' hands, the order of the deck, the
        destination cards others hold, the `Rng` that decides the future) is
        drawn with `rng` from what is still unknown to `seat`; everything the
        view shows is kept, so `view(sample, seat) == view` and the sample's
        `to_move` and `legal_moves(sample, seat)` are the real ones. The
        searching ("hard") robots play their forward model on such samples
        (determinized search: Cowling, Powley and Whitehouse, "Information
        Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012), so a robot
        still decides from its seat's view only. Raises NotImplementedError
        for a game without one (its robots do not search).
        """
        raise NotImplementedError(f"{self.info.slug} has no sample_state")

    def upgrade_state(self, data: JSON, version: str) -> JSON:
        """Return state JSON stored under rules `version` in today's shape.

        Called by the platform when a match's stored rules version differs
        from `info.version`. Raise IllegalMove when the state cannot be
        carried over; the default carries over the states of
        `same_shape_versions` as they are, and nothing else.
        """
        if version in self.same_shape_versions:
            return data
        raise IllegalMove(
            gettext_noop(
                "This match was saved under another version of the rules "
                "and cannot be continued."
            )
        )
