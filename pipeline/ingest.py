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
  files it touches (see :mod:`pipeline.store`): a crash loses at most the batch in flight.
- Live files (``live=True``, used by :mod:`pipeline.watch`): the last hand of a file counts
  only once a blank line follows it (or another hand starts), so a half-written hand is left
  for the next pass.
- Zip archives are read in memory with limits (:mod:`pipeline.archive`).
- The library never prints: progress goes to an optional callback and the outcome is an
  :class:`ImportSummary` value that the CLI renders (or dumps as JSON).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from parsers import registry
from parsers.errors import AmbiguousFormatError, ParseError, UnknownFormatError
from parsers.model import Hand, SourceRef
from parsers.text import Chunk, decode
from pipeline import archive
from pipeline.engine import replay
from pipeline.engine.result import Replay
from pipeline.ingest_writer import Progress as Progress  # re-exported: the CLI's progress bar
from pipeline.ingest_writer import (
    ProgressCallback,
    RunCounts,
    Task,
    Writer,
    fewer_collections,
)
from pipeline.parallel import Pool
from pipeline.store import Reject, SidepotError, Store
from pipeline.store import unsupported_precision as _too_precise

DEFAULT_BATCH = 2000
#: DuckDB's memory while importing (measured: without it the writer grows ~0.8 MB per 1,000
#: hands, the buffer pool caching what it wrote).
IMPORT_MEMORY_LIMIT = "512MB"
#: How much of a file is decoded to detect its format before the whole file is decoded.
SNIFF_BYTES = 16384


@dataclass(frozen=True)
class ImportSummary:
    """The outcome of one import run; ``to_json()`` is the CLI's ``--json`` output.

    ``findings_by_code`` counts the findings of every hand replayed in this run (imported or
    duplicate): it describes the input that was read, not what is new in the store.
    ``unchanged_files`` were already fully imported and not read again; ``resumed_files``
    were read from where an earlier import stopped.
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
    unchanged_files: int = 0
    resumed_files: int = 0

    def to_dict(self) -> dict:
        return asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, sort_keys=False)


# --- the pure half: bytes -> replayed hands and rejects ------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """One hand chunk's fate: a replayed hand, or a reject. ``end`` is where the next starts."""

    offset: int
    end: int
    hand: Hand | None = None
    replay: Replay | None = None
    reject: Reject | None = None


@dataclass(frozen=True)
class FileParse:
    """Everything read from one file (from byte ``start`` on); picklable for worker processes.

    ``consumed`` is the byte offset up to which the file is settled: every hand before it is in
    ``outcomes``. ``skip`` is set (and ``outcomes`` empty) when the file holds no hand history.
    """

    format: str | None
    skip: str | None
    outcomes: tuple[Outcome, ...]
    consumed: int


def parse_bytes(
    data: bytes,
    path: str,
    *,
    start: int = 0,
    fmt_name: str | None = None,
    final: bool = True,
) -> FileParse:
    """Decode, detect, split, parse and replay ``data[start:]``. Never raises.

    ``final=False`` (a file still being written) leaves out a last hand that no blank line
    or next hand follows yet; ``consumed`` then stops at its first byte.
    """
    try:
        return _parse_bytes(data, path, start, fmt_name, final)
    except Exception as exc:  # noqa: BLE001 - decoding/splitting bug: the file is skipped, loudly
        return FileParse(None, f"internal_error: {type(exc).__name__}", (), start)


def _parse_bytes(
    data: bytes, path: str, start: int, fmt_name: str | None, final: bool
) -> FileParse:
    tail = data[start:] if start else data
    settled = len(data) if final else start
    if not tail.strip():
        return FileParse(fmt_name, "empty" if start == 0 else None, (), settled)
    fmt, skip = _format(tail, fmt_name)
    if fmt is None:
        return FileParse(None, skip if start == 0 else None, (), settled)
    text, encoding = decode(tail)
    chunks = fmt.split(text, encoding, tail)
    if not chunks:
        return FileParse(fmt.name, "no_hands" if start == 0 else None, (), settled)
    # A file still being written: its last hand counts once a blank line follows it.
    pending = chunks.pop() if not final and not _ends_with_blank_line(text) else None
    limit = start + pending.offset if pending is not None else len(data)
    line_base = decode(data[:start])[0].count("\n") if start else 0
    outcomes = []
    for i, chunk in enumerate(chunks):
        end = start + chunks[i + 1].offset if i + 1 < len(chunks) else limit
        absolute = Chunk(chunk.text, start + chunk.offset, chunk.line + line_base)
        outcomes.append(one_hand(absolute, path, fmt, end))
    return FileParse(fmt.name, None, tuple(outcomes), limit)


def _ends_with_blank_line(text: str) -> bool:
    """A blank line after the last hand: the writer finished it (hands are blank-separated)."""
    return text.endswith("\n\n")


def _format(data: bytes, fmt_name: str | None) -> tuple[registry.Format | None, str | None]:
    """(format, skip reason): a file nobody recognises is skipped, never an error."""
    if fmt_name:
        try:
            return registry.by_name(fmt_name), None
        except UnknownFormatError:
            pass
    head = data[:SNIFF_BYTES]
    try:
        fmt = registry.detect(decode(head)[0])
    except UnknownFormatError:
        binary = b"\x00" in head and not _looks_utf16(head)
        return None, "binary" if binary else "unknown_format"
    except AmbiguousFormatError:
        return None, "ambiguous_format"
    return fmt, None


def _looks_utf16(data: bytes) -> bool:
    return data[:2] in (b"\xff\xfe", b"\xfe\xff") or (
        len(data) > 8 and (data[1::2][:64].count(0) > 48 or data[0::2][:64].count(0) > 48)
    )


def one_hand(chunk: Chunk, path: str, fmt: registry.Format, end: int) -> Outcome:
    """Parse and replay one chunk; whatever goes wrong becomes a reject, never an exception."""

    def rejected(line: int, site: str | None, reason: str, detail: str) -> Outcome:
        reject = Reject(path, chunk.offset, line, site, reason, detail, chunk.text)
        return Outcome(chunk.offset, end, reject=reject)

    try:
        hand = fmt.parse(chunk, path)
    except ParseError as exc:
        line = chunk.line + exc.line - 1 if exc.line else chunk.line
        detail = exc.detail + (f" | {exc.text}" if exc.text else "")
        return rejected(line, exc.site or fmt.site, exc.reason, detail)
    except Exception as exc:  # noqa: BLE001 - a parser bug costs one hand, visibly
        return rejected(chunk.line, fmt.site, "internal_error", _describe(exc))
    source = hand.source
    if source.file != path or source.offset != chunk.offset or source.line != chunk.line:
        hand = replace(hand, source=SourceRef(path, chunk.offset, chunk.line))
    if _too_precise(hand):
        detail = f"amounts have {hand.decimals} decimals; the store keeps 2"
        return rejected(chunk.line, hand.site, "unsupported_precision", detail)
    try:
        result = replay(hand)
    except Exception as exc:  # noqa: BLE001 - an engine bug costs one hand, visibly
        return rejected(chunk.line, hand.site, "internal_error", _describe(exc))
    # Whether the hand fits the store's columns is checked once per batch where it is
    # flattened (pipeline.parallel.pack), which rejects an odd hand as "unstorable".
    return Outcome(chunk.offset, end, hand=hand, replay=result)


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


# --- files -> store (the writer is pipeline.ingest_writer) ----------------------------------


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


def default_db() -> str:
    """``$SIDEPOT_DB`` when set, else ``sidepot.duckdb`` in the current directory."""
    return os.environ.get("SIDEPOT_DB") or "sidepot.duckdb"
