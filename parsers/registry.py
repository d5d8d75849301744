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

from parsers.errors import AmbiguousFormatError, UnknownFormatError
from parsers.format import Format
from parsers.sites import (
    betfair,
    betonline,
    bossmedia,
    cake,
    cereus,
    enet,
    entraction,
    everest,
    everleaf,
    fulltilt,
    ggpoker,
    ignition,
    ipoker,
    kingsclub,
    merge,
    microgaming,
    ongame,
    pacific888,
    partypoker,
    phh,
    pkr,
    pokerstars,
    sealswithclubs,
    unibet,
    winamax,
    wpn,
)

#: How much of a file sniffers look at.
SNIFF_BYTES = 8192


FORMATS: tuple[Format, ...] = tuple(
    site.FORMAT
    for site in (
        pokerstars,
        ggpoker,
        phh,
        winamax,
        ignition,
        pacific888,
        partypoker,
        wpn,
        fulltilt,
        ipoker,
        microgaming,
        everest,
        ongame,
        merge,
        betonline,
        pkr,
        entraction,
        everleaf,
        bossmedia,
        cereus,
        cake,
        kingsclub,
        enet,
        sealswithclubs,
        unibet,
        betfair,
    )
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
