"""All-in adjusted results, stored: computed once per hand (by `sidepot import --allin`, or by
the first writable reader), read by ``sidepot graph`` and the HTML report.

Why stored: the enumeration of :mod:`reports.equity` costs up to a second for a heads-up
preflop all-in (every remaining board), so a graph that enumerated its hands each time took
minutes. A stored hand never changes, so its adjusted result is computed once, from the stored
rows (hands, actions, seats, pots) only: whichever core parsed the file, the same rows give the
same table.

Two tables (declared in :mod:`pipeline.store.schema`, created with the store):

- ``allin_equity``: one row per contender of each adjustable hand, ``adjusted_net`` = expected
  share of the pots once the chips were in (rake taken in the same proportion as from the real
  pot) minus what the seat invested, rounded to the cent (half to even). Seats without a row
  keep their real net.
- ``allin_equity_hands``: every hand looked at, with the ``imported_at`` of the rows it was
  computed from, so a hand deleted and stored again (a file read again) is computed again.

A reader with a read-only connection (``sidepot graph``, ``sidepot report``) uses the stored
rows and computes the hands not yet looked at on the fly, for that call only; a writable
connection fills the tables first.
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction

import duckdb
import pandas as pd

from reports.equity import allin_adjusted

__all__ = ["CHUNK_HANDS", "adjusted_nets", "fill_allin_equity", "to_cents"]

#: Hands per transaction of :func:`fill_allin_equity`: an interrupted fill keeps what it did.
CHUNK_HANDS = 20_000
_CENT = Decimal("0.01")
#: the names of pipeline.store.schema's ALLIN_EQUITY and ALLIN_EQUITY_HANDS
_TABLE, _HANDS_TABLE = "allin_equity", "allin_equity_hands"

# Hands whose rows are not (or no longer) the ones the stored equity was computed from.
_PENDING = """
SELECT h.site, h.hand_id, h.imported_at FROM main.hands h
ANTI JOIN main.allin_equity_hands d
    ON d.site = h.site AND d.hand_id = h.hand_id
   AND d.imported_at IS NOT DISTINCT FROM h.imported_at
"""


def to_cents(value: Fraction) -> Decimal:
    """An exact amount rounded to the cent, half to even (the same on every machine)."""
    with localcontext() as ctx:
        ctx.prec = 60
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        return exact.quantize(_CENT, rounding=ROUND_HALF_EVEN)


def _has_tables(con: duckdb.DuckDBPyConnection) -> bool:
    names = {r[0] for r in con.execute(
        "SELECT table_name FROM information_schema.tables WHERE table_catalog = "
        "current_database() AND table_schema = 'main' AND table_name LIKE 'allin_equity%'"
    ).fetchall()}
    return {_TABLE, _HANDS_TABLE} <= names


def _read_only(con: duckdb.DuckDBPyConnection) -> bool:
    row = con.execute("SELECT readonly FROM duckdb_databases() "
                      "WHERE database_name = current_database()").fetchall()[0]
    return bool(row and row[0])


def fill_allin_equity(con: duckdb.DuckDBPyConnection, chunk_hands: int = CHUNK_HANDS) -> int:
    """Compute and store the adjusted results of every hand not yet looked at; the number of
    hands looked at. Cheap when nothing is new (one anti-join). Needs a writable connection to
    a store that has the tables (every store the import opens creates them).

    Hands go in key order, ``chunk_hands`` per transaction; orphan rows (hands no longer
    stored) are dropped.
    """
    if not _has_tables(con):  # a store made before the tables existed: readers enumerate
        return 0
    # The keys to do stay in DuckDB (numbered in key order) and come out a chunk at a time:
    # as one pandas frame, a million hands' keys held 46 MB (measured) for the whole fill.
    con.execute("CREATE OR REPLACE TEMP TABLE _allin_todo AS SELECT row_number() OVER "
                "(ORDER BY site, hand_id) AS n, site, hand_id, imported_at FROM (" + _PENDING +
                ")")
    try:
        return _fill_chunks(con, chunk_hands)
    finally:
        con.execute("DROP TABLE IF EXISTS temp._allin_todo")


def _fill_chunks(con: duckdb.DuckDBPyConnection, chunk_hands: int) -> int:
    """:func:`fill_allin_equity`'s chunks, from the numbered keys in ``_allin_todo``."""
    total = con.execute("SELECT count(*) FROM temp._allin_todo").fetchone()[0]
    done = 0
    for lo in range(0, total, chunk_hands):
        keys = con.execute("SELECT site, hand_id, imported_at FROM temp._allin_todo "
                           "WHERE n > ? AND n <= ? ORDER BY n", [lo, lo + chunk_hands]).df()
        rows = _rows(allin_adjusted(con, keys))
        con.begin()
        try:
            con.register("_allin_keys", keys)
            con.register("_allin_rows", rows)
            for table in (_TABLE, _HANDS_TABLE):
                con.execute(f"DELETE FROM main.{table} t USING _allin_keys k "
                            "WHERE t.site = k.site AND t.hand_id = k.hand_id")
            con.execute(f"INSERT INTO main.{_TABLE} BY NAME SELECT site, hand_id, "
                        "seat, CAST(adjusted_net AS DECIMAL(18, 2)) AS adjusted_net "
                        "FROM _allin_rows")
            con.execute(f"INSERT INTO main.{_HANDS_TABLE} BY NAME "
                        "SELECT site, hand_id, imported_at FROM _allin_keys")
            con.commit()
        except BaseException:
            con.rollback()
            raise
        finally:
            con.unregister("_allin_keys")
            con.unregister("_allin_rows")
        done += len(keys)
    _drop_orphans(con)
    return done


def _drop_orphans(con: duckdb.DuckDBPyConnection) -> None:
    for table in (_TABLE, _HANDS_TABLE):
        con.execute(f"DELETE FROM main.{table} t WHERE NOT EXISTS (SELECT 1 FROM main.hands h "
                    "WHERE h.site = t.site AND h.hand_id = t.hand_id)")


def _rows(adjusted: dict[tuple[str, str, int], Fraction]) -> pd.DataFrame:
    """The enumeration's results as rows (amounts as exact decimal text, cast by DuckDB)."""
    items = sorted(adjusted.items())
    return pd.DataFrame({
        "site": pd.Series([k[0] for k, _ in items], dtype=object),
        "hand_id": pd.Series([k[1] for k, _ in items], dtype=object),
        "seat": pd.Series([k[2] for k, _ in items], dtype="int32"),
        "adjusted_net": pd.Series([str(to_cents(v)) for _, v in items], dtype=object),
    })


def adjusted_nets(
    con: duckdb.DuckDBPyConnection, keys: pd.DataFrame
) -> dict[tuple[str, str, int], Decimal]:
    """(site, hand_id, seat) -> all-in adjusted net, for the adjustable hands among ``keys``
    (columns site, hand_id). Stored rows where the hand was looked at; the rest enumerated now
    (and stored first when the connection is writable)."""
    if keys.empty:
        return {}
    wanted = keys[["site", "hand_id"]].drop_duplicates()
    if not _read_only(con):
        fill_allin_equity(con)
    out: dict[tuple[str, str, int], Decimal] = {}
    todo = wanted
    if _has_tables(con):
        con.register("_allin_want", wanted)
        try:
            for site, hand_id, seat, value in con.execute(
                f"SELECT e.site, e.hand_id, e.seat, e.adjusted_net FROM main.{_TABLE}"
                " e SEMI JOIN _allin_want w USING (site, hand_id)").fetchall():
                out[(site, hand_id, int(seat))] = value
            todo = con.execute(
                "SELECT w.site, w.hand_id FROM _allin_want w SEMI JOIN (" + _PENDING +
                ") p USING (site, hand_id)").df()
        finally:
            con.unregister("_allin_want")
    for key, value in allin_adjusted(con, todo).items():
        out[key] = to_cents(value)
    return out
