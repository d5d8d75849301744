"""Ignition / Bovada / Bodog hold'em hand histories -> :class:`parsers.model.Hand`.

One software, three brands: the header starts ``Ignition Hand #``, ``Bovada Hand #`` or
``Bodog Hand #``. Covers cash tables, Zone Poker (fast fold), sit-and-gos and MTTs, no and
fixed limit, the 2012 layout (``Raises $16`` without "to", boards as ``Card dealt to table``)
and the 2021 ``[MVS]`` layout. Omaha and stud hands raise UnsupportedGame.

What is particular to this site, and how it is read:
- Players are anonymous: every line names a *position label* (``Dealer``, ``Small Blind``,
  ``Big Blind``, ``UTG``, ``UTG+1``...), the hero's carries ``[ME]`` (spaced irregularly:
  ``Big Blind  [ME] :``). A label is unique within a hand, so lines are attributed by exact
  lookup of the text before ``" : "`` with the marker removed. Player names are the labels;
  the hero is always called :data:`HERO` so that one player's hands can be followed across
  hands whose labels rotate.
- Tournament seat lines use player ids (``Seat 1243:``) and some sit-and-go files list seats
  out of numeric order; the list itself is always in table order (the labels rotate with it).
  When the printed numbers are not increasing table seats (1..10), seats are renumbered 1..n
  in listed order so the engine's "seat order is table order" holds; the summary's
  ``Seat+1243:`` lines are mapped through the same table.
- The button is the seat labelled ``Dealer`` (``Set dealer [n]`` counts seats in one version
  and list positions in another, so it is only a fallback).
- Amounts: ``Calls``/``Bets``/``All-in`` print the chips *added*; ``Raises $a to $b`` prints
  the street total ``b``; the 2012 ``Raises $b`` prints only the total. ``All-in`` is a call,
  bet or raise depending on the bet it faces. ``Hand result`` lines are the collections.
- Cash stakes are not printed in the header: they are the posted blinds (tournaments print
  ``Level n (sb/bb)``; MVS tables print ``Stakes: $a-$b``).
- Times carry no zone except ``UTC`` on MVS tables; Ignition's servers (and every tracker)
  use US Eastern time, so a zoneless time is read as America/New_York. ``time_zone`` keeps
  what was printed (empty when nothing was).
- ``Showdown [five cards]`` prints the best hand, not the hole cards; a SHOW carries the hole
  cards from the deal or the summary (``[Qh Kc-Kc Qh 9c 8d 7c]``: hole cards before the dash).
- Lines about the table (``Enter(Auto)``, ``Leave(Auto)``, ``Seat sit out``, ``Table deposit``,
  ``Ranking``, ``Prize Cash``...) move no chips in the hand and are skipped by exact verb; any
  other unknown line raises ``unknown_line``.

The head (header line, MVS ``Table Info``, seat list) is read by :mod:`.header`; this
module reads the play (:class:`_Play`) and the summary.
"""

from __future__ import annotations

import re
from dataclasses import replace

from parsers.cards import bracketed_cards, parse_cards
from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import (
    Action,
    ActionKind,
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
from parsers.sites.ignition.header import Head, Seats, label_of, read_head, started_at
from parsers.text import Chunk, parse_money

SITE = "ignition"
HERO = "Hero"
HEADER = re.compile(r"(?:Ignition|Bovada|Bodog(?:\.com|\.eu|\.net| UK| Canada|88)?) Hand #\d")
DETECTION = ("a line starting 'Ignition Hand #', 'Bovada Hand #' or 'Bodog Hand #' (or a Bodog "
             "skin: 'Bodog.eu', 'Bodog UK', 'Bodog.com', 'Bodog Canada', 'Bodog88') in the "
             "first 8 KB")
SUPPORTS = "hold'em NL/FL: cash, Zone Poker, sit-and-go, MTT; 2012 and MVS layouts"

_RAISE_TO = re.compile(r"(\S+) to (\S+)$")
_SUMMARY_HOLE = re.compile(r"\[([2-9TJQKA][cdhs](?: [2-9TJQKA][cdhs])+)-")
_SUMMARY_SEAT = re.compile(r"Seat\+?(\d+):")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_STREETS = {"*** FLOP ***": Street.FLOP, "*** TURN ***": Street.TURN,
            "*** RIVER ***": Street.RIVER}

# Verbs (text after "label : ") that move no chips in this hand: table events, tournament news.
_IGNORED_VERBS = frozenset({
    "Leave(Auto)", "Enter(Auto)", "Seat sit out", "Sit out", "Seat stand", "Stand",
    "Table leave user", "Table enter user", "Re-join", "Seat re-join", "Seat sit down",
    "Sitout (wait for bb)", "Rebuyin", "Addon", "Double rebuys", "Prize Tournament Ticket",
})
_IGNORED_PREFIXES = ("Table deposit", "Ranking ", "Prize Cash", "Prize Tournament Ticket",
                     "Draw for dealer", "Rebuyin",
                     "Addon", "Double rebuys", "Seat stand", "Seat sit")
# Lines without a label: table events.
_IGNORED_LINES = frozenset({
    "Enter(Auto)", "Leave(Auto)", "Table enter user", "Table leave user", "Seat sit out",
    "Seat re-join", "Seat stand", "Seat sit down", "Sit out", "Re-join",
})
# Verbs that move chips or take a turn: the same player cannot print one twice in a row.
_BETTING_VERBS = ("Calls", "Call", "Bets", "Raises", "All-in", "Checks", "Folds", "Hand result",
                  "Hand Result", "Ante", "Small", "Big", "Posts", "Return uncalled")
# Verbs of a turn in the betting (after the cards are dealt): what closes or opens a round.
_TURN_VERBS = ("Fold", "Check", "Call", "Bets", "Raises", "All-in")
# Kinds of action that put chips in front of a player.
_PUTS_IN = frozenset({ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND,
                      ActionKind.POST_DEAD, ActionKind.POST_ANTE, ActionKind.POST_STRADDLE,
                      ActionKind.CALL, ActionKind.BET, ActionKind.RAISE})
# Cards on the board once a street is dealt.
_BOARD_SIZE = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5,
               Street.SHOWDOWN: 5}
_FOLD_VERBS = frozenset({"Folds", "Folds (timeout)", "Folds(timeout)", "Folds (auth)",
                         "Folds (disconnect)", "Fold(Blind Disconnected)",
                         "Folds(auth-disconnect)", "Fold"})
_CHECK_VERBS = frozenset({"Checks", "Checks (timeout)", "Checks(timeout)",
                          "Checks (disconnect)", "Check"})


# True when an Ignition/Bovada/Bodog hand header starts one of the first lines. Never raises.
sniff = line_sniffer(HEADER.match, needs=(" Hand #",))


class _Play:
    """The play of one hand, read line by line up to the summary: the actions with each
    seat's street total and the highest total (what a caller must match), the cards, the
    posted blinds and antes, the collections."""

    def __init__(self, seats: Seats, dec: int) -> None:
        self.by_label = seats.by_label
        self.dec = dec
        self.actions: list[Action] = []
        self.street = Street.PREFLOP
        self.totals: dict[int, int] = {}
        self.level_bet = 0  # the highest street total so far
        self.hole: dict[int, tuple[str, ...]] = {}
        self.dealt: set[int] = set()
        self.board: list[str] = []
        self.collections: list[Collection] = []
        self.pending_show: list[int] = []  # indexes of SHOW/MUCK actions whose cards come later
        self.set_dealer: int | None = None
        self.sb_post: int | None = None
        self.bb_post: int | None = None
        #: the big blind was posted all-in, short: its post is not the stake (``_stakes``)
        self.bb_short = False
        #: the first preflop call by a seat with nothing in, before any bet or raise: the big
        #: blind, printed whole even against a short all-in blind
        self.limp: int | None = None
        self.ante = 0
        self.anted: set[int] = set()
        self.before_cards = True
        self.previous = ""  # the last labelled line of the street
        # The 2012 Bodog layout without street lines (see :meth:`_next_street_if_closed`):
        self.stacks = {seat: stack for seat, _, stack, _ in seats.rows}
        self.marked = False  # a street line ("*** FLOP ***", "Card dealt to table") was read
        self.inferred = False  # a street was started from a closed betting round
        self.spent: dict[int, int] = {}  # chips each seat has put in, every street
        self.folded: set[int] = set()
        self.acted: set[int] = set()  # seats that acted since the street's last bet or raise

    def read(self, lines: list[str], start: int) -> int:
        """Read ``lines`` from ``start`` to the ``*** SUMMARY ***`` marker; its index."""
        for idx in range(start, len(lines)):
            line = lines[idx]
            if not line:
                continue
            try:
                cut = line.find(" : ")
                if cut == -1:
                    if self.unlabelled(line):
                        return idx
                else:
                    self.labelled(line, cut, idx + 1)
            except ParseError as err:
                raise err.with_context(line=idx + 1, text=line) from None
        raise ParseError("truncated_hand", "no *** SUMMARY *** section", line=len(lines),
                         text=lines[-1])

    def _new_street(self, street: Street) -> None:
        self.street, self.totals, self.level_bet, self.previous = street, {}, 0, ""
        self.acted = set()

    def _add(self, seat: int, kind: ActionKind, amount: int, to: int, line: int,
             all_in: bool = False) -> None:
        if kind in _PUTS_IN:
            self.spent[seat] = self.spent.get(seat, 0) + amount
        elif kind is ActionKind.UNCALLED_RETURN:
            self.spent[seat] = self.spent.get(seat, 0) - amount
        self.actions.append(Action(street=self.street, seat=seat, kind=kind, amount=amount,
                                   to=to, all_in=all_in, line=line))

    def _put_in(self, seat: int, amount: int) -> int:
        """Add ``amount`` to the seat's street total; the new total."""
        to = self.totals.get(seat, 0) + amount
        self.totals[seat] = to
        return to

    def _live(self, seat: int, kind: ActionKind, amount: int, line: int,
              all_in: bool = False) -> None:
        """A bet or live post: the seat's total grows, and with it the total to match."""
        to = self._put_in(seat, amount)
        self.level_bet = max(self.level_bet, to)
        self._add(seat, kind, amount, to, line, all_in)

    def unlabelled(self, line: str) -> bool:
        """A line without "label : ": a section marker, a 2012 board card or a table event;
        True for the summary's marker."""
        if line.startswith("*** "):
            if line.startswith("*** SUMMARY ***"):
                return True
            if line.startswith("*** HOLE CARDS ***"):
                self.before_cards = False
                return False
            self.marked = True
            new = _STREETS.get(line[:13].rstrip())
            if new is None:
                raise ParseError("unknown_line", "unknown section marker")
            groups = _BRACKETS.findall(line)
            if not groups:
                raise ParseError("unknown_line", "street without cards")
            self.board[:] = [c for g in groups for c in parse_cards(g)]
            self._new_street(new)
            return False
        if line.startswith("Card dealt to table "):  # 2012 layout: one street a line
            self.marked = True
            self.board.extend(parse_cards(line[20:]))
            self._new_street(Street(min(self.street + 1, Street.RIVER)))
            return False
        if line in _IGNORED_LINES or line.startswith(("Table deposit", "Set dealer",
                                                      "Player Info:")):
            return False
        raise ParseError("unknown_line", "unrecognised line")

    def labelled(self, line: str, cut: int, lineno: int) -> None:
        """A "label : verb" line (``cut`` is where " : " starts)."""
        label, _ = label_of(line[:cut])
        seat = self.by_label.get(label)
        verb = line[cut + 3 :].strip()
        if seat is None:
            if verb.startswith("Set dealer"):  # the dealer's seat is empty (MVS tables)
                self._set_dealer(verb)
                return
            raise ParseError("unknown_line", f"unknown player {label!r}")
        if line == self.previous and verb.startswith(_BETTING_VERBS):
            # Nobody acts (or posts, or is paid) twice in a row with the same line: it is a
            # corrupted log (some 2014-2015 files repeat lines four times). Loud, never
            # deduplicated, since which copy is real cannot be known.
            raise ParseError("corrupt_hand", "the same chip-moving line twice in a row")
        self.previous = line
        turn = not self.before_cards and verb.startswith(_TURN_VERBS)
        if turn and not self.marked:
            self._next_street_if_closed()
        level, count = self.level_bet, len(self.actions)
        self.act(seat, label, verb, lineno)
        if turn:
            self._count_turn(seat, level, count)

    def _in_hand(self) -> set[int]:
        """Seats dealt in (or that have put chips in) and not folded."""
        return self.dealt.union(self.spent) - self.folded

    def _round_closed(self) -> bool:
        """The site's rule for the end of a betting round: every player still in with chips
        behind has acted since the last bet or raise and matched it (the big blind's post is
        no action: its option keeps the preflop round open)."""
        live = [s for s in self._in_hand() if self.spent.get(s, 0) < self.stacks.get(s, 0)]
        return bool(live) and all(
            s in self.acted and self.totals.get(s, 0) == self.level_bet for s in live)

    def _next_street_if_closed(self) -> None:
        """The 2012 Bodog layout prints no street lines at all (no "*** FLOP ***", no "Card
        dealt to table"): a turn taken after the betting round closed opens the next street.
        Past the river nothing can open: the hand is not read rather than guessed."""
        if not self._round_closed():
            return
        if self.street >= Street.RIVER:
            raise ParseError("streets_unknown", "an action after the river's betting closed")
        self.inferred = True
        self._new_street(Street(self.street + 1))

    def _count_turn(self, seat: int, level: int, count: int) -> None:
        """Who has acted since the last bet or raise (``level`` the total to match before the
        turn, ``count`` the number of actions before it)."""
        if any(a.kind is ActionKind.FOLD for a in self.actions[count:]):
            self.folded.add(seat)
        if self.level_bet > level:
            self.acted = {seat}
        else:
            self.acted.add(seat)

    def act(self, seat: int, label: str, verb: str, line: int) -> None:
        """What the player at ``seat`` (position ``label``) did."""
        dec, before = self.dec, self.totals.get(seat, 0)
        if verb in _FOLD_VERBS:
            self._add(seat, ActionKind.FOLD, 0, before, line)
        elif verb.startswith(("Folds & shows [", "Folds & Shows [")):
            cards = parse_cards(verb[13:])
            self.hole[seat] = cards
            self._add(seat, ActionKind.FOLD, 0, before, line)
            self.actions.append(Action(street=self.street, seat=seat, kind=ActionKind.SHOW,
                                       to=before, cards=cards, line=line))
        elif verb in _CHECK_VERBS:
            self._add(seat, ActionKind.CHECK, 0, before, line)
        elif verb.startswith("Card dealt to a spot"):
            cards = parse_cards(verb[20:])
            if cards:
                self.hole[seat] = cards
                self.dealt.add(seat)
        elif verb.startswith(("Calls ", "Call ", "Call(timeout) ")):
            amount = parse_money(verb.rpartition(" ")[2], dec)
            if self.bb_short and self.limp is None and before == 0 \
                    and self.street is Street.PREFLOP and not self._opened():
                self.limp = amount
            self._add(seat, ActionKind.CALL, amount, self._put_in(seat, amount), line)
        elif verb.startswith(("Bets ", "Bets chip info(timeout) ")):
            kind = ActionKind.BET if self.level_bet == 0 else ActionKind.RAISE
            self._live(seat, kind, parse_money(verb.rpartition(" ")[2], dec), line)
        elif verb.startswith(("Raises ", "Raises(timeout) ", "All-in(raise")):
            self._raise(seat, verb, line)
        elif verb.startswith(("All-in ", "All-in(timeout) ")):
            self._all_in(seat, label, parse_money(verb.rpartition(" ")[2], dec), line)
        elif verb.startswith("Return uncalled portion of bet "):
            amount = parse_money(verb[31:], dec)
            to = self._put_in(seat, -amount)
            self.level_bet = max(self.totals.values()) if self.totals else 0
            self._add(seat, ActionKind.UNCALLED_RETURN, amount, to, line)
        elif verb.startswith(("Hand result", "Hand Result")):
            head_part, _, amount_text = verb.rpartition(" ")
            pot = 1 if "side pot" in head_part.lower() else None
            self.collections.append(Collection(seat=seat, amount=parse_money(amount_text, dec),
                                               pot_index=pot, line=line))
        elif verb.startswith(("Showdown", "Does not show", "Mucks")):
            self._show(seat, verb, line)
        elif verb.startswith("Ante chip "):
            amount = parse_money(verb[10:], dec)
            self.ante = max(self.ante, amount)
            self.anted.add(seat)
            self._add(seat, ActionKind.POST_ANTE, amount, before, line)
        elif verb.startswith(("Small Blind ", "Small blind ", "Ante/Small Blind ",
                              "Ante/Small blind ")):
            self._small_blind(seat, parse_money(verb.rpartition(" ")[2], dec), line)
        elif verb.startswith(("Big blind ", "Big Blind ", "Big blind/Bring in ", "Posts chip ")):
            self._big_blind(seat, verb, parse_money(verb.rpartition(" ")[2], dec), line)
        elif verb.startswith("Posts dead chip "):
            self._dead_post(seat, parse_money(verb[16:], dec), line)
        elif verb.startswith(("Set dealer", "Set deale")):
            self._set_dealer(verb)
        elif not (verb in _IGNORED_VERBS or verb.startswith(_IGNORED_PREFIXES)):
            raise ParseError("unknown_line", "unknown action")

    def _opened(self) -> bool:
        """Whether anyone bet or raised before the flop (the first limp is then no blind)."""
        return any(a.kind in (ActionKind.BET, ActionKind.RAISE) for a in self.actions)

    def _set_dealer(self, verb: str) -> None:
        """"Set dealer [3]": a fallback for the button (see the module docstring)."""
        b = _BRACKETS.search(verb)
        self.set_dealer = int(b[1]) if b and b[1].isdigit() else None

    def _raise(self, seat: int, verb: str, line: int) -> None:
        """"Raises $a to $b" (``b`` the street total); 2012 prints only the total: "Raises
        $16", "All-in(raise) $32"."""
        all_in = verb.startswith("All-in")
        args = verb.partition(" ")[2]
        r = _RAISE_TO.search(args)
        to = parse_money(r[2] if r else args, self.dec)
        amount = to - self.totals.get(seat, 0)
        if amount <= 0:
            raise ParseError("bad_amount", "raise to no more than the seat has in")
        self.totals[seat] = to
        kind = ActionKind.RAISE if self.level_bet else ActionKind.BET
        self.level_bet = max(self.level_bet, to)
        self._add(seat, kind, amount, to, line, all_in)

    def _all_in(self, seat: int, label: str, amount: int, line: int) -> None:
        """"All-in $x" (the chips added): a call, bet or raise by the bet it faces; before the
        cards, an ante (while antes are being posted) or a blind."""
        before = self.totals.get(seat, 0)
        to = self._put_in(seat, amount)
        if not self.before_cards:
            if to <= self.level_bet:
                kind = ActionKind.CALL
            elif self.level_bet == 0:
                kind = ActionKind.BET
            else:
                kind = ActionKind.RAISE
            self.level_bet = max(self.level_bet, to)
            self._add(seat, kind, amount, to, line, True)
            return
        # a post all-in: "Big Blind : All-in $0.05", "UTG : All-in 60"
        antes_open = self.ante > 0 and self.sb_post is None and self.bb_post is None
        if antes_open and seat not in self.anted:
            self.anted.add(seat)
            self.totals[seat] = before  # an ante is dead: no part of the street total
            self._add(seat, ActionKind.POST_ANTE, amount, before, line, True)
            return
        if label == "Small Blind" and self.sb_post is None:
            kind, self.sb_post = ActionKind.POST_SMALL_BLIND, amount
        elif label == "Big Blind":
            kind = ActionKind.POST_BIG_BLIND
            if self.bb_post is None:
                self.bb_post, self.bb_short = amount, True
        else:
            raise ParseError("unknown_line", "all-in before the cards, not a blind")
        self.level_bet = max(self.level_bet, to)
        self._add(seat, kind, amount, to, line, True)

    def _show(self, seat: int, verb: str, line: int) -> None:
        """"Showdown [best five]" (not the hole cards: those come from the deal or the
        summary), "Mucks [..]", "Does not show [..]"."""
        kind = ActionKind.MUCK if verb[0] in "DM" else ActionKind.SHOW
        cards = self.hole.get(seat, ())
        if verb.startswith(("Does not show", "Mucks")) and "[" in verb:
            cards = bracketed_cards(verb)
            self.hole[seat] = cards
        if not cards:
            self.pending_show.append(len(self.actions))
        self.actions.append(Action(
            street=Street.SHOWDOWN if self.street is Street.RIVER else self.street,
            seat=seat, kind=kind, to=self.totals.get(seat, 0), cards=cards, line=line,
        ))

    def _small_blind(self, seat: int, amount: int, line: int) -> None:
        """The first blind posted is the small blind; a later one is dead money."""
        if self.sb_post is None and self.bb_post is None:
            self.sb_post = amount
            self._live(seat, ActionKind.POST_SMALL_BLIND, amount, line)
        else:
            self._add(seat, ActionKind.POST_DEAD, amount, self.totals.get(seat, 0), line)

    def _big_blind(self, seat: int, verb: str, amount: int, line: int) -> None:
        """"Big blind $x", or "Posts chip $x" (a returning player's post). The site's own word
        says which posts are dead ("Posts dead chip"): a "Posts chip" below the big blind is
        live, a small blind the player then calls up from (the engine's extra small blind)."""
        if verb[0] == "P" and self.bb_post is not None and amount < self.bb_post:
            self._live(seat, ActionKind.POST_SMALL_BLIND, amount, line)
            return
        if verb[0] == "B" and self.bb_post is None:
            self.bb_post = amount
        self._live(seat, ActionKind.POST_BIG_BLIND, amount, line)

    def _dead_post(self, seat: int, amount: int, line: int) -> None:
        """Small and big blind together (0.07 at 0.02/0.05): the big blind part is live, the
        rest dead; a post no larger than a small blind is all dead."""
        bb = self.bb_post
        live = min(amount, bb) if bb is not None and amount >= bb else 0
        if live:
            self._live(seat, ActionKind.POST_BIG_BLIND, live, line)
        if amount > live:
            self._add(seat, ActionKind.POST_DEAD, amount - live, self.totals.get(seat, 0), line)


def _stakes(head: Head, play: _Play) -> Stakes:
    """Tournaments print the level's blinds and MVS tables their stakes; other cash games
    only post them. A big blind posted all-in for less is not the stake: the first player to
    limp calls the whole big blind (the excess over the short post comes back uncalled), and
    his call says what it was. Fixed limit: the small bet is the big blind, the big bet twice
    it."""
    if head.level_blinds is not None:
        sb_text, bb_text = head.level_blinds
        small_blind, big_blind = int(sb_text.replace(",", "")), int(bb_text.replace(",", ""))
    elif head.mvs_stakes is not None:
        small_blind, big_blind = head.mvs_stakes
    elif play.bb_post is not None:
        big_blind = play.bb_post
        if play.bb_short and play.limp is not None and play.limp > big_blind:
            # a big blind all-in for less is not the stake: the first limp calls it whole
            big_blind = play.limp
        small_blind = play.sb_post if play.sb_post is not None else big_blind // 2
    else:
        raise ParseError("bad_header", "no stakes: neither printed nor posted", line=1,
                         text=head.text)
    small_bet = big_bet = 0
    if head.limit is LimitType.FIXED_LIMIT:
        small_bet, big_bet = big_blind, 2 * big_blind
    return Stakes(small_blind=small_blind, big_blind=big_blind, ante=play.ante,
                  small_bet=small_bet, big_bet=big_bet)


def _button(seats: Seats, set_dealer: int | None) -> int | None:
    """The seat labelled ``Dealer``; else the "Set dealer" number, a list position where the
    seats were renumbered."""
    button = next((s for s, label, _, _ in seats.rows if label == "Dealer"), None)
    if button is None and set_dealer is not None:
        if seats.renumbered:
            button = set_dealer if 1 <= set_dealer <= len(seats.rows) else None
        else:
            button = set_dealer
    return button


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = chunk.text.split("\n")
    head = read_head(lines)
    dec, seats = head.decimals, head.seats
    play = _Play(seats, dec)
    summary_at = play.read(lines, head.body_start)
    total_pot, rake, summary_board = _read_summary(lines, summary_at, dec, seats, play.hole)
    if play.inferred and summary_board and len(summary_board) < _BOARD_SIZE[play.street]:
        raise ParseError("streets_unknown", f"betting reached the {play.street.name.lower()} "
                         f"but the summary's board has {len(summary_board)} cards",
                         line=summary_at + 1, text=lines[summary_at])
    hole, actions = play.hole, play.actions
    board = play.board or summary_board
    for k in play.pending_show:  # shows whose hole cards only the summary gives
        a = actions[k]
        if a.seat in hole:
            actions[k] = replace(a, cards=hole[a.seat])
    acted = {a.seat for a in actions}
    seat_objs = tuple(
        Seat(
            seat=seat,
            player=HERO if me else label,
            stack=stack,
            sitting_out=seat not in acted and seat not in play.dealt,
            is_hero=me,
            hole_cards=hole.get(seat),
        )
        for seat, label, stack, me in seats.rows
    )
    return Hand(
        site=SITE,
        hand_id=head.hand_id,
        game=head.game,
        limit=head.limit,
        currency=head.currency,
        decimals=dec,
        stakes=_stakes(head, play),
        seats=tuple(sorted(seat_objs, key=lambda s: s.seat)),
        actions=tuple(actions),
        button_seat=_button(seats, play.set_dealer),
        boards=(tuple(board),),
        report=SiteReport(total_pot=total_pot, rake=rake, collections=tuple(play.collections)),
        started_at=started_at(head.date, head.zone),
        local_time=head.date,
        time_zone=head.zone or "",
        table_name=head.table_name,
        max_seats=None,
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


def _read_summary(
    lines: list[str], start: int, dec: int, seats: Seats, hole: dict[int, tuple[str, ...]]
) -> tuple[int | None, int | None, list[str]]:
    """Total pot, rake, board and the hole cards revealed in the summary."""
    total = rake = None
    board: list[str] = []
    for idx in range(start + 1, len(lines)):
        line = lines[idx]
        if not line:
            if idx > start + 1:
                break
            continue
        try:
            if line.startswith("Total Pot("):
                total = parse_money(line[10 : line.index(")")], dec)
                r = line.find("Rake (")
                if r != -1:
                    rake = parse_money(line[r + 6 : line.index(")", r)], dec)
            elif line.startswith("Board ["):
                board = [c for g in _BRACKETS.findall(line) for c in parse_cards(g)]
            elif line.startswith("Seat"):
                sm = _SUMMARY_SEAT.match(line)
                cards = _SUMMARY_HOLE.search(line)
                if sm and cards:
                    seat = seats.by_printed.get(int(sm[1]))
                    if seat is not None:
                        hole.setdefault(seat, parse_cards(cards[1]))
        except (ParseError, ValueError) as err:
            if isinstance(err, ParseError):
                raise err.with_context(line=idx + 1, text=line) from None
            raise ParseError("unknown_line", "cannot read summary line", line=idx + 1,
                             text=line) from None
    return total, rake, board


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="ignition",
    site=SITE,
    description="Ignition / Bovada / Bodog hand histories (cash, Zone Poker, tournaments)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
    glued=True,
)
