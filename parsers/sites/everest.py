"""Everest Poker XML hand histories -> :class:`parsers.model.Hand`.

A file is a ``<SESSION .../>`` line (table, ring/tournament, money symbol, screen name, game and
limit) followed by ``<HAND time id ...>`` elements (no single root element). A hand alone does
not say its game, limit or currency, so :func:`split` makes each chunk self-contained: the HAND
element, a newline, then the session line (line numbers stay the file's). Parsed with
``xml.etree.ElementTree`` inside our own root (no external entities, no DOCTYPE possible).

What is particular:
- Every amount is an integer in hundredths (cents for cash; tournament chips too: a blind of
  ``150/300`` posts ``15000``), so decimals is 2 throughout. The ``blinds`` and ``stakes``
  attributes are printed in the locale (``$0.50/$1``, ``0,01 €/0,02 €``, ``1 750/3 500``).
- ``BET amount`` is the chips added; 0 is a check. Whether a bet is a call, bet or raise
  follows from the street's bets (Everest prints one verb for all four).
- ``PUSH`` returns an uncalled bet; ``SWEEP rake= tax=`` gathers a street's bets into the pot
  and reports the rake taken; ``WIN`` pays a pot; ``XBLIND``/``XSHOW`` decline a blind or a show.
- Hole cards come one ``HOLE`` per player per round (``--`` unknown); ``SHOW`` reveals both.
- ``time`` is a Unix timestamp: UTC exactly.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime

from parsers.cards import parse_cards
from parsers.errors import ParseError, UnsupportedGame
from parsers.format import Format
from parsers.model import (
    TOURNAMENT_CHIPS,
    Action,
    ActionKind,
    Collection,
    Game,
    Hand,
    LimitType,
    Seat,
    SiteReport,
    SourceRef,
    Stakes,
    Street,
)
from parsers.sites._kit.common import with_site
from parsers.sites._kit.tables import CURRENCY_SYMBOLS
from parsers.text import Chunk, parse_money

SITE = "everest"
HEADER = re.compile(r"<HAND\b")
DETECTION = "an XML '<SESSION ... tableName=... game=...' line and '<HAND ' elements"
SUPPORTS = "hold'em NL/PL/FL: cash and tournaments"

_TAGS = re.compile(r"<SESSION\b[^>]*>|<HAND\b")
_LIMITS = {"no-limit": LimitType.NO_LIMIT, "pot-limit": LimitType.POT_LIMIT,
           "fixed-limit": LimitType.FIXED_LIMIT, "limit": LimitType.FIXED_LIMIT}
_STREETS = (Street.FLOP, Street.TURN, Street.RIVER)
_QUIET = frozenset({"CHAT", "XBLIND", "XSHOW", "DEALER", "SEAT", "HOLE"})


def sniff(text: str) -> bool:
    """True for an Everest session (upper-case tags). Never raises."""
    try:
        head = text[:8192]
        return "<SESSION " in head and ("<HAND " in head or "tableName=" in head)
    except Exception:
        return False


def split(text: str, encoding: str = "utf-8", data: bytes | None = None) -> list[Chunk]:
    """One chunk per ``<HAND>`` element, followed by its session line (see module doc)."""
    del encoding  # offsets below are exact for the 8-bit and UTF-8 files Everest writes
    chunks: list[Chunk] = []
    session = ""
    line, last = 1, 0
    byte_hands = re.finditer(rb"<HAND\b", data) if data is not None else None
    for m in _TAGS.finditer(text):
        start = m.start()
        if text.startswith("<SESSION", start):
            session = m.group()
            continue
        end = text.find("</HAND>", start)
        body = text[start:] if end == -1 else text[start : end + len("</HAND>")]
        line += text.count("\n", last, start)
        last = start
        found = next(byte_hands, None) if byte_hands is not None else None
        offset = found.start() if found else len(text[:start].encode("utf-8"))
        chunks.append(Chunk(body + "\n" + session, offset, line))
    return chunks


def _tree(text: str) -> tuple[ET.Element, ET.Element]:
    if "</HAND>" not in text:
        raise ParseError("truncated_hand", "the <HAND> element is not closed", line=1)
    try:
        root = ET.fromstring("<everest>" + text + "</everest>")
    except ET.ParseError as err:
        raise ParseError("bad_xml", str(err), line=err.position[0] if err.position else 0
                         ) from None
    hand, session = root.find("HAND"), root.find("SESSION")
    if hand is None or session is None:
        raise ParseError("no_session", "a <HAND> without its <SESSION> line", line=1)
    return hand, session


def _printed(text: str) -> int:
    """A blind as printed (``$0.50``, ``0,01 €``, ``1 750``) -> hundredths; 0 if absent."""
    kept = "".join(ch for ch in text if ch.isdigit() or ch in ",.")
    if not kept:
        return 0
    if "," in kept and "." not in kept:
        kept = kept.replace(",", ".")
    return parse_money(kept, 2)


def _int(el: ET.Element, attr: str) -> int:
    value = el.get(attr, "0").strip()
    if not value.isdigit():
        raise ParseError("bad_amount", f"{attr}={value!r} is not a whole amount",
                         text=ET.tostring(el, encoding="unicode").strip())
    return int(value)


def _parse(chunk: Chunk, file: str) -> Hand:  # noqa: C901 - one pass over a flat element list
    hand_el, sess = _tree(chunk.text)
    if sess.get("game", "") != "hold-em":
        raise UnsupportedGame(f"{sess.get('game')!r}", line=1, text=sess.get("game", ""))
    limit = _LIMITS.get(sess.get("gametype", ""))
    if limit is None:
        raise ParseError("bad_header", f"unknown gametype {sess.get('gametype')!r}", line=1)
    tournament = sess.get("type") == "tournament"
    money = sess.get("money", "").strip()
    currency = TOURNAMENT_CHIPS if tournament else CURRENCY_SYMBOLS.get(money, "USD")
    dec = 2
    sb_text, _, bb_text = hand_el.get("blinds", "").partition("/")
    bet_text, _, big_text = hand_el.get("stakes", "").partition("/")
    sb, bb = _printed(sb_text), _printed(bb_text)

    seats: dict[int, list] = {}
    for el in hand_el.iter("SEAT"):
        seats[_int(el, "position")] = [el.get("name", ""), _int(el, "balance")]
    if not seats:
        raise ParseError("no_seats", "no <SEAT> elements", line=1)
    by_name = {v[0]: k for k, v in seats.items()}
    hero = by_name.get(sess.get("screenName", ""))
    dealer = hand_el.find("DEALER")
    button = _int(dealer, "position") if dealer is not None else None

    actions: list[Action] = []
    add = actions.append
    street = Street.PREFLOP
    totals: dict[int, int] = {}
    left = {k: v[1] for k, v in seats.items()}
    hole: dict[int, list[str]] = {}
    board: list[str] = []
    collections: list[Collection] = []
    rake = 0
    blinds: list[int] = []
    ante = 0
    for el in hand_el:
        tag = el.tag
        if tag in _QUIET:
            if tag == "HOLE" and el.text and el.text.strip() != "--":
                hole.setdefault(_int(el, "position"), []).extend(parse_cards(el.text))
            continue
        if tag == "SWEEP":
            rake += _int(el, "rake") + _int(el, "tax")
            continue
        if tag == "COMMUNITY":
            cards = parse_cards((el.text or "").replace(",", " "))
            new = list(cards[len(board):]) if cards[: len(board)] == tuple(board) else list(cards)
            board.extend(new)
            nxt = _STREETS[min(len(board), 5) - 3] if len(board) >= 3 else street
            if nxt > street:
                street, totals = nxt, {}
            continue
        if tag == "WIN":
            collections.append(Collection(_int(el, "position"), _int(el, "amount"),
                                          _int(el, "pot")))
            continue
        seat = _int(el, "position")
        if seat not in seats:
            raise ParseError("unknown_line", f"{tag} by an empty seat {seat}", line=0,
                             text=ET.tostring(el, encoding="unicode").strip())
        amt = _int(el, "amount") if el.get("amount") is not None else 0
        had = totals.get(seat, 0)
        current = max(totals.values(), default=0)
        if tag == "FOLD":
            add(Action(street, seat, ActionKind.FOLD, 0, had))
            continue
        if tag == "SHOW":
            cards = parse_cards((el.text or "").replace(",", " "))
            hole[seat] = list(cards)
            add(Action(Street.SHOWDOWN, seat, ActionKind.SHOW, 0, had, cards=cards))
            continue
        if tag == "PUSH":
            totals[seat] = had - amt
            left[seat] += amt
            add(Action(street, seat, ActionKind.UNCALLED_RETURN, amt, had - amt))
            continue
        left[seat] -= amt
        all_in = left[seat] <= 0 and amt > 0
        if tag == "ANTE":
            ante = max(ante, amt)
            add(Action(street, seat, ActionKind.POST_ANTE, amt, had, all_in))
        elif tag == "BLIND":
            first = not blinds and (amt < bb or amt == sb)
            kind = ActionKind.POST_SMALL_BLIND if first else ActionKind.POST_BIG_BLIND
            blinds.append(amt)
            totals[seat] = had + amt
            add(Action(street, seat, kind, amt, had + amt, all_in))
        elif tag == "BET":
            to = had + amt
            if amt == 0:
                add(Action(street, seat, ActionKind.CHECK, 0, had))
                continue
            totals[seat] = to
            kind = (ActionKind.CALL if to <= current else
                    ActionKind.RAISE if current > 0 else ActionKind.BET)
            add(Action(street, seat, kind, amt, to, all_in))
        else:
            raise ParseError("unknown_line", f"unknown element <{tag}>", line=0,
                             text=ET.tostring(el, encoding="unicode").strip())

    if limit is LimitType.FIXED_LIMIT:
        small_bet, big_bet = _printed(bet_text) or bb, _printed(big_text) or 2 * bb
        stakes = Stakes(sb, bb, ante, small_bet, big_bet)
    else:
        stakes = Stakes(sb, bb, ante)
    when = hand_el.get("time", "")
    started = datetime.fromtimestamp(int(when), UTC) if when.isdigit() else None
    return Hand(
        site=SITE,
        hand_id=hand_el.get("id", ""),
        game=Game.HOLDEM,
        limit=limit,
        currency=currency,
        decimals=dec,
        stakes=stakes,
        seats=tuple(Seat(k, v[0], v[1], is_hero=k == hero,
                         hole_cards=tuple(hole[k]) if k in hole else None)
                    for k, v in sorted(seats.items())),
        actions=tuple(actions),
        button_seat=button,
        boards=(tuple(board),),
        report=SiteReport(rake=rake, collections=tuple(collections)),
        started_at=started,
        local_time=when,
        time_zone="UTC",
        table_name=sess.get("tableName", ""),
        is_tournament=tournament,
        tournament_id=sess.get("id") if tournament else None,
        source=SourceRef(file, chunk.offset, chunk.line),
        raw_text=chunk.text,
    )


# Parse one chunk from :func:`split`. Raises ParseError (UnsupportedGame: other games).
parse = with_site(SITE, _parse)


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="everest",
    site=SITE,
    description="Everest Poker XML hand histories (cash, tournaments)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
    splitter=split,
)
