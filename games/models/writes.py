"""A move's writes sent together (issue 27, "Faster than the peers").

A move writes a Move row, the seats whose turn changed, the match row and
the "your turn" notice. Django's `save()` sends each statement and waits
for its answer (it reads the row count), and builds each statement's SQL
anew: four or five round trips to PostgreSQL per move, and most of the
CPU those saves cost. None of them needs an answer but success: the match
row is locked, so every UPDATE finds its row, and nobody reads the Move
row's id.

`WriteBatch` collects such UPDATEs and INSERTs, their SQL built once per
model, columns and database vendor, and `send()` runs them in order: on
PostgreSQL as one query string (`_one_query`: one round trip, and one call
through Django's and psycopg's cursors instead of one per statement;
measured against psycopg's pipeline mode, which also makes one round trip,
it took about 0.8 ms less CPU per move), elsewhere (SQLite, or PostgreSQL
with server-side binding) one after another. `read_together` does the
same for prepared reads (`prepared.py`): the match's lock and its seats in
one round trip. Both run inside the caller's transaction; an error is
raised by `send()` (or `read_together`) as Django's error class, the
statements after it are not run, and the caller's `transaction.atomic()`
rolls back the whole move.

Values are prepared as `save()` prepares them (`Field.pre_save`, so
`auto_now` columns get the time; `get_db_prep_save`, so JSON is adapted).
Only plain columns: a field with a custom SQL placeholder, or an INSERT
whose primary key is not the database's to choose, raises ValueError at
the first use.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, NamedTuple

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model

from .prepared import PreparedSelect

_Statement = tuple[str, tuple[Field[Any, Any], ...]]


class WriteBatch:
    """UPDATEs and INSERTs of model instances, sent to the database together.

    `update(obj, fields)` queues `UPDATE ... SET fields WHERE pk = obj.pk`,
    `insert(obj)` an INSERT of `obj`'s columns (the primary key left to
    the database; `obj.pk` stays None) and `update_or_insert` the one or
    the other; the values are read from `obj` when queued. `send()` runs
    what is queued, in order, and empties the batch. Call inside
    `transaction.atomic()`: the statements are one transaction's, and
    nothing reads them back before `send()`.
    """

    _sql: dict[tuple[str, type[Model], tuple[Any, ...]], _Statement] = {}
    _sql_lock = threading.Lock()

    def __init__(self, using: str = DEFAULT_DB_ALIAS) -> None:
        self._using = using
        # (SQL, parameters, and elsewhere than on PostgreSQL the INSERT to
        # run when that SQL, an UPDATE, changed no row).
        self._queued: list[tuple[str, list[Any], tuple[str, list[Any]] | None]] = []

    def __len__(self) -> int:
        return len(self._queued)

    def update(self, obj: Model, fields: Sequence[str]) -> None:
        """Queue the UPDATE of `obj`'s `fields` (attribute names) by its primary key."""
        model = type(obj)
        pk = _plain(model._meta.pk)
        key = _Replacing((pk.name,), (), tuple(fields))
        sql, columns = self._statement("update_where", model, key)
        self._queued.append((sql, self._values(obj, columns, add=False), None))

    def insert(self, obj: Model) -> None:
        """Queue the INSERT of `obj`'s columns; its primary key is the database's."""
        sql, params = self._insert(obj)
        self._queued.append((sql, params, None))

    def update_or_insert(
        self,
        obj: Model,
        *,
        where: Sequence[str],
        unset: Sequence[str],
        fields: Sequence[str],
    ) -> None:
        """Queue: set `fields` of the rows like `obj`, or INSERT `obj` if there is none.

        The rows like `obj` have its values in the columns `where` and NULL
        in the columns `unset`. On PostgreSQL one statement (an UPDATE in a
        WITH, then an INSERT ... WHERE NOT EXISTS of its rows): the UPDATE
        re-checks its condition under each row's lock, so a row changed
        meanwhile (no longer NULL) is left alone and `obj` is inserted.
        Elsewhere the UPDATE, then the INSERT if it changed no row.
        """
        insert_sql, insert_params = self._insert(obj)
        model = type(obj)
        key = _Replacing(tuple(where), tuple(unset), tuple(fields))
        sql, columns = self._statement("update_where", model, key)
        params = self._values(obj, columns, add=False)
        if connections[self._using].vendor == "postgresql":
            combined, _ = self._statement("update_or_insert", model, key)
            self._queued.append((combined, params + insert_params, None))
        else:
            self._queued.append((sql, params, (insert_sql, insert_params)))

    def send(self) -> None:
        """Run the queued statements in order (one round trip on PostgreSQL), and forget them."""
        queued, self._queued = self._queued, []
        if not queued:
            return
        connection = connections[self._using]
        with connection.cursor() as cursor:
            if _one_query(connection, cursor):
                cursor.execute(
                    "; ".join(sql for sql, _, _ in queued),
                    [value for _, params, _ in queued for value in params],
                )
                return
            for sql, params, otherwise in queued:
                cursor.execute(sql, params)
                if otherwise is not None and cursor.rowcount == 0:
                    cursor.execute(*otherwise)

    def _insert(self, obj: Model) -> tuple[str, list[Any]]:
        if obj.pk is not None:
            raise ValueError("an inserted row's primary key is the database's")
        sql, columns = self._statement("insert", type(obj), ())
        return sql, self._values(obj, columns, add=True)

    def _values(
        self, obj: Model, columns: tuple[Field[Any, Any], ...], *, add: bool
    ) -> list[Any]:
        connection = connections[self._using]
        return [
            field.get_db_prep_save(field.pre_save(obj, add), connection)
            for field in columns
        ]

    def _statement(
        self, kind: str, model: type[Model], key: tuple[Any, ...]
    ) -> _Statement:
        connection = connections[self._using]
        cache_key = (f"{connection.vendor}:{kind}", model, key)
        found = self._sql.get(cache_key)
        if found is not None:
            return found
        with self._sql_lock:
            if kind == "insert":
                found = _insert_sql(connection, model)
            elif kind == "update_where":
                found = _update_where_sql(connection, model, *key)
            else:
                found = _update_or_insert_sql(connection, model, _Replacing(*key))
            self._sql[cache_key] = found
        return found


def read_together(
    *reads: tuple[PreparedSelect[Any], tuple[int, ...]],
    using: str = DEFAULT_DB_ALIAS,
) -> list[list[Any]]:
    """Run prepared reads in order, in one round trip on PostgreSQL; return each one's rows.

    `reads` are (query, keys) pairs as `PreparedSelect.fetch` takes them.
    The server runs them one after the other, each with its own snapshot,
    so a read after a locking read (`SELECT ... FOR UPDATE`) sees what the
    transaction that held the lock committed.
    """
    connection = connections[using]
    bound = [query.bind(*keys, using=using) for query, keys in reads]
    with connection.cursor() as cursor:
        one_query = _one_query(connection, cursor)
        sent = [binding for binding in bound if binding is not None]
        if one_query and sent:
            cursor.execute(
                "; ".join(sql for _, sql, _ in sent),
                [value for _, _, params in sent for value in params],
            )
        found: list[list[Any]] = []
        first = True
        for (query, _), binding in zip(reads, bound, strict=True):
            if binding is None:
                found.append([])
                continue
            if not one_query:
                cursor.execute(binding[1], binding[2])
            elif not first:
                cursor.nextset()
            first = False
            found.append(query.rows(binding[0], cursor.fetchall(), using=using))
        return found


def _one_query(connection: BaseDatabaseWrapper, cursor: Any) -> bool:
    """Whether statements can go as one query string: PostgreSQL with client-side binding.

    Django's psycopg backend binds parameters on the client unless
    `server_side_binding` is set; psycopg then sends the composed text by
    the simple query protocol, which takes several statements at once (one
    round trip, and one call through Django's and psycopg's cursor instead
    of one per statement). The server runs them in order, each with a
    snapshot of its own (Read Committed); an error stops the rest.
    """
    if connection.vendor != "postgresql":
        return False
    import psycopg

    return isinstance(cursor.cursor, psycopg.ClientCursor)


def _plain(field: Any) -> Field[Any, Any]:
    """Return `field`, a concrete column written with a plain `%s`, or raise ValueError."""
    if not isinstance(field, Field) or field.column is None:
        raise ValueError(f"{field} is no column of its table")
    if hasattr(field, "get_placeholder"):
        raise ValueError(f"{field} needs its own SQL placeholder")
    return field


def _column(field: Field[Any, Any]) -> str:
    assert field.column is not None  # `_plain` checked
    return field.column


def _insert_sql(connection: BaseDatabaseWrapper, model: type[Model]) -> _Statement:
    quote = connection.ops.quote_name
    meta = model._meta
    auto = meta.auto_field
    if auto is None:
        raise ValueError(f"{model.__name__}'s primary key is not the database's")
    fields = tuple(
        _plain(field)
        for field in meta.concrete_fields
        if field is not auto and not getattr(field, "generated", False)
    )
    names = ", ".join(quote(_column(field)) for field in fields)
    marks = ", ".join("%s" for _ in fields)
    sql = f"INSERT INTO {quote(meta.db_table)} ({names}) VALUES ({marks})"
    return sql, fields


class _Replacing(NamedTuple):
    """Which rows an UPDATE changes (equal in `where`, NULL in `unset`), and which columns."""

    where: tuple[str, ...]
    unset: tuple[str, ...]
    names: tuple[str, ...]


def _update_where_sql(
    connection: BaseDatabaseWrapper,
    model: type[Model],
    where: tuple[str, ...],
    unset: tuple[str, ...],
    names: tuple[str, ...],
) -> _Statement:
    """UPDATE of `names` WHERE the `where` columns equal parameters and `unset` are NULL.

    The parameters are the new values of `names`, then the values of
    `where`: the fields returned are those, in that order. An UPDATE by
    primary key has `where` = (the primary key's name,) and no `unset`.
    """
    quote = connection.ops.quote_name
    meta = model._meta
    fields = tuple(_plain(meta.get_field(name)) for name in names)
    matched = tuple(_plain(meta.get_field(name)) for name in where)
    nulls = tuple(_plain(meta.get_field(name)) for name in unset)
    sets = ", ".join(f"{quote(_column(field))} = %s" for field in fields)
    conditions = " AND ".join(
        [f"{quote(_column(field))} = %s" for field in matched]
        + [f"{quote(_column(field))} IS NULL" for field in nulls]
    )
    sql = f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {conditions}"
    return sql, fields + matched


def _update_or_insert_sql(
    connection: BaseDatabaseWrapper, model: type[Model], replacing: _Replacing
) -> _Statement:
    """PostgreSQL: `_update_where_sql` of `replacing` in a WITH, then the INSERT if it changed no row.

    The parameters are the UPDATE's, then the INSERT's (`_insert_sql`),
    each cast to its column's type: in a SELECT list a parameter has no
    column to take its type from.
    """
    quote = connection.ops.quote_name
    update, update_fields = _update_where_sql(connection, model, *replacing)
    _, insert_fields = _insert_sql(connection, model)
    meta = model._meta
    columns = ", ".join(quote(_column(field)) for field in insert_fields)
    values = ", ".join(
        f"CAST(%s AS {field.cast_db_type(connection)})" for field in insert_fields
    )
    sql = (
        f"WITH changed AS ({update} RETURNING 1) "
        f"INSERT INTO {quote(meta.db_table)} ({columns}) "
        f"SELECT {values} WHERE NOT EXISTS (SELECT 1 FROM changed)"
    )
    return sql, update_fields + insert_fields
