"""The steps of a stat-facts refresh (:mod:`reports.stats_tables`): which hands are not done,
how a chunk of them is decoded and added up into the rollup.

Apart from the tables' upkeep (states, rebuilds, forgetting, the view) so that each stays
within the size bound. Why the steps look for keys: every table here is keyed by (site,
hand_id) strings, while the lean store (:mod:`pipeline.store.layout`) numbers its hands; a
step that joined the views on strings read the whole store each time (2.4 s of every import
into a store of 1,000,000 hands, 8 s into 10,000,000), one that finds the chunk's keys first
reads only the chunk (DuckDB checks a literal key range against each row group's before
reading it, and carries a small join side's key range into the big side's scan).
"""

from __future__ import annotations

import duckdb

from reports.facts import definition as facts_definition
from reports.filters import Filters
from reports.sql import load

__all__ = ["add_chunk", "add_up", "add_up_again", "chunk_facts", "chunk_numbers", "flags_usable",
           "has_column", "keyed", "keyed_tables", "lean", "mark_flagged", "next_chunk",
           "no_filters", "note_done_through", "pending_chunk", "pending_query", "plan_chunks",
           "rollup_of", "take_chunk"]


def no_filters() -> dict[str, object]:
    """The parameters of the facts' SQL that leave every seat in."""
    return {**Filters().params(), "include_anonymous": None}


def chunk_numbers(con: duckdb.DuckDBPyConnection) -> list[int]:
    return [r[0] for r in con.execute(
        "SELECT DISTINCT chunk FROM main.seat_stats_hands ORDER BY chunk").fetchall()]


def next_chunk(con: duckdb.DuckDBPyConnection) -> int:
    last = con.execute("SELECT max(chunk) FROM main.seat_stats_hands").fetchone()[0]
    return 0 if last is None else last + 1


def add_chunk(con: duckdb.DuckDBPyConnection, planned: int, chunk: int) -> int:
    """Store the facts of one planned chunk of new hands as chunk number ``chunk``; the
    number of its hands. Hands without usable flags get their rows computed by the reference
    SQL, once, into ``seat_stats_computed``."""
    added = take_chunk(con, planned)
    mark_flagged(con)
    if _unflagged(con):
        con.execute("INSERT INTO main.seat_stats_computed BY NAME FROM ("
                    f"{load('seat_stats_pending')})", no_filters())
    add_up(con, chunk)
    con.execute("INSERT INTO main.seat_stats_hands SELECT site, hand_id, ? "
                "FROM seat_stats_chunk", [chunk])
    return added


def add_up_again(con: duckdb.DuckDBPyConnection, chunk: int) -> None:
    """Replace chunk ``chunk``'s rollup rows by the sums of the hands done in it now."""
    con.execute("CREATE OR REPLACE TEMP TABLE seat_stats_chunk AS SELECT site, hand_id "
                "FROM main.seat_stats_hands WHERE chunk = ?", [chunk])
    mark_flagged(con)
    con.execute("DELETE FROM main.seat_stats_rollup WHERE chunk = ?", [chunk])
    add_up(con, chunk)


def add_up(con: duckdb.DuckDBPyConnection, chunk: int) -> None:
    """Add the rollup rows of the hands in ``seat_stats_chunk`` as chunk ``chunk``: their
    flags decoded, their computed rows read (every hand of the chunk has one or the other)."""
    facts = ("SELECT c.* FROM main.seat_stats_computed c SEMI JOIN seat_stats_chunk "
             "USING (site, hand_id)")
    if _flagged(con):
        facts = f"{_flagged_facts(con)} UNION ALL BY NAME {facts}"
    con.execute("INSERT INTO main.seat_stats_rollup BY NAME "
                f"SELECT CAST(? AS INTEGER) AS chunk, * FROM ({rollup_of(f'({facts})')})",
                [chunk])


def _flagged_facts(con: duckdb.DuckDBPyConnection) -> str:
    """The query of the decoded facts of the hands in ``seat_stats_flagged``.

    In a store of the lean layout, by their integer keys (seat_stats_keyed.sql, which the
    ``seat_stats`` view reads): the chunk's flags are its hands' rows of ``stored.seat_flags``,
    and DuckDB carries their keys' range into its scans of the stored hands and seats, so
    the cost follows the chunk, not the store. seat_stats_stored.sql joins the hands and seat
    views on (site, hand_id) and scans every stored seat: adding 2,000 new hands to a store of
    1,000,000 took 2.1 s, against 0.02 s for the decoding by key (the same rows)."""
    if not keyed(con):
        return load("seat_stats_stored")
    con.execute("CREATE OR REPLACE TEMP TABLE seat_stats_flagged_keys AS SELECT hand_key "
                "FROM stored.hands SEMI JOIN seat_stats_flagged USING (site, hand_id)")
    lo, hi = con.execute("SELECT min(hand_key), max(hand_key) FROM "
                         "temp.seat_stats_flagged_keys").fetchone()
    return f"{keyed_tables(int(lo), int(hi))} SELECT * FROM ({load('seat_stats_keyed')})"


def keyed_tables(lo: int | None = None, hi: int | None = None) -> str:
    """The WITH clause that binds seat_stats_keyed.sql's relations: the whole stored tables
    (the view), or the rows of the keys ``lo`` to ``hi`` (a chunk: literal bounds, which
    DuckDB checks against each row group's range before reading it), its flags only those
    of ``temp.seat_stats_flagged_keys``."""
    if lo is None or hi is None:
        return ("WITH flag_rows AS NOT MATERIALIZED (FROM stored.seat_flags), hands_keyed AS "
                "NOT MATERIALIZED (FROM stored.hands), seats_keyed AS NOT MATERIALIZED "
                "(FROM stored.seats)")
    within = f"WHERE hand_key BETWEEN {lo} AND {hi}"
    return (f"WITH flag_rows AS NOT MATERIALIZED (FROM stored.seat_flags {within} AND "
            "hand_key IN (FROM temp.seat_stats_flagged_keys)), hands_keyed AS NOT "
            f"MATERIALIZED (FROM stored.hands {within}), seats_keyed AS NOT MATERIALIZED "
            f"(FROM stored.seats {within})")


def chunk_facts(con: duckdb.DuckDBPyConnection) -> None:
    """Facts and rollup of the hands in ``seat_stats_chunk``, as temporary tables (a
    read-only connection's view of the hands the tables lack)."""
    mark_flagged(con)
    sql, params = pending_query(con)
    con.execute(f"CREATE OR REPLACE TEMP TABLE seat_stats_recent AS {sql}", params)
    con.execute("CREATE OR REPLACE TEMP TABLE seat_rollup_recent AS FROM ("
                f"{rollup_of('temp.seat_stats_recent')})")


def mark_flagged(con: duckdb.DuckDBPyConnection) -> None:
    """List in ``seat_stats_flagged`` the hands of ``seat_stats_chunk`` whose facts the
    cores stored under today's definition (none when the store's flags are not usable)."""
    if flags_usable(con) and lean(con):  # by key: the seat_flags view joins every row;
        # the chunk's keys are a table first, so that DuckDB hashes them, not the flags
        con.execute("CREATE OR REPLACE TEMP TABLE seat_stats_chunk_keys AS SELECT hand_key, "
                    "site, hand_id FROM stored.hands SEMI JOIN seat_stats_chunk "
                    "USING (site, hand_id)")
        con.execute("CREATE OR REPLACE TEMP TABLE seat_stats_flagged AS SELECT site, hand_id "
                    "FROM seat_stats_chunk_keys SEMI JOIN stored.seat_flags USING (hand_key)")
    elif flags_usable(con):
        con.execute("CREATE OR REPLACE TEMP TABLE seat_stats_flagged AS SELECT DISTINCT "
                    "site, hand_id FROM main.seat_flags SEMI JOIN seat_stats_chunk "
                    "USING (site, hand_id)")
    else:
        con.execute("CREATE OR REPLACE TEMP TABLE seat_stats_flagged "
                    "(site VARCHAR, hand_id VARCHAR)")


def _flagged(con: duckdb.DuckDBPyConnection) -> int:
    return con.execute("SELECT count(*) FROM seat_stats_flagged").fetchall()[0][0]


def _unflagged(con: duckdb.DuckDBPyConnection) -> int:
    """Hands of the chunk without usable flags."""
    return con.execute("SELECT count(*) FROM seat_stats_chunk ANTI JOIN seat_stats_flagged "
                       "USING (site, hand_id)").fetchall()[0][0]


def pending_query(con: duckdb.DuckDBPyConnection) -> tuple[str, dict[str, object] | None]:
    """The query of the facts of the hands in ``seat_stats_chunk`` (after
    :func:`mark_flagged`), and its parameters: decoded from the stored flags for the hands
    listed in ``seat_stats_flagged``, computed by the reference SQL (seat_stats_pending.sql,
    which takes those of :func:`no_filters`) for the others. Either way the rows are the
    same; the stored flags only make them cheap. A part with no hand is left out (an empty
    chunk gets the reference's, for the columns)."""
    if not _flagged(con):
        return load("seat_stats_pending"), no_filters()
    if not _unflagged(con):
        return load("seat_stats_stored"), None
    return (f"{load('seat_stats_stored')} UNION ALL BY NAME {load('seat_stats_pending')}",
            no_filters())


def flags_usable(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether the store holds stat facts from the cores (``seat_flags``) made by today's
    definition (``seat_flags_meta``, :func:`reports.facts.definition`)."""
    found = con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_catalog = "
        "current_database() AND table_schema = 'main' AND table_name IN "
        "('seat_flags', 'seat_flags_meta')").fetchall()[0][0]
    if found != 2:
        return False
    rows = con.execute("SELECT definition FROM main.seat_flags_meta").fetchall()
    return len(rows) == 1 and rows[0][0] == facts_definition()


def rollup_of(facts: str) -> str:
    """The rollup (seat_rollup.sql) of the per-seat facts in the relation ``facts``."""
    return ("WITH seat_rows AS (SELECT *, CAST(date_trunc('month', started_at) AS TIMESTAMP)"
            f" AS month FROM {facts}) {load('seat_rollup')}")


def pending_chunk(con: duckdb.DuckDBPyConnection, limit: int | None, known: bool) -> int:
    """Fill the temporary table ``seat_stats_chunk`` with hands not yet done (all of them,
    or none with ``limit=0`` to give the facts' tables their columns)."""
    done = " ANTI JOIN main.seat_stats_hands k USING (site, hand_id)" if known else ""
    cap = f" LIMIT {int(limit)}" if limit is not None else ""
    con.execute(f"CREATE OR REPLACE TEMP TABLE seat_stats_chunk AS "
                f"SELECT site, hand_id FROM main.hands{done}{cap}")
    return con.execute("SELECT count(*) FROM seat_stats_chunk").fetchone()[0]


def plan_chunks(con: duckdb.DuckDBPyConnection, chunk_hands: int) -> int:
    """Number the hands not yet done into chunks of ``chunk_hands``, in time order (ties by
    key); how many chunks.

    The rollup's rows are summed per chunk: a fixed order means the same hands are always cut
    into the same chunks, whatever order they were imported in, so two refreshes store the same
    rows; time order means a chunk spans few months, so its rows merge into few rollup rows
    (on a million simulated hands, half as many as cutting by key). One anti-join and one sort
    serve the whole refresh, instead of one per chunk.
    """
    since = _done_through(con)
    # the hands to look at, and the done ones among them: above the key noted done, the few
    # stored since, and those of the done ones (a semi-join: the done ones' hash table is
    # never built)
    hands, done = "main.hands", "main.seat_stats_hands"
    if since is not None:
        hands = (f"(SELECT site, hand_id, started_at FROM stored.hands "
                 f"WHERE hand_key > {int(since)})")
        done = (f"(SELECT site, hand_id FROM main.seat_stats_hands SEMI JOIN {hands} "
                "USING (site, hand_id))")
    con.execute(
        "CREATE OR REPLACE TEMP TABLE seat_stats_todo AS SELECT site, hand_id, "
        "(row_number() OVER (ORDER BY started_at, site, hand_id) - 1) "
        f"// {int(chunk_hands)} AS chunk "
        f"FROM {hands} ANTI JOIN {done} k USING (site, hand_id)")
    last = con.execute("SELECT max(chunk) FROM seat_stats_todo").fetchone()[0]
    return 0 if last is None else last + 1


def _done_through(con: duckdb.DuckDBPyConnection) -> int | None:
    """The stored key up to which every hand is done (None: unknown, look at every hand).

    Why: finding the hands not done is an anti-join of every stored hand with every done
    one, on (site, hand_id) strings, at every refresh (0.25 s on 1,000,000 hands, 0.04 s
    from the key on). New hands get keys above every stored one, so once a refresh leaves
    every hand done it notes the largest key (:func:`note_done_through`); hands below it
    can be undone again only by being taken back or changed, which :func:`_forget_dropped`
    handles, and it forgets the note."""
    if not (has_column(con, "seat_stats_meta", "done_through") and lean(con)):
        return None
    row = con.execute("SELECT done_through FROM main.seat_stats_meta").fetchone()
    return row[0] if row else None


def note_done_through(con: duckdb.DuckDBPyConnection) -> None:
    """After a refresh that left every stored hand done: note the largest key (see
    :func:`_done_through`)."""
    if not (has_column(con, "seat_stats_meta", "done_through") and lean(con)):
        return
    done, hands, top = con.execute(
        "SELECT (SELECT count(*) FROM main.seat_stats_hands), (SELECT count(*) FROM "
        "stored.hands), (SELECT max(hand_key) FROM stored.hands)").fetchone()
    if done == hands:
        con.execute("UPDATE main.seat_stats_meta SET done_through = ?", [top])


def has_column(con: duckdb.DuckDBPyConnection, table: str, column: str) -> bool:
    return bool(con.execute(
        "SELECT count(*) FROM information_schema.columns WHERE table_catalog = "
        "current_database() AND table_schema = 'main' AND table_name = ? AND column_name = ?",
        [table, column]).fetchone()[0])


def lean(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether the store keeps its hands in the lean layout (``stored.hands``, with keys)."""
    return bool(con.execute(
        "SELECT count(*) FROM duckdb_tables() WHERE database_name = current_database() AND "
        "schema_name = 'stored' AND table_name = 'hands'").fetchone()[0])


def take_chunk(con: duckdb.DuckDBPyConnection, chunk: int) -> int:
    """Fill ``seat_stats_chunk`` with the hands of one planned chunk; their number."""
    con.execute("CREATE OR REPLACE TEMP TABLE seat_stats_chunk AS "
                "SELECT site, hand_id FROM seat_stats_todo WHERE chunk = ?", [chunk])
    return con.execute("SELECT count(*) FROM seat_stats_chunk").fetchall()[0][0]


def keyed(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether the flags can be decoded by hand_key (seat_stats_keyed.sql): usable flags, in
    a store of the lean layout (``stored.seat_flags``), which every writable open makes."""
    lean = con.execute("SELECT count(*) FROM duckdb_tables() WHERE database_name = "
                       "current_database() AND schema_name = 'stored' AND table_name "
                       "= 'seat_flags'").fetchone()[0]
    return bool(lean) and flags_usable(con)
