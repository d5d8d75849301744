"""KingsClub hand histories (private-club app, 2020-2023; cash ring games) -> Hand.

The layout::

    #39969377: No Limit Holdem - 5/10
    2021-01-02 15:49:35
    Table '8 Game Mix' Seat 6 is the button
    Seat 1: Player0 (860.38)
    Player0: posts ante 50
    Hero: posts the small blind 5
    *** HOLE CARDS ***
    Dealt to Player0: [X X]
    Player0 calls 275, and is all in
    *** TURN *** [8d 4d 3c] [5c]
    Player2 shows [Kd 6d]
    *** SUMMARY ***
    Seat 1: Player0 (900.55) +40.17
    Rake 1
    Player0 wins pot (81.34)

What is KingsClub's own, and how it is read:
- Posts carry a colon after the name, betting actions do not. "calls X" and "raises to X"
  print the street total, "bets X" the bet; ", and is all in" follows the amount.
- Amounts are plain numbers ("10,000", "860.38"): the fpdb samples are USD tables, read
  with two decimals. No time zone is printed: ``started_at`` stays None.
- No uncalled bet is ever returned in the log: the parser returns it when the street
  closes (the printed winnings and nets leave it out).
- The summary prints every seat's final stack and net, then the rake, then "wins pot (X)"
  lines. The wins lines are incomplete where there are side pots (fpdb's "multi.pot" sample
  prints the main pot's line only), so each seat's collection is taken from its printed
  final stack: final - starting stack + the chips it put in (after returns). The wins
  lines must still be readable, and are otherwise only checked against that.
- Short deck ("6+"), Omaha, draw and stud games are rejected as unsupported.
"""

from __future__ import annotations

import re
from functools import partial

from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import ActionKind, Hand
from parsers.sites._kit.common import search_sniffer, with_site
from parsers.sites._kit.lines import read_body, read_seats
from parsers.sites._kit.starlike import (
    Builder,
    Names,
    cards_in,
    game_of,
    limit_stakes,
    shown_in,
    unknown,
)
from parsers.sites._kit.tables import STREETS
from parsers.sites._kit.verbs import RaiseText, record_bet, split_all_in
from parsers.text import Chunk, parse_money

SITE = "kingsclub"
HEADER = re.compile(r"#\d+: [^\n]* - [\d,.]+/[\d,.]+\n\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\n")
DETECTION = "'#N: <game> - sb/bb', a date line, then \"Table 'NAME' Seat N is the button\""
SUPPORTS = "hold'em NL/PL/FL cash with antes; short deck, Omaha, draw and stud rejected"

_SNIFF = re.compile(r"^#\d+: [^\n]* - [\d,.]+/[\d,.]+\n\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\n"
                    r"Table '[^\n]*'(?: Seat \d+ is the button)?$", re.MULTILINE)
_HEAD = re.compile(r"#(\d+): (.+) - ([\d,.]+)/([\d,.]+)$")
_TABLE = re.compile(r"Table '(.*)' Seat (\d+) is the button$")
_SEAT = re.compile(r"Seat (\d+): (.+) \(([\d,.]+)\)$")
_FINAL = re.compile(r"Seat (\d+): (.+) \(([\d,.]+)\) [+-]?[\d,.]+$")
_ALL_IN = ", and is all in"
_SUMMARY = "*** SUMMARY ***"
_DEC = 2


# Stud tables have no button: their table line is just "Table 'X'".
sniff = search_sniffer(_SNIFF, needs=("\nTable '",))


def _money(text: str) -> int:
    return parse_money(text, _DEC)


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = chunk.text.split("\n")
    head = _HEAD.match(lines[0])
    if head is None:
        raise ParseError("bad_header", "unreadable header", line=1, text=lines[0])
    hand_id, words, small, big = head.groups()
    if "short deck" in words.lower():
        words = words + " (6+)"
    game, limit = game_of(words, lines[0])
    tm = _TABLE.match(lines[2]) if len(lines) > 2 else None
    if tm is None:
        raise ParseError("bad_header", "unreadable table line", line=3,
                         text=lines[2] if len(lines) > 2 else "")
    seats, i = read_seats(lines, 3, _SEAT, _money)
    names = Names(seats)
    b = Builder()
    k = read_body(lines, i, partial(_line, b, names), _SUMMARY)
    b.close_street()
    rake = _summary(b, names, seats, lines, k + 1)
    ante = max((a.amount for a in b.actions if a.kind is ActionKind.POST_ANTE), default=0)
    sb, bb = _money(small), _money(big)
    stakes = limit_stakes(limit, sb, bb, ante)  # fixed limit: named by the bet sizes
    return b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=hand_id, game=game, limit=limit,
        currency="USD", decimals=_DEC, stakes=stakes, seats=seats, button=int(tm[2]),
        total_pot=None, rake=rake, local_time=lines[1], table_name=tm[1],
    )


parse = with_site(SITE, _parse, ignore_harmless=True)


def _line(b: Builder, names: Names, line: str, n: int) -> bool | None:
    """One body line; True at the summary marker."""
    if line == _SUMMARY:
        return True
    if line.startswith("*** "):
        marker = line[4:].partition(" ***")[0]
        if marker in STREETS:
            b.close_street()
            b.new_street(STREETS[marker], cards_in(line))
        elif marker != "HOLE CARDS":
            raise unknown("unknown street marker")
        return
    if line.startswith("Dealt to "):
        got = names.prefix(line[9:], ": ")
        if got is None:
            raise unknown("dealt to an unseated player")
        if "X" not in got[1]:
            b.dealt(got[0], cards_in(got[1]))
        return
    got = names.prefix(line, ": ")
    if got is not None:
        _post(b, got[0], got[1], n)
        return
    got = names.prefix(line)
    if got is None:
        raise unknown()
    seat, rest = got
    rest, all_in = split_all_in(rest, _ALL_IN)
    if record_bet(b, seat, rest, _money, all_in, n, RaiseText.TO, call_is_total=True):
        return
    verb, _, arg = rest.partition(" ")
    if verb in ("shows", "mucks"):
        if not b.in_showdown:  # the betting is over: return the unmatched bet first
            b.close_street()
            b.in_showdown = True
        b.show(seat, shown_in(arg), n, muck=verb == "mucks")
    else:
        raise unknown("unknown action")


def _post(b: Builder, seat: int, rest: str, n: int) -> None:
    rest, all_in = split_all_in(rest, _ALL_IN)
    if rest.startswith("posts the small blind "):
        b.post(ActionKind.POST_SMALL_BLIND, seat, _money(rest[22:]), all_in, n)
    elif rest.startswith("posts the big blind "):
        b.post(ActionKind.POST_BIG_BLIND, seat, _money(rest[20:]), all_in, n)
    elif rest.startswith("posts ante "):
        b.post(ActionKind.POST_ANTE, seat, _money(rest[11:]), all_in, n)
    else:
        raise unknown("unknown post")


def _summary(b: Builder, names: Names, seats: dict[int, list], lines: list[str],
             first: int) -> int | None:
    """Collections from the final stacks; the rake. Returns the rake (None if unprinted)."""
    put_in: dict[int, int] = {}
    for a in b.actions:
        sign = -1 if a.kind is ActionKind.UNCALLED_RETURN else 1
        put_in[a.seat] = put_in.get(a.seat, 0) + sign * a.amount
    rake: int | None = None
    printed_wins: dict[int, int] = {}
    for k in range(first, len(lines)):
        line, n = lines[k], k + 1
        if not line:
            continue
        try:
            if line.startswith("Seat ") and (m := _FINAL.match(line)):
                seat = int(m[1])
                won = _money(m[3]) - seats[seat][1] + put_in.get(seat, 0)
                if won < 0:
                    raise ParseError("bad_amount", "final stack below what the log leaves")
                if won:
                    b.collect(seat, won, n)
            elif line.startswith("Rake "):
                rake = _money(line[5:])
            elif (got := names.prefix(line)) and got[1].startswith("wins ") \
                    and got[1].endswith(")") and "(" in got[1]:
                amount = _money(got[1].rpartition("(")[2][:-1])
                printed_wins[got[0]] = printed_wins.get(got[0], 0) + amount
            else:
                raise unknown("unknown summary line")
        except ParseError as err:
            raise err.with_context(line=n, text=line) from None
    collected: dict[int, int] = {}
    for c in b.collections:
        collected[c.seat] = collected.get(c.seat, 0) + c.amount
    for seat, amount in printed_wins.items():
        if amount > collected.get(seat, 0):
            raise ParseError("bad_amount", f"seat {seat} wins {amount} by the wins lines but "
                             f"{collected.get(seat, 0)} by the final stacks")
    return rake


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="kingsclub",
    site=SITE,
    description="KingsClub hand histories (club cash games; 2020-2023)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
