"""Two stores hold the same rows: every table compared with EXCEPT ALL both ways.

Used by the tests that must end "exactly as a clean import": an interrupted import rerun,
a file imported as it grew, a Dask import attached. ``imported_at`` (when a row was written)
is the only column left out. What is compared is what users read: the tables and views of
``main`` (the lean stored tables number hands in the order they were written).
"""

from __future__ import annotations

from pathlib import Path

import duckdb

VOLATILE = ("imported_at",)


def differences(got: Path, want: Path, tables: tuple[str, ...] | None = None,
                skip: dict[str, tuple[str, ...]] | None = None) -> dict[str, tuple[int, int]]:
    """Per table with a difference: (rows only in ``got``, rows only in ``want``), counted
    as multisets. ``tables`` defaults to every table of ``want``; ``skip`` leaves more
    columns out of a table's comparison."""
    con = duckdb.connect()
    try:
        con.execute(f"ATTACH '{got}' AS got (READ_ONLY)")
        con.execute(f"ATTACH '{want}' AS want (READ_ONLY)")
        if tables is None:
            tables = tuple(r[0] for r in con.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_catalog = 'want' "
                "AND table_schema = 'main' ORDER BY 1").fetchall())
        out = {}
        for table in tables:
            cols = [r[0] for r in con.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_catalog = "
                "'want' AND table_schema = 'main' AND table_name = ? "
                "ORDER BY ordinal_position", [table]).fetchall()]
            left_out = VOLATILE + (skip or {}).get(table, ())
            keep = ", ".join(f'"{c}"' for c in cols if c not in left_out)
            a = f"SELECT {keep} FROM got.{table}"
            b = f"SELECT {keep} FROM want.{table}"
            only_got = con.execute(f"SELECT count(*) FROM ({a} EXCEPT ALL {b})").fetchone()[0]
            only_want = con.execute(f"SELECT count(*) FROM ({b} EXCEPT ALL {a})").fetchone()[0]
            if only_got or only_want:
                out[table] = (only_got, only_want)
        return out
    finally:
        con.close()


def count(db: Path, table: str) -> int:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    finally:
        con.close()
