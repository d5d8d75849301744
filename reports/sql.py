"""Loading the .sql files beside this module; reports are SQL over the store, nothing else.

This package imports neither ``parsers`` nor ``pipeline``: it only needs a DuckDB connection
to a store, so reports keep working on a copy of the database (or its Parquet export) without
the code that built it.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import duckdb
import pandas as pd


@cache
def load(name: str) -> str:
    """The text of ``reports/sql/<name>.sql``."""
    return resources.files("reports").joinpath("sql", f"{name}.sql").read_text("utf-8")


def query(con: duckdb.DuckDBPyConnection, name: str, params: dict[str, Any]) -> pd.DataFrame:
    """Run a named SQL file with named parameters only (never string formatting)."""
    return con.execute(load(name), params).df()
