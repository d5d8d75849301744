"""Entraction hand histories (2009-2012 client, Swedish network) -> :class:`parsers.model.Hand`.

The layout is columnar: a name padded to column 28, then a verb and an amount in brackets::

    Game # 2646539198 - Texas Hold'em No Limit EUR 0.25/0.50 - Table "Burguillos"

    Players(max 6):
    Pinokio1                    (EUR 50.25 in seat 3)
    ...
    Dealer:                     pauli1
    Small Blind:                Pinokio1    (0.25)
    Big Blind:                  pauli1      (0.50)

    Pinokio1                    Raise       (7.75)
    Flop                        Ah - 6c - Jd
    ...
    pauli1 wins:                EUR 27.25
    Rake:                       EUR 0.75

    Game ended 2012-05-31 08:56:27 GMT+01:00

What is Entraction's own, and how it is read:
- Every bracketed action amount is the chips the action *adds* ("Raise (7.75)" after a 2.50
  bet puts in 7.75, and the re-raiser's "Call (5.25)" matches it): raises go through
  ``Builder.raise_by_added``. "All-In (x)" names no verb: it is a bet, call or raise by what
  it does to the street's top bet.
- "Payback (x)" is the uncalled bet returned; "wins:" amounts exclude it; the rake is printed
  ("Rake:"), the total pot is not (the engine reconciles winnings + rake with its own pot).
- The blind lines come in either order (the big blind is sometimes listed first); they are
  emitted small blind first so the small blind stays live. "Blind out of turn:" is a new
  player's live big blind. Tournament antes are "Name  Ante (20.00)" lines in the preamble.
- Tournaments print no currency ("Texas Hold'em No Limit 200/400 and 20 ante") and chip
  amounts with ".00"; their hand has no "Rake:" line; the tournament number is the table
  name's second-to-last word ("Double Chance €3,000 #1 12717727 2": event 12717727, table 2).
- Each street line repeats the whole board ("Turn  Ah - 6c - Jd - 3c").
- The hero line may differ in case from the seat list ("hero was dealt:" for seat "Hero").
- Fixed-limit tables are named by their bet sizes ("15.00/30.00"): the blinds are half.
- At a table for more than two, a heads-up hand keeps ring blinds: the dealer posts the big
  blind and the other player the small blind (first to act on every street); the hand says so
  (``button_posts_big_blind_heads_up``). Heads-up tables (max 2) use the usual rule.
- Times carry the player's zone: "GMT", "GMT+01:00", or an abbreviation ("BST").
- A hand without its "Game ended" line is ``truncated_hand``; anything unrecognised in the
  action section is ``unknown_line``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone

from parsers.cards import parse_cards
from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import (
    TOURNAMENT_CHIPS,
    ActionKind,
    Hand,
    LimitType,
    Stakes,
)
from parsers.sites._kit.common import with_site
from parsers.sites._kit.lines import read_to_end
from parsers.sites._kit.starlike import Builder, Names, game_of, to_utc, unknown
from parsers.sites._kit.tables import STREETS_TITLE
from parsers.text import Chunk, parse_money

SITE = "entraction"
HEADER = re.compile(r"Game # \d+ - ")
DETECTION = "a first line 'Game # <id> - <game> - Table \"<name>\"' followed by 'Players(max N):'"
SUPPORTS = "hold'em NL/PL/FL cash (EUR) and tournaments with antes; Omaha rejected"

_HEAD = re.compile(r"Game # (\d+) - (.+?) (?:([A-Z]{3}) )?([\d,.]+)/([\d,.]+)"
                   r"(?: and ([\d,.]+) ante)? - Table \"(.*)\"$")
_PLAYER = re.compile(r"(.+?) +\((?:([A-Z]{3}) )?([\d,.]+) in seat (\d+)\)$")
_POSTED = re.compile(r"(.+?) +\(([\d,.]+)\)$")
_ENDED = re.compile(r"Game ended (\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d) (\S+)$")
_VERBS = ("Fold", "Check", "Call", "Bet", "Raise", "All-In", "Payback", "Ante")


def sniff(text: str) -> bool:
    """Entraction's "Game # N - ..." first line, then its "Players(max N):" block."""
    at = text.find("Game # ")
    if at == -1 or at > 64:
        return False
    return "Players(max " in text[at : at + 400] and " - Table \"" in text[at : at + 200]


def _cards(text: str) -> tuple[str, ...]:
    return parse_cards(text.replace("-", " "))


def _started_at(m: re.Match[str]) -> tuple[datetime | None, str]:
    y, mo, d, h, mi, s, zone = m.groups()
    naive = datetime(int(y), int(mo), int(d), int(h), int(mi), int(s))
    if zone.startswith("GMT") and len(zone) == 9 and zone[3] in "+-":  # GMT+01:00
        sign = 1 if zone[3] == "+" else -1
        off = timedelta(hours=int(zone[4:6]), minutes=int(zone[7:9])) * sign
        return naive.replace(tzinfo=timezone(off)).astimezone(UTC), zone
    return to_utc(naive, zone), zone


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = chunk.text.split("\n")
    head = _HEAD.match(lines[0])
    if head is None:
        game_of(lines[0].partition(" - ")[2], lines[0])  # a non-hold'em header says so
        raise ParseError("bad_header", "not an Entraction hand header", line=1, text=lines[0])
    hand_id, words, code, small, big, ante_text, table_name = head.groups()
    game, limit = game_of(words, lines[0])
    ended = _ENDED.match(lines[-1])
    if ended is None:
        raise ParseError("truncated_hand", f"hand {hand_id} has no 'Game ended' line",
                         line=len(lines), text=lines[-1])
    started_at, zone = _started_at(ended)
    tournament = code is None
    currency, dec = (TOURNAMENT_CHIPS, 0) if tournament else (code, 2)

    def money(text: str) -> int:
        return parse_money(text, dec)

    seats: dict[int, list] = {}
    max_seats: int | None = None
    dealer: str | None = None
    blinds: dict[str, list[tuple[str, str, int]]] = {"Ante": [], "Small": [], "Big": [],
                                                     "Out": []}
    i = 1
    # ---- preamble: players, dealer, posts ----
    while i < len(lines):
        line = lines[i]
        n = i + 1
        if not line:
            pass
        elif line.startswith("Players(max "):
            max_seats = int(line[12 : line.index(")")])
        elif line.startswith("Dealer:"):
            dealer = line[7:].strip()
        elif line.startswith(("Small Blind:", "Big Blind:", "Blind out of turn:")):
            key = {"S": "Small", "B": "Big"}[line[0]] if line[6] != "o" else "Out"
            m = _POSTED.match(line[line.index(":") + 1 :].strip())
            if m is None:
                raise ParseError("unknown_line", "unreadable blind line", line=n, text=line)
            blinds[key].append((m.group(1), m.group(2), n))
        elif line.endswith(")") and " in seat " in line:
            m = _PLAYER.match(line)
            if m is None:
                raise ParseError("unknown_line", "unreadable player line", line=n, text=line)
            seats[int(m.group(4))] = [m.group(1), money(m.group(3)), False, None]
        elif seats and "Ante" in line and _ante(line, blinds["Ante"], n):
            pass
        else:
            break
        i += 1
    if not seats:
        raise ParseError("no_seats", "no player lines", line=i + 1)
    names = Names(seats)
    lower = {v[0].lower(): k for k, v in seats.items()}
    sb, bb = money(small), money(big)
    ante = money(ante_text) if ante_text else 0
    stakes = (Stakes(sb // 2, sb, ante, sb, bb) if limit is LimitType.FIXED_LIMIT
              else Stakes(sb, bb, ante))
    button = names.exact(dealer) if dealer is not None else None
    b = Builder()
    for key, kind in (("Ante", ActionKind.POST_ANTE), ("Small", ActionKind.POST_SMALL_BLIND),
                      ("Big", ActionKind.POST_BIG_BLIND), ("Out", ActionKind.POST_BIG_BLIND)):
        for name, amount_text, n in blinds[key]:
            seat = names.exact(name)
            if seat is None:
                raise ParseError("unknown_line", "post by an unseated player", line=n,
                                 text=lines[n - 1])
            amount = money(amount_text)
            all_in = amount >= seats[seat][1]
            if key == "Out" and amount > stakes.big_blind:
                b.post_both(seat, amount, stakes.big_blind, all_in, n)
            else:
                b.post(kind, seat, amount, all_in, n, keep_live=key == "Small")
    # ---- actions, streets, showdown ----
    rake: int | None = None
    stacks = {k: v[1] for k, v in seats.items()}
    spent: dict[int, int] = {}
    for a in b.actions:
        spent[a.seat] = spent.get(a.seat, 0) + a.amount
    for k in range(i, len(lines) - 1):
        line, n = lines[k], k + 1
        if not line:
            continue
        first = line[: line.find(" ")] if " " in line else line
        if first in STREETS_TITLE and names.exact(first) is None:
            b.new_street(STREETS_TITLE[first], _cards(line[len(first):].strip()))
            continue
        if line.startswith("Rake:"):
            rake = money(line[5:].strip().removeprefix(f"{code} "))
            continue
        if " was dealt:" in line:
            name, _, cards = line.partition(" was dealt:")
            seat = names.exact(name) or lower.get(name.lower())
            if seat is None:
                raise ParseError("unknown_line", "cards dealt to an unseated player", line=n,
                                 text=line)
            b.dealt(seat, _cards(cards.strip()))
            continue
        got = names.prefix(line)
        if got is None:
            raise unknown("line names no seated player").with_context(line=n, text=line)
        seat, rest = got
        try:
            if _summary(b, seat, rest, money, n, code):
                continue
            _action(b, seat, rest.lstrip(), money, n, stacks, spent)
        except ParseError as err:
            raise err.with_context(line=n, text=line) from None
    if not b.collections:
        raise ParseError("truncated_hand", f"hand {hand_id} names no winner", line=len(lines))
    hand = b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=hand_id, game=game, limit=limit,
        currency=currency, decimals=dec, stakes=stakes, seats=seats, button=button,
        total_pot=None, rake=rake,
        started_at=started_at, local_time=lines[-1][11:], time_zone=zone,
        table_name=table_name, max_seats=max_seats,
        tournament_id=_tournament_id(table_name) if tournament else None,
    )
    if max_seats is not None and max_seats > 2:
        hand = replace(hand, button_posts_big_blind_heads_up=True)
    return hand


# lines after the end line (chat, notices) are ignored lines (read_to_end)
parse = with_site(SITE, read_to_end(_parse, lambda line: _ENDED.match(line) is not None),
                  ignore_harmless=True)


def _tournament_id(table_name: str) -> str:
    """"Double Chance €3,000 #1 12717727 2": the event number before the table number."""
    words = table_name.split()
    if len(words) >= 3 and words[-1].isdigit() and words[-2].isdigit():
        return words[-2]
    return table_name


def _ante(line: str, antes: list[tuple[str, str, int]], n: int) -> bool:
    """A tournament ante line of the preamble ("Player0   Ante   (20.00)")."""
    name, sep, rest = line.partition(" Ante ")
    if not sep:
        return False
    m = re.fullmatch(r" *\(([\d,.]+)\)", rest)
    if m is None:
        return False
    antes.append((name.rstrip(), m.group(1), n))
    return True


def _summary(b: Builder, seat: int, rest: str, money, n: int, code: str | None) -> bool:
    """Showdown and result lines; True when ``rest`` was one of them."""
    if rest.startswith("shows:"):
        b.in_showdown = True
        b.show(seat, _cards(rest[6:].strip()), n)
        return True
    if rest.startswith("didn't show hand"):
        cards = rest[16:].strip()
        if cards:  # "didn't show hand (Ac - 8h)": mucked, but the client printed the cards
            b.in_showdown = True
            b.show(seat, _cards(cards.strip("()")), n, muck=True)
        return True
    if rest.startswith("wins:"):
        amount = rest[5:].strip()
        if code is not None:
            amount = amount.removeprefix(f"{code} ")
        b.collect(seat, money(amount), n)
        return True
    return False


def _action(b: Builder, seat: int, rest: str, money, n: int, stacks: dict[int, int],
            spent: dict[int, int]) -> None:
    verb, _, tail = rest.partition(" ")
    tail = tail.strip()
    if verb not in _VERBS:
        raise unknown()
    if verb == "Fold":
        b.fold(seat, n)
        return
    if verb == "Check":
        b.check(seat, n)
        return
    if not (tail.startswith("(") and tail.endswith(")")):
        raise unknown(f"{verb} without an amount")
    amount = money(tail[1:-1])
    if verb == "Payback":
        spent[seat] = spent.get(seat, 0) - amount
        b.uncalled(seat, amount, n)
        return
    spent[seat] = spent.get(seat, 0) + amount
    all_in = verb == "All-In" or spent[seat] >= stacks[seat]
    if verb == "Ante":
        raise unknown("ante after the first action")
    top = max(b.totals.values(), default=0)
    mine = b.totals.get(seat, 0)
    if verb == "Call" or (verb == "All-In" and mine + amount <= top):
        b.call(seat, amount, all_in, n)
    elif verb == "Bet" or (verb == "All-In" and top == 0):
        b.bet(seat, amount, all_in, n)
    else:
        b.raise_by_added(seat, amount, all_in, n)


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="entraction",
    site=SITE,
    description="Entraction hand histories (cash, tournaments; 2009-2012)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
