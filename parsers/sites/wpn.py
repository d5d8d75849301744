"""Winning Poker Network (Americas Cardroom, Black Chip, True Poker...) -> :class:`Hand`.

WPN wrote two unrelated layouts, both handled here (the header tells them apart):

Classic (to about 2019, often UTF-16LE): ``Game started at: 2016/8/2 10:53:49`` then
``Game ID: 693968595 2/4 Airavata 2 (Hold'em)``, then ``Player NAME verb (amount)`` lines and a
``------ Summary ------`` with one ``Bets: X. Collects: Y.`` line per player.
- No time zone is printed: ``started_at`` stays None (``local_time`` keeps the text).
- No limit type is printed: a hand whose posted blinds are half and all of the header's first
  number ("2/4" with posts 1 and 2) is fixed limit (small/big bet 2/4); otherwise the header
  gives the blinds of a no-limit game.
- No currency is printed: a ", Table N" table is a tournament (chips), "PM " tables are play
  money, the rest are cash in USD, except a hand with no table name at all, whose currency is
  unknown ("XXX", ISO 4217's code for no currency) rather than guessed.
- "raises (X)", "calls (X)", "allin (X)", "caps (X)"/"cap (X)": X is the chips the action
  *adds*; "caps" is the raise that reaches the cap (fixed limit's last raise; at a "- CAP -"
  no-limit table, the player's chips in the hand reaching the table's cap: as if all-in).
  "allin" does not say whether it calls, bets or raises: the street's bets decide.
- "Pot: P. Rake R. JP fee J": P is what the winners collect; the total put in is P + R + J.
- Shown cards are printed only in the summary ("shows: Two pairs ... [Ah Kd]"): they become
  SHOW actions at showdown.
- Anonymised files hold a player with an empty name ("Player  has big blind (2)"). Where
  exactly one listed seat is never named again anywhere in the hand (not in the actions, not
  in the summary, which lists every player dealt in), the nameless lines are that seat's: its
  name was blanked everywhere but the seat list. Otherwise (the nameless player has no seat
  line at all) the hand is rejected (``unknown_player``) rather than invented: such a log
  also leaves the nameless player's summary line, hence his winnings, out.

Current (2019+): ``Hand #784373412 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:33:50 UTC``
(tournaments: ``Game Hand #N - Tournament #T - Holdem(No Limit) - Level 5 (1000.00/2000.00)-
...``), PokerStars-like, with these differences:
- "raises X to Y": X is the chips *added* (not the increment), Y the street total; "caps X
  to Y" is the raise that caps the betting, read the same way.
- "posts dead $0.03" is the small and big blind together (big blind live, rest dead).
- Tournaments deal one card to each player for the button draw before the blinds ("Dealt to
  Hero [4s]"): not hole cards, ignored.
- "Main pot X | Rake Y" / "Side pot(1) X" running totals after each street are ignored.
- "Total pot $X | Rake $Y | JP Fee $Z": X includes rake and fee.

Both layouts: where the body prints fewer board cards than the summary's "Board: [..]" /
"Board [..]" (no street line), or no "collected" line for anyone while the summary's seat
lines say "won X" / "collected X", the summary stands in (:mod:`parsers.sites._kit.summary`).
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import partial

from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import (
    PLAY_MONEY,
    TOURNAMENT_CHIPS,
    ActionKind,
    Hand,
    LimitType,
    Stakes,
    Street,
)
from parsers.sites._kit.ignorable import read_past_harmless
from parsers.sites._kit.lines import read_listed_seats, read_to_end
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
from parsers.sites._kit.summary import board_from_summary, summary_seat_won
from parsers.sites._kit.tables import STREETS
from parsers.sites._kit.verbs import (
    RaiseText,
    record_bet,
    record_collected,
    split_all_in,
    summary_seat_cards,
)
from parsers.text import Chunk, parse_money

SITE = "wpn"
HEADER = re.compile(r"Game started at: \d|(?:Game )?Hand #\d+ - (?:Tournament #\d+ - )?\S")
DETECTION = "'Game started at: ' followed by 'Game ID: ', or 'Hand #N - Game(Limit) - ...' " \
    "with a 'N-max Seat #K is the button' table line, in the first 8 KB"
SUPPORTS = "hold'em NL/FL: cash (USD, play money), tournaments; classic and current layouts"

_NOT_HOLDEM = ("Omaha", "Stud", "Six Plus", "Razz", "Draw", "Badugi", "Courchevel")


def sniff(text: str) -> bool:
    """True for either WPN layout in the first lines. Never raises."""
    try:
        head = text[:8192]
        if "Game started at: " in head and "\nGame ID: " in head:
            return True
        if "Hand #" not in head:  # in every line the loop takes: refused at C speed
            return False
        for line in head.split("\n")[:60]:
            line = line.lstrip(" \t\ufeff'`\"[")
            if (line.startswith(("Hand #", "Game Hand #")) and " - " in line
                    and ("Limit) - " in line or "Limit)- " in line)):
                return True
        return False
    except Exception:
        return False


def parse(chunk: Chunk, file: str = "") -> Hand:
    """Parse one WPN hand chunk (either layout). Raises ParseError / UnsupportedGame."""
    try:
        if chunk.text.startswith("Game started at: "):
            # lines after "Game ended at:" (chat, notices) are ignored lines (read_to_end)
            return read_to_end(partial(read_past_harmless, _parse_classic),
                               lambda line: line.startswith("Game ended at: "))(chunk, file)
        return read_past_harmless(_parse_current, chunk, file)
    except ParseError as err:
        raise err.with_context(site=SITE) from None


# --- classic layout ------------------------------------------------------------------------

_C_START = re.compile(r"Game started at: (\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})")
_C_ID = re.compile(r"Game ID: (\d+) ([\d.]+)/([\d.]+) ?(.*) \(([^()]*)\)$")
_C_SEAT = re.compile(r"Seat (\d+): (.*) \(([\d.]+)\)\.?( is sitting out)?$")
_C_SUMMARY = re.compile(r"[ .]*Bets: ([\d.]+)\. Collects: ([\d.]+)\. (?:Wins|Loses): [\d.]+\.$")
_C_AMOUNT = re.compile(r"^(.*?) ?\(([\d.]+)\)(.*)$")
_C_IGNORED = ("received a card", "received card", "is timed out", "sitting out", "wait BB",
              "mucks cards", "sits out", "is back", "waits for big blind")


def _seat_row(s: re.Match[str], dec: int) -> list:
    """A seat line of either layout as the Builder's row (the fourth group: sitting out)."""
    return [s[2], parse_money(s[3], dec), bool(s[4]), None]


def _parse_classic(chunk: Chunk, file: str) -> Hand:
    lines = chunk.text.split("\n")
    m = _C_START.match(lines[0])
    g = _C_ID.match(lines[1]) if len(lines) > 1 and m else None
    if not m or not g:
        raise ParseError("bad_header", "not a WPN classic header", line=1 if not m else 2,
                         text=lines[0] if not m else lines[1] if len(lines) > 1 else "")
    game_words = g[5]
    if any(w in game_words for w in _NOT_HOLDEM):
        game_of(game_words.replace("Seven Cards", ""), lines[1], 2)  # raises UnsupportedGame
    game, _ = game_of(game_words + " no limit", lines[1], 2)
    table = g[4].strip()
    tourney = re.search(r", Table (\d+)$", table)
    if tourney:
        currency, dec = TOURNAMENT_CHIPS, 0
    elif table.startswith("PM "):
        currency, dec = PLAY_MONEY, 2
    elif table:
        currency, dec = "USD", 2
    else:
        currency, dec = "XXX", 2
    y, mo, d, hh, mi, ss = (int(x) for x in m.groups())
    local_time = f"{y:04d}/{mo:02d}/{d:02d} {hh:02d}:{mi:02d}:{ss:02d}"
    first, second = parse_money(g[2], dec), parse_money(g[3], dec)

    i, n = 2, len(lines)
    button = None
    if i < n and lines[i].startswith("Seat ") and lines[i].endswith(" is the button"):
        button = int(lines[i][5:-14])
        i += 1
    seats, i = read_listed_seats(lines, i, _C_SEAT, partial(_seat_row, dec=dec))
    names = Names(seats)
    _nameless(names, seats, lines, i)
    b = Builder()
    hole: dict[int, list[str]] = {}
    blinds: dict[ActionKind, int] = {}
    summary_at = -1
    # A capped no-limit table ("- CAP -"): "caps (X)" is the wager that takes the player's
    # chips in the hand to the table's cap, after which he plays on as if all-in; so does a
    # later call or raise that reaches the same total (it says no more than "calls").
    capped = " - CAP - " in lines[1] or lines[1].endswith(" - CAP")
    cap_total: int | None = None
    put: dict[int, int] = {}
    dealt = False  # the hole cards are dealt ("received a card"): the blinds are posted
    for idx in range(i, n):
        line, lineno = lines[idx], idx + 1
        if not line:
            continue
        try:
            if line.startswith("*** "):
                marker = line[4:line.find(" ***", 3)]
                if marker not in STREETS:
                    raise unknown("unknown section marker")
                b.new_street(STREETS[marker], cards_in(line))
                continue
            if line.startswith("------ Summary"):
                summary_at = idx
                break
            if line.startswith("Uncalled bet ("):
                amt, _, who = line[14:].partition(") returned to")
                seat = names.exact(who.strip())  # "" for a blanked name (see _nameless)
                if seat is None:
                    raise ParseError("unknown_player", "a returned bet for an unseated player")
                b.uncalled(seat, parse_money(amt, dec), lineno)
                continue
            if not line.startswith("Player "):
                raise unknown()
            found = names.prefix(line[7:])
            if found is None and line[7:].lstrip().startswith(_C_IGNORED):
                continue  # a nameless sit-out line: no chips, nothing to attribute
            if found is None:
                if line[7:].startswith(" ") or not line[7:]:
                    raise ParseError("unknown_player",
                                     "a player with no name and no seat acts (anonymised log)")
                raise ParseError("unknown_player", "a player with no seat acts")
            seat, rest = found
            if rest.startswith("received card: ") or rest.startswith("received a card: "):
                hole.setdefault(seat, []).extend(cards_in(rest))
                continue
            if rest.startswith(("received a card", "received card")):
                dealt = True
            if rest.startswith(_C_IGNORED):
                continue
            if rest in ("folds", "checks"):
                (b.fold if rest == "folds" else b.check)(seat, lineno)
                continue
            a = _C_AMOUNT.match(rest)
            if not a:
                raise unknown("unknown action")
            verb, amt, tail = a[1], parse_money(a[2], dec), a[3]
            at_cap = False
            if capped and verb in ("calls", "bets", "raises", "caps", "cap", "has small blind",
                                   "has big blind", "straddle"):
                put[seat] = put.get(seat, 0) + amt
                if verb in ("caps", "cap"):
                    cap_total = put[seat]
                at_cap = cap_total is not None and put[seat] >= cap_total
            if verb == "calls":
                b.call(seat, amt, at_cap, lineno)
            elif verb == "bets":
                b.bet(seat, amt, at_cap, lineno)
            elif verb in ("raises", "caps", "cap"):
                b.raise_by_added(seat, amt, at_cap, lineno)
            elif verb == "allin" and not dealt and not b.bb_posted:
                # before the deal, "allin (X)" is a blind posted all-in for less than the
                # blind: the small one while none is posted and X is no more than it, else the
                # big one (the hand's stakes stay the header's)
                kind = (ActionKind.POST_SMALL_BLIND if not b.sb_posted and amt <= first
                        else ActionKind.POST_BIG_BLIND)
                b.post(kind, seat, amt, True, lineno)
            elif verb == "allin":
                _all_in(b, seat, amt, lineno)
            elif verb == "has small blind":
                blinds.setdefault(ActionKind.POST_SMALL_BLIND, amt)
                b.post(ActionKind.POST_SMALL_BLIND, seat, amt, False, lineno)
            elif verb == "has big blind":
                blinds.setdefault(ActionKind.POST_BIG_BLIND, amt)
                b.post(ActionKind.POST_BIG_BLIND, seat, amt, False, lineno)
            elif verb == "straddle":
                b.post(ActionKind.POST_STRADDLE, seat, amt, False, lineno)
            elif verb in ("ante", "posts ante"):
                b.post(ActionKind.POST_ANTE, seat, amt, False, lineno)
            elif verb == "posts" and tail == " as a dead bet":
                b.post(ActionKind.POST_DEAD, seat, amt, False, lineno)
            elif verb == "posts" and not tail:
                # A new player's post: live (he later calls only the rest), a big blind or,
                # for the small blind's amount, a live small one.
                big = blinds.get(ActionKind.POST_BIG_BLIND, second)
                kind = ActionKind.POST_SMALL_BLIND if amt < big else ActionKind.POST_BIG_BLIND
                b.post(kind, seat, amt, False, lineno, keep_live=True)
            else:
                raise unknown("unknown action")
        except ParseError as err:
            raise err.with_context(line=lineno, text=line) from None
    if summary_at < 0:
        raise ParseError("truncated_hand", "no ------ Summary ------", line=n, text=lines[-1])
    for seat, cards in hole.items():
        b.dealt(seat, tuple(cards))

    total = rake = None
    bets_sum = 0
    fees: list[tuple[str, int]] = []
    b.in_showdown = True
    for idx in range(summary_at + 1, n):
        line, lineno = lines[idx], idx + 1
        try:
            if line.startswith("Pot: "):
                parts = line[5:].split(". ")
                total = parse_money(parts[0], dec)
                for p in parts[1:]:
                    label, _, amt = p.rstrip(".").rpartition(" ")
                    if label == "Rake":
                        rake = parse_money(amt, dec)
                    elif label:
                        fees.append((label.lower().replace(" ", "_"), parse_money(amt, dec)))
                    else:
                        raise unknown("cannot read the pot line")
            elif line.startswith(("Player ", "*Player ")):
                body = line[8:] if line[0] == "*" else line[7:]
                found = names.prefix(body)
                s = _C_SUMMARY.search(line)
                if s is None:
                    raise unknown("cannot read a summary line")
                bets_sum += parse_money(s[1], dec)
                if found is None:
                    if parse_money(s[1], dec) or parse_money(s[2], dec):
                        raise ParseError("unknown_player", "money for a player with no seat")
                    continue
                seat, rest = found
                collects = parse_money(s[2], dec)
                if collects:
                    b.collect(seat, collects, lineno)
                cards = cards_in(rest[: s.start() - (len(line) - len(rest))])
                if rest.startswith("shows"):
                    b.show(seat, cards, lineno)
                elif cards:
                    b.summary_cards(seat, cards)
            elif line.startswith("Board: "):
                board_from_summary(b, line)
            elif line.startswith("Game ended at: ") or not line:
                pass
            else:
                raise unknown("unknown summary line")
        except ParseError as err:
            raise err.with_context(line=lineno, text=line) from None
    if not lines[-1].startswith("Game ended at: "):
        raise ParseError("truncated_hand", "the summary stops before 'Game ended at:'",
                         line=n, text=lines[-1])
    if total is not None:
        total += (rake or 0) + sum(f for _, f in fees)
        if "JP" in table and not fees and bets_sum > total:
            # 2014 jackpot tables took a jackpot drop the pot line does not name; the summary's
            # own "Bets:" column (the chips each player put in) gives its amount exactly.
            fees.append(("jackpot", bets_sum - total))
            total = bets_sum

    sb, bb = blinds.get(ActionKind.POST_SMALL_BLIND), blinds.get(ActionKind.POST_BIG_BLIND)
    if bb == first and second == 2 * first and sb in (None, first // 2) and not tourney:
        limit = LimitType.FIXED_LIMIT
        stakes = Stakes(sb or first // 2, first, 0, first, second)
    else:
        limit = LimitType.NO_LIMIT
        stakes = Stakes(first, second)
    return b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=g[1], game=game, limit=limit,
        currency=currency, decimals=dec, stakes=stakes, seats=seats, button=button,
        total_pot=total, rake=rake, fees=tuple(fees), local_time=local_time,
        table_name=table, tournament_id=table.rpartition(", Table ")[0] if tourney else None,
    )


def _all_in(b: Builder, seat: int, added: int, lineno: int) -> None:
    """An all-in of ``added`` chips: a call, bet or raise depending on the street's bets."""
    top = max(b.totals.values(), default=0)
    mine = b.totals.get(seat, 0)
    if mine + added <= top:
        b.call(seat, added, True, lineno)
    elif top == 0 or (b.street is Street.PREFLOP and not b.bb_posted and top == 0):
        b.bet(seat, added, True, lineno)
    else:
        b.raise_by_added(seat, added, True, lineno)


# --- current layout ------------------------------------------------------------------------

_HEAD = re.compile(
    r"(?:Game )?Hand #(?P<id>\d+) - (?:Tournament #(?P<tid>\d+) - )?(?P<game>[^(]*)\((?P<limit>"
    r"[^)]*)\) - (?:Level (?P<level>\d+) )?(?:\()?(?P<sb>[$€£]?[\d.,]+)/(?P<bb>[$€£]?[\d.,]+)"
    r"\)?\s*- (?P<y>\d{4})/(?P<mo>\d\d)/(?P<d>\d\d) (?P<h>\d\d):(?P<mi>\d\d):(?P<s>\d\d)"
    r"(?: (?P<tz>[A-Z]+))?$"
)
_TABLE = re.compile(r"(?P<name>.*?) ?(?:(?P<max>\d+)-max)?(?: Seat #(?P<button>\d+) is the "
                    r"button)?$")
_SEAT = re.compile(r"Seat (\d+): (.*) \(([$€£]?[\d.,]+)\)( is sitting out)?$")
_COLLECTED = re.compile(r"collected (\S+) from (main pot|side pot-(\d+)|pot)$")
_IGNORED_TAILS = ("does not show", "mucks hand", "waits for big blind", "sits out",
                  "is sitting out", "is back", "will be allowed to play after the button",
                  "has timed out", "is disconnected", "is connected")


def _parse_current(chunk: Chunk, file: str) -> Hand:
    lines = chunk.text.split("\n")
    m = _HEAD.match(lines[0])
    if not m:
        raise ParseError("bad_header", "not a WPN hand header", line=1, text=lines[0])
    words = m["game"].strip()
    if any(w in words for w in _NOT_HOLDEM) or "Hold" not in words and "hold" not in words:
        game_of(words.replace("Stud", "Stud "), lines[0])  # raises for every non-hold'em
    game, limit = game_of(f"{words} {m['limit']}", lines[0])
    tid = m["tid"]
    money = m["sb"] + m["bb"]
    if tid:
        currency, dec = TOURNAMENT_CHIPS, 0
    elif "$" in money:
        currency, dec = "USD", 2
    elif "€" in money:
        currency, dec = "EUR", 2
    else:
        currency, dec = PLAY_MONEY, 2
    try:
        sb, bb = parse_money(m["sb"], dec), parse_money(m["bb"], dec)
    except ParseError as err:
        raise err.with_context(line=1, text=lines[0]) from None
    stakes = Stakes(sb, bb) if limit is not LimitType.FIXED_LIMIT else \
        Stakes(sb // 2, sb, 0, sb, bb)
    naive = datetime(int(m["y"]), int(m["mo"]), int(m["d"]), int(m["h"]), int(m["mi"]),
                     int(m["s"]))
    zone = m["tz"] or ""
    local_time = f"{m['y']}/{m['mo']}/{m['d']} {m['h']}:{m['mi']}:{m['s']}"

    table_name, max_seats, button = "", None, None
    i, n = 1, len(lines)
    if i < n and lines[i].startswith("Title '"):
        i += 1  # the SNG 2.0 (Jackpot) tables print their tournament's title first
    if i < n and not lines[i].startswith("Seat "):
        t = _TABLE.match(lines[i])
        assert t is not None  # the pattern matches any line
        table_name = t["name"].strip("'")
        if table_name.startswith("Table '"):
            table_name = table_name[7:]
        max_seats = int(t["max"]) if t["max"] else None
        button = int(t["button"]) if t["button"] else None
        i += 1
    seats, i = read_listed_seats(lines, i, _SEAT, partial(_seat_row, dec=dec),
                                 skip=" will be allowed to play after the button")
    names = Names(seats)
    b = Builder()
    money = partial(parse_money, decimals=dec)
    dealt = False
    summary_at = -1
    for idx in range(i, n):
        line, lineno = lines[idx], idx + 1
        if not line:
            continue
        try:
            if line.startswith("*** "):
                marker = line[4:line.find(" ***", 3)]
                if marker == "HOLE CARDS":
                    dealt = True
                elif marker == "SUMMARY":
                    summary_at = idx
                    break
                elif marker == "SHOW DOWN":
                    b.in_showdown = True
                elif marker in STREETS:
                    b.new_street(STREETS[marker], cards_in(line))
                else:
                    raise unknown("unknown section marker")
                continue
            if line.startswith(("Main pot ", "Side pot(")):
                continue
            if line.startswith("Dealt to "):
                found = names.prefix(line[9:])
                if found is None:
                    raise unknown("dealt to an unknown player")
                if dealt:  # before HOLE CARDS it is the button draw, one card each
                    b.dealt(found[0], cards_in(found[1]))
                continue
            if line.startswith("Uncalled bet ("):
                amt, _, who = line[14:].partition(") returned to")
                seat = names.exact(who.strip())  # "" for a blanked name (see _nameless)
                if seat is None:
                    raise unknown("returned to an unknown player")
                b.uncalled(seat, parse_money(amt, dec), lineno)
                continue
            found = names.prefix(line)
            if found is None:
                raise unknown()
            seat, rest = found
            rest, all_in = split_all_in(rest, " and is all-in")
            if rest.startswith(("caps ", "cap ")):  # the raise that caps the betting
                rest = "raises " + rest.partition(" ")[2]
            if record_bet(b, seat, rest, money, all_in, lineno, RaiseText.ADDED_TO):
                continue
            if rest.startswith("posts "):
                _post(b, seat, rest[6:], dec, bb, all_in, lineno)
            elif rest.startswith("shows "):
                b.show(seat, shown_in(rest[:rest.find("]") + 1]), lineno)
            elif rest.startswith("collected "):
                record_collected(b, seat, rest, _COLLECTED, money, lineno)
            elif rest.startswith(_IGNORED_TAILS):
                pass
            else:
                raise unknown("unknown action")
        except ParseError as err:
            raise err.with_context(line=lineno, text=line) from None
    if summary_at < 0:
        raise ParseError("truncated_hand", "no *** SUMMARY *** section", line=n, text=lines[-1])
    # Walks print no uncalled-bet line: the big blind's unmatched part is returned silently
    # and counted in the printed total and winnings.
    silent = b.close_street()
    collected = bool(b.collections)
    total = rake = None
    fees: list[tuple[str, int]] = []
    for idx in range(summary_at + 1, n):
        line = lines[idx]
        try:
            won = summary_seat_won(line, names) if not collected else None
            if won:
                b.collect(won[0], parse_money(won[1], dec), idx + 1)
            elif not collected and line.startswith("Seat ") and " won " in line:
                raise unknown("cannot read the winnings")
            if line.startswith("Board "):
                board_from_summary(b, line)
            elif line.startswith("Total pot "):
                parts = line[10:].split(" | ")
                total = parse_money(parts[0], dec)
                for p in parts[1:]:
                    label, _, amt = p.rpartition(" ")
                    if label == "Rake":
                        rake = parse_money(amt, dec)
                    else:
                        fees.append((label.lower().replace(" ", "_"), parse_money(amt, dec)))
            elif line.startswith("Seat ") and "[" in line:
                summary_seat_cards(b, seats, line)
        except ParseError as err:
            raise err.with_context(line=idx + 1, text=line) from None
    if silent:
        take_back(b.collections, {silent[0]: silent[1]})
        if total is not None:
            total -= silent[1]
    return b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=m["id"], game=game, limit=limit,
        currency=currency, decimals=dec, stakes=stakes, seats=seats, button=button,
        total_pot=total, rake=rake if rake is not None else (0 if total is not None else None),
        fees=tuple(fees), started_at=to_utc(naive, zone or "UTC"), local_time=local_time,
        time_zone=zone, table_name=table_name, max_seats=max_seats, tournament_id=tid,
        level=m["level"],
    )


def _post(b: Builder, seat: int, what: str, dec: int, bb: int, all_in: bool,
          lineno: int) -> None:
    if what.startswith("the small blind "):
        b.post(ActionKind.POST_SMALL_BLIND, seat, parse_money(what[16:], dec), all_in, lineno)
    elif what.startswith("the big blind "):
        b.post(ActionKind.POST_BIG_BLIND, seat, parse_money(what[14:], dec), all_in, lineno)
    elif what.startswith("ante "):
        b.post(ActionKind.POST_ANTE, seat, parse_money(what[5:], dec), all_in, lineno)
    elif what.startswith("dead "):
        b.post_both(seat, parse_money(what[5:], dec), bb, all_in, lineno)
    elif what[:1].isdigit() or what[:1] in "$€£":
        b.post(ActionKind.POST_BIG_BLIND, seat, parse_money(what, dec), all_in, lineno)
    else:
        raise unknown("unknown post")


def _nameless(names: Names, seats: dict[int, list], lines: list[str], start: int) -> None:
    """Attribute the empty name ("Player  folds") to the one listed seat never named again.

    Only when the hand has nameless lines and exactly one seated name appears in no later line
    (a blanked name): then ``""`` becomes that seat's second spelling in ``names``.
    """
    rest = lines[start:]
    if not any(ln.startswith(("Player  ", "*Player  ")) for ln in rest):
        return
    silent = [k for k, v in seats.items()
              if not any(ln.startswith((f"Player {v[0]} ", f"*Player {v[0]} ")) for ln in rest)]
    if len(silent) == 1:
        names.seat_of[""] = silent[0]
        names.by_length.append("")


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="wpn",
    site=SITE,
    description="Winning Poker Network / ACR hand histories (classic and current layouts)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
