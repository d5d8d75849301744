"""OnGame network hand histories (2008-2014 client) -> :class:`parsers.model.Hand`.

The network's skins (OnGame, Betfair, Strobe, Italian rooms) all wrote the same layout::

    ***** History for hand R5-260041977-287 *****
    Start hand: Wed Aug 01 18:09:42 EEST 2012
    Table: Tokyo [260041977] (NO_LIMIT TEXAS_HOLDEM $2/$4, Real money)
    ...
    --- Dealing flop [Jh, Th, 5c]
    ...
    Summary:
    Main pot: $539 won by Player1 ($536)
    Rake taken: $3
    ***** End of hand R5-260041977-287 *****

What is OnGame's own, and how it is read:
- Cash ids start "R", tournament ids "T" (the header then names the tournament "S-755-6811").
- "raises X to Y": Y is the street total (X is the chips added); "calls X"/"bets X" are the
  chips added. Amounts may carry thousand separators ("$1,391.85").
- No "uncalled bet returned" line exists, and the printed pots leave the unmatched chips out:
  the parser returns them explicitly (an UNCALLED_RETURN when the street closes), which is what
  the site did. Antes of a player who covers nobody are returned the same way.
- Hole cards shown at showdown appear only in the summary seat lines ("net: +$10, [Qc, 3c]");
  a player still in at the end whose cards are printed there is recorded as showing them.
- Times are printed with the player's zone: an abbreviation (CET, EEST, GST, MSK) or a fixed
  offset ("GMT+0200").
- The Betfair skin prints cash amounts without a currency symbol: they are dollars.
- Anything unrecognised in the action section raises ``unknown_line``; a hand whose "End of
  hand" line is missing or names another hand (files damaged by concatenation) is
  ``truncated_hand``.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone

from parsers.errors import ParseError, UnsupportedGame
from parsers.format import Format
from parsers.model import (
    PLAY_MONEY,
    TOURNAMENT_CHIPS,
    Action,
    ActionKind,
    Game,
    Hand,
    LimitType,
    PrintedPot,
    Stakes,
    Street,
)
from parsers.sites._kit.common import with_site
from parsers.sites._kit.lines import read_to_end
from parsers.sites._kit.starlike import Builder, Names, cards_in, to_utc, unknown
from parsers.sites._kit.tables import CURRENCY_SYMBOLS, STREETS_LOWER
from parsers.text import Chunk, parse_money

SITE = "ongame"
HEADER = re.compile(r"\*{5} History for hand [A-Z]\d")
DETECTION = "a line '***** History for hand R5-...' (or T5-...) in the first 8 KB"
SUPPORTS = "hold'em NL/PL/FL: cash (USD/EUR, play money), sit & go and tournaments with antes"

_HEAD = re.compile(r"\*{5} History for hand (\S+?)(?: \(TOURNAMENT: \"(.*)\", ([^,]+),.*\))?"
                   r" \*{5}$")
_DATE = re.compile(r"Start hand: \w{3} (\w{3}) +(\d{1,2}) (\d\d):(\d\d):(\d\d) (\S+) (\d{4})$")
_TABLE = re.compile(r"Table: (.*?) \[\d+\] +\((\w+) (\w+) ([^/ ]+)/([^, ]+)"
                    r"(?:, ante: ([^,]+))?, ([^)]+)\)$")
_SEAT = re.compile(r"Seat (\d+): (.+) \(([^()]*)\)$")
_POT = re.compile(r"(?:Main pot|Side pot (\d+)): (\S+) won by (.*)$")
_WINNER = re.compile(r"(.+?) \(([^() ]+)(?: (?:High|Low))?\)(?:, |$)")
_SUMMARY_SEAT = re.compile(r"Seat (\d+): (.+?) \([^()]*\)(?:, net: [^\[]*?(?:, (\[[^\]]*\]))?"
                           r"(?: \(.*\))?)?$")
_MONTHS = {m: i for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1)}
#: Abbreviations OnGame printed that the shared table does not hold, as fixed UTC offsets.
_FIXED_ZONES = {"EEST": 3, "EET": 2, "GST": 4, "MSD": 4, "WEST": 1}
_LIMITS = {"NO_LIMIT": LimitType.NO_LIMIT, "POT_LIMIT": LimitType.POT_LIMIT,
           "LIMIT": LimitType.FIXED_LIMIT}
_GAMES = {"OMAHA_HI": Game.OMAHA, "OMAHA_HI_LO": Game.OMAHA_HI_LO, "SEVEN_CARD_STUD": Game.STUD,
          "FIVE_CARD_DRAW": Game.DRAW}
_IGNORED = ("Dealing pocket cards", "---", "Summary:")


def sniff(text: str) -> bool:
    """OnGame's hand header, followed by its "Start hand:" line."""
    at = text.find("***** History for hand ")
    return at != -1 and "Start hand: " in text[at : at + 400]


def _money(text: str, dec: int) -> int:
    return parse_money(text.strip(), dec)


def _started_at(m: re.Match[str]) -> tuple[datetime | None, str]:
    mon, day, h, mi, s, zone, year = m.groups()
    naive = datetime(int(year), _MONTHS[mon], int(day), int(h), int(mi), int(s))
    if zone.startswith("GMT") and len(zone) == 8 and zone[3] in "+-":
        sign = 1 if zone[3] == "+" else -1
        off = timedelta(hours=int(zone[4:6]), minutes=int(zone[6:8])) * sign
        return naive.replace(tzinfo=timezone(off)).astimezone(UTC), zone
    if zone in _FIXED_ZONES:
        off = timezone(timedelta(hours=_FIXED_ZONES[zone]))
        return naive.replace(tzinfo=off).astimezone(UTC), zone
    return to_utc(naive, zone), zone


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = chunk.text.split("\n")
    head = _HEAD.match(lines[0])
    if head is None:
        raise ParseError("bad_header", "not an OnGame hand header", line=1, text=lines[0])
    hand_id, tourney_name, tourney_id = head.groups()
    if not lines[-1].startswith("***** End of hand "):
        raise ParseError("truncated_hand", f"hand {hand_id} has no end line",
                         line=len(lines), text=lines[-1])
    started_at, zone, local = None, "", ""
    table_name = ""
    button: int | None = None
    max_seats: int | None = None
    seats: dict[int, list] = {}
    table = None
    i = 1
    # ---- preamble: everything before the first post or action ----
    while i < len(lines):
        line = lines[i]
        if line.startswith("Start hand: "):
            m = _DATE.match(line)
            if m is None:
                raise ParseError("bad_header", "unreadable start time", line=i + 1, text=line)
            started_at, zone = _started_at(m)
            local = line[len("Start hand: "):]
        elif line.startswith("Table: "):
            table = _TABLE.match(line)
            if table is None:
                raise ParseError("bad_header", "unreadable table line", line=i + 1, text=line)
            table_name = table.group(1)
        elif line.startswith("User: "):
            pass
        elif line.startswith("Button: seat "):
            button = int(line[13:])
        elif line.startswith("Players in round: "):
            rest = line[18:]
            if "(" in rest:
                max_seats = int(rest[rest.index("(") + 1 : rest.index(")")])
        elif line.startswith("Seat "):
            m = _SEAT.match(line)
            if m is None:
                raise ParseError("unknown_line", "unreadable seat line", line=i + 1, text=line)
            seats[int(m.group(1))] = [m.group(2), m.group(3), False, None]
        else:
            break
        i += 1
    if table is None:
        raise ParseError("bad_header", "no table line", line=1, text=lines[0])
    _, limit_word, game_word, sb_text, bb_text, ante_text, money_kind = table.groups()
    if game_word != "TEXAS_HOLDEM":
        raise UnsupportedGame(f"{game_word} ({_GAMES.get(game_word, Game.OTHER).value})",
                              line=2, text=table.group(0))
    limit = _LIMITS.get(limit_word)
    if limit is None:
        raise ParseError("bad_header", f"unknown limit {limit_word!r}", text=table.group(0))
    if money_kind in ("TC", "Chips"):
        currency, dec = TOURNAMENT_CHIPS, 0
    elif money_kind == "Play money":
        currency, dec = PLAY_MONEY, 2
    else:
        currency, dec = CURRENCY_SYMBOLS.get(sb_text[0], "USD"), 2
    if tourney_id is not None and currency != TOURNAMENT_CHIPS:
        currency, dec = TOURNAMENT_CHIPS, 0
    if not seats:
        raise ParseError("no_seats", "no seat lines", line=i + 1)
    for v in seats.values():
        v[1] = _money(v[1], dec)
    sb, bb = _money(sb_text, dec), _money(bb_text, dec)
    ante = _money(ante_text, dec) if ante_text else 0
    # Fixed-limit tables are named by their bet sizes ("$100/$200"): the blinds are half.
    stakes = (Stakes(sb // 2, sb, ante, sb, bb) if limit is LimitType.FIXED_LIMIT
              else Stakes(sb, bb, ante))
    names = Names(seats)
    b = Builder()
    folded: set[int] = set()
    antes: dict[int, int] = {}
    # ---- posts and actions ----
    while i < len(lines):
        line = lines[i]
        n = i + 1
        i += 1
        if line.startswith("Summary:"):
            break
        if line.startswith("--- Dealing "):
            word = line[12:].split(" ", 1)[0]
            street = STREETS_LOWER.get(word)
            if street is None:
                raise ParseError("unknown_line", "unknown street", line=n, text=line)
            cards = cards_in(line)
            if street <= b.street and _repeated(b.board, street, cards, n, line):
                continue  # after an all-in the client deals the current street again
            _close(b, antes)
            b.add_board_cards(street, cards)
            continue
        if line in _IGNORED or line.startswith("Dealing to "):
            if line.startswith("Dealing to "):
                got = names.prefix(line[11:], ": ")
                if got is None:
                    raise ParseError("unknown_line", "dealt to an unseated player", line=n,
                                     text=line)
                b.dealt(got[0], cards_in(got[1]))
            continue
        got = names.prefix(line)
        if got is None:
            raise unknown("line names no seated player").with_context(line=n, text=line)
        seat, rest = got
        try:
            _action(b, seat, rest, dec, bb, n, folded, antes)
        except ParseError as err:
            raise err.with_context(line=n, text=line) from None
    else:
        raise ParseError("truncated_hand", "no Summary section", line=len(lines))
    _close(b, antes)
    # ---- summary ----
    pots: list[PrintedPot] = []
    rake: int | None = None
    for k in range(i, len(lines)):
        line, n = lines[k], k + 1
        if line.startswith(("Main pot", "Side pot")):
            m = _POT.match(line)
            if m is None:
                raise ParseError("unknown_line", "unreadable pot line", line=n, text=line)
            index = int(m.group(1)) if m.group(1) else 0
            pots.append(PrintedPot(index, _money(m.group(2), dec)))
            for w in _WINNER.finditer(m.group(3)):
                seat = names.exact(w.group(1))
                if seat is None:
                    raise ParseError("unknown_line", "pot won by an unseated player", line=n,
                                     text=line)
                b.collect(seat, _money(w.group(2), dec), n, pot_index=index)
        elif line.startswith("Rake taken: "):
            rake = _money(line[12:], dec)
        elif line.startswith("Seat "):
            m = _SUMMARY_SEAT.match(line)
            if m is None:
                raise ParseError("unknown_line", "unreadable summary seat", line=n, text=line)
            seat = int(m.group(1))
            if m.group(3) and seat in seats:
                cards = cards_in(m.group(3))
                if seat not in folded and not _shown(b, seat):
                    b.in_showdown = True
                    b.show(seat, cards, n)
                else:
                    b.summary_cards(seat, cards)
        elif line.startswith("***** End of hand "):
            break
        elif line:
            raise ParseError("unknown_line", "unexpected summary line", line=n, text=line)
    return b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=hand_id, game=Game.HOLDEM, limit=limit,
        currency=currency, decimals=dec, stakes=stakes, seats=seats, button=button,
        total_pot=sum(p.amount for p in pots) if pots else None, rake=rake,
        pots=tuple(pots), started_at=started_at, local_time=local, time_zone=zone,
        table_name=table_name, max_seats=max_seats, tournament_id=tourney_id,
        level=None if tourney_name is None else f"{sb_text}/{bb_text}",
    )


# lines after the end line (chat, notices) are ignored lines (read_to_end)
parse = with_site(SITE, read_to_end(_parse, lambda line: line.startswith("***** End of hand ")),
                  ignore_harmless=True)


def _repeated(board: list[str], street: Street, cards: tuple[str, ...], n: int,
              line: str) -> bool:
    start = (0, 0, 3, 4)[street]
    if tuple(board[start : start + len(cards)]) != cards:
        raise ParseError("unknown_line", f"{street.name.lower()} dealt twice with other cards",
                         line=n, text=line)
    return True


def _shown(b: Builder, seat: int) -> bool:
    return any(a.seat == seat and a.kind is ActionKind.SHOW for a in b.actions)


def _action(b: Builder, seat: int, rest: str, dec: int, bb: int, n: int, folded: set[int],
            antes: dict[int, int]) -> None:
    all_in = rest.endswith("[all in]")
    if all_in:
        rest = rest[:-8].rstrip()
    if rest == "folds":
        folded.add(seat)
        b.fold(seat, n)
    elif rest == "checks":
        b.check(seat, n)
    elif rest.startswith("calls "):
        b.call(seat, _money(rest[6:], dec), all_in, n)
    elif rest.startswith("bets "):
        b.bet(seat, _money(rest[5:], dec), all_in, n)
    elif rest.startswith("raises "):
        _, _, to = rest[7:].partition(" to ")
        if not to:
            raise unknown("raise without a total")
        b.raise_to(seat, _money(to, dec), all_in, n)
    elif rest.startswith("posts "):
        what = rest[6:]
        if what.startswith("small blind "):
            b.post(ActionKind.POST_SMALL_BLIND, seat, _money(what[12:].strip("()"), dec),
                   all_in, n)
        elif what.startswith("big blind "):
            b.post(ActionKind.POST_BIG_BLIND, seat, _money(what[10:].strip("()"), dec),
                   all_in, n)
        elif what.startswith("ante "):
            amount = _money(what[5:].strip("()"), dec)
            antes[seat] = antes.get(seat, 0) + amount
            b.post(ActionKind.POST_ANTE, seat, amount, all_in, n)
        elif what.startswith("dead blind "):
            _dead_blind(b, seat, _money(what[11:].strip("()"), dec), bb, all_in, n)
        else:
            raise unknown("unknown post")
    else:
        raise unknown()


def _dead_blind(b: Builder, seat: int, amount: int, bb: int, all_in: bool, n: int) -> None:
    """OnGame's "posts dead blind ($x)": the missed-blinds rule, by what the amount can be.

    A returning player owes the blinds he missed: the big blind live, the small blind dead.
    OnGame prints the live big blind as its own "posts big blind" line and the dead part as
    "dead blind", so a dead blind beside the seat's own big blind is dead money whole; less
    than a big blind (the missed small blind) it is dead whatever else the seat posts. Only
    a dead blind that stands for the big blind itself (no big blind line of its own) is
    live: the big blind's worth, and the rest of a larger one dead.
    """
    posted_big = any(a.seat == seat and a.kind is ActionKind.POST_BIG_BLIND
                     for a in b.actions)
    if posted_big or amount < bb:
        b.post(ActionKind.POST_DEAD, seat, amount, all_in, n)
    elif amount == bb:
        b.post(ActionKind.POST_BIG_BLIND, seat, amount, all_in, n)
    else:
        b.post_both(seat, amount, bb, all_in, n)


def _close(b: Builder, antes: dict[int, int]) -> None:
    """End a street: give back the unmatched part of its top bet (the site does it silently).

    Antes matter only when nobody put in a live bet (every player all in on the antes): then
    the largest ante above the second largest is returned too.
    """
    if antes and not b.totals and len(antes) > 1:
        ranked = sorted(antes.items(), key=lambda kv: kv[1], reverse=True)
        (seat, best), second = ranked[0], ranked[1][1]
        if best > second:  # a dead post: the return leaves the street total at nothing
            b.actions.append(Action(Street.PREFLOP, seat, ActionKind.UNCALLED_RETURN,
                                    best - second, 0, False, (), b.actions[-1].line))
        antes.clear()
        return
    antes.clear()
    b.close_street()


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="ongame",
    site=SITE,
    description="OnGame network hand histories (OnGame, Betfair, Strobe skins; 2008-2014)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
