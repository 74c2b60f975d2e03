"""Hot reads whose SQL Django builds once (issue 27, "Faster than the peers").

Django compiles a QuerySet to SQL each time it is evaluated. For the reads
every move and every push makes, that compilation is most of their cost:
the seats of a match with their players cost 1.1 ms of CPU, 0.8 ms of it
building the SQL and 0.23 ms running it (PostgreSQL, measured with
bench/peers.py's profile). A `PreparedSelect` builds its query's SQL once
per database alias and afterwards only binds the keys; rows become model
instances the way the ORM makes them (its converters, `Model.from_db`,
its `select_related` populators), so callers get the same objects as from
the QuerySet. Those are Django 5.2's compiler internals (`klass_info`,
`get_related_populators`), not its public API: tests/games/test_prepared.py
compares the results with the ORM's, so an upgrade that changes them fails
there.

Only for fixed queries on the hot paths: anything else reads through the
ORM as usual.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators
from django.db.models.sql.compiler import SQLCompiler
from django.db.transaction import TransactionManagementError

from .log import MatchEvent, Move
from .match import Match
from .seat import Seat

M = TypeVar("M", bound=Model)

# The keys a query is built with (the first, the second, ...), then
# replaced by the caller's: numbers no id or version has, so they cannot be
# mistaken for another parameter of the query; positive and within a 32-bit
# integer, or Django's overflow rules would drop or empty the lookup
# (`seq__gt=-1` on a positive field compiles to no condition).
PLACEHOLDER = 2_147_480_047
# The same for text keys (`PreparedSelect(..., text=True)`), with the key's
# number after it.
TEXT_PLACEHOLDER = "prepared-select-key-"


@dataclass(frozen=True)
class CompiledSelect:
    """A query compiled for one database alias, and how to read its rows."""

    compiler: SQLCompiler
    sql: str
    params: tuple[Any, ...]
    keys_at: tuple[int, ...]
    converters: dict[int, Any]
    init_list: list[str]
    start: int
    end: int
    populators: list[Any]


class PreparedSelect(Generic[M]):
    """A SELECT of `M` instances by integer (or text) keys, its SQL built once per database.

    `build(*keys)` returns the QuerySet for `keys` (`keys` of them, 1 by
    default): filters on ids or versions (ordering, `select_related` and
    `select_for_update` as the ORM has them); a key outside a 64-bit
    integer's range finds nothing. With `text=True` the keys are strings
    (an API token's key), compared as the ORM's exact lookup does. It is
    built and compiled once per database alias with the placeholders
    PLACEHOLDER, PLACEHOLDER + 1, ... (text: TEXT_PLACEHOLDER + "0", "1",
    ...), each of which must appear exactly once among the SQL's parameters
    (ValueError otherwise, at the first call). `fetch(*keys)` runs the SQL
    with `keys` bound and returns the instances, related objects
    populated; a query with `select_for_update` must run inside
    `transaction.atomic()` (TransactionManagementError otherwise, as the
    ORM raises).
    """

    def __init__(
        self, build: Callable[..., QuerySet[M]], *, keys: int = 1, text: bool = False
    ) -> None:
        self._build = build
        self._keys = keys
        self._text = text
        self._compiled: dict[str, CompiledSelect] = {}
        self._lock = threading.Lock()

    def fetch(self, *keys: int | str, using: str = DEFAULT_DB_ALIAS) -> list[M]:
        """Return the rows for `keys` as model instances, in the query's order."""
        bound = self.bind(*keys, using=using)
        if bound is None:
            return []
        compiled, sql, params = bound
        with connections[using].cursor() as cursor:
            cursor.execute(sql, params)
            rows: list[Any] = cursor.fetchall()
        return self.rows(compiled, rows, using=using)

    def bind(
        self, *keys: int | str, using: str = DEFAULT_DB_ALIAS
    ) -> tuple[CompiledSelect, str, list[Any]] | None:
        """Return (compiled query, SQL, parameters) for `keys`, or None when no row can match.

        For a caller that runs the SQL itself (`writes.read_together`) and
        then turns the rows into instances with `rows`. Raises as `fetch`.
        """
        if len(keys) != self._keys:
            raise TypeError(f"{self._keys} keys expected, got {len(keys)}")
        if not self._text:
            low, high = connections[using].ops.integer_field_range("BigIntegerField")
            if not all(isinstance(key, int) and low <= key <= high for key in keys):
                # No row has it (the ORM answers the same, without asking).
                return None
        compiled = self._compiled.get(using) or self._compile(using)
        params = list(compiled.params)
        for at, key in zip(compiled.keys_at, keys, strict=True):
            params[at] = key
        connection = connections[using]
        if (
            compiled.compiler.query.select_for_update
            and connection.features.has_select_for_update
            and connection.get_autocommit()
        ):
            # What the ORM raises: outside a transaction the lock ends at once.
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        return compiled, compiled.sql, params

    def rows(
        self,
        compiled: CompiledSelect,
        rows: list[Any],
        *,
        using: str = DEFAULT_DB_ALIAS,
    ) -> list[M]:
        """Return `rows` (the result of `bind`'s SQL) as model instances."""
        connection = connections[using]
        model = compiled.compiler.klass_info["model"]
        found: list[M] = []
        for row in rows:
            if compiled.converters:
                row = list(row)
                for at, (converters, expression) in compiled.converters.items():
                    value = row[at]
                    for converter in converters:
                        value = converter(value, expression, connection)
                    row[at] = value
            obj = model.from_db(
                using, compiled.init_list, row[compiled.start : compiled.end]
            )
            for populator in compiled.populators:
                populator.populate(row, obj)
            found.append(obj)
        return found

    def _compile(self, using: str) -> CompiledSelect:
        with self._lock:
            if using in self._compiled:
                return self._compiled[using]
            placeholders: list[int | str] = [
                f"{TEXT_PLACEHOLDER}{i}" if self._text else PLACEHOLDER + i
                for i in range(self._keys)
            ]
            queryset = self._build(*placeholders)
            compiler = queryset.query.get_compiler(using=using)
            sql, params = compiler.as_sql()
            keys_at = []
            for placeholder in placeholders:
                at = [i for i, value in enumerate(params) if value == placeholder]
                if len(at) != 1:
                    raise ValueError(
                        f"each key must be one parameter of the query: {placeholder} "
                        f"in {params}"
                    )
                keys_at.append(at[0])
            select, klass_info = compiler.select, compiler.klass_info
            fields = [column[0] for column in select[0 : compiler.col_count]]
            start = klass_info["select_fields"][0]
            end = klass_info["select_fields"][-1] + 1
            compiled = CompiledSelect(
                compiler=compiler,
                sql=sql,
                params=tuple(params),
                keys_at=tuple(keys_at),
                converters=compiler.get_converters(fields),
                init_list=[column[0].target.attname for column in select[start:end]],
                start=start,
                end=end,
                # Django 5.2's signature (the stubs already have a later one's).
                populators=get_related_populators(klass_info, select, using),  # type: ignore[call-arg]
            )
            self._compiled[using] = compiled
            return compiled


def _match_by_id(key: int) -> QuerySet[Match]:
    return Match.objects.filter(id=key)


def _match_locked(key: int) -> QuerySet[Match]:
    return Match.objects.select_for_update().filter(id=key)


def _seats_of_match(key: int) -> QuerySet[Seat]:
    return Seat.objects.filter(match_id=key).select_related("user").order_by("position")


# A match by id; the same locked (`SELECT ... FOR UPDATE`, games/services/core.py
# `match_lock`); a match's seats in position order with their persons.
MATCH_BY_ID = PreparedSelect(_match_by_id)
MATCH_LOCKED = PreparedSelect(_match_locked)
SEATS_OF_MATCH = PreparedSelect(_seats_of_match)


def _moves_after(match: int, version: int) -> QuerySet[Move]:
    return Move.objects.filter(match_id=match, seq__gt=version).order_by("seq")


def _table_events_from(match: int, version: int) -> QuerySet[MatchEvent]:
    return MatchEvent.objects.filter(match_id=match, version__gte=version)


# A match's moves after a version, and its table events from a version on
# (games/selectors/log.py: every pushed board reads its new log entries).
MOVES_AFTER = PreparedSelect(_moves_after, keys=2)
TABLE_EVENTS_FROM = PreparedSelect(_table_events_from, keys=2)
