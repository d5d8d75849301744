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
- A file stops where its last hand is not finished (:mod:`pipeline.ingest.parse`) while it
  may still be growing (``live``, or modified less than ``settle`` seconds ago: default
  :data:`~pipeline.config.SETTLE_SECONDS`, or ``$SIDEPOT_SETTLE_SECONDS``): that hand is
  neither stored nor rejected, the file stays ``partial`` there, the summary counts it in
  ``incomplete_tail`` and lists it in ``pending``, and the next import reads it again. An
  older file's cut last hand is a reject with its reason (:mod:`pipeline.ingest.writer`).
  ``force`` reads every file from its start again (hands already stored count as
  duplicates; rejects are found afresh).
- Ctrl-C: worker processes ignore SIGINT and are stopped by this process; a batch that the
  writer thread is storing ends first (committed, or rolled back if DuckDB saw the interrupt:
  "Query interrupted" is the same event; :mod:`pipeline.ingest.batcher`), committed batches
  stay with their progress rows, and :class:`~pipeline.errors.ImportInterrupted` carries the
  summary of what was committed. Running the same import again resumes.
- Zip archives are read in memory with limits (:mod:`pipeline.ingest.archive`).
- The library never prints: progress goes to an optional callback and the outcome is an
  :class:`ImportSummary` value that the CLI renders (or dumps as JSON).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import duckdb

from pipeline.config import DEFAULT_BATCH, IMPORT_MEMORY_LIMIT
from pipeline.errors import ImportInterrupted, SidepotError
from pipeline.ingest import archive
from pipeline.ingest.anonymous import mark_stored
from pipeline.ingest.batcher import AfterWrite
from pipeline.ingest.counts import RunCounts
from pipeline.ingest.files import iter_files
from pipeline.ingest.pool import Pool, fewer_collections, jobs_for
from pipeline.ingest.summary import ImportSummary
from pipeline.ingest.writer import ProgressCallback, Task, Writer
from pipeline.ingest.zones import ZoneSettings, rezone_stored
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
    jobs: int | None = 1,
    force: bool = False,
    zones: ZoneSettings | None = None,
    settle: float | None = None,
    allin: bool = False,
    after_batch: AfterWrite | None = None,
) -> ImportSummary:
    """Import every hand history under ``paths`` into the DuckDB file ``db_path``.

    ``live=True`` treats files as still being written (see the module docstring), except the
    paths in ``settled``. Without ``live``, finding no hand history at all is an error.
    ``jobs > 1`` parses and replays files in that many worker processes; the store ends up
    exactly as with ``jobs=1`` (same rows, same batches, same progress rows). ``jobs=None``:
    one a core when a file of the input is big enough to be read in pieces, else 1
    (:func:`~pipeline.ingest.pool.jobs_for`); the summary says how many ran.
    ``force`` reads every file again from its start, whatever the store says of it.
    ``zones``: the user's time zones for hands whose log prints none (:mod:`.zones`); they
    (and the site defaults) also apply to hands stored before with no zone or an assumed one.
    ``settle``: seconds since its last change during which a file's last hand cut short is
    held back as still being written (None: :func:`pipeline.config.settle_seconds`).
    ``allin``: each hand's all-in equity is counted where it is parsed and stored with its
    rows (:mod:`pipeline.ingest.equity_rows`).
    ``after_batch``: run in the writer thread after each batch commits
    (:data:`~pipeline.ingest.batcher.AfterWrite`); its error fails the import as the batch's.
    Ctrl-C raises :class:`~pipeline.errors.ImportInterrupted` (see the module docstring).
    """
    start = time.perf_counter()
    files = list(iter_files(paths))
    bytes_total = sum(_size(p) for p in files)
    jobs = jobs_for(bytes_total, len(files), jobs)
    run = RunCounts()
    existed = Path(db_path).exists()
    writer: Writer | None = None
    ctrl_c: list[bool] = []
    try:
        with noting_ctrl_c(ctrl_c), fewer_collections(), Pool(jobs, allin=allin) as pool, \
                Store(db_path) as store:
            # DuckDB would otherwise cache up to 80% of RAM: an import keeps a bounded
            # footprint whatever the input size (pages spill to the database file).
            store.con.execute(f"SET memory_limit = '{IMPORT_MEMORY_LIMIT}'")
            writer = Writer(store, run, batch_size, progress, live, set(settled), limits,
                            force, zones, settle)
            writer.position = (0, len(files), bytes_total)
            writer.batcher.after_write = after_batch
            try:
                for task, packed in pool.map_ordered(writer.tasks(files), Task.job):
                    writer.finish(task, packed)
                    del task, packed  # not kept alive while the next file (or piece) is parsed
                writer.batcher.flush()
                writer.batcher.settle()
            finally:  # a batch still being written ends before the store closes
                writer.batcher.close()
            if not live:  # (a watch pass reads new hands only, every second)
                run.rezoned = rezone_stored(store.con, zones or ZoneSettings())
                mark_stored(store.con)  # seats stored before the column existed
                writer.batcher.committed = run.snapshot()
        summary = _summary(run, files, db_path, start, jobs)  # Ctrl-C up to here: said as such
    except BaseException as exc:
        if not (ctrl_c or interrupted(exc)):
            raise
        done = writer.batcher.committed if writer is not None else RunCounts()
        summary = _summary(done, files, db_path, start, jobs)
        raise ImportInterrupted(
            f"interrupted: {summary.hands_imported:,} hands stored in {db_path}; run the "
            "same import again to resume", summary) from None
    if not live and run.recognised == 0 and run.unchanged == 0:
        if not existed:
            _remove_db(db_path)
        looked = ", ".join(f"{n} {r}" for r, n in run.skipped.most_common()) or "no files"
        shown = ", ".join(str(p) for p in paths)
        raise SidepotError(f"no hand histories found in {shown} ({looked})")
    return summary


@contextmanager
def noting_ctrl_c(seen: list[bool]) -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt as ever, and ``seen`` notes that it came. DuckDB turns
    a KeyboardInterrupt raised inside its calls into errors of its own ("Query interrupted",
    "exporting a stream ... failed: KeyboardInterrupt", even "Table ... does not exist" when
    it lands while DuckDB looks up a Python variable), so the type of what escapes does not
    tell. Only in the main thread, and only over Python's own handler or another of these
    (they nest: the CLI wraps a whole import, its stats refresh and its summary in one)."""
    current = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or not (
            current is signal.default_int_handler or getattr(current, _NOTING, False)):
        yield
        return

    def note(signum: int, frame: object) -> None:
        seen.append(True)
        current(signum, frame)  # type: ignore[operator]  # an outer note, or Python's own

    setattr(note, _NOTING, True)
    previous = signal.signal(signal.SIGINT, note)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


#: Marks the handlers :func:`noting_ctrl_c` installs.
_NOTING = "_sidepot_notes_ctrl_c"


def interrupted(exc: BaseException) -> bool:
    """Ctrl-C, also when it lands inside a DuckDB query: DuckDB then raises its own
    ``RuntimeError("Query interrupted")`` (or InterruptException) in its place."""
    return isinstance(exc, KeyboardInterrupt | duckdb.InterruptException) or (
        type(exc) is RuntimeError and str(exc) == "Query interrupted")


def _summary(run: RunCounts, files: Sequence[Path], db_path: str | Path,
             start: float, jobs: int = 1) -> ImportSummary:
    return ImportSummary(
        files=len(files),
        hands_seen=run.hands_seen,
        hands_imported=run.imported,
        duplicates=run.duplicates,
        rejected=run.rejected,
        rejected_by_reason=dict(run.reasons.most_common()),
        findings_by_code=dict(run.codes.most_common()),
        findings_by_severity={s: run.severities[s] for s in ("error", "warning", "info")
                              if run.severities[s]} | dict(run.severities.most_common()),
        seconds=round(time.perf_counter() - start, 3),
        skipped_files=sum(run.skipped.values()),
        skipped_by_reason=dict(run.skipped.most_common()),
        db=str(db_path),
        unchanged_files=run.unchanged,
        resumed_files=run.resumed,
        incomplete_tail=run.incomplete,
        replaced=run.replaced,
        incomplete_files=list(run.incomplete_files),
        pending=list(run.pending),
        skipped_paths={r: list(p) for r, p in run.skipped_paths.items()},
        no_time_zone_by_site=dict(run.unzoned.most_common()),
        rezoned=run.rezoned,
        core=core_used(run.cores),
        unknown_format_files=list(run.unknown_files),
        jobs=jobs,
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


def core_used(cores: Counter) -> str:
    """One word for the run: the core that read every file with hands, or "mixed"."""
    used = [name for name, n in cores.items() if n]
    if len(used) == 1:
        return used[0]
    return "mixed" if used else "python"
