"""Big files in pieces: a file far larger than one piece is read, parsed and stored a piece
at a time, so an import's memory stays flat whatever the file's size (issue 14).

Why pieces are exact: a piece starts at a hand's header line and ends just before the next
one, so the hands cut from the pieces are the hands cut from the whole file. Each piece is
parsed like a file of its own and its positions moved to the file's (byte ``base`` and the
``line_base`` lines before it, :func:`pipeline.core.parse_file`); mid-file, a piece's last
hand is followed by another, so it is never left out as a hand cut short
(``parse_bytes(followed=True)``). The writer stores the pieces in order, carrying the file's
progress row and consumed-bytes hash from piece to piece, so a file stopped mid-way resumes
at its last committed hand as before (:mod:`pipeline.ingest.writer`).

What is streamed: plain files over :func:`stream_above` bytes whose format cuts hands at a
single-line header and which the native core reads (:data:`STREAMED`), UTF-8 or cp1252
(not UTF-16: its line ends are not single bytes). A piece is cut only after a line feed, at
a line that starts with the format's header (no blanks before it), so the line before it
ends the previous piece whole. Every other file is read whole, as before, up to
:data:`~pipeline.config.MAX_FILE_BYTES`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from parsers import registry
from parsers.errors import AmbiguousFormatError, UnknownFormatError
from parsers.text import decode
from pipeline import config
from pipeline.core_choice import chosen_core

__all__ = ["STREAMED", "Piece", "line_ends", "piece_bytes", "pieces", "prefix",
           "read_range", "stream_above", "stream_digest", "streamed_format"]

#: Formats whose big files are streamed: text cut at a one-line header, read natively.
STREAMED = frozenset({"pokerstars", "ggpoker", "ignition"})
#: Bytes read at a time while hashing or scanning a file.
_BLOCK = 1 << 20
#: The longest header line looked at when deciding where a piece may be cut.
_HEADER_LOOK = 256
_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True, slots=True)
class Piece:
    """Where a piece lies in its file: its first byte, the file's lines before it, whether
    it is the file's first or last piece, and the file's size (as hashed)."""

    base: int
    line_base: int
    first: bool
    last: bool
    size: int


def piece_bytes() -> int:
    """Bytes per piece: :data:`~pipeline.config.PIECE_BYTES` on the native core; a quarter
    on the Python core, whose replayed hands take 35-40 times their text until flattened."""
    return config.PIECE_BYTES if chosen_core() == "native" else config.PIECE_BYTES // 4


def stream_above() -> int:
    """Files larger than this are streamed (when :func:`streamed_format` says they may)."""
    return piece_bytes() * 3 // 2


def streamed_format(head: bytes) -> str | None:
    """The format of a file starting with ``head`` when its big files are streamed, else None
    (the file is then read whole). ``head``: at least the first DETECT_BYTES of the file."""
    if b"\x00" in head[: config.DETECT_BYTES]:
        return None  # UTF-16 (or binary): its line ends are not single bytes
    try:
        fmt = registry.detect(head)
    except (UnknownFormatError, AmbiguousFormatError):
        return None
    return fmt.name if fmt.name in STREAMED and fmt.splitter is None else None


def line_ends(region: bytes) -> int:
    """Lines ended in ``region`` as the decoded text counts them (``decode(region)[0]
    .count("\\n")``: CR, LF and CRLF each end one), for a region that starts at the file's
    start or after a line feed and ends after one (or at the file's end). A BOM inside the
    region may start a line of its own when decoded: only then is the region decoded."""
    if region.find(_BOM, 1) != -1:  # (no copy of the region)
        return decode(region)[0].count("\n")
    if b"\r" not in region:  # (a byte search: most files end their lines with LF alone)
        return region.count(b"\n")
    return region.count(b"\n") + region.count(b"\r") - region.count(b"\r\n")


def stream_digest(path: Path) -> tuple[str, int]:
    """(the file's content hash, as the writer's ``_hash`` of its bytes; its size as read),
    read in blocks."""
    digest = hashlib.blake2b(digest_size=16)
    size = 0
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(4 * _BLOCK), b""):
            digest.update(block)
            size += len(block)
    return digest.hexdigest(), size


def read_range(path: Path, lo: int, hi: int) -> bytes:
    """The file's bytes from ``lo`` to ``hi``."""
    with open(path, "rb") as fh:
        fh.seek(lo)
        return fh.read(hi - lo)


def prefix(path: Path, end: int) -> tuple[hashlib.blake2b, int]:
    """The blake2b state of the file's first ``end`` bytes and the lines ended in them,
    read in blocks (what the writer hashes and counts before a resumed file's first piece)."""
    digest = hashlib.blake2b(digest_size=16)
    lines, carry, done = 0, b"", 0
    with open(path, "rb") as fh:
        while done < end:
            block = fh.read(min(_BLOCK, end - done))
            if not block:
                break
            done += len(block)
            digest.update(block)
            block = carry + block
            cut = block.rfind(b"\n") + 1  # count whole lines; the rest waits for the next block
            lines += line_ends(block[:cut])
            carry = block[cut:]
    return digest, lines + (line_ends(carry) if carry else 0)


def pieces(path: Path, fmt_name: str, start: int, size: int, line_base: int,
           target: int, at_least: int = 0) -> Iterator[tuple[Piece, bytes | None]]:
    """The file's bytes from ``start`` to ``size`` in pieces of about ``target`` bytes, each
    cut before a hand's header line (none before byte ``at_least``), with its :class:`Piece`.
    The last piece runs to ``size``. Where no header line comes within :func:`_reach` bytes
    past the target (a hand or junk larger than any hand), the rest of the file is not read:
    its piece comes with None for bytes (the writer skips it as ``too_large``)."""
    header = registry.by_name(fmt_name).header
    with open(path, "rb") as fh:
        fh.seek(start)
        buf, base, left, first = bytearray(), start, size - start, True
        while True:
            look = max(target, at_least - base)  # where the search for a cut begins
            reach = look + _reach()
            while True:
                while left > 0 and len(buf) < look + _BLOCK:
                    block = fh.read(min(_BLOCK, left))
                    left = left - len(block) if block else 0
                    buf += block
                cut = _cut(buf, look, header)
                if cut is not None or left <= 0 or len(buf) > reach:
                    break
                look = max(look, len(buf) - _HEADER_LOOK)  # no header yet: read on
            if cut is None:
                yield Piece(base, line_base, first, True, size), (
                    bytes(buf) if left <= 0 else None)
                return
            piece = bytes(buf[:cut])
            del buf[:cut]
            yield Piece(base, line_base, first, False, size), piece
            line_base += line_ends(piece)
            base += cut
            first = False


def _reach() -> int:
    """How far past a piece's target a header line may come: a hand of MAX_HAND_CHARS
    characters at up to 4 bytes each (beyond, it would be rejected ``oversized_hand``)."""
    return 4 * config.MAX_HAND_CHARS


def _cut(buf: bytearray, lo: int, header) -> int | None:  # noqa: ANN001 - a compiled pattern
    """The first index at or after ``lo`` where ``buf`` has a line feed before it and a line
    starting with ``header`` (its match all ASCII, so every decoding reads it the same)."""
    at = buf.find(b"\n", max(lo, 1) - 1)
    while at != -1 and at + 1 < len(buf):
        i = at + 1
        line = buf[i : i + _HEADER_LOOK].decode("latin-1")
        m = header.match(line)
        if m is not None and line[: m.end()].isascii() and buf.find(b"\n", i) != -1:
            return i
        at = buf.find(b"\n", i)
    return None
