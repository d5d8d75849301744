"""The batches of an import: hands collected file run by file run, each batch written as one
transaction while the next one is read and parsed.

Why the write runs beside the reading: after the cores, the importing process does two kinds
of work in turn, and each waited for the other. Storing a batch (DuckDB's append and commit,
the time zones and anonymous seats) releases the GIL for most of its time; reading the next
pieces of a file, handing them to the workers, taking their rows back and hashing the bytes
consumed is the rest. So a batch is handed to one writer thread and the importing thread goes
on with the next one. The rules that keep the store's contract as before:

- **One batch in flight.** :meth:`Batcher.flush` first waits for the batch before it
  (:meth:`Batcher.settle`), so batches commit in the order they were made, and an error of a
  batch (a full disk, a Ctrl-C seen inside DuckDB) is raised in the importing thread before
  anything else is written. Memory holds at most the batch being written and the one being
  collected.
- **One thread on the connection at a time.** Whatever else uses the store (a file's
  take-back, its progress row written alone, the end of the import) settles first.
- **Counts as committed.** A batch's imported and duplicate counts, and the snapshot of the
  run's counts that Ctrl-C reports (:attr:`Batcher.committed`), are taken when its write is
  collected, in the importing thread; :meth:`Batcher.close` collects a batch still being
  written when an import stops, so an interrupted import reports exactly what was stored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from itertools import chain

import duckdb

from pipeline.ingest.anonymous import mark_seats
from pipeline.ingest.counts import RunCounts
from pipeline.ingest.pack import PackedFile
from pipeline.ingest.zones import ZoneSettings, resolve_hands, unzoned_sites
from pipeline.store.db import BatchResult, FileRecord, Reject, Rows, Store
from pipeline.store.rows import concat_rows

__all__ = ["AfterWrite", "Batcher"]

#: Run in the writer thread after each batch commits, with the store's connection and the
#: hands the batch stored: work on the stored rows that can go on beside the reading (the
#: CLI adds the stat facts of whole chunks, :class:`reports.stats_tables.Alongside`).
AfterWrite = Callable[[duckdb.DuckDBPyConnection, int], None]


@dataclass(frozen=True, slots=True)
class _Written:
    """What the writer thread hands back for one batch."""

    result: BatchResult
    unzoned: list[str]
    severities: list[str]


class Batcher:
    """Collects hands and rejects until batch_size, then writes them with their files' rows.

    Hands arrive already flattened (:class:`PackedFile`); the batcher keeps runs of rows per
    file and cuts them out of the file's tables only when the batch is written.
    """

    def __init__(self, store: Store, run: RunCounts, batch_size: int,
                 zones: ZoneSettings | None = None) -> None:
        self.store = store
        self.zones = zones or ZoneSettings()
        self.run = run
        self.batch_size = max(1, batch_size)
        self.pieces: list[Rows] = []
        self.current: tuple[PackedFile, int, int] | None = None  # file, first row, end row
        self.count = 0
        self.rejects: list[Reject] = []
        self.files: dict[str, FileRecord] = {}  # latest record per path, counts as committed
        self.dirty: set[str] = set()
        self.committed = run.snapshot()  # the run's counts as of the last committed batch
        self.after_write: AfterWrite | None = None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="sidepot-writer")
        #: The batch being written, with the run's counts as of its making.
        self._in_flight: tuple[Future[_Written], RunCounts] | None = None

    def update_file(self, record: FileRecord) -> None:
        committed = self.files.get(record.path)
        if committed is not None:  # imported/duplicates are owned by the store's accounting
            record = replace(record, imported=committed.imported, duplicates=committed.duplicates)
        self.files[record.path] = record
        self.dirty.add(record.path)

    @property
    def room(self) -> int:
        """Hands (or rejects) the batch takes before it is full."""
        return self.batch_size - self.count

    def add(self, packed: PackedFile, lo: int, hi: int, rejected: Sequence[int]) -> None:
        """Outcomes ``lo`` to ``hi`` (exclusive) of one file; ``rejected`` lists those of them
        that are rejects, in order. Their hands are consecutive rows of the file's tables, so
        they extend the current run of rows (or start one): no per-hand work but counting."""
        run = self.run
        run.hands_seen += hi - lo
        self.count += hi - lo
        if rejected:
            run.rejected += len(rejected)
            for i in rejected:
                reject = packed.rejects[i]
                run.reasons[reject.reason] += 1
                if reject.reason == "unknown_format":
                    run.unknown_files[reject.source_file] = None
                self.rejects.append(reject)
        run.codes.update(chain.from_iterable(packed.codes[lo:hi]))
        first = packed.first_row(lo)
        end = first + (hi - lo) - len(rejected)
        if first == end:
            return
        current = self.current
        if current is not None and current[0] is packed and current[2] == first:
            self.current = (packed, current[1], end)
        else:
            self._close_run()
            self.current = (packed, first, end)

    def _close_run(self) -> None:
        if self.current is not None:
            packed, lo, hi = self.current
            rows = packed.rows
            self.pieces.append(rows if (lo, hi) == (0, rows.n_hands) else rows.slice(lo, hi))
            self.current = None

    @property
    def full(self) -> bool:
        return self.count >= self.batch_size

    def flush(self) -> None:
        """Hand the batch collected so far to the writer thread (after the one before it has
        committed); nothing to write, nothing done. :meth:`settle` waits for it."""
        self._close_run()
        if not (self.pieces or self.rejects or self.dirty):
            return
        self.settle()
        records = [self.files[p] for p in sorted(self.dirty)]
        pieces, rejects = self.pieces, self.rejects
        self.pieces, self.rejects, self.dirty, self.count = [], [], set(), 0
        future = self._thread.submit(self._write, pieces, rejects, records)
        self._in_flight = (future, self.run.snapshot())

    def _write(self, pieces: list[Rows], rejects: list[Reject],
               records: list[FileRecord]) -> _Written:
        """In the writer thread: the batch's time zones and anonymous seats, then its one
        transaction, then :attr:`after_write`."""
        rows = concat_rows(pieces)
        hands = resolve_hands(rows.tables["hands"], self.zones)
        rows = replace(rows, tables={**rows.tables, "hands": hands,
                                     "seats": mark_seats(rows.tables["seats"])})
        severities = rows.tables["findings"].column("severity").to_pylist()
        result = self.store.write_rows(rows, rejects, records)
        if self.after_write is not None:
            self.after_write(self.store.con, result.imported)
        return _Written(result, unzoned_sites(hands), severities)

    def settle(self) -> None:
        """Wait for the batch being written, if any, and take its counts: after this, the
        connection is the importing thread's and :attr:`committed` is what is stored. The
        batch's error, if it failed, is raised here."""
        if self._in_flight is None:
            return
        future, snapshot = self._in_flight
        self._in_flight = None
        written = future.result()
        for counts in (self.run, snapshot):
            counts.unzoned.update(written.unzoned)
            counts.severities.update(written.severities)
            counts.imported += written.result.imported
            counts.duplicates += written.result.duplicates
        for record in written.result.files:  # newer positions of the file keep their own
            latest = self.files.get(record.path, record)
            self.files[record.path] = replace(latest, imported=record.imported,
                                              duplicates=record.duplicates)
        self.committed = snapshot

    def close(self) -> None:
        """When an import stops: a batch still being written is waited for (and counted when
        it committed; its error is not raised over the one that stopped the import), and the
        writer thread ends."""
        try:
            if self._in_flight is not None:
                try:
                    self.settle()
                except BaseException:  # noqa: BLE001 - the import's own error is the one told
                    pass
        finally:
            self._thread.shutdown(wait=True)
