"""PokerStars hold'em hand histories -> :class:`parsers.model.Hand`.

Covers cash (USD/EUR/GBP/...), play money, Zoom, tournaments (antes, bounties), home games,
no/pot/fixed limit, run it twice, side pots, cash-outs. Other games (Omaha, stud, razz, draw,
badugi, Courchevel, 6+ hold'em, the non-hold'em rounds of mixed games) raise UnsupportedGame.

How it reads a hand, and why:
- A hand is its header (:mod:`.header`), the table line, the seat list, the play and the
  summary (:mod:`.summary`). The play is read line by line by :class:`_Play`: section
  markers (``*** FLOP ***``), then "name: verb ..." lines (:meth:`_Play.act`), then the lines
  that name no speaker (uncalled bets, "Dealt to", collections, cash-outs, table events).
  Regexes are used only once a line's kind is known from its prefix.
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

from parsers.cards import cards_in_brackets, kept_hole, parse_cards, shown_cards
from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import (
    Action,
    ActionKind,
    CashOut,
    Collection,
    Hand,
    LimitType,
    Seat,
    SourceRef,
    Stakes,
    Street,
)
from parsers.sites._kit.common import with_site
from parsers.sites._kit.starlike import Names
from parsers.sites._kit.tables import STREETS as _STREET_WORDS
from parsers.sites.pokerstars.header import Header, parse_header
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
_RAISE = re.compile(r"raises (.+?) to (.+)$")
_COLLECTED = re.compile(r"collected (.+?) from (pot|main pot|side pot(?:-(\d+))?)$")
_CASHED = re.compile(r"cashed out the hand for (\S+)(?: \| Cash Out Fee (\S+))?$")
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
_SKIPPED_MARKERS = frozenset({"HOLE CARDS", "PRE-FLOP", "DEALING HANDS"})
_SHOWDOWN_WORDS = frozenset({"SHOW DOWN", "SHOWDOWN"})


def sniff(text: str) -> bool:
    """True when a PokerStars hand header starts one of the first lines. Never raises."""
    try:
        head = text[:8192]
        if "PokerStars " not in head:  # in every match: refused at C speed (holds_any)
            return False
        for line in head.split("\n"):
            if HEADER.match(line.lstrip(" \t\ufeff")):
                return True
        return False
    except Exception:
        return False


# The live posts after "posts ", and the "name: ..." texts that say nothing about chips.
_POSTS = (
    ("small blind ", ActionKind.POST_SMALL_BLIND),
    ("big blind ", ActionKind.POST_BIG_BLIND),
    ("straddle ", ActionKind.POST_STRADDLE),
)
_IGNORED_STARTS = ("is sitting out", "has timed out", "sits out")


# --- the table line and the seat list -------------------------------------------------------

#: A seat of the seat list: (name, stack, sitting out, bounty), by seat number.
_SeatRow = tuple[str, int, bool, int | None]


def _read_table(line: str) -> tuple[str, int | None, int | None]:
    """(table name, max seats, button seat) of a "Table '...'" line."""
    t = _TABLE.match(line)
    if not t:
        return "", None, None
    return (t["name"], int(t["max"]) if t["max"] else None,
            int(t["button"]) if t["button"] else None)


def _read_seat(line: str, dec: int) -> tuple[int, str, int, bool, int | None] | None:
    """(seat, name, stack, sitting_out, bounty) of a seat-list line, None if it is not one.

    The name is greedy: it runs to the last " (" that a stack follows, so a name may hold
    parentheses. "is sitting out" and "out of hand" after the stack mark a seat sitting out.
    """
    s = _SEAT.match(line)
    if not s:
        return None
    name, stack_text, bounty_text, tail = s.group("name", "stack", "bounty", "tail")
    stack = parse_money(stack_text, dec)
    bounty = parse_money(bounty_text, 2) if bounty_text else None
    sitting = "sitting out" in tail or "out of hand" in tail
    return int(s["seat"]), name, stack, sitting, bounty


def _read_seats(lines: list[str], start: int, dec: int) -> tuple[dict[int, _SeatRow], int]:
    """The consecutive "Seat N: name (stack in chips)" lines from ``start`` on, and the index
    of the first line after them; ParseError(no_seats) when there is none."""
    seats: dict[int, _SeatRow] = {}
    i = start
    while i < len(lines) and lines[i].startswith("Seat "):
        try:
            got = _read_seat(lines[i], dec)
        except ParseError as err:
            raise err.with_context(line=i + 1, text=lines[i]) from None
        if got is None:
            break
        seats[got[0]] = got[1:]
        i += 1
    if not seats:
        raise ParseError("no_seats", "no seat lines after the header", line=i + 1,
                         text=lines[i] if i < len(lines) else "")
    return seats, i


class _Names(Names):
    """The seated names, and the speaker of a "name: text" line."""

    __slots__ = ("with_colon",)

    def __init__(self, seats: dict[int, _SeatRow]) -> None:
        super().__init__(seats)  # type: ignore[arg-type]  # reads each row's name, row[0]
        self.with_colon = [nm for nm in self.by_length if ": " in nm]

    def speaker(self, line: str) -> tuple[int, str] | None:
        """(seat, text after the colon) of a seated player's "name: text" line, else None.

        The name is the text before the first ": ", unless a seated name that holds ": "
        itself starts the line (the longest such name wins).
        """
        for nm in self.with_colon:
            if line.startswith(nm) and line.startswith(":", len(nm)):
                return self.seat_of[nm], line[len(nm) + 1 :].lstrip(" ")
        name, colon, said = line.partition(": ")
        seat = self.seat_of.get(name) if colon and name else None
        return None if seat is None else (seat, said)


# --- the play --------------------------------------------------------------------------------


class _Play:
    """The play of one hand, read line by line up to the summary: the actions with each
    seat's street total, the hole cards dealt and shown, the boards, the collections and the
    cash-outs."""

    def __init__(self, names: _Names, dec: int, big_blind: int) -> None:
        self.names = names
        self.dec = dec
        self.big_blind = big_blind  # a "small & big blinds" post is live up to it
        self.actions: list[Action] = []
        self.street = Street.PREFLOP
        self.totals: dict[int, int] = {}  # seat -> its chips in on this street
        self.in_showdown = False
        self.board: tuple[str, ...] = ()
        self.run_boards: dict[int, tuple[str, ...]] = {}  # run (0, 1...) -> its board
        self.showdown_run: int | None = None  # the run whose showdown is being read
        self.hole: dict[int, tuple[str, ...]] = {}
        self.dealt_to: list[int] = []
        self.collections: list[Collection] = []
        self.cash_outs: list[CashOut] = []
        self.ante = 0  # the largest ante posted in full
        self.sb_posted: int | None = None
        self.bb_posted = False

    def read(self, lines: list[str], start: int, numbers: list[int]) -> int:
        """Read ``lines`` from ``start`` to the ``*** SUMMARY ***`` marker; its index.

        ``numbers`` are the lines' numbers in the chunk, for the errors."""
        for idx in range(start, len(lines)):
            line = lines[idx]
            if not line:
                continue
            try:
                if line.startswith("*** "):
                    if self.marker(line):
                        return idx
                elif not self.spoken(line, numbers[idx]):
                    self.unspoken(line, numbers[idx])
            except ParseError as err:
                raise err.with_context(line=numbers[idx], text=line) from None
        raise ParseError("truncated_hand", "no *** SUMMARY *** section", line=len(lines),
                         text=lines[-1])

    def _add(self, seat: int, kind: ActionKind, amount: int, to: int, all_in: bool, line: int,
             raise_by: int | None = None) -> None:
        self.actions.append(Action(street=self.street, seat=seat, kind=kind, amount=amount,
                                   to=to, all_in=all_in, line=line, raise_by=raise_by))

    def _put_in(self, seat: int, kind: ActionKind, amount: int, all_in: bool,
                line: int) -> None:
        """An action that adds ``amount`` to the seat's street total (calls, bets, live posts)."""
        to = self.totals.get(seat, 0) + amount
        self.totals[seat] = to
        self._add(seat, kind, amount, to, all_in, line)

    # --- section markers

    def marker(self, line: str) -> bool:
        """A ``*** ... ***`` section marker; True for the summary's."""
        end = line.find(" ***", 3)
        marker = line[4:end] if end != -1 else line[4:]
        street = _STREET_WORDS.get(marker)
        if street is not None:
            self.board = cards_in_brackets(line)
            self.street, self.totals = street, {}
        elif marker == "SUMMARY":
            return True
        elif marker in _SHOWDOWN_WORDS:
            self.in_showdown = True
        elif marker not in _SKIPPED_MARKERS:
            self._run_marker(marker, line)
        return False

    def _run_marker(self, marker: str, line: str) -> None:
        """``FIRST FLOP``, ``SECOND SHOW DOWN``...: a run of a run-it-twice hand. The runs
        after the first repeat streets already played, so the street only moves forward."""
        run_word, _, what = marker.partition(" ")
        run = _RUNS.get(run_word)
        if run is not None and what in _SHOWDOWN_WORDS:
            self.in_showdown = True
            self.showdown_run = run
        elif run is not None and what in _STREET_WORDS:
            self.run_boards[run] = cards_in_brackets(line)
            street = _STREET_WORDS[what]
            if street > self.street:
                self.street, self.totals = street, {}
        else:
            raise ParseError("unknown_line", "unknown section marker")

    # --- "name: text" lines

    def spoken(self, line: str, lineno: int) -> bool:
        """A seated player's "name: text" line; False when the line is not one."""
        found = self.names.speaker(line)
        if found is None:
            # "name:" with nothing after (observer files) says nothing
            return line[-1] == ":" and self.names.exact(line[:-1]) is not None
        self.act(found[0], found[1], lineno)
        return True

    def act(self, seat: int, said: str, line: int) -> None:
        """What a player did: "folds", "calls $0.02", "raises $0.75 to $1.25 and is all-in"..."""
        all_in = said.endswith(" and is all-in")
        if all_in:
            said = said[: -len(" and is all-in")]
        elif " and has reached the " in said and said.endswith(" cap"):
            # a capped no-limit game: the player's chips in the hand reached the table's cap,
            # so he can put in no more and plays on as if all-in (any verb may say so)
            said, all_in = said.partition(" and has reached the ")[0], True
        dec = self.dec
        if said.startswith("folds"):
            cards = parse_cards(said[said.index("[") :]) if len(said) > 6 and "[" in said else None
            self._add(seat, ActionKind.FOLD, 0, self.totals.get(seat, 0), False, line)
            if cards is not None:
                self.hole[seat] = cards
        elif said == "checks":
            self._add(seat, ActionKind.CHECK, 0, self.totals.get(seat, 0), False, line)
        elif said.startswith("calls "):
            self._put_in(seat, ActionKind.CALL, parse_money(said[6:], dec), all_in, line)
        elif said.startswith("bets "):
            self._put_in(seat, ActionKind.BET, parse_money(said[5:], dec), all_in, line)
        elif said.startswith("raises "):
            self._raise(seat, said, all_in, line)
        elif said.startswith("posts "):
            self._post(seat, said[6:], all_in, line)
        elif said.startswith(("shows ", "mucks")):
            self._show(seat, said, line)
        elif not (said in _COLON_IGNORED or said.startswith(_IGNORED_STARTS)):
            raise ParseError("unknown_line", "unknown action")

    def _raise(self, seat: int, said: str, all_in: bool, line: int) -> None:
        """"raises $0.75 to $1.25": $0.75 is the raise increment, $1.25 the street total, so
        the chips added are the total less what the seat already had in."""
        m = _RAISE.match(said)
        if not m:
            raise ParseError("unknown_line", "cannot read raise")
        to = parse_money(m[2], self.dec)
        by = parse_money(m[1], self.dec)
        self._add(seat, ActionKind.RAISE, to - self.totals.get(seat, 0), to, all_in, line, by)
        self.totals[seat] = to

    def _post(self, seat: int, what: str, all_in: bool, line: int) -> None:
        """"posts the ante 10", "posts small blind $0.01", "posts small & big blinds $0.03"."""
        if what.startswith("the ante "):
            amount = parse_money(what[9:], self.dec)
            if not all_in and amount > self.ante:
                self.ante = amount
            self._add(seat, ActionKind.POST_ANTE, amount, self.totals.get(seat, 0), all_in, line)
            return
        if what.startswith("small & big blinds "):
            # one live big blind, the rest (the small blind part) dead
            amount = parse_money(what[19:], self.dec)
            live = min(amount, self.big_blind)
            self._put_in(seat, ActionKind.POST_BIG_BLIND, live, all_in and amount == live, line)
            if amount > live:
                self._add(seat, ActionKind.POST_DEAD, amount - live, self.totals[seat], all_in,
                          line)
            return
        for prefix, kind in _POSTS:
            if what.startswith(prefix):
                self._post_blind(seat, kind, parse_money(what[len(prefix) :], self.dec), all_in,
                                 line)
                return
        raise ParseError("unknown_line", "unknown post")

    def _post_blind(self, seat: int, kind: ActionKind, amount: int, all_in: bool,
                    line: int) -> None:
        if kind is ActionKind.POST_SMALL_BLIND:
            if self.sb_posted is not None or self.bb_posted:
                # A second small blind (a new player's, after the blinds) is dead money: it
                # does not count toward the player's bet.
                self._add(seat, ActionKind.POST_DEAD, amount, self.totals.get(seat, 0), all_in,
                          line)
                return
            self.sb_posted = amount
        elif kind is ActionKind.POST_BIG_BLIND:
            self.bb_posted = True
        self._put_in(seat, kind, amount, all_in, line)

    def _show(self, seat: int, said: str, line: int) -> None:
        """"shows [Ah Kh] (a pair of Aces)", "mucks hand", "mucks [2c 7d]": on the showdown
        street once the showdown (or the river) is reached, else on the current one."""
        b = said.find("[")
        if b != -1:
            cards = shown_cards(said, b)
        elif said == "mucks hand":
            cards = ()
        else:
            raise ParseError("unknown_line", "cannot read shown cards")
        hole = kept_hole(self.hole.get(seat), cards)
        if hole:
            self.hole[seat] = hole
        at_showdown = self.in_showdown or self.street is Street.RIVER
        self.actions.append(Action(
            street=Street.SHOWDOWN if at_showdown else self.street,
            seat=seat,
            kind=ActionKind.SHOW if said[0] == "s" else ActionKind.MUCK,
            to=self.totals.get(seat, 0),
            cards=cards,
            line=line,
        ))

    # --- lines without a speaker

    def unspoken(self, line: str, lineno: int) -> None:
        """A line that is not "name: text": an uncalled bet, hole cards, a collection, a
        cash-out or a table event; ParseError(unknown_line) for anything else."""
        if line.startswith("Uncalled bet ("):
            self._uncalled(line, lineno)
            return
        if line.startswith("Dealt to "):
            self._dealt(line)
            return
        found = self.names.prefix(line)
        if found is not None:
            seat, rest = found
            if rest.startswith("collected "):
                self._collected(seat, rest, lineno)
                return
            if rest.startswith("cashed out the hand for "):
                self._cashed_out(seat, rest)
                return
        if not (_IGNORABLE.match(line) or line in _DEALER_LINES):
            raise ParseError("unknown_line", "unrecognised line")

    def _uncalled(self, line: str, lineno: int) -> None:
        """"Uncalled bet ($0.50) returned to name"."""
        close = line.find(") returned to ")
        if close == -1:
            raise ParseError("unknown_line", "cannot read uncalled bet")
        who = line[close + 14 :]
        seat = self.names.exact(who)
        if seat is None:
            raise ParseError("unknown_line", f"unknown player {who!r}")
        amount = parse_money(line[14:close], self.dec)
        to = self.totals.get(seat, 0) - amount
        self.totals[seat] = to
        self._add(seat, ActionKind.UNCALLED_RETURN, amount, to, False, lineno)

    def _dealt(self, line: str) -> None:
        """"Dealt to name [Ah Kh]": the hero's cards (other players' in some files)."""
        found = self.names.prefix(line[9:])
        if found is None:
            raise ParseError("unknown_line", "dealt to an unknown player")
        seat, rest = found
        if "[" in rest:
            cards = cards_in_brackets(rest)
            if cards:
                self.hole[seat] = cards
                self.dealt_to.append(seat)

    def _collected(self, seat: int, rest: str, line: int) -> None:
        """"collected $1.20 from pot" (or "from main pot", "from side pot-2")."""
        m = _COLLECTED.match(rest)
        if not m:
            raise ParseError("unknown_line", "cannot read collection")
        amount_text, where, side = m.groups()
        pot = None if where == "pot" else 0 if where == "main pot" else int(side) if side else 1
        self.collections.append(Collection(
            seat=seat, amount=parse_money(amount_text, self.dec), pot_index=pot,
            board_index=self.showdown_run, line=line,
        ))

    def _cashed_out(self, seat: int, rest: str) -> None:
        """"cashed out the hand for $4.50 | Cash Out Fee $0.05"."""
        m = _CASHED.match(rest)
        if not m:
            raise ParseError("unknown_line", "cannot read cash-out")
        fee = parse_money(m[2], self.dec) if m[2] else 0
        self.cash_outs.append(CashOut(seat=seat, amount=parse_money(m[1], self.dec), fee=fee))


# --- the hand ---------------------------------------------------------------------------------


#: PokerStars India's client prints "Rs." and its amount joined by a no-break space ("Rs.\xa025"):
#: read as the "Rs. 25" the rest of the reader knows (Python's ``split()`` would cut there).
_RUPEES_NBSP = "Rs.\xa0"


def _lines_of(text: str) -> tuple[list[str], list[int]]:
    """The chunk's lines and each one's 1-based number in it.

    Two archive layouts are undone first, double-spaced hands and hands indented by one
    space: blank lines and "*********** #" separators are dropped and the rest unindented,
    each keeping its original number so errors still point at the right line.
    """
    if _RUPEES_NBSP in text:  # PokerStars India: "Rs." and the amount joined by a no-break space
        text = text.replace(_RUPEES_NBSP, "Rs. ")
    lines = text.split("\n")
    if not (len(lines) > 2 and (not lines[1] or lines[1].startswith(" "))):
        return lines, list(range(1, len(lines) + 1))
    kept: list[str] = []
    numbers: list[int] = []
    for no, line in enumerate(lines, 1):
        line = line.lstrip(" ")
        if line and not line.startswith("*********** #"):
            kept.append(line)
            numbers.append(no)
    if not kept:  # a blank chunk: nothing to undo; the header check says what is wrong
        return lines, list(range(1, len(lines) + 1))
    return kept, numbers


def _big_blind(head: Header) -> int:
    """Fixed limit prints the small and big bet (the big blind is one small bet); the other
    limits print the blinds."""
    return head.first_bet if head.limit is LimitType.FIXED_LIMIT else head.second_bet


def _stakes(head: Header, play: _Play) -> Stakes:
    """The header's stakes; a fixed-limit small blind is half the big blind, or what was
    posted when that is less."""
    if head.limit is not LimitType.FIXED_LIMIT:
        return Stakes(small_blind=head.first_bet, big_blind=head.second_bet, ante=play.ante)
    small_bet = head.first_bet
    small_blind = small_bet // 2
    if play.sb_posted and play.sb_posted < small_bet:
        small_blind = play.sb_posted
    return Stakes(small_blind=small_blind, big_blind=small_bet, ante=play.ante,
                  small_bet=small_bet, big_bet=head.second_bet)


def _boards(play: _Play, summary_boards: list[tuple[str, ...]]) -> tuple[tuple[str, ...], ...]:
    """One complete board per run: a run's board repeats the shared cards."""
    if play.run_boards:
        return tuple(board if len(board) >= len(play.board) else play.board
                     for _, board in sorted(play.run_boards.items()))
    if len(summary_boards) > 1:
        return tuple(summary_boards)
    return (play.board,)


def _parse(chunk: Chunk, file: str) -> Hand:
    lines, numbers = _lines_of(chunk.text)
    head = parse_header(lines[0].lstrip(" \t\ufeff"))
    dec = head.decimals
    table_name, max_seats, button = "", None, None
    start = 1
    if len(lines) > 1 and lines[1].startswith("Table "):
        table_name, max_seats, button = _read_table(lines[1])
        start = 2
    seats, start = _read_seats(lines, start, dec)
    play = _Play(_Names(seats), dec, _big_blind(head))
    summary_at = play.read(lines, start, numbers)
    report, summary_boards = read_summary(lines, summary_at, dec, play.hole, play.collections,
                                          play.cash_outs)
    hero = play.dealt_to[0] if len(play.dealt_to) == 1 else None
    return Hand(
        site=SITE,
        hand_id=head.hand_id,
        game=head.game,
        limit=head.limit,
        currency=head.currency,
        decimals=dec,
        stakes=_stakes(head, play),
        seats=tuple(
            Seat(seat=k, player=name, stack=stack, sitting_out=sitting_out, is_hero=k == hero,
                 hole_cards=play.hole.get(k), bounty=bounty)
            for k, (name, stack, sitting_out, bounty) in sorted(seats.items())
        ),
        actions=tuple(play.actions),
        button_seat=button,
        boards=_boards(play, summary_boards),
        report=report,
        started_at=head.started_at,
        local_time=head.local_time,
        time_zone=head.time_zone,
        table_name=table_name,
        max_seats=max_seats,
        is_tournament=head.tournament_id is not None,
        tournament_id=head.tournament_id,
        level=head.level,
        fast_fold=head.fast_fold,
        source=SourceRef(file=file, offset=chunk.offset, line=chunk.line),
        raw_text=chunk.text,
    )


#: ``parse(chunk, file="")``: one hand chunk to a Hand, or ParseError naming the site
#: (UnsupportedGame for other games); a glued file is told apart from an unknown line.
parse = with_site(SITE, _parse, header=HEADER, ignore_harmless=True)


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
    glued=True,
)
