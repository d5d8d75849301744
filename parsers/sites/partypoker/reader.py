"""PartyPoker hold'em hand histories -> :class:`parsers.model.Hand`.

Covers the "***** Hand History for Game N *****" family: the 2009-2016 client (cash in USD/EUR,
fastforward, sit & go and multi-table tournaments with antes) and the older "Game Table (NL)"
layout with its "** Summary **" balance lines. Omaha, stud and draw raise UnsupportedGame.

What is PartyPoker's own, and how it is read:
- A file writes "Game #N starts." and "#Game No : N" before each hand; the hand itself starts
  at the "***** Hand History for Game N *****" line, whose N is the hand id (the "#Game No"
  number sometimes differs: it is a table game counter). The lines before the next hand's
  header are trailing noise and are ignored once the hand's money is settled.
- Cash headers print the table's buy-in ("$10 USD NL Texas Hold'em") or the blinds
  ("$0.05/$0.10 USD NL Texas Hold'em"); tournaments print "Blinds-Antes(10/20 -0)" or
  "Blinds(10/20)". Where the header has no blinds, they are the amounts posted.
- "raises [$0.70 USD]" gives the chips the raise *adds* (not a raise-to): the builder turns it
  into both numbers. Newer files print "raises 20 to 40" (a raise-to) instead.
- "is all-In [$2 USD]" does not say whether it calls, bets or raises: the street's bets decide.
- No "uncalled bet returned" line exists: the winner's "wins $X" counts the unmatched chips.
  The parser returns them explicitly (an UNCALLED_RETURN at the end of the street, which is
  what the site did) and takes them out of the winnings, so the model holds winnings only.
- No total pot is printed in the new layout (the engine recomputes it); "Main Pot: $x Rake: $y"
  lines are read where they exist.
- Players who join and post before the site lists them (no seat line, no stack) get a seat
  where the log's order puts them (:mod:`.partypoker_seats`) and ``Seat.stack_known`` False;
  so does a listed player with a 0 stack who posts (his buy-in arrived after the list).
- Some tournament logs print no posts and repeat "Blinds(20/40)" / "Stakes(200/400)" after
  the seats instead: the posts are DERIVED from that line by the button (:func:`_derive_blinds`),
  they are not in the log.
- Messages sometimes lack their line break ("Player3 is sitting outPlayer4 posts big blind"):
  they are cut in two. "Forward Folds" (fastforward's fold in advance) is followed by the real
  "folds" at the player's turn, and only counts where none follows.
- Anything unrecognised in the action section raises ``unknown_line``.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from datetime import datetime

from parsers.errors import ParseError, UnsupportedGame
from parsers.format import Format
from parsers.model import (
    TOURNAMENT_CHIPS,
    ActionKind,
    Hand,
    LimitType,
    Stakes,
    Street,
)
from parsers.sites._kit.common import with_site
from parsers.sites._kit.starlike import (
    Builder,
    Names,
    cards_in,
    game_of,
    take_back,
    to_utc,
    unknown,
)
from parsers.sites.partypoker.seats import UNSEATED as _UNSEATED
from parsers.sites.partypoker.seats import place_unseated as _place_unseated
from parsers.sites.partypoker.seats import unknown_stacks as _unknown_stacks
from parsers.text import Chunk, parse_money

SITE = "partypoker"
HEADER = re.compile(r"\*{5} Hand History [Ff]or Game \d+ \*{5}")
DETECTION = "a line '***** Hand History for Game N *****' in the first 8 KB"
SUPPORTS = "hold'em NL/PL/FL: cash (USD/EUR), fastforward, sit & go and tournaments"

_HEAD = re.compile(r"\*{5} Hand History [Ff]or Game (\d+) \*{5}")
_DATE = re.compile(
    r"(?:(?P<mon>[A-Z][a-z]+) (?P<day>\d{1,2}), (?P<h>\d\d):(?P<mi>\d\d):(?P<s>\d\d) "
    r"(?P<tz>[A-Z]{2,5}) (?P<y>\d{4})"
    r"|[A-Z][a-z]{2} (?P<mon2>[A-Z][a-z]{2}) (?P<day2>\d{1,2}) (?P<h2>\d\d):(?P<mi2>\d\d):"
    r"(?P<s2>\d\d) (?P<tz2>[A-Z]{2,5}) (?P<y2>\d{4}))"
)
_MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
_BLINDS = re.compile(r"Blinds(?:-Antes)?\(\s*([\d.,]+)\s*/\s*([\d.,]+)(?:\s*-\s*([\d.,]+))?\)")
_STAKES = re.compile(r"Stakes\(\s*([\d.,]+)\s*/\s*([\d.,]+)\)")  # fixed limit: small/big bet
_ACTOR = re.compile(r"(.+?) (?=posts |folds|checks|calls|bets |raises|is all-In)")
_CASH_BLINDS = re.compile(r"^([$€£]?[\d.,]+)/([$€£]?[\d.,]+)\s")
_OLD_BLINDS = re.compile(r"^([\d.,]+)/([\d.,]+) (?:Tourney )?Texas")
_TRNY = re.compile(r"Trny:\s*(\d+)|Tournament #(\d+)")
_LEVEL = re.compile(r"Level:\s*(\d+)")
_SEAT = re.compile(r"[Ss]eat (\d+): (.*) \(\s*([$€£]?[\d.,]+)(?:\s*(?:[A-Z]{3}|€))?\s*\)(.*)$")
_BUTTON = re.compile(r"Seat (\d+) is the button")
_WINS = re.compile(r"wins ([$€£]?[\d.,]+)(?: [A-Z]{3}| chips)?(?: from (?:the )?"
                   r"(main pot|side pot(?: #?(\d+))?))?")
_MAIN_POT = re.compile(r"Main Pot: ([$€£]?[\d.,]+)(?: \| Side Pot \d+: [$€£]?[\d.,]+)*"
                       r"(?:\s*Rake: ([$€£]?[\d.,]+))?")
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_DOT_THOUSANDS = re.compile(r"^\d{1,3}(?:\.\d{3})+$")
_IGNORED = (
    "has joined the table", "has left the table", "is sitting out", "will be using",
    "did not respond in time", "could not respond in time", "time bank", "finished in",
    "is disconnected", "has been reconnected", "is connected", "sits out",
    "does not show cards", "doesn't show", "have options", "- Selects point card",
    "is all-In.", "opens", "has requested", "is back", "was removed",
)


def sniff(text: str) -> bool:
    """True when a PartyPoker hand header starts one of the first lines. Never raises."""
    try:
        for line in text[:8192].split("\n"):
            if HEADER.match(line.lstrip(" \t\ufeff\x00")):
                return True
        return False
    except Exception:
        return False


def _amount(text: str, dec: int) -> int:
    """"[$0.70 USD]", "(210)", "[ $1,000  USD ].", "$5.18 USD" -> minor units."""
    t = text.strip().rstrip(".").strip("[]() ")
    for code in ("USD", "EUR", "GBP", "CAD", "€"):
        t = t.replace(code, "")
    t = t.strip()
    head, comma, tail = t.rpartition(",")
    if comma and len(tail) == 2 and "." not in t:
        t = f"{head}.{tail}"  # a decimal comma ("$26,02", "0,35 €")
    elif dec == 0 and "," not in t and _DOT_THOUSANDS.match(t):
        t = t.replace(".", "")  # tournament chips with dot separators ("1.200")
    return parse_money(t, dec)


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = [ln.replace("\x00", "") for ln in chunk.text.split("\n")]
    m = _HEAD.match(lines[0].lstrip(" \t\ufeff"))
    if not m or len(lines) < 3:
        raise ParseError("bad_header", "not a PartyPoker hand header", line=1, text=lines[0])
    hand_id = m[1]
    desc = lines[1]
    game_words = desc.split(" - ")[0]
    if "Double Hold" in game_words:  # three hole cards: not hold'em as the engine plays it
        raise UnsupportedGame(f"{game_words.strip()} (other)", line=2, text=desc)
    game, limit = game_of(_limit_words(game_words), desc, 2)
    trny = _TRNY.search(desc)
    is_tourney = bool(trny) or "Tourney" in desc or "Trny" in desc or "Buy-in" in desc
    currency, dec = (TOURNAMENT_CHIPS, 0) if is_tourney else (_currency(desc), 2)
    tournament_id = (trny[1] or trny[2]) if trny else (hand_id if is_tourney else None)
    level_m = _LEVEL.search(desc)
    small_blind = big_blind = ante = 0
    try:
        blinds = (_BLINDS.search(desc) or _STAKES.search(desc) or _CASH_BLINDS.match(desc)
                  or _OLD_BLINDS.match(desc))
        if blinds:
            small_blind, big_blind = _amount(blinds[1], dec), _amount(blinds[2], dec)
            if blinds.lastindex and blinds.lastindex >= 3 and blinds[3]:
                ante = _amount(blinds[3], dec)
    except ParseError as err:
        raise err.with_context(line=2, text=desc) from None
    started_at, local_time, zone = _started_at(desc)

    table_name, button = "", None
    i = 2
    while i < len(lines) and not _SEAT.match(lines[i]):
        line = lines[i]
        if line.startswith("Table "):
            table_name = line[6:].split("(")[0].strip()
            if table_name.startswith("Table "):
                table_name = table_name[6:].strip()
        elif not (_BUTTON.match(line) or line.startswith(("Total number of players", "Trny",
                                                          "Blinds", "Level"))
                  or not line.strip()):
            raise ParseError("bad_header", "unexpected line before the seats", line=i + 1,
                             text=line)
        bm = _BUTTON.search(line)
        if bm:
            button = int(bm[1])
        i += 1
    max_seats = None
    seats: dict[int, list] = {}
    n = len(lines)
    while i < n and lines[i][:5] in ("Seat ", "seat "):
        s = _SEAT.match(lines[i])
        if not s:
            raise ParseError("unknown_line", "cannot read seat", line=i + 1, text=lines[i])
        try:
            stack = _amount(s[3], dec)
        except ParseError as err:
            raise err.with_context(line=i + 1, text=lines[i]) from None
        seats[int(s[1])] = [s[2].strip(), stack, False, None]
        i += 1
    for line in lines[2:8]:
        if line.startswith("Total number of players"):
            tail = line.rpartition("/")[2].strip()
            max_seats = int(tail) if tail.isdigit() else None
    if not seats:
        raise ParseError("no_seats", "no seat lines after the header", line=i + 1,
                         text=lines[i] if i < n else "")
    names = Names(seats)
    b = Builder()
    posted: list[int] = []
    returned: dict[int, int] = {}
    ended = False
    pots_rake: int | None = None
    blinds_line = 0  # where a "Blinds(20/40)" / "Stakes(200/400)" line follows the seats
    unseated: dict[int, str] = {}  # placeholder seat -> name, for players with no seat line

    for idx, line in _glued(lines, i):
        lineno = idx + 1
        if not line:
            continue
        if ended:
            if HEADER.match(line):
                break
            continue
        try:
            if line.startswith("** "):
                word = line[3:].split(" **")[0]
                if word.startswith("Dealing "):
                    street = _STREETS.get(word[8:])
                    if street is not None:
                        _close_street(b, returned)
                        b.add_board_cards(street, cards_in(line))
                    elif word != "Dealing down cards":
                        raise unknown("unknown section marker")
                    elif blinds_line and not any(a.kind.is_live_post for a in b.actions):
                        _derive_blinds(b, seats, button, lines[blinds_line - 1], dec,
                                       blinds_line, posted)
                    continue
                if word == "Summary":
                    _close_street(b, returned)
                    ended = True
                    continue
                raise unknown("unknown section marker")
            if line.startswith("Dealt to "):
                found = names.prefix(line[9:])
                if found is None:
                    raise unknown("dealt to an unknown player")
                b.dealt(found[0], cards_in(found[1]))
                continue
            if line.startswith(("Creating Main Pot", "Creating side pot", "Game #", "#Game No")):
                continue
            if line.startswith("Main Pot: "):
                pm = _MAIN_POT.match(line)
                if pm and pm[2]:
                    pots_rake = _amount(pm[2], dec)
                continue
            if line.startswith(("Blinds", "Stakes(")):
                # Tournaments that print no posts repeat the blinds here; where the level
                # changed since the header was written, this line has the blinds played.
                blinds_line = lineno
                again = _BLINDS.match(line) or _STAKES.match(line)
                if again:
                    small_blind, big_blind = _amount(again[1], dec), _amount(again[2], dec)
                    if again.re is _BLINDS and again[3]:
                        ante = _amount(again[3], dec)
                continue
            if line.startswith("Trny:") and "Level:" in line:
                level_m = _LEVEL.search(line) or level_m
                continue
            if line.startswith(("Trny:", "Level:", "Congratulations to player ")):
                continue  # the header's game line wrapped onto a second line
            found = names.prefix(line)
            if found is None:
                if names.prefix(line, ": ") is not None:
                    continue  # chat: "name: text"
                if any(t in line for t in _IGNORED):
                    continue
                actor = _ACTOR.match(line)
                if actor is None:
                    raise unknown()
                # A player who joined and acts before the site lists him (no seat line, no
                # stack): a placeholder seat now, his real place once the order is known.
                seat = _UNSEATED + len(unseated)
                unseated[seat] = actor[1]
                seats[seat] = [actor[1], 0, False, None, False]
                names = Names(seats)
                found = names.prefix(line)
                if found is None:
                    raise unknown()
            seat, rest = found
            rest = rest.strip()
            verb, _, arg = rest.partition(" ")
            if rest.startswith("posts "):
                _post(b, seat, rest[6:], dec, posted, big_blind, lineno, seats[seat])
            elif verb in ("folds", "folds."):
                b.fold(seat, lineno)
            elif rest == "Forward Folds":
                # fastforward's fold-in-advance: the real "folds" follows at his turn
                later = f"{seats[seat][0]} folds"
                if not any(ln.strip() == later for ln in lines[idx + 1:]):
                    b.fold(seat, lineno)
            elif verb in ("checks", "checks."):
                b.check(seat, lineno)
            elif rest.startswith("calls"):
                b.call(seat, _amount(rest[5:], dec), False, lineno)
            elif rest.startswith("bets"):
                b.bet(seat, _amount(rest[4:], dec), False, lineno)
            elif rest.startswith("raises"):
                by, sep, to = rest[6:].partition(" to ")
                if sep:
                    # "raises 2.40 to 2.65": the first number is the chips added (the big
                    # blind's 0.25 + 2.40), not the raise increment: no raise_by from it
                    _amount(by, dec)
                    b.raise_to(seat, _amount(to, dec), False, lineno)
                else:
                    b.raise_by_added(seat, _amount(rest[6:], dec), False, lineno)
            elif rest.startswith("is all-In") and ("[" in rest or "(" in rest):
                _all_in(b, seat, _amount(rest[9:], dec), lineno)
            elif verb == "shows":
                b.show(seat, cards_in(rest), lineno)
            elif verb in ("mucks", "doesn't") and "[" in rest:
                b.show(seat, cards_in(rest), lineno, muck=True)
            elif verb == "wins":
                _close_street(b, returned)
                w = _WINS.match(rest)
                if not w:
                    raise unknown("cannot read winnings")
                where = w[2] or ""
                pot = None if not where else 0 if where == "main pot" else int(w[3] or 1)
                b.collect(seat, _amount(w[1], dec), lineno, pot)
            elif verb == "balance":
                ended = True  # the old layout's summary: balances only, nothing to record
            elif any(t in rest for t in _IGNORED):
                pass
            else:
                raise unknown("unknown action")
        except ParseError as err:
            raise err.with_context(line=lineno, text=lines[idx]) from None

    _close_street(b, returned)
    take_back(b.collections, returned)
    if unseated:
        _place_unseated(b, seats, unseated, max_seats)
    if not big_blind and posted:
        big_blind = max(posted)
        small_blind = min(posted) if len(posted) > 1 else big_blind // 2
        if any(a.kind is ActionKind.POST_BIG_BLIND and a.all_in for a in b.actions):
            # A big blind forced all-in for less tells nothing: the others still call the
            # full blind, so the smallest full call preflop is it.
            calls = [a.to for a in b.actions if a.street is Street.PREFLOP
                     and a.kind is ActionKind.CALL and not a.all_in]
            big_blind = max(big_blind, min(calls, default=0))
    _unknown_stacks(b, seats)
    small_bet = big_bet = 0
    if limit is LimitType.FIXED_LIMIT:
        # "$0.05/$0.10 USD FL": the header's pair is the small and big bet; the big blind is
        # one small bet and the small blind whatever was posted (0.02 here).
        small_bet, big_bet = small_blind, big_blind
        big_blind = small_bet
        small_blind = posted[0] if posted else small_bet // 2
    if any(a.kind is ActionKind.POST_ANTE for a in b.actions) and not ante:
        ante = max(a.amount for a in b.actions if a.kind is ActionKind.POST_ANTE)
    return b.hand(
        site=SITE,
        chunk=chunk,
        file=file,
        hand_id=hand_id,
        game=game,
        limit=limit,
        currency=currency,
        decimals=dec,
        stakes=Stakes(small_blind, big_blind, ante, small_bet, big_bet),
        seats=seats,
        button=button,
        total_pot=None,
        rake=pots_rake,
        started_at=started_at,
        local_time=local_time,
        time_zone=zone,
        table_name=table_name,
        max_seats=max_seats,
        tournament_id=tournament_id,
        level=level_m[1] if level_m else None,
        fast_fold="fastforward" in desc.lower(),
    )


# Parse one PartyPoker hand chunk. Raises ParseError (UnsupportedGame for other games).
parse = with_site(SITE, _parse)


def _limit_words(words: str) -> str:
    """Spell out PartyPoker's limit codes for :func:`game_of`: "NL" -> "no limit"."""
    padded = f" {words.replace('(', ' ').replace(')', ' ')} "
    for code, text in ((" NL ", " no limit "), (" PL ", " pot limit "), (" FL ", " fixed limit ")):
        padded = padded.replace(code, text)
    return padded.strip()


def _currency(desc: str) -> str:
    for code in ("USD", "EUR", "GBP", "CAD"):
        if code in desc:
            return code
    return {"€": "EUR", "£": "GBP"}.get(desc[:1], "USD")


def _started_at(desc: str) -> tuple[datetime | None, str, str]:
    d = _DATE.search(desc)
    if not d:
        return None, "", ""
    if d["mon"]:
        mon, day, h, mi, s, tz, y = (d["mon"], d["day"], d["h"], d["mi"], d["s"], d["tz"],
                                     d["y"])
    else:
        mon, day, h, mi, s, tz, y = (d["mon2"], d["day2"], d["h2"], d["mi2"], d["s2"],
                                     d["tz2"], d["y2"])
    month = _MONTHS.get(mon[:3].lower())
    if month is None:
        return None, "", tz
    naive = datetime(int(y), month, int(day), int(h), int(mi), int(s))
    local = naive.strftime("%Y/%m/%d %H:%M:%S")
    return to_utc(naive, tz), local, tz


def _post(b: Builder, seat: int, what: str, dec: int, posted: list[int], big_blind: int,
          line: int, seat_row: list) -> None:
    """One printed post; a post of the whole printed stack is all-in."""
    stack = seat_row[1] if seat_row[4:5] != [False] else None
    done = sum(a.amount for a in b.actions if a.seat == seat)
    if what.startswith("small blind"):
        amt = _amount(what[11:], dec)
        posted.append(amt)
        b.post(ActionKind.POST_SMALL_BLIND, seat, amt, _all_in_post(stack, done, amt), line)
    elif what.startswith("big blind + dead"):
        amt = _amount(what[16:], dec)
        bb = big_blind or (max(posted) if posted else amt)
        b.post_both(seat, amt, bb, False, line)
    elif what.startswith("big blind"):
        amt = _amount(what[9:], dec)
        posted.append(amt)
        b.post(ActionKind.POST_BIG_BLIND, seat, amt, _all_in_post(stack, done, amt), line)
    elif what.startswith("ante"):
        b.post(ActionKind.POST_ANTE, seat, _amount(what[4:], dec), False, line)
    else:
        raise unknown("unknown post")


def _all_in_post(stack: int | None, done: int, amount: int) -> bool:
    """A post that takes the last of a printed (positive) stack."""
    return stack is not None and 0 < stack <= done + amount


def _all_in(b: Builder, seat: int, added: int, line: int) -> None:
    """'is all-In [x]': a call, bet or raise depending on the street's bets so far."""
    top = max(b.totals.values(), default=0)
    mine = b.totals.get(seat, 0)
    if top == 0 or (b.street is Street.PREFLOP and not b.totals):
        b.bet(seat, added, True, line)
    elif mine + added <= top:
        b.call(seat, added, True, line)
    else:
        b.raise_by_added(seat, added, True, line)


def _close_street(b: Builder, returned: dict[int, int]) -> None:
    """Return the street's unmatched chips, as the site does without printing it."""
    done = b.close_street()
    if done:
        returned[done[0]] = returned.get(done[0], 0) + done[1]


def _derive_blinds(b: Builder, seats: dict[int, list], button: int | None, desc: str, dec: int,
                   line: int, posted: list[int]) -> None:
    """Posts for a hand whose log prints none, from its "Blinds(20/40)" / "Stakes(200/400)".

    Some tournament logs (2005-2012) repeat the level's blinds after the seats instead of
    printing the posts. These posts are DERIVED, not printed: the small blind is the first seat
    left of the button, the big blind the next (heads-up the button posts the small blind);
    a short stack posts all it has. The engine then holds the log's betting to those posts.
    A fixed-limit "Stakes(200/400)" gives the small and big bet: the blinds are 100/200.
    The repeated line is read, not the header: when the level changes between the two (a
    "Level: 3 Blinds(50/100)" header above "Level: 4 ... Blinds(100/200)"), the posts the
    betting shows are the new level's.
    """
    m = _BLINDS.search(desc)
    st = None if m else _STAKES.search(desc)
    if button is None or not (m or st):
        return
    if m:
        small, big = _amount(m[1], dec), _amount(m[2], dec)
    else:
        big = _amount(st[1], dec)
        small = big // 2
    order = sorted(k for k, v in seats.items() if v[1] > 0 and k < _UNSEATED)
    if len(order) < 2:
        return
    if len(order) == 2 and button in order:
        sb_seat = button
        bb_seat = order[0] if order[1] == button else order[1]
    else:
        i = bisect_right(order, button)
        sb_seat, bb_seat = order[i % len(order)], order[(i + 1) % len(order)]
    for seat, blind, kind in ((sb_seat, small, ActionKind.POST_SMALL_BLIND),
                              (bb_seat, big, ActionKind.POST_BIG_BLIND)):
        stack = seats[seat][1]
        amount = min(blind, stack)
        posted.append(amount)
        b.post(kind, seat, amount, amount >= stack, line)


#: Messages PartyPoker sometimes writes without a line break after them ("Player3 is sitting
#: outPlayer4 posts big blind [$0,25 USD].", "Player2 does not show cards.Player2 wins $1,10").
_GLUE_AFTER = ("is sitting out", "does not show cards.", "has joined the table.",
               "has left the table.")


def _glued(lines: list[str], start: int):
    """(index, stripped line) from ``start`` on, with glued messages cut in two."""
    for idx in range(start, len(lines)):
        line = lines[idx].strip()
        for marker in _GLUE_AFTER:
            cut = line.find(marker)
            if cut != -1 and cut + len(marker) < len(line):
                cut += len(marker)
                yield idx, line[:cut]
                line = line[cut:].strip()
                break
        yield idx, line


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="partypoker",
    site="partypoker",
    description="PartyPoker hand histories (cash, fastforward, sit & go, tournaments)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
