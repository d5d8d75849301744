"""The tables that make the statistics fast: per-seat facts, their rollup, and their upkeep.

Computing the per-seat facts from the actions is a windowed pass over every action (minutes
per million hands), and adding up millions of seats takes seconds. So the statistics read:

- ``seat_stats`` (a view): one row per dealt seat of every hand done, the rows of
  ``seat_facts.sql``. For a hand whose facts the cores stored with it (``seat_flags``, under
  today's definition) the view decodes them (``seat_stats_stored.sql``: two joins, nothing
  stored twice); for any other hand (an older store, a hand listing a seat twice) it reads
  ``seat_stats_computed``, which holds the rows the reference SQL computed for it once.
- ``seat_stats_rollup``: the facts added up per player, month, site, game, limit, stakes,
  hero, cash/tournament and position, in rows per ``chunk`` of hands. The statistics add up
  rollup rows for whole months, and seats only where the rollup cannot answer (the first and
  last month of a date range cut mid-month).
- ``seat_stats_hands``: the hands done, each with the chunk its rollup rows are in;
  ``seat_stats_meta``: the definitions they were made by.

Why a view and chunks: an import's refresh used to store every seat's 60 columns again
(measured: 26 of its 40 us a hand, the insert and its commit). Now a hand's refresh only
decodes its flags and adds them up into its chunk's rollup rows (13 us a hand, measured on
20,000 simulated hands). A hand whose rows change after (its file grew and it was stored
again, a zone or anonymity fix: the keys in ``hands_dropped``) has its chunk's rollup rows
added up again from the hands left in it, and comes back, if stored, as a new hand: no
per-seat copy is needed to take it back.

Freshness rule: a hand is done once its key is in ``seat_stats_hands``; the tables are current
when that holds as many keys as ``hands`` holds rows, and they are rebuilt from scratch when
the facts' definition (:func:`_definition`) changes or they know more hands than the store;
when only the rollup's (seat_rollup.sql) changes, each chunk is added up again, from the
stored flags and computed rows. A writable connection brings them up to date before reading
(:func:`facts_now`); a read-only one (``sidepot stats``) computes the facts of the hands
they lack on the fly, for this connection only. Either way the answer is that of the live
definition (``seat_facts.sql``); the tables only make it fast.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

import duckdb

from reports.facts import definition as facts_definition
from reports.sql import load, with_new_columns
from reports.stats_chunks import (
    add_chunk,
    add_up_again,
    chunk_facts,
    chunk_numbers,
    has_column,
    keyed,
    keyed_tables,
    mark_flagged,
    next_chunk,
    note_done_through,
    pending_chunk,
    pending_query,
    plan_chunks,
    rollup_of,
)

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class RefreshResult:
    """What :func:`refresh` did: hands whose facts were added, and whether it started over."""

    hands_added: int
    rebuilt: bool


#: Hands per refresh step: bounds the memory of the windowed pass over their actions (for
#: hands without stored flags) and of the decoding of their flags. Smaller chunks cost time
#: (each reads the tables again where their keys cannot skip row groups).
CHUNK_HANDS = 40_000
#: DuckDB's memory while refreshing (the connection's own limit is restored after): without
#: it the buffer pool keeps every block the chunks read. Measured when the refresh still
#: stored every seat (1,000,000 simulated hands in a fresh process, 152 MB of modules):
#: 40,000-hand chunks at 160 MB peaked at 390 MB in the same CPU time as uncapped. A chunk
#: that does not fit is rolled back and run again uncapped (:func:`_or_uncapped`): the cap
#: saves memory, it never fails a refresh.
REFRESH_MEMORY_LIMIT = "160MB"
#: The tables (and the view) refresh keeps.
TABLES = ("seat_stats", "seat_stats_computed", "seat_stats_rollup", "seat_stats_hands",
          "seat_stats_meta")
#: The stored tables among them (``seat_stats`` is a view over these and the hand tables).
_STORED = TABLES[1:]
#: What the stored facts' layout adds to the SQL's definition: a change here rebuilds them.
_LAYOUT = "seat_stats view over seat_flags and seat_stats_computed; rollup rows per chunk"


def refresh(con: duckdb.DuckDBPyConnection, chunk_hands: int = CHUNK_HANDS, *,
            whole_chunks: bool = False) -> RefreshResult:
    """Bring the facts' tables up to date with the store (needs a writable connection).

    Meant to run after each import (cheap when nothing changed: two counts); the reports also
    call it on writable connections. Each step adds up the facts of up to ``chunk_hands``
    hands not yet done into one chunk and records their keys, in one transaction, so an
    interrupted refresh leaves consistent tables that the next one completes.
    ``whole_chunks``: only chunks of ``chunk_hands`` hands are added (the latest hands not
    done, fewer than that, wait for the next refresh), under the connection's own memory
    limit: what :class:`Alongside` runs while an import goes on (an import of 200,000
    simulated hands peaked 20-40 MB higher when these refreshes raised DuckDB's limit to
    :data:`REFRESH_MEMORY_LIMIT`).
    """
    with_new_columns(con)
    _forget_dropped(con)
    state = _state(con)
    rebuilt = state not in ("fresh", "stale", "rollup_outdated")
    if not rebuilt:  # (a store whose facts' tables are older than the column)
        con.execute("ALTER TABLE main.seat_stats_meta ADD COLUMN IF NOT EXISTS done_through "
                    "BIGINT")
    added = 0
    with _memory_capped(con, None if whole_chunks else REFRESH_MEMORY_LIMIT):
        if rebuilt:
            _or_uncapped(con, _create_tables)
        define_view(con)
        if state == "rollup_outdated":  # the facts hold: only add each chunk up again, into
            # a table of today's columns (the meta says so once every chunk is in)
            con.execute("CREATE OR REPLACE TABLE main.seat_stats_rollup AS SELECT CAST(0 AS "
                        "INTEGER) AS chunk, * FROM (" + rollup_of(
                            "(SELECT * FROM main.seat_stats_computed LIMIT 0)") + ")")
            for chunk in chunk_numbers(con):
                _or_uncapped(con, _in_transaction, add_up_again, chunk)
            con.execute("UPDATE main.seat_stats_meta SET rollup = ?", [_rollup_definition()])
        first = next_chunk(con)
        planned = _or_uncapped(con, plan_chunks, chunk_hands)
        if whole_chunks:
            planned = con.execute("SELECT count(*) FROM seat_stats_todo").fetchone()[0] \
                // chunk_hands
        for chunk in range(planned):
            added += _or_uncapped(con, _in_transaction, add_chunk, chunk, first + chunk)
    con.execute("DROP TABLE IF EXISTS temp.seat_stats_todo")
    note_done_through(con)
    return RefreshResult(added, rebuilt)


class Alongside:
    """The stat facts of an import's hands added up while it goes on: called in the import's
    writer thread after each batch commits (:data:`pipeline.ingest.batcher.AfterWrite`), it
    runs :func:`refresh` of whole chunks once a chunk's worth of new hands is stored.

    Why: the refresh after an import adds up every new hand (about 10 us a hand), after the
    last batch, while nothing else runs; a chunk added beside the reading of the next hands
    leaves only the last, partial one to the end. The answers are the same either way (each
    chunk's rows are exact sums); only where the chunks are cut differs, as between two
    imports. A refresh that fails here is left to the one after the import (it redoes
    whatever was not committed), so the import itself never fails for it.
    """

    def __init__(self, chunk_hands: int = CHUNK_HANDS) -> None:
        self.chunk_hands = chunk_hands
        self.waiting = 0  # hands stored since the last refresh here (at least: not done)
        self.failed = False

    def __call__(self, con: duckdb.DuckDBPyConnection, stored: int) -> None:
        self.waiting += stored
        if self.failed or self.waiting < self.chunk_hands:
            return
        try:
            done = refresh(con, self.chunk_hands, whole_chunks=True)
        except duckdb.Error:
            self.failed = True
            return
        self.waiting = max(0, self.waiting - done.hands_added)


def needs_rebuild(con: duckdb.DuckDBPyConnection) -> bool:
    """True when :func:`refresh` would recompute every hand's facts (tables missing, or made
    by another definition of the facts), not just add new hands or re-add the rollup."""
    return _state(con) in ("missing", "outdated")


def facts_now(con: duckdb.DuckDBPyConnection) -> None:
    """Point the temporary views ``seat_facts_now`` and ``seat_rollup_now`` at complete facts."""
    with_new_columns(con)
    state = _state(con)
    if state != "fresh" and not _read_only(con):
        refresh(con)
        state = "fresh"
    if state == "fresh":
        con.execute("CREATE OR REPLACE TEMP VIEW seat_facts_now AS FROM main.seat_stats")
        con.execute("CREATE OR REPLACE TEMP VIEW seat_rollup_now AS FROM main.seat_stats_rollup")
        return
    # read-only: the tables' rows (if usable) plus those of the hands they lack, for now only
    usable = state in ("stale", "rollup_outdated")
    pending_chunk(con, None, known=usable)
    chunk_facts(con)
    recent = "FROM temp.seat_stats_recent"
    if usable and _view_decodes(con):  # the view has the flagged ones of them already
        recent = ("SELECT r.* FROM temp.seat_stats_recent r "
                  "ANTI JOIN seat_stats_flagged USING (site, hand_id)")
    stored = "FROM main.seat_stats UNION ALL BY NAME " if usable else ""
    con.execute(f"CREATE OR REPLACE TEMP VIEW seat_facts_now AS {stored}{recent}")
    stored = "FROM main.seat_stats_rollup UNION ALL BY NAME " if usable else ""
    con.execute("CREATE OR REPLACE TEMP VIEW seat_rollup_now AS "
                f"{stored}FROM temp.seat_rollup_recent")
    if state == "rollup_outdated":  # stored facts, added up on the fly by today's definition
        con.execute("CREATE OR REPLACE TEMP VIEW seat_rollup_now AS FROM ("
                    f"{rollup_of('seat_facts_now')})")


@contextmanager
def _memory_capped(con: duckdb.DuckDBPyConnection, limit: str | None) -> Iterator[None]:
    """Run with DuckDB's memory limit at ``limit`` (None: the connection's own), then the
    old one."""
    before = con.execute("SELECT current_setting('memory_limit')").fetchone()[0]
    con.execute(f"SET memory_limit = '{limit or before}'")
    try:
        yield
    finally:
        con.execute(f"SET memory_limit = '{before}'")


def _or_uncapped(con: duckdb.DuckDBPyConnection, step: Callable[..., _T], *args: object) -> _T:
    """``step(con, *args)``; if it does not fit in the memory cap (wide hands, a big store's
    index), once more with DuckDB's default limit, kept for the rest of the refresh: the cap
    saves memory, it never fails a refresh. Each step leaves nothing behind when it fails
    (one transaction, or tables made again from scratch)."""
    try:
        return step(con, *args)
    except duckdb.OutOfMemoryException:
        con.execute("RESET memory_limit")
        return step(con, *args)


def _in_transaction(con: duckdb.DuckDBPyConnection, step: Callable[..., _T],
                    *args: object) -> _T:
    """``step(con, *args)`` in one transaction: all of it is stored, or none."""
    con.begin()
    try:
        result = step(con, *args)
        con.commit()
    except BaseException:
        con.rollback()
        raise
    return result


def _drop(con: duckdb.DuckDBPyConnection, name: str) -> None:
    """Drop ``main.name``, a table or a view (a store of before the view has a table)."""
    kind = con.execute("SELECT table_type FROM information_schema.tables WHERE table_catalog "
                       "= current_database() AND table_schema = 'main' AND table_name = ?",
                       [name]).fetchall()
    if kind:
        con.execute(f"DROP {'VIEW' if kind[0][0] == 'VIEW' else 'TABLE'} main.{name}")


def _create_tables(con: duckdb.DuckDBPyConnection) -> None:
    """The facts' tables, empty, with the columns the facts query gives them.

    The queries are wrapped in ``LIMIT 0``, which DuckDB plans without running: the
    reference SQL run over no hands still scanned the store's actions (0.13 s on 50,000
    hands, against 0.015 s), and every new store pays this once."""
    for name in TABLES:
        _drop(con, name)
    pending_chunk(con, 0, known=False)
    mark_flagged(con)
    sql, params = pending_query(con)
    con.execute(f"CREATE TABLE main.seat_stats_computed AS SELECT * FROM ({sql}) LIMIT 0",
                params)
    con.execute("CREATE TABLE main.seat_stats_rollup AS SELECT CAST(0 AS INTEGER) AS chunk, "
                f"* FROM ({rollup_of('main.seat_stats_computed')}) LIMIT 0")
    con.execute("CREATE TABLE main.seat_stats_hands (site VARCHAR, hand_id VARCHAR, "
                "chunk INTEGER)")
    con.execute("CREATE TABLE main.seat_stats_meta (definition VARCHAR, rollup VARCHAR, "
                "done_through BIGINT)")
    con.execute("INSERT INTO main.seat_stats_meta VALUES (?, ?, NULL)",
                [_definition(), _rollup_definition()])


def define_view(con: duckdb.DuckDBPyConnection) -> None:
    """(Re)define the ``seat_stats`` view: the decoded flags of every stored hand that has
    usable ones (seat_stats_keyed.sql), and the computed rows of the hands done without.
    Made anew by each refresh, since whether the store's flags are usable can change
    between imports (:func:`_view_decodes` tells a reader which it was made with)."""
    computed = "SELECT * FROM main.seat_stats_computed"
    if keyed(con):
        body = (f"{keyed_tables()} SELECT * FROM ({load('seat_stats_keyed')}) "
                f"UNION ALL BY NAME {computed}")
    else:
        body = computed
    con.execute(f"CREATE OR REPLACE VIEW main.seat_stats AS {body}")


def _view_decodes(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether the ``seat_stats`` view decodes the stored flags (of every hand that has
    them, done or not), or only reads the computed rows (of the hands done)."""
    found = con.execute("SELECT sql FROM duckdb_views() WHERE database_name = "
                        "current_database() AND schema_name = 'main' AND view_name = "
                        "'seat_stats'").fetchall()
    return bool(found) and "stored.seat_flags" in found[0][0]


#: Keys of hands an import took back or changed (pipeline.store.schema.HANDS_DROPPED).
_DROPPED = "main.hands_dropped"


def _dropped(con: duckdb.DuckDBPyConnection) -> int:
    """How many dropped hands' facts are still to forget (0 when the table does not exist)."""
    found = con.execute("SELECT count(*) FROM information_schema.tables WHERE table_catalog = "
                        "current_database() AND table_schema = 'main' AND table_name = "
                        "'hands_dropped'").fetchone()[0]
    return con.execute(f"SELECT count(*) FROM {_DROPPED}").fetchone()[0] if found else 0


def _forget_dropped(con: duckdb.DuckDBPyConnection) -> None:
    """The hands taken back or changed leave the facts' tables (those stored now come back
    as hands not yet done), and the chunks they were in are added up again from the hands
    left in them; one transaction, then the keys are done."""
    if not _dropped(con):
        return
    con.begin()
    try:
        if _state(con, forgetting=True) not in ("missing", "outdated"):  # else rebuilt anyway
            con.execute("CREATE OR REPLACE TEMP TABLE seat_stats_gone AS SELECT DISTINCT site, "
                        f"hand_id FROM {_DROPPED}")
            chunks = [r[0] for r in con.execute(
                "SELECT DISTINCT chunk FROM main.seat_stats_hands SEMI JOIN seat_stats_gone "
                "USING (site, hand_id) ORDER BY chunk").fetchall()]
            for table in ("seat_stats_hands", "seat_stats_computed"):
                con.execute(f"DELETE FROM main.{table} t USING seat_stats_gone g "
                            "WHERE t.site = g.site AND t.hand_id = g.hand_id")
            if chunks:
                define_view(con)
            for chunk in chunks:
                add_up_again(con, chunk)
            if has_column(con, "seat_stats_meta", "done_through"):  # hands below it now
                con.execute("UPDATE main.seat_stats_meta SET done_through = NULL")  # undone
        con.execute(f"DELETE FROM {_DROPPED}")
        con.commit()
    except BaseException:
        con.rollback()
        raise


def _state(con: duckdb.DuckDBPyConnection, *, forgetting: bool = False) -> str:
    """fresh | stale (hands missing, tables otherwise good) | rollup_outdated (the facts hold,
    their rollup was made by another definition) | missing | outdated (rebuild)."""
    tables = {r[0] for r in con.execute(  # tables, or views over a Parquet export of them
        "SELECT table_name FROM information_schema.tables WHERE table_catalog = "
        "current_database() AND table_schema = 'main' AND table_name LIKE 'seat_stats%'"
    ).fetchall()}
    if not set(TABLES) <= tables:
        return "missing"
    if not forgetting and _dropped(con):  # facts of hands since stored again: stale until
        # refresh forgets them (a read-only reader computes every fact on the fly meanwhile)
        return "outdated"
    row = con.execute("SELECT * FROM main.seat_stats_meta").fetchone()
    if row is None or len(row) < 2 or row[0] != _definition():
        return "outdated"
    done, hands = con.execute(
        "SELECT (SELECT count(*) FROM main.seat_stats_hands), (SELECT count(*) FROM main.hands)"
    ).fetchone()
    if done > hands and not forgetting:  # (hands taken back may not all be stored again)
        return "outdated"
    if row[1] != _rollup_definition():
        return "rollup_outdated"
    return "fresh" if done == hands else "stale"


def _read_only(con: duckdb.DuckDBPyConnection) -> bool:
    row = con.execute("SELECT readonly FROM duckdb_databases() "
                      "WHERE database_name = current_database()").fetchone()
    return bool(row and row[0])


def _definition() -> str:
    """A fingerprint of the facts' definition and of their stored layout: a change
    invalidates the stored tables."""
    text = (load("seat_hand_rows") + load("seat_flags") + load("seat_stats_stored")
            + facts_definition() + _LAYOUT)
    return _fingerprint(text)


def _rollup_definition() -> str:
    """A fingerprint of the rollup's definition: a change adds the stored facts up again."""
    return _fingerprint(load("seat_rollup"))


def _fingerprint(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]
