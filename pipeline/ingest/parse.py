"""The pure half of an import: one file's bytes -> every hand replayed or rejected.

Why it is pure: :func:`parse_bytes` takes bytes and returns a :class:`FileParse` value (never
an exception), so it can run in worker processes and the native core can stand in for it
(:mod:`pipeline.core`); everything that depends on the store stays in the writer.
- One bad hand never aborts a file. A ``ParseError`` becomes a reject with its raw text, file,
  byte offset and line; any *unexpected* exception from a parser or the engine on one hand
  becomes a reject with reason ``internal_error``: a bug or a hostile file costs one hand,
  visibly. Whether a hand fits the store's columns is decided where it is packed.
- Live files (``final=False``): the last hand counts only once a blank line follows it (or
  another hand starts), so a half-written hand is left for the next pass.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from parsers import registry
from parsers.errors import AmbiguousFormatError, ParseError, UnknownFormatError
from parsers.model import Hand, SourceRef
from parsers.text import Chunk, decode
from pipeline.config import DETECT_BYTES
from pipeline.engine import replay
from pipeline.engine.result import Replay
from pipeline.store.schema import Reject
from pipeline.store.storable import unsupported_precision as _too_precise


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
    head = data[:DETECT_BYTES]
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
    # flattened (pipeline.ingest.pool.pack), which rejects an odd hand as "unstorable".
    return Outcome(chunk.offset, end, hand=hand, replay=result)


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


