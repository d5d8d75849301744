"""The writer half of the import: decides what to read, batches, and stores in file order.

Why apart from :mod:`pipeline.ingest.run`: that module's pure half (bytes -> replayed hands) runs
in worker processes and knows nothing of the store; everything here runs in the one process
that owns the DuckDB file: the per-file decisions from committed progress rows (skip, resume,
re-read), the batches (each one transaction with its files' rows) and the progress reports.

- A file over :data:`~pipeline.config.MAX_FILE_BYTES` to parse is skipped as ``too_large``
  (with a progress row, so an unchanged one is passed over from its stat next time).
- A file whose last hand is left incomplete (:attr:`FileParse.incomplete`) stays ``partial``
  at that hand and is counted in ``incomplete`` (and listed in ``pending``): the next import
  reads it again. That holds only while the file may still be growing: followed live
  (``--watch``), or modified less than ``settle`` seconds ago
  (:data:`~pipeline.config.SETTLE_SECONDS`, ``$SIDEPOT_SETTLE_SECONDS``,
  ``--settle-seconds``). An older file's last hand that failed as cut is stored as the reject
  it is (:func:`~pipeline.ingest.pack.with_tail`), with the reader's reason, and the file is
  ``complete``; if the file grows after all, the reject gives way to the whole hand
  (:mod:`pipeline.ingest.reread`, counted in ``replaced``). An archive member never grows.
- Bytes read before are read again when a grown file's last hand may have been cut, when a
  file resumes, and when a file is read from its start again (changed, or ``force``):
  :mod:`pipeline.ingest.reread` first takes back what the earlier reading stored, so the
  store ends as if the file had been read once, whole.
- Each committed batch snapshots the run's counts (:meth:`RunCounts.snapshot`): an import
  stopped by Ctrl-C reports exactly what was committed.
- A batch's hands get their time zone when it is written (:func:`pipeline.ingest.zones.
  resolve_hands`), on the rows whichever core made, so both cores store the same rows.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from pipeline.config import DETECT_BYTES, MAX_FILE_BYTES, may_still_grow, settle_seconds
from pipeline.ingest import archive
from pipeline.ingest.batcher import Batcher
from pipeline.ingest.counts import pending_tail
from pipeline.ingest.pack import PackedFile, with_tail
from pipeline.ingest.reread import (
    Position,
    drop_from,
    ends_open,
    last_position,
    read_again,
    taken_back,
)
from pipeline.ingest.stream import (
    Piece,
    piece_bytes,
    pieces,
    prefix,
    read_range,
    stream_above,
    stream_digest,
    streamed_format,
)
from pipeline.ingest.zones import ZoneSettings
from pipeline.store.db import FileRecord


@dataclass(frozen=True, slots=True)
class Progress:
    """What the progress callback receives after every batch and every file."""

    path: str
    files_done: int
    files_total: int
    bytes_done: int
    bytes_total: int
    hands_seen: int


ProgressCallback = Callable[[Progress], None]


def _hash(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


#: The status of a file skipped as too large to read.
_TOO_LARGE = "skipped: too_large"


def _mtime(timestamp: float) -> datetime:
    return datetime.fromtimestamp(timestamp, UTC).replace(tzinfo=None)


@dataclass(eq=False)
class Task:
    """One unit of the writer's work, finished in order: a file (or member) to parse, or only
    a progress row (``after``) and a progress report (``last``) for a file already decided."""

    name: str
    index: int
    data: bytes | None = None
    mtime: datetime | None = None
    start: int = 0
    base: FileRecord | None = None
    final: bool = True
    digest: str = ""
    after: FileRecord | None = None
    last: bool = False
    prev: FileRecord | None = None  # the file's committed row, when it was read before
    again: Position | None = None  # a last hand read again from here (see reread)
    #: A piece of a big file (:mod:`pipeline.ingest.stream`): ``data`` is the piece.
    piece: Piece | None = None
    head: object = None  # a streamed file's blake2b state of its bytes before ``start``
    fmt: str | None = None  # a streamed file's format, as the writer detected it
    #: Hold back a last hand cut short (the file may still grow); else it is a reject.
    hold: bool = True

    def job(self) -> tuple | None:
        if self.data is None:
            return None
        fmt = self.base.format if self.base else self.fmt
        if self.piece is not None:
            return (self.data, self.name, 0, fmt, self.final, self.piece)
        return (self.data, self.name, self.start, fmt, self.final)


class Writer:
    """Decides per file what to read (nothing, the tail, or everything) and feeds the batcher.

    :meth:`tasks` runs ahead (reading and hashing files, deciding where each starts) while
    workers parse; :meth:`finish` takes each result in file order.
    """

    def __init__(self, store, run, batch_size, progress, live, settled, limits,  # noqa: ANN001
                 force: bool = False, zones: ZoneSettings | None = None,
                 settle: float | None = None) -> None:
        self.store = store
        self.settle = settle_seconds() if settle is None else settle
        self.now = datetime.now(UTC).replace(tzinfo=None)
        self.force = force
        store.prepare_bulk_load()
        self.run = run
        self.batcher = Batcher(store, run, batch_size, zones)
        self.progress = progress
        self.live = live
        self.settled = settled
        self.limits = limits
        self.states = store.file_states()  # committed progress of every known file
        self.position = (0, 0, 0)
        #: The streamed file being fed: its name and the hash of its bytes fed so far.
        self.open: tuple[str, object] | None = None

    def tasks(self, files: Sequence[Path]) -> Iterator[Task]:
        for index, path in enumerate(files, 1):
            if archive.is_zip(path):
                yield from self._archive_tasks(path, index)
            else:
                yield from self._path_tasks(path, index)
            yield Task(str(path), index, last=True)

    def _archive_tasks(self, path: Path, index: int) -> Iterator[Task]:
        """Members are imported like files (named ``zip!member``); an unchanged zip is skipped
        from its stat, through a row of its own that commits with the last member's batch."""
        name = str(path)
        try:
            stat = path.stat()
        except OSError:
            self.run.skip("unreadable", name)
            return
        mtime = _mtime(stat.st_mtime)
        prev = self.states.get(name)
        if not self.force and prev is not None and prev.status == "archive" and (
            prev.size, prev.mtime) == (stat.st_size, mtime):
            self.run.unchanged += 1
            self.run.bytes_done += stat.st_size
            return
        for member in archive.read_members(path, self.limits):
            if member.data is None:
                self.run.skip(member.skip or "bad_archive", member.name)
                continue
            task = self._bytes_task(member.name, index, member.data, member.mtime, None,
                                    member=True)
            if task is not None:
                yield task
        yield Task(name, index, after=FileRecord(
            path=name, size=stat.st_size, mtime=mtime, content_hash="", format="zip",
            bytes_consumed=stat.st_size, hands=0, imported=0, duplicates=0, rejected=0,
            status="archive"))

    def _path_tasks(self, path: Path, index: int) -> Iterator[Task]:
        name = str(path)
        try:
            stat = path.stat()
        except OSError:
            self.run.skip("unreadable", name)
            return
        mtime = _mtime(stat.st_mtime)
        prev = self.states.get(name)
        big = stat.st_size > stream_above()  # (one once skipped too_large is tried again)
        if (not self.force and prev is not None and prev.status != "partial"
                and prev.size == stat.st_size and prev.mtime == mtime
                and not (big and prev.status == _TOO_LARGE)):
            self.run.unchanged += 1
            self.run.bytes_done += stat.st_size
            return
        if big:
            streamed = self._stream_tasks(path, index, mtime, prev)
            if streamed is not None:
                yield from streamed
                return
        if stat.st_size > MAX_FILE_BYTES and (prev is None or not prev.bytes_consumed):
            yield self._too_large(name, index, stat.st_size, mtime)  # not even read
            return
        try:
            data = path.read_bytes()
        except OSError:
            self.run.skip("unreadable", name)
            return
        task = self._bytes_task(name, index, data, mtime, prev)
        if task is not None:
            yield task

    def _bytes_task(self, name, index, data, mtime, prev,  # noqa: ANN001
                    member: bool = False) -> Task | None:
        """A task that parses ``data`` from where the store says; None when it is unchanged.
        ``member``: an archive's member (it never grows)."""
        run, size = self.run, len(data)
        if prev is None:  # an archive member: no stat, its content decides
            prev = self.states.get(name)
        digest = _hash(data)
        if (not self.force and prev is not None and prev.content_hash == digest
                and prev.status != "partial"):
            run.unchanged += 1
            run.bytes_done += size
            if prev.mtime != mtime:  # touched, not changed: remember the new mtime
                return Task(name, index, after=replace(prev, mtime=mtime))
            return None
        start, base, again = 0, None, None
        if not self.force and prev is not None and _resumable(prev, data):
            start, base = prev.bytes_consumed, prev
            again = self._grown_last_hand(name, len(data), lambda lo, hi: data[lo:hi], prev)
            if again is not None:
                start = again.offset
            run.resumed += 1
        if size - start > MAX_FILE_BYTES:
            return self._too_large(name, index, size, mtime, digest)
        final = not self.live or name in self.settled
        hold = self.live or (not member and self._recent(mtime))
        return Task(name, index, data, mtime, start, base, final, digest, prev=prev, again=again,
                    hold=hold)

    def _recent(self, mtime: datetime | None) -> bool:
        """Whether a file modified at ``mtime`` may still be growing: changed less than
        ``settle`` seconds before this import began (either way: a clock a little ahead)."""
        return mtime is not None and may_still_grow((self.now - mtime).total_seconds(), self.settle)

    def _stream_tasks(self, path: Path, index: int, mtime: datetime,
                      prev: FileRecord | None) -> Iterator[Task] | None:
        """A big file's tasks, one per piece (:mod:`pipeline.ingest.stream`), deciding as
        :meth:`_bytes_task` does; None when it is not one to stream (it is read whole)."""
        try:
            with open(path, "rb") as fh:
                fmt = streamed_format(fh.read(DETECT_BYTES))
        except OSError:
            return None  # the whole path says it is unreadable
        return None if fmt is None else self._piece_tasks(path, index, mtime, prev, fmt)

    def _piece_tasks(self, path: Path, index: int, mtime: datetime, prev: FileRecord | None,
                     fmt: str) -> Iterator[Task]:
        name, run = str(path), self.run
        digest = ""  # a new or changed file's hash is taken as its bytes are consumed (_feed)
        try:
            size = path.stat().st_size
            if (not self.force and prev is not None and prev.size == size
                    and prev.status not in ("partial", _TOO_LARGE)):  # maybe only touched
                digest, size = stream_digest(path)
        except OSError:
            run.skip("unreadable", name)
            return
        if digest and prev is not None and prev.content_hash == digest:
            run.unchanged += 1
            run.bytes_done += size
            if prev.mtime != mtime:
                yield Task(name, index, after=replace(prev, mtime=mtime))
            return
        start, base, again, head, lines = 0, None, None, None, 0
        consumed = prev.bytes_consumed if prev is not None and not self.force else 0
        if 0 < consumed <= size and prev.consumed_hash:
            head, lines = prefix(path, consumed)
            if head.hexdigest() == prev.consumed_hash:
                start, base = consumed, prev
                again = self._grown_last_hand(name, size, lambda lo, hi: read_range(path, lo, hi),
                                              prev)
                if again is not None:
                    start = again.offset
                    head, lines = prefix(path, start)
                run.resumed += 1
            else:
                head, lines = None, 0
        final = not self.live or name in self.settled
        hold = self.live or self._recent(mtime)
        reach = prev.size if again is not None else 0  # the piece read again covers it all
        for piece, data in pieces(path, (base.format if base else None) or fmt, start, size,
                                  lines, piece_bytes(), reach):
            if data is None and piece.first:  # nowhere to cut: too large, as a whole file
                yield self._too_large(name, index, size, mtime, digest or _digest(path))
                return
            yield Task(name, index, data, mtime, start, base, final, digest, prev=prev,
                       again=again, piece=piece, head=head, fmt=fmt, hold=hold)

    def _grown_last_hand(self, name: str, size: int, read: Callable[[int, int], bytes],
                         prev: FileRecord) -> Position | None:
        """Where to read a grown file again from: its last stored hand (or reject), when the
        file was complete and that hand had no blank line after it (it may have been cut).
        ``read(lo, hi)``: the file's bytes from ``lo`` to ``hi``."""
        end = prev.bytes_consumed
        if prev.status != "complete" or end != prev.size or size <= end:
            return None
        self.batcher.settle()  # the store is this thread's again (the batch in flight stored)
        at = last_position(self.store, name, end)
        return at if at is not None and ends_open(read(at.offset, end), 0, end - at.offset) \
            else None

    def _too_large(self, name: str, index: int, size: int, mtime: datetime | None,
                   digest: str = "") -> Task:
        """A file too big to parse in one piece: skipped, with a row saying so."""
        self.run.skip("too_large", name)
        self.run.bytes_done += size
        return Task(name, index, after=FileRecord(
            path=name, size=size, mtime=mtime, content_hash=digest, format=None,
            bytes_consumed=0, hands=0, imported=0, duplicates=0, rejected=0,
            status=_TOO_LARGE, consumed_hash=_hash(b"")))

    def finish(self, task: Task, parsed: PackedFile | None) -> None:
        self.position = (task.index, *self.position[1:])
        if parsed is not None:
            self._finish_parse(task, parsed)
        elif task.piece is not None:
            self._rest_too_large(task, task.piece)
        if task.after is not None:
            self.batcher.update_file(task.after)
        if task.last:
            self._report(task.name, task.index)

    def _finish_parse(self, task: Task, parsed: PackedFile) -> None:
        run, data, start, piece = self.run, task.data, task.start, task.piece
        assert data is not None
        size = piece.size if piece is not None else len(data)
        if not task.hold and (piece is None or piece.last):  # the file will not grow: a
            parsed = with_tail(parsed, size)  # last hand cut short is the reject it is
        if piece is not None and not piece.first:  # the next piece of the file being fed
            if self.open is not None and self.open[0] == task.name:
                self._feed(parsed, task, self.batcher.files[task.name])
            run.bytes_done += len(data)
            task.data = None
            self._flush_after(piece)
            return
        if parsed.n_outcomes:
            run.cores[parsed.core] += 1
        base = self._take_back(task, parsed)
        record = FileRecord(
            path=task.name, size=size, mtime=task.mtime, content_hash=task.digest,
            format=parsed.format or (base.format if base else None), bytes_consumed=start,
            hands=base.hands if base else 0, imported=base.imported if base else 0,
            duplicates=base.duplicates if base else 0, rejected=base.rejected if base else 0,
            status="partial", consumed_hash=base.consumed_hash if base else _hash(b""),
        )
        self.open = None
        if parsed.skip is not None:
            run.skip(parsed.skip, task.name)
            self.batcher.update_file(replace(record, status=f"skipped: {parsed.skip}"))
        else:
            run.recognised += 1
            if task.head is not None:
                hasher = task.head.copy()
            else:  # a whole file's bytes, or a piece at the file's start
                hasher = hashlib.blake2b(data[:start] if piece is None else b"", digest_size=16)
            self.open = (task.name, hasher)
            self._feed(parsed, task, record)
        run.bytes_done += len(data) + (piece.base if piece is not None else 0)
        task.data = None  # the bytes are not needed any more: keep memory flat
        self._flush_after(piece)

    def _rest_too_large(self, task: Task, piece: Piece) -> None:
        """A streamed file with no place to cut it past ``piece.base``: what was read of it
        stays stored, the rest is skipped as too large (its row says so)."""
        self.run.bytes_done += piece.size - piece.base
        if self.open is None or self.open[0] != task.name:
            return
        self.run.skip("too_large", task.name)
        record = self.batcher.files[task.name]
        self.batcher.update_file(replace(record, status=_TOO_LARGE))
        self.open = None

    def _flush_after(self, piece: Piece | None) -> None:
        """A full batch is written; so is the rest of a piece before the next piece of its
        file is taken (its rows hold the piece's tables: one piece in memory at a time)."""
        if self.batcher.full or (piece is not None and not piece.last):
            self.batcher.flush()

    def _take_back(self, task: Task, parsed: PackedFile) -> FileRecord | None:
        """Before a file read before is fed: its lowered progress row when reading restarts
        below it (committed first), then whatever it has stored from the restart on dropped
        (its hands too when resuming; only its rejects when read from its start). Returns the
        row the new reading counts on (None: from zero)."""
        prev, base, start, name = task.prev, task.base, task.start, task.name
        if prev is None:
            return base
        self.batcher.settle()  # the store is this thread's again (the batch in flight stored)
        restart = None
        if task.again is not None:
            assert base is not None and task.data is not None
            # a streamed file's bytes are its first piece, not the whole file: no line check
            whole = task.data if task.head is None else None
            head = task.head.hexdigest() if task.head is not None else _hash(
                memoryview(task.data)[:start])
            restart = taken_back(base, task.again, read_again(parsed, start, base.size, whole),
                                 head)
            base = restart
        elif self.force:
            restart = replace(prev, bytes_consumed=0, hands=0, imported=0, duplicates=0,
                              rejected=0, status="partial", consumed_hash=_hash(b""))
        if restart is not None:
            self.store.record_file(restart)
            self.batcher.files[name] = restart
        # Hands go too when reading resumes, or restarts at a last hand read again (which may
        # be the file's first, at byte 0); a file read from its start again keeps them.
        again = start > 0 or task.again is not None
        dropped = drop_from(self.store, name, start, hands=again)
        # a last hand read again replaces what its shorter reading stored: a hand, or the
        # reject of a hand cut short that the longer reading may now store whole
        self.run.replaced += dropped.hands + (dropped.rejects if task.again is not None else 0)
        return base

    def _feed(self, parsed: PackedFile, task: Task, record: FileRecord) -> None:
        """The file's outcomes (or a piece's) into the batcher, a batch-sized run at a time; a
        batch that fills up mid-file commits with the file's progress so far (bytes, hash,
        counts). ``record``: the file's row as of the bytes before these outcomes."""
        batcher, data, piece = self.batcher, task.data, task.piece
        assert data is not None and self.open is not None
        hasher = self.open[1]
        base = piece.base if piece is not None else 0  # the file's byte at data[0]
        counted = base if piece is not None and not piece.first else 0  # in bytes_done
        size = piece.size if piece is not None else len(data)
        last = piece is None or piece.last
        pos = record.bytes_consumed
        hands, rejected = record.hands, record.rejected
        rejects = sorted(parsed.rejects)
        lo, n = 0, parsed.n_outcomes
        while lo < n:
            hi = min(n, lo + batcher.room)
            among = rejects[bisect_left(rejects, lo) : bisect_left(rejects, hi)]
            batcher.add(parsed, lo, hi, among)
            hands += hi - lo
            rejected += len(among)
            lo = hi
            if batcher.full:
                end = parsed.ends[hi - 1]
                hasher.update(data[pos - base : end - base])
                pos = end
                record = replace(record, bytes_consumed=pos, hands=hands, rejected=rejected,
                                 consumed_hash=hasher.hexdigest())
                batcher.update_file(record)
                batcher.flush()
                self._report(record.path, self.position[0] - 1,
                             self.run.bytes_done + pos - counted)
        if piece is None and parsed.consumed == len(data) and task.digest:
            consumed_hash = task.digest  # the whole file, hashed once already (_bytes_task)
        else:
            hasher.update(data[pos - base : parsed.consumed - base])
            consumed_hash = hasher.hexdigest()
        done = last and parsed.consumed >= size
        if last and parsed.consumed < size:  # a last hand left for next time (either core)
            self.run.incomplete += 1
            self.run.incomplete_files.append(task.name)
            self.run.pending.append(pending_tail(task.name, size, parsed))
        content_hash = record.content_hash
        if piece is not None and piece.last and not task.digest:  # the file's hash: the bytes
            whole = hasher.copy()  # consumed, then the rest of the last piece (one pass)
            whole.update(memoryview(data)[parsed.consumed - base :])
            content_hash = whole.hexdigest()
        record = replace(record, bytes_consumed=parsed.consumed, hands=hands, rejected=rejected,
                         consumed_hash=consumed_hash, content_hash=content_hash,
                         status="complete" if done else "partial")
        batcher.update_file(record)

    def _report(self, name: str, done: int, bytes_done: int | None = None) -> None:
        if self.progress is not None:
            _, total, bytes_total = self.position
            self.progress(Progress(name, done, total,
                                   self.run.bytes_done if bytes_done is None else bytes_done,
                                   bytes_total, self.run.hands_seen))


def _digest(path: Path) -> str:
    """A streamed file's content hash, read apart (a file not read: too large to cut)."""
    try:
        return stream_digest(path)[0]
    except OSError:
        return ""


def _resumable(prev: FileRecord, data: bytes) -> bool:
    """The bytes read before are still the file's first bytes (it grew, or an import of it
    stopped): reading goes on where the committed row says."""
    consumed = prev.bytes_consumed
    return (0 < consumed <= len(data) and bool(prev.consumed_hash)
            and prev.consumed_hash == _hash(memoryview(data)[:consumed]))
