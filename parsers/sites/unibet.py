"""Unibet Poker hand histories (2021 layout; cash hold'em) -> Hand.

The layout::

    Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04
    *** Seated players ***
    Seat 1: Player0 (€5.15)
    *** Blinds and button ***
    Player4 has the button
    Player0 posts small blind €0.05
    *** Hole cards ***
    Dealt in Player0
    Dealt to Hero [Ac 7c]
    *** Preflop ***
    Hero raises €0.95 to €0.95, and is all-in
    Hero wins €1.10
    *** Summary ***
    Total pot €1.10 Rake €0
    Seat 4: Hero: bet €0.95 and won €1.10, net result: €0.15

What is Unibet's own, and how it is read:
- The header is " - "-separated: table, stakes (no symbol), game words, "H:M:S YYYY/MM/DD"
  with no time zone (``started_at`` stays None). The currency is the symbol of the table
  name or the stacks (€ EUR, $ USD, £ GBP).
- "raises X to Y" is read by its street total Y; "calls X" and "bets X" print the chips the
  action adds; ", and is all-in" follows the amount.
- An unmatched bet is never returned in the log: "wins X" and the summary's "Total pot"
  count it. The parser returns it when the street closes and takes it out of the winner's
  collection and the total (the model's collections hold winnings only).
- The summary's "Seat N: P: bet X and won Y, net result: Z" lines give each player's total
  put in (before returns): each is checked against the actions read, so a misread betting
  line is a loud ``bad_amount`` rather than a silently wrong hand.
- Omaha and other games are rejected as unsupported.
"""

from __future__ import annotations

import re
from functools import partial

from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import ActionKind, Hand, Stakes
from parsers.sites._kit.common import search_sniffer, with_site
from parsers.sites._kit.lines import read_body, read_seats
from parsers.sites._kit.starlike import (
    Builder,
    Names,
    cards_in,
    game_of,
    shown_in,
    take_back,
    unknown,
)
from parsers.sites._kit.tables import CURRENCY_SYMBOLS, STREETS_TITLE
from parsers.sites._kit.verbs import RaiseText, record_bet, record_dealt, split_all_in
from parsers.text import Chunk, parse_money

SITE = "unibet"
HEADER = re.compile(r"Game #\d+: [^\n]* - \d\d:\d\d:\d\d \d{4}/\d\d/\d\d$")
DETECTION = "'Game #N: <table> - sb/bb - <game> - H:M:S YYYY/MM/DD' then '*** Seated players ***'"
SUPPORTS = "hold'em NL/PL/FL cash (EUR, USD, GBP); Omaha rejected"

_SNIFF = re.compile(r"^Game #\d+: [^\n]* - \d\d:\d\d:\d\d \d{4}/\d\d/\d\d\n"
                    r"\*\*\* Seated players \*\*\*$", re.MULTILINE)
_HEAD = re.compile(r"Game #(\d+): (.+) - ([\d.,]+)/([\d.,]+) - (.+) - "
                   r"(\d\d:\d\d:\d\d \d{4}/\d\d/\d\d)$")
_SEAT = re.compile(r"Seat (\d+): (.+) \((\S+)\)( \(sitting out\))?$")
_NET = re.compile(r"bet (\S+) and won (\S+), net result: \S+$")
_SECTIONS = frozenset({"Seated players", "Blinds and button", "Hole cards", "Preflop"})
_ALL_IN = ", and is all-in"
_SUMMARY = "*** Summary ***"
_DEC = 2


sniff = search_sniffer(_SNIFF, needs=("*** Seated players ***",))


def _money(text: str) -> int:
    return parse_money(text, _DEC)


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = [ln.rstrip() for ln in chunk.text.split("\n")]
    head = _HEAD.match(lines[0])
    if head is None:
        raise ParseError("bad_header", "unreadable header", line=1, text=lines[0])
    hand_id, table, small, big, words, local = head.groups()
    game, limit = game_of(words, lines[0])
    first = 2 if len(lines) > 1 and lines[1] == "*** Seated players ***" else 1
    seats, i = read_seats(lines, first, _SEAT, _money)
    symbol = next((c for c in table + "".join(lines[1:i]) if c in CURRENCY_SYMBOLS), "")
    st = _State(Names(seats))
    k = read_body(lines, i, partial(_line, st), _SUMMARY)
    b = st.b
    st.close()
    total, rake = _summary(b, st.names, lines, k + 1)
    returned = sum(st.returned.values())
    take_back(b.collections, st.returned)
    return b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=hand_id, game=game, limit=limit,
        currency=CURRENCY_SYMBOLS.get(symbol, "EUR"), decimals=_DEC,
        stakes=Stakes(_money(small), _money(big)), seats=seats, button=st.button,
        total_pot=None if total is None else total - returned, rake=rake, local_time=local,
        table_name=table,
    )


parse = with_site(SITE, _parse, ignore_harmless=True)


class _State:
    """What the body lines build beside the Builder, and the bets returned silently."""

    __slots__ = ("b", "names", "button", "returned")

    def __init__(self, names: Names) -> None:
        self.b = Builder()
        self.names = names
        self.button: int | None = None
        self.returned: dict[int, int] = {}

    def close(self) -> None:
        got = self.b.close_street()
        if got is not None:
            self.returned[got[0]] = self.returned.get(got[0], 0) + got[1]


def _line(st: _State, line: str, n: int) -> bool | None:
    """One body line; True at the summary marker."""
    b = st.b
    if line == _SUMMARY:
        return True
    if line.startswith("*** ") and line.endswith(("***", "]")):
        marker = line[4:].partition(" ***")[0]
        if marker in STREETS_TITLE:
            st.close()
            b.new_street(STREETS_TITLE[marker], cards_in(line))
        elif marker == "Showdown":
            st.close()
            b.in_showdown = True
        elif marker not in _SECTIONS:
            raise unknown("unknown section marker")
        return
    if line.startswith("Dealt in "):
        if st.names.exact(line[9:]) is None:
            raise unknown("dealt in an unseated player")
        return
    if line.startswith("Dealt to "):
        record_dealt(b, st.names, line[9:], "dealt to an unseated player")
        return
    got = st.names.prefix(line)
    if got is None:
        raise unknown()
    seat, rest = got
    rest, all_in = split_all_in(rest, _ALL_IN)
    if rest == "has the button":
        st.button = seat
        return
    if record_bet(b, seat, rest, _money, all_in, n, RaiseText.ADDED_TO):
        return
    verb, _, arg = rest.partition(" ")
    if rest.startswith("posts small blind "):
        b.post(ActionKind.POST_SMALL_BLIND, seat, _money(rest[18:]), all_in, n)
    elif rest.startswith("posts big blind "):
        b.post(ActionKind.POST_BIG_BLIND, seat, _money(rest[16:]), all_in, n)
    elif rest.startswith("posts ante "):
        b.post(ActionKind.POST_ANTE, seat, _money(rest[11:]), all_in, n)
    elif verb in ("shows", "mucks"):
        if not b.in_showdown:
            st.close()
            b.in_showdown = True
        b.show(seat, shown_in(arg), n, muck=verb == "mucks")
    elif verb == "wins" and not arg.startswith("the tournament"):
        # ("wins the tournament ..." is a finish line: the kit's rule reads it past)
        if not b.in_showdown:
            st.close()
        b.collect(seat, _money(arg.partition(" ")[0]), n)
    else:
        raise unknown("unknown action")


def _summary(b: Builder, names: Names, lines: list[str],
             first: int) -> tuple[int | None, int | None]:
    """(total pot, rake); each player's printed bet and win are checked against the log."""
    put_in: dict[int, int] = {}
    for a in b.actions:
        if a.kind is not ActionKind.UNCALLED_RETURN:
            put_in[a.seat] = put_in.get(a.seat, 0) + a.amount
    total: int | None = None
    rake: int | None = None
    for k in range(first, len(lines)):
        line, n = lines[k], k + 1
        if not line:
            continue
        try:
            if line.startswith("Total pot "):
                pot_text, _, rake_text = line[10:].partition(" Rake ")
                total = _money(pot_text.rstrip(" |"))
                rake = _money(rake_text) if rake_text else None
            elif line.startswith("Seat "):
                no, _, rest = line[5:].partition(": ")
                got = names.prefix(rest, ": ")
                m = _NET.match(got[1]) if got is not None else None
                if got is None or m is None or not no.isdigit() or got[0] != int(no):
                    raise unknown("unknown summary seat line")
                won = sum(c.amount for c in b.collections if c.seat == got[0])
                if _money(m[1]) != put_in.get(got[0], 0) or _money(m[2]) != won:
                    raise ParseError("bad_amount", f"seat {no} bet {m[1]} and won {m[2]} by the "
                                     f"summary, {put_in.get(got[0], 0)} and {won} (minor "
                                     "units) by the actions")
            else:
                raise unknown("unknown summary line")
        except ParseError as err:
            raise err.with_context(line=n, text=line) from None
    return total, rake


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="unibet",
    site=SITE,
    description="Unibet Poker hand histories (cash; 2021 layout)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
