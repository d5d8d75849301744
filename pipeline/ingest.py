"""Files -> decode -> detect -> split -> parse -> replay -> batches -> store.

Why it is built this way:
- One bad hand never aborts a file. A ``ParseError`` becomes a ``rejects`` row with its raw
  text, file, byte offset and line; any *unexpected* exception from a parser or the engine on
  one hand becomes a reject with reason ``internal_error`` (the exception text kept), so a bug
  costs one hand, visibly, never the import.
- Files that hold no hand history (a README, source code, a binary) are skipped with a reason
  and counted; only a path that does not exist is an error.
- Batches span files and each commits together with the progress rows of the files it touches
  (see :mod:`pipeline.store`), so a crash loses at most one batch and a rerun completes the
  rest: everything already committed comes back as duplicates.
- The library never prints: progress goes to an optional callback and the outcome is an
  :class:`ImportSummary` value that the CLI renders (or dumps as JSON).
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path

from parsers import registry
from parsers.errors import AmbiguousFormatError, ParseError, UnknownFormatError
from parsers.model import Hand, SourceRef
from parsers.text import Chunk, decode, split_hands
from pipeline.engine import replay
from pipeline.engine.result import Replay
from pipeline.store import FileRecord, Reject, SidepotError, Store, file_digest
from pipeline.store import unsupported_precision as _too_precise

DEFAULT_BATCH = 2000


@dataclass(frozen=True, slots=True)
class Progress:
    """What the progress callback receives after every batch and every file."""

    path: str
    files_done: int
    files_total: int
    bytes_done: int
    bytes_total: int
    hands_seen: int


@dataclass(frozen=True)
class ImportSummary:
    """The outcome of one import run; ``to_json()`` is the CLI's ``--json`` output.

    ``findings_by_code`` counts the findings of every hand replayed in this run (imported or
    duplicate): it describes the input that was read, not what is new in the store.
    """

    files: int
    hands_seen: int
    hands_imported: int
    duplicates: int
    rejected: int
    rejected_by_reason: dict[str, int]
    findings_by_code: dict[str, int]
    seconds: float
    skipped_files: int = 0
    skipped_by_reason: dict[str, int] = field(default_factory=dict)
    db: str = ""

    def to_dict(self) -> dict:
        return asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, sort_keys=False)


ProgressCallback = Callable[[Progress], None]


def iter_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Every file under the given paths (folders recursively, hidden entries skipped).

    A path that does not exist raises SidepotError before anything is imported.
    """
    roots = [Path(p) for p in paths]
    for root in roots:
        if not root.exists():
            raise SidepotError(f"no such file or directory: {root}")
    seen: set[Path] = set()
    for root in roots:
        if root.is_file():
            candidates: Iterable[Path] = [root]
        else:
            candidates = sorted(
                p for p in root.rglob("*") if p.is_file() and not _hidden(p.relative_to(root))
            )
        for path in candidates:
            key = path.resolve()
            if key not in seen:
                seen.add(key)
                yield path


def _hidden(relative: Path) -> bool:
    return any(part.startswith(".") for part in relative.parts)


@dataclass
class _Run:
    """Mutable counters of one run (private; the public result is ImportSummary)."""

    hands_seen: int = 0
    imported: int = 0
    duplicates: int = 0
    rejected: int = 0
    reasons: Counter = field(default_factory=Counter)
    codes: Counter = field(default_factory=Counter)
    skipped: Counter = field(default_factory=Counter)
    bytes_done: int = 0


class _Batcher:
    """Collects hands and rejects until batch_size, then writes them with their files' rows."""

    def __init__(self, store: Store, run: _Run, batch_size: int) -> None:
        self.store = store
        self.run = run
        self.batch_size = max(1, batch_size)
        self.hands: list[tuple[Hand, Replay]] = []
        self.rejects: list[Reject] = []
        self.files: dict[str, FileRecord] = {}  # latest record per path, counts as committed
        self.dirty: set[str] = set()

    def update_file(self, record: FileRecord) -> None:
        committed = self.files.get(record.path)
        if committed is not None:  # imported/duplicates are owned by the store's accounting
            record = replace(record, imported=committed.imported, duplicates=committed.duplicates)
        self.files[record.path] = record
        self.dirty.add(record.path)

    def add(self, hand: Hand, result: Replay) -> None:
        self.hands.append((hand, result))

    def reject(self, reject: Reject) -> None:
        self.rejects.append(reject)

    @property
    def full(self) -> bool:
        return len(self.hands) + len(self.rejects) >= self.batch_size

    def flush(self) -> None:
        if not (self.hands or self.rejects or self.dirty):
            return
        records = [self.files[p] for p in sorted(self.dirty)]
        result = self.store.write_batch(self.hands, self.rejects, records)
        self.run.imported += result.imported
        self.run.duplicates += result.duplicates
        for record in result.files:
            self.files[record.path] = record
        self.hands, self.rejects, self.dirty = [], [], set()


def import_paths(
    paths: Sequence[str | Path],
    db_path: str | Path,
    progress: ProgressCallback | None = None,
    batch_size: int = DEFAULT_BATCH,
) -> ImportSummary:
    """Import every hand history under ``paths`` into the DuckDB file ``db_path``."""
    start = time.perf_counter()
    files = list(iter_files(paths))
    bytes_total = sum(_size(p) for p in files)
    run = _Run()
    with Store(db_path) as store:
        batcher = _Batcher(store, run, batch_size)
        for index, path in enumerate(files, 1):
            _import_file(path, batcher, run, progress, index, len(files), bytes_total)
        batcher.flush()
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
    )


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _import_file(
    path: Path,
    batcher: _Batcher,
    run: _Run,
    progress: ProgressCallback | None,
    index: int,
    n_files: int,
    bytes_total: int,
) -> None:
    name = str(path)
    try:
        data = path.read_bytes()
        stat = path.stat()
    except OSError:
        run.skipped["unreadable"] += 1
        return
    mtime = datetime.fromtimestamp(stat.st_mtime, UTC).replace(tzinfo=None)
    record = FileRecord(
        path=name, size=len(data), mtime=mtime, content_hash=file_digest(path), format=None,
        bytes_consumed=0, hands=0, imported=0, duplicates=0, rejected=0, status="partial",
    )
    chunks, fmt, skip_reason = _split(data)
    if skip_reason is not None or fmt is None:
        run.skipped[skip_reason or "no_hands"] += 1
        batcher.update_file(replace(record, status=f"skipped: {skip_reason}"))
    else:
        record = replace(record, format=fmt.name)
        rejected_before = run.rejected
        for i, chunk in enumerate(chunks):
            _one_hand(chunk, name, fmt, batcher, run)
            if batcher.full:
                end = chunks[i + 1].offset if i + 1 < len(chunks) else len(data)
                record = replace(
                    record, bytes_consumed=end, hands=i + 1, rejected=run.rejected - rejected_before
                )
                batcher.update_file(record)
                batcher.flush()
                _report(progress, name, index - 1, n_files, run.bytes_done + end, bytes_total, run)
        record = replace(
            record,
            bytes_consumed=len(data),
            hands=len(chunks),
            rejected=run.rejected - rejected_before,
            status="complete",
        )
        batcher.update_file(record)
    run.bytes_done += len(data)
    if batcher.full:
        batcher.flush()
    _report(progress, name, index, n_files, run.bytes_done, bytes_total, run)


def _report(progress, name, done, total, bytes_done, bytes_total, run) -> None:
    if progress is not None:
        progress(Progress(name, done, total, bytes_done, bytes_total, run.hands_seen))


def _split(data: bytes) -> tuple[list[Chunk], registry.Format | None, str | None]:
    """(chunks, format, skip reason): a file nobody recognises is skipped, not an error."""
    if not data.strip():
        return [], None, "empty"
    if b"\x00" in data[:4096] and not _looks_utf16(data):
        return [], None, "binary"
    try:
        text, encoding = decode(data)
        fmt = registry.detect(text)
    except UnknownFormatError:
        return [], None, "unknown_format"
    except AmbiguousFormatError:
        return [], None, "ambiguous_format"
    except (UnicodeError, ValueError):
        return [], None, "undecodable"
    chunks = split_hands(text, encoding, fmt.header, data)
    if not chunks:
        return [], fmt, "no_hands"
    return chunks, fmt, None


def _looks_utf16(data: bytes) -> bool:
    return data[:2] in (b"\xff\xfe", b"\xfe\xff") or (
        len(data) > 8 and (data[1::2][:64].count(0) > 48 or data[0::2][:64].count(0) > 48)
    )


def _one_hand(chunk: Chunk, path: str, fmt: registry.Format, batcher: _Batcher, run: _Run) -> None:
    """Parse and replay one chunk; whatever goes wrong becomes a reject, never an exception."""
    run.hands_seen += 1
    try:
        hand = fmt.parse(chunk, path)
    except ParseError as exc:
        line = chunk.line + exc.line - 1 if exc.line else chunk.line
        detail = exc.detail + (f" | {exc.text}" if exc.text else "")
        _reject(batcher, run, chunk, path, line, exc.site or fmt.site, exc.reason, detail)
        return
    except Exception as exc:  # noqa: BLE001 - a parser bug costs one hand, visibly
        _reject(batcher, run, chunk, path, chunk.line, fmt.site, "internal_error", _describe(exc))
        return
    if hand.source.file != path or hand.source.offset != chunk.offset:
        hand = replace(hand, source=SourceRef(path, chunk.offset, chunk.line))
    if _too_precise(hand):
        detail = f"amounts have {hand.decimals} decimals; the store keeps 2"
        _reject(batcher, run, chunk, path, chunk.line, hand.site, "unsupported_precision", detail)
        return
    try:
        result = replay(hand)
    except Exception as exc:  # noqa: BLE001 - an engine bug costs one hand, visibly
        _reject(batcher, run, chunk, path, chunk.line, hand.site, "internal_error", _describe(exc))
        return
    for finding in result.findings:
        run.codes[finding.code] += 1
    batcher.add(hand, result)


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _reject(batcher, run, chunk, path, line, site, reason, detail) -> None:
    run.rejected += 1
    run.reasons[reason] += 1
    batcher.reject(Reject(path, chunk.offset, line, site, reason, detail, chunk.text))


def default_db() -> str:
    """``$SIDEPOT_DB`` when set, else ``sidepot.duckdb`` in the current directory."""
    return os.environ.get("SIDEPOT_DB") or "sidepot.duckdb"
