"""Boss Media network XML hand histories (Boss Media, Unibet's old client, espacejeux...) -> Hand.

A Boss Media file is a ``<ROOT>`` (sometimes missing) holding one ``<HISTORY>`` element per
hand, each starting on its own line, so the ordinary line-header split cuts it: a chunk runs
from ``<HISTORY ID=`` to the line before the next one, and :func:`parse` reads it up to its
``</HISTORY>`` (the closing ``</ROOT>`` of the last hand is left out).

What is Boss Media's own, and how it is read:
- Cards are numbers ``LINK="0".."51"``: suit ``n // 13`` in the order diamonds, clubs,
  hearts, spades, rank ``n % 13`` from the ace (0 = ace, 1 = deuce ... 12 = king). A hidden
  card is ``LINK="b"``.
- ``DATE`` is the start time in Unix seconds (UTC); ``local_time`` keeps the number as printed.
- ``VALUE`` of CALL, RAISE, BET and ALLIN is the player's *total on the street* in the files
  the site wrote (a small blind of 10 "ALLIN 1610" with a 1610 stack), but some samples
  (HHSmithy's) print the chips the action adds; nothing in a hand says which. Each hand is
  read both ways and the reading whose bets make the ``POT`` printed at the first board (or,
  without a board, at the showdown) is kept; "street total" wins when both or neither do.
- Nothing returns an unmatched bet: the pots and every ``WIN`` leave it out, so each street's
  unmatched top bet is returned explicitly when the street closes.
- The showdown ``POT`` is what was paid out, after ``RAKE``: the total pot is their sum.
- Blinds: ``HAND_SB``, ``HAND_BB`` (also a new player's out-of-turn big blind), ``HAND_DSB``
  (a dead small blind), ``HAND_AB`` (small and big blind together: live big blind plus dead
  rest), ``HAND_ANTE``. A blind larger than the printed stack is an all-in post of the stack.
- The 2011 tournament client logs no antes: they are inferred when the first printed POT
  exceeds the logged chips by a whole ante per dealt player with chips, and its stacks are
  printed AFTER the ante (each next hand's stacks confirm it): the ante is added back.
- The button is ``DEALER="Y"``; older files have no such attribute and the button is taken
  from the deal (the dealt seat before the first dealt: the deal goes clockwise from the
  button's left), else as the dealt seat before the small blind (the small blind heads-up).
- Player names may hold HTML entities XML does not define (``&Ouml;``, ``&pound;``):
  they are turned into character references before the XML is read.
- Omaha (``GAME_OMA``, ``GAME_OMAHL``), draw (``GAME_FCD``) and any other game raise
  UnsupportedGame; an action type not listed here raises ``unknown_line`` with its line.
"""

from __future__ import annotations

import html.entities
import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime

from parsers.errors import ParseError, UnsupportedGame
from parsers.format import Format
from parsers.model import (
    TOURNAMENT_CHIPS,
    ActionKind,
    Game,
    Hand,
    LimitType,
    Stakes,
    Street,
)
from parsers.sites._kit.common import with_site
from parsers.sites._kit.starlike import Builder
from parsers.text import Chunk, parse_money

SITE = "bossmedia"
HEADER = re.compile(r"<HISTORY ID=")
DETECTION = "a '<HISTORY ID=... GAME=\"GAME_...\"' element (Boss Media XML)"
SUPPORTS = "hold'em NL/PL/FL XML: cash (any currency) and tournaments"

_RANKS = "A23456789TJQK"
_SUITS = "dchs"
_GAMES = {"GAME_THM": Game.HOLDEM, "GAME_OMA": Game.OMAHA, "GAME_OMAHL": Game.OMAHA_HI_LO,
          "GAME_FCD": Game.DRAW}
_LIMITS = {"NL": LimitType.NO_LIMIT, "PL": LimitType.POT_LIMIT, "FL": LimitType.FIXED_LIMIT}
_STREETS = {"BOARD_FLOP": Street.FLOP, "BOARD_TURN": Street.TURN, "BOARD_RIVER": Street.RIVER}
_BLINDS = {"HAND_SB": ActionKind.POST_SMALL_BLIND, "HAND_BB": ActionKind.POST_BIG_BLIND,
           "HAND_DSB": ActionKind.POST_DEAD}
_NOT_SEATED = frozenset({"STATE_EMPTY", "STATE_RESERVED"})
_TOP = ("<PLAYER", "<ACTION", "<SHOWDOWN")
_END = "</HISTORY>"
_ENTITY = re.compile(r"&([A-Za-z][A-Za-z0-9]*);")
_XML_ENTITIES = frozenset({"amp", "lt", "gt", "apos", "quot"})


def sniff(text: str) -> bool:
    """A HISTORY element carrying Boss Media's ``GAME="GAME_`` and ``GAMEKIND`` attributes."""
    at = text.find("<HISTORY ID=")
    return at != -1 and 'GAME="GAME_' in text[at : at + 400] and "GAMEKIND=" in text[at : at + 600]


def card(link: str | None) -> str | None:
    """A ``LINK`` number -> ``"Ad"``...; None for a hidden card (``"b"``)."""
    if link is None or link == "b":
        return None
    if not link.isdigit() or int(link) > 51:
        raise ParseError("bad_card", f"not a Boss Media card number: {link!r}", text=link)
    n = int(link)
    return _RANKS[n % 13] + _SUITS[n // 13]


def _cards(e: ET.Element) -> tuple[str, ...]:
    out = [card(c.get("LINK")) for c in e.iter("CARD")]
    return () if not out or None in out else tuple(c for c in out if c)


def _element(text: str) -> ET.Element:
    end = text.find(_END)
    if end == -1:
        raise ParseError("truncated_hand", "no </HISTORY> closes the hand", line=1)
    body = text[: end + len(_END)]
    if "&" in body:
        body = _ENTITY.sub(_html_entity, body)
    try:
        return ET.fromstring(body)
    except ET.ParseError as err:
        raise ParseError("truncated_hand", f"unreadable XML: {err}", line=err.position[0]) \
            from None


def _html_entity(m: re.Match[str]) -> str:
    """HTML entities XML does not define (names like ``&Ouml;``) -> a character reference."""
    name = m.group(1)
    if name in _XML_ENTITIES or name not in html.entities.name2codepoint:
        return m.group(0)
    return f"&#{html.entities.name2codepoint[name]};"


def _parse(chunk: Chunk, file: str) -> Hand:
    hist = _element(chunk.text)
    game = _GAMES.get(hist.get("GAME", ""), Game.OTHER)
    if game is not Game.HOLDEM:
        raise UnsupportedGame(f"{hist.get('GAME')} ({game.value})", line=1)
    limit = _LIMITS.get(hist.get("LIMIT", ""))
    if limit is None:
        raise ParseError("bad_header", f"unknown LIMIT {hist.get('LIMIT')!r}", line=1)
    tournament = hist.get("GAMEKIND") == "GAMEKIND_TOURNAMENT"
    currency, dec = (TOURNAMENT_CHIPS, 0) if tournament else (hist.get("TABLECURRENCY", ""), 2)
    if not currency:
        raise ParseError("bad_header", "no TABLECURRENCY", line=1)

    def money(text: str | None) -> int:
        if text is None or not text.strip():
            raise ParseError("bad_amount", "amount missing")
        return parse_money(text, dec)

    children = list(hist)
    starts = [n for n, line in enumerate(chunk.text.split("\n"), 1) if line.startswith(_TOP)]
    lines = starts if len(starts) == len(children) else [0] * len(children)

    seats: dict[int, list] = {}
    seat_of: dict[str, int] = {}
    button: int | None = None
    for e, n in zip(children, lines, strict=True):
        if e.tag != "PLAYER" or e.get("STATE") in _NOT_SEATED:
            continue
        name, raw_seat = e.get("NAME", ""), e.get("SEAT", "")
        if not name or not raw_seat.isdigit():
            raise ParseError("bad_seat", "player without name or seat", line=n,
                             text=ET.tostring(e, encoding="unicode").strip())
        seat = int(raw_seat)
        seats[seat] = [name, money(e.get("AMOUNT")), e.get("STATE") == "STATE_SITOUT", None]
        seat_of[name] = seat
        if e.get("DEALER") == "Y":
            button = seat
    if not seats:
        raise ParseError("no_seats", "no PLAYER element", line=1)

    b = _read(children, lines, seat_of, money, 0, to_mode=True)
    short = _pot_shortfall(b, children, money)
    if short:
        other = _read(children, lines, seat_of, money, 0, to_mode=False)
        if _pot_shortfall(other, children, money) == 0:
            b, short = other, 0
    dealt = sum(1 for seat in b.dealt_seats if seats[seat][1] > 0)
    if short > 0 and dealt and short % dealt == 0:
        # The 2011 tournament client takes antes without logging them; its pot has them,
        # and the stacks it prints are what was left after the ante (every next hand agrees,
        # across level changes too): the stack before the hand is the printed one plus it.
        b = _read(children, lines, seat_of, money, short // dealt, to_mode=True)
        for a in b.actions:
            if a.kind is ActionKind.POST_ANTE:
                seats[a.seat][1] += a.amount

    involved = {a.seat for a in b.actions} | set(b.dealt_seats)
    for seat, row in seats.items():
        row[2] = seat not in involved
    if button is None:
        button = _button_from_deal(b.dealt_seats)
    if button is None:
        button = _button_from_blinds(b, sorted(b.dealt_seats or involved))
    showdown = hist.find("SHOWDOWN")
    total = rake = None
    if showdown is not None:
        paid = money(showdown.get("POT"))
        rake = money(showdown.get("RAKE")) if showdown.get("RAKE") else 0
        total = paid + rake
    stakes = _stakes(hist.get("STAKES", ""), limit, b, dec)
    stamp = hist.get("DATE", "")
    started = datetime.fromtimestamp(int(stamp), UTC) if stamp.isdigit() else None
    return b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=hist.get("ID", ""), game=Game.HOLDEM,
        limit=limit, currency=currency, decimals=dec, stakes=stakes, seats=seats,
        button=button, total_pot=total, rake=rake if total is not None else None,
        started_at=started, local_time=stamp, time_zone="UTC" if started else "",
        table_name=hist.get("TABLE", ""),
        tournament_id=hist.get("TABLETOURNEYID", "") if tournament else None,
    )


# One ``<HISTORY>`` chunk -> Hand; ParseError (UnsupportedGame) otherwise.
parse = with_site(SITE, _parse)


class _Boss(Builder):
    """The shared builder plus the seats the site dealt cards to (hidden ones included)."""

    def __init__(self) -> None:
        super().__init__()
        self.dealt_seats: list[int] = []
        #: printed stacks (what is behind when the blinds are posted)
        self.behind: dict[int, int] = {}


def _read(children: list[ET.Element], lines: list[int], seat_of: dict[str, int], money,
          ante: int, to_mode: bool) -> _Boss:
    """The event log, reading bet VALUEs as street totals (``to_mode``) or as chips added.

    ``ante``: the unlogged ante each dealt player paid, posted before the first blind; the
    printed stacks are then what was left after it (a seat printed with 0 paid what it had,
    which the log does not say: it gets no ante).
    """
    b = _Boss()
    stacks = {seat_of[e.get("NAME", "")]: money(e.get("AMOUNT")) for e in children
              if e.tag == "PLAYER" and e.get("NAME", "") in seat_of}
    b.behind = dict(stacks)
    dealt = [seat_of.get(e.get("PLAYER", "")) for e in children
             if e.tag == "ACTION" and e.get("TYPE") == "HAND_DEAL"]
    for seat in dealt if ante else ():
        if seat is not None and stacks.get(seat, 0) > 0:
            b.post(ActionKind.POST_ANTE, seat, ante, False, 0)
    for e, n in zip(children, lines, strict=True):
        if e.tag == "PLAYER":
            continue
        try:
            if e.tag == "SHOWDOWN":
                _showdown(b, e, seat_of, money, n)
            elif e.tag == "ACTION":
                _action(b, e, seat_of, money, n, to_mode)
            else:
                raise ParseError("unknown_line", f"unknown element <{e.tag}>")
        except ParseError as err:
            raise err.with_context(line=n, text=ET.tostring(e, encoding="unicode").strip()) \
                from None
    return b


def _seat(e: ET.Element, seat_of: dict[str, int]) -> int:
    name = e.get("PLAYER", "")
    seat = seat_of.get(name)
    if seat is None:
        raise ParseError("unseated_player", f"{name!r} has no seat")
    return seat


def _action(b: _Boss, e: ET.Element, seat_of: dict[str, int], money, n: int,
            to_mode: bool) -> None:
    kind = e.get("TYPE", "")
    if kind == "HAND_BOARD":
        street = _STREETS.get(e.get("VALUE", ""))
        if street is None:
            raise ParseError("unknown_line", f"unknown board {e.get('VALUE')!r}")
        b.close_street()
        b.new_street(street, _cards(e))
        return
    seat = _seat(e, seat_of)
    if kind == "HAND_DEAL":
        b.dealt_seats.append(seat)
        b.dealt(seat, _cards(e))
    elif kind == "HAND_BLINDS":
        blind = e.get("KIND", "")
        amount = money(e.get("VALUE"))
        if blind == "HAND_AB":
            bb = max((a.amount for a in b.actions if a.kind is ActionKind.POST_BIG_BLIND),
                     default=amount * 2 // 3)
            b.post_both(seat, amount, bb, False, n)
        elif blind in _BLINDS:
            # The site lists blinds in any order (big blind first, too): the first HAND_SB
            # is the live small blind whatever came before it; a second one (a new player's,
            # "secondsb") is dead money, like HAND_DSB.
            kind = _BLINDS[blind]
            if kind is ActionKind.POST_SMALL_BLIND and any(
                    a.kind is ActionKind.POST_SMALL_BLIND for a in b.actions):
                kind = ActionKind.POST_DEAD
            # A blind is printed at its full size even from a shorter stack (2011 tournament
            # client: a 600 big blind from 424, and the POTs count 424): all in for the stack.
            behind = b.behind.get(seat, amount) - b.totals.get(seat, 0)
            short = 0 <= behind < amount
            b.post(kind, seat, behind if short else amount, short, n, keep_live=True)
        else:
            raise ParseError("unknown_line", f"unknown blind {blind!r}")
    elif kind == "HAND_ANTE":
        b.post(ActionKind.POST_ANTE, seat, money(e.get("VALUE")), False, n)
    elif kind == "ACTION_FOLD":
        b.fold(seat, n)
    elif kind == "ACTION_CHECK":
        b.check(seat, n)
    elif kind in ("ACTION_CALL", "ACTION_BET", "ACTION_RAISE", "ACTION_ALLIN"):
        value = money(e.get("VALUE"))
        mine = b.totals.get(seat, 0)
        to = value if to_mode else mine + value
        top = max(b.totals.values(), default=0)
        all_in = kind == "ACTION_ALLIN"
        if kind == "ACTION_CALL" or (all_in and to <= top):
            b.call(seat, to - mine, all_in, n)
        elif top == 0 or kind == "ACTION_BET":
            b.bet(seat, to - mine, all_in, n)
        else:
            b.raise_to(seat, to, all_in, n)
    else:
        raise ParseError("unknown_line", f"unknown action type {kind!r}")


def _showdown(b: _Boss, e: ET.Element, seat_of: dict[str, int], money, n: int) -> None:
    b.close_street()
    b.in_showdown = True
    for r in e.iter("RESULT"):
        seat = _seat(r, seat_of)
        cards = _cards(r)
        if cards:
            b.show(seat, cards, n)
        won = money(r.get("WIN")) if r.get("WIN") else 0
        if won:
            b.collect(seat, won, n)


def _pot_shortfall(b: _Boss, children: list[ET.Element], money) -> int:
    """The first pot the site printed less the chips this reading puts in (0: they agree).

    That pot is the one at the first board (chips put in preflop) or, in a hand that ends
    before the flop, the showdown's (after rake).
    """
    target: int | None = None
    preflop_only = True
    rake = 0
    for e in children:
        if e.tag == "ACTION" and e.get("TYPE") == "HAND_BOARD" and e.get("POT"):
            target = money(e.get("POT"))
            break
        if e.tag == "SHOWDOWN" and e.get("POT"):
            target = money(e.get("POT"))
            rake = money(e.get("RAKE")) if e.get("RAKE") else 0
            preflop_only = False
            break
    if target is None:
        return 0
    put = 0
    for a in b.actions:
        if preflop_only and a.street is not Street.PREFLOP:
            break
        put += -a.amount if a.kind is ActionKind.UNCALLED_RETURN else a.amount
    if not preflop_only and put == target + rake:
        return 0
    return target - put


def _button_from_deal(order: list[int]) -> int | None:
    """The button of a file that does not mark it, from the deal: the cards go out clockwise
    from the seat left of the button (heads-up too), so the button is the dealt seat before the
    first one dealt. Only where the log deals every seat once, clockwise; else None. (Where
    the files mark the button, the deal order names it in every hand of the corpus and of
    the public samples, 77 of 77; the seat before the small blind misses 3, where a blind is
    posted out of position.)"""
    dealt = sorted(order)
    if len(dealt) < 2 or len(set(order)) != len(order):
        return None
    first = dealt.index(order[0])
    if order != dealt[first:] + dealt[:first]:
        return None
    return dealt[first - 1]


def _button_from_blinds(b: _Boss, dealt: list[int]) -> int | None:
    """The button of a file that does not mark it: the dealt seat before the small blind."""
    sb = next((a.seat for a in b.actions if a.kind is ActionKind.POST_SMALL_BLIND), None)
    if sb is None or sb not in dealt:
        return None
    if len(dealt) == 2:
        return sb
    return dealt[dealt.index(sb) - 1]


def _stakes(text: str, limit: LimitType, b: Builder, dec: int) -> Stakes:
    """Blinds from ``STAKES`` ("0.05/0.10"); in fixed limit it is the small/big bet."""
    low, _, high = text.partition("/")
    try:
        a, c = parse_money(low, dec), parse_money(high, dec)
    except ParseError:
        raise ParseError("bad_header", f"unreadable STAKES {text!r}", line=1) from None
    ante = max((x.amount for x in b.actions if x.kind is ActionKind.POST_ANTE), default=0)
    if limit is LimitType.FIXED_LIMIT:
        sb = next((x.amount for x in b.actions if x.kind is ActionKind.POST_SMALL_BLIND), a // 2)
        return Stakes(sb, a, ante, a, c)
    return Stakes(a, c, ante)


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="bossmedia",
    site=SITE,
    description="Boss Media network XML hand histories (cash, sit & go, tournaments)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
