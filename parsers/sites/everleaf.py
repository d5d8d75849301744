"""Everleaf Gaming network hand histories (2008-2019; Everleaf, Grand Poker skins) -> Hand.

The layout::

    Everleaf Gaming Game #190075259
    ***** Hand history for game #190075259 *****
    Blinds $0.01/$0.02 NL Hold'em - 2010/08/03 - 17:03:59
    Table Los Angeles XV
    Seat 2 is the button
    Total number of players: 8
    Seat 1: zetnik (  $ 0.98 USD )
    rcgott4: posts small blind [$ 0.01 USD]
    ** Dealing down cards **
    Dealt to Hero [ Qd, 7c ]
    MDKILLER69 raises [$ 0.18 USD]
    ** Dealing Flop ** [ 6d, Jc, Js ]
    zetnik shows [ 4c, 4d ] two pairs, jacks and fours
    MDKILLER69 wins $ 0.13 USD from main pot with two pairs, jacks and
    eights [ Jc, Js, 9d, 8c, 8h ]

Skins (SKINS): each prints its own banner line above the hand line --

==============================  =========================================================
``Everleaf Gaming Game #N``      Everleaf's own rooms: English hand line
``- - Grand Poker - Game #N``    Grand Poker: English hand line
``Partouche Poker Gibraltar``    Partouche (French): "*** Historique des Mains pour la
                                 partie N ***", euros, French time-bank notices ("est
                                 déconnecté et dispose de 20 secondes supplémentaires");
                                 the actions keep the English words, and a shown hand's
                                 name is glued to its cards ("[ 5s, 4s ]a pair of tens")
==============================  =========================================================

Any other banner line that names a game ("Game #N"), a "Poker" room or "Gaming" is taken for
a skin's too: the hand line under it is what identifies the network.

What is Everleaf's own, and how it is read:
- The hand starts at the banner line ("Everleaf Gaming Game #N", "- - Grand Poker - Game #N")
  that precedes "***** Hand history for game #N *****"; hands end at the next banner (no end
  line is printed, so a cut hand is only caught when it names no winner).
- Every bracketed amount is the chips the action adds ("raises [$ 0.18 USD]" after a 0.02 big
  blind is a raise to 0.20); bets and posts carry a colon after the name ("Hero: bets [...]"),
  calls, raises, folds and checks do not.
- No uncalled bet is ever returned in the log, and "wins" amounts leave the unmatched chips
  out: the parser returns them when each street closes (Builder.close_street).
- No rake and no total pot are printed: the engine takes what the winners leave as the rake.
- Currency: "$"/"USD", "€"/"EURO" (older exports print the euro as "ˆ", a cp1252 byte slip);
  tournaments print bare numbers or "Chips". The tournament number is printed only by the
  newer skin ("Tournament #2768325 - Level 2"); otherwise it is taken from Everleaf's export
  file name ("TID_<tournament>-<table>.txt"), else left empty.
- No time zone is printed: the time is taken as UTC (the server's clock); ``time_zone`` stays
  empty to say it was not printed.
- Seat lines may say "( new player )" or "( All-in )" instead of a stack: seated, not dealt in.
- Chat lines ("Player8: bryan ohio?"), joins, reseats, disconnections and "sits out" are
  read past and kept as ``ignored_line`` info findings, by the shared rule
  (:mod:`parsers.sites._kit.ignorable`: :func:`is_colon_chat` for chat, its no-chips
  statements for the notices). A "NAME: ..." line that is not a colon action ("bets [",
  "posts ") and holds a betting word, cards or an amount is not chat: it is read as an action
  or rejects the hand. A showdown line may wrap, its continuation is skipped.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import PurePath

from parsers.cards import parse_cards
from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import TOURNAMENT_CHIPS, ActionKind, Hand, IgnoredLine, LimitType, Stakes
from parsers.sites._kit.common import with_site
from parsers.sites._kit.ignorable import clean_text, is_colon_chat, is_ignorable
from parsers.sites._kit.starlike import Builder, Names, game_of, unknown
from parsers.sites._kit.tables import CURRENCY_SYMBOLS, STREETS_TITLE
from parsers.text import Chunk, parse_money

SITE = "everleaf"
#: The hand line under the banner, in each language a skin wrote it (see the SKINS table).
_HAND_WORDS = r"\*{3,5} (?:Hand history for game #|Historique des Mains pour la partie )"
_HAND_LINE = re.compile(_HAND_WORDS + r"(\d+)")
#: A skin's banner: a line naming the game ("Everleaf Gaming Game #N", "- - Grand Poker - Game
#: #N") or the room ("Partouche Poker Gibraltar").
_BANNER = r"[^\n]*(?:Game #\d+|Poker|Gaming)[^\n]*"
HEADER = re.compile(_BANNER + r"\n" + _HAND_WORDS)
DETECTION = ("a line '***** Hand history for game #N *****' (or the French skin's '*** Historique"
             " des Mains pour la partie N ***') after a skin's banner line")
SUPPORTS = "hold'em NL/PL/FL cash (USD, EUR) and tournaments with antes; Omaha and stud rejected"

_GAME = re.compile(r"(?:Blinds +)?([$€ˆ]?)([\d,.]+)/ ?[$€ˆ]?([\d,.]+) (.+?)(?: - (\d+) Max)?"
                   r" - (\d{4})/(\d\d)/(\d\d) - (\d\d):(\d\d):(\d\d)$")
_SEAT = re.compile(r"Seat (\d+): (.+) \( +(.*?) *\)$")
_WINS = re.compile(r"wins (.+?) from (main|side) pot(?: \d+)?(?: with .*)?$")
_TID = re.compile(r"TID_(\d+)-")
# The dollar and the euro (no pound), and "ˆ": the euro of older exports (a cp1252 slip).
_CURRENCY = {"$": CURRENCY_SYMBOLS["$"], "€": CURRENCY_SYMBOLS["€"], "ˆ": "EUR"}
_NOISE = (" has joined the table", " has been reseated to this table", " sits out",
          " has left the table", " is sitting out")
_COLON_ACTIONS = ("bets [", "posts ")
#: The time-bank notice of a disconnected player, in English and in the French skin's words.
_DISCONNECTED = (" has disconnected and has been given ", " est déconnecté et dispose de ")


#: A line that starts with the hand words, and what the line before it must hold (_BANNER).
_HAND_LINE_START = re.compile(r"\n" + _HAND_WORDS)
_BANNER_WORDS = re.compile(r"Game #\d+|Poker|Gaming")


def sniff(text: str) -> bool:
    """Everleaf's hand line, right after a skin's banner line (:data:`HEADER`). Never raises.

    Found from the hand line back to its banner, not by searching for ``HEADER`` itself: its
    open-ended banner (``[^\\n]*`` before and after a word) retried every position of every
    line, which made this sniffer cost as much as all the others together.
    """
    try:
        head = text[:8192]
        for hand in _HAND_LINE_START.finditer(head):
            banner_start = head.rfind("\n", 0, hand.start()) + 1
            if _BANNER_WORDS.search(head, banner_start, hand.start()):
                return True
        return False
    except Exception:
        return False


def _cards(text: str) -> tuple[str, ...]:
    start, end = text.find("["), text.rfind("]")
    if start == -1 or end < start:
        return ()
    return parse_cards(text[start + 1 : end].replace(",", " "))


def _amount(text: str, dec: int) -> int:
    """"[$ 0.18 USD]", "[ 1,000 Chips]", "[274]", "$ 0.13 USD", "5500 chips", "ˆ 2.82 EURO"."""
    s = text.strip().strip("[]").strip()
    if s[:1] in _CURRENCY:
        s = s[1:].lstrip()
    word = s.rpartition(" ")
    if word[1] and word[2].isalpha():
        s = word[0]
    return parse_money(s, dec)


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = chunk.text.split("\n")
    head = _HAND_LINE.match(lines[1]) if len(lines) >= 4 else None
    if head is None:
        raise ParseError("bad_header", "not an Everleaf hand header", line=1, text=lines[0])
    hand_id = head[1]
    i = 2
    tournament_id: str | None = None
    level: str | None = None
    if lines[i].startswith("Tournament #"):
        tid, _, lvl = lines[i][12:].partition(" - ")
        tournament_id, level = tid, lvl or None
        i += 1
    m = _GAME.match(lines[i])
    if m is None:
        raise ParseError("bad_header", "unreadable game line", line=i + 1, text=lines[i])
    symbol, small, big, words, max_text, *when = m.groups()
    game, limit = game_of(words, lines[i], i + 1)
    started_at = datetime(*map(int, when), tzinfo=UTC)
    local = f"{'/'.join(when[:3])} - {':'.join(when[3:])}"
    i += 1
    chips = not symbol
    currency, dec = (TOURNAMENT_CHIPS, 0) if chips else (_CURRENCY[symbol], 2)
    if chips and tournament_id is None:
        t = _TID.search(PurePath(file).name) if file else None
        tournament_id = t.group(1) if t else ""
    table_name = lines[i][6:] if lines[i].startswith("Table ") else ""
    button: int | None = None
    seats: dict[int, list] = {}
    while True:
        i += 1
        if i >= len(lines):
            raise ParseError("truncated_hand", "no betting", line=len(lines))
        line = lines[i]
        if line.endswith(" is the button") and line.startswith("Seat "):
            button = int(line[5:].split(" ", 1)[0])
        elif line.startswith("Total number of players"):
            pass
        elif line.startswith("Seat "):
            s = _SEAT.match(line)
            if s is None:
                raise ParseError("unknown_line", "unreadable seat line", line=i + 1, text=line)
            stack_text = s.group(3)
            if stack_text in ("new player", "All-in"):
                seats[int(s.group(1))] = [s.group(2), 0, True, None]
            else:
                seats[int(s.group(1))] = [s.group(2), _amount(stack_text, dec), False, None]
        else:
            break
    if not seats:
        raise ParseError("no_seats", "no seat lines", line=i + 1)
    names = Names(seats)
    seated = [s[0] for s in seats.values()]
    ignored: list[IgnoredLine] = []
    b = Builder()
    sb_posted: int | None = None
    wrapped = False
    for k in range(i, len(lines)):
        line, n = lines[k], k + 1
        if not line:
            continue
        if line.startswith("** Dealing "):
            word = line[11:].split(" ", 1)[0]
            if word == "down":
                continue
            street = STREETS_TITLE.get(word)
            if street is None:
                raise ParseError("unknown_line", "unknown street", line=n, text=line)
            b.close_street()
            b.new_street(street)
            b.board.extend(_cards(line))
            continue
        if line.startswith("Dealt to "):
            got = names.prefix(line[9:])
            if got is None:
                raise ParseError("unknown_line", "dealt to an unseated player", line=n,
                                 text=line)
            b.dealt(got[0], _cards(got[1]))
            continue
        if (line.endswith(_NOISE) or any(t in line for t in _DISCONNECTED)) and is_ignorable(
                line, seated):
            ignored.append(IgnoredLine(n, clean_text(line)))  # a client notice
            continue
        got = names.prefix(line, ": ")
        if got is None or not got[1].startswith(_COLON_ACTIONS):
            got = names.prefix(line)  # "NAME folds", "NAME raises [...]": before any chat
            if got is None and is_colon_chat(line):
                ignored.append(IgnoredLine(n, clean_text(line)))  # "NAME: what was said"
                continue
        if got is None:
            if wrapped:
                continue  # the rest of a wrapped showdown line
            raise unknown("line names no seated player").with_context(line=n, text=line)
        seat, rest = got
        wrapped = False
        try:
            wrapped = _line(b, seat, rest, dec, n, seats, limit)
            if rest.startswith("posts small blind") and sb_posted is None:
                sb_posted = b.actions[-1].amount
        except ParseError as err:
            raise err.with_context(line=n, text=line) from None
    if not b.collections:
        raise ParseError("truncated_hand", f"hand {hand_id} names no winner", line=len(lines))
    b.close_street()
    sb, bb = _amount(small, dec), _amount(big, dec)
    if limit is LimitType.FIXED_LIMIT:  # named by the bet sizes
        stakes = Stakes(sb_posted if sb_posted is not None else sb // 2, sb, 0, sb, bb)
    else:
        ante = next((a.amount for a in b.actions if a.kind is ActionKind.POST_ANTE), 0)
        stakes = Stakes(sb, bb, ante)
    hand = b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=hand_id, game=game, limit=limit,
        currency=currency, decimals=dec, stakes=stakes, seats=seats, button=button,
        total_pot=None, rake=None, started_at=started_at, local_time=local, time_zone="",
        table_name=table_name, max_seats=int(max_text) if max_text else None,
        tournament_id=tournament_id, level=level,
    )
    return replace(hand, ignored_lines=tuple(ignored)) if ignored else hand


parse = with_site(SITE, _parse, ignore_harmless=True)


def _line(b: Builder, seat: int, rest: str, dec: int, n: int, seats: dict[int, list],
          limit: LimitType) -> bool:
    """One player line; True when it may wrap onto the next line (showdown text)."""
    if rest == "folds":
        b.fold(seat, n)
    elif rest == "checks":
        b.check(seat, n)
    elif rest.startswith("calls ["):
        amount = _amount(rest[6:], dec)
        b.call(seat, amount, _all_in(b, seat, amount, seats), n)
    elif rest.startswith("raises ["):
        amount = _amount(rest[7:], dec)
        b.raise_by_added(seat, amount, _all_in(b, seat, amount, seats), n)
    elif rest.startswith("bets ["):
        amount = _amount(rest[5:], dec)
        b.bet(seat, amount, _all_in(b, seat, amount, seats), n)
    elif rest.startswith("posts "):
        what, _, tail = rest[6:].partition(" [")
        kind = {"small blind": ActionKind.POST_SMALL_BLIND, "big blind": ActionKind.POST_BIG_BLIND,
                "ante": ActionKind.POST_ANTE}.get(what)
        amount = _amount(tail, dec)
        all_in = _all_in(b, seat, amount, seats)
        if kind is not None:
            b.post(kind, seat, amount, all_in, n)
        elif what == "both blinds":
            bb = max((a.amount for a in b.actions if a.kind is ActionKind.POST_BIG_BLIND),
                     default=amount)
            b.post_both(seat, amount, bb, all_in, n)
        else:
            raise unknown("unknown post")
    elif rest.startswith(("shows [", "mucks [")):
        b.in_showdown = True
        b.show(seat, _cards(rest), n, muck=rest[0] == "m")
        return True
    elif rest == "does not show cards":
        pass
    elif rest.startswith("wins "):
        m = _WINS.match(rest)
        if m is None:
            raise unknown("unreadable winnings")
        b.collect(seat, _amount(m.group(1), dec), n, pot_index=0 if m.group(2) == "main" else 1)
        return True
    else:
        raise unknown()
    return False


def _all_in(b: Builder, seat: int, amount: int, seats: dict[int, list]) -> bool:
    spent = sum(a.amount if a.kind is not ActionKind.UNCALLED_RETURN else -a.amount
                for a in b.actions if a.seat == seat) + amount
    return spent >= seats[seat][1] > 0


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="everleaf",
    site=SITE,
    description="Everleaf Gaming network hand histories (Everleaf, Grand Poker skins)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
