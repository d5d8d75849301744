"""``sidepot attach PARQUET_DIR``: every report over Parquet, through DuckDB views.

Why views in a DuckDB file: every report and command already takes ``--db FILE`` and reads
tables named ``hands``, ``seats``...; a DuckDB file whose ``hands`` is a view over
``PARQUET_DIR/hands/**/*.parquet`` serves them all unchanged, reads only the partitions a
query needs, and stays small (no data is copied).

Two layouts are read:
- the Dask import's (:mod:`pipeline.ingest.dask`): every row carries its ``shard``; a hand
  that two input files both hold was written twice, so the views keep the copy from the first
  (source_file, source_offset), files in the order an import walks them, and that shard's
  seats, actions, pots and findings only;
- ``sidepot export --parquet`` (:mod:`pipeline.store.parquet`): already one copy per hand.

Each view lists the store's columns in the store's order with the store's types (a column a
layout lacks is NULL), so a query written for an imported store runs on an attached one. A
table with no file yet (no findings at all, say) is an empty view: attach again after adding
shards.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import duckdb

from pipeline.errors import SidepotError
from pipeline.store import seat_flags
from pipeline.store.db import connect
from pipeline.store.schema import HAND_TABLES, OTHER_TABLES, TABLES

_HIVE = "hive_partitioning = true, hive_types = {'site': VARCHAR, 'month': VARCHAR}"


@dataclass(frozen=True)
class AttachSummary:
    """What was attached: rows visible per view, and where they come from."""

    db: str
    parquet_dir: str
    rows: dict[str, int]
    layout: str  # "dask" (sharded, deduplicated by the views) or "export"


def attach(parquet_dir: str | Path, db_path: str | Path) -> AttachSummary:
    """Create (or replace) one view per store table in ``db_path`` over ``parquet_dir``."""
    root = Path(parquet_dir).resolve()
    if not (root / "hands").is_dir() or not any((root / "hands").rglob("*.parquet")):
        raise SidepotError(f"no hands Parquet under {root} (expected {root}/hands/...)")
    types = _store_types()
    con = connect(db_path)
    try:
        clash = con.execute(
            "SELECT table_name FROM duckdb_tables() WHERE schema_name IN ('main', 'stored') "
            f"AND table_name IN ({', '.join(repr(t) for t in (*HAND_TABLES, *OTHER_TABLES))})"
        ).fetchall()
        if clash:
            raise SidepotError(
                f"{db_path} already holds imported tables ({', '.join(r[0] for r in clash)}): "
                "attach into another --db"
            )
        sharded = "shard" in _columns(con, _source(root, "hands"))
        for name in HAND_TABLES:
            view = _hand_view(con, root, name, types, sharded)
            con.execute(f"CREATE OR REPLACE VIEW {name} AS {view}")
        for name in OTHER_TABLES:
            con.execute(f"CREATE OR REPLACE VIEW {name} AS {_other_view(con, root, name, types)}")
        _flags_meta_view(con, root)
        rows = {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                for t in (*HAND_TABLES, *OTHER_TABLES)}
    finally:
        con.close()
    return AttachSummary(str(db_path), str(root), rows, "dask" if sharded else "export")


def _store_types() -> dict[str, list[tuple[str, str]]]:
    """(column, DuckDB type) of every store table, in order, from the store's column spec."""
    return {name: [(c.name, c.kind.value) for c in table.columns]
            for name, table in TABLES.items()}


def _quote(path: Path) -> str:
    return "'" + str(path).replace("'", "''") + "'"


def _source(root: Path, name: str) -> str:
    if name in HAND_TABLES:  # a table with no rows at all has no file (no findings, say)
        if not any((root / name).rglob("*.parquet")):
            return ""
        return f"read_parquet({_quote(root / name / '**' / '*.parquet')}, {_HIVE})"
    folder, single = root / name, root / f"{name}.parquet"
    if folder.is_dir() and any(folder.glob("*.parquet")):
        return f"read_parquet({_quote(folder / '*.parquet')}, union_by_name = true)"
    if single.is_file():
        return f"read_parquet({_quote(single)})"
    return ""


def _columns(con: duckdb.DuckDBPyConnection, source: str) -> set[str]:
    if not source:
        return set()
    return {r[0] for r in con.execute(f"DESCRIBE SELECT * FROM {source}").fetchall()}


def _select(cols: list[tuple[str, str]], present: set[str], alias: str = "") -> str:
    prefix = f"{alias}." if alias else ""
    return ", ".join(
        f"CAST({prefix}{c} AS {t}) AS {c}" if c in present else f"CAST(NULL AS {t}) AS {c}"
        for c, t in cols
    )


def _hand_view(con, root: Path, name: str, types: dict, sharded: bool) -> str:  # noqa: ANN001
    source = _source(root, name)
    cols = types[name]
    present = _columns(con, source)
    if not source:
        return f"SELECT {_select(cols, set())} WHERE false"
    if not sharded:
        return f"SELECT {_select(cols, present)} FROM {source}"
    # The first copy in the order an import walks a folder (by path components: "a/b" before
    # "a-b", as '/' sorts below every other character here), then by byte: the DuckDB rule.
    first = (f"SELECT site, hand_id, shard FROM {_source(root, 'hands')} QUALIFY row_number() "
             "OVER (PARTITION BY site, hand_id ORDER BY replace(source_file, '/', chr(1)), "
             "source_offset) = 1")
    return (f"SELECT {_select(cols, present, 't')} FROM {source} t "
            f"SEMI JOIN ({first}) k ON t.site = k.site AND t.hand_id = k.hand_id "
            "AND t.shard = k.shard")


def _flags_meta_view(con: duckdb.DuckDBPyConnection, root: Path) -> None:
    """The definition the Dask import's ``seat_flags`` shards were made by (its
    ``seat_flags_meta.parquet``), for the stats to decide whether they may decode them; no
    file (an export, which leaves the flags out): no view, and the stats compute every fact."""
    meta = root / f"{seat_flags.META}.parquet"
    if meta.is_file():
        con.execute(f"CREATE OR REPLACE VIEW {seat_flags.META} AS SELECT CAST(definition AS "
                    f"VARCHAR) AS definition FROM read_parquet({_quote(meta)})")
    else:
        con.execute(f"DROP VIEW IF EXISTS {seat_flags.META}")


def _other_view(con, root: Path, name: str, types: dict) -> str:  # noqa: ANN001
    source = _source(root, name)
    cols = types[name]
    if not source:
        return f"SELECT {_select(cols, set())} WHERE false"
    return f"SELECT {_select(cols, _columns(con, source))} FROM {source}"
