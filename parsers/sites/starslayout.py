"""Hand histories in the PokerStars layout written under another name -> Hand.

Several sites and tools write their hands line for line as PokerStars does, and change only the
first words of the header. A file of them used to be claimed by no parser (``unknown_format``
rejects), although the PokerStars reader reads every other line of it. Known (the same list
public trackers keep for their PokerStars reader):

- ``Full Tilt Hand #`` and ``Full Tilt Rush Hand #``: Full Tilt after its move onto the
  PokerStars software in 2016 (its own, older layout, ``Full Tilt Poker Game #``, is
  :mod:`parsers.sites.fulltilt`);
- ``Run It Once Poker Hand #``: Run It Once Poker (2019-2022);
- ``PokerMaster``, ``PokerBros``, ``PPPoker``, ``Hive Poker``, ``MPLPoker``, ``SupremaPoker``:
  club apps, whose hands tracker converters write in this layout;
- ``POKERSTARS GAME #``: PokerStars' own hands as old PokerTracker exports print them, with an
  upper-case header (``HOLD'EM NO LIMIT``) over an ordinary body.

How: the header's brand is put back to ``PokerStars`` (and an upper-case header's section
words to the case the PokerStars header reader knows), the chunk is read by
:mod:`parsers.sites.pokerstars.reader`, and the hand keeps its own text and is filed under the
brand's site (the key of the store is (site, hand id), and these brands count their own hands),
except the PokerTracker export, which *is* PokerStars. The engine judges these hands by the
generic rules (:mod:`pipeline.engine.sites`): their posting and award conventions are the
software's, but no log of theirs in the corpus shows which of PokerStars' rules they keep.

A header time printed to the minute ("2019/06/25 15:55 UTC", as Run It Once prints it) is read
as that minute. Anything else the PokerStars reader does not know still rejects the hand with
its reason (Run It Once's "NAME shows [..] for ..." showdown line, say): the hand is kept in
``rejects`` with its text, never read by a guess.

This format has no native reader: its files always go through the Python core.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import Hand
from parsers.sites._kit.common import line_sniffer, with_site
from parsers.sites.pokerstars import reader
from parsers.text import Chunk, parse_money

#: The brand as printed -> the site its hands are filed under.
BRANDS: dict[str, str] = {
    "Full Tilt": "fulltilt",
    "Run It Once Poker": "runitonce",
    "PokerMaster": "pokermaster",
    "PokerBros": "pokerbros",
    "PPPoker": "pppoker",
    "Hive Poker": "hivepoker",
    "MPLPoker": "mplpoker",
    "SupremaPoker": "supremapoker",
    "POKERSTARS": "pokerstars",
}

_BRAND_WORDS = "|".join(re.escape(b) for b in BRANDS if b != "POKERSTARS")

#: A hand's first line: one of the brands, then PokerStars' own header words.
HEADER = re.compile(
    rf"(?:(?P<brand>{_BRAND_WORDS}) (?P<kind>Zoom |Rush |Home Game )?(?P<word>Hand|Game)"
    r"|(?P<upper>POKERSTARS) (?P<ukind>ZOOM |HOME GAME )?(?P<uword>HAND|GAME)) #(?=\d)"
)

#: Upper-case header words the PokerStars header reader matches by case.
_UPPER_WORDS = (("TOURNAMENT #", "Tournament #"), (" LEVEL ", " Level "),
                ("MATCH ROUND ", "Match Round "))

#: A time with no seconds ("2019/06/25 15:55"), not followed by more of a time.
_MINUTE_TIME = re.compile(r"(\d{4}/\d{1,2}/\d{1,2}\s+(?:-\s+)?\d{1,2}:\d{2})(?![:\d])")

SITE = "starslayout"
DETECTION = ("a line starting 'Full Tilt Hand #', 'Run It Once Poker Hand #', 'PokerMaster "
             "Hand #', ... or 'POKERSTARS GAME #' in the first 8 KB")
SUPPORTS = "what the PokerStars reader supports, under the brands listed in the module"


def as_pokerstars_header(line: str) -> tuple[str, str] | None:
    """(the header as PokerStars prints it, the site of its brand), None when ``line`` is no
    brand's header."""
    m = HEADER.match(line)
    if m is None:
        return None
    tail = line[m.end() - 1:]  # from the "#"
    if m["upper"]:
        kind = (m["ukind"] or "").title()
        word = m["uword"].title()
        for upper, as_stars in _UPPER_WORDS:
            tail = tail.replace(upper, as_stars)
        site = BRANDS["POKERSTARS"]
    else:
        kind, word, site = m["kind"] or "", m["word"], BRANDS[m["brand"]]
    tail = _MINUTE_TIME.sub(r"\1:00", tail)
    return f"PokerStars {kind}{word} {tail}", site


def _reader_for(site: str) -> Callable[[Chunk, str], Hand]:
    """The PokerStars reader of a chunk whose header (and Run It Once's showdown lines) are
    put in PokerStars' words; the hand is ``site``'s and keeps the chunk's own text."""

    def parse_one(chunk: Chunk, file: str) -> Hand:
        first, newline, body = chunk.text.partition("\n")
        lead = first[: len(first) - len(first.lstrip(" \t\ufeff"))]
        rewritten = as_pokerstars_header(first[len(lead):])
        if rewritten is None:
            raise ParseError("bad_header", "not a hand header of a PokerStars-layout brand",
                             line=1, text=first)
        header = lead + rewritten[0]
        text = header + newline + _showdown_in_pokerstars_words(body)
        try:
            hand = reader._parse(Chunk(text, chunk.offset, chunk.line), file)  # noqa: SLF001
        except ParseError as err:
            if err.site == reader.SITE:  # stamped by the PokerStars helpers: say whose hand
                err.site = None
            if err.line == 1 and err.text:  # the header as the file prints it
                err.text = err.text.replace(header.strip(), first.strip())
            elif err.text and 1 < (err.line or 0) <= chunk.text.count("\n") + 1:
                err.text = chunk.text.split("\n")[err.line - 1].strip() or err.text
            raise err.with_context(site=site) from None
        return replace(hand, site=site, raw_text=chunk.text)

    return parse_one


#: Run It Once's showdown line, "NAME shows [Ad Qd] for Pair [Ad Kd Qs Qd 5c]": PokerStars
#: prints "NAME: shows [Ad Qd] (a pair of Queens)".
_SHOWS_FOR = re.compile(r"^(?P<name>.+?) shows (?P<cards>\[[^\]]*\]) for (?P<what>.*)$")

#: A seat-list line's name ("Seat 3: Galen U (10 in chips)").
_SEAT_NAME = re.compile(r"^Seat \d+: (?P<name>.+) \([^()]* in chips\)")


def _showdown_in_pokerstars_words(body: str) -> str:
    """The body with each "NAME shows [..] for ..." line of a seated NAME in PokerStars' words
    (one line for one line, so line numbers hold)."""
    if " shows [" not in body:
        return body
    lines = body.split("\n")
    seated = {m["name"] for m in map(_SEAT_NAME.match, lines) if m}
    for i, line in enumerate(lines):
        m = _SHOWS_FOR.match(line)
        if m and m["name"] in seated:
            lines[i] = f"{m['name']}: shows {m['cards']} ({m['what']})"
    return "\n".join(lines)


#: Run It Once's "Splash the pot": the site adds money to the pot after the deal ("STP added:
#: €0.50"), and the summary prints it beside the pots ("| STP €0.50 |"), the last of which the
#: PokerStars reader takes for a fee and the first of which it reads past as a line that pays
#: no seated player.
_SPLASH_LINE = re.compile(r"STP added: (?P<amount>\S+)$")
_SPLASH = "STP"


def _splash_the_pot(hand: Hand) -> Hand:
    """``hand`` with Run It Once's splash as money the site put into the pot
    (``SiteReport.site_added``), not a fee or an ignored line."""
    splashes = [(x, _SPLASH_LINE.match(x.text)) for x in hand.ignored_lines]
    added = [(x, m) for x, m in splashes if m]
    if not added:
        return hand
    try:
        amount = sum(parse_money(m["amount"], hand.decimals) for _, m in added)
    except ParseError as err:
        raise err.with_context(line=added[0][0].line, text=added[0][0].text) from None
    report = hand.report
    fees = tuple(f for f in report.fees if f[0] != _SPLASH)
    # The engine holds the site's money in the main pot (as GGPoker's summary counts its cash
    # drop); Run It Once prints it as a part of its own beside the main pot.
    pots = tuple(replace(p, amount=p.amount + amount) if p.index == 0 else p
                 for p in report.pots)
    return replace(
        hand,
        ignored_lines=tuple(x for x, m in splashes if not m),
        report=replace(report, fees=fees, pots=pots,
                       site_added=(*report.site_added, (_SPLASH, amount))),
    )


#: One reader per brand's site (the site is named on the hand and on any error).
_PARSERS = {site: with_site(site, _reader_for(site), header=HEADER, ignore_harmless=True)
            for site in {*BRANDS.values(), SITE}}


def parse(chunk: Chunk, file: str = "") -> Hand:
    """One hand chunk of a PokerStars-layout brand -> Hand (ParseError naming its site)."""
    first = chunk.text.split("\n", 1)[0].lstrip(" \t\ufeff")
    rewritten = as_pokerstars_header(first)
    site = rewritten[1] if rewritten else SITE
    hand = _PARSERS[site](chunk, file)
    try:
        return _splash_the_pot(hand)  # after the shared rule has read the splash line past
    except ParseError as err:
        raise err.with_context(site=site) from None


FORMAT = Format(
    name="starslayout",
    site=SITE,
    description="The PokerStars layout under other brands (Full Tilt since 2016, Run It Once "
                "Poker, club apps' converted hands, PokerTracker's upper-case export)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=line_sniffer(HEADER.match, needs=("Hand #", "Game #", "HAND #", "GAME #")),
    parse=parse,
    header=HEADER,
    glued=True,
    sites=tuple(sorted(set(BRANDS.values()))),
)
