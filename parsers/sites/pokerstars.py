"""PokerStars hold'em hand histories -> :class:`parsers.model.Hand`.

Covers cash (USD/EUR/GBP/...), play money, Zoom, tournaments (antes, bounties), home games,
no/pot/fixed limit, run it twice, side pots, cash-outs. Other games (Omaha, stud, razz, draw,
badugi, Courchevel, 6+ hold'em, the non-hold'em rounds of mixed games) raise UnsupportedGame.

How it reads a hand, and why:
- Lines are dispatched on cheap prefix/suffix tests (``startswith``, ``partition``); regexes are
  precompiled and only used once a line's kind is known, so a hand costs about one dict lookup
  and a couple of string tests per line.
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
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from parsers.cards import parse_cards
from parsers.errors import ParseError, UnsupportedGame
from parsers.model import (
    PLAY_MONEY,
    TOURNAMENT_CHIPS,
    Action,
    ActionKind,
    CashOut,
    Collection,
    Game,
    Hand,
    LimitType,
    PrintedPot,
    Seat,
    SiteReport,
    SourceRef,
    Stakes,
    Street,
)
from parsers.text import Chunk, parse_money

SITE = "pokerstars"
HEADER = re.compile(r"PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #\d")
DETECTION = "a line starting 'PokerStars Hand #', 'PokerStars Zoom Hand #', 'PokerStars Game #' "
DETECTION += "or 'PokerStars Home Game Hand #' in the first 8 KB"
SUPPORTS = "hold'em NL/PL/FL: cash, Zoom, tournaments, home games, run it twice, cash-out"

_HEAD = re.compile(
    r"PokerStars (?P<kind>Zoom |Home Game |Rush )?(?:Hand|Game) #(?P<id>\d+):\s*"
    r"(?:\{(?P<club>[^}]*)\}\s*)?(?P<rest>.*)$"
)
_TOURNEY = re.compile(
    r"Tournament #(?P<tid>\d+),\s*(?P<desc>.*?)\s+-\s+(?:Match Round \w+,? )?"
    r"Level (?P<level>[\w-]+)\s*\((?P<stakes>[^)]*)\)(?:\s*-\s*(?P<date>.*))?$"
)
_CASH = re.compile(r"(?P<desc>.*?)\s*\((?P<stakes>[^)]*)\)(?:\s*-\s*(?P<date>.*))?$")
_DATE = re.compile(
    r"(\d{4})/(\d{1,2})/(\d{1,2})\s+(?:-\s+)?(\d{1,2}):(\d{2}):(\d{2})(?:\s*\(?([A-Z]{1,5})\)?)?"
)
_TABLE = re.compile(
    r"Table (?:ID )?'(?P<name>.*)'(?:\s+(?P<max>\d+)-[mM]ax)?(?:\s+\(Play Money\))?"
    r"(?:\s+Seat #(?P<button>\d+) is the button)?"
)
_SEAT = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>(?:Rs\. )?[^ ()]*[\d.]) in chips"
    r"(?:, (?P<bounty>\S+) bounty)?\)(?P<tail>.*)$"
)
_RAISE = re.compile(r"raises (.+?) to (.+)$")
_COLLECTED = re.compile(r" collected (.+?) from (pot|main pot|side pot(?:-(\d+))?)$")
_CASHED = re.compile(r" cashed out the hand for (\S+)(?: \| Cash Out Fee (\S+))?$")
_POT_PART = re.compile(
    r"(?P<label>[A-Za-z][A-Za-z]*(?: [A-Za-z]+)*(?:-(?P<n>\d+))?) "
    r"(?P<amt>(?:Rs\. ?)?[^\d\s|]?[\d,]*\.?\d+)\.?(?=\s|$)"
)
_SUMMARY_CARDS = re.compile(r"^Seat (\d+): .*?\b(?:showed|mucked) \[([^\]]*)\]")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
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

# PokerStars prints regional abbreviations; they mean the region's civil time (DST included:
# a "CET" time in July is CEST), so each maps to a representative zone.
_ZONES = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles",
    "AT": "America/Halifax", "AKT": "America/Anchorage", "HT": "Pacific/Honolulu",
    "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC", "GMT": "UTC", "WET": "Europe/Lisbon", "CET": "Europe/Paris",
    "EET": "Europe/Bucharest", "MSK": "Europe/Moscow", "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai", "JST": "Asia/Tokyo", "KST": "Asia/Seoul",
    "AWST": "Australia/Perth", "ACST": "Australia/Adelaide", "AEST": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
}
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR", "R": "INR"}


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


# --- header ----------------------------------------------------------------------------------


def _game_of(desc: str, line: str) -> tuple[Game, LimitType]:
    """Game and limit from the header's game words, e.g. "Hold'em No Limit"."""
    inner = desc
    if "(" in desc and ")" in desc:  # mixed games: "8-Game (Hold'em No Limit)"
        inner = desc[desc.rindex("(") + 1 : desc.rindex(")")]
    low = inner.lower()
    if "no limit" in low:
        limit = LimitType.NO_LIMIT
    elif "pot limit" in low:
        limit = LimitType.POT_LIMIT
    else:
        limit = LimitType.FIXED_LIMIT
    if "hold'em" in low or "holdem" in low or "hold\\'em" in low:
        if "6+" in low or "short" in low:
            raise UnsupportedGame(f"6+ (short deck) hold'em: {inner}", line=1, text=line)
        return Game.HOLDEM, limit
    if "omaha" in low:
        game = Game.OMAHA_HI_LO if "hi/lo" in low else Game.OMAHA
    elif "razz" in low:
        game = Game.RAZZ
    elif "stud" in low:
        game = Game.STUD
    elif "draw" in low or "badugi" in low:
        game = Game.DRAW
    else:
        game = Game.OTHER
    raise UnsupportedGame(f"{inner.strip() or 'unknown game'} ({game.value})", line=1, text=line)


def _started_at(date: str) -> tuple[datetime | None, str, str]:
    """(UTC time, printed local time, its zone) from "2023/10/03 18:42:51 CET [... ET]".

    The bracketed ET time is preferred when present (one zone to trust); the first printed
    time and its zone are kept as local_time/time_zone.
    """
    found = _DATE.findall(date)
    if not found:
        return None, "", ""
    y, mo, d, h, mi, s, zone = found[0]
    local = f"{y}/{int(mo):02d}/{int(d):02d} {int(h):02d}:{mi}:{s}"
    chosen = next((f for f in found if f[6] == "ET"), None) or next(
        (f for f in found if f[6] in _ZONES), None
    )
    if chosen is None:
        return None, local, zone
    y2, mo2, d2, h2, mi2, s2, z2 = chosen
    try:
        naive = datetime(int(y2), int(mo2), int(d2), int(h2), int(mi2), int(s2))
    except ValueError:
        return None, local, zone
    utc = naive.replace(tzinfo=ZoneInfo(_ZONES[z2])).astimezone(UTC)
    return utc, local, zone


class _Header:
    __slots__ = (
        "hand_id", "game", "limit", "currency", "decimals", "tournament_id", "level",
        "fast_fold", "stakes_text", "started_at", "local_time", "time_zone", "buyin_currency",
    )


def _parse_header(line: str) -> _Header:
    m = _HEAD.match(line)
    if not m:
        raise ParseError("bad_header", "not a PokerStars hand header", line=1, text=line)
    h = _Header()
    h.hand_id = m["id"]
    h.fast_fold = m["kind"] in ("Zoom ", "Rush ")
    rest = m["rest"]
    t = _TOURNEY.match(rest) if rest.startswith("Tournament #") else None
    if t:
        h.tournament_id, h.level, desc = t["tid"], t["level"], t["desc"]
        stakes, date = t["stakes"], t["date"] or ""
        h.currency, h.decimals = TOURNAMENT_CHIPS, 0
        h.buyin_currency = next((c for w, c in _SYMBOLS.items() if w in desc), None)
        for code in ("USD", "EUR", "GBP", "CAD", "INR", "CNY"):
            if f" {code} " in f" {desc} ":
                h.buyin_currency = code
    else:
        c = _CASH.match(rest)
        if not c or rest.startswith("Tournament #"):
            raise ParseError("bad_header", "cannot read game and stakes", line=1, text=line)
        h.tournament_id = h.level = None
        desc, stakes, date = c["desc"], c["stakes"], c["date"] or ""
        if "," in stakes and not stakes.split(",")[0].strip()[-1:].isdigit():
            # "HORSE (Razz Limit, $0.10/$0.20 USD)": the current game is inside.
            game_words, _, stakes = stakes.partition(",")
            desc = f"{desc} ({game_words})"
        h.buyin_currency = None
        code = stakes.split()[-1] if stakes.split() else ""
        if code.isalpha() and code.isupper() and len(code) == 3:
            h.currency = code
        else:
            sym = stakes.strip()[:1]
            h.currency = _SYMBOLS.get(sym, PLAY_MONEY)
        h.decimals = 0 if h.currency == PLAY_MONEY else 2
    h.game, h.limit = _game_of(desc, line)
    h.stakes_text = stakes
    h.started_at, h.local_time, h.time_zone = _started_at(date)
    return h


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


def _stakes_pair(h: _Header, line: str) -> tuple[int, int]:
    text = h.stakes_text.split(" - ")[0].strip().replace("Rs. ", "Rs.")
    parts = text.split()[0].split("/") if text else []
    if len(parts) != 2:
        raise ParseError("bad_header", f"cannot read stakes {h.stakes_text!r}", line=1, text=line)
    try:
        return parse_money(parts[0], h.decimals), parse_money(parts[1], h.decimals)
    except ParseError as err:
        raise err.with_context(line=1, text=line, site=SITE) from None


# --- body ------------------------------------------------------------------------------------


def parse(chunk: Chunk, file: str = "") -> Hand:
    """Parse one PokerStars hand chunk. Raises ParseError (UnsupportedGame for other games)."""
    try:
        return _parse(chunk, file)
    except ParseError as err:
        if err.reason == "unknown_line" and HEADER.search(chunk.text, 1):
            # A file cut mid-hand with the next file glued on: say so rather than blame a line.
            err.reason = "truncated_hand"
            err.detail = "another hand's header starts inside this hand (file cut and glued)"
        raise err.with_context(site=SITE) from None


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = chunk.text.split("\n")
    numbers: list[int] | None = None  # line numbers when lines had to be re-laid
    if len(lines) > 2 and (not lines[1] or lines[1][:1] == " "):
        lines, numbers = _relayout(lines)
    head = lines[0].lstrip(" \t\ufeff")
    h = _parse_header(head)
    dec = h.decimals
    first_bet, second_bet = _stakes_pair(h, head)

    table_name, max_seats, button = "", None, None
    i = 1
    if len(lines) > 1 and lines[1].startswith("Table "):
        t = _TABLE.match(lines[1])
        if t:
            table_name = t["name"]
            max_seats = int(t["max"]) if t["max"] else None
            button = int(t["button"]) if t["button"] else None
        i = 2

    # Seats: consecutive "Seat N: name (stack in chips)" lines.
    seats: dict[int, list] = {}  # seat -> [name, stack, sitting_out, bounty]
    n = len(lines)
    while i < n and lines[i].startswith("Seat "):
        s = _SEAT.match(lines[i])
        if not s:
            break
        try:
            stack = parse_money(s["stack"], dec)
            bounty = parse_money(s["bounty"], 2) if s["bounty"] else None
        except ParseError as err:
            raise err.with_context(line=i + 1, text=lines[i]) from None
        tail = s["tail"]
        sitting = "sitting out" in tail or "out of hand" in tail
        seats[int(s["seat"])] = [s["name"], stack, sitting, bounty]
        i += 1
    if not seats:
        raise ParseError("no_seats", "no seat lines after the header", line=i + 1,
                         text=lines[i] if i < n else "")

    seat_of = {v[0]: k for k, v in seats.items()}
    by_length = sorted(seat_of, key=len, reverse=True)
    colon_names = [nm for nm in by_length if ": " in nm]

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
    street = Street.PREFLOP
    totals: dict[int, int] = {}
    hole: dict[int, tuple[str, ...]] = {}
    hero: int | None = None
    dealt_to: list[int] = []
    boards: list[list[str]] = [[]]
    run_boards: dict[int, list[str]] = {}
    collections: list[Collection] = []
    cash_outs: list[CashOut] = []
    showdown_run: int | None = None
    in_showdown = False
    summary_at = -1
    ante = 0
    sb_posted: int | None = None
    bb_posted = False

    for idx in range(i, n):
        line = lines[idx]
        lineno = numbers[idx] if numbers else idx + 1
        if not line:
            continue
        try:
            if line.startswith("*** "):
                marker = line[4 : line.find(" ***", 3)] if " ***" in line[3:] else line[4:]
                word0, _, word1 = marker.partition(" ")
                if marker in ("HOLE CARDS", "PRE-FLOP", "DEALING HANDS"):
                    continue
                if marker == "SUMMARY":
                    summary_at = idx
                    break
                if marker in ("SHOW DOWN", "SHOWDOWN"):
                    in_showdown = True
                    continue
                run = _RUNS.get(word0)
                if run is not None:
                    if word1 in ("SHOW DOWN", "SHOWDOWN"):
                        in_showdown = True
                        showdown_run = run
                        continue
                    if word1 in _STREET_WORDS:
                        cards = [c for g in _BRACKETS.findall(line) for c in parse_cards(g)]
                        run_boards[run] = cards
                        new_street = _STREET_WORDS[word1]
                        if new_street > street:
                            street = new_street
                            totals = {}
                        continue
                if marker in _STREET_WORDS:
                    cards = [c for g in _BRACKETS.findall(line) for c in parse_cards(g)]
                    boards[0] = cards
                    street = _STREET_WORDS[marker]
                    totals = {}
                    continue
                raise ParseError("unknown_line", "unknown section marker")

            # "name: verb ..." lines
            seat = None
            rest = ""
            if colon_names:
                for nm in colon_names:
                    if line.startswith(nm + ":"):
                        seat, rest = seat_of[nm], line[len(nm) + 1 :].lstrip(" ")
                        break
            if seat is None:
                cut = line.find(": ")
                if cut > 0 and line[:cut] in seat_of:
                    seat, rest = seat_of[line[:cut]], line[cut + 2 :]
                elif line[-1] == ":" and line[:-1] in seat_of:
                    continue  # "name:" with nothing after (observer files)
            if seat is not None:
                all_in = rest.endswith(" and is all-in")
                if all_in:
                    rest = rest[:-14]
                if rest.startswith("folds"):
                    add(Action(street, seat, ActionKind.FOLD, 0, totals.get(seat, 0),
                               line=lineno))
                    if len(rest) > 6 and "[" in rest:
                        hole[seat] = parse_cards(rest[rest.index("[") :])
                elif rest == "checks":
                    add(Action(street, seat, ActionKind.CHECK, 0, totals.get(seat, 0),
                               line=lineno))
                elif rest.startswith("calls "):
                    amt = parse_money(rest[6:], dec)
                    to = totals.get(seat, 0) + amt
                    totals[seat] = to
                    add(Action(street, seat, ActionKind.CALL, amt, to, all_in, (), lineno))
                elif rest.startswith("bets "):
                    text = rest[5:]
                    if " and has reached the " in text:
                        text = text[: text.index(" and has reached the ")]
                    amt = parse_money(text, dec)
                    to = totals.get(seat, 0) + amt
                    totals[seat] = to
                    add(Action(street, seat, ActionKind.BET, amt, to, all_in, (), lineno))
                elif rest.startswith("raises "):
                    if " and has reached the " in rest:
                        rest = rest[: rest.index(" and has reached the ")]
                    m = _RAISE.match(rest)
                    if not m:
                        raise ParseError("unknown_line", "cannot read raise")
                    to = parse_money(m[2], dec)
                    amt = to - totals.get(seat, 0)
                    totals[seat] = to
                    add(Action(street, seat, ActionKind.RAISE, amt, to, all_in, (), lineno,
                               parse_money(m[1], dec)))
                elif rest.startswith("posts "):
                    what = rest[6:]
                    if what.startswith("the ante "):
                        amt = parse_money(what[9:], dec)
                        if not all_in and amt > ante:
                            ante = amt
                        add(Action(street, seat, ActionKind.POST_ANTE, amt,
                                   totals.get(seat, 0), all_in, (), lineno))
                    elif what.startswith("small & big blinds "):
                        amt = parse_money(what[19:], dec)
                        live = min(amt, big_blind)
                        to = totals.get(seat, 0) + live
                        totals[seat] = to
                        add(Action(street, seat, ActionKind.POST_BIG_BLIND, live, to,
                                   all_in and amt == live, (), lineno))
                        if amt > live:
                            add(Action(street, seat, ActionKind.POST_DEAD, amt - live, to,
                                       all_in, (), lineno))
                    else:
                        kind = None
                        if what.startswith("small blind "):
                            kind, text = ActionKind.POST_SMALL_BLIND, what[12:]
                        elif what.startswith("big blind "):
                            kind, text = ActionKind.POST_BIG_BLIND, what[10:]
                        elif what.startswith("straddle "):
                            kind, text = ActionKind.POST_STRADDLE, what[9:]
                        if kind is None:
                            raise ParseError("unknown_line", "unknown post")
                        amt = parse_money(text, dec)
                        if kind is ActionKind.POST_SMALL_BLIND:
                            if sb_posted is not None or bb_posted:
                                # A second small blind (a new player's, after the blinds) is
                                # dead money: it does not count toward the player's bet.
                                add(Action(street, seat, ActionKind.POST_DEAD, amt,
                                           totals.get(seat, 0), all_in, (), lineno))
                                continue
                            sb_posted = amt
                        elif kind is ActionKind.POST_BIG_BLIND:
                            bb_posted = True
                        to = totals.get(seat, 0) + amt
                        totals[seat] = to
                        add(Action(street, seat, kind, amt, to, all_in, (), lineno))
                elif rest.startswith("shows ") or rest.startswith("mucks"):
                    cards = ()
                    b = rest.find("[")
                    if b != -1:
                        cards = parse_cards(rest[b : rest.index("]", b) + 1])
                        if cards:
                            hole[seat] = cards
                    elif rest != "mucks hand":
                        raise ParseError("unknown_line", "cannot read shown cards")
                    kind = ActionKind.SHOW if rest[0] == "s" else ActionKind.MUCK
                    st = Street.SHOWDOWN if in_showdown or street is Street.RIVER else street
                    add(Action(st, seat, kind, 0, totals.get(seat, 0), cards=cards,
                               line=lineno))
                elif rest in _COLON_IGNORED or rest.startswith("is sitting out") \
                        or rest.startswith("has timed out") or rest.startswith("sits out"):
                    pass
                else:
                    raise ParseError("unknown_line", "unknown action")
                continue

            # Lines without "name: "
            if line.startswith("Uncalled bet ("):
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
                add(Action(street, seat, ActionKind.UNCALLED_RETURN, amt, to, False, (), lineno))
                continue
            if line.startswith("Dealt to "):
                found = name_prefix(line[9:])
                if found is None:
                    raise ParseError("unknown_line", "dealt to an unknown player")
                seat, rest = found
                b = rest.find("[")
                if b != -1:
                    cards = tuple(c for g in _BRACKETS.findall(rest) for c in parse_cards(g))
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
                    where = m[2]
                    pot = None if where == "pot" else 0 if where == "main pot" else (
                        int(m[3]) if m[3] else 1)
                    collections.append(
                        Collection(seat, parse_money(m[1], dec), pot, showdown_run, lineno))
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
            raise err.with_context(line=lineno, text=line) from None

    if summary_at < 0:
        raise ParseError("truncated_hand", "no *** SUMMARY *** section", line=n, text=lines[-1])

    report, summary_boards = _read_summary(lines, summary_at, dec, hole, collections,
                                           cash_outs)

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
    seat_objs = tuple(
        Seat(
            seat=k,
            player=v[0],
            stack=v[1],
            sitting_out=v[2],
            is_hero=k == hero,
            hole_cards=hole.get(k),
            bounty=v[3],
        )
        for k, v in sorted(seats.items())
    )
    return Hand(
        site=SITE,
        hand_id=h.hand_id,
        game=h.game,
        limit=limit,
        currency=h.currency,
        decimals=dec,
        stakes=Stakes(small_blind, big_blind, ante, small_bet, big_bet),
        seats=seat_objs,
        actions=tuple(actions),
        button_seat=button,
        boards=final,
        report=report,
        started_at=h.started_at,
        local_time=h.local_time,
        time_zone=h.time_zone,
        table_name=table_name,
        max_seats=max_seats,
        is_tournament=h.tournament_id is not None,
        tournament_id=h.tournament_id,
        level=h.level,
        fast_fold=h.fast_fold,
        source=SourceRef(file, chunk.offset, chunk.line),
        raw_text=chunk.text,
    )


def _read_summary(
    lines: list[str],
    start: int,
    dec: int,
    hole: dict[int, tuple[str, ...]],
    collections: list[Collection],
    cash_outs: list[CashOut],
) -> tuple[SiteReport, list[list[str]]]:
    """Pots, rake, fees, boards and revealed cards from the *** SUMMARY *** section."""
    total = rake = None
    fees: list[tuple[str, int]] = []
    pots: list[PrintedPot] = []
    boards: list[list[str]] = []
    for idx in range(start + 1, len(lines)):
        line = lines[idx]
        if not line:
            break  # end of hand; anything after a blank line is not part of it
        try:
            if line.startswith("Total pot "):
                side = 0
                for m in _POT_PART.finditer(line):
                    label, amt = m["label"], parse_money(m["amt"].rstrip("."), dec)
                    if label == "Total pot":
                        total = amt
                    elif label == "Main pot":
                        pots.append(PrintedPot(0, amt))
                    elif label.startswith("Side pot"):
                        side = int(m["n"]) if m["n"] else side + 1
                        pots.append(PrintedPot(side, amt))
                    elif label == "Rake":
                        rake = amt
                    else:
                        fees.append((label, amt))
            elif line.startswith("Seat ") and "ed [" in line:
                m = _SUMMARY_CARDS.match(line)
                if m:
                    cards = parse_cards(m[2])
                    if cards:
                        hole.setdefault(int(m[1]), cards)
            elif "Board [" in line:
                boards.append([c for g in _BRACKETS.findall(line) for c in parse_cards(g)])
        except ParseError as err:
            raise err.with_context(line=idx + 1, text=line) from None
    report = SiteReport(
        total_pot=total,
        rake=rake,
        fees=tuple(fees),
        pots=tuple(pots),
        collections=tuple(collections),
        cash_outs=tuple(cash_outs),
    )
    return report, boards
