"""Parquet and CSV export of a store: Parquet partitioned by site and month, CSV made safe.

Apart from :mod:`pipeline.store.db` because export reads the tables and never writes them; the
Parquet layout here (``<table>/site=<site>/month=<YYYY-MM>/*.parquet``) is the one the Dask
import writes and :mod:`pipeline.store.attach` reads.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pyarrow as pa

from pipeline.store.schema import HAND_TABLES, NOT_EXPORTED, OTHER_TABLES, TABLES, csv_safe


def export_parquet(con: duckdb.DuckDBPyConnection, out_dir: str | Path) -> list[str]:
    """Write every table as Parquet (but the store's caches, :data:`NOT_EXPORTED`); hand-keyed
    tables partitioned by site and month."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    month = "coalesce(strftime(h.started_at, '%Y-%m'), 'unknown') AS month"
    for table in (t for t in HAND_TABLES if t not in NOT_EXPORTED):
        target = out / table
        src = (
            f"SELECT h.*, {month} FROM hands h"
            if table == "hands"
            else f"SELECT t.*, {month} FROM {table} t JOIN hands h USING (site, hand_id)"
        )
        con.execute(
            f"COPY ({src}) TO '{_sql_path(target)}' "
            "(FORMAT PARQUET, PARTITION_BY (site, month), OVERWRITE_OR_IGNORE)"
        )
        written.append(str(target))
    for table in OTHER_TABLES:
        target = out / f"{table}.parquet"
        con.execute(f"COPY {table} TO '{_sql_path(target)}' (FORMAT PARQUET)")
        written.append(str(target))
    return written


def export_csv(con: duckdb.DuckDBPyConnection, out_dir: str | Path) -> list[str]:
    """Write every table as one CSV file, safe to open in a spreadsheet.

    Names come from files anyone can write: a player called ``=HYPERLINK(...)`` must not
    become a live formula, so every text cell starting with ``= + - @`` (or a tab or CR)
    gets a leading apostrophe. Numbers are written as numbers and are never touched.
    """
    import pyarrow.csv as pacsv  # only this export needs it

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in (t for t in TABLES if t not in NOT_EXPORTED):
        table = con.sql(f"SELECT * FROM {name}").to_arrow_table()
        columns = []
        for col, field in zip(table.columns, table.schema, strict=True):
            if pa.types.is_string(field.type) or pa.types.is_large_string(field.type):
                col = pa.array([csv_safe(v) for v in col.to_pylist()], field.type)
            elif pa.types.is_list(field.type):
                col = pa.array(
                    [None if v is None else ", ".join(csv_safe(str(x)) or "" for x in v)
                     for v in col.to_pylist()],
                    pa.string(),
                )
            columns.append(col)
        safe_table = pa.table(columns, names=table.column_names)
        target = out / f"{name}.csv"
        pacsv.write_csv(safe_table, target)
        written.append(str(target))
    return written


def _sql_path(path: Path) -> str:
    """COPY targets cannot be bound as parameters; quote the one character that matters."""
    return str(path).replace("'", "''")
