"""The explicit list of hand-history formats, and how one is chosen for a file.

Each site module declares its own ``FORMAT = Format(...)`` (:class:`parsers.format.Format`:
declarative metadata plus a cheap ``sniff`` that answers yes/no and never raises, the ``parse``
of one chunk, and the ``header`` pattern that starts a hand, so the splitter stays
site-independent); this module only collects them, in detection order, into :data:`FORMATS`.
**Adding a site** is one module in ``parsers/sites/`` (or a package, when it needs several)
that ends with ``FORMAT = Format(...)``, plus one line in the module list below;
``tests/parsers/test_formats.py`` then holds it to the contract every format keeps.

Choosing a format: by name (:func:`by_name`, for ``--format``), by content (:func:`detect`,
the default: exactly one format must claim the text, zero or two is an error naming the
candidates), or by listing :data:`FORMATS`. :func:`parsers.read.read_hands` does the choosing,
decoding and splitting of a whole file.
"""

from __future__ import annotations

import hashlib
from importlib import import_module

from parsers.errors import AmbiguousFormatError, UnknownFormatError
from parsers.format import DETECT_BYTES, HEAD_BYTES, SNIFF_BYTES, Format
from parsers.shape import hand_starts
from parsers.text import decode

__all__ = [
    "DETECT_BYTES",
    "HEAD_BYTES",
    "FORMATS",
    "SITE_MODULES",
    "SNIFF_BYTES",
    "AmbiguousFormatError",
    "Format",
    "UnknownFormatError",
    "by_name",
    "claimants",
    "detect",
]

#: The site modules of ``parsers/sites/``, one line each, in detection order (the order
#: FORMATS lists them in and an ambiguity names them in). Each declares ``FORMAT``.
SITE_MODULES = (
    "pokerstars",
    "starslayout",
    "ggpoker",
    "phh",
    "winamax",
    "ignition",
    "pacific888",
    "partypoker",
    "wpn",
    "fulltilt",
    "ipoker",
    "microgaming",
    "everest",
    "ongame",
    "merge",
    "betonline",
    "pkr",
    "entraction",
    "everleaf",
    "bossmedia",
    "cereus",
    "cake",
    "kingsclub",
    "enet",
    "sealswithclubs",
    "unibet",
    "betfair",
)

FORMATS: tuple[Format, ...] = tuple(
    import_module(f"parsers.sites.{name}").FORMAT for name in SITE_MODULES
)


def by_name(name: str) -> Format:
    """The format called ``name`` (case-insensitive); UnknownFormatError lists the known ones."""
    key = name.strip().lower()
    for fmt in FORMATS:
        if fmt.name == key:
            return fmt
    known = ", ".join(f.name for f in FORMATS)
    raise UnknownFormatError(f"unknown format {name!r} (known: {known})")


def _safe_sniff(fmt: Format, head: str) -> bool:
    try:
        return bool(fmt.sniff(head))
    except Exception:  # a sniffer must never take detection down; treat as "no"
        return False


def claimants(text: str) -> list[Format]:
    """Every format whose sniffer claims ``text`` (its first SNIFF_BYTES characters), in order."""
    head = text[:SNIFF_BYTES]
    return [fmt for fmt in FORMATS if _safe_sniff(fmt, head)]


#: At most this many hand-start lines of a file's lead are sniffed from (a notice may hold
#: lines that read as one: "Game #3 of the league starts at 8pm").
MAX_STARTS = 64


def detect(data: str | bytes) -> Format:
    """The one format whose sniffer claims ``data``: decoded text, or a file's raw bytes (of
    which the first HEAD_BYTES are decoded, and up to DETECT_BYTES when no sniffer claims
    those: choosing needs no more of the file). When no sniffer claims the head, they are
    asked again from each hand-start line of the lead (:func:`parsers.shape.hand_starts`), so
    leading junk lines and client notices do not hide a file.

    Raises UnknownFormatError when none does, AmbiguousFormatError (naming every candidate)
    when several do.
    """
    if isinstance(data, bytes):
        fmt, error = _answer(bytes(data[:HEAD_BYTES]), FORMATS)
        if error is not None and error[0] is UnknownFormatError and len(data) > HEAD_BYTES:
            fmt, error = _answer(bytes(data[:DETECT_BYTES]), FORMATS)
        if error is not None:
            raise error[0](error[1])
        return fmt  # type: ignore[return-value]
    return _detect_text(data)


#: :func:`detect`'s answer (a format, or an error's type and message) by the formats
#: registered and a digest of the bytes decoded (:func:`_answer`), the oldest forgotten first.
_Answer = tuple[Format | None, tuple[type[ValueError], str] | None]
_answers: dict[tuple[tuple[Format, ...], bytes], _Answer] = {}
ANSWERS_KEPT = 1024


def _answer(data: bytes, formats: tuple[Format, ...]) -> _Answer:
    """:func:`detect` of a file's first bytes (its head, or its lead when no format claims
    the head) by ``formats`` (the ones registered now), remembered: the import asks again
    about a file no format claims (its seam, then the Python core, which says why), and each
    asking runs every sniffer over the head, and over a lead from each of its hand-start
    lines (the lead's scan was a tenth of the detection of the corpus's PokerStars, GGPoker
    and Ignition folders, paid twice). Kept by a digest of the bytes, not the bytes: a lead
    is up to DETECT_BYTES, and a group of files is asked about before the Python core reads
    the ones not claimed. The error is kept as its type and message, raised anew each time
    (one instance raised twice would collect both tracebacks)."""
    key = (formats, hashlib.blake2b(data, digest_size=16).digest())
    answer = _answers.get(key)
    if answer is None:
        try:
            answer = _detect_text(decode(data)[0]), None
        except (UnknownFormatError, AmbiguousFormatError) as exc:
            answer = None, (type(exc), str(exc))
        if len(_answers) >= ANSWERS_KEPT:
            _answers.pop(next(iter(_answers)), None)
        _answers[key] = answer
    return answer


def _detect_text(text: str) -> Format:
    found = claimants(text)
    if not found:
        found = _claimants_after_junk(text)
    if not found:
        raise UnknownFormatError("no known hand-history format recognises this text")
    if len(found) > 1:
        names = " and ".join(f.name for f in found)
        raise AmbiguousFormatError(f"text matches several formats: {names}")
    return found[0]


def _claimants_after_junk(text: str) -> list[Format]:
    """The claimants from the first line after leading junk (a stray line, a client's
    notices, blank lines) where one is found: sniffed again from the lines that may start a
    hand. A try sees SNIFF_BYTES characters, so the next is made from the first start past
    the first half of what it saw (at most MAX_STARTS tries over the lead)."""
    tries, seen = 0, 0
    for start in hand_starts(text, DETECT_BYTES):
        if start == 0 or start < seen:
            continue
        found = claimants(text[start:])
        tries += 1
        if found or tries == MAX_STARTS:
            return found
        seen = start + SNIFF_BYTES // 2
    return []
