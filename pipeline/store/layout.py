"""The lean stored layout: how the hand tables are kept on disk, and the views users read.

Why: a DuckDB append costs about what it stores, and most of what a hand's child rows held
was repeated text: the (site, hand_id) strings on every seat, action, pot and finding row,
and every action's player name, which is its seat's. So the five hand tables are stored in
the schema ``stored`` in a leaner form, and ``main`` holds a view of each under today's name
with today's columns, order and values (the contract of ``docs/store.md``):

- ``stored.hands`` holds every column of ``hands`` plus ``hand_key``, an integer the writer
  gives each stored hand (one more than the largest stored, :meth:`Layout.encode`); the key
  (site, hand_id) is kept there once, with its primary key.
- ``stored.seats``, ``stored.actions``, ``stored.pots``, ``stored.findings`` and
  ``stored.seat_flags`` hold ``hand_key`` in place of (site, hand_id); their views join
  ``stored.hands`` on it (and the seat_stats view of ``reports.stats_tables`` joins
  ``stored.seat_flags`` to ``stored.seats`` on it: integers, not strings, for every seat).
- ``seats.position``, ``actions.street`` and ``actions.kind`` are stored as small integer codes
  (:mod:`pipeline.store.labels`); the views hold their labels and give the text back.
- ``stored.actions.player`` holds the name only where it is not its seat's:
  ``seat_player`` true says "the player of seat ``seat`` of this hand" (the view joins
  ``stored.seats`` for it), false says the name is the one stored (NULL included). It is true
  only where the hand has exactly one seat row of that number, so the view's join never
  matches twice (a hand listing a seat number twice is stored, with an error finding).

The cores, the workers, the Dask path and the Parquet shards keep the readable rows
(:class:`pipeline.store.rows.Rows`): only :meth:`pipeline.store.db.Store._write_rows_once`
encodes them, through :func:`encode`, so the parity of the two cores and every export are
untouched. Every statement that changes stored hand rows names :func:`stored` tables
(``reread``'s take-back, ``anonymous``'s and ``zones``' updates, the column migrations).

A table not in :data:`LEAN` (a hand table added later: it opts in by being given a stored
form here) stays a plain table in ``main``, written as the cores produce it.

An existing store of an earlier layout (hand tables as base tables in ``main``: all of them,
or only ``seat_flags``, which joined the lean ones later) is upgraded in one transaction when
it is opened for writing (:func:`upgrade`); opened read-only it is read as it is, since its
tables carry the names the views have.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.store.labels import CODED, LABELS, Labels
from pipeline.store.schema import DERIVED_TABLES, TABLES, Column, Kind, Table

__all__ = ["CODED", "LEAN", "MIGRATIONS", "SCHEMA_NAME", "STORED", "Labels", "copy_readable",
           "create", "encode", "is_earlier_layout", "next_key", "store_readable", "stored",
           "stored_ddl", "upgrade", "view_ddl"]

#: The DuckDB schema of the stored tables.
SCHEMA_NAME = "stored"
#: The hand tables stored in the lean form, parents first.
LEAN = ("hands", "seats", "actions", "pots", "findings", "seat_flags")

_HAND_KEY = Column("hand_key", Kind.BIGINT, not_null=True)
_KEY_NAMES = ("site", "hand_id")
#: An action's flag: its player is its seat's (see the module's docstring).
_SEAT_PLAYER = Column("seat_player", Kind.BOOLEAN, not_null=True)


def stored(name: str) -> str:
    """The qualified name of the table that holds ``name``'s rows."""
    return f"{SCHEMA_NAME}.{name}" if name in LEAN else name


def _stored_spec(name: str) -> Table:
    table = TABLES[name]
    coded = CODED.get(name, ())
    columns = [replace(c, kind=Kind.CODE) if c.name in coded else c for c in table.columns]
    if name == "hands":
        return Table(stored(name), (_HAND_KEY, *columns), table.primary_key)
    columns = [c for c in columns if c.name not in _KEY_NAMES]
    if name == "actions":
        columns.append(_SEAT_PLAYER)
    return Table(stored(name), (_HAND_KEY, *columns))


#: The stored form of each lean table (its name qualified with :data:`SCHEMA_NAME`).
STORED: dict[str, Table] = {name: _stored_spec(name) for name in LEAN}


def stored_ddl() -> str:
    """The schema and its tables (``IF NOT EXISTS``: an existing store is left as is)."""
    return "\n".join((f"CREATE SCHEMA IF NOT EXISTS {SCHEMA_NAME};", LABELS.ddl(),
                      *(t.ddl() for t in STORED.values())))


def _view_select(name: str, labels: Labels) -> str:
    """The SELECT of ``main.<name>``: today's columns in today's order, from the stored rows."""
    coded = CODED.get(name, ())
    picked = []
    for column in TABLES[name].names:
        if column in _KEY_NAMES and name != "hands":
            picked.append(f"h.{column}")
        elif name == "actions" and column == "player":
            picked.append("CASE WHEN c.seat_player THEN s.player ELSE c.player END AS player")
        elif column in coded:
            picked.append(f"{labels.decode_sql(f'{name}.{column}', f'c.{column}')} AS {column}")
        else:
            picked.append(f"c.{column}")
    if name == "hands":
        return f"SELECT {', '.join(picked)} FROM {stored(name)} c"
    joins = f"{stored(name)} c JOIN {stored('hands')} h ON h.hand_key = c.hand_key"
    if name == "actions":
        joins += (f" LEFT JOIN {stored('seats')} s ON c.seat_player "
                  "AND s.hand_key = c.hand_key AND s.seat = c.seat")
    return f"SELECT {', '.join(picked)} FROM {joins}"


def view_ddl(labels: Labels) -> str:
    """The user-facing views, one per lean table, under today's names in ``main`` (made
    again whenever ``labels`` grows: they hold the coded columns' labels)."""
    return "\n".join(f"CREATE OR REPLACE VIEW main.{name} AS {_view_select(name, labels)};"
                     for name in LEAN)


#: Columns added after a store could already exist on disk, on the tables that hold them.
MIGRATIONS = (*(m for t in STORED.values() for m in t.migrations()),
              *(m for name, t in TABLES.items() if name not in LEAN for m in t.migrations()))


def create(con: duckdb.DuckDBPyConnection) -> Labels:
    """Create the store's tables and views on ``con``, or bring an existing store up to date:
    the earlier layout upgraded (:func:`upgrade`), the columns added since, the views made
    anew (a column added to a stored table shows in its view). Every writable open runs it;
    the labels of the coded columns come back for the writer."""
    if is_earlier_layout(con):
        upgrade(con)
    con.execute(stored_ddl())
    for table in (*(t for name, t in TABLES.items() if name not in LEAN),
                  *DERIVED_TABLES.values()):
        con.execute(table.ddl())
    for statement in MIGRATIONS:
        con.execute(statement)
    labels = Labels.load(con)
    con.execute(view_ddl(labels))
    return labels


# -- the writer's encoding -------------------------------------------------------------------

def encode(tables: Mapping[str, pa.Table], counts: Mapping[str, np.ndarray],
           first_key: int, labels: Labels) -> dict[str, pa.Table]:
    """Readable rows of a batch of new hands -> the rows to append, by stored table name.

    ``tables`` are the cores' tables (only the hands to store), ``counts[name]`` the rows of
    each hand in ``name``; hand ``i`` gets the key ``first_key + i``; a coded column's new
    values are added to ``labels`` (the caller saves them: :meth:`Labels.save`). A table not
    in :data:`LEAN` passes through unchanged under its own name.
    """
    hands = tables["hands"]
    keys = np.arange(first_key, first_key + hands.num_rows, dtype=np.int64)
    out: dict[str, pa.Table] = {}
    for name, table in tables.items():
        if name not in LEAN:
            out[name] = table
            continue
        for column in CODED.get(name, ()):
            index = table.schema.get_field_index(column)
            table = table.set_column(index, column,
                                     labels.codes(f"{name}.{column}", table.column(column)))
        if name == "hands":
            out[stored(name)] = table.append_column("hand_key", pa.array(keys))
            continue
        child = table.drop_columns(list(_KEY_NAMES)).append_column(
            "hand_key", pa.array(np.repeat(keys, counts[name])))
        if name == "actions":
            child = _lean_actions(child, tables["seats"], np.repeat(keys, counts["seats"]))
        out[stored(name)] = child
    return out


def _lean_actions(actions: pa.Table, seats: pa.Table, seat_keys: np.ndarray) -> pa.Table:
    """``actions`` (with hand_key) with ``player`` kept only where it is not its seat's."""
    seat_code = _codes(seat_keys, seats.column("seat"))
    order = np.argsort(seat_code, kind="stable")
    sorted_code = seat_code[order]
    unique = np.ones(len(sorted_code), np.bool_)  # a seat number listed once in its hand
    same = sorted_code[1:] == sorted_code[:-1]
    unique[1:] &= ~same
    unique[:-1] &= ~same
    action_code = _codes(actions.column("hand_key").to_numpy(), actions.column("seat"))
    at = np.searchsorted(sorted_code, action_code)
    at_clipped = np.minimum(at, max(len(sorted_code) - 1, 0))
    found = (at < len(sorted_code)) & (action_code >= 0)
    if len(sorted_code):
        found &= (sorted_code[at_clipped] == action_code) & unique[at_clipped]
    player = actions.column("player")
    if len(sorted_code):
        seat_player = seats.column("player").take(pa.array(order[at_clipped]))
    else:
        seat_player = pa.nulls(len(player), pa.string())
    same_name = pc.fill_null(pc.equal(player, seat_player), False).to_numpy(zero_copy_only=False)
    both_null = np.asarray(pc.and_(pc.is_null(player), pc.is_null(seat_player)))
    from_seat = found & (same_name | both_null)
    flag = pa.array(from_seat)
    kept = pc.if_else(flag, pa.nulls(len(player), pa.string()), player)
    index = actions.schema.get_field_index("player")
    return actions.set_column(index, "player", kept).append_column("seat_player", flag)


def _codes(hand_keys: np.ndarray, seats: pa.ChunkedArray | pa.Array) -> np.ndarray:
    """One int64 per (hand_key, seat), -1 where the seat is NULL."""
    seat = pc.fill_null(seats, -1).to_numpy(zero_copy_only=False).astype(np.int64)
    code = (np.asarray(hand_keys, np.int64) << 32) | (seat & 0xFFFFFFFF)
    return np.where(seat < 0, -1, code)


def next_key(con: duckdb.DuckDBPyConnection) -> int:
    """The key the next stored hand gets: one more than the largest stored."""
    return int(con.execute(
        f"SELECT coalesce(max(hand_key), 0) + 1 FROM {stored('hands')}").fetchone()[0])


# -- the earlier layout ----------------------------------------------------------------------

def _earlier(con: duckdb.DuckDBPyConnection) -> tuple[str, ...]:
    """The lean tables this store still holds as base tables in ``main``, parents first."""
    found = {r[0] for r in con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() "
        "AND schema_name = 'main'").fetchall()}
    return tuple(name for name in LEAN if name in found)


def is_earlier_layout(con: duckdb.DuckDBPyConnection) -> bool:
    """True for a store of an earlier layout: a lean table is a base table in ``main``."""
    return bool(_earlier(con))


def upgrade(con: duckdb.DuckDBPyConnection) -> None:
    """Bring a store of an earlier layout to the lean one, in one transaction.

    Today's column migrations are applied to the old tables first, their rows copied into
    the stored tables (hands numbered in their stored order), the old tables dropped and the
    views created under their names. Every child row must find its hand, or nothing changes
    (a store whose rows the upgrade would lose is refused, not shrunk).
    """
    earlier = _earlier(con)
    con.begin()
    try:
        for name in earlier:
            for statement in TABLES[name].migrations():
                con.execute(statement)
        con.execute(stored_ddl())
        labels = Labels.load(con)
        for name in earlier:
            copy_readable(con, name, f"main.{name}", labels)
        labels.save(con)
        for name in reversed(earlier):
            con.execute(f"DROP TABLE main.{name}")
        con.execute(view_ddl(labels))
        con.commit()
    except BaseException:
        con.rollback()
        raise


def store_readable(con: duckdb.DuckDBPyConnection, name: str, source: str) -> None:
    """:func:`copy_readable` on its own: the new labels saved and the views made again."""
    labels = Labels.load(con)
    copy_readable(con, name, source, labels)
    if labels.save(con):
        con.execute(view_ddl(labels))


def copy_readable(con: duckdb.DuckDBPyConnection, name: str, source: str,
                  labels: Labels) -> None:
    """Store the readable rows of table ``name`` that ``source`` (a table) holds.

    The SQL twin of :func:`encode`, for rows already in the database: the upgrade's copy,
    and a test's hand-written rows (:func:`store_readable`). Hands are numbered after the
    largest stored key in ``source``'s order; a child row takes the key of its hand, which
    must be stored already (a row with no hand raises: nothing is stored that the views
    would not show). New labels of coded columns are added to ``labels``, for the caller
    to save.
    """
    target = stored(name)
    if name not in LEAN:
        con.execute(f"INSERT INTO {target} BY NAME SELECT * FROM {source}")
        return
    if name == "hands":
        con.execute(f"INSERT INTO {target} BY NAME SELECT row_number() OVER (ORDER BY rowid) + "
                    f"(SELECT coalesce(max(hand_key), 0) FROM {target}) AS hand_key, * "
                    f"FROM {source}")
        return
    coded = CODED.get(name, ())
    recoded = ""
    for column in coded:
        key = f"{name}.{column}"
        labels.add(key, (v for (v,) in con.execute(
            f"SELECT DISTINCT {column} FROM {source} WHERE {column} IS NOT NULL").fetchall()))
        recoded += f", {labels.encode_sql(key, f'c.{column}')} AS {column}"
    before = con.execute(f"SELECT count(*) FROM {target}").fetchone()[0]
    dropped = ", ".join(("site", "hand_id", *coded))
    select = (f"SELECT h.hand_key, c.* EXCLUDE ({dropped}){recoded} FROM {source} c "
              f"JOIN {stored('hands')} h USING (site, hand_id)")
    if name == "actions":
        from_seat = "coalesce(s.n = 1 AND c.player IS NOT DISTINCT FROM s.player, false)"
        select = (
            f"SELECT h.hand_key, c.* EXCLUDE ({dropped}, player){recoded}, {from_seat} AS "
            f"seat_player, CASE WHEN {from_seat} THEN NULL ELSE c.player END AS player "
            f"FROM {source} c JOIN {stored('hands')} h USING (site, hand_id) "
            f"LEFT JOIN (SELECT hand_key, seat, any_value(player) AS player, count(*) AS n "
            f"FROM {stored('seats')} GROUP BY ALL) s "
            "ON s.hand_key = h.hand_key AND s.seat = c.seat")
    con.execute(f"INSERT INTO {target} BY NAME {select}")
    added = con.execute(f"SELECT count(*) FROM {target}").fetchone()[0] - before
    given = con.execute(f"SELECT count(*) FROM {source}").fetchone()[0]
    if added != given:
        raise duckdb.ConstraintException(
            f"{given - added} rows of {name} have no stored hand: not stored")
