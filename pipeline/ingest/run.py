"""Files -> decode -> detect -> split -> parse -> replay -> batches -> store.

Why it is built this way:
- Two halves. :func:`parse_bytes` is pure (bytes in, :class:`FileParse` out: every hand
  replayed or rejected, never an exception), so it can run in worker processes; the single
  writer (:func:`import_paths`) owns the store, the batching and the progress rows.
- One bad hand never aborts a file. A ``ParseError`` becomes a ``rejects`` row with its raw
  text, file, byte offset and line; any *unexpected* exception from a parser or the engine on
  one hand becomes a reject with reason ``internal_error``; a hand whose numbers do not fit the
  store's columns becomes ``unstorable``. A bug or a hostile file costs one hand, visibly.
- Idempotent and cheap to rerun. The ``files`` row keeps size, mtime, a content hash, the
  bytes consumed and a hash of those bytes. An unchanged file is skipped from its stat alone;
  a file that grew (a live session) or whose import was killed resumes at ``bytes_consumed``
  once the hash of its first ``bytes_consumed`` bytes still matches; any other change re-reads
  it and relies on the (site, hand_id) dedup.
- Crash-safe. Batches span files and each commits together with the progress rows of the
  files it touches (see :mod:`pipeline.store.db`): a crash loses at most the batch in flight.
- Live files (``live=True``, used by :mod:`pipeline.ingest.watch`): the last hand of a file counts
  only once a blank line follows it (or another hand starts), so a half-written hand is left
  for the next pass.
- Zip archives are read in memory with limits (:mod:`pipeline.ingest.archive`).
- The library never prints: progress goes to an optional callback and the outcome is an
  :class:`ImportSummary` value that the CLI renders (or dumps as JSON).
"""

from __future__ import annotations

import os
import time
from collections.abc import Collection, Sequence
from pathlib import Path

from pipeline.config import DEFAULT_BATCH, IMPORT_MEMORY_LIMIT
from pipeline.errors import SidepotError
from pipeline.ingest import archive
from pipeline.ingest.files import iter_files
from pipeline.ingest.pool import Pool
from pipeline.ingest.summary import ImportSummary
from pipeline.ingest.writer import ProgressCallback, RunCounts, Task, Writer, fewer_collections
from pipeline.store.db import Store


def import_paths(
    paths: Sequence[str | Path],
    db_path: str | Path,
    progress: ProgressCallback | None = None,
    batch_size: int = DEFAULT_BATCH,
    *,
    live: bool = False,
    settled: Collection[str] = (),
    limits: archive.ArchiveLimits | None = None,
    jobs: int = 1,
) -> ImportSummary:
    """Import every hand history under ``paths`` into the DuckDB file ``db_path``.

    ``live=True`` treats files as still being written (see the module docstring), except the
    paths in ``settled``. Without ``live``, finding no hand history at all is an error.
    ``jobs > 1`` parses and replays files in that many worker processes; the store ends up
    exactly as with ``jobs=1`` (same rows, same batches, same progress rows).
    """
    start = time.perf_counter()
    files = list(iter_files(paths))
    bytes_total = sum(_size(p) for p in files)
    run = RunCounts()
    existed = Path(db_path).exists()
    with fewer_collections(), Pool(jobs) as pool, Store(db_path) as store:
        # DuckDB would otherwise cache up to 80% of RAM: an import keeps a bounded footprint
        # whatever the input size (pages spill to the database file, as they must anyway).
        store.con.execute(f"SET memory_limit = '{IMPORT_MEMORY_LIMIT}'")
        writer = Writer(store, run, batch_size, progress, live, set(settled), limits)
        writer.position = (0, len(files), bytes_total)
        for task, packed in pool.map_ordered(writer.tasks(files), Task.job):
            writer.finish(task, packed)
        writer.batcher.flush()
    if not live and run.recognised == 0 and run.unchanged == 0:
        if not existed:
            _remove_db(db_path)
        looked = ", ".join(f"{n} {r}" for r, n in run.skipped.most_common()) or "no files"
        shown = ", ".join(str(p) for p in paths)
        raise SidepotError(f"no hand histories found in {shown} ({looked})")
    return ImportSummary(
        files=len(files),
        hands_seen=run.hands_seen,
        hands_imported=run.imported,
        duplicates=run.duplicates,
        rejected=run.rejected,
        rejected_by_reason=dict(run.reasons.most_common()),
        findings_by_code=dict(run.codes.most_common()),
        seconds=round(time.perf_counter() - start, 3),
        skipped_files=sum(run.skipped.values()),
        skipped_by_reason=dict(run.skipped.most_common()),
        db=str(db_path),
        unchanged_files=run.unchanged,
        resumed_files=run.resumed,
    )


def _remove_db(db_path: str | Path) -> None:
    for suffix in ("", ".wal"):
        try:
            os.remove(f"{db_path}{suffix}")
        except OSError:
            pass


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0
