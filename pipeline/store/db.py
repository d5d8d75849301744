"""The DuckDB store: opening the file, Arrow bulk load, dedup on (site, hand_id), export.

The column spec and value objects live in :mod:`pipeline.store.schema`, the flattening in
:mod:`pipeline.store.flatten`, the export in :mod:`pipeline.store.parquet`; this module re-exports
the names other modules have always imported from here.

Why this shape:
- Rows never go in one by one. A batch of hands is flattened column-wise into Arrow tables
  (:mod:`pipeline.store.flatten`) and loaded with ``INSERT ... BY NAME SELECT`` from the
  Arrow table itself (DuckDB reads it by its Python name): no per-row round trip, no view to
  create and drop per statement.
- One batch is one transaction, and it carries the file's row in ``files`` (bytes consumed so
  far). A crash therefore loses at most the batch in flight, and what was committed says how far
  each file got.
- Money is exact. The event model holds integers in the hand's minor unit; they are scaled to
  cents as integers and land in ``DECIMAL(18, 2)`` columns (no float is ever involved). A
  hand finer than cents cannot be stored exactly, so the caller rejects it (see
  :func:`unsupported_precision`) instead of rounding it.
- The key is (site, hand_id). New hands are found with one anti-join per batch (the primary key
  is the safety net), so importing a hand twice stores it once and the duplicate is counted.
- The rows are stored lean (:mod:`pipeline.store.layout`): the cores' readable rows are encoded
  once, just before they are appended (an integer ``hand_key`` the Store numbers in place of
  the (site, hand_id) strings in the child tables, an action's player only where it is not
  its seat's), and users read views with the readable columns. Opening a store of the earlier
  layout for writing upgrades it (:func:`pipeline.store.layout.create`).
- An import sets DuckDB up for a long run of batches (:meth:`Store.prepare_bulk_load`).
- Every command opens the file through :func:`connect`, so a store held by another process
  (an import still running) is reported in one line naming that process, whoever asks.
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
import pyarrow.compute as pc

from parsers.model import Hand
from pipeline.config import BULK_CHECKPOINT
from pipeline.engine.result import Replay
from pipeline.errors import SidepotError, StoreBusyError
from pipeline.store import layout
from pipeline.store.parquet import export_csv, export_parquet
from pipeline.store.rows import Rows, flatten_rows, storable_problem
from pipeline.store.schema import (
    FILES,
    MIGRATIONS,
    MONEY,
    MONEY_SCALE,
    SCHEMA,
    BatchResult,
    FileRecord,
    Reject,
    arrow_schema,
    csv_safe,
    money,
    positions,
)
from pipeline.store.seat_flags import ensure_current as seat_flags_current
from pipeline.store.storable import unstorable, unsupported_precision

__all__ = [
    "MIGRATIONS", "MONEY", "MONEY_SCALE", "SCHEMA", "BatchResult", "FileRecord", "Reject",
    "Rows", "SidepotError", "Store", "StoreBusyError", "connect", "csv_safe", "file_digest",
    "lift_memory_cap", "money", "positions", "storable_problem", "unstorable",
    "unsupported_precision",
]

_FILE_COLS = FILES.names


def _rollback(con: duckdb.DuckDBPyConnection) -> None:
    try:
        con.rollback()
    except duckdb.Error:  # the transaction may already be gone (e.g. after an IO error)
        pass


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


_DISK_FULL = ("no space left", "disk full", "disk quota", "file too large")
#: How DuckDB says another process holds the file ("Could not set lock on file ...:
#: Conflicting lock is held in /usr/bin/python3 (PID 1234) by user ...").
_LOCKED = ("could not set lock", "conflicting lock")


def connect(path: str | Path, *, read_only: bool = False) -> duckdb.DuckDBPyConnection:
    """Open the DuckDB file at ``path``; a failure becomes one line a user can act on.

    Every command opens the store through here (imports through :class:`Store`, readers
    with ``read_only=True``): DuckDB lets one process write a file or several read it, and its
    own message for the clash is an ``IO Error`` with a documentation link.
    """
    try:
        return duckdb.connect(str(path), read_only=read_only)
    except duckdb.Error as exc:
        raise _open_error(str(path), exc) from exc


def _open_error(path: str, exc: BaseException) -> SidepotError:
    """A DuckDB open failure as one actionable line (a lock names the process holding it)."""
    text = str(exc)
    if any(word in text.lower() for word in _LOCKED):
        pid = re.search(r"\(PID (\d+)\)", text)
        holder = f" (PID {pid.group(1)})" if pid else ""
        return StoreBusyError(
            f"the store {path} is in use by another process{holder}: "
            "wait for it to finish, or use another --db"
        )
    if any(word in text.lower() for word in _DISK_FULL):
        return SidepotError(f"disk full: cannot open database {path}")
    return SidepotError(f"cannot open database {path}: {_first_line(exc)}")


def lift_memory_cap(con: duckdb.DuckDBPyConnection) -> bool:
    """Put DuckDB's memory limit back to its default (a share of the machine's memory);
    False when it already was there, so a retry could not fare better."""
    current = con.execute("SELECT current_setting('memory_limit')").fetchone()[0]
    con.execute("RESET memory_limit")
    return con.execute("SELECT current_setting('memory_limit')").fetchone()[0] != current


def _write_error(path: str, exc: BaseException) -> BaseException:
    """Disk-full and IO failures while writing become SidepotError; anything else is kept."""
    text = str(exc).lower()
    if isinstance(exc, OSError | duckdb.Error) and any(w in text for w in _DISK_FULL):
        return SidepotError(f"disk full while writing {path}: nothing of this batch was stored")
    if isinstance(exc, duckdb.IOException | OSError):
        return SidepotError(f"cannot write database {path}: {_first_line(exc)}")
    return exc


class Store:
    """A DuckDB file holding every imported hand. Use as a context manager."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.con = connect(self.path)
        try:
            #: The labels of the coded columns, as stored (read again after a rollback).
            self._labels = layout.create(self.con)
        except duckdb.Error as exc:
            self.con.close()
            raise SidepotError(f"cannot open the store {self.path} for writing: "
                               f"{_first_line(exc)}") from exc
        seat_flags_current(self.con)
        #: The key the next stored hand gets; read from the store when first needed, and
        #: again after a rolled-back batch.
        self._next_hand_key: int | None = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.con.close()

    def prepare_bulk_load(self) -> None:
        """Settings for a long run of :meth:`write_rows` (an import); measured on 60k hands.

        - One DuckDB thread: a batch of a few thousand hands is too small to share out, and a
          second thread only adds coordination (~15 % more CPU for the same rows).
        - A checkpoint every :data:`BULK_CHECKPOINT` of log instead of DuckDB's 16 MB: each
          checkpoint rewrites the partly filled last row group of every table, so with 16 MB
          the cost per hand grew with the store (about 2x by 60k hands) where 64 MB keeps it
          flat, for ~15 MB more memory. Commits stay durable either way (the log is synced).
        """
        self.con.execute("SET threads = 1")
        self.con.execute(f"SET checkpoint_threshold = '{BULK_CHECKPOINT}'")

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

        An import caps DuckDB's memory (:data:`pipeline.config.IMPORT_MEMORY_LIMIT`) to keep
        its footprint flat; should a batch not fit in the cap (a store whose key index has
        outgrown it, very wide hands), the batch is rolled back, the cap lifted for the rest
        of the connection and the batch written again: a memory cap is never a failed import.
        """
        try:
            return self._write_rows_once(rows, rejects, files)
        except duckdb.OutOfMemoryException:
            if not lift_memory_cap(self.con):
                raise
            return self._write_rows_once(rows, rejects, files)

    def _write_rows_once(
        self, rows: Rows, rejects: Sequence[Reject], files: Sequence[FileRecord],
    ) -> BatchResult:
        con = self.con
        now = datetime.now(UTC).replace(tzinfo=None)
        hands = rows.tables["hands"]
        first = _first_copies(hands)
        con.begin()
        try:
            keep = first & ~self._stored(hands, first)
            fresh = int(keep.sum())
            if fresh:
                tables, counts = {}, {}
                for name, table in rows.tables.items():
                    counts[name] = rows.counts(name)
                    if fresh < len(keep):
                        table = table.filter(pa.array(np.repeat(keep, counts[name])))
                        counts[name] = counts[name][keep]
                    tables[name] = table
                if self._next_hand_key is None:
                    self._next_hand_key = layout.next_key(con)
                encoded = layout.encode(tables, counts, self._next_hand_key, self._labels)
                if self._labels.save(con):  # a value never stored before: views anew
                    con.execute(layout.view_ddl(self._labels))
                for name, table in encoded.items():
                    self._load(name, table)
            stored_rejects = self._load_rejects(rejects, now)
            written = _count_per_file(rows.sources, keep, files)
            self._upsert_files(written, now)
            con.commit()
        except duckdb.OutOfMemoryException:
            self._forget(con)
            raise
        except BaseException as exc:
            self._forget(con)
            raise _write_error(self.path, exc) from exc
        if fresh and self._next_hand_key is not None:
            self._next_hand_key += fresh
        return BatchResult(
            imported=fresh,
            duplicates=len(keep) - fresh,
            rejected=stored_rejects,
            files=tuple(written),
        )

    def _forget(self, con: duckdb.DuckDBPyConnection) -> None:
        """Roll the batch back, and what this Store kept of it: the next key, new labels."""
        _rollback(con)
        self._next_hand_key = None
        try:
            self._labels = layout.Labels.load(con)
        except duckdb.Error:  # the connection is gone: the next batch fails on its own
            self._labels.pending = []

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

    def _stored(self, hands: pa.Table, first: np.ndarray) -> np.ndarray:
        """Which rows of ``hands`` (the first copies) are already in the store: one anti-join."""
        _probe_keys = hands.select(["site", "hand_id"])
        if not first.all():
            _probe_keys = _probe_keys.filter(pa.array(first))
        if _probe_keys.num_rows == 0:
            return np.zeros(len(first), np.bool_)
        found = self.con.execute(  # _probe_keys is read by name, as in _load
            "SELECT p.site, p.hand_id FROM _probe_keys p "
            f"JOIN {layout.stored('hands')} h USING (site, hand_id)"
        ).fetchall()
        if not found:
            return np.zeros(len(first), np.bool_)
        value_set = pa.array([f"{site}\0{hand_id}" for site, hand_id in found], pa.string())
        return pc.is_in(_keys(hands), value_set=value_set).to_numpy(zero_copy_only=False)

    def _load(self, table_name: str, table: pa.Table) -> None:
        """Append an Arrow table to ``table_name`` (a stored table: :mod:`pipeline.store.layout`)
        by column name.

        DuckDB reads ``_batch_rows`` straight from this frame's variables (its replacement
        scan of Python objects; no table of the store has that name): registering and
        dropping a view per statement costs a catalog change each, about 0.5 ms, several
        times per batch.
        """
        if table.num_rows == 0:
            return
        _batch_rows = table  # read by name in the statement below
        self.con.execute(f"INSERT INTO {table_name} BY NAME SELECT * FROM _batch_rows")

    def _load_rejects(self, rejects: Sequence[Reject], now: datetime) -> int:
        """Append rejects not already stored (same file, offset and text): reruns add nothing."""
        if not rejects:
            return 0
        _new_rejects = pa.table(  # read by name in the statement below, as in _load
            {
                "source_file": [r.source_file for r in rejects],
                "source_offset": [r.source_offset for r in rejects],
                "line": [r.line for r in rejects],
                "site": [r.site for r in rejects],
                "reason": [r.reason for r in rejects],
                "detail": [r.detail for r in rejects],
                "raw_text": [r.raw_text for r in rejects],
                "text_hash": [_text_hash(r.raw_text) for r in rejects],
                "imported_at": [now] * len(rejects),
            },
            schema=arrow_schema("rejects"),
        )
        self.con.execute(
            """
            INSERT INTO rejects BY NAME
            SELECT DISTINCT ON (source_file, source_offset, text_hash) n.* FROM _new_rejects n
            WHERE NOT EXISTS (
                SELECT 1 FROM rejects r
                WHERE r.source_file = n.source_file AND r.source_offset = n.source_offset
                  AND r.text_hash = n.text_hash)
            """
        )
        return len(rejects)

    def _upsert_files(self, records: Sequence[FileRecord], now: datetime) -> None:
        """All progress rows of a batch in one statement (one row per statement costs ms)."""
        if len(records) <= 1:
            for record in records:
                self._upsert_file(record, now)
            return
        _new_files = pa.table({  # read by name in the statement below, as in _load
            "path": [r.path for r in records],
            "size": [r.size for r in records],
            "mtime": [r.mtime for r in records],
            "content_hash": [r.content_hash for r in records],
            "format": [r.format for r in records],
            "bytes_consumed": [r.bytes_consumed for r in records],
            "hands": [r.hands for r in records],
            "imported": [r.imported for r in records],
            "duplicates": [r.duplicates for r in records],
            "rejected": [r.rejected for r in records],
            "status": [r.status for r in records],
            "imported_at": [now] * len(records),
            "consumed_hash": [r.consumed_hash for r in records],
        }, schema=arrow_schema("files"))
        self.con.execute("INSERT OR REPLACE INTO files BY NAME SELECT * FROM _new_files")

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


def _keys(table: pa.Table) -> pa.Array:
    """(site, hand_id) as one string per row. A site name never holds NUL, so the first NUL
    ends it and two different keys never join to the same text."""
    joined = pc.binary_join_element_wise(table.column("site"), table.column("hand_id"), "\0")
    return joined.combine_chunks() if isinstance(joined, pa.ChunkedArray) else joined


def _first_copies(hands: pa.Table) -> np.ndarray:
    """True for the first row of each (site, hand_id) in the batch (the copy that is stored)."""
    keys = _keys(hands)
    first_at = pc.index_in(keys, value_set=keys).to_numpy(zero_copy_only=False)
    return first_at == np.arange(len(keys))


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
