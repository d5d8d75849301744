"""Player statistics as DataFrames: SQL in ``reports/sql/seat_facts.sql`` (per seat and hand)
and ``reports/sql/player_stats.sql`` (aggregated per site, player and currency).

Every statistic comes as two counts, done and opportunities (``three_bet_hands`` over
``three_bet_opps``, ...), so figures from several rows or databases add up correctly; the
percentage columns are derived from them. See :data:`DEFINITIONS` for the meaning of each.

Speed: computing the per-seat facts means a windowed pass over every action (minutes per
million hands), and adding up millions of seats takes seconds. Stored hands never change (the
key is (site, hand_id), imports only add), so :func:`refresh` computes the facts of each hand
once into ``seat_stats`` (one row per seat) and ``seat_stats_rollup`` (their counts added up
per player, month, site, game, limit, stakes, hero, cash/tournament and position). The
statistics add up rollup rows for whole months, and seats only where the rollup cannot answer:
the first and last month of a date range cut mid-month.

Freshness rule: a hand is done once its key is in ``seat_stats_hands``; the tables are current
when that holds as many keys as ``hands`` holds rows, and they are rebuilt from scratch when
the facts' definition (the text of seat_hands.sql and seat_flags.sql) changes or they know
more hands than the store; when only the rollup's (seat_rollup.sql) changes, the stored facts
are added up again, which takes seconds where recomputing them takes minutes. A writable
connection brings them up to date before reading; a read-only one (``sidepot stats``)
computes the facts of the hands they lack on the fly, for this connection only. Either way
the answer is that of the live definition (``seat_facts.sql``); the tables only make it fast.
Importers should call :func:`refresh` after each import so that readers find them current.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, TypeVar

import duckdb

if TYPE_CHECKING:  # frames come from DuckDB's .df(): an import's refresh never loads pandas
    import pandas as pd

from reports.facts import definition as facts_definition
from reports.filters import Filters
from reports.sql import frame, load, query, with_new_columns

_T = TypeVar("_T")

#: statistic -> (done column, opportunities column, meaning). Percent unless noted.
DEFINITIONS: dict[str, tuple[str, str, str]] = {
    "vpip": ("vpip_hands", "vpip_opps",
             "put money in preflop voluntarily (call, bet, raise; blinds are not voluntary) "
             "/ hands dealt minus walks"),
    "pfr": ("pfr_hands", "vpip_opps", "raised preflop / hands dealt minus walks"),
    "three_bet": ("three_bet_hands", "three_bet_opps",
                  "re-raised when facing exactly one preflop raise / times faced one raise"),
    "fold_to_three_bet": ("fold_to_three_bet_hands", "fold_to_three_bet_opps",
                          "opened, then folded to a 3-bet / opened and faced a 3-bet"),
    "four_bet": ("four_bet_hands", "four_bet_opps",
                 "opened, then re-raised a 3-bet / opened and faced a 3-bet"),
    "fold_to_four_bet": ("fold_to_four_bet_hands", "fold_to_four_bet_opps",
                         "3-bet, then folded to a 4-bet / 3-bet and faced a 4-bet"),
    "cbet_flop": ("cbet_flop_hands", "cbet_flop_opps",
                  "last preflop raiser bet the flop / last preflop raiser could bet first"),
    "cbet_turn": ("cbet_turn_hands", "cbet_turn_opps",
                  "flop c-bettor bet the turn too / flop c-bettor could bet the turn first"),
    "fold_to_cbet_flop": ("fold_to_cbet_flop_hands", "fold_to_cbet_flop_opps",
                          "folded facing a flop c-bet (no raise before) / faced one"),
    "fold_to_cbet_turn": ("fold_to_cbet_turn_hands", "fold_to_cbet_turn_opps",
                          "folded facing a turn c-bet / faced one"),
    "steal": ("steal_hands", "steal_opps",
              "raised first in from CO, BTN or SB / folded to in CO, BTN or SB"),
    "fold_sb_to_steal": ("fold_sb_to_steal_hands", "fold_sb_to_steal_opps",
                         "small blind folded to a steal / faced a steal alone in the SB"),
    "fold_bb_to_steal": ("fold_bb_to_steal_hands", "fold_bb_to_steal_opps",
                         "big blind folded to a steal / faced a steal alone in the BB"),
    "wtsd": ("showdowns", "flops_seen", "went to showdown / saw the flop"),
    "wsd": ("showdowns_won", "showdowns", "won money at showdown / went to showdown"),
    "wwsf": ("won_after_flop", "flops_seen", "won money after seeing the flop / saw the flop"),
    "af": ("postflop_bets_raises", "postflop_calls",
           "(bets + raises) / calls, flop to river (a ratio, not a percent)"),
    "afq": ("postflop_bets_raises", "postflop_actions",
            "(bets + raises) / (bets + raises + calls + folds), flop to river"),
}

#: The columns the terminal table shows by default.
SUMMARY_COLUMNS = [
    "player", "site", "currency", "hands", "vpip", "pfr", "three_bet", "cbet_flop", "steal",
    "wtsd", "wsd", "af", "net_won", "bb_per_100",
]


def player_stats(
    con: duckdb.DuckDBPyConnection,
    filters: Filters | None = None,
    min_hands: int = 1,
    **kwargs: object,
) -> pd.DataFrame:
    """One row per (site, player, currency), most hands first.

    Filters come as a :class:`Filters` or as its fields by keyword
    (``player_stats(con, player="Hero", stakes="0.05/0.10")``). Money columns (``net_won``,
    ``rake_paid``, ``showdown_won``, ``non_showdown_won``) are exact Decimals. On a writable
    connection the ``seat_stats`` table is brought up to date first (see the module doc).
    """
    f = filters if filters is not None else Filters(**kwargs)  # type: ignore[arg-type]
    _facts_now(con)
    params = {**f.params(), "min_hands": min_hands, "use_rollup": True}
    cut = any(
        d is not None and d != _month_start(d) for d in (params["date_from"], params["date_to"]))
    con.execute(f"CREATE OR REPLACE TEMP VIEW seat_cut_now AS SELECT 1 AS seats_needed"
                f"{'' if cut else ' WHERE false'}")
    frame = query(con, "player_stats", params)
    frame["postflop_actions"] = (
        frame["postflop_bets_raises"] + frame["postflop_calls"] + frame["postflop_folds"]
    )
    return frame


def seat_facts(con: duckdb.DuckDBPyConnection, filters: Filters | None = None) -> pd.DataFrame:
    """The per-seat, per-hand rows behind every statistic, in hand order (time, then id)."""
    f = filters if filters is not None else Filters()
    _facts_now(con)
    # net_bb is stored exact (its sums must not depend on chunks); a frame gets it as a float,
    # the type it always had here
    sql = (f"SELECT * REPLACE (CAST(net_bb AS DOUBLE) AS net_bb) FROM "
           f"({load('seat_stats_filtered')}) f ORDER BY started_at NULLS LAST, site, hand_id, seat")
    return frame(con, sql, f.params())


@dataclass(frozen=True, slots=True)
class RefreshResult:
    """What :func:`refresh` did: hands whose facts were added, and whether it started over."""

    hands_added: int
    rebuilt: bool


#: Hands per refresh step: bounds the memory of the windowed pass over their actions and of
#: their facts, held once more as Arrow for the rollup (about 1.2 KB a hand). Smaller chunks
#: cost time (each reads the tables again where their keys cannot skip row groups).
CHUNK_HANDS = 40_000
#: DuckDB's memory while refreshing (the connection's own limit is restored after): without
#: it the buffer pool keeps every block the chunks read. Measured on a refresh of 1,000,000
#: simulated hands in a fresh process (152 MB of modules), side by side on one machine:
#: 50,000-hand chunks at 200 MB peaked at 441 MB, 40,000 at 160 MB at 390 MB, 40,000 at
#: 128 MB at 358 MB, all in the same CPU time (113-115 s); 30,000 at 128 MB took 1.2x the
#: time, and 50,000 at 128 MB did not fit in its first chunk. 40,000 at 160 MB keeps a
#: margin for hands wider than simulated ones. A chunk that does not fit is rolled back and
#: run again uncapped (:func:`_or_uncapped`): the cap saves memory, it never fails a refresh.
REFRESH_MEMORY_LIMIT = "160MB"
#: The tables refresh keeps: per-seat facts, their monthly rollup, the hands done, the version.
TABLES = ("seat_stats", "seat_stats_rollup", "seat_stats_hands", "seat_stats_meta")


def refresh(con: duckdb.DuckDBPyConnection, chunk_hands: int = CHUNK_HANDS) -> RefreshResult:
    """Bring ``seat_stats`` and its rollup up to date with the store (needs a writable con).

    Meant to run after each import (cheap when nothing changed: two counts); the reports also
    call it on writable connections. Each step computes the facts of up to ``chunk_hands``
    hands not yet done and records their keys, in one transaction, so an interrupted refresh
    leaves a consistent table that the next one completes.
    """
    with_new_columns(con)
    _forget_dropped(con)
    state = _state(con)
    rebuilt = state not in ("fresh", "stale", "rollup_outdated")
    if state == "rollup_outdated":  # the facts hold: only re-add them up (seconds, not minutes)
        con.begin()
        try:
            con.execute("CREATE OR REPLACE TABLE main.seat_stats_rollup AS FROM ("
                        f"{_rollup_of('main.seat_stats')})")
            con.execute("UPDATE main.seat_stats_meta SET rollup = ?", [_rollup_definition()])
            con.commit()
        except BaseException:
            con.rollback()
            raise
    added = 0
    with _memory_capped(con):
        if rebuilt:
            _or_uncapped(con, _create_tables)
        for chunk in range(_or_uncapped(con, _plan_chunks, chunk_hands)):
            added += _or_uncapped(con, _refresh_chunk, chunk)
    con.execute("DROP TABLE IF EXISTS temp.seat_stats_todo")
    return RefreshResult(added, rebuilt)


@contextmanager
def _memory_capped(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """Run with DuckDB's memory limit at :data:`REFRESH_MEMORY_LIMIT`, then the old one."""
    before = con.execute("SELECT current_setting('memory_limit')").fetchone()[0]
    con.execute(f"SET memory_limit = '{REFRESH_MEMORY_LIMIT}'")
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


def _create_tables(con: duckdb.DuckDBPyConnection) -> None:
    """The facts' tables, empty, with the columns the facts query gives them."""
    for name in TABLES:
        con.execute(f"DROP TABLE IF EXISTS main.{name}")
    _pending_chunk(con, 0, known=False)
    _chunk_facts(con)
    con.execute("CREATE TABLE main.seat_stats AS FROM seat_stats_recent")
    con.execute("CREATE TABLE main.seat_stats_rollup AS FROM seat_rollup_recent")
    con.execute("CREATE TABLE main.seat_stats_hands (site VARCHAR, hand_id VARCHAR)")
    con.execute("CREATE TABLE main.seat_stats_meta (definition VARCHAR, rollup VARCHAR)")
    con.execute("INSERT INTO main.seat_stats_meta VALUES (?, ?)",
                [_definition(), _rollup_definition()])


def _refresh_chunk(con: duckdb.DuckDBPyConnection, chunk: int) -> int:
    """Store the facts of one planned chunk, in one transaction; the number of its hands."""
    con.begin()
    try:
        added = _take_chunk(con, chunk)
        _store_chunk_facts(con)
        con.execute("INSERT INTO main.seat_stats_hands SELECT * FROM seat_stats_chunk")
        con.commit()
    except BaseException:
        con.rollback()
        raise
    return added


#: Keys of hands an import took back to store again (pipeline.store.schema.HANDS_DROPPED).
_DROPPED = "main.hands_dropped"


def _dropped(con: duckdb.DuckDBPyConnection) -> int:
    """How many dropped hands' facts are still to forget (0 when the table does not exist)."""
    found = con.execute("SELECT count(*) FROM information_schema.tables WHERE table_catalog = "
                        "current_database() AND table_schema = 'main' AND table_name = "
                        "'hands_dropped'").fetchone()[0]
    return con.execute(f"SELECT count(*) FROM {_DROPPED}").fetchone()[0] if found else 0


def _forget_dropped(con: duckdb.DuckDBPyConnection) -> None:
    """The facts of hands the import took back leave the tables (they are computed again
    from the rows stored now), and the rollup rows of each (site, player, month) they touched
    are added up again from the facts left; one transaction, then the keys are done."""
    if not _dropped(con):
        return
    con.begin()
    try:
        if _state(con, forgetting=True) in ("missing", "outdated"):  # rebuilt anyway
            con.execute(f"DELETE FROM {_DROPPED}")
            con.commit()
            return
        con.execute(f"CREATE OR REPLACE TEMP TABLE seat_stats_gone AS SELECT DISTINCT site, "
                    f"hand_id FROM {_DROPPED}")
        month = "CAST(date_trunc('month', started_at) AS TIMESTAMP)"
        con.execute(f"CREATE OR REPLACE TEMP TABLE seat_stats_groups AS SELECT DISTINCT site, "
                    f"player, {month} AS month FROM main.seat_stats "
                    "SEMI JOIN seat_stats_gone USING (site, hand_id)")
        for table in ("seat_stats", "seat_stats_hands"):
            con.execute(f"DELETE FROM main.{table} t USING seat_stats_gone g "
                        "WHERE t.site = g.site AND t.hand_id = g.hand_id")
        con.execute("DELETE FROM main.seat_stats_rollup t USING seat_stats_groups g "
                    f"WHERE {_same_group('t.month')}")
        left = ("(SELECT t.* FROM main.seat_stats t SEMI JOIN seat_stats_groups g ON "
                f"{_same_group(month.replace('started_at', 't.started_at'))})")
        con.execute("INSERT INTO main.seat_stats_rollup BY NAME FROM ("
                    f"{_rollup_of(left)})")
        con.execute(f"DELETE FROM {_DROPPED}")
        con.commit()
    except BaseException:
        con.rollback()
        raise


def _same_group(t_month: str) -> str:
    """Row ``t`` is of group ``g`` of seat_stats_groups (``t_month``: t's month)."""
    return ("t.site = g.site AND t.player IS NOT DISTINCT FROM g.player "
            f"AND {t_month} IS NOT DISTINCT FROM g.month")


def needs_rebuild(con: duckdb.DuckDBPyConnection) -> bool:
    """True when :func:`refresh` would recompute every hand's facts (tables missing, or made
    by another definition of the facts), not just add new hands or re-add the rollup."""
    return _state(con) in ("missing", "outdated")


def _facts_now(con: duckdb.DuckDBPyConnection) -> None:
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
    _pending_chunk(con, None, known=usable)
    _chunk_facts(con)
    for view, table, recent in (("seat_facts_now", "seat_stats", "seat_stats_recent"),
                                ("seat_rollup_now", "seat_stats_rollup", "seat_rollup_recent")):
        stored = f"FROM main.{table} UNION ALL BY NAME " if usable else ""
        con.execute(f"CREATE OR REPLACE TEMP VIEW {view} AS {stored}FROM temp.{recent}")
    if state == "rollup_outdated":  # stored facts, added up on the fly by today's definition
        con.execute("CREATE OR REPLACE TEMP VIEW seat_rollup_now AS FROM ("
                    f"{_rollup_of('seat_facts_now')})")


def _chunk_facts(con: duckdb.DuckDBPyConnection) -> None:
    """Facts and rollup of the hands in ``seat_stats_chunk``, as temporary tables."""
    con.execute(f"CREATE OR REPLACE TEMP TABLE seat_stats_recent AS {_pending(con)}",
                _no_filters())
    con.execute("CREATE OR REPLACE TEMP TABLE seat_rollup_recent AS FROM ("
                f"{_rollup_of('temp.seat_stats_recent')})")


def _store_chunk_facts(con: duckdb.DuckDBPyConnection) -> None:
    """Add the facts of the hands in ``seat_stats_chunk`` to ``seat_stats`` and their rollup
    to ``seat_stats_rollup``.

    The facts go straight into the table, and the rows it took come back (``RETURNING``, as
    Arrow) for the rollup: a temporary table in between, copied into ``seat_stats`` after,
    cost as much again as computing the facts (on 20,000 simulated hands, 0.2 s of 0.6 s);
    reading them back from ``seat_stats`` would cost more the larger the store.
    """
    stored = con.sql(f"INSERT INTO main.seat_stats BY NAME {_pending(con)} "
                     f"RETURNING * EXCLUDE ({', '.join(_NOT_ROLLED_UP)})",
                     params=_no_filters()).to_arrow_table()
    con.register("seat_stats_stored", stored)
    try:
        con.execute("INSERT INTO main.seat_stats_rollup BY NAME FROM ("
                    f"{_rollup_of('seat_stats_stored')})")
    finally:
        con.unregister("seat_stats_stored")


def _pending(con: duckdb.DuckDBPyConnection) -> str:
    """The query of the facts of the hands in ``seat_stats_chunk``: decoded from the flags
    the cores stored (seat_stats_stored.sql) for the hands that have them under today's
    definition (listed in ``seat_stats_flagged``), computed by the reference SQL
    (seat_stats_pending.sql) for the others. Either way the rows are the same; the stored
    flags only make them cheap. A part with no hand is left out of the query."""
    if _flags_usable(con):
        con.execute("CREATE OR REPLACE TEMP TABLE seat_stats_flagged AS SELECT DISTINCT "
                    "site, hand_id FROM main.seat_flags SEMI JOIN seat_stats_chunk "
                    "USING (site, hand_id)")
    else:
        con.execute("CREATE OR REPLACE TEMP TABLE seat_stats_flagged "
                    "(site VARCHAR, hand_id VARCHAR)")
    flagged, chunk = con.execute("SELECT (SELECT count(*) FROM seat_stats_flagged), "
                                 "(SELECT count(*) FROM seat_stats_chunk)").fetchall()[0]
    if not flagged:
        return load("seat_stats_pending")
    # the reference's parameters go unused where only flags are decoded: keep them bound
    stored = f"SELECT * FROM ({load('seat_stats_stored')}) WHERE {_UNUSED_PARAMETERS}"
    if flagged == chunk:
        return stored
    return f"{stored} UNION ALL BY NAME {load('seat_stats_pending')}"


#: The parameters of seat_facts.sql that seat_stats_stored.sql has no use for, read as a
#: condition that always holds (a prepared statement refuses a parameter it does not read).
_UNUSED_PARAMETERS = ("(CAST($player AS VARCHAR) IS NULL OR true) AND (CAST($hero AS BOOLEAN) "
                      "IS NULL OR true) AND (CAST($positions AS VARCHAR[]) IS NULL OR true) "
                      "AND (CAST($include_anonymous AS BOOLEAN) IS NULL OR true)")


def _flags_usable(con: duckdb.DuckDBPyConnection) -> bool:
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


#: Facts columns the rollup (seat_rollup.sql) neither groups by nor adds up: left out of the
#: rows a chunk's INSERT hands back for it (the hand id is the widest column of all).
_NOT_ROLLED_UP = ("hand_id", "seat", "decimals", "invested", "collected")


def _rollup_of(facts: str) -> str:
    """The rollup (seat_rollup.sql) of the per-seat facts in the relation ``facts``."""
    return ("WITH seat_rows AS (SELECT *, CAST(date_trunc('month', started_at) AS TIMESTAMP)"
            f" AS month FROM {facts}) {load('seat_rollup')}")


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


def _pending_chunk(con: duckdb.DuckDBPyConnection, limit: int | None, known: bool) -> int:
    """Fill the temporary table ``seat_stats_chunk`` with hands not yet in ``seat_stats``
    (all of them, or none with ``limit=0`` to give the facts' tables their columns)."""
    done = " ANTI JOIN main.seat_stats_hands k USING (site, hand_id)" if known else ""
    cap = f" LIMIT {int(limit)}" if limit is not None else ""
    con.execute(f"CREATE OR REPLACE TEMP TABLE seat_stats_chunk AS "
                f"SELECT site, hand_id FROM main.hands{done}{cap}")
    return con.execute("SELECT count(*) FROM seat_stats_chunk").fetchone()[0]


def _plan_chunks(con: duckdb.DuckDBPyConnection, chunk_hands: int) -> int:
    """Number the hands not yet in ``seat_stats`` into chunks of ``chunk_hands``, in time
    order (ties by key).

    The rollup's rows are summed per chunk: a fixed order means the same hands are always cut
    into the same chunks, whatever order they were imported in, so two refreshes store the same
    rows; time order means a chunk spans few months, so its rows merge into few rollup rows
    (on a million simulated hands, half as many as cutting by key). One anti-join and one sort
    serve the whole refresh, instead of one per chunk.
    """
    con.execute(
        "CREATE OR REPLACE TEMP TABLE seat_stats_todo AS SELECT site, hand_id, "
        "(row_number() OVER (ORDER BY started_at, site, hand_id) - 1) "
        f"// {int(chunk_hands)} AS chunk "
        "FROM main.hands ANTI JOIN main.seat_stats_hands k USING (site, hand_id)")
    last = con.execute("SELECT max(chunk) FROM seat_stats_todo").fetchone()[0]
    return 0 if last is None else last + 1


def _take_chunk(con: duckdb.DuckDBPyConnection, chunk: int) -> int:
    """Fill ``seat_stats_chunk`` with the hands of one planned chunk; their number."""
    con.execute("CREATE OR REPLACE TEMP TABLE seat_stats_chunk AS "
                "SELECT site, hand_id FROM seat_stats_todo WHERE chunk = ?", [chunk])
    # fetchall: the result is finished, as con.sql (in _store_chunk_facts) requires
    return con.execute("SELECT count(*) FROM seat_stats_chunk").fetchall()[0][0]


def _month_start(moment: datetime) -> datetime:
    return moment.replace(day=1, hour=0, minute=0, second=0, microsecond=0)


def _read_only(con: duckdb.DuckDBPyConnection) -> bool:
    row = con.execute("SELECT readonly FROM duckdb_databases() "
                      "WHERE database_name = current_database()").fetchone()
    return bool(row and row[0])


def _no_filters() -> dict[str, object]:
    return {**Filters().params(), "include_anonymous": None}  # the facts of every seat


def _definition() -> str:
    """A fingerprint of the facts' definition: a changed flag invalidates the stored tables."""
    return _fingerprint(load("seat_hands") + load("seat_flags"))


def _rollup_definition() -> str:
    """A fingerprint of the rollup's definition: a change re-adds the stored facts up."""
    return _fingerprint(load("seat_rollup"))


def _fingerprint(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]
