"""The explicit list of hand-history formats, and how one is chosen for a file.

Each format is declarative metadata plus three functions: a cheap ``sniff`` over the first few
KB that answers yes/no and never raises, the ``parse`` of one chunk, and the ``header`` pattern
that starts a hand (so :func:`parsers.text.split_hands` stays site-independent). Adding a site
is one module in ``parsers/sites/`` and one entry in :data:`FORMATS`.

Choosing a format: by name (:func:`by_name`, for ``--format``), by content (:func:`detect`,
the default: exactly one format must claim the text, zero or two is an error naming the
candidates), or by listing :data:`FORMATS`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from parsers.errors import AmbiguousFormatError, UnknownFormatError
from parsers.model import Hand
from parsers.sites import pokerstars
from parsers.text import Chunk

#: How much of a file sniffers look at.
SNIFF_BYTES = 8192


@dataclass(frozen=True)
class Format:
    """One hand-history format: what it is, how to recognise it, how to parse it."""

    name: str
    site: str
    description: str
    detection: str
    supports: str
    sniff: Callable[[str], bool]
    parse: Callable[[Chunk, str], Hand]
    header: re.Pattern[str]


FORMATS: tuple[Format, ...] = (
    Format(
        name="pokerstars",
        site="pokerstars",
        description="PokerStars hand histories (cash, Zoom, tournaments, home games)",
        detection=pokerstars.DETECTION,
        supports=pokerstars.SUPPORTS,
        sniff=pokerstars.sniff,
        parse=pokerstars.parse,
        header=pokerstars.HEADER,
    ),
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


def detect(text: str) -> Format:
    """The one format whose sniffer claims ``text`` (only its first SNIFF_BYTES are looked at).

    Raises UnknownFormatError when none does, AmbiguousFormatError (naming every candidate)
    when several do.
    """
    head = text[:SNIFF_BYTES]
    found = [fmt for fmt in FORMATS if _safe_sniff(fmt, head)]
    if not found:
        raise UnknownFormatError("no known hand-history format recognises this text")
    if len(found) > 1:
        names = " and ".join(f.name for f in found)
        raise AmbiguousFormatError(f"text matches several formats: {names}")
    return found[0]
