"""Enet Poker hand histories (2012; cash hold'em and Omaha) -> Hand.

The layout::

    Game #19408739: Hold'em (€0,05/€0,10) - 12:16:31 3.10.2012 - %6
    Table 'Parfigi 1 - No Limit' 6-max Seat #2 is the button
    Seat 1: Player0 (€14,90 in chips)
    Player2: posts small blind €0,05
    Player1: posts small blind              (no amount: a dead small blind)
    *** HOLECARDS ***
    Hero: raises €0,30
    amazing_mck: goes all-in €5,75
    Rake: €3,61
    *** FLOP *** [Td4h7d]                   (every street prints the whole board)
    Uncalled bet (€0,20) returned to Hero
    *** SUMMARY ***
    Total pot €0,30 | Rake €0
    Seat 3: Hero (dealer) collected (€0,30) from pot

What is Enet's own, and how it is read:
- Amounts use a decimal comma ("€14,90"); the symbol gives the currency (€ EUR, $ USD, £ GBP;
  "(Play Money)" after the table name: play money; no symbol otherwise is a ``bad_header``).
  The time is printed as "H:M:S D.M.YYYY" with no zone: ``started_at`` stays None.
- Every betting amount is the chips the action adds: "calls €0,15" after a €0,10 small blind
  completes to €0,25, "raises €11,75" after a €0,50 blind reaches €12,25, "goes all-in €5,75"
  adds the rest of the stack (a bet, call or raise by what it amounts to).
- The header's button seat is counted from 0: every corpus hand has its small blind on the
  first seat after header + 1, and the summary's "(dealer)" marks header + 1. The summary's
  marker wins where printed; otherwise header + 1 is used.
- A fixed-limit table ("Table 'X - Limit'") prints the small and big bet in the header: the
  big blind is the small bet, the small blind is read from its post.
- "posts small blind" with no amount is a missed small blind paid dead (the hand's small
  blind: the printed total pot counts it). "posts big blind" with no amount puts in nothing:
  the player is not dealt in (he never acts in his turn and the printed total leaves him
  out), so he is marked sitting out; a player who then acts is a loud ParseError.
- "Rake: €X" lines after a street are running rake increments (negative ones too); their sum
  is the summary's "Rake", which is what is recorded.
- The body's "X collected (€Y) from pot" is unreliable (the corpus has it print the profit),
  so collections come from the summary's "collected (€Y)" / "showed [..] and won (€Y)".
- Omaha (the header's game word) is rejected as unsupported before anything else is read.
  Tournament hands ("Game #N: Tournament #T, ...") have no sample and are refused loudly.
"""

from __future__ import annotations

import re
from functools import partial

from parsers.cards import parse_cards
from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import PLAY_MONEY, ActionKind, Hand
from parsers.sites._kit.common import search_sniffer, with_site
from parsers.sites._kit.lines import read_body, read_seats
from parsers.sites._kit.starlike import Builder, Names, game_of, limit_stakes, unknown
from parsers.sites._kit.tables import CURRENCY_SYMBOLS, STREETS
from parsers.sites._kit.verbs import RaiseText, all_in_by_added, checked_return, record_bet
from parsers.text import Chunk, parse_money

SITE = "enet"
HEADER = re.compile(r"Game #\d+: [^\n]*\(\S+/\S+\) - \d{1,2}:\d\d:\d\d \d{1,2}\.\d{1,2}\.\d{4}")
DETECTION = "'Game #N: <game> (sb/bb) - H:M:S D.M.YYYY' then \"Table 'NAME - LIMIT' N-max\""
SUPPORTS = "hold'em NL/PL/FL cash (EUR, USD, decimal commas); Omaha rejected"

_SNIFF = re.compile(r"^Game #\d+: [^\n]*\(\S+/\S+\) - \d{1,2}:\d\d:\d\d \d{1,2}\.\d{1,2}\.\d{4}"
                    r"[^\n]*\nTable '", re.MULTILINE)
_HEAD = re.compile(r"Game #(\d+): (.+?) \((\S+)/(\S+)\) - (\d{1,2}:\d\d:\d\d \d{1,2}\.\d{1,2}"
                   r"\.\d{4})")
_TABLE = re.compile(r"Table '(.*)'(?: (\d+)-max)?(?: \(Play Money\))? Seat #(\d+) is the button$")
_SEAT = re.compile(r"Seat (\d+): (.+) \((\S+) in chips\)$")
_WON = re.compile(r"(?:collected|and won) \((\S+)\)")
_DEC = 2


sniff = search_sniffer(_SNIFF, needs=("\nTable '",))


def _money(text: str) -> int:
    """"€14,90", "€10", "€0,05": the comma is the decimal mark."""
    return parse_money(text.strip().replace(",", "."), _DEC)


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = [ln.rstrip() for ln in chunk.text.split("\n")]
    head = _HEAD.match(lines[0])
    if head is None:
        raise ParseError("bad_header", "unreadable header", line=1, text=lines[0])
    hand_id, words, small, big, local = head.groups()
    tm = _TABLE.match(lines[1]) if len(lines) > 1 else None
    if tm is None:
        raise ParseError("bad_header", "unreadable table line", line=2,
                         text=lines[1] if len(lines) > 1 else "")
    table, _, limit_words = tm[1].rpartition(" - ")
    game, limit = game_of(f"{words} {limit_words}", lines[0])
    if "Tournament #" in words:  # no sample of the layout: refuse rather than guess
        raise ParseError("bad_header", "Enet tournament hands are not read", line=1,
                         text=lines[0])
    symbol = next((c for c in lines[0] if c in CURRENCY_SYMBOLS), "")
    if "(Play Money)" in lines[1]:
        currency = PLAY_MONEY
    elif symbol:
        currency = CURRENCY_SYMBOLS[symbol]
    else:
        raise ParseError("bad_header", "no currency symbol in the stakes", line=1,
                         text=lines[0])
    seats, i = read_seats(lines, 2, _SEAT, _money)
    # a fixed-limit table's header prints the small and big bet: the big blind is the small
    # bet, the small blind what is posted
    stakes = limit_stakes(limit, _money(small), _money(big), 0,
                          _posted_small_blind(lines[i:]) or None)
    st = _State(Names(seats), stakes.small_blind, stakes.big_blind)
    k = read_body(lines, i, partial(_line, st), "*** SUMMARY ***")
    b = st.b
    b.close_street()
    for seat in st.absent:
        if any(a.seat == seat for a in b.actions):
            raise ParseError("bad_post", f"seat {seat} posted no big blind yet plays the hand")
        seats[seat][2] = True
    total, rake, dealer = _summary(b, st.names, lines, k + 1)
    button = dealer if dealer is not None else int(tm[3]) + 1
    return b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=hand_id, game=game, limit=limit,
        currency=currency, decimals=_DEC, stakes=stakes,
        seats=seats, button=button, total_pot=total, rake=rake, local_time=local,
        table_name=table or tm[1], max_seats=int(tm[2]) if tm[2] else None,
    )


parse = with_site(SITE, _parse, ignore_harmless=True)


def _posted_small_blind(lines: list[str]) -> int:
    """The amount of the body's first "posts small blind X" line with an amount (0: none)."""
    for line in lines:
        _, sep, amount = line.partition(": posts small blind ")
        if sep and amount.strip():
            return _money(amount.strip())
    return 0


class _State:
    """What the body lines build beside the Builder."""

    __slots__ = ("b", "names", "small_blind", "big_blind", "absent")

    def __init__(self, names: Names, small_blind: int, big_blind: int) -> None:
        self.b = Builder()
        self.names = names
        self.small_blind = small_blind
        self.big_blind = big_blind
        self.absent: list[int] = []


def _line(st: _State, line: str, n: int) -> bool | None:
    """One body line; True at the summary marker."""
    b = st.b
    if line.startswith("*** SUMMARY ***"):
        return True
    if line.startswith("*** "):
        marker = line[4:].partition(" ***")[0]
        if marker in STREETS:
            b.close_street()
            b.new_street(STREETS[marker], _board(line))
        elif marker == "SHOWDOWN":
            b.close_street()
            b.in_showdown = True
        elif marker != "HOLECARDS":
            raise unknown("unknown street marker")
        return
    if line.startswith("Rake: "):
        _signed(line[6:])  # a running increment; the summary holds the total
        return
    if line.startswith("Uncalled bet (") and ") returned to " in line:
        amount, _, name = line[14:].partition(") returned to ")
        seat = st.names.exact(name)
        if seat is None:
            raise unknown("uncalled bet returned to an unseated player")
        checked_return(b, seat, _money(amount), n)
        return
    if line.startswith("Dealt to "):
        got = st.names.prefix(line[9:])
        if got is None:
            raise unknown("dealt to an unseated player")
        b.dealt(got[0], _board(got[1]))
        return
    got = st.names.prefix(line, ": ")
    if got is not None:
        _action(st, got[0], got[1], n)
        return
    got = st.names.prefix(line)
    if got is not None and got[1].startswith("collected (") and got[1].endswith(") from pot"):
        return  # the body's collection: unreliable, the summary's is recorded
    raise unknown()


def _board(text: str) -> tuple[str, ...]:
    start, end = text.find("["), text.rfind("]")
    if start == -1 or end < start:
        return ()
    return parse_cards(text[start + 1 : end])


def _signed(text: str) -> int:
    text = text.strip()
    negative = text[:1] == "-" or text[1:2] == "-"
    return -_money(text.replace("-", "", 1)) if negative else _money(text)


def _action(st: _State, seat: int, rest: str, n: int) -> None:
    b = st.b
    if record_bet(b, seat, rest, _money, False, n, RaiseText.ADDED):
        return
    verb, _, arg = rest.partition(" ")
    if rest.startswith("goes all-in "):
        all_in_by_added(b, seat, _money(rest[12:]), n)
    elif verb == "posts":
        _post(st, seat, arg, n)
    elif verb == "shows":
        b.show(seat, _board(arg), n)
    elif rest in ("mucked", "mucks hand"):
        b.show(seat, (), n, muck=True)
    elif rest.startswith("collected (") and rest.endswith(") from pot"):
        pass  # the body's collection: unreliable, the summary's is recorded
    else:
        raise unknown("unknown action")


def _post(st: _State, seat: int, arg: str, n: int) -> None:
    b = st.b
    if arg == "small blind":
        b.post(ActionKind.POST_DEAD, seat, st.small_blind, False, n)
    elif arg == "big blind":
        st.absent.append(seat)
    elif arg.startswith("small blind "):
        b.post(ActionKind.POST_SMALL_BLIND, seat, _money(arg[12:]), False, n)
    elif arg.startswith("big blind "):
        b.post(ActionKind.POST_BIG_BLIND, seat, _money(arg[10:]), False, n)
    elif arg.startswith("small & big blinds "):
        b.post_both(seat, _money(arg[19:]), st.big_blind, False, n)
    elif arg.startswith("the ante "):
        b.post(ActionKind.POST_ANTE, seat, _money(arg[9:]), False, n)
    else:
        raise unknown("unknown post")


def _summary(b: Builder, names: Names, lines: list[str],
             first: int) -> tuple[int | None, int | None, int | None]:
    """Collections from the seat lines; (total pot, rake, the "(dealer)" seat)."""
    total: int | None = None
    rake: int | None = None
    dealer: int | None = None
    for k in range(first, len(lines)):
        line, n = lines[k], k + 1
        if not line:
            continue
        try:
            if line.startswith("Total pot "):
                pot_text, _, rake_text = line[10:].partition(" | Rake ")
                total, rake = _money(pot_text), _money(rake_text)
            elif line.startswith("Board "):
                pass  # the board was read from the street markers
            elif line.startswith("Seat "):
                _summary_seat(b, names, line, n)
                if "(dealer)" in line:
                    dealer = int(line[5 : line.index(":")])
            else:
                raise unknown("unknown summary line")
        except ParseError as err:
            raise err.with_context(line=n, text=line) from None
    return total, rake, dealer


def _summary_seat(b: Builder, names: Names, line: str, n: int) -> None:
    no, _, rest = line[5:].partition(": ")
    got = names.prefix(rest)
    if got is None or not no.isdigit() or got[0] != int(no):
        raise unknown("summary seat line for an unseated player")
    seat, what = got
    for role in ("(dealer) ", "(small blind) ", "(big blind) "):
        what = what.removeprefix(role)
    what = what.lstrip()
    won = _WON.search(what)
    if won is not None:
        b.collect(seat, _money(won[1]), n)
        if what.startswith("showed ["):
            b.summary_cards(seat, _board(what[: what.index("]") + 1]))
    elif what.startswith(("folded", "mucked", "showed [")):
        if what.startswith("showed [") and "] and lost" in what:
            b.summary_cards(seat, _board(what[: what.index("]") + 1]))
    else:
        raise unknown("unknown summary seat line")


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="enet",
    site=SITE,
    description="Enet Poker hand histories (cash; 2012)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
