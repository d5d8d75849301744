"""Cereus network hand histories (Absolute Poker and UltimateBet, 2007-2011) -> Hand.

Both rooms ran on the same Cereus software and wrote the same layout; one module reads both.
Hand numbers come from the network's one counter, so the site key is ``cereus``::

    Stage #C379012708: Holdem  No Limit $0.10 Turbo - 2011-02-21 05:08:53.010 (ET) [ ... ]
    Table: Holmbury Rd.59 (Real Money) Seat #6 is the dealer
    Seat 6 - PLAYER6 ($11.19 in chips)
    PLAYER7 - Posts small blind $0.05
    *** POCKET CARDS ***
    Dealt to HERO [10c 4d]
    PLAYER4 - Raises $0.20 to $0.30 (Preselection)
    PLAYER4 - All-In $1.47
    PLAYER2 - returned ($0.06) : not called
    PLAYER5 Collects $5.70 from main pot
    *** SUMMARY ***
    Total Pot($9.50) | Rake ($0.45) | Jackpot Rake ($0.50)

Brands (BRANDS): neither room prints its name; both start a hand with "Stage #" --

=======================  ================================================================
Absolute Poker            ``Stage #1797821771: Holdem  No Limit $1 - 2009-12-14 17:14:02 (ET)``
UltimateBet (UB.com)      the same line; 2011 hand numbers carry a letter (``Stage #C3790``)
tournaments (both)        ``Stage #N: Tourney ID 2345678 Holdem  Single Tournament  No Limit
                          20 - ...``: also "Multi Normal Tournament", "(1 on 1)" for
                          heads-up, ", 10 ante" after the blind; amounts are chips; the
                          table line may say "Seat #N is the dead dealer"
=======================  ================================================================

What is Cereus' own, and how it is read:
- The game words name the limit: "No Limit $0.10" (the big blind), "Pot Limit", and
  "Normal $200/$400" for fixed limit (small bet / big bet). The small blind is whatever the
  small blind post says (Absolute's $25/$50 game blinds $15/$25), else half the big blind.
- Every amount is the chips the action adds; raises print both ("Raises $3.50 to $4").
- "All-In $X" stands for whichever of post, bet, call or raise the chips amount to: it is
  resolved here against the street's totals (a short big blind before the pocket cards, a
  bet into no bet, a call up to the top bet, otherwise a raise).
- Dead posts: "Posts $1 dead $0.50" (live $1 and dead $0.50) and, in 2007 exports, "Posts
  dead $40 dead $15" (a $40 post of which $15 is dead). Both are read as a post of the big
  blind plus the rest dead (``Builder.post_both``), which fits both layouts' pot totals.
- "Posts $0.02" is a new player's live big blind. "(Preselection)" marks an action chosen
  in advance with the pre-action buttons; it changes nothing.
- Uncalled bets are returned in the log ("returned ($X) : not called"); "Collects" leaves
  them out. The summary's "Total Pot" is the final pot, "Rake" and "Jackpot Rake" come out
  of it before the collections.
- Times print in ET; the fractional seconds and the bracketed repeat are dropped.
- "Mucks" at showdown names no cards; the summary's "[Mucked] [10s 3s]" does.
- Where the body prints fewer board cards than the summary's "Board [..]", or no "Collects"
  line for anyone while the summary's seat lines say "collected Total ($X)" / "won Total
  ($X)", the summary stands in (:mod:`parsers.sites._kit.summary`).
- A summary line other than the board, the pot and the seat lines raises ``unknown_line``:
  the kit's rule reads past it as an ``ignored_line`` finding where it moves no chips.

The tournament layout (and the later cash clients) adds, each read here:
- "All-In(Raise) X to Y": an all-in raise, X the chips added and Y the street total (as
  "Raises"); without "to Y", X alone is what it adds.
- A total pot line that lists the pots: "Total Pot(3000) | Main Pot(2000) | Side Pot #1(1000)"
  (with or without the bars): the main and side pots are parts of the total, not fees.
- Status suffixes after an action: "(timeout)", "(disconnect)", "(Sitting Out)", "(auto)" as
  "(Preselection)": how the action was taken, not what it was.
- Fold-and-show: "Folds & shows [Ah Kd]" (also "Folds [Ah Kd]"): a fold, the cards shown.
- The 7-2 proposition side bet of "(7-2)" tables: a seat line's "72 Prop Win ($1)" is paid by
  the other players outside the pot, so it is taken off the seat's "won Total"; a play line
  about the prop ("NAME - 72 Prop ...") moves no chips of the pot and is an ``ignored_line``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from functools import partial

from parsers.cards import kept_hole
from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import (
    PLAY_MONEY,
    TOURNAMENT_CHIPS,
    ActionKind,
    Hand,
    IgnoredLine,
    LimitType,
    Stakes,
)
from parsers.sites._kit.common import search_sniffer, with_site
from parsers.sites._kit.ignorable import clean_text
from parsers.sites._kit.lines import read_body, read_seats
from parsers.sites._kit.starlike import Builder, Names, cards_in, game_of, shown_in, to_utc, unknown
from parsers.sites._kit.summary import board_from_summary, summary_seat_won
from parsers.sites._kit.tables import CURRENCY_SYMBOLS, STREETS
from parsers.sites._kit.verbs import all_in_by_added, record_dealt
from parsers.text import Chunk, parse_money

SITE = "cereus"
HEADER = re.compile(r"Stage #[A-Z]?\d+:? ")
DETECTION = "'Stage #N: <game> - YYYY-MM-DD HH:MM:SS (ET)' then 'Table: NAME (Real Money)'"
SUPPORTS = ("hold'em NL/PL/FL cash (USD, play money) and tournaments (sit & go, multi-table,"
            " heads-up); Omaha and stud rejected")

_SNIFF = re.compile(r"^[ \t]*Stage #[A-Z]?\d+:? [^\n]* - \d{4}-\d\d-\d\d \d\d:\d\d:\d\d[^\n]*\n"
                    r"(?:Table: [^\n]* Seat #\d+ is the (?:dead )?dealer"
                    r"|Seat \d+ - [^\n]* in chips\))",
                    re.MULTILINE)
_HEAD = re.compile(r"Stage #([A-Z]?\d+):? (?:Tourney ID (\d+) +)?(.+?) - "
                   r"(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?:\.\d+)? \((\w+)\)")
#: What a tournament's game words carry besides the game and limit: the kind of tournament
#: and, at levels with antes, ", 25 ante" after the blind.
_TOURNEY_KIND = re.compile(r"\s+(?:Single|Multi Normal|Multi) Tournament\b", re.IGNORECASE)
_ANTE_WORDS = re.compile(r",\s*[$€£]?([\d,.]+) ante\b", re.IGNORECASE)
_STAKES = re.compile(r"(.*?)\s+([$€£]?[\d,.]+)(?:/([$€£]?[\d,.]+))?(?:\s+(.*))?$")
_TABLE = re.compile(r"Table: (.+?)(?: \((Real|Play) Money\))? Seat #(\d+) is the (?:dead )?dealer$")
_SEAT = re.compile(r"Seat (\d+) - (.+) \(([$€£]?[\d,.]+) in chips\)$")
_COLLECT = re.compile(r"Collects (\S+) from (main pot|side pot(?: ?#?-?(\d+))?)$")
#: How an action was taken, printed after it: a pre-action button, the clock, a lost
#: connection, a seat sitting out; none changes what the action was.
_HOW = re.compile(r" \((?:Preselection|timeout|time ?out|disconnect(?:ed)?|sitting out|"
                  r"sit ?out|auto)\)$", re.IGNORECASE)
#: "Label(amount)" parts of the total pot line: "Total Pot($9.50)", "Rake ($0.45)",
#: "Main Pot(900)", "Side Pot #1(600)".
_POT_PART = re.compile(r"([A-Za-z][A-Za-z #\-\d]*?)\s*\(([^()]*)\)")
#: The pots a total pot line lists: parts of the total, not fees.
_LISTED_POT = re.compile(r"(?:main|side) ?pot\b", re.IGNORECASE)
#: The 7-2 proposition bet (a side bet of "(7-2)" tables, paid outside the pot).
_PROP = re.compile(r"\b7-?2 ?Prop\b", re.IGNORECASE)
_PROP_WIN = re.compile(r"\b7-?2 Prop Win \(([^()]*)\)", re.IGNORECASE)


# Stud hands print no "Table: ... is the dealer" line: their first seat line,
# "Seat 1 - NAME ($0.17 in chips)", follows the header instead.
sniff = search_sniffer(_SNIFF, needs=("Stage #",))


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = chunk.text.split("\n")
    head = _HEAD.match(lines[0])
    if head is None:
        raise ParseError("bad_header", "unreadable Stage line", line=1, text=lines[0])
    hand_id, tourney_id, words, local, zone = head.groups()
    heads_up = "(1 on 1)" in words.lower()
    words = _TOURNEY_KIND.sub("", words)
    ante_words = _ANTE_WORDS.search(words)
    words = _ANTE_WORDS.sub("", words)
    st = _STAKES.match(words)
    if st is None:
        raise ParseError("bad_header", "no stakes in the Stage line", line=1, text=lines[0])
    game, limit = game_of(st[1].replace("Seven Card", "Seven Card Stud"), lines[0])
    if len(lines) < 2 or (tm := _TABLE.match(lines[1])) is None:
        raise ParseError("bad_header", "unreadable Table line", line=2,
                         text=lines[1] if len(lines) > 1 else "")
    table, money_kind, button = tm[1], tm[2], int(tm[3])
    symbol = st[2][0] if st[2][0] in CURRENCY_SYMBOLS else ""
    currency = PLAY_MONEY if money_kind == "Play" else CURRENCY_SYMBOLS.get(symbol, "USD")
    dec = 2
    if tourney_id is not None:  # "Tourney ID 99": tournament chips, whole numbers
        currency, dec = TOURNAMENT_CHIPS, 0

    def money(text: str) -> int:
        return parse_money(text.strip().strip("()"), dec)

    seats, i = read_seats(lines, 2, _SEAT, money)
    big = money(st[2])  # the big blind, or fixed limit's small bet
    state = _State(Names(seats), money, big)
    k = read_body(lines, i, partial(_line, state), "*** SUMMARY ***")
    total, rake, fees = _summary(state, lines[k + 1 :], k + 2)
    b = state.b
    sb_post = next((a.amount for a in b.actions if a.kind is ActionKind.POST_SMALL_BLIND),
                   None)
    ante = max((a.amount for a in b.actions if a.kind is ActionKind.POST_ANTE), default=0)
    if ante_words and not ante:
        ante = money(ante_words[1])
    if limit is LimitType.FIXED_LIMIT:
        small_bet, big_bet = big, money(st[3]) if st[3] else 2 * big
        stakes = Stakes(sb_post if sb_post is not None else small_bet // 2, small_bet, ante,
                        small_bet, big_bet)
    else:
        stakes = Stakes(sb_post if sb_post is not None else big // 2, big, ante)
    naive = datetime.strptime(local, "%Y-%m-%d %H:%M:%S")
    hand = b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=hand_id, game=game, limit=limit,
        currency=currency, decimals=dec, stakes=stakes, seats=seats, button=button,
        total_pot=total, rake=rake, fees=fees, started_at=to_utc(naive, zone),
        local_time=local, time_zone=zone, table_name=table, tournament_id=tourney_id,
        max_seats=2 if heads_up else None,
    )
    return replace(hand, ignored_lines=tuple(state.ignored)) if state.ignored else hand


parse = with_site(SITE, _parse, ignore_harmless=True)


class _State:
    """What the body lines build beside the Builder."""

    __slots__ = ("b", "names", "money", "big", "dealt", "ignored")

    def __init__(self, names: Names, money, big: int) -> None:
        self.b = Builder()
        self.names = names
        self.money = money
        self.big = big
        self.dealt = False  # past "*** POCKET CARDS ***": an all-in is no longer a post
        self.ignored: list[IgnoredLine] = []  # the prop side bet's lines


def _line(st: _State, line: str, n: int) -> bool:
    """One body line before the summary; True at "*** SUMMARY ***"."""
    b = st.b
    if line.startswith("*** "):
        marker = line[4:].partition(" ***")[0]
        if marker == "SUMMARY":
            return True
        if marker == "POCKET CARDS":
            st.dealt = True
        elif marker == "SHOW DOWN":
            b.in_showdown = True
        elif marker in STREETS:
            b.new_street(STREETS[marker], cards_in(line))
        else:
            raise unknown("unknown street marker")
        return False
    if line.startswith("Dealt to "):
        record_dealt(b, st.names, line[9:], "dealt to an unseated player")
        return False
    got = st.names.prefix(line, " - ")
    if got is not None:
        rest = got[1]
        while (how := _HOW.search(rest)) is not None:
            rest = rest[: how.start()]
        if _PROP.search(rest):
            st.ignored.append(IgnoredLine(n, clean_text(line)))  # a side bet, not the pot's
            return False
        _action(st, got[0], rest, n)
        return False
    got = st.names.prefix(line)
    if got is not None and got[1].startswith("Collects "):
        m = _COLLECT.match(got[1])
        if m is None:
            raise unknown("unreadable collection")
        pot = 0 if m[2] == "main pot" else int(m[3]) if m[3] else None
        b.collect(got[0], st.money(m[1]), n, pot_index=pot)
        return False
    raise unknown()


def _action(st: _State, seat: int, rest: str, n: int) -> None:
    b, money = st.b, st.money
    verb, _, arg = rest.partition(" ")
    if rest == "Folds":
        b.fold(seat, n)
    elif verb == "Folds" and "[" in arg:  # "Folds & shows [Ah Kd]": a fold, cards shown
        b.fold(seat, n)
        hole = kept_hole(b.hole.get(seat), shown_in(arg))
        if hole:
            b.hole[seat] = hole
    elif rest == "Checks":
        b.check(seat, n)
    elif verb == "Calls":
        b.call(seat, money(arg), False, n)
    elif verb == "Bets":
        b.bet(seat, money(arg), False, n)
    elif verb == "Raises":
        added, sep, to = arg.partition(" to ")
        if not sep:
            raise unknown("raise without a total")
        b.raise_to(seat, money(to), False, n, raise_by=None)
        if b.actions[-1].amount != money(added):
            raise ParseError("bad_amount", "raise: added chips and total disagree")
    elif verb == "All-In":
        _all_in(st, seat, money(arg), n)
    elif verb == "All-In(Raise)":
        _all_in_raise(st, seat, arg, n)
    elif verb == "Posts":
        _post(st, seat, arg, n)
    elif verb == "Ante":
        b.post(ActionKind.POST_ANTE, seat, money(arg), False, n)
    elif verb == "returned":
        b.uncalled(seat, money(arg.partition(" : ")[0]), n)
    elif verb == "Shows":
        b.show(seat, shown_in(arg.partition("(")[0]), n)
    elif rest == "Mucks":
        b.show(seat, (), n, muck=True)
    elif rest == "Does not show":
        pass
    else:
        raise unknown("unknown action")


def _all_in(st: _State, seat: int, amount: int, n: int) -> None:
    """An "All-In $X": the post, bet, call or raise that the chips amount to."""
    b = st.b
    if not st.dealt:
        kind = ActionKind.POST_BIG_BLIND if b.sb_posted else ActionKind.POST_SMALL_BLIND
        b.post(kind, seat, amount, True, n)
    else:
        all_in_by_added(b, seat, amount, n)


def _all_in_raise(st: _State, seat: int, arg: str, n: int) -> None:
    """"All-In(Raise) X to Y": a raise to Y that puts the player all in (X, the chips
    added, must agree); "All-In(Raise) X": the raise that X added chips make."""
    b, money = st.b, st.money
    added, sep, to = arg.partition(" to ")
    if not sep:
        b.raise_to(seat, b.totals.get(seat, 0) + money(added), True, n, raise_by=None)
        return
    b.raise_to(seat, money(to), True, n, raise_by=None)
    if b.actions[-1].amount != money(added):
        raise ParseError("bad_amount", "all-in raise: added chips and total disagree")


def _post(st: _State, seat: int, arg: str, n: int) -> None:
    b, money = st.b, st.money
    if arg.startswith("small blind "):
        b.post(ActionKind.POST_SMALL_BLIND, seat, money(arg[12:]), False, n)
    elif arg.startswith("big blind "):
        b.post(ActionKind.POST_BIG_BLIND, seat, money(arg[10:]), False, n)
    elif " dead " in arg:
        first, _, dead = arg.removeprefix("dead ").partition(" dead ")
        total = money(first) if arg.startswith("dead ") else money(first) + money(dead)
        b.post_both(seat, total, total - money(dead), False, n)
    elif " " not in arg:  # "Posts $0.02": a new player's live big blind
        b.post(ActionKind.POST_BIG_BLIND, seat, money(arg), False, n)
    else:
        raise unknown("unknown post")


def _summary(st: _State, lines: list[str], first: int
             ) -> tuple[int | None, int | None, tuple[tuple[str, int], ...]]:
    """Total pot, rake and fees from the summary; mucked hole cards from its seat lines; the
    board and the winners where the body printed fewer cards or no "Collects" line."""
    total: int | None = None
    rake: int | None = None
    fees: list[tuple[str, int]] = []
    from_summary = not st.b.collections
    for k, line in enumerate(lines, first):
        won = summary_seat_won(line, st.names) if from_summary else None
        if won:
            prop = _PROP_WIN.search(line)  # paid outside the pot: not the pot's
            st.b.collect(won[0], st.money(won[1]) - (st.money(prop[1]) if prop else 0), k)
        if line.startswith("Board "):
            board_from_summary(st.b, line)
        elif line.startswith("Total Pot"):
            total, rake = _pot_line(st, line, k, fees)
        elif line.startswith("Seat ") and "[Mucked]" in line:
            who = st.names.prefix(line.partition(": ")[2])
            if who is not None:
                st.b.summary_cards(who[0], cards_in(line.partition("[Mucked]")[2]))
        elif line.strip() and not line.startswith("Seat "):
            # read past only where the kit's rule allows (an ``ignored_line`` finding)
            raise ParseError("unknown_line", "unrecognised summary line", line=k, text=line)
    if total is None:
        raise ParseError("truncated_hand", "no 'Total Pot' in the summary", line=first)
    return total, rake if rake is not None else 0, tuple(fees)


def _pot_line(st: _State, line: str, k: int, fees: list[tuple[str, int]]
              ) -> tuple[int | None, int | None]:
    """(total, rake) of "Total Pot($9.50) | Rake ($0.45) | Jackpot Rake ($0.50)", the fees
    added to ``fees``; the main and side pots it lists are parts of the total."""
    total = rake = None
    parts = _POT_PART.findall(line)
    rest = _POT_PART.sub("", line).replace("|", "").strip()
    if not parts or rest:
        raise ParseError("unknown_line", "unreadable pot line", line=k, text=line)
    for label, amount in parts:
        label = label.strip()
        value = st.money(amount)
        if label == "Total Pot":
            total = value
        elif label == "Rake":
            rake = value
        elif _LISTED_POT.match(label):
            continue
        else:
            fees.append((label.lower().replace(" rake", ""), value))
    return total, rake


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="cereus",
    site=SITE,
    description="Cereus network hand histories (Absolute Poker, UltimateBet; 2007-2011)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
