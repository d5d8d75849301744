"""Cake Poker network hand histories (2010-2013; cash, play money, sit & go, tournaments).

The layout::

    Hand#2998011673000397 - Innsbruck (6-max) 11673 -- $5/$10 FL Hold'em -- 2012-06-20 - 23:10:52
    Hand#2990AB91EA000257 - $5 Bounty T11244010 -- CASH -- $5 + $0.5 -- 9 Max -- Table 9 --
        20/125/250 NL Hold'em -- 2012/06/12 - 13:40:16          (one line: ante/sb/bb)
    Dealer: Seat 9                          (or " DEALER" after that seat's line, or nothing)
    Seat 1: Hero ($115 in chips)
    Player5:posts dead blind $-0,10 and big blind $0,10
    Dealt to Hero [7h,8h]
    Player0: raises to $10
    Vill***1: is all in $0.07
    *** TURN *** [Qh]
    ***SHOW DOWN***
    Player5 wins 1,765 with Pair of Queens
    Player_Space: mucks [8h,9d] (Pair) .

What is Cake's own, and how it is read:
- Amounts: cash games print "$250,50" or "$0.25" (the decimal mark is the comma when any
  amount of the hand shows two digits after a comma), chips print "1,765" or "1 500"
  (thousands). Play money is whole chips, or to the cent where a stack prints cents (the
  network's later Horizon client: "(2 134.75 in chips)"). The header's stakes are small/big
  blind, or small/big bet in fixed limit (the blinds then come from the posts); tournaments
  print ante/small blind/big blind.
- "calls X", "bets X" and "is all in X" print the chips added, "raises to X" the street
  total. "is all in" stands for whichever of bet, call or raise the chips amount to.
- "posts dead blind $-0,10 and big blind $0,10": the big blind is live; the dead part is
  printed negative, and the winner's amount in the corpus equals the live money exactly, so
  a negative dead blind is read as no chips (a positive one is dead money).
- Uncalled bets are returned in the log; "wins" amounts are after rake, and no rake or
  total pot is printed (the engine takes what the winners leave as the rake). Each pot is
  announced by its own "***SHOW DOWN***" and "wins" line (side pots first), without a
  pot number.
- All-in players show their cards before the remaining board is dealt; mucked hands are
  printed after the winner, with spaces in names written as underscores.
- "Coin Flip" tournaments deal one all-in hand with no blinds and no betting lines: every
  player's whole stack goes in, which the log never prints. The parser makes it explicit as
  an all-in ante of the whole stack (dead money: no betting round follows).
- No time zone is printed: ``started_at`` stays None and ``local_time`` keeps the time.
- "Player left the table" (printed in one heads-up sit & go instead of the winner's line)
  and "P rebuys N chips" (after the hand) move no chips in the hand and are skipped.
"""

from __future__ import annotations

import re

from parsers.cards import parse_cards
from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import (
    PLAY_MONEY,
    TOURNAMENT_CHIPS,
    Action,
    ActionKind,
    Hand,
    Street,
)
from parsers.sites._kit.common import search_sniffer, with_site
from parsers.sites._kit.starlike import Builder, Names, game_of, limit_stakes, unknown
from parsers.sites._kit.tables import CURRENCY_SYMBOLS, STREETS
from parsers.sites._kit.verbs import all_in_by_added
from parsers.sites.cake_split import FRAGMENT_START, split_fragments
from parsers.text import Chunk, parse_money

SITE = "cake"
HEADER = re.compile(r"(?:\u00ef\u00bb\u00bf)?Hand#[0-9A-F]+ - ")
DETECTION = "first line 'Hand#N - ... -- <stakes> <game> -- YYYY/MM/DD - HH:MM:SS'"
SUPPORTS = "hold'em NL/PL/FL cash (USD, EUR, play money), sit & go and tournaments (antes)"

_SNIFF = re.compile(r"^(?:\u00ef\u00bb\u00bf)?Hand#[0-9A-F]+ - [^\n]* -- [^\n]* -- "
                    r"\d{4}[-/.]\d\d[-/.]\d\d - \d\d:\d\d:\d\d$", re.MULTILINE)
_STAKES = re.compile(r"(?:([^/ ]+)/)?([^/ ]+)/([^/ ]+) (.+)$")
_SEAT = re.compile(r"Seat (\d+): (.+?) \(([^()]*) in chips\)(?:\s+\([^()]*\))?( DEALER)?$")
_WINS = re.compile(r"wins (?:(?:high|low) pot )?([$€]?-?\d[\d,. \u00a0]*?)(?: with.*)?$")
_COMMA_DECIMAL = re.compile(r"[$€]-?\d+,\d\d(?!\d)")
_MAX = re.compile(r"\((?:[\w ]+ )?(\d+)-[Mm]ax")
# Only the dollar and the euro: a "£" is not read as Cake's currency symbol.
_CURRENCY = {s: CURRENCY_SYMBOLS[s] for s in ("$", "€")}


sniff = search_sniffer(_SNIFF, needs=("Hand#",))


#: A seat's play-money stack printed with cents ("(2 134.75 in chips)"): the later client of
#: the network (Horizon, 2018) keeps play chips to the cent.
_CHIP_CENTS = re.compile(r"^Seat \d+: .*\(\d[\d ,\u00a0]*\.\d{1,2} in chips\)", re.MULTILINE)


class _Money:
    """Amount reading for one hand: decimals and which mark separates them."""

    __slots__ = ("dec", "comma")

    def __init__(self, dec: int, comma: bool) -> None:
        self.dec = dec
        self.comma = comma

    def __call__(self, text: str) -> int:
        s = text.strip().replace(" ", "").replace("\u00a0", "")
        if s[:1] in _CURRENCY:
            s = s[1:]
        if self.comma:
            s = s.replace(".", "").replace(",", ".")
        return parse_money(s, self.dec)


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = chunk.text.split("\n")
    first = lines[0].removeprefix("\u00ef\u00bb\u00bf")
    parts = first.split(" -- ")
    if first.strip() == FRAGMENT_START:
        raise ParseError("truncated_hand", "a hand's actions with no header and no seats: the "
                         "client went on writing a table the hero had left", line=1, text=first)
    if len(parts) < 3 or not first.startswith("Hand#"):
        raise ParseError("bad_header", "unreadable Hand# line", line=1, text=lines[0])
    hand_id, _, title = parts[0][5:].partition(" - ")
    st = _STAKES.match(parts[-2])
    if st is None:
        raise ParseError("bad_header", "no stakes in the header", line=1, text=lines[0])
    game, limit = game_of(st[4], lines[0])
    tm = re.search(r" T(\d+)$", title)
    tournament_id = tm[1] if tm else None
    symbol = st[2][:1] if st[2][:1] in _CURRENCY else ""
    if tournament_id is not None:
        currency, dec = TOURNAMENT_CHIPS, 0
    elif not symbol:  # play chips: whole, unless a stack prints cents (Horizon, 2018)
        currency, dec = PLAY_MONEY, 2 if _CHIP_CENTS.search(chunk.text) else 0
    else:
        currency, dec = _CURRENCY[symbol], 2
    money = _Money(dec, dec > 0 and _COMMA_DECIMAL.search(chunk.text) is not None)
    ante_head, head_small, head_big = (_head_amount(money, t) for t in st.group(1, 2, 3))
    if tournament_id is not None:
        table = next((p for p in parts[1:-2] if p.startswith("Table ")), "")
        max_text = next((p[:-4] for p in parts[1:-2] if p.endswith(" Max")), "")
        max_seats = int(max_text) if max_text.isdigit() else None
    else:
        table = title
        m = _MAX.search(title)
        max_seats = int(m[1]) if m else None
    local = parts[-1].replace(".", "/").replace("-", "/", 2)

    seats: dict[int, list] = {}
    button: int | None = None
    i = 1
    if i < len(lines) and lines[i].startswith("Dealer: Seat "):
        button = int(lines[i][13:])
        i += 1
    while i < len(lines) and lines[i].startswith("Seat "):
        s = _SEAT.match(lines[i])
        if s is None:
            raise ParseError("bad_seat", "unreadable seat line", line=i + 1, text=lines[i])
        seats[int(s[1])] = [s[2], money(s[3]), False, None]
        if s[4]:
            button = int(s[1])
        i += 1
    if not seats:
        raise ParseError("no_seats", "no seat lines", line=i + 1)
    end = _snapshots_from(lines, i)
    _fill_unprinted_small_blind(lines, i, end, money, head_big)
    names = Names(seats)
    underscored = Names({k: [v[0].replace(" ", "_")] for k, v in seats.items()})
    b = Builder()
    for k in range(i, end):
        line = lines[k]
        if not line:
            continue
        try:
            _line(b, names, underscored, money, line, k + 1)
        except ParseError as err:
            raise err.with_context(line=k + 1, text=line) from None
    if not any(a.kind is not ActionKind.SHOW for a in b.actions) and "Coin Flip" in title:
        _coin_flip(b, seats)
    sb_post = next((a.amount for a in b.actions if a.kind is ActionKind.POST_SMALL_BLIND),
                   None)
    ante = max((a.amount for a in b.actions if a.kind is ActionKind.POST_ANTE),
               default=ante_head)
    if head_big <= 0:  # "-1/-1/0": a freeroll's header names no blinds; the posts do
        head_small = sb_post or 0
        head_big = next((a.amount for a in b.actions if a.kind is ActionKind.POST_BIG_BLIND), 0)
    stakes = limit_stakes(limit, head_small, head_big, ante, sb_post)
    return b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=hand_id, game=game, limit=limit,
        currency=currency, decimals=dec, stakes=stakes, seats=seats, button=button,
        total_pot=None, rake=None, local_time=local, table_name=table, max_seats=max_seats,
        tournament_id=tournament_id,
    )


parse = with_site(SITE, _parse, ignore_harmless=True)


def split(text: str, encoding: str = "utf-8", data: bytes | None = None) -> list[Chunk]:
    """The file's hands, a headless fragment after one cut into a chunk of its own
    (:mod:`parsers.sites.cake_split`)."""
    return split_fragments(text, encoding, HEADER, data)


def _head_amount(money: _Money, text: str | None) -> int:
    """A header stake; "-1" (Horizon's freerolls print it for a stake they do not name) is
    none, like an absent ante."""
    if not text or text.startswith("-"):
        return 0
    return money(text)


#: A table-state snapshot's lines: the later (Horizon) client writes the table's seats again,
#: under "Dealer: Seat 0", while it waits between hands, with no hand line among them.
_SNAPSHOT = re.compile(r"Dealer: Seat \d+|Seat \d+: .+ in chips\)\s*|Player left the table")


def _snapshots_from(lines: list[str], start: int) -> int:
    """Where the hand's lines end: before a "Dealer: Seat" line that starts a run of table
    snapshots lasting to the chunk's end (the hand's own lines come before it); else the
    chunk's end. A snapshot moves no chips and deals no cards: it is not part of the hand."""
    for k in range(start, len(lines)):
        if lines[k].startswith("Dealer: Seat "):
            if all(not x.strip() or _SNAPSHOT.fullmatch(x.strip()) for x in lines[k:]):
                return k
            break
    return len(lines)


def _fill_unprinted_small_blind(lines: list[str], start: int, end: int, money: _Money,
                                head_big: int) -> None:
    """Horizon's freerolls print the small blind's amount as "-1" ("posts small blind -1"):
    the blind is half the big blind (the header's, else the one posted), as every level of
    the network's structures has it; the small blind's completion then calls the rest, as
    the log prints it. The line is rewritten in ``lines`` (the parse's copy, not the raw
    text) with that amount."""
    big = head_big
    if big <= 0:
        m = next((_BIG_POST.match(x) for x in lines[start:end] if _BIG_POST.match(x)), None)
        big = money(m[1]) if m else 0
    if big <= 0:
        return
    half, unit = big // 2, 10 ** money.dec
    mark = "," if money.comma else "."
    text = str(half) if money.dec == 0 else f"{half // unit}{mark}{half % unit:0{money.dec}d}"
    for k in range(start, end):
        if lines[k].endswith(": posts small blind -1"):
            lines[k] = lines[k][:-2] + text


_BIG_POST = re.compile(r".+: posts big blind ([^-].*)$")


def _cards(text: str) -> tuple[str, ...]:
    start, end = text.find("["), text.find("]")
    if start == -1 or end < start:
        return ()
    return parse_cards(text[start + 1 : end].replace(",", " "))


def _line(b: Builder, names: Names, underscored: Names, money: _Money, line: str,
          n: int) -> None:
    if line.startswith("***"):
        marker = line.strip("* ").partition("*")[0].strip()
        if marker == "SHOW DOWN":
            b.in_showdown = True
        elif marker in STREETS:
            b.add_board_cards(STREETS[marker], _cards(line))
        else:
            raise unknown("unknown street marker")
        return
    if line.startswith("Dealt to "):
        got = names.prefix(line[9:])
        if got is None:
            raise unknown("dealt to an unseated player")
        b.dealt(got[0], _cards(got[1]))
        return
    if line.endswith(" left the table") or line == "There is no low hand":
        return
    got = names.prefix(line, ":") or underscored.prefix(line, ":")
    if got is not None:
        _action(b, got[0], got[1].lstrip(), money, n)
        return
    got = names.prefix(line)
    if got is not None:
        seat, rest = got
        if rest.startswith("wins "):
            _wins(b, seat, rest, money, n)
            return
        if rest.startswith("rebuys ") and rest.endswith(" chips"):
            return
    raise unknown()


def _wins(b: Builder, seat: int, rest: str, money: _Money, n: int) -> None:
    m = _WINS.match(rest)
    if m is None:
        raise unknown("unreadable winnings")
    b.collect(seat, money(m[1]), n)


def _action(b: Builder, seat: int, rest: str, money: _Money, n: int) -> None:
    verb, _, arg = rest.partition(" ")
    if rest == "folds":
        b.fold(seat, n)
    elif rest == "checks":
        b.check(seat, n)
    elif verb == "calls":
        b.call(seat, money(arg), False, n)
    elif verb == "bets":
        b.bet(seat, money(arg), False, n)
    elif verb == "raises" and arg.startswith("to "):
        b.raise_to(seat, money(arg[3:]), False, n)
    elif rest.startswith("is all in "):
        _all_in(b, seat, money(rest[10:]), n)
    elif verb == "posts":
        _post(b, seat, arg, money, n)
    elif rest.startswith("returns uncalled bet "):
        b.uncalled(seat, money(rest[21:]), n)
    elif verb == "shows":
        b.show(seat, _cards(arg), n)
    elif verb == "mucks":
        b.show(seat, _cards(arg), n, muck=True)
    elif verb == "wins":
        _wins(b, seat, rest, money, n)
    else:
        raise unknown("unknown action")


def _all_in(b: Builder, seat: int, amount: int, n: int) -> None:
    """"is all in X" (chips added): an all-in blind before the big blind is posted, else the
    bet, call or raise that the chips amount to."""
    if b.street is Street.PREFLOP and not b.bb_posted:
        b.post(ActionKind.POST_BIG_BLIND if b.sb_posted else ActionKind.POST_SMALL_BLIND,
               seat, amount, True, n)
    else:
        all_in_by_added(b, seat, amount, n)


def _post(b: Builder, seat: int, arg: str, money: _Money, n: int) -> None:
    if arg.startswith("small blind "):
        b.post(ActionKind.POST_SMALL_BLIND, seat, money(arg[12:]), False, n)
    elif arg.startswith("big blind "):
        b.post(ActionKind.POST_BIG_BLIND, seat, money(arg[10:]), False, n)
    elif arg.startswith("ante of "):
        b.post(ActionKind.POST_ANTE, seat, money(arg[8:]), False, n)
    elif arg.startswith("dead blind ") and " and big blind " in arg:
        dead_text, _, big_text = arg[11:].partition(" and big blind ")
        b.post(ActionKind.POST_BIG_BLIND, seat, money(big_text), False, n)
        if "-" not in dead_text:
            b.post(ActionKind.POST_DEAD, seat, money(dead_text), False, n)
    else:
        raise unknown("unknown post")


def _coin_flip(b: Builder, seats: dict[int, list]) -> None:
    """Make a coin-flip hand's unprinted all-ins explicit: each stack goes in as dead money."""
    shows = b.actions[:]
    b.actions.clear()
    for seat, (_, stack, *_rest) in sorted(seats.items()):
        b.actions.append(Action(Street.PREFLOP, seat, ActionKind.POST_ANTE, stack, 0, True))
    b.actions.extend(shows)


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="cake",
    site=SITE,
    description="Cake Poker network hand histories (cash, play money, tournaments; 2010-2013)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
    splitter=split,
)
