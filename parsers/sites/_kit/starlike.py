"""Shared machinery for the text formats that read like PokerStars' (Winamax, PartyPoker,
WPN/ACR, Full Tilt).

Their layouts differ line by line, but every one of them needs the same four things, which
live here so each site module only says how *its* lines look:

- :class:`Names`: attributing a line to a seated player. Names hold spaces, colons, brackets
  and any Unicode, so a line is matched against the seat list (longest name first), never a
  ``\\w+`` regex.
- :class:`Builder`: the event log under construction. It tracks each seat's street total so
  that a site printing only "calls X" or only "raises to Y" still yields both ``amount``
  (chips added) and ``to`` (street total), and it assembles the final :class:`Hand`.
- :func:`game_of`: game and limit from the header's words (non-hold'em raises UnsupportedGame).
- :func:`to_utc`: a printed local time and zone abbreviation to UTC (by
  :data:`parsers.sites._kit.tables.ZONES`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from parsers.cards import HIDDEN_CARDS, kept_hole, parse_cards
from parsers.errors import ParseError, UnsupportedGame
from parsers.model import (
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
from parsers.sites._kit.tables import ZONES
from parsers.text import Chunk


def to_utc(naive: datetime, zone: str) -> datetime | None:
    """A naive local time in the printed ``zone`` abbreviation -> aware UTC (None if unknown)."""
    name = ZONES.get(zone.upper())
    if name is None:
        return None
    return naive.replace(tzinfo=ZoneInfo(name)).astimezone(UTC)


#: Short deck hold'em as headers name it: "6+ Hold'em", "Holdem 6+", "Six Plus", "6 plus",
#: "Short Deck", "shortdeck". A "6+" inside an amount is a buy-in ("$7.36+$0.64": a digit,
#: point or currency sign touches it), not the game.
_SHORT_DECK = re.compile(
    r"(?<![\w.,$€£¥])6 ?\+(?![\d.,$€£¥])|\b(?:six|6) ?plus\b|\bshort ?deck\b|\bshort\b",
    re.IGNORECASE,
)


def is_short_deck(words: str) -> bool:
    """Whether a header's game words name short deck (6+) hold'em (see :data:`_SHORT_DECK`)."""
    return _SHORT_DECK.search(words) is not None


def game_of(words: str, line: str, lineno: int = 1) -> tuple[Game, LimitType]:
    """Game and limit from a header's game words ("Holdem no limit", "FL Texas Hold'em").

    Hold'em is returned; every other game raises UnsupportedGame so it becomes an expected
    reject rather than a parse failure.
    """
    low = words.lower().replace("-", " ")
    if "no limit" in low or low.startswith("nl ") or " nl " in f" {low} ":
        limit = LimitType.NO_LIMIT
    elif "pot limit" in low or " pl " in f" {low} ":
        limit = LimitType.POT_LIMIT
    else:
        limit = LimitType.FIXED_LIMIT
    if "omaha" in low or "courchevel" in low:
        game = Game.OMAHA_HI_LO if ("hi/lo" in low or "h/l" in low or "8" in low) else Game.OMAHA
    elif "razz" in low:
        game = Game.RAZZ
    elif "stud" in low:
        game = Game.STUD
    elif "draw" in low or "badugi" in low or "lowball" in low:
        game = Game.DRAW
    elif "hold" in low and not is_short_deck(low):
        return Game.HOLDEM, limit
    else:
        game = Game.OTHER
    raise UnsupportedGame(f"{words.strip() or 'unknown game'} ({game.value})", line=lineno,
                          text=line)


def bracketed(text: str) -> Iterator[str]:
    """What stands inside each ``[...]`` of ``text``, in order; an unclosed ``[`` ends it.

    Sites print a street's cards as one or more bracket groups ("[Ah Kd] [Qs]"); every
    reader of such cards walks them this way.
    """
    pos = text.find("[")
    while pos != -1:
        end = text.find("]", pos)
        if end == -1:
            return
        yield text[pos + 1 : end]
        pos = text.find("[", end)


def limit_stakes(limit: LimitType, first: int, second: int, ante: int,
                 posted_sb: int | None = None) -> Stakes:
    """The stakes a header's two amounts name. In fixed limit they are the small and big bets:
    the big blind is the small bet, the small blind the one posted (half the small bet where
    nobody posted one). In the other limits they are the blinds themselves."""
    if limit is LimitType.FIXED_LIMIT:
        sb = posted_sb if posted_sb is not None else first // 2
        return Stakes(sb, first, ante, first, second)
    return Stakes(first, second, ante)


def cards_in(text: str) -> tuple[str, ...]:
    """Every card inside the brackets of ``text`` ("[Ah Kd]", "[ Jc, 4h ]", "[Ah Kd] [Qs]")."""
    out: list[str] = []
    for inside in bracketed(text):
        out.extend(parse_cards(inside.replace(",", " ")))
    return tuple(out)


def shown_in(text: str) -> tuple[str, ...]:
    """The cards a player shows in the brackets of ``text``: :func:`cards_in` with the
    placeholders of cards not shown left out ("[?? Kd]" -> ("Kd",), parsers.cards)."""
    out: list[str] = []
    for inside in bracketed(text):
        words = inside.replace(",", " ").split()
        out.extend(parse_cards(" ".join(w for w in words if w not in HIDDEN_CARDS)))
    return tuple(out)


class Names:
    """Seated names -> seat numbers, and attribution of a line to the player it starts with."""

    __slots__ = ("seat_of", "by_length")

    def __init__(self, seats: dict[int, list]) -> None:
        self.seat_of = {v[0]: k for k, v in seats.items()}
        self.by_length = sorted(self.seat_of, key=len, reverse=True)

    def prefix(self, line: str, sep: str = " ") -> tuple[int, str] | None:
        """(seat, text after the name and ``sep``) for a line starting with a seated name."""
        for nm in self.by_length:
            if line.startswith(nm) and line.startswith(sep, len(nm)):
                return self.seat_of[nm], line[len(nm) + len(sep) :]
        return None

    def exact(self, name: str) -> int | None:
        return self.seat_of.get(name)


class Builder:
    """The event log of one hand under construction, with each seat's street total.

    Site modules call one method per recognised line; the builder keeps ``amount`` (chips
    added) and ``to`` (street total) consistent, whichever of the two the site prints.
    """

    def __init__(self) -> None:
        self.actions: list[Action] = []
        self.street = Street.PREFLOP
        self.totals: dict[int, int] = {}
        self.hole: dict[int, tuple[str, ...]] = {}
        self.collections: list[Collection] = []
        self.cash_outs: list[CashOut] = []
        self.board: list[str] = []
        self.boards: list[tuple[str, ...]] = []
        self.hero: int | None = None
        self.in_showdown = False
        self.sb_posted = False
        self.bb_posted = False

    # streets ---------------------------------------------------------------------------------

    def new_street(self, street: Street, cards: tuple[str, ...] = ()) -> None:
        if cards:
            self.board = list(cards) if len(cards) >= len(self.board) else self.board + list(cards)
        if street > self.street:
            self.street = street
            self.totals = {}

    def add_board_cards(self, street: Street, cards: tuple[str, ...]) -> None:
        """A street marker that prints only the new cards ("** Dealing Turn ** [ 5h ]")."""
        self.board.extend(cards)
        if street > self.street:
            self.street = street
            self.totals = {}

    # betting ---------------------------------------------------------------------------------

    def _add(self, seat: int, kind: ActionKind, amount: int, to: int, all_in: bool,
             line: int, cards: tuple[str, ...] = (), street: Street | None = None,
             raise_by: int | None = None) -> None:
        self.actions.append(Action(self.street if street is None else street, seat, kind,
                                   amount, to, all_in, cards, line, raise_by))

    def fold(self, seat: int, line: int) -> None:
        self._add(seat, ActionKind.FOLD, 0, self.totals.get(seat, 0), False, line)

    def check(self, seat: int, line: int) -> None:
        self._add(seat, ActionKind.CHECK, 0, self.totals.get(seat, 0), False, line)

    def call(self, seat: int, amount: int, all_in: bool, line: int) -> None:
        to = self.totals.get(seat, 0) + amount
        self.totals[seat] = to
        self._add(seat, ActionKind.CALL, amount, to, all_in, line)

    def call_to(self, seat: int, to: int, all_in: bool, line: int) -> None:
        """A call printed as the street total reached (some sites print "calls to X")."""
        self.call(seat, to - self.totals.get(seat, 0), all_in, line)

    def bet(self, seat: int, amount: int, all_in: bool, line: int) -> None:
        to = self.totals.get(seat, 0) + amount
        self.totals[seat] = to
        self._add(seat, ActionKind.BET, amount, to, all_in, line)

    def raise_to(self, seat: int, to: int, all_in: bool, line: int,
                 raise_by: int | None = None) -> None:
        """A raise to a street total; ``raise_by`` is the increment where the site prints it."""
        amount = to - self.totals.get(seat, 0)
        self.totals[seat] = to
        self._add(seat, ActionKind.RAISE, amount, to, all_in, line, raise_by=raise_by)

    def raise_by_added(self, seat: int, added: int, all_in: bool, line: int) -> None:
        """A raise printed as the chips the action adds (PartyPoker)."""
        self.raise_to(seat, self.totals.get(seat, 0) + added, all_in, line)

    def post(self, kind: ActionKind, seat: int, amount: int, all_in: bool, line: int,
             keep_live: bool = False) -> None:
        """A post; live posts count toward the street total, dead ones go to the pot.

        ``keep_live``: a second small blind the log shows counted toward the poster's bet (he
        then calls only the rest) stays live instead of becoming dead money.
        """
        if kind is ActionKind.POST_SMALL_BLIND and not keep_live:
            if self.sb_posted or self.bb_posted:
                kind = ActionKind.POST_DEAD  # a second small blind (new player) is dead money
            else:
                self.sb_posted = True
        elif kind is ActionKind.POST_BIG_BLIND:
            self.bb_posted = True
        if kind.is_live_post:
            to = self.totals.get(seat, 0) + amount
            self.totals[seat] = to
        else:
            to = self.totals.get(seat, 0)
        self._add(seat, kind, amount, to, all_in, line)

    def post_both(self, seat: int, amount: int, big_blind: int, all_in: bool, line: int) -> None:
        """Small and big blind posted together: the big blind is live, the rest is dead."""
        live = min(amount, big_blind)
        self.bb_posted = True
        to = self.totals.get(seat, 0) + live
        self.totals[seat] = to
        self._add(seat, ActionKind.POST_BIG_BLIND, live, to, all_in and amount == live, line)
        if amount > live:
            self._add(seat, ActionKind.POST_DEAD, amount - live, to, all_in, line)

    def close_street(self) -> tuple[int, int] | None:
        """Return the street's unmatched chips, for logs that never print the return.

        Appends the UNCALLED_RETURN the site made silently and gives (seat, chips), or None
        when the street's top bet was matched.
        """
        ranked = sorted(self.totals.items(), key=lambda kv: kv[1], reverse=True)
        if not ranked:
            return None
        seat, best = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        if best <= second:
            return None
        self.uncalled(seat, best - second, self.actions[-1].line if self.actions else 0)
        return seat, best - second

    def uncalled(self, seat: int, amount: int, line: int) -> None:
        to = self.totals.get(seat, 0) - amount
        self.totals[seat] = to
        self._add(seat, ActionKind.UNCALLED_RETURN, amount, to, False, line)

    # cards and money -------------------------------------------------------------------------

    def dealt(self, seat: int, cards: tuple[str, ...]) -> None:
        if cards:
            self.hole[seat] = cards
            self.hero = seat

    def show(self, seat: int, cards: tuple[str, ...], line: int, muck: bool = False) -> None:
        hole = kept_hole(self.hole.get(seat), cards)
        if hole:
            self.hole[seat] = hole
        street = Street.SHOWDOWN if self.in_showdown or self.street is Street.RIVER \
            else self.street
        kind = ActionKind.MUCK if muck else ActionKind.SHOW
        self._add(seat, kind, 0, self.totals.get(seat, 0), False, line, cards, street)

    def collect(self, seat: int, amount: int, line: int, pot_index: int | None = None,
                board_index: int | None = None) -> None:
        self.collections.append(Collection(seat, amount, pot_index, board_index, line))

    def summary_cards(self, seat: int, cards: tuple[str, ...]) -> None:
        if cards:
            self.hole.setdefault(seat, cards)

    # the hand --------------------------------------------------------------------------------

    def hand(
        self,
        *,
        site: str,
        chunk: Chunk,
        file: str,
        hand_id: str,
        game: Game,
        limit: LimitType,
        currency: str,
        decimals: int,
        stakes: Stakes,
        seats: dict[int, list],
        button: int | None,
        total_pot: int | None,
        rake: int | None,
        fees: tuple[tuple[str, int], ...] = (),
        pots: tuple[PrintedPot, ...] = (),
        site_added: tuple[tuple[str, int], ...] = (),
        started_at: datetime | None = None,
        local_time: str = "",
        time_zone: str = "",
        table_name: str = "",
        max_seats: int | None = None,
        tournament_id: str | None = None,
        level: str | None = None,
        fast_fold: bool = False,
    ) -> Hand:
        """Assemble the Hand; ``seats`` maps seat -> [name, stack, sitting_out, bounty] with an
        optional fifth item, stack_known (False: the log printed no stack for the player)."""
        seat_objs = tuple(
            Seat(
                seat=k,
                player=v[0],
                stack=v[1],
                sitting_out=v[2],
                is_hero=k == self.hero,
                hole_cards=self.hole.get(k),
                bounty=v[3],
                stack_known=len(v) < 5 or v[4],
            )
            for k, v in sorted(seats.items())
        )
        boards = tuple(self.boards) if self.boards else (tuple(self.board),)
        return Hand(
            site=site,
            hand_id=hand_id,
            game=game,
            limit=limit,
            currency=currency,
            decimals=decimals,
            stakes=stakes,
            seats=seat_objs,
            actions=tuple(self.actions),
            button_seat=button,
            boards=boards,
            report=SiteReport(
                total_pot=total_pot,
                rake=rake,
                fees=fees,
                pots=pots,
                collections=tuple(self.collections),
                cash_outs=tuple(self.cash_outs),
                site_added=site_added,
            ),
            started_at=started_at,
            local_time=local_time,
            time_zone=time_zone,
            table_name=table_name,
            max_seats=max_seats,
            is_tournament=tournament_id is not None,
            tournament_id=tournament_id,
            level=level,
            fast_fold=fast_fold,
            source=SourceRef(file, chunk.offset, chunk.line),
            raw_text=chunk.text,
        )


def unknown(detail: str = "unrecognised line") -> ParseError:
    """The loud error for a line a site module does not understand."""
    return ParseError("unknown_line", detail)


def unreturned_excess(actions: list[Action]) -> dict[int, int]:
    """Per seat, the street bets nobody matched and the log never returned.

    For sites that print no "uncalled bet returned" line and instead count the excess in the
    pot and in the bettor's collection (Winamax): on each street the largest live total above
    the second largest is the uncalled part. Returns seat -> chips (only seats with some).
    """
    by_street: dict[Street, dict[int, int]] = {}
    for a in actions:
        if a.kind is ActionKind.UNCALLED_RETURN:
            by_street.setdefault(a.street, {})[a.seat] = a.to
        elif a.kind.is_live_post or a.kind in _BETTING:
            by_street.setdefault(a.street, {})[a.seat] = a.to
    excess: dict[int, int] = {}
    for totals in by_street.values():
        ranked = sorted(totals.items(), key=lambda kv: kv[1], reverse=True)
        if not ranked:
            continue
        seat, best = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        if best > second:
            excess[seat] = excess.get(seat, 0) + best - second
    return excess


_BETTING = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE, ActionKind.FOLD,
                      ActionKind.CHECK})


def take_back(collections: list[Collection], returned: dict[int, int]) -> None:
    """Remove each seat's returned chips from its collection (in place).

    For sites whose "collected"/"wins" amount includes the bettor's own unmatched chips: those
    sit in the last pot the seat collected from. The model's collections hold winnings only,
    so the uncalled part is taken out there (a collection of exactly that amount goes away).
    A seat with no collection large enough is left alone for the engine to judge.
    """
    for seat, chips in returned.items():
        idx = max((k for k, c in enumerate(collections) if c.seat == seat),
                  key=lambda k: (collections[k].pot_index or 0, k), default=None)
        if idx is None or collections[idx].amount < chips:
            continue
        c = collections[idx]
        if c.amount == chips:
            del collections[idx]
        else:
            collections[idx] = Collection(c.seat, c.amount - chips, c.pot_index, c.board_index,
                                          c.line)
