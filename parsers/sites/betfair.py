"""Betfair Poker hand histories (the site's own client, 2008-2012) -> :class:`parsers.model.Hand`.

Before Betfair moved to the iPoker network it wrote this layout::

    ***** Betfair Poker Hand History for Game 466894418 *****
    NL $0.02/$0.04 Texas Hold'em - Tuesday, January 13, 18:58:55 GMT 2009
    Table Rookie 102 6-max (Real Money)
    Seat 1 is the button
    Total number of active players : 3
    Seat 1: wilco16 ( $5.12 )
    Didlidaa posts big blind [$0.04]
    ** Dealing down cards **
    Dealt to Hero [ 7c, 6c ]
    Player2 raises to [$0.30]
    Hero goes all-in
    Hero raises to [$1]
    ** Dealing Flop ** [ 2c, Kd, Jh ]
    ** Showdown **
    Heck shows [ Qs, 6c ] a pair of Kings
    ** Hand Conclusion **
    Didlidaa wins $0.69 from main pot with two pair, Kings and Fives
    ************  Game 466894418 ends  ************

What is Betfair's own, and how it is read:
- The stakes line starts with the limit ("NL", "PL"; fixed limit prints "FL", "Limit" or no
  prefix) and gives the blinds. In fixed limit the pair may be the bets instead: where the big
  blind posted is the pair's smaller number, the pair is the small and big bet.
- Amounts carry the currency symbol ("$0.05"); amounts without one are tournament chips (a table
  line saying "Play Money" makes them play money). The tournament id is the number the table
  line prints after "Tournament" where there is one, else the table name.
- Times are printed in GMT (the zone is read, not assumed); ``local_time`` keeps them.
- "calls [$x]" and "bets [$x]" are the chips added; "raises to [$x]" is the street total (an
  older "raises [$x]" is the chips the raise adds).
- "X goes all-in" is a line of its own, followed by the bet, raise or call that puts the chips
  in: the flag goes on that action. A bet of the last chips of the printed stack is all-in too.
- No uncalled bet is printed as returned, and no total pot or rake: the parser returns the
  unmatched chips when the street closes (what the site did) and the engine infers the rake from
  the collections. Betfair's rake comes off the main pot ("wins $6.26 from side pot #1" is the
  side pot in full). Where the "wins" lines add up to more than the pot left after the returns,
  they counted the returned chips too, and those are taken out of the winner's collection, so
  the model holds winnings only.
- Omaha, razz and stud raise UnsupportedGame at the stakes line; anything unrecognised in the
  action section raises ``unknown_line`` naming the line; a hand without its "Game N ends" line
  (a cut file) is ``truncated_hand``.
"""

from __future__ import annotations

import re
from datetime import datetime

from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import (
    PLAY_MONEY,
    TOURNAMENT_CHIPS,
    ActionKind,
    Hand,
    LimitType,
    Stakes,
)
from parsers.sites._kit.common import search_sniffer, with_site
from parsers.sites._kit.lines import read_to_end
from parsers.sites._kit.starlike import (
    Builder,
    Names,
    cards_in,
    game_of,
    shown_in,
    take_back,
    to_utc,
    unknown,
)
from parsers.sites._kit.tables import CURRENCY_SYMBOLS, STREETS_TITLE
from parsers.text import Chunk, parse_money

SITE = "betfair"
HEADER = re.compile(r"\*{5} Betfair Poker Hand History for Game \d+ \*{5}")
DETECTION = "a line '***** Betfair Poker Hand History for Game N *****' in the first 8 KB"
SUPPORTS = ("hold'em NL/PL/FL: cash (USD/EUR/GBP), play money and tournament chips "
            "(Betfair's own client, 2008-2012)")

_SNIFF = re.compile(r"^[ \t\ufeff]*\*{5} Betfair Poker Hand History for Game \d+ \*{5}",
                    re.MULTILINE)
_HEAD = re.compile(r"\*{5} Betfair Poker Hand History for Game (\d+) \*{5}$")
_STAKES = re.compile(r"(?:(NL|PL|FL|Limit) )?([$€£]?[\d.,]+)/([$€£]?[\d.,]+) (.+?) - "
                     r"[A-Z][a-z]+, ([A-Z][a-z]+) (\d{1,2}), (\d\d):(\d\d):(\d\d) "
                     r"([A-Z]{2,5}) (\d{4})$")
_TABLE = re.compile(r"Table (.+?)(?: (\d+)-max)? \(([^()]*)\)$")
_SEAT = re.compile(r"Seat (\d+): (.+) \( ([$€£]?[\d.,]+) \)$")
_BUTTON = re.compile(r"Seat (\d+) is the button$")
_WINS = re.compile(r"wins ([$€£]?[\d.,]+)(?: from (main pot|side pot #?(\d+)))?(?: with .*)?$")
_TOURNAMENT = re.compile(r"Tournament\D*(\d+)")
_END = re.compile(r"\*{12}  Game (\d+) ends  \*{12}$")
_MONTHS = {m: i for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1)}
_LIMIT_WORDS = {"NL": "no limit", "PL": "pot limit", "FL": "fixed limit", "Limit": "fixed limit"}
#: Table messages that move no money (fpdb's converter reads "sits out" the same way).
_IGNORED = ("sits out", "is sitting out", "has joined the table", "has left the table")
_MONEY = (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)


# PartyPoker's "***** Hand History for Game N *****" and 888's "***** 888poker Hand
# History for Game N *****" differ by the words before "Hand History": neither is claimed.
sniff = search_sniffer(_SNIFF, needs=("Betfair Poker Hand History",))


class _Money:
    """The hand's currency: how an amount of it is read, and what was spent per seat."""

    __slots__ = ("dec", "stacks", "spent")

    def __init__(self, dec: int, stacks: dict[int, int]) -> None:
        self.dec = dec
        self.stacks = stacks
        self.spent: dict[int, int] = {}

    def amount(self, text: str) -> int:
        """"[$0.30]", "[ $1,000 ]", "$4.44", "[150]" -> minor units."""
        return parse_money(text.strip().strip("[]").strip(), self.dec)

    def put(self, seat: int, chips: int) -> bool:
        """Record chips put in; True when they are the last of the seat's printed stack."""
        total = self.spent.get(seat, 0) + chips
        self.spent[seat] = total
        stack = self.stacks.get(seat, 0)
        return 0 < stack <= total


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = chunk.text.split("\n")
    head = _HEAD.match(lines[0].lstrip(" \t\ufeff"))
    if head is None or len(lines) < 3:
        raise ParseError("bad_header", "not a Betfair hand header", line=1, text=lines[0])
    hand_id = head[1]
    end = _END.match(lines[-1].strip())
    if end is None or end[1] != hand_id:
        raise ParseError("truncated_hand", f"hand {hand_id} has no 'Game {hand_id} ends' line",
                         line=len(lines), text=lines[-1])
    stakes = _STAKES.match(lines[1])
    if stakes is None:
        raise ParseError("bad_header", "unreadable stakes line", line=2, text=lines[1])
    limit_word, low_text, high_text, game_words = stakes[1], stakes[2], stakes[3], stakes[4]
    game, limit = game_of(f"{_LIMIT_WORDS.get(limit_word, 'fixed limit')} {game_words}",
                          lines[1], 2)
    try:
        naive = datetime(int(stakes[11]), _MONTHS.get(stakes[5][:3], 0), int(stakes[6]),
                         int(stakes[7]), int(stakes[8]), int(stakes[9]))
    except ValueError:
        raise ParseError("bad_header", "not a date", line=2, text=lines[1]) from None
    zone = stakes[10]

    table_name, max_seats, money_kind = "", None, ""
    button: int | None = None
    seats: dict[int, list] = {}
    i = 2
    while i < len(lines) and not _SEAT.match(lines[i]):
        line = lines[i]
        if line.startswith("Table "):
            t = _TABLE.match(line)
            if t is None:
                raise ParseError("bad_header", "unreadable table line", line=i + 1, text=line)
            table_name, money_kind = t[1], t[3]
            max_seats = int(t[2]) if t[2] else None
        elif (b := _BUTTON.match(line)) is not None:
            button = int(b[1])
        elif not (line.startswith("Total number of active players") or not line.strip()):
            raise ParseError("bad_header", "unexpected line before the seats", line=i + 1,
                             text=line)
        i += 1

    symbol = low_text[:1] if low_text[:1] in CURRENCY_SYMBOLS else ""
    tournament_id: str | None = None
    if symbol:
        currency, dec = CURRENCY_SYMBOLS[symbol], 2
    elif "Play" in money_kind:
        currency, dec = PLAY_MONEY, 0
    else:
        currency, dec = TOURNAMENT_CHIPS, 0
        digits = _TOURNAMENT.search(money_kind)
        tournament_id = digits[1] if digits else table_name
    money = _Money(dec, {})
    try:
        low, high = money.amount(low_text), money.amount(high_text)
    except ParseError as err:
        raise err.with_context(line=2, text=lines[1]) from None

    while i < len(lines) and lines[i].startswith("Seat "):
        s = _SEAT.match(lines[i])
        if s is None:
            raise ParseError("unknown_line", "cannot read seat", line=i + 1, text=lines[i])
        try:
            stack = money.amount(s[3])
        except ParseError as err:
            raise err.with_context(line=i + 1, text=lines[i]) from None
        seats[int(s[1])] = [s[2], stack, stack == 0, None]
        i += 1
    if not seats:
        raise ParseError("no_seats", "no seat lines after the header", line=i + 1,
                         text=lines[i] if i < len(lines) else "")
    money.stacks = {k: v[1] for k, v in seats.items()}

    b = Builder()
    returned: dict[int, int] = {}
    _actions(b, lines, i, Names(seats), money, high, returned)

    pot = sum(money.spent.values()) - sum(returned.values())
    if sum(c.amount for c in b.collections) > pot:
        take_back(b.collections, returned)  # the "wins" lines counted the returned chips
    return b.hand(
        site=SITE,
        chunk=chunk,
        file=file,
        hand_id=hand_id,
        game=game,
        limit=limit,
        currency=currency,
        decimals=dec,
        stakes=_stakes(b, limit, low, high),
        seats=seats,
        button=button,
        total_pot=None,
        rake=None,
        started_at=to_utc(naive, zone),
        local_time=naive.strftime("%Y/%m/%d %H:%M:%S"),
        time_zone=zone,
        table_name=table_name,
        max_seats=max_seats,
        tournament_id=tournament_id,
    )


# Parse one Betfair hand chunk. Raises ParseError (UnsupportedGame for other games).
# lines after the end line (chat, notices) are ignored lines (read_to_end)
parse = with_site(SITE, read_to_end(_parse, lambda line: _END.match(line.strip()) is not None),
                  ignore_harmless=True)


def _actions(b: Builder, lines: list[str], start: int, names: Names, money: _Money,
             big_blind: int, returned: dict[int, int]) -> None:
    """Every line from the first post to the end line, into the builder."""
    all_in: set[int] = set()  # seats whose "goes all-in" awaits its bet
    for idx in range(start, len(lines) - 1):
        line = lines[idx].strip()
        lineno = idx + 1
        if not line:
            continue
        try:
            if line.startswith("** "):
                _section(b, line, returned, all_in)
                continue
            if line.startswith("Dealt to "):
                found = names.prefix(line[9:])
                if found is None:
                    raise unknown("dealt to an unknown player")
                b.dealt(found[0], cards_in(found[1]))
                continue
            found = names.prefix(line)
            if found is None:
                raise unknown("a line that names no seated player")
            seat, rest = found
            if rest == "goes all-in":
                all_in.add(seat)
            elif rest.startswith("posts "):
                _post(b, seat, rest[6:], money, big_blind, lineno)
            elif rest == "folds":
                b.fold(seat, lineno)
            elif rest == "checks":
                b.check(seat, lineno)
            elif rest.startswith(("calls ", "bets ", "raises ")):
                _bet(b, seat, rest, money, seat in all_in, lineno)
                all_in.discard(seat)
            elif rest.startswith(("shows ", "mucks")):
                b.show(seat, shown_in(rest), lineno, muck=rest.startswith("mucks"))
            elif rest.startswith("wins "):
                _close(b, returned, all_in)
                w = _WINS.match(rest)
                if w is None:
                    raise unknown("cannot read winnings")
                pot = None if not w[2] else 0 if w[2] == "main pot" else int(w[3] or 1)
                b.collect(seat, money.amount(w[1]), lineno, pot)
            elif rest.endswith(_IGNORED):
                pass
            else:
                raise unknown("unknown action")
        except ParseError as err:
            raise err.with_context(line=lineno, text=lines[idx]) from None
    _close(b, returned, all_in)


def _section(b: Builder, line: str, returned: dict[int, int], all_in: set[int]) -> None:
    """A "** ... **" marker: the deal, a street with its new board cards, or the ending."""
    word = line[3:].split(" **", 1)[0]
    if word == "Dealing down cards":
        return
    if word.startswith("Dealing "):
        street = STREETS_TITLE.get(word[8:])
        if street is None:
            raise unknown("unknown street marker")
        _close(b, returned, all_in)
        b.add_board_cards(street, cards_in(line))
    elif word in ("Showdown", "Hand Conclusion"):
        _close(b, returned, all_in)
        b.in_showdown = True
    else:
        raise unknown("unknown section marker")


def _close(b: Builder, returned: dict[int, int], all_in: set[int]) -> None:
    """End of a betting round: return its unmatched chips, which the site does silently."""
    if all_in:
        raise unknown("'goes all-in' with no bet after it")
    done = b.close_street()
    if done:
        returned[done[0]] = returned.get(done[0], 0) + done[1]


def _post(b: Builder, seat: int, what: str, money: _Money, big_blind: int, line: int) -> None:
    if what.startswith("small blind "):
        kind, text = ActionKind.POST_SMALL_BLIND, what[12:]
    elif what.startswith("big blind "):
        kind, text = ActionKind.POST_BIG_BLIND, what[10:]
    elif what.startswith("small & big blinds "):
        # the live part is the big blind the table posts (the header's pair may be the bets)
        big = next((a.amount for a in b.actions if a.kind is ActionKind.POST_BIG_BLIND
                    and not a.all_in), big_blind)
        amount = money.amount(what[19:])
        b.post_both(seat, amount, big, money.put(seat, amount), line)
        return
    elif what.startswith("ante "):
        kind, text = ActionKind.POST_ANTE, what[5:]
    else:
        raise unknown("unknown post")
    amount = money.amount(text)
    b.post(kind, seat, amount, money.put(seat, amount), line)


def _bet(b: Builder, seat: int, rest: str, money: _Money, all_in: bool, line: int) -> None:
    """calls [x] / bets [x] (chips added), raises to [x] (street total), raises [x] (added)."""
    verb, _, arg = rest.partition(" ")
    if verb == "raises":
        if arg.startswith("to "):
            to = money.amount(arg[3:])
            added = to - b.totals.get(seat, 0)
        else:
            added = money.amount(arg)
            to = b.totals.get(seat, 0) + added
        last = money.put(seat, added)
        b.raise_to(seat, to, all_in or last, line)
        return
    added = money.amount(arg)
    last = money.put(seat, added)
    (b.call if verb == "calls" else b.bet)(seat, added, all_in or last, line)


def _stakes(b: Builder, limit: LimitType, low: int, high: int) -> Stakes:
    """The stakes line's pair as blinds (in fixed limit it may be the bets: see the module
    docstring); the ante is the largest posted, as the stakes line prints none."""
    ante = max((a.amount for a in b.actions if a.kind is ActionKind.POST_ANTE), default=0)
    if limit is not LimitType.FIXED_LIMIT:
        return Stakes(low, high, ante)
    bigs = {a.amount for a in b.actions if a.kind is ActionKind.POST_BIG_BLIND and not a.all_in}
    if low in bigs and high not in bigs:
        smalls = [a.amount for a in b.actions if a.kind is ActionKind.POST_SMALL_BLIND]
        return Stakes(smalls[0] if smalls else low // 2, low, ante, low, high)
    return Stakes(low, high, ante, high, 2 * high)


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="betfair",
    site=SITE,
    description="Betfair Poker hand histories (the site's own client, before iPoker; "
    "2008-2012)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
