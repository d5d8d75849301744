"""Loading the .sql files beside this module; reports are SQL over the store, nothing else.

This package imports neither ``parsers`` nor ``pipeline``: it only needs a DuckDB connection
to a store, so reports keep working on a copy of the database (or its Parquet export) without
the code that built it.

A file may pull in another as a subquery with a line ``@include NAME`` (only our own files,
never user input): the statistics aggregate the per-seat facts of ``seat_facts.sql`` and the
graphs read the same facts, so every definition lives in exactly one place.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

import duckdb

if TYPE_CHECKING:  # the frames come from DuckDB's .df(), which loads pandas when one is asked for
    import pandas as pd

_INCLUDE = re.compile(r"@include (\w+)")


@cache
def load(name: str) -> str:
    """The text of ``reports/sql/<name>.sql``, with its ``@include`` lines expanded."""
    text = resources.files("reports").joinpath("sql", f"{name}.sql").read_text("utf-8")
    return _INCLUDE.sub(lambda m: "\n" + load(m.group(1)) + "\n", text)


def query(con: duckdb.DuckDBPyConnection, name: str, params: dict[str, Any]) -> pd.DataFrame:
    """Run a named SQL file with named parameters only (never string formatting)."""
    return frame(con, load(name), params)


def frame(con: duckdb.DuckDBPyConnection, sql: str, params: dict[str, Any]) -> pd.DataFrame:
    """A query's rows as a DataFrame with DECIMAL money kept as exact ``Decimal`` objects.

    DuckDB's own ``.df()`` turns DECIMAL into float64; going through Arrow keeps decimal128,
    which pandas holds as Python Decimals.
    """
    with_new_columns(con)
    return con.sql(sql, params=params).to_arrow_table().to_pandas()


#: Columns the reports read that stores made before them lack: (table, column, type). An
#: import adds them (``ALTER TABLE``); a read-only connection cannot, so it reads the table
#: through a temporary view of the same name that adds the column as NULL (the reports read
#: NULL as the column's default).
NEW_COLUMNS = (("seats", "anonymous", "BOOLEAN"),)


def with_new_columns(con: duckdb.DuckDBPyConnection) -> None:
    """Make every column of :data:`NEW_COLUMNS` readable on ``con`` (see there)."""
    for table, column, kind in NEW_COLUMNS:
        found = con.execute(
            "SELECT count(*) FILTER (WHERE column_name = ?), count(*) FROM "
            "information_schema.columns WHERE table_catalog = current_database() AND "
            "table_schema = 'main' AND table_name = ?", [column, table]).fetchall()[0]
        if found[1] and not found[0]:
            db = con.execute("SELECT current_database()").fetchall()[0][0].replace('"', '""')
            con.execute(f"CREATE OR REPLACE TEMP VIEW {table} AS SELECT *, "
                        f'CAST(NULL AS {kind}) AS {column} FROM "{db}".main.{table}')
