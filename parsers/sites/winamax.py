"""Winamax hold'em hand histories -> :class:`parsers.model.Hand`.

Covers cash games (EUR and play money), Go Fast and HOLD-UP (fast-fold) tables, tournaments
with antes and bounties, no/pot/fixed limit. Omaha, stud, razz and draw raise UnsupportedGame.

What is Winamax's own, and how it is read:
- The header names the format: ``Winamax Poker - CashGame - HandId: #a-b-c - Holdem no limit
  (0.02€/0.05€) - 2011/02/21 20:12:00 UTC``; tournaments put ``Tournament "name" buyIn: ...
  level: N`` first and print ``(ante/sb/bb)`` when there is an ante. The hand id is the whole
  ``a-b-c`` string (its parts are table, hand counter and a timestamp: only together unique).
- Times are printed in UTC (older files: a zone abbreviation, which :func:`to_utc` resolves).
- Names are not followed by a colon ("Hero raises 0.10€ to 0.15€"), so every action line is
  attributed by the longest seated name it starts with.
- "raises X to Y": Y is the street total (X the increment), as at PokerStars.
- "posts big blind 0.10€ out of position": a new player's live post, kept as a big blind.
- Fixed limit prints the small/big bet in the header; the blinds are whatever is posted.
- Summary: ``Total pot 12.90€ | Rake 0.80€`` (or ``| No rake``). Tournament summaries may
  abbreviate the total ("6.02k"); an abbreviated total is not exact, so it is left unknown
  rather than rounded into a false mismatch.
- Half-chip tournaments ("bets 292.50") are read in hundredths of a chip; their results are
  still printed in whole chips ("collected 3368" for 3367.50), which the report's
  ``printed_unit`` tells the engine.
- Where the body prints fewer board cards than the summary's "Board: [..]", or no
  "collected" line for anyone while the summary's seat lines say "won X", the summary stands
  in (:mod:`parsers.sites._kit.summary`).
- Anything unrecognised raises ``unknown_line``, in the summary too (a line there other than
  the total, the board and the seat lines): the kit's rule then reads past a line that moves
  no chips as an ``ignored_line`` finding (:mod:`parsers.sites._kit.ignorable`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from functools import partial

from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import (
    PLAY_MONEY,
    TOURNAMENT_CHIPS,
    ActionKind,
    Hand,
    LimitType,
    PrintedPot,
    Stakes,
)
from parsers.sites._kit.common import line_sniffer
from parsers.sites._kit.ignorable import read_past_harmless
from parsers.sites._kit.lines import read_listed_seats
from parsers.sites._kit.starlike import (
    Builder,
    Names,
    cards_in,
    game_of,
    shown_in,
    take_back,
    to_utc,
    unknown,
    unreturned_excess,
)
from parsers.sites._kit.summary import board_from_summary, summary_seat_won
from parsers.sites._kit.tables import STREETS
from parsers.sites._kit.verbs import (
    RaiseText,
    record_bet,
    record_collected,
    record_dealt,
    split_all_in,
)
from parsers.text import Chunk, parse_money

SITE = "winamax"
HEADER = re.compile(r"Winamax Poker - [^\n]*HandId: #")
DETECTION = "a line starting 'Winamax Poker - ' followed by 'HandId: #' in the first 8 KB"
SUPPORTS = "hold'em NL/PL/FL: cash (EUR, play money), Go Fast / HOLD-UP, tournaments with " \
    "antes and bounties"

_HEAD = re.compile(
    r"Winamax Poker - (?P<kind>.*?)\s*-?\s*HandId: #(?P<id>[\d-]+) - (?P<game>.*?) "
    r"\((?P<stakes>[^()]*)\) - (?P<y>\d{4})/(?P<mo>\d\d)/(?P<d>\d\d) "
    r"(?P<h>\d\d):(?P<mi>\d\d):(?P<s>\d\d)(?: (?P<tz>[A-Z]+))?\s*$"
)
_TOURNEY = re.compile(r'Tournament "(?P<name>.*)" buyIn: (?P<buyin>.*?) level: (?P<level>\S+)')
_TABLE = re.compile(
    r"Table: '(?P<name>.*)'(?: (?P<max>\d+)-max)? \((?P<money>real|play) money\)"
    r"(?: Seat #?(?P<button>\d+) is the button)?"
)
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^,()]*)(?:, (?P<bounty>[^()]*)"
                   r" bounty)?\)(?P<tail>.*)$")
_COLLECTED = re.compile(r"collected (\S+) from (pot|main pot|side pot (\d+))$")
_TOTAL = re.compile(r"Total pot (?P<total>\S+)(?: \| (?:Rake (?P<rake>\S+)|No rake))?")
_SIDE_POTS = re.compile(r"(Main pot|Side pot (\d+)) (\S+)")
_IGNORED_TAILS = (
    " is sitting out", " sits out", " is back", " joins the table", " leaves the table",
    " is disconnected", " is connected", " has timed out", " will be allowed to play",
    " doesn't show", " does not show", " wins the tournament", " finished the tournament",
    " denies big blind",
)


# True when a Winamax hand header starts one of the first lines. Never raises.
sniff = line_sniffer(lambda line: line.startswith("Winamax Poker - ") and "HandId: #" in line,
                     needs=("Winamax Poker - ",))


def _money(text: str, dec: int) -> int:
    return parse_money(text.replace("€", ""), dec)


def parse(chunk: Chunk, file: str = "") -> Hand:
    """Parse one Winamax hand chunk. Raises ParseError (UnsupportedGame for other games)."""
    try:
        try:
            return read_past_harmless(_whole_chips, chunk, file)
        except ParseError as err:
            if err.reason != "bad_amount" or not chunk.text.startswith("Winamax Poker - Tourn"):
                raise
            # Some tournaments deal in half chips ("bets 292.50"): read the hand in
            # hundredths of a chip rather than reject or round it.
            return read_past_harmless(_half_chips, chunk, file)
    except ParseError as err:
        raise err.with_context(site=SITE) from None


def _whole_chips(chunk: Chunk, file: str) -> Hand:
    return _parse(chunk, file, None)


def _half_chips(chunk: Chunk, file: str) -> Hand:
    """The hand in hundredths of a chip. Winamax still prints its results in whole chips
    (a pot of 3367.50 "collected 3368"): the report says so (``printed_unit``), and the engine
    takes a difference of less than one chip there for the site's rounding."""
    hand = _parse(chunk, file, 2)
    return replace(hand, report=replace(hand.report, printed_unit=100))


def _seat_row(s: re.Match[str], dec: int) -> list:
    """A seat line as the Builder's row: its bounty is in the currency's cents (2 decimals)."""
    stack = _money(s["stack"], dec)
    bounty = _money(s["bounty"], 2) if s["bounty"] else None
    return [s["name"], stack, "out" in s["tail"], bounty]


def _parse(chunk: Chunk, file: str, chip_decimals: int | None) -> Hand:
    lines = chunk.text.split("\n")
    head = lines[0].lstrip(" \t\ufeff")
    m = _HEAD.match(head)
    if not m:
        raise ParseError("bad_header", "not a Winamax hand header", line=1, text=head)
    game, limit = game_of(m["game"], head)
    kind = m["kind"]
    t = _TOURNEY.match(kind)
    tournament_id = level = None
    fast_fold = kind.startswith(("Go Fast", "HOLD-UP"))

    table_name, max_seats, button, play = "", None, None, False
    i = 1
    if len(lines) > 1 and lines[1].startswith("Table: "):
        tm = _TABLE.match(lines[1])
        if not tm:
            raise ParseError("bad_header", "cannot read the table line", line=2, text=lines[1])
        table_name = tm["name"]
        max_seats = int(tm["max"]) if tm["max"] else None
        button = int(tm["button"]) if tm["button"] else None
        play = tm["money"] == "play"
        i = 2
    if t:
        currency, dec = TOURNAMENT_CHIPS, chip_decimals or 0
        level = t["level"]
        # The tournament id is printed only inside the table name: "NAME(180688705)#004".
        tid = re.search(r"\((\d+)\)#", table_name)
        tournament_id = tid[1] if tid else t["name"]
    elif "€" in m["stakes"]:
        currency, dec = "EUR", 2
    elif play or kind == "CashGame":
        currency, dec = PLAY_MONEY, 2
    else:
        raise ParseError("bad_header", "cannot tell the currency", line=1, text=head)
    try:
        parts = [_money(p, dec) for p in m["stakes"].split("/")]
    except ParseError as err:
        raise err.with_context(line=1, text=head) from None
    if len(parts) == 3:
        ante, first, second = parts
    elif len(parts) == 2:
        ante, (first, second) = 0, parts
    else:
        raise ParseError("bad_header", "cannot read the stakes", line=1, text=head)
    if limit is LimitType.FIXED_LIMIT:
        small_bet, big_bet, big_blind, small_blind = first, second, first, first // 2
    else:
        small_bet = big_bet = 0
        small_blind, big_blind = first, second
    naive = datetime(int(m["y"]), int(m["mo"]), int(m["d"]), int(m["h"]), int(m["mi"]),
                     int(m["s"]))
    zone = m["tz"] or ""
    started_at = to_utc(naive, zone or "UTC")
    local_time = f"{m['y']}/{m['mo']}/{m['d']} {m['h']}:{m['mi']}:{m['s']}"

    n = len(lines)
    seats, i = read_listed_seats(lines, i, _SEAT, partial(_seat_row, dec=dec),
                                 missing="no seat lines after the header")
    added = 0
    if i < n and lines[i].startswith("Hold-up to Pot: total "):
        try:
            added = _money(lines[i][22:], dec)
        except ParseError as err:
            raise err.with_context(line=i + 1, text=lines[i]) from None
        i += 1
    names = Names(seats)
    b = Builder()
    summary_at = -1
    posted_sb: int | None = None
    money = partial(_money, dec=dec)

    for idx in range(i, n):
        line = lines[idx]
        lineno = idx + 1
        if not line:
            continue
        try:
            if line.startswith("*** "):
                marker = line[4 : line.find(" ***", 3)] if " ***" in line[3:] else line[4:]
                if marker in ("ANTE/BLINDS", "PRE-FLOP"):
                    continue
                if marker == "SUMMARY":
                    summary_at = idx
                    break
                if marker == "SHOW DOWN":
                    b.in_showdown = True
                    continue
                if marker in STREETS:
                    b.new_street(STREETS[marker], cards_in(line))
                    continue
                raise unknown("unknown section marker")
            if line.startswith("Dealt to "):
                record_dealt(b, names, line[9:], "dealt to an unknown player")
                continue
            found = names.prefix(line)
            if found is None:
                raise unknown()
            seat, rest = found
            rest, all_in = split_all_in(rest, " and is all-in")
            if record_bet(b, seat, rest, money, all_in, lineno, RaiseText.BY_TO):
                continue
            if rest.startswith("posts "):
                what = rest[6:]
                if what.endswith(" out of position"):
                    what = what[:-16]
                if what.startswith("ante "):
                    b.post(ActionKind.POST_ANTE, seat, _money(what[5:], dec), all_in, lineno)
                elif what.startswith("small blind "):
                    amt = _money(what[12:], dec)
                    if posted_sb is None:
                        posted_sb = amt
                    b.post(ActionKind.POST_SMALL_BLIND, seat, amt, all_in, lineno)
                elif what.startswith("big blind "):
                    b.post(ActionKind.POST_BIG_BLIND, seat, _money(what[10:], dec), all_in,
                           lineno)
                else:
                    raise unknown("unknown post")
            elif rest.startswith("shows "):
                b.show(seat, shown_in(rest), lineno)
            elif rest.startswith("mucks"):
                b.show(seat, shown_in(rest), lineno, muck=True)
            elif rest.startswith("collected "):
                record_collected(b, seat, rest, _COLLECTED, money, lineno)
            elif f" {rest}".startswith(_IGNORED_TAILS):
                pass
            else:
                raise unknown("unknown action")
        except ParseError as err:
            raise err.with_context(line=lineno, text=line) from None

    if summary_at < 0:
        raise ParseError("truncated_hand", "no *** SUMMARY *** section", line=n, text=lines[-1])
    total = rake = None
    pots: list[PrintedPot] = []
    from_summary = not b.collections
    for idx in range(summary_at + 1, n):
        line = lines[idx]
        if not line:
            break
        try:
            won = summary_seat_won(line, names) if from_summary else None
            if won and not won[1].endswith(("k", "K", "M", "B")):  # "6.02k" is not exact
                b.collect(won[0], _money(won[1], dec), idx + 1)
            if line.startswith("Total pot "):
                tm = _TOTAL.match(line)
                if not tm:
                    raise unknown("cannot read total pot")
                rake = _money(tm["rake"], dec) if tm["rake"] else 0
                if tm["total"].endswith("k"):
                    total = _unabbreviated(tm["total"], b, rake, dec)
                else:
                    total = _money(tm["total"], dec)
                for p in _SIDE_POTS.finditer(line):
                    pots.append(PrintedPot(int(p[2]) if p[2] else 0, _money(p[3], dec)))
            elif line.startswith("Board: "):
                board_from_summary(b, line)
            elif line.startswith("Seat ") and "[" in line:
                no = line[5 : line.find(":")]
                if no.isdigit():
                    # the cards follow the name, which may hold brackets itself ("[Zoé]")
                    named = names.prefix(line[line.find(":") + 1:].lstrip())
                    tail = named[1] if named else line
                    b.summary_cards(int(no), cards_in(tail[tail.find("["):]))
            elif not line.startswith("Seat "):
                # read past only where the kit's rule allows (an ``ignored_line`` finding)
                raise unknown("unrecognised summary line")
        except ParseError as err:
            raise err.with_context(line=idx + 1, text=line) from None

    excess = unreturned_excess(b.actions)
    if total is not None:
        # Winamax prints the pot net of rake, counting unmatched bets in it (and any money the
        # site added, HOLD-UP, which the model's total also includes: see site_added).
        total += (rake or 0) - sum(excess.values())
    site_added = (("hold_up", added),) if added else ()
    take_back(b.collections, excess)
    if limit is LimitType.FIXED_LIMIT and posted_sb:
        small_blind = posted_sb
    return b.hand(
        site=SITE,
        chunk=chunk,
        file=file,
        hand_id=m["id"],
        game=game,
        limit=limit,
        currency=currency,
        decimals=dec,
        stakes=Stakes(small_blind, big_blind, ante, small_bet, big_bet),
        seats=seats,
        button=button,
        total_pot=total,
        rake=rake,
        pots=tuple(pots),
        site_added=site_added,
        started_at=started_at,
        local_time=local_time,
        time_zone=zone,
        table_name=table_name,
        max_seats=max_seats,
        tournament_id=tournament_id,
        level=level,
        fast_fold=fast_fold,
    )


def _unabbreviated(printed: str, b: Builder, rake: int, dec: int) -> int | None:
    """The exact total behind an abbreviated one ("6.02k"), or None when it cannot be known.

    The collections (plus rake) are the exact pot as Winamax counts it; they are used only when
    they abbreviate to what was printed (rounded or cut to the printed digits), so a hand whose
    collections disagree with its total is still caught.
    """
    try:
        shown = Decimal(printed[:-1])
    except ArithmeticError:
        return None
    exact = sum(c.amount for c in b.collections) + rake
    places = -shown.as_tuple().exponent if shown.as_tuple().exponent < 0 else 0
    thousands = Decimal(exact) / (Decimal(10) ** dec) / 1000
    step = Decimal(1).scaleb(-places)
    for rounding in (ROUND_HALF_UP, ROUND_DOWN):
        if thousands.quantize(step, rounding=rounding) == shown:
            return exact
    return None


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="winamax",
    site="winamax",
    description="Winamax hand histories (cash, Go Fast, HOLD-UP, tournaments)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
    glued=True,
)
