"""Seals With Clubs hand histories (bitcoin poker room, 2013 layout; cash hold'em) -> Hand.

The layout::

    Hand #5338590-82 - 2013-04-12 00:37:11
    Game: NL Hold'em (20 - 100) - Blinds 1/1        ("(20 - 100)": the buy-in range in bb)
    Site: Seals With Clubs
    Table: NLHE 9max 1/1 #2
    Seat 3: Player2 (139.08) - sitting out
    Player2 has the dealer button
    Player4 posts small & big blind 1.50
    ** Hole Cards **
    Player2 raises to 3
    Hero calls 1 (All-in)
    ** Turn ** [6s]                                 (only the new cards)
    Player2 refunded 3
    Player2 wins Side Pot 1 (2)
    Rake (0)
    ** Main Pot Show Down ** [5h 5d Kh 6s 8h]
    Hero wins Main Pot (6) with Two Pair
    Hero adds 94 chips

What is Seals With Clubs' own, and how it is read:
- The currency is never printed. The room played for bitcoin and its 2013 tables were
  denominated in millibitcoin (the stakes "0.50/1" are mBTC), so every hand is recorded with
  the currency code ``"mBTC"`` (the model's currency is a free string beside ISO codes), two
  decimals (the store's scale; a finer amount is a loud ``bad_amount``).
- "calls X" prints the chips added, "raises to X" the street total, "bets X" the bet;
  " (All-in)" follows the amount. "posts small & big blind X" is a live big blind plus the
  dead rest.
- "refunded X" is the uncalled bet returned. "wins Pot (X)", "wins Main Pot (X)" and "wins
  Side Pot k (X)" are the collections (pot 0 is the main pot); one "Rake (X)" per pot, summed.
- No total pot is printed. No time zone is printed: ``started_at`` stays None.
- "X adds N chips" is a top-up for the next hand: it changes nothing in this one.
"""

from __future__ import annotations

import re
from functools import partial

from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import ActionKind, Hand, Stakes
from parsers.sites._kit.common import search_sniffer, with_site
from parsers.sites._kit.lines import read_body, read_seats
from parsers.sites._kit.starlike import Builder, Names, cards_in, game_of, shown_in, unknown
from parsers.sites._kit.tables import STREETS_TITLE
from parsers.sites._kit.verbs import (
    RaiseText,
    checked_return,
    record_bet,
    record_dealt,
    split_all_in,
)
from parsers.text import Chunk, parse_money

SITE = "sealswithclubs"
HEADER = re.compile(r"Hand #\d+-\d+ - \d{4}-\d\d-\d\d \d\d:\d\d:\d\d")
DETECTION = "'Hand #N-M - date time', 'Game: ...', then 'Site: Seals With Clubs'"
SUPPORTS = "hold'em NL/PL/FL cash in mBTC (dead blinds, side pots); other games rejected"
CURRENCY = "mBTC"

_SNIFF = re.compile(r"^Hand #\d+-\d+ - \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\nGame: [^\n]*\n"
                    r"Site: Seals With Clubs$", re.MULTILINE)
_GAME = re.compile(r"Game: (.+?)(?: \([\d.]+ - [\d.]+\))? - Blinds ([\d.,]+)/([\d.,]+)$")
_SEAT = re.compile(r"Seat (\d+): (.+) \(([\d.,]+)\)( - sitting out)?$")
_WINS = re.compile(r"wins (Pot|Main Pot|Side Pot (\d+)) \(([\d.,]+)\)(?: with .*)?$")
_ALL_IN = " (All-in)"
_DEC = 2


sniff = search_sniffer(_SNIFF)


def _money(text: str) -> int:
    return parse_money(text, _DEC)


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = [ln.rstrip() for ln in chunk.text.split("\n")]
    hand_id, _, local = lines[0][6:].partition(" - ")
    gm = _GAME.match(lines[1]) if len(lines) > 1 else None
    if gm is None:
        raise ParseError("bad_header", "unreadable game line", line=2,
                         text=lines[1] if len(lines) > 1 else "")
    game, limit = game_of(gm[1], lines[1], 2)
    i, table = 2, ""
    while i < len(lines) and not lines[i].startswith("Seat "):
        key, sep, value = lines[i].partition(": ")
        if key == "Table" and sep:
            table = value
        elif key != "Site" or not sep:
            raise ParseError("bad_header", "unrecognised header line", line=i + 1,
                             text=lines[i])
        i += 1
    seats, i = read_seats(lines, i, _SEAT, _money)
    st = _State(Names(seats), _money(gm[3]))
    read_body(lines, i, partial(_line, st), None)  # no summary: every line is the hand's
    b = st.b
    if not any(a.kind.is_post for a in b.actions):
        raise ParseError("truncated_hand", "no blinds posted", line=len(lines), text=lines[-1])
    b.close_street()
    max_seats = re.search(r"(\d+)max", table)
    return b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=hand_id, game=game, limit=limit,
        currency=CURRENCY, decimals=_DEC, stakes=Stakes(_money(gm[2]), _money(gm[3])),
        seats=seats, button=st.button, total_pot=None, rake=st.rake, local_time=local,
        table_name=table, max_seats=int(max_seats[1]) if max_seats else None,
    )


parse = with_site(SITE, _parse, ignore_harmless=True)


class _State:
    """What the body lines build beside the Builder."""

    __slots__ = ("b", "names", "big_blind", "button", "rake")

    def __init__(self, names: Names, big_blind: int) -> None:
        self.b = Builder()
        self.names = names
        self.big_blind = big_blind
        self.button: int | None = None
        self.rake: int | None = None


def _line(st: _State, line: str, n: int) -> None:
    b = st.b
    if line.startswith("** "):
        marker = line[3:].partition(" **")[0]
        if marker in STREETS_TITLE:
            b.close_street()
            b.add_board_cards(STREETS_TITLE[marker], cards_in(line))
        elif marker.endswith("Show Down"):
            b.close_street()
            b.in_showdown = True
        elif marker != "Hole Cards":
            raise unknown("unknown street marker")
        return
    if line.startswith("Rake (") and line.endswith(")"):
        st.rake = (st.rake or 0) + _money(line[6:-1])
        return
    if line.startswith("Dealt to "):
        record_dealt(b, st.names, line[9:], "dealt to an unseated player")
        return
    got = st.names.prefix(line)
    if got is None:
        raise unknown()
    seat, rest = got
    if rest == "has the dealer button":
        st.button = seat
        return
    rest, all_in = split_all_in(rest, _ALL_IN)
    if record_bet(b, seat, rest, _money, all_in, n, RaiseText.TO):
        return
    verb, _, arg = rest.partition(" ")
    if verb == "posts":
        _post(st, seat, arg, all_in, n)
    elif verb == "refunded":
        checked_return(b, seat, _money(arg), n)
    elif verb in ("shows", "mucks"):
        b.in_showdown = True
        b.show(seat, shown_in(arg), n, muck=verb == "mucks")
    elif verb == "wins":
        _wins(b, seat, rest, n)
    elif verb == "adds" and arg.endswith(" chips"):
        _money(arg[:-6])  # a top-up for the next hand; read only to be sure of the layout
    else:
        raise unknown("unknown action")


def _post(st: _State, seat: int, arg: str, all_in: bool, n: int) -> None:
    b = st.b
    if arg.startswith("small blind "):
        b.post(ActionKind.POST_SMALL_BLIND, seat, _money(arg[12:]), all_in, n)
    elif arg.startswith("big blind "):
        b.post(ActionKind.POST_BIG_BLIND, seat, _money(arg[10:]), all_in, n)
    elif arg.startswith("small & big blind "):
        b.post_both(seat, _money(arg[18:]), st.big_blind, all_in, n)
    elif arg.startswith("ante "):
        b.post(ActionKind.POST_ANTE, seat, _money(arg[5:]), all_in, n)
    else:
        raise unknown("unknown post")


def _wins(b: Builder, seat: int, rest: str, n: int) -> None:
    m = _WINS.match(rest)
    if m is None:
        raise unknown("unreadable winnings")
    pot = None if m[1] == "Pot" else int(m[2]) if m[2] else 0
    b.collect(seat, _money(m[3]), n, pot)


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="sealswithclubs",
    site=SITE,
    description="Seals With Clubs hand histories (bitcoin cash games in mBTC; 2013)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
