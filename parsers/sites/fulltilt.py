"""Full Tilt Poker hold'em hand histories -> :class:`parsers.model.Hand`.

Covers cash (USD, play chips), Rush, and tournaments (sit & go, Matrix, MTT) in the
2008-2014 layout: ``Full Tilt Poker Game #N: Table T (6 max) - NL Hold'em - $0.5/$1 - 12:40:19
ET - 2014/01/06`` (cash) or ``Full Tilt Poker Game #N: $26 Super Turbo Matrix (244669447),
Match 2 - 15/30 - No Limit Hold'em - 09:20:06 EET - 2012/11/23 [02:20:06 ET - 2012/11/23]``.
Omaha, stud, razz, draw, badugi and Irish raise UnsupportedGame.

Brands (BRANDS): the name a header starts with, as each client or export wrote it --

======================  ==========================================================
``Full Tilt Poker``      the client's own export (2004-2016), every currency
``FullTiltPoker``        the same hands as Hold'em Manager 2 and PokerTracker archive
                         and re-export them (with a leading "BEGIN" line or none)
``Full Tilt Poker.fr``   the French-licensed client (2010-2012, euros); the rest of the
                         hand is in the same (English) words
======================  ==========================================================

What is Full Tilt's own, and how it is read:
- Two clocks: the player's local time and zone, then (in brackets) Eastern time. The first is
  kept as printed; UTC is computed from it.
- The game words sit either before or after the stakes ("NL Hold'em - $5/$10" or
  "$0.5/$1 - No Limit Hold'em"); tournaments print the blinds without a currency (and "8K"
  for 8,000), with " Ante N" after them.
- "The button is in seat #N" comes after the posts; "raises to X" gives the street total;
  "posts a dead small blind of X" is dead money; "antes X" is an ante.
- Players chat inside the hand ("name: text"), and the table prints notices (time bank,
  disconnections, sitting out): those carry no chips and are skipped; anything else unknown
  raises ``unknown_line``.
- "wins the pot (X)", "wins side pot #1 (X)", "wins the main pot (X)" are the collections; the
  summary's "Total pot X Main pot Y. Side pot-1 Z. | Rake R" gives total, pots and rake;
  another summary line (but the few of ``_SUMMARY_KNOWN``) raises ``unknown_line``, read past
  as an ``ignored_line`` finding where it moves no chips.
- Where the body prints no street marker or no "wins" line, the summary's "Board: [..]" and
  its seat lines' "collected (X)" / "won (X)" stand in (:mod:`parsers.sites._kit.summary`).
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import partial

from parsers.errors import ParseError, UnsupportedGame
from parsers.format import Format
from parsers.model import (
    PLAY_MONEY,
    TOURNAMENT_CHIPS,
    ActionKind,
    Hand,
    PrintedPot,
    Street,
)
from parsers.sites._kit.common import line_sniffer, with_site
from parsers.sites._kit.ignorable import mentions_rabbit_hunt
from parsers.sites._kit.lines import read_listed_seats
from parsers.sites._kit.starlike import (
    Builder,
    Names,
    cards_in,
    game_of,
    limit_stakes,
    shown_in,
    to_utc,
    unknown,
)
from parsers.sites._kit.summary import board_from_summary, summary_seat_won
from parsers.sites._kit.tables import STREETS
from parsers.sites._kit.verbs import (
    RaiseText,
    record_bet,
    record_dealt,
    split_all_in,
    summary_seat_cards,
)
from parsers.text import Chunk, parse_money

SITE = "fulltilt"
#: Every name a Full Tilt hand header is known to start with (see BRANDS in the docstring).
_BRAND = r"(?:Full Tilt Poker|FullTiltPoker)(?:\.[Ff][Rr])?"
HEADER = re.compile(rf"{_BRAND} Game #\d+: ")
DETECTION = ("a line starting 'Full Tilt Poker Game #N: ' (or a brand of the BRANDS table:"
             " 'FullTiltPoker', 'Full Tilt Poker.fr') in the first 8 KB")
SUPPORTS = "hold'em NL/PL/FL: cash (USD, play chips), Rush, sit & go, Matrix, tournaments"

_HEAD = re.compile(
    rf"{_BRAND} Game #(?P<id>\d+): (?P<body>.*) - (?P<h>\d{{1,2}}):(?P<mi>\d\d):(?P<s>\d\d) "
    r"(?P<tz>[A-Z]+) - (?P<y>\d{4})/(?P<mo>\d\d)/(?P<d>\d\d)(?: \[.*\])?$"
    rf"|{_BRAND} Game #(?P<id2>\d+): (?P<body2>.*) - (?P<h2>\d{{1,2}}):(?P<mi2>\d\d) "
    r"(?P<tz2>[A-Z]+) - [A-Z][a-z]+, (?P<mon2>[A-Z][a-z]+) (?P<d2>\d{1,2}), (?P<y2>\d{4})$"
)
_STAKES = re.compile(r"^(?P<cur>[$€£]?)(?P<sb>[\d.,]+[KkMB]?)/[$€£]?(?P<bb>[\d.,]+[KkMB]?)"
                     r"(?: Ante [$€£]?(?P<ante>[\d.,]+[KkMB]?))?(?: (?P<cap>Cap [$€£]?[\d.,]+))?$")
_SEAT = re.compile(r"Seat (\d+): (.*) \(([$€£]?[\d,.]+)\)(.*)$")
#: Summary lines the site prints that say nothing of the money: an archive's "Duration 20s",
#: and the numbered separator between hands ("******************** # 2 ****...") that ends
#: a hand's text in some files. Other lines the summary reader does not know go to the kit's
#: rule (an ``ignored_line`` finding, or a reject where they could move chips).
_SUMMARY_KNOWN = re.compile(r"^(?:Duration \d+s|\*+ # \d+ \*+)\s*$")
_WINS = re.compile(r"(?:wins|ties for) (?:the )?(pot|main pot|side pot(?: #?(\d+))?)"
                   r"(?: #?(\d+))? \(([$€£]?[\d,.]+)\)")
_MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
_IGNORED = (
    "seconds left to act", "seconds to reconnect", "has reconnected", "has been disconnected",
    "is sitting out", "sits out", "stands up", "has returned", "is feeling", "has timed out",
    "will be allowed to play", "sits down", "has requested", "adds ", "is disconnected",
    "is connected", "has been removed", "rebuys", "re-buys", "has been moved",
    "is waiting", "has left the table",
)
_NOT_HOLDEM = ("Omaha", "Stud", "Razz", "Draw", "Badugi", "Irish", "Courchevel", "2-7", "5 Card")


# True when a Full Tilt hand header starts one of the first lines. Never raises.
sniff = line_sniffer(HEADER.match, needs=(" Game #",))


def _chips(text: str, dec: int) -> int:
    """An amount, with tournament shorthand: "8K" is 8,000 chips."""
    mult = {"K": 1000, "k": 1000, "M": 1_000_000, "B": 1_000_000_000}.get(text[-1:])
    if mult:
        return parse_money(text[:-1], dec) * mult
    return parse_money(text, dec)


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = chunk.text.split("\n")
    head = lines[0]
    m = _HEAD.match(head)
    if not m:
        if HEADER.match(head) and any(g in head for g in _NOT_HOLDEM):
            # a header cut or reworded ("... (partial)") still names its game: not hold'em
            raise UnsupportedGame(next(g for g in _NOT_HOLDEM if g in head), line=1, text=head)
        raise ParseError("bad_header", "not a Full Tilt hand header", line=1, text=head)
    if m["id2"]:  # the short-lived 2010 format: "15:13 ET - Wed, July 21, 2010"
        hand_id, body, zone = m["id2"], m["body2"], m["tz2"]
        mon = _MONTHS.get(m["mon2"][:3].lower())
        if mon is None:
            raise ParseError("bad_header", "cannot read the date", line=1, text=head)
        y, mo, d, hh, mi, ss = int(m["y2"]), mon, int(m["d2"]), int(m["h2"]), int(m["mi2"]), 0
    else:
        hand_id, body, zone = m["id"], m["body"], m["tz"]
        y, mo, d = int(m["y"]), int(m["mo"]), int(m["d"])
        hh, mi, ss = int(m["h"]), int(m["mi"]), int(m["s"])
    parts = body.split(" - ")
    stakes_at = next((k for k, p in enumerate(parts) if _STAKES.match(p)), None)
    if stakes_at is None or stakes_at == 0:
        raise ParseError("bad_header", "cannot find the stakes", line=1, text=head)
    st = _STAKES.match(parts[stakes_at])
    assert st is not None
    if stakes_at + 1 < len(parts) and stakes_at >= 1 and not parts[stakes_at - 1].startswith(
            ("Table ", "Match ")) and "," not in parts[stakes_at - 1] and "(" not in \
            parts[stakes_at - 1]:
        words, where = parts[stakes_at - 1], " - ".join(parts[: stakes_at - 1])
    elif stakes_at + 1 < len(parts):
        words, where = parts[stakes_at + 1], " - ".join(parts[:stakes_at])
    else:
        words, where = parts[stakes_at - 1], " - ".join(parts[: stakes_at - 1])
    if any(w in words for w in _NOT_HOLDEM):
        game_of(words.replace("2-7", "draw"), head)  # raises UnsupportedGame
    low = words.replace("CAP ", "").replace("NL ", "No Limit ").replace("PL ", "Pot Limit ")
    low = low.replace("FL ", "Limit ")
    game, limit = game_of(low, head)
    tourney = re.search(r"\((\d+)\)(?:, |$)", where)
    if tourney:
        currency, dec = TOURNAMENT_CHIPS, 0
    elif st["cur"] == "€":
        currency, dec = "EUR", 2
    elif st["cur"]:
        currency, dec = "USD", 2
    else:
        currency, dec = PLAY_MONEY, 2
    try:
        first, second = _chips(st["sb"], dec), _chips(st["bb"], dec)
        ante = _chips(st["ante"], dec) if st["ante"] else 0
    except ParseError as err:
        raise err.with_context(line=1, text=head) from None
    table_name = where
    tm = re.search(r"Table (.*?)(?: \((?:\d+ max|heads up|deep|shallow|ante|[^)]*)\))*$", where)
    if tm:
        table_name = tm[1]
    max_m = re.search(r"\((\d+) max\)", where)
    max_seats = int(max_m[1]) if max_m else (2 if "(heads up)" in where else None)
    level = None
    naive = datetime(y, mo, d, hh, mi, ss)
    local_time = f"{y:04d}/{mo:02d}/{d:02d} {hh:02d}:{mi:02d}:{ss:02d}"

    i, n = 1, len(lines)
    while i < n and not lines[i].strip():  # archives (HM2, PT) put a blank line here
        i += 1
    if i < n and lines[i].startswith("Seats: ") and lines[i][7:].isdigit():  # Rush tourneys
        max_seats = int(lines[i][7:])
        i += 1
    seats, i = read_listed_seats(
        lines, i, _SEAT, lambda s: [s[2], _chips(s[3], dec), "sitting out" in s[4], None])
    names = Names(seats)
    b = Builder()
    chips = partial(_chips, dec=dec)
    button = None
    summary_at = -1
    posted_sb: int | None = None
    runs: dict[int, tuple[str, ...]] = {}  # run-it-twice: run number -> its complete board
    for idx in range(i, n):
        line, lineno = lines[idx], idx + 1
        if not line:
            continue
        try:
            if line.startswith("*** "):
                marker = line[4:line.find(" ***", 3)]
                word, _, run = marker.rpartition(" ")
                if run.isdigit() and word in ("FLOP", "TURN", "RIVER",
                                                                   "SHOW DOWN"):
                    # "*** RIVER 2 *** [Td 3d 3h Qh] [2h]": one run of a run-it-twice hand,
                    # printed with every card of its board
                    if word != "SHOW DOWN":
                        board = cards_in(line[: line.find("(")] if "(" in line else line)
                        if len(board) >= len(runs.get(int(run), ())):
                            runs[int(run)] = board
                        b.new_street(STREETS[word], board if run == "1" else ())
                    else:
                        b.in_showdown = True
                    continue
                if marker == "HOLE CARDS":
                    continue
                if marker == "SUMMARY":
                    summary_at = idx
                    break
                if marker == "SHOW DOWN":
                    b.in_showdown = True
                    continue
                if marker in STREETS:
                    b.new_street(STREETS[marker], cards_in(line[: line.find("(")]
                                                             if "(" in line else line))
                    continue
                raise unknown("unknown section marker")
            if line == "Players agree to Run It Twice":
                continue  # the runs' own markers ("*** RIVER 1 ***", "*** RIVER 2 ***") follow
            if line.startswith("The button is in seat #"):
                button = int(line[23:])
                continue
            if line.startswith("Dealt to "):
                record_dealt(b, names, line[9:], "dealt to an unknown player")
                continue
            if line.startswith("Uncalled bet of "):
                amt, _, who = line[16:].partition(" returned to ")
                seat = names.exact(who)
                if seat is None:
                    raise unknown("returned to an unknown player")
                b.uncalled(seat, _chips(amt, dec), lineno)
                continue
            found = names.prefix(line)
            if found is None:
                if mentions_rabbit_hunt(line):
                    raise unknown("a rabbit hunt")  # the kit's rule reads it past, reported
                if names.prefix(line, ": ") is not None or ": " in line:
                    continue  # chat (or a notice naming a player who left)
                if line.endswith(_IGNORED) or any(t in line for t in _IGNORED):
                    continue
                raise unknown()
            seat, rest = found
            capped = rest.endswith(", and is capped")  # a CAP game: as if all-in from here
            if capped:
                rest = rest[:-15]
            rest, all_in = split_all_in(rest, ", and is all in")
            all_in = all_in or capped
            if record_bet(b, seat, rest, chips, all_in, lineno, RaiseText.TO):
                continue
            if rest.startswith("posts the small blind of "):
                amt = _chips(rest[25:], dec)
                posted_sb = amt if posted_sb is None else posted_sb
                b.post(ActionKind.POST_SMALL_BLIND, seat, amt, all_in, lineno)
            elif rest.startswith("posts the big blind of "):
                b.post(ActionKind.POST_BIG_BLIND, seat, _chips(rest[23:], dec), all_in, lineno)
            elif rest.startswith("posts a dead small blind of "):
                b.post(ActionKind.POST_DEAD, seat, _chips(rest[28:], dec), all_in, lineno)
            elif rest.startswith("posts "):
                b.post(ActionKind.POST_BIG_BLIND, seat, _chips(rest[6:], dec), all_in, lineno)
            elif rest.startswith("antes "):
                b.post(ActionKind.POST_ANTE, seat, _chips(rest[6:], dec), all_in, lineno)
            elif rest.startswith("shows "):
                b.show(seat, shown_in(rest[: rest.find("]") + 1]), lineno)
            elif rest == "mucks" or rest.startswith("mucks "):
                b.show(seat, shown_in(rest), lineno, muck=True)
            elif rest.startswith(("wins ", "ties for ")):
                w = _WINS.match(rest)
                if not w:
                    raise unknown("cannot read winnings")
                if runs and w[3]:  # "wins pot 2 ($311)": the pot of the second run
                    b.collect(seat, _chips(w[4], dec), lineno, 0, int(w[3]) - 1)
                    continue
                pot = None if w[1] == "pot" else 0 if w[1] == "main pot" else \
                    int(w[2] or w[3] or 1)
                b.collect(seat, _chips(w[4], dec), lineno, pot)
            elif rest.startswith(": ") or rest.startswith(_IGNORED) or \
                    any(t in rest for t in _IGNORED):
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
    folded = {a.seat for a in b.actions if a.kind is ActionKind.FOLD}
    for idx in range(summary_at + 1, n):
        line = lines[idx]
        try:
            if line.startswith("Seat ") and from_summary:
                _summary_seat(b, line, idx + 1, dec, folded, names)
            if line.startswith("Total pot "):
                body, _, tail = line[10:].partition(" | ")
                amounts = re.findall(r"(Main pot|Side pot(?:-| #)?(\d*)) ([$€£]?[\d,.]+[KM]?)",
                                     body)
                total = _chips(body.split(" ")[0], dec)
                for label, no, amt in amounts:
                    pots.append(PrintedPot(int(no) if no else (0 if label == "Main pot" else 1),
                                           _chips(amt.rstrip("."), dec)))
                if tail.startswith("Rake "):
                    rake = _chips(tail[5:], dec)
            elif line.startswith("Seat ") and "[" in line:
                summary_seat_cards(b, seats, line)
            elif line.startswith("Board: "):
                board_from_summary(b, line)
            elif line.strip() and not (line.startswith(("Seat ", "*** ", "Pot "))
                                       or _SUMMARY_KNOWN.match(line)):
                # read past only where the kit's rule allows (an ``ignored_line`` finding)
                raise ParseError("unknown_line", "unrecognised summary line")
        except ParseError as err:
            raise err.with_context(line=idx + 1, text=line) from None
    if from_summary and b.collections:
        # Such hands print no uncalled-bet line either; "collected" is net of the return.
        b.close_street()
    if runs:
        b.boards = [runs[k] for k in sorted(runs)]
    stakes = limit_stakes(limit, first, second, ante, posted_sb)
    return b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=hand_id, game=game, limit=limit,
        currency=currency, decimals=dec, stakes=stakes, seats=seats, button=button,
        total_pot=total, rake=rake, pots=tuple(pots), started_at=to_utc(naive, zone),
        local_time=local_time, time_zone=zone, table_name=table_name, max_seats=max_seats,
        tournament_id=tourney[1] if tourney else None, level=level,
        fast_fold="Rush" in where and not tourney,
    )


# Parse one Full Tilt hand chunk. Raises ParseError (UnsupportedGame for other games).
parse = with_site(SITE, _parse, ignore_harmless=True)


def _summary_seat(b: Builder, line: str, lineno: int, dec: int, folded: set[int],
                  names: Names) -> None:
    """A summary seat line, read only when the action section printed no "wins" line.

    Some short hands (walks in Matrix sit & goes) print neither the small blind's fold nor
    the winner's "wins" line: the summary's "folded before the Flop" and "collected (X)" are
    then the only record of them, and are read as such.
    """
    no = line[5:line.find(":")]
    if not no.isdigit():
        return
    seat = int(no)
    won = summary_seat_won(line, names)
    if won:
        b.collect(seat, _chips(won[1], dec), lineno)
    elif line.endswith("folded before the Flop") and seat not in folded \
            and b.street is Street.PREFLOP:
        b.fold(seat, lineno)


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="fulltilt",
    site=SITE,
    description="Full Tilt Poker hand histories (cash, Rush, sit & go, Matrix, tournaments)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
    glued=True,
)
