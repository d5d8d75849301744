"""PokerStars hold'em hand histories -> :class:`parsers.model.Hand`.

Covers cash (USD/EUR/GBP/...), play money, Zoom, tournaments (antes, bounties), home games,
no/pot/fixed limit, run it twice, side pots, cash-outs. Other games (Omaha, stud, razz, draw,
badugi, Courchevel, 6+ hold'em, the non-hold'em rounds of mixed games) raise UnsupportedGame.

How it reads a hand, and why:
- Speed (issue 7): the reading of the text after "name: " ("folds", "calls $0.02") depends
  on that text and the decimals only and recurs across hands, so it is cached per decimals
  (``_ACTS``: immutable values only, never errors, replaced when past ``_CACHE_MAX``); per
  line only the name lookup, street and totals are applied. Caching whole lines or seat
  lines was measured and dropped: most are unique (amounts, stacks), and the lookups and
  the cached tuples (which the garbage collector walks) cost more than they saved. Other
  lines are dispatched on their first character and prefix tests; regexes are precompiled
  and used only once a line's kind is known, the plain seat line by a simpler one whose
  groups also hand over the usual stacks' digits ("$2.83", "1500": the amount without a
  ``parse_money`` call; "collected" lines likewise). The table line is cached per text (a
  file repeats a few). The header's description is cached in :mod:`.pokerstars_header`
  (its date read by one regex, converted from a cached start of its hour), the "Total pot"
  line in :mod:`.pokerstars_summary`. Actions, seats, the hand and its small parts are
  built by :mod:`parsers.build` (a third of the dataclass ``__init__``'s time); same
  classes, same values. Measured and dropped (issue 7, session 3): reading the seat list or
  the summary as one text by regex scans and string searches, and string-cut fast paths for
  amounts, pot lines and board cards: in CPython the extra calls cost what the C-level
  regexes and the ``parse_money`` cache save.
- Player names may hold spaces, colons, brackets and any Unicode, so names are never matched
  with a regex: a line is attributed to a seated player by exact lookup of the text before
  ``": "`` or, for lines without a colon, by the longest seated name the line starts with.
- Amounts: ``amount`` is the chips the action adds; ``to`` the seat's street total after it.
  PokerStars prints "raises $0.75 to $1.25" where $0.75 is the raise *increment*, so a raise's
  ``amount`` is computed as ``to`` minus what the seat already had in.
- Decimals come from the header: 2 for cash games, 0 for chips (tournaments, play money). An
  amount with finer precision raises ``ParseError(bad_amount)`` (see ``parse_money``).
- Anything unrecognised between the seat list and the summary raises ``unknown_line``: a
  format change must be loud. The summary is read for pots, rake, fees and cards only; a blank
  line after it ends the hand (trailing junk of concatenated files is ignored).
- Shows and mucks in the showdown section (or after the river) are on Street.SHOWDOWN; an
  all-in player's early show keeps the current street so streets never go backwards.
"""

from __future__ import annotations

import re

from parsers.build import action as _action
from parsers.build import collection as _collection
from parsers.build import hand as _hand
from parsers.build import seat as _seat
from parsers.build import source_ref as _source_ref
from parsers.build import stakes as _stakes
from parsers.cards import bracketed_cards, cards_in_brackets, parse_cards
from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import (
    Action,
    ActionKind,
    CashOut,
    Collection,
    Hand,
    LimitType,
    Street,
)
from parsers.sites._kit.common import with_site
from parsers.sites.pokerstars.header import parse_header
from parsers.sites.pokerstars.summary import read_summary
from parsers.text import Chunk, parse_money

SITE = "pokerstars"
HEADER = re.compile(r"PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #\d")
DETECTION = "a line starting 'PokerStars Hand #', 'PokerStars Zoom Hand #', 'PokerStars Game #' "
DETECTION += "or 'PokerStars Home Game Hand #' in the first 8 KB"
SUPPORTS = "hold'em NL/PL/FL: cash, Zoom, tournaments, home games, run it twice, cash-out"

_TABLE = re.compile(
    r"Table (?:ID )?'(?P<name>.*)'(?:\s+(?P<max>\d+)-[mM]ax)?(?:\s+\(Play Money\))?"
    r"(?:\s+Seat #(?P<button>\d+) is the button)?"
)
_SEAT = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>(?:Rs\. )?[^ ()]*[\d.]) in chips"
    r"(?:, (?P<bounty>\S+) bounty)?\)(?P<tail>.*)$"
)
_PLAIN_SEAT = re.compile(r"Seat ([0-9]+): (.*) \(([^ ()]*[0-9.]) in chips\)")
# The plain form with the two usual stacks, "$2.83" (any of $, €, £: two decimals) and "1500"
# (chips), whose digits are read here: a subset of _PLAIN_SEAT's lines, with the same fields.
_DIGITS_SEAT = re.compile(
    r"Seat ([0-9]+): (.*) \(([$€£]?([0-9]+)\.([0-9]{2})|([0-9]+)) in chips\)"
)
_RAISE = re.compile(r"raises (.+?) to (.+)$")
# The amount is lazy (.+?); its first two alternatives take the usual forms' digits (see
# _DIGITS_SEAT): text that no shorter amount can be, so the amount read is the same.
_COLLECTED = re.compile(
    r" collected ([$€£]?([0-9]+)\.([0-9]{2})|([0-9]+)|.+?)"
    r" from (pot|main pot|side pot(?:-(\d+))?)$"
)
_CASHED = re.compile(r" cashed out the hand for (\S+)(?: \| Cash Out Fee (\S+))?$")
# Lines about table events, chat, tournament results: not errors, nothing to record.
_IGNORABLE = re.compile(
    r".*? (?:joins the table at seat #\d+|leaves the table|said, \".*|is disconnected|"
    r"is connected|has timed out.*|has returned|was removed from the table.*|"
    r"will be allowed to play after the button|is sitting out|sits out|"
    r"finished the tournament.*|wins the tournament.*|wins the \S+ bounty.*|"
    r"wins \S+ for eliminating.*|wins an entry to tournament.*|re-buys and receives.*|"
    r"takes the add-on.*|is feeling .*|has been disqualified.*|"
    r"(?:wins|receives) .*(?:ticket|entry).*|is (?:not )?being knocked out.*|"
    r"was moved from another table.*)$"
)
_COLON_IGNORED = frozenset(
    {"sits out", "is sitting out", "has returned", "doesn't show hand", "is disconnected",
     "is connected", "has timed out", "sitting out", ""}
)
_DEALER_LINES = frozenset({"Betting is capped"})
_RUNS = {"FIRST": 0, "SECOND": 1, "THIRD": 2}
_STREET_WORDS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_SKIPPED_MARKERS = frozenset({"HOLE CARDS", "PRE-FLOP", "DEALING HANDS"})
_SHOWDOWN_WORDS = frozenset({"SHOW DOWN", "SHOWDOWN"})


def sniff(text: str) -> bool:
    """True when a PokerStars hand header starts one of the first lines. Never raises."""
    try:
        head = text[:8192]
        for line in head.split("\n"):
            if HEADER.match(line.lstrip(" \t\ufeff")):
                return True
        return False
    except Exception:
        return False


# --- what a "name: ..." line says --------------------------------------------------------------

# Codes of the cached readings of the text after "name: ", by what a line does to the bets:
# nothing (fold, check), adds its amount (call, bet), raises to, posts, shows, is ignored.
_NO_CHIPS, _ADDS, _RAISES, _ANTE, _SB_BB, _BLIND, _SHOW, _IGNORED = range(8)
_POSTS = (
    ("small blind ", ActionKind.POST_SMALL_BLIND),
    ("big blind ", ActionKind.POST_BIG_BLIND),
    ("straddle ", ActionKind.POST_STRADDLE),
)
#: decimals -> {text after "name: ": reading}; see _read_act. Bounded: replaced when full.
_ACTS: dict[int, dict[str, tuple]] = {}


def _read_act(rest: str, dec: int) -> tuple:
    """(code, kind, amount, raise_to, all_in, cards) for the text after "name: ".

    ``kind`` is the action's ActionKind (None for ignored lines); ``amount`` a raise's
    increment ("raises $0.75 to $1.25": 0.75) and ``raise_to`` its total, None otherwise;
    ``cards`` a fold's or show's cards (None when none were printed). Depends on the text and
    the decimals only, so readings are cached; raises ParseError (never cached).
    """
    all_in = rest.endswith(" and is all-in")
    if all_in:
        rest = rest[:-14]
    # Shows first: they are most of the texts read (their cards and hand names rarely repeat);
    # the verbs' prefixes are disjoint, so the order of the tests changes no reading.
    if rest.startswith("shows ") or rest.startswith("mucks"):
        cards = ()
        b = rest.find("[")
        if b != -1:
            cards = bracketed_cards(rest, b)
        elif rest != "mucks hand":
            raise ParseError("unknown_line", "cannot read shown cards")
        kind = ActionKind.SHOW if rest[0] == "s" else ActionKind.MUCK
        return _SHOW, kind, 0, None, all_in, cards
    if rest.startswith("folds"):
        cards = parse_cards(rest[rest.index("[") :]) if len(rest) > 6 and "[" in rest else None
        return _NO_CHIPS, ActionKind.FOLD, 0, None, all_in, cards
    if rest == "checks":
        return _NO_CHIPS, ActionKind.CHECK, 0, None, all_in, None
    if rest.startswith("calls "):
        return _ADDS, ActionKind.CALL, parse_money(rest[6:], dec), None, all_in, None
    if rest.startswith("bets "):
        text = rest[5:]
        if " and has reached the " in text:
            text = text[: text.index(" and has reached the ")]
        return _ADDS, ActionKind.BET, parse_money(text, dec), None, all_in, None
    if rest.startswith("raises "):
        if " and has reached the " in rest:
            rest = rest[: rest.index(" and has reached the ")]
        # _RAISE reads "raises X to Y" at the first " to " with text on both sides.
        cut = rest.find(" to ", 8)
        if cut != -1 and len(rest) > cut + 4:
            by_text, to_text = rest[7:cut], rest[cut + 4 :]
        else:
            m = _RAISE.match(rest)
            if not m:
                raise ParseError("unknown_line", "cannot read raise")
            by_text, to_text = m[1], m[2]
        to = parse_money(to_text, dec)
        return _RAISES, ActionKind.RAISE, parse_money(by_text, dec), to, all_in, None
    if rest.startswith("posts "):
        what = rest[6:]
        if what.startswith("the ante "):
            return _ANTE, ActionKind.POST_ANTE, parse_money(what[9:], dec), None, all_in, None
        if what.startswith("small & big blinds "):
            amount = parse_money(what[19:], dec)
            return _SB_BB, ActionKind.POST_BIG_BLIND, amount, None, all_in, None
        for prefix, kind in _POSTS:
            if what.startswith(prefix):
                return _BLIND, kind, parse_money(what[len(prefix) :], dec), None, all_in, None
        raise ParseError("unknown_line", "unknown post")
    if rest in _COLON_IGNORED or rest.startswith("is sitting out") \
            or rest.startswith("has timed out") or rest.startswith("sits out"):
        return _IGNORED, None, 0, None, all_in, None
    raise ParseError("unknown_line", "unknown action")


_CACHE_MAX = 16_384  # readings per decimals: bounds memory to a few MB


def _read_seat(line: str, dec: int) -> tuple | None:
    """(seat, name, stack, sitting_out, bounty) of a seat-list line, None if it is not one.

    The plain form ``Seat 3: name ($2.83 in chips)`` (no bounty, nothing after) is read by a
    simpler regex: its greedy name also ends at the line's last " (", so it reads the same
    fields as ``_SEAT``, which reads every other form.

    Speed (issue 7): nearly every stack is "$2.83" or "1500", and ``_DIGITS_SEAT`` hands
    over their digits, which give the amount as :func:`parse_money` does (whole and cents
    digits joined for two decimals, the chips for none) for less than a call to it.
    """
    digits = _DIGITS_SEAT.fullmatch(line)
    if digits is not None:
        seat, name, stack, whole, cents, chips = digits.groups()
        if dec == 2 and whole is not None:
            return int(seat), name, int(whole + cents), False, None
        if dec == 0 and chips is not None:
            return int(seat), name, int(chips), False, None
        return int(seat), name, parse_money(stack, dec), False, None
    plain = _PLAIN_SEAT.fullmatch(line)
    if plain is not None:
        seat, name, stack = plain.groups()
        return int(seat), name, parse_money(stack, dec), False, None
    return _read_any_seat(line, dec)


def _read_any_seat(line: str, dec: int) -> tuple | None:
    """:func:`_read_seat` for every form: bounty, "is sitting out", "out of hand"..."""
    s = _SEAT.match(line)
    if not s:
        return None
    name, stack_text, bounty_text, tail = s.group("name", "stack", "bounty", "tail")
    stack = parse_money(stack_text, dec)
    bounty = parse_money(bounty_text, 2) if bounty_text else None
    sitting = "sitting out" in tail or "out of hand" in tail
    return int(s["seat"]), name, stack, sitting, bounty


#: Table line -> (name, max seats, button); a file repeats a few (one per table and button).
_TABLES: dict[str, tuple[str, int | None, int | None]] = {}


def _read_table(line: str) -> tuple[str, int | None, int | None]:
    """(table name, max seats, button seat) of a "Table '...'" line; cached (bounded)."""
    got = _TABLES.get(line)
    if got is None:
        t = _TABLE.match(line)
        if t:
            got = (t["name"], int(t["max"]) if t["max"] else None,
                   int(t["button"]) if t["button"] else None)
        else:
            got = ("", None, None)
        if len(_TABLES) >= _CACHE_MAX:
            _TABLES.clear()
        _TABLES[line] = got
    return got


# --- body ------------------------------------------------------------------------------------


def _relayout(lines: list[str]) -> tuple[list[str], list[int]]:
    """Undo two archive layouts: double-spaced hands and hands indented by one space.

    Returns the cleaned lines and each one's original 1-based line number, so errors still
    point at the right line of the chunk.
    """
    kept: list[str] = []
    numbers: list[int] = []
    for no, line in enumerate(lines, 1):
        line = line.lstrip(" ")
        if line and not line.startswith("*********** #"):
            kept.append(line)
            numbers.append(no)
    return kept, numbers


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = chunk.text.split("\n")
    numbers: list[int] | None = None  # line numbers when lines had to be re-laid
    if len(lines) > 2 and (not lines[1] or lines[1][:1] == " "):
        lines, numbers = _relayout(lines)
    head = lines[0].lstrip(" \t\ufeff")
    h = parse_header(head)
    dec = h.decimals
    first_bet, second_bet = h.first_bet, h.second_bet

    table_name, max_seats, button = "", None, None
    i = 1
    if len(lines) > 1 and lines[1].startswith("Table "):
        table_name, max_seats, button = _read_table(lines[1])
        i = 2

    # Seats: consecutive "Seat N: name (stack in chips)" lines.
    seats: dict[int, tuple] = {}  # seat -> (seat, name, stack, sitting_out, bounty)
    n = len(lines)
    while i < n and lines[i].startswith("Seat "):
        line = lines[i]
        try:
            got = _read_seat(line, dec)
        except ParseError as err:
            raise err.with_context(line=i + 1, text=line) from None
        if got is None:
            break
        seats[got[0]] = got
        i += 1
    if not seats:
        raise ParseError("no_seats", "no seat lines after the header", line=i + 1,
                         text=lines[i] if i < n else "")

    seat_of = {v[1]: k for k, v in seats.items()}
    by_length = sorted(seat_of, key=len, reverse=True)
    colon_names = [nm + ":" for nm in by_length if ": " in nm]

    def name_prefix(line: str) -> tuple[int, str] | None:
        """(seat, rest after the name) for a line starting with a seated name + space."""
        for nm in by_length:
            if line.startswith(nm) and line[len(nm) : len(nm) + 1] == " ":
                return seat_of[nm], line[len(nm) :]
        return None

    limit = h.limit
    if limit is LimitType.FIXED_LIMIT:
        small_bet, big_bet = first_bet, second_bet
        big_blind, small_blind = first_bet, first_bet // 2
    else:
        small_bet = big_bet = 0
        small_blind, big_blind = first_bet, second_bet

    actions: list[Action] = []
    add = actions.append
    act = _action
    street = Street.PREFLOP
    totals: dict[int, int] = {}
    hole: dict[int, tuple[str, ...]] = {}
    hero: int | None = None
    dealt_to: list[int] = []
    boards: list[tuple[str, ...]] = [()]
    run_boards: dict[int, tuple[str, ...]] = {}
    collections: list[Collection] = []
    cash_outs: list[CashOut] = []
    showdown_run: int | None = None
    in_showdown = False
    summary_at = -1
    ante = 0
    sb_posted: int | None = None
    bb_posted = False

    colon_starts = tuple(colon_names)  # one startswith call tells if any may apply
    acts = _ACTS.get(dec)
    if acts is None or len(acts) >= _CACHE_MAX:
        acts = _ACTS[dec] = {}

    for idx in range(i, n):
        line = lines[idx]
        if not line:
            continue
        try:
            if line[0] == "*" and line.startswith("*** "):
                # Section markers, read before "name: ..." lines.
                end = line.find(" ***", 3)
                marker = line[4:end] if end != -1 else line[4:]
                new_street = _STREET_WORDS.get(marker)  # the sets of markers are disjoint
                if new_street is not None:
                    boards[0] = cards_in_brackets(line)
                    street = new_street
                    totals = {}
                    continue
                if marker in _SKIPPED_MARKERS:
                    continue
                if marker == "SUMMARY":
                    summary_at = idx
                    break
                if marker in _SHOWDOWN_WORDS:
                    in_showdown = True
                    continue
                word0, _, word1 = marker.partition(" ")
                run = _RUNS.get(word0)
                if run is not None:
                    if word1 in _SHOWDOWN_WORDS:
                        in_showdown = True
                        showdown_run = run
                        continue
                    if word1 in _STREET_WORDS:
                        run_boards[run] = cards_in_brackets(line)
                        new_street = _STREET_WORDS[word1]
                        if new_street > street:
                            street = new_street
                            totals = {}
                        continue
                raise ParseError("unknown_line", "unknown section marker")

            # "name: verb ..." lines: the seated name, then the (cached) reading of the rest.
            seat = None
            if colon_starts and line.startswith(colon_starts):
                for nm in colon_names:
                    if line.startswith(nm):
                        seat, rest = seat_of[nm[:-1]], line[len(nm) :].lstrip(" ")
                        break
            if seat is None:
                name, colon, rest = line.partition(": ")  # the text before the first ": "
                if colon and name:
                    seat = seat_of.get(name)
                if seat is None and line[-1] == ":" and line[:-1] in seat_of:
                    continue  # "name:" with nothing after (observer files)
            if seat is not None:
                r = acts.get(rest)
                if r is None:
                    r = acts[rest] = _read_act(rest, dec)
                code, kind, amt, raise_to, all_in, cards = r
                lineno = numbers[idx] if numbers else idx + 1
                if code == _NO_CHIPS:  # folds, checks
                    add(act(street, seat, kind, 0, totals.get(seat, 0), False, (), lineno,
                            None))
                    if cards is not None:
                        hole[seat] = cards
                elif code == _ADDS:  # calls, bets
                    to = totals.get(seat, 0) + amt
                    totals[seat] = to
                    add(act(street, seat, kind, amt, to, all_in, (), lineno, None))
                elif code == _SHOW:
                    if cards:
                        hole[seat] = cards
                    st = Street.SHOWDOWN if in_showdown or street is Street.RIVER else street
                    add(act(st, seat, kind, 0, totals.get(seat, 0), False, cards, lineno, None))
                elif code == _RAISES:
                    add(act(street, seat, kind, raise_to - totals.get(seat, 0), raise_to, all_in,
                            (), lineno, amt))
                    totals[seat] = raise_to
                elif code == _BLIND:
                    if kind is ActionKind.POST_SMALL_BLIND:
                        if sb_posted is not None or bb_posted:
                            # A second small blind (a new player's, after the blinds) is
                            # dead money: it does not count toward the player's bet.
                            add(act(street, seat, ActionKind.POST_DEAD, amt,
                                    totals.get(seat, 0), all_in, (), lineno, None))
                            continue
                        sb_posted = amt
                    elif kind is ActionKind.POST_BIG_BLIND:
                        bb_posted = True
                    to = totals.get(seat, 0) + amt
                    totals[seat] = to
                    add(act(street, seat, kind, amt, to, all_in, (), lineno, None))
                elif code == _ANTE:
                    if not all_in and amt > ante:
                        ante = amt
                    add(act(street, seat, kind, amt, totals.get(seat, 0), all_in, (), lineno,
                            None))
                elif code == _SB_BB:
                    live = min(amt, big_blind)
                    to = totals.get(seat, 0) + live
                    totals[seat] = to
                    add(act(street, seat, kind, live, to, all_in and amt == live, (), lineno,
                            None))
                    if amt > live:
                        add(act(street, seat, ActionKind.POST_DEAD, amt - live, to, all_in, (),
                                lineno, None))
                continue

            # Lines without "name: "
            lineno = numbers[idx] if numbers else idx + 1
            first = line[0]
            if first == "U" and line.startswith("Uncalled bet ("):
                close = line.find(") returned to ")
                if close == -1:
                    raise ParseError("unknown_line", "cannot read uncalled bet")
                who = line[close + 14 :]
                if who not in seat_of:
                    raise ParseError("unknown_line", f"unknown player {who!r}")
                seat = seat_of[who]
                amt = parse_money(line[14:close], dec)
                to = totals.get(seat, 0) - amt
                totals[seat] = to
                add(act(street, seat, ActionKind.UNCALLED_RETURN, amt, to, False, (), lineno,
                        None))
                continue
            if first == "D" and line.startswith("Dealt to "):
                found = name_prefix(line[9:])
                if found is None:
                    raise ParseError("unknown_line", "dealt to an unknown player")
                seat, rest = found
                b = rest.find("[")
                if b != -1:
                    cards = cards_in_brackets(rest)
                    if cards:
                        hole[seat] = cards
                        dealt_to.append(seat)
                continue
            found = name_prefix(line)
            if found is not None:
                seat, rest = found
                if rest.startswith(" collected "):
                    m = _COLLECTED.match(rest)
                    if not m:
                        raise ParseError("unknown_line", "cannot read collection")
                    text, whole, cents, chips, where, side = m.groups()
                    pot = None if where == "pot" else 0 if where == "main pot" else (
                        int(side) if side else 1)
                    if dec == 2 and whole is not None:
                        amt = int(whole + cents)
                    elif dec == 0 and chips is not None:
                        amt = int(chips)
                    else:
                        amt = parse_money(text, dec)
                    collections.append(_collection(seat, amt, pot, showdown_run, lineno))
                    continue
                if rest.startswith(" cashed out the hand for "):
                    m = _CASHED.match(rest)
                    if not m:
                        raise ParseError("unknown_line", "cannot read cash-out")
                    fee = parse_money(m[2], dec) if m[2] else 0
                    cash_outs.append(CashOut(seat, parse_money(m[1], dec), fee))
                    continue
            if _IGNORABLE.match(line) or line in _DEALER_LINES:
                continue
            raise ParseError("unknown_line", "unrecognised line")
        except ParseError as err:
            raise err.with_context(line=numbers[idx] if numbers else idx + 1, text=line) from None

    if summary_at < 0:
        raise ParseError("truncated_hand", "no *** SUMMARY *** section", line=n, text=lines[-1])

    report, summary_boards = read_summary(lines, summary_at, dec, hole, collections, cash_outs)

    # Boards: one per run, each complete (shared cards repeated).
    if run_boards:
        final = tuple(tuple(run_boards[r]) if len(run_boards[r]) >= len(boards[0])
                      else tuple(boards[0]) for r in sorted(run_boards))
    elif summary_boards and len(summary_boards) > 1:
        final = tuple(tuple(b) for b in summary_boards)
    else:
        final = (tuple(boards[0]),)

    if limit is LimitType.FIXED_LIMIT and sb_posted and sb_posted < big_blind:
        small_blind = sb_posted
    if len(dealt_to) == 1:
        hero = dealt_to[0]
    make_seat = _seat
    seat_objs = tuple([
        make_seat(k, name, stack, sitting_out, k == hero, hole.get(k), bounty, True)
        for k, (_, name, stack, sitting_out, bounty) in sorted(seats.items())
    ])
    return _hand(  # positional (a tenth of the cost of 23 keywords), in field order
        SITE,                                                       # site
        h.hand_id,                                                  # hand_id
        h.game,                                                     # game
        limit,                                                      # limit
        h.currency,                                                 # currency
        dec,                                                        # decimals
        _stakes(small_blind, big_blind, ante, small_bet, big_bet),  # stakes
        seat_objs,                                                  # seats
        tuple(actions),                                             # actions
        button,                                                     # button_seat
        final,                                                      # boards
        report,                                                     # report
        h.started_at,                                               # started_at
        h.local_time,                                               # local_time
        h.time_zone,                                                # time_zone
        table_name,                                                 # table_name
        max_seats,                                                  # max_seats
        h.tournament_id is not None,                                # is_tournament
        h.tournament_id,                                            # tournament_id
        h.level,                                                    # level
        h.fast_fold,                                                # fast_fold
        _source_ref(file, chunk.offset, chunk.line),                # source
        chunk.text,                                                 # raw_text
    )


#: ``parse(chunk, file="")``: one hand chunk to a Hand, or ParseError naming the site
#: (UnsupportedGame for other games); a glued file is told apart from an unknown line.
parse = with_site(SITE, _parse, header=HEADER)


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="pokerstars",
    site="pokerstars",
    description="PokerStars hand histories (cash, Zoom, tournaments, home games)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
