"""From file bytes to hand chunks: decoding, splitting, and exact money parsing.

Real hand-history files are messy: UTF-8 with or without BOM, UTF-16 (with or without BOM),
cp1252, CRLF or CR line ends, trailing spaces, BOMs in the middle of concatenated files, and
(PokerStars) files that start with a UTF-8 BOM yet hold cp1252 bytes in a player's name.

Decoding policy (:func:`decode`): BOMs and NUL-byte patterns choose UTF-16; otherwise the file
is decoded as UTF-8, and if that fails it is decoded *line by line*: every line that is valid
UTF-8 stays UTF-8, every other line is read as cp1252 (its five undefined bytes map to the
same Latin-1 code point). A line-level fallback keeps every hand of a mostly-UTF-8 file intact
with its real names, where surrogateescape would put lone surrogates into player names that
later break Arrow and DuckDB. The encoding name reports what happened (``"utf-8+cp1252"``).

Line numbers survive decoding: CRLF, CR and LF each end exactly one line, so line *n* of the
text is line *n* of the bytes; that is what lets :func:`split_bytes` give every chunk the exact
byte offset of its first byte in the original file without re-encoding anything.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from parsers.errors import ParseError

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_TRAILING = re.compile(r"[ \t]+$", re.MULTILINE)
_MID_BOM = re.compile(r"(?<=[^\n])\ufeff")


def _latin1_fallback(err: UnicodeError) -> tuple[str, int]:
    """cp1252 leaves 0x81, 0x8D, 0x8F, 0x90, 0x9D undefined: keep them as Latin-1."""
    assert isinstance(err, UnicodeDecodeError)
    bad = err.object[err.start : err.end]
    return bad.decode("latin-1"), err.end


codecs.register_error("sidepot-latin1", _latin1_fallback)


def _normalize(text: str) -> str:
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\ufeff" in text:
        # BOMs of concatenated files: at a line start it is dropped; glued to the end of a
        # line (a file appended without a final newline) it starts a new line, so the next
        # hand's header is found. _ByteLines applies the same rule to the bytes.
        text = _MID_BOM.sub("\n", text).replace("\ufeff", "")
    return _TRAILING.sub("", text)


def _sniff_bomless_utf16(data: bytes) -> str | None:
    head = data[:4096]
    if len(head) < 4:
        return None
    even, odd = head[0::2], head[1::2]
    if odd.count(0) > len(odd) * 0.4 and even.count(0) < len(even) * 0.1:
        return "utf-16-le"
    if even.count(0) > len(even) * 0.4 and odd.count(0) < len(odd) * 0.1:
        return "utf-16-be"
    return None


def decode(data: bytes) -> tuple[str, str]:
    """Bytes -> (normalized text, encoding name). Never raises on any input.

    Encoding names: ``utf-8``, ``utf-8-sig``, ``utf-16-le``, ``utf-16-be``, ``cp1252`` (no
    line was UTF-8 beyond ASCII), ``utf-8+cp1252`` (per-line mix, see the module docstring).
    """
    for bom, name in _BOMS:
        if data.startswith(bom):
            if name.startswith("utf-16"):
                return _normalize(data[len(bom) :].decode(name, errors="replace")), name
            try:
                return _normalize(data[len(bom) :].decode("utf-8")), name
            except UnicodeDecodeError:
                return _normalize(_decode_per_line(data[len(bom) :])[0]), "utf-8-sig+cp1252"
    utf16 = _sniff_bomless_utf16(data)
    if utf16:
        return _normalize(data.decode(utf16, errors="replace")), utf16
    try:
        return _normalize(data.decode("utf-8")), "utf-8"
    except UnicodeDecodeError:
        text, any_utf8 = _decode_per_line(data)
        return _normalize(text), "utf-8+cp1252" if any_utf8 else "cp1252"


def _decode_per_line(data: bytes) -> tuple[str, bool]:
    out: list[str] = []
    any_utf8 = False
    for raw in data.split(b"\n"):
        try:
            line = raw.decode("utf-8")
            if not any_utf8 and not raw.isascii():
                any_utf8 = True
        except UnicodeDecodeError:
            line = raw.decode("cp1252", errors="sidepot-latin1")
        out.append(line)
    return "\n".join(out), any_utf8


@dataclass(frozen=True, slots=True)
class Chunk:
    """One hand's text; where its first byte is in the original file; its first line (1-based)."""

    text: str
    offset: int
    line: int


#: Default hand-start pattern (PokerStars family); formats pass their own to split_hands.
DEFAULT_HEADER = re.compile(r"PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #")


def split_hands(
    text: str,
    encoding: str = "utf-8",
    header: re.Pattern[str] | None = None,
    data: bytes | None = None,
) -> list[Chunk]:
    """Split decoded text into hand chunks, one per header line.

    A hand starts at every line the ``header`` pattern matches (``re.match``, after leading
    blanks), blank-line separated or not; it runs to the line before the next header, minus
    trailing blank lines, so an internal blank line never splits a hand. Text before the first
    header (a file preamble, a tournament summary, source code) is not a hand and is skipped:
    a file with no header at all gives ``[]``.

    Offsets are exact when ``data`` (the original bytes ``text`` was decoded from) is given;
    without it they are computed by re-encoding the text, which is exact only for files that
    decoding did not normalize (no CR, trailing blanks or BOMs).
    """
    finder = _line_start_finder(header or DEFAULT_HEADER)
    starts: list[int] = []
    line_no, last = 0, 0
    for m in finder.finditer(text):  # one C-level scan instead of a Python loop over lines
        at = m.start()
        line_no += text.count("\n", last, at)
        last = at
        starts.append(line_no)
    if not starts:
        return []
    lines = text.split("\n")
    offsets = _ByteLines(data, encoding) if data is not None else None
    chunks: list[Chunk] = []
    consumed_line = 0
    consumed_bytes = _bom_len(encoding)
    codec = _codec(encoding)
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        while end > start + 1 and not lines[end - 1].strip():
            end -= 1
        first = lines[start]
        lead = first[: len(first) - len(first.lstrip())]
        body = "\n".join([first[len(lead) :], *lines[start + 1 : end]])
        if offsets is not None:
            offset = offsets.line_start(start) + len(lead.encode(codec))
        else:
            prefix = "\n".join(lines[consumed_line:start])
            if start > consumed_line:
                prefix += "\n"
            consumed_bytes += len(prefix.encode(codec, errors="replace"))
            consumed_line = start
            offset = consumed_bytes + len(lead.encode(codec))
        chunks.append(Chunk(body, offset, start + 1))
    return chunks


@lru_cache(maxsize=32)
def _line_start_finder(header: re.Pattern[str]) -> re.Pattern[str]:
    """The header pattern anchored at line starts (after optional blanks), for finditer."""
    return re.compile(r"^[ \t]*(?:" + header.pattern + ")", re.MULTILINE | header.flags)


def _codec(encoding: str) -> str:
    if encoding.startswith("utf-16"):
        return encoding[:9]
    if encoding.startswith("utf-8"):
        return "utf-8"  # mixed utf-8/cp1252: the parts we measure are ASCII
    return "cp1252"


def _bom_len(encoding: str) -> int:
    if encoding.startswith("utf-8-sig"):
        return 3
    return 0


class _ByteLines:
    """Byte offset of the start of line *i* of the original file, found on demand.

    Lines end at LF, CRLF or a lone CR (as in :func:`decode`); scanning goes forward only, so
    splitting a file costs one pass over its bytes in C-level ``find`` calls. A BOM at the
    start of a line (file start or mid-file) is skipped so the offset points at the text.
    """

    def __init__(self, data: bytes, encoding: str) -> None:
        self.data = data
        self.wide = encoding.startswith("utf-16")
        self.le = encoding.startswith("utf-16-le")
        self.line = 0
        self.pos = 0
        self.has_cr = (b"\r\x00" if self.le else b"\x00\r" if self.wide else b"\r") in data
        self.has_mid_bom = not self.wide and data.find(codecs.BOM_UTF8, 3) != -1
        # Fast path (nearly every file): 8-bit, LF or CRLF ends, no mid-file BOM. Line starts
        # are then sums of the lengths of data.split(b"\n") parts, computed in C.
        self.parts: list[bytes] | None = None
        if not self.wide and not self.has_mid_bom and (
            not self.has_cr or data.count(b"\r") == data.count(b"\r\n")
        ):
            self.parts = data.split(b"\n")
        self._skip_bom()

    def _only_boms(self, start: int, end: int) -> bool:
        """True when data[start:end] is empty or BOMs only (a BOM at a line start)."""
        return not self.data[start:end].replace(codecs.BOM_UTF8, b"")

    _bom_skipped = 0

    def _skip_bom(self) -> None:
        for bom, _ in _BOMS:
            if self.data.startswith(bom, self.pos) and (self.wide == (len(bom) == 2)):
                self.pos += len(bom)
                if self.line == 0:
                    self._bom_skipped = len(bom)
                return

    def _next_line_start(self) -> int:
        data, pos = self.data, self.pos
        if self.wide:
            nl = b"\n\x00" if self.le else b"\x00\n"
            cr = b"\r\x00" if self.le else b"\x00\r"
            i = _find_aligned(data, nl, pos)
            if self.has_cr:
                j = _find_aligned(data, cr, pos)
                if j != -1 and (i == -1 or j < i):
                    return j + 4 if data.startswith(nl, j + 2) else j + 2
            return len(data) if i == -1 else i + 2
        i = data.find(b"\n", pos)
        best = len(data) if i == -1 else i + 1
        if self.has_cr:
            j = data.find(b"\r", pos)
            if j != -1 and j < best:
                best = j + 2 if data.startswith(b"\n", j + 1) else j + 1
        if self.has_mid_bom:
            # A BOM glued to the end of a line ends it; the next line starts at the BOM,
            # which line_start then skips.
            j = data.find(codecs.BOM_UTF8, pos)
            while j != -1 and j < best and self._only_boms(pos, j):
                j = data.find(codecs.BOM_UTF8, j + 3)
            if j != -1 and j < best:
                best = j
        return best

    def line_start(self, index: int) -> int:
        """Byte offset of 0-based line ``index``; calls must not go backwards."""
        if self.parts is not None and index > self.line:
            skipped = self.parts[self.line : index]
            start = self.pos - self._bom_skipped if self.line == 0 else self.pos
            self.pos = start + sum(map(len, skipped)) + len(skipped)
            self.line = index
            return self.pos
        while self.line < index:
            self.pos = self._next_line_start()
            self.line += 1
            self._skip_bom()
        return self.pos


def _find_aligned(data: bytes, needle: bytes, pos: int) -> int:
    i = data.find(needle, pos)
    while i != -1 and i % 2:
        i = data.find(needle, i + 1)
    return i


def split_bytes(
    data: bytes, header: re.Pattern[str] | None = None
) -> tuple[list[Chunk], str]:
    """Decode and split in one step, with exact byte offsets: (chunks, encoding)."""
    text, encoding = decode(data)
    return split_hands(text, encoding, header, data), encoding


def read_file(
    path: str | Path, header: re.Pattern[str] | None = None
) -> tuple[list[Chunk], str]:
    """Read, decode and split a file: (chunks with exact offsets, encoding name)."""
    return split_bytes(Path(path).read_bytes(), header)


def iter_lines(text: str) -> Iterator[tuple[int, str]]:
    """(1-based line number, line) pairs: the numbering every ParseError uses."""
    return enumerate(text.split("\n"), 1)


# --- money -----------------------------------------------------------------------------------

_CURRENCY_CHARS = "$€£¥₹"


@lru_cache(maxsize=8192)
def parse_money(text: str, decimals: int) -> int:
    """``"$1,234.56"``, ``"€0.05"``, ``"1503"`` -> exact integer minor units.

    String arithmetic only (never float). A currency symbol or code prefix/suffix and
    thousands separators are dropped. Raises ``ParseError(reason="bad_amount")`` if the text
    is not an amount or has non-zero digits below ``10 ** -decimals``. Cached: the same few
    amounts recur in every hand.
    """
    s = text.strip()
    if s[:1] in _CURRENCY_CHARS:
        s = s[1:]
    elif s.startswith("Rs."):
        s = s[3:].lstrip()
    if s[-4:-3] == " " and s[-3:].isalpha():  # "1.50 USD"
        s = s[:-4]
    if s[-1:] in _CURRENCY_CHARS:
        s = s[:-1]
    s = s.replace(",", "")
    whole, dot, frac = s.partition(".")
    if not whole:
        whole = "0" if dot and frac else ""
    if not (whole.isdigit() and whole.isascii()) or (
        dot and not (frac.isdigit() and frac.isascii())
    ):
        raise ParseError("bad_amount", f"not an amount: {text!r}", text=text)
    if len(frac) > decimals:
        extra = frac[decimals:]
        if extra.strip("0"):
            raise ParseError(
                "bad_amount",
                f"{text!r} has more than {decimals} decimal places",
                text=text,
            )
        frac = frac[:decimals]
    return int(whole) * 10**decimals + (int(frac.ljust(decimals, "0")) if decimals else 0)


def format_money(amount: int, decimals: int) -> str:
    """Minor units -> plain decimal string (``12345, 2 -> "123.45"``); for messages and tests."""
    if decimals == 0:
        return str(amount)
    sign = "-" if amount < 0 else ""
    q, r = divmod(abs(amount), 10**decimals)
    return f"{sign}{q}.{r:0{decimals}d}"
