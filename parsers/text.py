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

Stray NUL bytes (outside UTF-16) are dropped: no site writes them, and one at a line start
hides a hand's header. Line numbers survive decoding: CRLF, CR and LF each end exactly one
line, so line *n* of the text is line *n* of the bytes; that is what lets :func:`split_bytes`
give every chunk the exact byte offset of its first byte in the original file by walking the
file's lines (a UTF-8 file that decoding left the same length takes a shortcut: see
:func:`_line_start_bytes`).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import repeat
from pathlib import Path

from parsers.errors import ParseError

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_MID_BOM = re.compile(r"(?<=[^\n])\ufeff")


def _latin1_fallback(err: UnicodeError) -> tuple[str, int]:
    """cp1252 leaves 0x81, 0x8D, 0x8F, 0x90, 0x9D undefined: keep them as Latin-1."""
    assert isinstance(err, UnicodeDecodeError)
    bad = err.object[err.start : err.end]
    return bad.decode("latin-1"), err.end


codecs.register_error("sidepot-latin1", _latin1_fallback)


def _normalize(text: str) -> str:
    if "\x00" in text:
        # Stray NUL bytes (a file copied out of a UTF-16 log byte by byte leaves one at each
        # line start) are no text of any site: kept, they hide every hand header.
        text = text.replace("\x00", "")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\ufeff" in text:
        # BOMs of concatenated files: at a line start it is dropped; glued to the end of a
        # line (a file appended without a final newline) it starts a new line, so the next
        # hand's header is found. _ByteLines applies the same rule to the bytes.
        text = _MID_BOM.sub("\n", text).replace("\ufeff", "")
    # Trailing blanks of every line go. Most files have none, which two C-level searches
    # tell; otherwise stripping line by line costs about a third of a regex substitution
    # (which tries every blank of the text).
    if "\t" in text or " \n" in text or text.endswith(" "):
        return "\n".join(map(str.rstrip, text.split("\n"), repeat(" \t")))
    return text


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


_ESCAPED = re.compile("[\udc80-\udcff]")


def _decode_per_line(data: bytes) -> tuple[str, bool]:
    """Each line as UTF-8 if it is valid UTF-8, else as cp1252; and whether any valid line
    held non-ASCII text.

    One C-level decode with ``surrogateescape`` marks exactly the bytes that are not UTF-8
    (valid UTF-8 never decodes to a lone surrogate, and an invalid sequence cannot reach past
    a newline byte); only the lines holding such a mark are decoded again, from their
    original bytes, as cp1252.
    """
    text = data.decode("utf-8", "surrogateescape")
    out: list[str] = []
    any_utf8 = False
    pos = 0
    search = _ESCAPED.search
    m = search(text)
    while m is not None:
        at = m.start()
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        if end == -1:
            end = len(text)
        good = text[pos:start]
        if not any_utf8 and not good.isascii():
            any_utf8 = True
        out.append(good)
        raw = text[start:end].encode("utf-8", "surrogateescape")
        out.append(raw.decode("cp1252", errors="sidepot-latin1"))
        pos = end
        m = search(text, end)
    good = text[pos:]
    if not any_utf8 and not good.isascii():
        any_utf8 = True
    out.append(good)
    return "".join(out), any_utf8


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
    *,
    glued: bool = False,
) -> list[Chunk]:
    """Split decoded text into hand chunks, one per header line.

    A hand starts at every line the ``header`` pattern matches (``re.match``, after leading
    blanks), blank-line separated or not; it runs to the line before the next header, minus
    trailing blank lines, so an internal blank line never splits a hand. Text before the first
    header (a file preamble, a tournament summary, source code) is not a hand and is skipped:
    a file with no header at all gives ``[]``.

    ``glued``: a header may also start inside a line, glued to the end of a hand cut mid-line
    (a client that stopped writing a hand and started the next one where it stopped); the
    hand is cut there and the next one starts at its header (:func:`_glued_starts`). For
    formats whose header names the site (a distinctive text no hand line holds otherwise).

    Offsets are exact when ``data`` (the original bytes ``text`` was decoded from) is given;
    without it they are computed by re-encoding the text, which is exact only for files that
    decoding did not normalize (no CR, trailing blanks or BOMs).

    Speed (issue 7): chunks are slices of ``text`` between header line starts (no splitting
    into lines and joining again), and the byte offsets of a plain UTF-8 file come from
    encoding the text between chunk starts, checked against the file's length at the end.
    """
    header = header or DEFAULT_HEADER
    starts = _header_line_starts(text, header)
    if glued:
        inside = _glued_starts(text, header)
        if inside:
            starts = sorted(starts + inside)
    if not starts:
        return []
    codec = _codec(encoding)
    bodies: list[str] = []
    leads: list[str] = []
    numbers: list[int] = []  # 0-based line of each chunk's header
    line_no, last = 0, 0
    n_starts = len(starts)
    for k in range(n_starts):
        at = starts[k]
        line_no += text.count("\n", last, at)
        last = at
        numbers.append(line_no)
        region = text[at : starts[k + 1]] if k + 1 < n_starts else text[at:]
        first_end = region.find("\n")
        if first_end == -1:
            first_end = len(region)
        # Trailing blank lines are dropped, the header line always kept: the body ends with
        # the line holding the region's last non-blank character.
        kept = len(region.rstrip())
        if kept <= first_end:
            body_end = first_end
        else:
            body_end = region.find("\n", kept)
            if body_end == -1:
                body_end = len(region)
        lead = ""
        if region[:1].isspace():
            first = region[:first_end]
            lead = first[: len(first) - len(first.lstrip())]
        leads.append(lead)
        bodies.append(region[len(lead) : body_end])
    line_bytes = _line_start_bytes(text, encoding, codec, data, starts, numbers)
    return [
        Chunk(body, line_bytes[k] + (len(leads[k].encode(codec)) if leads[k] else 0),
              numbers[k] + 1)
        for k, body in enumerate(bodies)
    ]


def _header_line_starts(text: str, header: re.Pattern[str]) -> list[int]:
    """Character index of every line start where the header matches after optional blanks,
    in the order and with the non-overlap of ``finditer`` over the ``^``-anchored pattern.

    Fast path: a pattern led by the literal newline lets the regex engine jump from newline
    to newline (an anchored ``^`` pattern is tried at every character, about 4x slower); each
    candidate is then matched once to know where it ends, so a header that spans lines hides
    the line starts it covers exactly as ``finditer`` does. A header that can match empty
    text takes the plain ``finditer`` (its empty-match rules are not worth copying).
    """
    anchored, after_newline = _header_finders(header)
    candidates = [0]  # the text's first line, then every line whose header the scan saw
    candidates += [m.end() for m in after_newline.finditer(text)]
    starts: list[int] = []
    taken = 0  # end of the last match: finditer resumes its search there
    match = anchored.match
    for at in candidates:
        if at < taken:
            continue
        m = match(text, at)
        if m is None:
            continue
        if m.end() == at:
            return _header_line_starts_slow(text, header)
        starts.append(at)
        taken = m.end()
    return starts


def _glued_starts(text: str, header: re.Pattern[str]) -> list[int]:
    """Character index of every header that starts inside a line, after text that is not
    only blanks: a hand cut mid-line with the next hand glued to it. One search of the
    text (a header pattern led by a literal costs little more than a substring search)."""
    out = []
    for m in header.finditer(text):
        at = m.start()
        if at and text[text.rfind("\n", 0, at) + 1 : at].strip():
            out.append(at)
    return out


def _header_line_starts_slow(text: str, header: re.Pattern[str]) -> list[int]:
    return [m.start() for m in _line_start_finder(header).finditer(text)]


@lru_cache(maxsize=32)
def _header_finders(header: re.Pattern[str]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(the header after optional blanks, for ``match`` at a line start; a newline followed by
    a line where it matches, for ``finditer``)."""
    flags = re.MULTILINE | header.flags
    body = r"[ \t]*(?:" + header.pattern + ")"
    return re.compile(body, flags), re.compile(r"\n(?=" + body + ")", flags)


@lru_cache(maxsize=32)
def _line_start_finder(header: re.Pattern[str]) -> re.Pattern[str]:
    """The header pattern anchored at line starts (after optional blanks), for finditer."""
    return re.compile(r"^[ \t]*(?:" + header.pattern + ")", re.MULTILINE | header.flags)


def _line_start_bytes(
    text: str,
    encoding: str,
    codec: str,
    data: bytes | None,
    starts: list[int],
    numbers: list[int],
) -> list[int]:
    """Byte offset of each chunk's header line start (character ``starts[k]``, line
    ``numbers[k]``) in ``data``, or in the re-encoded text when there is no ``data``.

    A file decoded as plain UTF-8 maps characters to bytes one to one unless decoding
    dropped something (CR of CRLF, trailing blanks, BOMs; a lone CR becomes LF, same size),
    and every drop makes the re-encoded text shorter than the file: so the offsets are the
    encoded lengths of the text before each start, kept when the whole text re-encodes to
    exactly the file's length, and found by walking the file's lines otherwise.
    """
    out: list[int] = []
    if data is not None and encoding not in ("utf-8", "utf-8-sig"):
        return _walked(text, data, encoding, codec, starts, numbers)
    errors = "replace"  # never raises; a text not decoded from data fails the length check
    pos = _bom_len(encoding)
    prev = 0
    for at in starts:
        pos += len(text[prev:at].encode(codec, errors))
        prev = at
        out.append(pos)
    if data is not None and pos + len(text[prev:].encode(codec, errors)) != len(data):
        return _walked(text, data, encoding, codec, starts, numbers)
    return out


def _walked(text: str, data: bytes, encoding: str, codec: str, starts: list[int],
            numbers: list[int]) -> list[int]:
    """:func:`_line_start_bytes` by walking the file's lines; a start inside its line (a
    glued header) adds the bytes of the line's text before it."""
    lines = _ByteLines(data, encoding)
    out = []
    for at, no in zip(starts, numbers, strict=True):
        pos = lines.line_start(no)
        line = text.rfind("\n", 0, at) + 1
        if at > line and text[line:at].strip():
            pos += _prefix_bytes(data, pos, text[line:at], codec)
        out.append(pos)
    return out


def _prefix_bytes(data: bytes, pos: int, prefix: str, codec: str) -> int:
    """The bytes at ``data[pos:]`` that decoded to ``prefix``: a line of a mixed file was
    UTF-8 or, if not valid UTF-8, cp1252."""
    for enc in (codec, "cp1252") if codec == "utf-8" else (codec,):
        raw = prefix.encode(enc, "replace")
        if data.startswith(raw, pos):
            return len(raw)
    return len(prefix.encode(codec, "replace"))


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

    Fast path: ASCII digits, with an optional leading ``$``, ``€`` or ``£`` and either no
    decimal point or exactly ``decimals`` digits after it (``"$1.10"``, ``"1503"``), need
    none of the steps of :func:`_parse_money`, which reads them the same way.
    """
    body = text[1:] if text[:1] in "$€£" else text
    if body.isascii():
        if body.isdigit():
            return int(body) * 10**decimals
        whole, dot, frac = body.partition(".")
        if dot and len(frac) == decimals and whole.isdigit() and frac.isdigit():
            return int(whole) * 10**decimals + int(frac)
    return _parse_money(text, decimals)


def _parse_money(text: str, decimals: int) -> int:
    """The general reading behind :func:`parse_money`."""
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
