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
from parsers.text import Chunk, split_hands

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
    #: For formats a line-header split cannot cut (XML sessions whose hands need the session's
    #: header, a whole session on one line): (text, encoding, original bytes) -> chunks.
    splitter: Callable[[str, str, bytes | None], list[Chunk]] | None = None

    def split(self, text: str, encoding: str = "utf-8", data: bytes | None = None) -> list[Chunk]:
        """The file's hand chunks: the format's own splitter, else split_hands on its header."""
        if self.splitter is not None:
            return self.splitter(text, encoding, data)
        return split_hands(text, encoding, self.header, data)


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
    Format(
        name="ggpoker",
        site=ggpoker.SITE,
        description="GGPoker / Natural8 hand histories (cash, Rush & Cash, tournaments)",
        detection=ggpoker.DETECTION,
        supports=ggpoker.SUPPORTS,
        sniff=ggpoker.sniff,
        parse=ggpoker.parse,
        header=ggpoker.HEADER,
    ),
    Format(
        name="phh",
        site=phh.SITE,
        description="PHH/PHHS open poker hand histories (TOML; U of Toronto CPRG standard)",
        detection=phh.DETECTION,
        supports=phh.SUPPORTS,
        sniff=phh.sniff,
        parse=phh.parse,
        header=phh.HEADER,
    ),
    Format(
        name="winamax",
        site="winamax",
        description="Winamax hand histories (cash, Go Fast, HOLD-UP, tournaments)",
        detection=winamax.DETECTION,
        supports=winamax.SUPPORTS,
        sniff=winamax.sniff,
        parse=winamax.parse,
        header=winamax.HEADER,
    ),
    Format(
        name="ignition",
        site=ignition.SITE,
        description="Ignition / Bovada / Bodog hand histories (cash, Zone Poker, tournaments)",
        detection=ignition.DETECTION,
        supports=ignition.SUPPORTS,
        sniff=ignition.sniff,
        parse=ignition.parse,
        header=ignition.HEADER,
    ),
    Format(
        name="pacific888",
        site=pacific888.SITE,
        description="888poker / Pacific / Cassava hand histories (cash, play money, tournaments)",
        detection=pacific888.DETECTION,
        supports=pacific888.SUPPORTS,
        sniff=pacific888.sniff,
        parse=pacific888.parse,
        header=pacific888.HEADER,
    ),
    Format(
        name="partypoker",
        site="partypoker",
        description="PartyPoker hand histories (cash, fastforward, sit & go, tournaments)",
        detection=partypoker.DETECTION,
        supports=partypoker.SUPPORTS,
        sniff=partypoker.sniff,
        parse=partypoker.parse,
        header=partypoker.HEADER,
    ),
    Format(
        name="wpn",
        site=wpn.SITE,
        description="Winning Poker Network / ACR hand histories (classic and current layouts)",
        detection=wpn.DETECTION,
        supports=wpn.SUPPORTS,
        sniff=wpn.sniff,
        parse=wpn.parse,
        header=wpn.HEADER,
    ),
    Format(
        name="fulltilt",
        site=fulltilt.SITE,
        description="Full Tilt Poker hand histories (cash, Rush, sit & go, Matrix, tournaments)",
        detection=fulltilt.DETECTION,
        supports=fulltilt.SUPPORTS,
        sniff=fulltilt.sniff,
        parse=fulltilt.parse,
        header=fulltilt.HEADER,
    ),
    Format(
        name="ipoker",
        site=ipoker.SITE,
        description="iPoker network XML hand histories (cash, sit & go, tournaments)",
        detection=ipoker.DETECTION,
        supports=ipoker.SUPPORTS,
        sniff=ipoker.sniff,
        parse=ipoker.parse,
        header=ipoker.HEADER,
        splitter=ipoker.split,
    ),
    Format(
        name="microgaming",
        site=microgaming.SITE,
        description="Microgaming (MPN) XML hand histories (cash, tournaments)",
        detection=microgaming.DETECTION,
        supports=microgaming.SUPPORTS,
        sniff=microgaming.sniff,
        parse=microgaming.parse,
        header=microgaming.HEADER,
    ),
    Format(
        name="everest",
        site=everest.SITE,
        description="Everest Poker XML hand histories (cash, tournaments)",
        detection=everest.DETECTION,
        supports=everest.SUPPORTS,
        sniff=everest.sniff,
        parse=everest.parse,
        header=everest.HEADER,
        splitter=everest.split,
    ),
    Format(
        name="ongame",
        site=ongame.SITE,
        description="OnGame network hand histories (OnGame, Betfair, Strobe skins; 2008-2014)",
        detection=ongame.DETECTION,
        supports=ongame.SUPPORTS,
        sniff=ongame.sniff,
        parse=ongame.parse,
        header=ongame.HEADER,
    ),
    Format(
        name="merge",
        site=merge.SITE,
        description="Merge Gaming / Carbon Poker XML hand histories (cash, tournaments)",
        detection=merge.DETECTION,
        supports=merge.SUPPORTS,
        sniff=merge.sniff,
        parse=merge.parse,
        header=merge.HEADER,
        splitter=merge.split,
    ),
    Format(
        name="betonline",
        site=betonline.SITE,
        description="BetOnline hand histories (PayNoRake, Gear Poker, ActionPoker.com skins)",
        detection=betonline.DETECTION,
        supports=betonline.SUPPORTS,
        sniff=betonline.sniff,
        parse=betonline.parse,
        header=betonline.HEADER,
    ),
    Format(
        name="pkr",
        site=pkr.SITE,
        description="PKR hand histories (cash, play money, sit & go, tournaments)",
        detection=pkr.DETECTION,
        supports=pkr.SUPPORTS,
        sniff=pkr.sniff,
        parse=pkr.parse,
        header=pkr.HEADER,
    ),
    Format(
        name="entraction",
        site=entraction.SITE,
        description="Entraction hand histories (cash, tournaments; 2009-2012)",
        detection=entraction.DETECTION,
        supports=entraction.SUPPORTS,
        sniff=entraction.sniff,
        parse=entraction.parse,
        header=entraction.HEADER,
    ),
    Format(
        name="everleaf",
        site=everleaf.SITE,
        description="Everleaf Gaming network hand histories (Everleaf, Grand Poker skins)",
        detection=everleaf.DETECTION,
        supports=everleaf.SUPPORTS,
        sniff=everleaf.sniff,
        parse=everleaf.parse,
        header=everleaf.HEADER,
    ),
    Format(
        name="bossmedia",
        site=bossmedia.SITE,
        description="Boss Media network XML hand histories (cash, sit & go, tournaments)",
        detection=bossmedia.DETECTION,
        supports=bossmedia.SUPPORTS,
        sniff=bossmedia.sniff,
        parse=bossmedia.parse,
        header=bossmedia.HEADER,
    ),
    Format(
        name="cereus",
        site=cereus.SITE,
        description="Cereus network hand histories (Absolute Poker, UltimateBet; 2007-2011)",
        detection=cereus.DETECTION,
        supports=cereus.SUPPORTS,
        sniff=cereus.sniff,
        parse=cereus.parse,
        header=cereus.HEADER,
    ),
    Format(
        name="cake",
        site=cake.SITE,
        description="Cake Poker network hand histories (cash, play money, tournaments; 2010-2013)",
        detection=cake.DETECTION,
        supports=cake.SUPPORTS,
        sniff=cake.sniff,
        parse=cake.parse,
        header=cake.HEADER,
    ),
    Format(
        name="kingsclub",
        site=kingsclub.SITE,
        description="KingsClub hand histories (club cash games; 2020-2023)",
        detection=kingsclub.DETECTION,
        supports=kingsclub.SUPPORTS,
        sniff=kingsclub.sniff,
        parse=kingsclub.parse,
        header=kingsclub.HEADER,
    ),
    Format(
        name="enet",
        site=enet.SITE,
        description="Enet Poker hand histories (cash; 2012)",
        detection=enet.DETECTION,
        supports=enet.SUPPORTS,
        sniff=enet.sniff,
        parse=enet.parse,
        header=enet.HEADER,
    ),
    Format(
        name="sealswithclubs",
        site=sealswithclubs.SITE,
        description="Seals With Clubs hand histories (bitcoin cash games in mBTC; 2013)",
        detection=sealswithclubs.DETECTION,
        supports=sealswithclubs.SUPPORTS,
        sniff=sealswithclubs.sniff,
        parse=sealswithclubs.parse,
        header=sealswithclubs.HEADER,
    ),
    Format(
        name="unibet",
        site=unibet.SITE,
        description="Unibet Poker hand histories (cash; 2021 layout)",
        detection=unibet.DETECTION,
        supports=unibet.SUPPORTS,
        sniff=unibet.sniff,
        parse=unibet.parse,
        header=unibet.HEADER,
    ),
    Format(
        name="betfair",
        site=betfair.SITE,
        description="Betfair Poker hand histories (the site's own client, before iPoker; "
        "2008-2012)",
        detection=betfair.DETECTION,
        supports=betfair.SUPPORTS,
        sniff=betfair.sniff,
        parse=betfair.parse,
        header=betfair.HEADER,
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
