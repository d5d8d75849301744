"""Hand-written rows for a test's store, stored as the import stores them.

The hand tables users read (``hands``, ``seats``, ...) are views over the lean stored tables
(:mod:`pipeline.store.layout`), so a test cannot ``INSERT INTO seats``. It writes the same
statement through :func:`insert` instead: the statement runs against an empty temporary
table of the readable columns, and its rows are stored through
:func:`pipeline.store.layout.store_readable` (the store's own rule, which the upgrade of an
earlier store uses too). What the test reads back through the views is then what it wrote.
"""

from __future__ import annotations

import re

import duckdb

from pipeline.store import layout
from pipeline.store.schema import TABLES, Table

_TARGET = re.compile(r"^\s*INSERT\s+INTO\s+(\w+)", re.IGNORECASE)


def new_store(con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
    """Create the store's tables and views on ``con`` (an in-memory connection, say)."""
    layout.create(con)
    return con


def insert(con: duckdb.DuckDBPyConnection, sql: str, params: object = None) -> None:
    """Run ``INSERT INTO <hand table> ...`` as if the table were the readable one."""
    match = _TARGET.match(sql)
    if match is None:
        raise ValueError(f"not an INSERT INTO a table: {sql[:40]}")
    name = match.group(1)
    if name not in layout.LEAN:
        con.execute(sql, params)
        return
    temp = f"_readable_{name}"
    readable = Table(temp, tuple(c for c in TABLES[name].columns))
    con.execute(readable.ddl().replace("CREATE TABLE IF NOT EXISTS",
                                       "CREATE OR REPLACE TEMP TABLE"))
    try:
        con.execute(sql[:match.start(1)] + temp + sql[match.end(1):], params)
        layout.store_readable(con, name, f"temp.{temp}")
    finally:
        con.execute(f"DROP TABLE IF EXISTS temp.{temp}")
