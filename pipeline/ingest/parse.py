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
- Any file: a last hand that fails where the file stops (a line cut mid-way, or a parser
  saying the hand stops early: :data:`CUT_REASONS`) may have been cut by a client still
  writing it. It is not consumed (``incomplete``) and its reject is carried in ``tail``: the
  writer holds it back while the file may still be growing (``--watch``, or modified within
  :data:`~pipeline.config.SETTLE_SECONDS`), so the next import reads it again, whole, and
  otherwise stores that reject with the reader's real reason (:mod:`pipeline.ingest.writer`).
  A broken hand that another hand follows is rejected as ever.
- A file no format claims is skipped only when it holds no hand history
  (:func:`parsers.shape.looks_like_hands`); one that does is cut at its hand-start lines and
  every piece becomes a reject ``unknown_format`` with its raw text (:func:`_unclaimed`).
- Text before a claimed file's first hand that holds seat or action lines (the end of a hand
  whose start is not in the file) is a reject ``truncated_hand`` with its raw text
  (:func:`leading_reject`), not dropped. A session format read again from a hand is split
  whole, so each hand keeps its session's header (:func:`_hand_chunks`).
- Bounded work per hand: a chunk over :data:`~pipeline.config.MAX_HAND_CHARS`, or with a line
  over :data:`~pipeline.config.MAX_LINE_CHARS`, is rejected unparsed, its text cut short.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from parsers import registry
from parsers.errors import AmbiguousFormatError, ParseError, UnknownFormatError
from parsers.model import Hand, SourceRef
from parsers.read import split_file
from parsers.shape import leading_hand_text, looks_like_hands, split_unknown
from parsers.sites._kit.ignorable import clean_text
from parsers.text import Chunk, decode
from pipeline.config import DETECT_BYTES, MAX_HAND_CHARS, MAX_LINE_CHARS, REJECT_TEXT_CHARS
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
    ``incomplete``: the bytes from ``consumed`` on are a last hand not finished yet (still
    being written, or cut where the file stops), left for the next read. ``tail``: that
    hand's reject when it was read and failed as cut (None when a file still being written
    left it unread): the writer stores it once the file is old enough not to grow any more.
    """

    format: str | None
    skip: str | None
    outcomes: tuple[Outcome, ...]
    consumed: int
    incomplete: bool = False
    tail: Reject | None = None


def parse_bytes(
    data: bytes,
    path: str,
    *,
    start: int = 0,
    fmt_name: str | None = None,
    final: bool = True,
    followed: bool = False,
) -> FileParse:
    """Decode, detect, split, parse and replay ``data[start:]``. Never raises.

    ``final=False`` (a file still being written) leaves out a last hand that no blank line
    or next hand follows yet; ``consumed`` then stops at its first byte. With ``final=True``
    such a hand is taken unless it fails as a hand cut short does (then it is left out too).
    ``followed``: ``data`` is a piece of a larger file that another hand follows
    (:mod:`pipeline.ingest.stream`), so its last hand is never left out as cut short.
    """
    try:
        return _parse_bytes(data, path, start, fmt_name, final, followed)
    except Exception as exc:  # noqa: BLE001 - decoding/splitting bug: the file is skipped, loudly
        return FileParse(None, f"internal_error: {type(exc).__name__}", (), start)


def _parse_bytes(
    data: bytes, path: str, start: int, fmt_name: str | None, final: bool, followed: bool
) -> FileParse:
    tail = data[start:] if start else data
    settled = len(data) if final else start
    if not tail.strip():
        return FileParse(fmt_name, "empty" if start == 0 else None, (), settled)
    fmt, skip = _format(tail, fmt_name)
    if fmt is None:
        unclaimed = _unclaimed(tail, path, start, final) if skip == "unknown_format" else None
        if unclaimed is not None:
            return unclaimed
        return FileParse(None, skip if start == 0 else None, (), settled)
    text, chunks = _hand_chunks(data, start, fmt)
    if not chunks:
        # Claimed, yet not one hand header where the format cuts hands: a layout of the site
        # its parser does not know. Hand-history content is rejected, not skipped.
        unclaimed = _unclaimed(tail, path, start, final)
        if unclaimed is not None:
            return unclaimed
        return FileParse(fmt.name, "no_hands" if start == 0 else None, (), settled)
    # The last hand may still be growing: a file still being written takes it once a blank
    # line follows it; any file leaves it out when it fails the way a hand cut short fails.
    pending = chunks.pop() if not final and not _ends_with_blank_line(text) else None
    limit = pending.offset if pending is not None else len(data)
    outcomes = [] if start or not chunks else leading_reject(text, chunks[0], path, fmt)
    for i, chunk in enumerate(chunks):
        end = chunks[i + 1].offset if i + 1 < len(chunks) else limit
        outcomes.append(one_hand(chunk, path, fmt, end))
    tail = None
    if pending is None and chunks and not followed and cut_short(
        outcomes[-1], chunks[-1], mid_line=not text.endswith("\n")
    ):
        cut = outcomes.pop()
        limit, tail = cut.offset, cut.reject
    return FileParse(fmt.name, None, tuple(outcomes), limit, incomplete=limit < len(data),
                     tail=tail)


def _hand_chunks(data: bytes, start: int, fmt: registry.Format) -> tuple[str, list[Chunk]]:
    """The decoded text read and the hand chunks of ``data`` from ``start`` on, with the
    offsets and line numbers of the whole file.

    A session format (one with its own splitter: iPoker, Everest, Merge XML) is split whole
    and the chunks before ``start`` left out, since each hand needs its session's header,
    which a resumed read (a file that grew, or was cut by a client still writing it) would
    otherwise not see: every hand after the cut would be rejected ``no_session``."""
    if start and fmt.splitter is not None:
        split = split_file(data, fmt)
        return split.text, [c for c in split.chunks if c.offset >= start]
    split = split_file(data[start:] if start else data, fmt)
    if not start:
        return split.text, list(split.chunks)
    line_base = decode(data[:start])[0].count("\n")
    return split.text, [Chunk(c.text, start + c.offset, c.line + line_base)
                        for c in split.chunks]


def _unclaimed(data: bytes, path: str, start: int, final: bool) -> FileParse | None:
    """A file no format claims that still holds hand histories (:mod:`parsers.shape`): every
    hand (or the whole file, when it cannot be cut) a reject ``unknown_format`` with its raw
    text, so nothing vanishes. None when the file does not look like hand histories."""
    text, encoding = decode(data)
    if not looks_like_hands(text):
        return None
    chunks = split_unknown(text, encoding, data)
    pending = chunks.pop() if not final and chunks and not _ends_with_blank_line(text) else None
    limit = start + pending.offset if pending is not None else start + len(data)
    outcomes = []
    for i, chunk in enumerate(chunks):
        end = start + chunks[i + 1].offset if i + 1 < len(chunks) else limit
        first = chunk.text.strip().split("\n", 1)[0]
        detail = f"no parser recognises this hand-history layout: {clean_text(first)}"
        reject = Reject(path, start + chunk.offset, chunk.line, None, "unknown_format", detail,
                        chunk.text[:REJECT_TEXT_CHARS])
        outcomes.append(Outcome(start + chunk.offset, end, reject=reject))
    return FileParse(None, None, tuple(outcomes), limit, incomplete=limit < start + len(data))


def leading_reject(text: str, first: Chunk, path: str, fmt: registry.Format) -> list[Outcome]:
    """The text before a claimed file's first hand, as a reject ``truncated_hand`` with its
    raw text, when it holds hand lines (:func:`parsers.shape.leading_hand_text`: the end of a
    hand whose start is not in the file); else nothing. Only a file read from its start has
    one (a resumed read starts at a hand).

    The native core hands such a file to this core whole (``pipeline.core``), so both cores
    store the same rows."""
    lead = leading_hand_text(text, first)
    if lead is None:
        return []
    detail = ("the text before the file's first hand holds seat or action lines: the end of "
              "a hand whose start is not in the file")
    reject = Reject(path, 0, 1, fmt.site, "truncated_hand", detail, lead.text[:REJECT_TEXT_CHARS])
    return [Outcome(0, first.offset, reject=reject)]


def _ends_with_blank_line(text: str) -> bool:
    """A blank line after the last hand: the writer finished it (hands are blank-separated)."""
    return text.endswith("\n\n")


#: What the parsers say of a hand cut at a line boundary: its header or seats not written yet,
#: no summary or end line, a TOML table stopping short. Found by cutting the last hand of
#: every corpus format at each of its lines; a cut inside a line fails on that last line.
CUT_REASONS = frozenset({"truncated_hand", "no_seats", "bad_header", "bad_toml", "missing_field"})


def cut_short(outcome: Outcome, chunk: Chunk, *, mid_line: bool) -> bool:
    """Whether a rejected last hand failed the way a hand cut where the file stops fails:
    with a reason of :data:`CUT_REASONS`, or (``mid_line``: the file does not end with a line
    end) on its last line, which the error names by number or quotes the end of. A last line
    with a real error is still rejected when the file ends with a line end, as finished
    hands do (an unsupported game, say, is rejected wherever it is)."""
    reject = outcome.reject
    if reject is None or reject.reason in _UNREAD:
        return False
    if reject.reason in CUT_REASONS:
        return True
    if not mid_line:
        return False
    body = chunk.text.rstrip("\n")
    if reject.line >= chunk.line + body.count("\n"):
        return True
    quoted = reject.detail.rpartition(_QUOTE)[2] if _QUOTE in reject.detail else ""
    return bool(quoted) and body.endswith(quoted)


def _format(data: bytes, fmt_name: str | None) -> tuple[registry.Format | None, str | None]:
    """(format, skip reason): a file nobody recognises is skipped, never an error."""
    if fmt_name:
        try:
            return registry.by_name(fmt_name), None
        except UnknownFormatError:
            pass
    try:
        fmt = registry.detect(data)  # from the decoded first DETECT_BYTES
    except UnknownFormatError:
        head = data[:DETECT_BYTES]
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

    too_big = oversized(chunk)
    if too_big is not None:
        reason, detail = too_big
        text = chunk.text[:REJECT_TEXT_CHARS]
        reject = Reject(path, chunk.offset, chunk.line, fmt.site, reason, detail, text)
        return Outcome(chunk.offset, end, reject=reject)
    try:
        hand = fmt.parse(chunk, path)
    except ParseError as exc:
        line = chunk.line + exc.line - 1 if exc.line else chunk.line
        detail = exc.detail + (f"{_QUOTE}{exc.text}" if exc.text else "")
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


#: Between a parse error's detail and the text it quotes, in a reject's ``detail``.
_QUOTE = " | "

#: Rejects given before parsing: they say nothing about whether the hand was cut short.
_UNREAD = frozenset({"oversized_hand", "oversized_line"})


def oversized(chunk: Chunk) -> tuple[str, str] | None:
    """(reason, detail) when a chunk is too big to be a hand, else None (the usual case costs
    one length test: no line of a chunk shorter than the line limit can exceed it)."""
    text = chunk.text
    if len(text) > MAX_HAND_CHARS:
        return "oversized_hand", (f"{len(text):,} characters; a hand is at most "
                                  f"{MAX_HAND_CHARS:,} (the text kept is its start)")
    if len(text) <= MAX_LINE_CHARS:
        return None
    longest = max(map(len, text.split("\n")))
    if longest > MAX_LINE_CHARS:
        return "oversized_line", (f"a line of {longest:,} characters; a line is at most "
                                  f"{MAX_LINE_CHARS:,} (the text kept is the hand's start)")
    return None


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


