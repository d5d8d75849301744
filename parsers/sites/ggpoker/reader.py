"""GGPoker / Natural8 (GG Network) hold'em hand histories -> :class:`parsers.model.Hand`.

Covers cash (``HD`` hand ids), Rush & Cash fast-fold (``RC``), tournaments (``TM``), run it
twice or three times, all-in EV cash-out and insurance, and the summary fees GG takes beside
the rake (``Rake ... | Jackpot ... | Bingo ... | Fortune ... | Tax ...``). Omaha (``OM``, "PLO",
"PLO-5", "Omaha (NL postflop)") and Short Deck raise UnsupportedGame.

How GG differs from the PokerStars layout it imitates, and what we do about it:
- The header starts ``Poker Hand #RC123:``; the letters are part of the id (RC, HD, TM and OM
  numbers are separate sequences), so the full token is kept as the hand id.
- No time zone is printed. The time is kept as printed (``local_time``, ``time_zone=""``) and
  read as UTC for ``started_at``: the only zone that needs no guess about the player's
  machine. (LayorX's files are named 8 hours before their first hand, so PokerCraft exports
  may be in the client's zone; there is no way to tell from the text.)
- Every seat gets a "Dealt to" line, with cards only for the hero (named ``Hero``; the others
  are hashed names). Shows happen on the street of the all-in, before the board is run out.
- Run it twice: ``*** FIRST FLOP ***`` / ``*** SECOND TURN ***`` ... each line carries the run's
  full board so far; ``*** FIRST SHOWDOWN ***`` sections hold that run's collections. The
  summary's ``SECOND Board`` prints only the run's own cards, so it is not used.
- EV cash-out: "Chooses to EV Cashout", then either "Receives Cashout ($X)" (the player lost the
  pot and GG paid X: ``CashOut(seat, X)``) or "Pays Cashout Risk ($X)" (the player won the pot
  and paid GG X out of it: ``CashOut(seat, 0, fee=X)``). All-in insurance premiums ("pay
  premium of all-in insurance ($X)") are recorded the same way. Neither moves pot money:
  collected + rake + fees == total pot still holds.
- "Cash Drop to Pot : total $X": GG adds X to the pot (a promotion no player paid). Recorded in
  ``SiteReport.site_added`` so the pot can be reconciled.
- Time bank cards bought/received in the summary are side payments outside the pot: ignored.

Lines are dispatched on cheap prefix tests; names are matched against the seat list, never
with a regex. Anything unrecognised before the summary raises ``unknown_line``.
"""

from __future__ import annotations

import re

from parsers.cards import kept_hole, parse_cards, shown_cards, shown_group
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
    SiteReport,
    SourceRef,
    Stakes,
    Street,
)
from parsers.sites._kit.common import line_sniffer, with_site
from parsers.sites._kit.tables import STREETS
from parsers.sites.ggpoker.header import parse_header, stakes_of
from parsers.text import Chunk, parse_money

SITE = "ggpoker"
HEADER = re.compile(r"Poker Hand #[A-Za-z]{0,4}\d+: ")
DETECTION = "a line starting 'Poker Hand #' followed by an optional letter prefix (RC, HD, TM, "
DETECTION += "OM) and digits, in the first 8 KB"
SUPPORTS = "hold'em NL/PL/FL: cash, Rush & Cash, tournaments, run it twice/three times, "
SUPPORTS += "EV cash-out, insurance, jackpot/bingo/fortune/tax fees, cash drops"

_TABLE = re.compile(
    r"Table '(?P<name>.*)'(?:\s+(?P<max>\d+)-max)?(?:\s+Seat #(?P<button>\d+) is the button)?"
)
_SEAT = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^ ()]*\d) in chips"
    r"(?:, (?P<bounty>\S+) bounty)?\)(?P<tail>.*)$"
)
_RAISE = re.compile(r"raises (.+?) to (.+)$")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_SUMMARY_CARDS = re.compile(r"Seat (\d+): .*?\bshowed \[([^\]]*)\]")
_PAREN_AMOUNT = re.compile(r"\(([^()]*)\)$")
_RUNS = {"FIRST": 0, "SECOND": 1, "THIRD": 2}
_SHOWDOWN_WORDS = frozenset({"SHOWDOWN", "SHOW DOWN"})
# Informational lines of the action section: they move no chips.
_NO_CHIPS = ("Chooses to EV Cashout", "get an all-in insurance", "sits out", "is sitting out",
             "has timed out", "is disconnected", "is connected", "has returned")


# True when a GG hand header starts one of the first lines. Never raises.
sniff = line_sniffer(HEADER.match, needs=("Poker Hand #",))


def _paren_amount(rest: str, dec: int) -> int:
    """The amount in a trailing "($4.5)"."""
    m = _PAREN_AMOUNT.search(rest)
    if not m:
        raise ParseError("unknown_line", "expected an amount in parentheses")
    return parse_money(m[1], dec)


# --- body ------------------------------------------------------------------------------------


class _Body:
    """Mutable state of one hand's action section (kept apart so each handler stays small)."""

    def __init__(self, seats: dict[int, list], dec: int, big_blind: int) -> None:
        self.seat_of = {v[0]: k for k, v in seats.items()}
        self.by_length = sorted(self.seat_of, key=len, reverse=True)
        self.colon_names = [nm for nm in self.by_length if ": " in nm]
        self.dec = dec
        self.big_blind = big_blind
        self.actions: list[Action] = []
        self.street = Street.PREFLOP
        self.totals: dict[int, int] = {}
        self.hole: dict[int, tuple[str, ...]] = {}
        self.dealt_to: list[int] = []
        self.board: list[str] = []
        self.run_boards: dict[int, list[str]] = {}
        self.collections: list[Collection] = []
        self.cash_outs: list[CashOut] = []
        self.showdown_run: int | None = None
        self.in_showdown = False
        self.ante = 0
        self.sb_posted = False
        self.bb_posted = False
        self.cash_drop = 0

    def name_prefix(self, line: str) -> tuple[int, str] | None:
        """(seat, rest after the name) for a line starting with a seated name + space."""
        for nm in self.by_length:
            if line.startswith(nm) and line[len(nm) : len(nm) + 1] == " ":
                return self.seat_of[nm], line[len(nm) + 1 :]
        return None

    def colon_split(self, line: str) -> tuple[int, str] | None:
        """(seat, verb text) for "name: verb ..." lines."""
        for nm in self.colon_names:
            if line.startswith(nm + ": "):
                return self.seat_of[nm], line[len(nm) + 2 :]
        cut = line.find(": ")
        if cut > 0:
            seat = self.seat_of.get(line[:cut])
            if seat is not None:
                return seat, line[cut + 2 :]
        return None

    def add(self, seat: int, kind: ActionKind, amount: int, to: int, all_in: bool,
            line: int, cards: tuple[str, ...] = ()) -> None:
        self.actions.append(Action(self.street, seat, kind, amount, to, all_in, cards, line))

    def marker(self, line: str) -> bool:
        """Handle a "*** ... ***" line; True when it is the summary."""
        end = line.find(" ***", 3)
        marker = line[4:end] if end != -1 else line[4:]
        if marker in ("HOLE CARDS", "PRE-FLOP"):
            return False
        if marker == "SUMMARY":
            return True
        if marker in _SHOWDOWN_WORDS:
            self.in_showdown = True
            return False
        word0, _, word1 = marker.partition(" ")
        run = _RUNS.get(word0)
        if run is not None and word1 in _SHOWDOWN_WORDS:
            self.in_showdown = True
            self.showdown_run = run
            return False
        street_word = word1 if run is not None else marker
        new_street = STREETS.get(street_word)
        if new_street is None:
            raise ParseError("unknown_line", "unknown section marker")
        cards = [c for g in _BRACKETS.findall(line) for c in parse_cards(g)]
        if run is None:
            self.board = cards
        else:
            self.run_boards[run] = cards
        if new_street > self.street:
            self.street = new_street
            self.totals = {}
        return False

    def player_action(self, seat: int, rest: str, lineno: int) -> None:
        dec, totals = self.dec, self.totals
        all_in = rest.endswith(" and is all-in")
        if all_in:
            rest = rest[:-14]
        if rest == "folds":
            self.add(seat, ActionKind.FOLD, 0, totals.get(seat, 0), False, lineno)
        elif rest == "checks":
            self.add(seat, ActionKind.CHECK, 0, totals.get(seat, 0), False, lineno)
        elif rest.startswith("calls "):
            amt = parse_money(rest[6:], dec)
            totals[seat] = to = totals.get(seat, 0) + amt
            self.add(seat, ActionKind.CALL, amt, to, all_in, lineno)
        elif rest.startswith("bets "):
            amt = parse_money(rest[5:], dec)
            totals[seat] = to = totals.get(seat, 0) + amt
            self.add(seat, ActionKind.BET, amt, to, all_in, lineno)
        elif rest.startswith("raises "):
            m = _RAISE.match(rest)
            if not m:
                raise ParseError("unknown_line", "cannot read raise")
            to = parse_money(m[2], dec)
            amt = to - totals.get(seat, 0)
            totals[seat] = to
            self.add(seat, ActionKind.RAISE, amt, to, all_in, lineno)
        elif rest.startswith("posts ") or rest.startswith("straddle "):
            self.post(seat, rest, all_in, lineno)
        elif rest.startswith("shows ") or rest.startswith("mucks"):
            cards: tuple[str, ...] = ()
            b = rest.find("[")
            if b != -1:
                cards = shown_cards(rest, b)
                hole = kept_hole(self.hole.get(seat), cards)
                if hole:
                    self.hole[seat] = hole
            elif rest not in ("mucks", "mucks hand"):
                raise ParseError("unknown_line", "cannot read shown cards")
            kind = ActionKind.SHOW if rest[0] == "s" else ActionKind.MUCK
            st = Street.SHOWDOWN if self.in_showdown or self.street is Street.RIVER else self.street
            self.actions.append(Action(st, seat, kind, 0, totals.get(seat, 0), False, cards,
                                       lineno))
        elif rest.startswith("Receives Cashout "):
            self.cash_outs.append(CashOut(seat, _paren_amount(rest, dec)))
        elif rest.startswith("Pays Cashout Risk ") or rest.startswith(
                "pay premium of all-in insurance "):
            self.cash_outs.append(CashOut(seat, 0, _paren_amount(rest, dec)))
        elif rest.startswith(_NO_CHIPS) or rest == "doesn't show hand":
            pass
        else:
            raise ParseError("unknown_line", "unknown action")

    def post(self, seat: int, rest: str, all_in: bool, lineno: int) -> None:
        dec, totals = self.dec, self.totals
        what = rest[6:] if rest.startswith("posts ") else rest
        if what.startswith("the ante "):
            amt = parse_money(what[9:], dec)
            if not all_in and amt > self.ante:
                self.ante = amt
            self.add(seat, ActionKind.POST_ANTE, amt, totals.get(seat, 0), all_in, lineno)
            return
        if what.startswith("missed blind "):
            # A missed small blind, paid dead; GG prints the live big blind as its own line.
            amt = parse_money(what[13:], dec)
            self.add(seat, ActionKind.POST_DEAD, amt, totals.get(seat, 0), all_in, lineno)
            return
        if what.startswith("small blind "):
            kind, text = ActionKind.POST_SMALL_BLIND, what[12:]
            if self.sb_posted or self.bb_posted:
                amt = parse_money(text, dec)  # a second small blind is dead money
                self.add(seat, ActionKind.POST_DEAD, amt, totals.get(seat, 0), all_in, lineno)
                return
            self.sb_posted = True
        elif what.startswith("big blind "):
            kind, text = ActionKind.POST_BIG_BLIND, what[10:]
            self.bb_posted = True
        elif what.startswith("straddle "):
            kind, text = ActionKind.POST_STRADDLE, what[9:]
        else:
            raise ParseError("unknown_line", "unknown post")
        amt = parse_money(text, dec)
        totals[seat] = to = totals.get(seat, 0) + amt
        self.add(seat, kind, amt, to, all_in, lineno)

    def other_line(self, line: str, lineno: int) -> None:
        """Lines that do not start with "name: "."""
        dec = self.dec
        if line.startswith("Dealt to "):
            who = line[9:]
            seat = self.seat_of.get(who)
            if seat is not None:
                return
            found = self.name_prefix(who)
            if found is None:
                raise ParseError("unknown_line", "dealt to an unknown player")
            seat, rest = found
            cards = parse_cards(rest)
            if cards:
                self.hole[seat] = cards
                self.dealt_to.append(seat)
            return
        if line.startswith("Uncalled bet ("):
            close = line.find(") returned to ")
            seat = self.seat_of.get(line[close + 14 :]) if close != -1 else None
            if seat is None:
                raise ParseError("unknown_line", "cannot read uncalled bet")
            amt = parse_money(line[14:close], dec)
            self.totals[seat] = to = self.totals.get(seat, 0) - amt
            self.add(seat, ActionKind.UNCALLED_RETURN, amt, to, False, lineno)
            return
        if line.startswith("Cash Drop to Pot : total "):
            self.cash_drop += parse_money(line[25:], dec)
            return
        found = self.name_prefix(line)
        if found is not None and found[1].startswith("collected ") and found[1].endswith(
                " from pot"):
            amt = parse_money(found[1][10:-9], dec)
            self.collections.append(Collection(found[0], amt, None, self.showdown_run, lineno))
            return
        raise ParseError("unknown_line", "unrecognised line")


def _read_seats(lines: list[str], i: int, dec: int) -> tuple[dict[int, list], int]:
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
        seats[int(s["seat"])] = [s["name"], stack, "sitting out" in tail, bounty]
        i += 1
    if not seats:
        raise ParseError("no_seats", "no seat lines after the header", line=i + 1,
                         text=lines[i] if i < n else "")
    return seats, i


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = chunk.text.split("\n")
    head = lines[0].lstrip(" \t\ufeff")
    h = parse_header(head)
    dec = h.decimals
    first, second, header_ante = stakes_of(h, head)
    table_name, max_seats, button = "", None, None
    i = 1
    if len(lines) > 1 and lines[1].startswith("Table "):
        t = _TABLE.match(lines[1])
        if t:
            table_name = t["name"]
            max_seats = int(t["max"]) if t["max"] else None
            button = int(t["button"]) if t["button"] else None
        i = 2
    seats, i = _read_seats(lines, i, dec)

    limit = h.limit
    if limit is LimitType.FIXED_LIMIT:
        small_bet, big_bet, small_blind, big_blind = first, second, first // 2, first
    else:
        small_bet = big_bet = 0
        small_blind, big_blind = first, second
    body = _Body(seats, dec, big_blind)
    summary_at = -1
    for idx in range(i, len(lines)):
        line = lines[idx]
        if not line:
            continue
        lineno = idx + 1
        try:
            if line.startswith("*** "):
                if body.marker(line):
                    summary_at = idx
                    break
                continue
            found = body.colon_split(line)
            if found is not None:
                body.player_action(found[0], found[1], lineno)
            else:
                body.other_line(line, lineno)
        except ParseError as err:
            raise err.with_context(line=lineno, text=line) from None
    if summary_at < 0:
        raise ParseError("truncated_hand", "no *** SUMMARY *** section", line=len(lines),
                         text=lines[-1])
    report = _read_summary(lines, summary_at, dec, body)

    if h.tournament_id is not None:
        small_blind, big_blind = _posted_blinds(body.actions, small_blind, big_blind)
    if body.run_boards:
        final = tuple(tuple(body.run_boards[r]) if len(body.run_boards[r]) >= len(body.board)
                      else tuple(body.board) for r in sorted(body.run_boards))
    else:
        final = (tuple(body.board),)
    hero_seat = next((k for k, v in seats.items() if v[0] == "Hero"), None)
    if hero_seat is None and len(body.dealt_to) == 1:
        hero_seat = body.dealt_to[0]
    seat_objs = tuple(
        Seat(seat=k, player=v[0], stack=v[1], sitting_out=v[2], is_hero=k == hero_seat,
             hole_cards=body.hole.get(k), bounty=v[3])
        for k, v in sorted(seats.items())
    )
    return Hand(
        site=SITE,
        hand_id=h.hand_id,
        game=h.game,
        limit=limit,
        currency=h.currency,
        decimals=dec,
        stakes=Stakes(small_blind, big_blind, body.ante or header_ante, small_bet, big_bet),
        seats=seat_objs,
        actions=tuple(body.actions),
        button_seat=button,
        boards=final,
        report=report,
        started_at=h.started_at,
        local_time=h.local_time,
        time_zone="",
        table_name=table_name,
        max_seats=max_seats,
        is_tournament=h.tournament_id is not None,
        tournament_id=h.tournament_id,
        level=h.level,
        fast_fold=h.hand_id.startswith("RC") or table_name.startswith("RushAndCash"),
        source=SourceRef(file, chunk.offset, chunk.line),
        raw_text=chunk.text,
    )


#: ``parse(chunk, file="")``: one hand chunk to a Hand, or ParseError naming the site
#: (UnsupportedGame for other games); a glued file is told apart from an unknown line.
parse = with_site(SITE, _parse, header=HEADER, ignore_harmless=True)


def _posted_blinds(actions: list[Action], small: int, big: int) -> tuple[int, int]:
    """The blinds the table really played, where a tournament header disagrees with them.

    GG tournament headers sometimes name the next level ("Level3 (80/160)") while the table
    still posts the previous one (60/120) and raises are sized from it: the full (not all-in)
    blind posts are what the betting rules apply to.
    """
    sb = next((a.amount for a in actions if a.kind is ActionKind.POST_SMALL_BLIND
               and not a.all_in), None)
    bb = next((a.amount for a in actions if a.kind is ActionKind.POST_BIG_BLIND
               and not a.all_in), None)
    if bb is None or bb == big or (sb is not None and sb > bb):
        return small, big
    return (sb if sb is not None else small), bb


def _read_summary(lines: list[str], start: int, dec: int, body: _Body) -> SiteReport:
    """Total pot, rake, fees and revealed cards from the *** SUMMARY *** section.

    "Total pot $9.44 | Rake $0.24 | Jackpot $0.07 | Bingo $0 | Fortune $0 | Tax $0": every
    part after the total is "Label amount"; everything but Rake is a fee, kept by its name.
    """
    total = rake = None
    fees: list[tuple[str, int]] = []
    for idx in range(start + 1, len(lines)):
        line = lines[idx]
        if not line:
            break
        try:
            if line.startswith("Total pot "):
                for part in line.split(" | "):
                    label, _, amount = part.strip().rpartition(" ")
                    value = parse_money(amount, dec)
                    if label == "Total pot":
                        total = value
                    elif label == "Rake":
                        rake = value
                    elif label:
                        fees.append((label, value))
                    else:
                        raise ParseError("unknown_line", "cannot read the pot line")
            elif line.startswith("Seat ") and "showed [" in line:
                m = _SUMMARY_CARDS.match(line)
                if m:
                    cards = shown_group(m[2])
                    if cards:
                        body.hole.setdefault(int(m[1]), cards)
        except ParseError as err:
            raise err.with_context(line=idx + 1, text=line) from None
    return SiteReport(
        total_pot=total,
        rake=rake,
        fees=tuple(fees),
        collections=tuple(body.collections),
        cash_outs=tuple(body.cash_outs),
        site_added=(("Cash Drop", body.cash_drop),) if body.cash_drop else (),
    )


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="ggpoker",
    site=SITE,
    description="GGPoker / Natural8 hand histories (cash, Rush & Cash, tournaments)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
    glued=True,
)
