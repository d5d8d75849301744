"""BetOnline (and its PayNoRake / Gear Poker / ActionPoker.com skins) hold'em hand histories.

The layout reads like PokerStars' with its own habits, handled here:
- header ``BetOnline Poker Game #N: [Tournament #T: ]Hold'em No Limit ($0.25/0.50) - date zone``
  with long zone names ("Eastern Daylight Time", "GMT Standard Time") or "EDT"; PayNoRake
  prints ``PayNoRake Game #N:`` in the same layout; Gear Poker prints
  ``Gear Poker Game #N: Hold'em - 2012-04-09 12:14:36`` with no zone and no stakes;
- seats numbered from 0, listed in any order, with ``- Small Blind`` / ``- Big Blind`` /
  ``- The button`` / ``- Sitting out`` suffixes; a seat can hold a blank name
  (``Seat 4:  (100.00 in chips)``, whose lines then start ``: posts`` and `` shows``);
- ``ante processed X`` (dead; ``0.00`` is printed for every player, even those sitting out, at
  tables without antes: no ante, no action), ``post now X`` (a new player's live big blind);
- a fixed-limit cash header prints the small and big bet (``Hold'em Limit ($0.50/1.00)``):
  the big blind is the small bet, the small blind is read from its post;
- ``post dead X``: a returning player's missed blinds, ``X`` the live part (0.00 or the big
  blind). The dead small blind is not printed but is in the pot: both corpus hands with the
  line print a total pot (and pay out) exactly one small blind more than the printed posts;
- tournament headers print stakes that are not the level's blinds ("$40.00/$80.00" over
  50/100 blinds): tournament stakes are read from the posts instead;
- "Total pot X | Rake Y" printed *before* the summary is a side pot, net of its share of the
  rake; the summary's "Total pot" is the main pot, net; ``Y`` is the hand's whole rake. The
  side pot's winner is not named: when the summary names exactly one winner, he took it;
- the summary repeats some lines of the body ("Total pot", "Player2 shows 9c 9h"): a repeat is
  known; any other summary line but the board and the seat lines raises ``unknown_line``,
  read past as an ``ignored_line`` finding where it moves no chips (chat, "has left the table");
- "Board [...]" in the summary is the full board even where the streets were not printed
  (all-in before the river); "X has left the table" by a player still in the hand folds him;
- a player listed in an already-occupied seat (tournament table balancing) who never acts is
  not dealt in: he is left out of the seats and his "Dealt to" line is dropped;
- a printed 0.00 stack of a player who then bets is not his stack: kept as unknown;
- Gear Poker and ActionPoker.com: verbs capitalised, lines end with a dot ("Player7: Posts
  small blind 10.00."), "Raises X and is All In." (X the raise-to), no "Uncalled bet" lines
  (the unmatched part of the last bet is returned here), summary shows of the best five cards,
  no zone on the time (started_at stays None), and seats numbered *counter-clockwise*: they
  are mapped to ``9 - n`` so that seat order is the order of play;
- "Unknown player: raises ..." lines: an action by someone not in the seat list. It cannot be
  attributed, so the hand is rejected (reason ``unknown_player``) rather than guessed.
Pot-limit "Hold'em" tables that deal four hole cards (Omaha mislabelled) are rejected as
unsupported_game.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from parsers.errors import ParseError, UnsupportedGame
from parsers.format import Format
from parsers.model import (
    PLAY_MONEY,
    TOURNAMENT_CHIPS,
    ActionKind,
    Game,
    Hand,
    LimitType,
    PrintedPot,
    Stakes,
)
from parsers.sites._kit.common import with_site
from parsers.sites._kit.starlike import (
    Builder,
    Names,
    bracketed,
    cards_in,
    limit_stakes,
    to_utc,
    unknown,
)
from parsers.sites._kit.tables import STREETS
from parsers.text import Chunk, parse_money

SITE = "betonline"
HEADER = re.compile(r"(?:BetOnline Poker|PayNoRake|Gear Poker|ActionPoker\.com|"
                    r"SportsBetting\.ag Poker|Tiger Gaming) Game #\d")
DETECTION = ("first line 'BetOnline Poker Game #N:' (or the PayNoRake / Gear Poker / "
             "ActionPoker.com skins)")
SUPPORTS = "hold'em NL/PL cash and tournaments, play money"

_HEAD = re.compile(
    r"(?P<room>.+?) Game #(?P<id>\d+): (?:Tournament #(?P<tid>\d+): )?(?P<game>[^(]+?)"
    r"(?: \(?(?P<sb>\$?[\d.,]+)/(?P<bb>\$?[\d.,]+)\)?)? - (?P<date>\d{4}[/-]\d\d[/-]\d\d) "
    r"(?P<time>\d\d:\d\d(?::\d\d)?)(?: (?P<zone>.+))?$"
)
_TABLE = re.compile(r"Table '?(?P<name>.+?)'?,? (?:(?P<max>\d+)-Max,? )?(?:\(.*\) )?"
                    r"Seat #(?P<btn>\d+) is the button")
_SEAT = re.compile(r"Seat (\d+): (.*) \(([\d.,]+) in [Cc]hips\)(?: - (.*))?$")
_LONG_ZONES = {"Eastern Daylight Time": "ET", "Eastern Standard Time": "ET",
               "GMT Standard Time": "Europe/London", "GMT Daylight Time": "Europe/London"}
_IGNORED = (" is sitting out", " joins the table at seat #", " said \"")
_LEFT = " has left the table"
_ALL_IN = " and is all in"
#: Gear Poker and ActionPoker.com number their ten seats counter-clockwise; 9 - n puts them
#: in the order of play.
_GEAR_TOP = 9
_REVERSED = frozenset({"Gear Poker", "ActionPoker.com"})


def sniff(text: str) -> bool:
    """True when the text starts (after blanks/BOM) with one of the rooms' hand headers."""
    try:
        head = text[:8192].lstrip("\ufeff \r\n")
        return HEADER.match(head) is not None
    except Exception:
        return False


def _utc(naive: datetime, zone: str) -> datetime | None:
    name = _LONG_ZONES.get(zone, zone)
    if "/" in name:
        return naive.replace(tzinfo=ZoneInfo(name)).astimezone(UTC)
    return to_utc(naive, name)


class _Hand:
    """Per-hand reading state beside the Builder: what the summary and pots need."""

    __slots__ = ("b", "names", "extras", "money", "sb", "bb", "bets", "side_pots", "total",
                 "rake", "summary", "board", "winners", "returned", "stacks", "left", "last",
                 "body")

    def __init__(self, names: Names, extras: set[str], money, sb: int, bb: int) -> None:
        self.b = Builder()
        self.names = names
        self.extras = extras
        self.money = money
        self.sb, self.bb = sb, bb
        #: fixed limit's small and big bet, where the header prints them (cash games)
        self.bets = (0, 0)
        self.side_pots: list[int] = []
        self.total: int | None = None
        self.rake: int | None = None
        self.summary = False
        self.board: tuple[str, ...] = ()
        self.winners: list[int] = []
        self.returned = False
        self.stacks: dict[int, int] = {}
        #: players who left the table while still in the hand: (seat, line), folded at their turn
        self.left: list[tuple[int, int]] = []
        #: the seat that made the street's last betting action
        self.last: int | None = None
        #: the lines read before the summary (some summaries repeat a few of them)
        self.body: set[str] = set()

    def fold_left(self, actor: int | None) -> None:
        """Fold the players who left, whose turn came before ``actor``'s (None: all of them).

        The site kills a leaver's hand without a line of its own; he is folded where the
        action passed him (clockwise from the last actor to ``actor``), which is where the
        hand's order of play puts his fold.
        """
        keep: list[tuple[int, int]] = []
        for seat, line in self.left:
            last = self.last if self.last is not None else actor
            if actor is None or last is None or _between(last, seat, actor):
                self.b.fold(seat, line)
            else:
                keep.append((seat, line))
        self.left = keep


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = [ln.rstrip() for ln in chunk.text.split("\n")]
    m = _HEAD.match(lines[0])
    if not m:
        raise ParseError("bad_header", "cannot read the hand header", line=1, text=lines[0])
    game_words = m["game"].lower()
    if "hold'em" not in game_words and "holdem" not in game_words:
        raise UnsupportedGame(m["game"], line=1, text=lines[0])
    limit = LimitType.POT_LIMIT if "pot limit" in game_words else (
        LimitType.FIXED_LIMIT if "fixed" in game_words or "limit" in game_words
        and "no limit" not in game_words else LimitType.NO_LIMIT)
    t = _TABLE.match(lines[1]) if len(lines) > 1 else None
    if not t:
        raise ParseError("bad_header", "cannot read the table line", line=2,
                         text=lines[1] if len(lines) > 1 else "")
    tourney = m["tid"] is not None
    play = "(Play Money)" in lines[1]
    gear = m["room"] in _REVERSED
    currency, dec = (TOURNAMENT_CHIPS, 2) if tourney else (PLAY_MONEY, 2) if play else ("USD", 2)

    def money(text: str) -> int:
        return parse_money(text.strip().rstrip(".").replace("$", ""), dec)

    def seat_no(printed: str, lineno: int, text: str) -> int:
        n = int(printed)
        if not gear:
            return n
        if n > _GEAR_TOP:
            raise ParseError("bad_seat", "seat beyond the skin's ten", line=lineno, text=text)
        return _GEAR_TOP - n

    seats: dict[int, list] = {}
    extras: set[str] = set()
    i = 2
    while i < len(lines) and lines[i].startswith("Seat "):
        s = _SEAT.match(lines[i])
        if not s:
            raise ParseError("bad_seat", "cannot read seat line", line=i + 1, text=lines[i])
        n = seat_no(s[1], i + 1, lines[i])
        if n in seats:
            extras.add(s[2])  # a second player listed in an occupied seat: see the docstring
        else:
            suffix = (s[4] or "").lower()
            seats[n] = [s[2], money(s[3]), "sitting out" in suffix, None, True]
        i += 1
    if not seats:
        raise ParseError("no_seats", "no seat lines", line=i + 1)
    header_sb = money(m["sb"]) if m["sb"] and not tourney else 0
    header_bb = money(m["bb"]) if m["bb"] and not tourney else 0
    bets = (0, 0)
    if limit is LimitType.FIXED_LIMIT and header_bb:
        # a fixed-limit cash header prints the small and big bet ("Hold'em Limit ($0.50/1.00)"),
        # as PokerStars does: the big blind is the small bet, the small blind what is posted
        fixed = limit_stakes(limit, header_sb, header_bb, 0,
                             _posted_small_blind(lines[i:], money) or None)
        bets = fixed.small_bet, fixed.big_bet
        header_sb, header_bb = fixed.small_blind, fixed.big_blind
    st = _Hand(Names(seats), extras, money, header_sb, header_bb)
    st.bets = bets
    st.stacks = {k: v[1] for k, v in seats.items()}
    for idx in range(i, len(lines)):
        line, lineno = lines[idx], idx + 1
        if not line:
            continue
        in_summary = st.summary
        try:
            _line(st, line, lineno)
        except ParseError as err:
            raise err.with_context(line=lineno, text=line) from None
        if st.summary and not in_summary:
            _hold_em_only(st, lines[0])  # before a summary line can fail the hand otherwise
    if not st.summary:
        raise ParseError("truncated_hand", "no *** SUMMARY *** section", line=len(lines),
                         text=lines[-1])
    b = st.b
    _hold_em_only(st, lines[0])
    st.fold_left(None)
    if not st.returned:  # Gear Poker never prints the return of an unmatched bet
        b.close_street()
    if len(st.board) > len(b.board):
        b.board = list(st.board)
    _unknown_stacks(b, seats)
    naive = datetime.strptime(f"{m['date'].replace('-', '/')} {m['time']}",
                              "%Y/%m/%d %H:%M:%S" if m["time"].count(":") == 2
                              else "%Y/%m/%d %H:%M")
    zone = m["zone"] or ""
    return b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=m["id"], game=Game.HOLDEM, limit=limit,
        currency=currency, decimals=dec, stakes=_stakes(st), seats=seats,
        button=seat_no(t["btn"], 2, lines[1]), total_pot=_total(st), rake=st.rake,
        pots=_pots(st), started_at=_utc(naive, zone) if zone else None,
        local_time=naive.strftime("%Y-%m-%d %H:%M:%S"), time_zone=zone,
        table_name=t["name"], max_seats=int(t["max"]) if t["max"] else None,
        tournament_id=m["tid"],
    )


# Parse one hand. Raises ParseError (UnsupportedGame for other games).
parse = with_site(SITE, _parse, ignore_harmless=True)


def _hold_em_only(st: _Hand, header: str) -> None:
    """UnsupportedGame where a player was dealt more than two cards (Omaha on a table whose
    header says hold'em)."""
    if any(len(c) > 2 for c in st.b.hole.values()):
        raise UnsupportedGame("four hole cards: Omaha on a 'Hold'em' table", line=1,
                              text=header)


def _line(st: _Hand, line: str, lineno: int) -> None:
    """One line after the seat list."""
    b, names = st.b, st.names
    if line.startswith("***"):
        word = line.strip("* ").split(" ")[0].upper()
        st.fold_left(None)
        st.last = None
        if word == "SUMMARY":
            st.summary = True
        elif word in STREETS:
            b.new_street(STREETS[word], _norm_cards(line))
        elif word == "SHOW":
            b.in_showdown = True
        elif word != "HOLE":
            raise unknown("unknown section marker")
        return
    low = line.lower()
    if low.startswith("total pot "):
        head, _, tail = line.partition("|")
        rake = st.money(tail.split()[-1]) if tail else None
        amount = st.money(head.split()[-1])
        if not st.summary:
            st.side_pots.append(amount)  # a side pot, settled before the showdown
            st.rake = rake if rake is not None else st.rake
        elif st.total is None:  # the summary repeats the line in some hands: read it once
            st.total, st.rake = amount, rake if rake is not None else st.rake
        return
    if st.summary:
        if line.startswith("Board ["):
            st.board = _norm_cards(line)
        elif line.startswith("Seat "):
            _summary_line(st, line, lineno)
        elif line.strip() not in st.body:  # a repeat of a line read above says nothing new
            # read past only where the kit's rule allows (an ``ignored_line`` finding)
            raise unknown("unrecognised summary line")
        return
    st.body.add(line.strip())
    if low.startswith("dealt to "):
        who = names.prefix(line[9:])
        if who is not None:
            b.dealt(who[0], _norm_cards(who[1]))
        elif not any(line[9:].startswith(x + " ") for x in st.extras):
            raise unknown("dealt to an unknown player")
        return
    if line.startswith("Uncalled bet ("):
        amt = st.money(line[14:line.index(")")])
        who = names.exact(line.rpartition(" returned to ")[2])
        if who is None:
            raise unknown("uncalled bet returned to an unknown player")
        b.uncalled(who, amt, lineno)
        st.returned = True
        return
    if line.startswith("Unknown player:"):
        raise ParseError("unknown_player", "an action by a player not in the seat list")
    if line.endswith(_LEFT):
        who = names.exact(line[: -len(_LEFT)])
        if who is not None and _still_in(b, who):
            st.left.append((who, lineno))
        return
    if any(tag in line for tag in _IGNORED):
        return
    who = names.prefix(line, ": ")
    if who is None and " shows " in line:  # "Player0 shows Qd Ac" (no colon)
        who = names.prefix(line)
    if who is None:
        if names.prefix(line) and line.endswith(("is sitting out", "Is Sitting Out")):
            return
        extra = next((x for x in st.extras if line.startswith(x + ": ")), None)
        if extra is not None:
            if line.endswith(" ante processed 0.00"):
                return
            raise ParseError("duplicate_seat", "a player listed in an occupied seat acts")
        raise unknown()
    seat, rest = who
    if st.left and not rest.lower().startswith(("post", "ante", "shows", "mucks")):
        st.fold_left(seat)
    _action(st, seat, rest.rstrip("."), lineno)
    if rest[:1].lower() in "fcbr":  # folds, checks, calls, bets, raises
        st.last = seat


def _still_in(b: Builder, seat: int) -> bool:
    """Whether the seat has posted or acted, not folded and is not all-in (can still act).

    A player who leaves before he posted or acted was not dealt in (the summary omits him).
    """
    acted = False
    for a in b.actions:
        if a.seat == seat:
            acted = True
            if a.kind is ActionKind.FOLD or a.all_in:
                return False
    return acted and not b.in_showdown


def _between(last: int, seat: int, actor: int) -> bool:
    """Whether ``seat`` comes strictly after ``last`` and before ``actor``, clockwise."""
    if last < actor:
        return last < seat < actor
    return seat > last or seat < actor


def _norm_cards(text: str) -> tuple[str, ...]:
    """Cards as printed ("[7S 7H]" by the skins, "[10c 3h]"): rank upper, suit lower."""
    out: list[str] = []
    for inside in bracketed(text):
        fixed = " ".join(tok[:-1] + tok[-1:].lower() for tok in inside.split())
        if fixed:
            out.extend(cards_in(f"[{fixed}]"))
    return tuple(out)


def _action(st: _Hand, seat: int, rest: str, line: int) -> None:
    b, money = st.b, st.money
    verb, _, arg = rest.partition(" ")
    verb = verb.lower()
    all_in = arg.lower().endswith(_ALL_IN)
    if all_in:
        arg = arg[: -len(_ALL_IN)]
    if verb == "folds":
        b.fold(seat, line)
    elif verb == "checks":
        b.check(seat, line)
    elif verb == "calls":
        b.call(seat, money(arg), all_in, line)
    elif verb == "bets":
        b.bet(seat, money(arg), all_in, line)
    elif verb == "raises":
        by, _, to = arg.partition(" to ")
        # Gear Poker prints only one amount ("Raises 1000.00 and is All In."): the raise-to.
        b.raise_to(seat, money(to or by), all_in, line)
    elif verb in ("posts", "post", "ante"):
        what, _, amt = arg.rpartition(" ")
        what = what.lower()
        value = money(amt)
        if what == "small blind":
            b.post(ActionKind.POST_SMALL_BLIND, seat, value, all_in, line)
        elif what in ("big blind", "now"):
            b.post(ActionKind.POST_BIG_BLIND, seat, value, all_in, line)
        elif what == "dead":
            _post_dead(st, seat, value, all_in, line)
        elif what == "processed":
            if value:
                b.post(ActionKind.POST_ANTE, seat, value, all_in, line)
        else:
            raise unknown("unknown post")
    elif verb == "shows":
        b.show(seat, _norm_cards(f"[{arg}]"), line)
    elif verb == "mucks":
        # "mucks hand" (the layout's bet-and-muck, as PokerStars writes it) names no cards
        cards = () if arg.lower() == "hand" else _norm_cards(f"[{arg}]")
        b.show(seat, cards, line, muck=True)
    elif rest.lower() in _NOT_SHOWN:
        pass  # the winner without a showdown keeps his cards hidden: nothing to record
    else:
        raise unknown("unknown action")


#: A winner who bet and was not called keeps his cards: "doesn't show hand" (PokerStars'
#: wording, which the layout copies), "does not show".
_NOT_SHOWN = frozenset({"doesn't show hand", "does not show", "doesn't show", "does not show hand"})


def _post_dead(st: _Hand, seat: int, live: int, all_in: bool, line: int) -> None:
    """``post dead X``: X live (up to the big blind), plus the unprinted dead small blind."""
    b = st.b
    if not st.sb:
        raise unknown("a dead post at a table whose blinds are not known")
    if live > st.bb:
        b.post_both(seat, live, st.bb, all_in, line)
        return
    if live:
        b.post(ActionKind.POST_BIG_BLIND, seat, live, False, line)
    b.post(ActionKind.POST_DEAD, seat, st.sb, all_in, line)


def _summary_line(st: _Hand, line: str, lineno: int) -> None:
    who = st.names.prefix(line[line.index(": ") + 2 :]) if ": " in line else None
    if who is None:
        return
    seat, rest = who
    b = st.b
    if "showed [" in rest:
        cards = _norm_cards(rest[rest.index("showed [") :].partition("]")[0] + "]")
        if len(cards) <= 4:  # Gear Poker shows the best five: not the hole cards
            b.summary_cards(seat, cards)
    amount = None
    for tag in ("collected (", " won ("):
        if tag in rest:
            k = rest.index(tag) + len(tag)
            amount = st.money(rest[k : rest.index(")", k)])
            break
    if amount:
        b.collect(seat, amount, lineno, 0 if st.side_pots else None)
        st.winners.append(seat)


def _total(st: _Hand) -> int | None:
    """The model's total pot: every printed pot (net) plus the rake."""
    if st.total is None:
        return None
    return st.total + sum(st.side_pots) + (st.rake or 0)


def _pots(st: _Hand) -> tuple[PrintedPot, ...]:
    """Main and side pots where side pots were printed; their winner when unambiguous."""
    if not st.side_pots or st.total is None:
        return ()
    if len(set(st.winners)) == 1:
        for k, amount in enumerate(st.side_pots, 1):
            st.b.collect(st.winners[0], amount, 0, k)
    return tuple(PrintedPot(k, a) for k, a in enumerate([st.total, *st.side_pots]))


def _stakes(st: _Hand) -> Stakes:
    """Header stakes for cash games; from the posts for tournaments and Gear Poker."""
    acts = st.b.actions
    ante = max((a.amount for a in acts if a.kind is ActionKind.POST_ANTE), default=0)
    sb, bb = st.sb, st.bb
    if not bb:
        bb = next((a.amount for a in acts if a.kind is ActionKind.POST_BIG_BLIND), 0)
        sb_post = next((a for a in acts if a.kind is ActionKind.POST_SMALL_BLIND), None)
        sb = sb_post.amount if sb_post else 0
        if sb_post is not None and bb and 2 * sb < bb and _posted_all(st, sb_post.seat):
            sb = bb // 2  # a short all-in small blind is not the level's
    return Stakes(sb, bb, ante, *st.bets)


def _posted_small_blind(lines: list[str], money) -> int:
    """The amount of the body's first "posts small blind X" line (0 when there is none)."""
    for line in lines:
        _, sep, amount = line.partition(": posts small blind ")
        if sep:
            return money(amount.split(" ")[0])
    return 0


def _posted_all(st: _Hand, seat: int) -> bool:
    """Whether the seat's small blind was its whole stack (a short all-in post)."""
    for a in st.b.actions:
        if a.seat == seat and a.kind is ActionKind.POST_SMALL_BLIND:
            return a.all_in or a.amount == st.stacks.get(seat, -1)
    return False


def _unknown_stacks(b: Builder, seats: dict[int, list]) -> None:
    """A printed 0.00 stack of a player who puts chips in is no stack: mark it unknown."""
    paid: dict[int, int] = {}
    for a in b.actions:
        if a.kind is ActionKind.UNCALLED_RETURN:
            paid[a.seat] = paid.get(a.seat, 0) - a.amount
        elif a.amount:
            paid[a.seat] = paid.get(a.seat, 0) + a.amount
    for seat, chips in paid.items():
        v = seats.get(seat)
        if v is not None and v[1] == 0 and chips > 0:
            v[1], v[4] = chips, False


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="betonline",
    site=SITE,
    description="BetOnline hand histories (PayNoRake, Gear Poker, ActionPoker.com skins)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
    glued=True,
)
