"""The DuckDB store: schema, Arrow bulk load, dedup on (site, hand_id), Parquet export.

The schema and value objects live in :mod:`pipeline.store_schema`, the flattening in
:mod:`pipeline.store_flatten`, the export in :mod:`pipeline.store_export`; this module re-exports
the names other modules have always imported from here.

Why this shape:
- Rows never go in one by one. A batch of hands is flattened column-wise into Arrow tables
  (:mod:`pipeline.store_flatten`) and loaded with ``INSERT ... BY NAME SELECT`` from the
  registered table: DuckDB ingests Arrow without a per-row round trip.
- One batch is one transaction, and it carries the file's row in ``files`` (bytes consumed so
  far). A crash therefore loses at most the batch in flight, and what was committed says how far
  each file got.
- Money is exact. The event model holds integers in the hand's minor unit; they are scaled to
  cents as integers and land in ``DECIMAL(18, 2)`` columns (no float is ever involved). A
  hand finer than cents cannot be stored exactly, so the caller rejects it (see
  :func:`unsupported_precision`) instead of rounding it.
- The key is (site, hand_id). New hands are found with one anti-join per batch (the primary key
  is the safety net), so importing a hand twice stores it once and the duplicate is counted.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa

from parsers.model import Hand
from pipeline.engine.result import Replay
from pipeline.store_export import export_csv, export_parquet
from pipeline.store_flatten import Rows, flatten_rows, storable_problem
from pipeline.store_schema import (
    _FILE_COLS,
    MIGRATIONS,
    MONEY,
    MONEY_SCALE,
    SCHEMA,
    BatchResult,
    FileRecord,
    Reject,
    SidepotError,
    csv_safe,
    money,
    positions,
    unstorable,
    unsupported_precision,
)

__all__ = [
    "MIGRATIONS", "MONEY", "MONEY_SCALE", "SCHEMA", "BatchResult", "FileRecord", "Reject",
    "Rows", "SidepotError", "Store", "csv_safe", "file_digest", "money", "positions",
    "storable_problem", "unstorable", "unsupported_precision",
]


def _rollback(con: duckdb.DuckDBPyConnection) -> None:
    try:
        con.rollback()
    except duckdb.Error:  # the transaction may already be gone (e.g. after an IO error)
        pass


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


_DISK_FULL = ("no space left", "disk full", "disk quota", "file too large")


def _open_error(path: str, exc: BaseException) -> SidepotError:
    """A DuckDB open failure as one actionable line (a lock names the process holding it)."""
    text = str(exc)
    if "lock" in text.lower():
        holder = ""
        pid = re.search(r"PID (\d+)", text)
        if pid:
            holder = f" (PID {pid.group(1)})"
        return SidepotError(
            f"database {path} is in use by another process{holder}: "
            "wait for it to finish or use another --db"
        )
    if any(word in text.lower() for word in _DISK_FULL):
        return SidepotError(f"disk full: cannot open database {path}")
    return SidepotError(f"cannot open database {path}: {_first_line(exc)}")


def _write_error(path: str, exc: BaseException) -> BaseException:
    """Disk-full and IO failures while writing become SidepotError; anything else is kept."""
    text = str(exc).lower()
    if isinstance(exc, OSError | duckdb.Error) and any(w in text for w in _DISK_FULL):
        return SidepotError(f"disk full while writing {path}: nothing of this batch was stored")
    if isinstance(exc, duckdb.IOException | OSError):
        return SidepotError(f"cannot write database {path}: {_first_line(exc)}")
    return exc


#: First characters that make a spreadsheet read a cell as a formula (CSV injection).


class Store:
    """A DuckDB file holding every imported hand. Use as a context manager."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        try:
            self.con = duckdb.connect(self.path)
        except duckdb.Error as exc:
            raise _open_error(self.path, exc) from exc
        self.con.execute(SCHEMA)
        for statement in MIGRATIONS:
            self.con.execute(statement)

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.con.close()

    # -- loading -------------------------------------------------------------------------

    def write_batch(
        self,
        hands: Sequence[tuple[Hand, Replay]],
        rejects: Sequence[Reject] = (),
        files: Sequence[FileRecord] = (),
    ) -> BatchResult:
        """Store a batch and its files' progress in one transaction.

        Hands already stored, or repeated within the batch, are counted as duplicates:
        ``imported + duplicates == len(hands)``. Each FileRecord comes with the counts of the
        previous batches; this batch's per-file imported/duplicate counts (matched on
        ``hand.source.file == record.path``) are added before the row is written, and the
        records as written are returned so the caller can carry them to the next batch.
        """
        now = datetime.now(UTC).replace(tzinfo=None)
        return self.write_rows(flatten_rows(hands, now), rejects, files)

    def write_rows(
        self,
        rows: Rows,
        rejects: Sequence[Reject] = (),
        files: Sequence[FileRecord] = (),
    ) -> BatchResult:
        """:meth:`write_batch` for hands already flattened (by a worker process, say).

        The first copy of each (site, hand_id) not yet stored is loaded; every table's rows of
        the other copies are filtered out by the per-hand row counts that ``rows`` carries.
        """
        con = self.con
        now = datetime.now(UTC).replace(tzinfo=None)
        hands_table = rows.tables["hands"]
        keys = list(zip(hands_table.column("site").to_pylist(),
                        hands_table.column("hand_id").to_pylist(), strict=True))
        first: dict[tuple[str, str], int] = {}
        for i, key in enumerate(keys):
            first.setdefault(key, i)
        con.begin()
        try:
            existing = self._existing_keys(list(first))
            keep = np.zeros(len(keys), dtype=bool)
            for key, i in first.items():
                keep[i] = key not in existing
            fresh = int(keep.sum())
            if fresh:
                for name, table in rows.tables.items():
                    if fresh < len(keys):
                        table = table.filter(pa.array(np.repeat(keep, rows.counts(name))))
                    self._load(name, table)
            stored_rejects = self._load_rejects(rejects, now)
            written = _count_per_file(rows.sources, keep, files)
            self._upsert_files(written, now)
            con.commit()
        except BaseException as exc:
            _rollback(con)
            raise _write_error(self.path, exc) from exc
        return BatchResult(
            imported=fresh,
            duplicates=len(keys) - fresh,
            rejected=stored_rejects,
            files=tuple(written),
        )

    def record_file(self, record: FileRecord) -> None:
        """Write a file's row on its own (a file with no hands, or its final counts)."""
        self.con.begin()
        try:
            self._upsert_file(record, datetime.now(UTC).replace(tzinfo=None))
            self.con.commit()
        except BaseException:
            self.con.rollback()
            raise

    def file_state(self, path: str) -> FileRecord | None:
        """The committed progress row of ``path``, or None if it was never imported."""
        row = self.con.execute(
            f"SELECT {', '.join(c for c in _FILE_COLS if c != 'imported_at')} "
            "FROM files WHERE path = ?",
            [path],
        ).fetchone()
        if row is None:
            return None
        values = list(row)
        values[-1] = values[-1] or ""
        return FileRecord(*values)

    def _existing_keys(self, keys: list[tuple[str, str]]) -> set[tuple[str, str]]:
        if not keys:
            return set()
        probe = pa.table({"site": [k[0] for k in keys], "hand_id": [k[1] for k in keys]})
        self.con.register("_probe", probe)
        try:
            rows = self.con.execute(
                "SELECT p.site, p.hand_id FROM _probe p JOIN hands h USING (site, hand_id)"
            ).fetchall()
        finally:
            self.con.unregister("_probe")
        return {(r[0], r[1]) for r in rows}

    def _load(self, table_name: str, table: pa.Table) -> None:
        if table.num_rows == 0:
            return
        view = f"_load_{table_name}"
        self.con.register(view, table)
        try:
            self.con.execute(f"INSERT INTO {table_name} BY NAME SELECT * FROM {view}")
        finally:
            self.con.unregister(view)

    def _load_rejects(self, rejects: Sequence[Reject], now: datetime) -> int:
        """Append rejects not already stored (same file, offset and text): reruns add nothing."""
        if not rejects:
            return 0
        table = pa.table(
            {
                "source_file": [r.source_file for r in rejects],
                "source_offset": pa.array([r.source_offset for r in rejects], pa.int64()),
                "line": pa.array([r.line for r in rejects], pa.int32()),
                "site": pa.array([r.site for r in rejects], pa.string()),
                "reason": [r.reason for r in rejects],
                "detail": [r.detail for r in rejects],
                "raw_text": [r.raw_text for r in rejects],
                "text_hash": [_text_hash(r.raw_text) for r in rejects],
                "imported_at": pa.array([now] * len(rejects), pa.timestamp("us")),
            }
        )
        self.con.register("_load_rejects", table)
        try:
            self.con.execute(
                """
                INSERT INTO rejects BY NAME
                SELECT DISTINCT ON (source_file, source_offset, text_hash) n.* FROM _load_rejects n
                WHERE NOT EXISTS (
                    SELECT 1 FROM rejects r
                    WHERE r.source_file = n.source_file AND r.source_offset = n.source_offset
                      AND r.text_hash = n.text_hash)
                """
            )
        finally:
            self.con.unregister("_load_rejects")
        return len(rejects)

    def _upsert_files(self, records: Sequence[FileRecord], now: datetime) -> None:
        """All progress rows of a batch in one statement (one row per statement costs ms)."""
        if len(records) <= 1:
            for record in records:
                self._upsert_file(record, now)
            return
        table = pa.table({
            "path": [r.path for r in records],
            "size": pa.array([r.size for r in records], pa.int64()),
            "mtime": pa.array([r.mtime for r in records], pa.timestamp("us")),
            "content_hash": [r.content_hash for r in records],
            "format": pa.array([r.format for r in records], pa.string()),
            "bytes_consumed": pa.array([r.bytes_consumed for r in records], pa.int64()),
            "hands": pa.array([r.hands for r in records], pa.int32()),
            "imported": pa.array([r.imported for r in records], pa.int32()),
            "duplicates": pa.array([r.duplicates for r in records], pa.int32()),
            "rejected": pa.array([r.rejected for r in records], pa.int32()),
            "status": [r.status for r in records],
            "imported_at": pa.array([now] * len(records), pa.timestamp("us")),
            "consumed_hash": [r.consumed_hash for r in records],
        })
        self.con.register("_load_files", table)
        try:
            self.con.execute("INSERT OR REPLACE INTO files BY NAME SELECT * FROM _load_files")
        finally:
            self.con.unregister("_load_files")

    def file_states(self) -> dict[str, FileRecord]:
        """Every committed progress row by path: one query for a whole import run."""
        cols = ", ".join(c for c in _FILE_COLS if c != "imported_at")
        rows = self.con.execute(f"SELECT {cols} FROM files").fetchall()
        return {row[0]: FileRecord(*row[:-1], row[-1] or "") for row in rows}

    def _upsert_file(self, r: FileRecord, now: datetime) -> None:
        self.con.execute(
            f"INSERT OR REPLACE INTO files ({', '.join(_FILE_COLS)}) "
            f"VALUES ({', '.join('?' * len(_FILE_COLS))})",
            [
                r.path, r.size, r.mtime, r.content_hash, r.format, r.bytes_consumed,
                r.hands, r.imported, r.duplicates, r.rejected, r.status, now, r.consumed_hash,
            ],
        )

    # -- export --------------------------------------------------------------------------

    def export_parquet(self, out_dir: str | Path) -> list[str]:
        """Every table as Parquet; hand-keyed tables partitioned by site and month."""
        return export_parquet(self.con, out_dir)

    def export_csv(self, out_dir: str | Path) -> list[str]:
        """Every table as one CSV file, safe to open in a spreadsheet."""
        return export_csv(self.con, out_dir)


def _count_per_file(
    sources: Sequence[str], keep: np.ndarray, files: Sequence[FileRecord]
) -> list[FileRecord]:
    """Add this batch's imported/duplicate counts to each file's record (first copy wins)."""
    imported: dict[str, int] = {}
    duplicates: dict[str, int] = {}
    for path, fresh in zip(sources, keep.tolist(), strict=True):
        if fresh:
            imported[path] = imported.get(path, 0) + 1
        else:
            duplicates[path] = duplicates.get(path, 0) + 1
    return [
        replace(
            r,
            imported=r.imported + imported.get(r.path, 0),
            duplicates=r.duplicates + duplicates.get(r.path, 0),
        )
        for r in files
    ]


def _text_hash(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def file_digest(path: str | Path) -> str:
    """Content hash of a file (blake2b), read in blocks so big files do not fill memory."""
    digest = hashlib.blake2b(digest_size=16)
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
