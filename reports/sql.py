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
from typing import Any

import duckdb
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
    return con.sql(sql, params=params).to_arrow_table().to_pandas()
