"""PartyPoker hold'em hand histories -> :class:`parsers.model.Hand`.

Covers the "***** Hand History for Game N *****" family: the 2009-2016 client (cash in USD/EUR,
fastforward, sit & go and multi-table tournaments with antes), the older "Game Table (NL)"
layout with its "** Summary **" balance lines (also what the e-mailed histories of 2010 use),
and the rebuilt client (2019 on). Omaha, stud and draw raise UnsupportedGame.

The rebuilt client (2019 on) keeps the "Game Table (NL)" layout and changes:
- the hand id mixes digits and letters ("1617936175861pdjsqtzh1do");
- the game line prints bare blinds ("0.10/0.25 Texas Holdem Game Table (NL)"), the currency
  only on the stacks ("Seat 1: Player4 ($56.64)"); tournaments add "(MTT Tournament #N)
  (Buyin $50.0 + $5.0)" and name the table "Table (303423518) Table #129";
- no "wins" line: the summary's balance lines ("Player3 balance $0.96, bet $0.21, collected
  $0.31, net +$0.1 [ Ad 5d ] [ a pair ... ]") are the payouts and the only shown cards, and a
  "collected" holds the player's own unmatched chips (taken back with the other returns);
- pots are announced before the summary ("Creating Side Pot 1 with 3767420 with Hero") and
  summed in it ("Main Pot: $38.50 Rake: $2.0", the pot after the rake);
- an all-in player may take the site's cash-out: "Player2 Cashout Amount is 23.01" in the
  play, "Player2 Cashed out  balance $23.01, bet $20.20, collected $23.01" in the summary. That
  is a :class:`CashOut` the site paid, not a share of the pot (which the other player wins).

Brands (BRANDS): the network's rooms (PartyPoker .com/.net/.eu, the national partypoker.fr,
.es, .it and .de clients, and the skins of the same software) print no name of their own in
the header. What does follow the header on some files is the name of the tool that wrote it
("***** Hand History for Game N ***** (Party)", "(PartyPoker)", "(PokerBros)", "(Poker
Stars)", "(IPoker)", "(Pacific)", "(WPN)", "(PokerMaster)": converters that write other
sites' hands in this layout); the header is matched up to the id, so every one of them is
read like the site's own.

What is PartyPoker's own, and how it is read:
- A file writes "Game #N starts." and "#Game No : N" before each hand; the hand itself starts
  at the "***** Hand History for Game N *****" line, whose N is the hand id (the "#Game No"
  number sometimes differs: it is a table game counter). The lines before the next hand's
  header are trailing noise, ignored once the money is settled (a stub is not: :mod:`.stub`).
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
  where the log's order puts them (:mod:`.seats`) and ``Seat.stack_known`` False;
  so does a listed player with a 0 stack who posts (his buy-in arrived after the list).
- Some tournament logs print no posts and repeat "Blinds(20/40)" / "Stakes(200/400)" after
  the seats instead: the posts are DERIVED from that line by the button (:func:`_derive_blinds`),
  they are not in the log.
- Messages sometimes lack their line break ("Player3 is sitting outPlayer4 posts big blind"):
  they are cut in two. "Forward Folds" (fastforward's fold in advance) is followed by the real
  "folds" at the player's turn, and only counts where none follows.
- The site keeps fractions of a chip (or of a cent) and prints an action's amount rounded
  down, a stack rounded to the nearest: an all-in can print one unit below the stack the
  seat line shows ("Seat 5: Player5 (11389667)", ante 87500, "raises 11302166 to 11302166",
  "Player5 is all-In."). Where the log says all-in and the printed amount is exactly one unit
  short of what the player has behind, the all-in is the stack (:func:`_all_in_rounded`),
  and a later call printed at the same rounded level calls that all-in in full. Any other
  gap is left for the engine to report.
- Anything unrecognised in the action section raises ``unknown_line``.
The head (header, game and table lines, seats) is read by :mod:`.header`; this module reads
the action section (:class:`_Play`, into the shared :class:`Builder`) and assembles the hand.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import replace

from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import (
    ActionKind,
    CashOut,
    Hand,
    LimitType,
    Stakes,
    Street,
)
from parsers.sites._kit.common import with_site
from parsers.sites._kit.starlike import Builder, Names, cards_in, shown_in, take_back, unknown
from parsers.sites._kit.summary import board_from_summary
from parsers.sites._kit.tables import STREETS_TITLE as _STREETS
from parsers.sites.partypoker.header import (
    BLINDS,
    LEVEL,
    STAKES,
    GameLine,
    read_game,
    read_seats,
    read_table,
)
from parsers.sites.partypoker.header import amount as _amount
from parsers.sites.partypoker.header import max_seats as _max_seats
from parsers.sites.partypoker.seats import UNSEATED as _UNSEATED
from parsers.sites.partypoker.seats import place_unseated as _place_unseated
from parsers.sites.partypoker.seats import unknown_stacks as _unknown_stacks
from parsers.sites.partypoker.stub import STUB_START, reject_stub
from parsers.text import Chunk

SITE = "partypoker"
HEADER = re.compile(r"\*{5} Hand History [Ff]or Game \w+ \*{5}")
#: Where a chunk starts: a hand's header, or the stub of a hand the site did not write.
_CHUNK_START = re.compile(f"{HEADER.pattern}|{STUB_START}")
DETECTION = "a line '***** Hand History for Game N *****' in the first 8 KB"
SUPPORTS = ("hold'em NL/PL/FL: cash (USD/EUR), fastforward, sit & go and tournaments;"
            " 2005-2016 and the rebuilt (2019 on) clients, cash-outs")

_ACTOR = re.compile(r"(.+?) (?=posts |folds|checks|calls|bets |raises|is all-In)")
_WINS = re.compile(r"wins ([$€£]?[\d.,]+)(?: [A-Z]{3}| chips)?(?: from (?:the )?"
                   r"(main pot|side pot(?: #?(\d+))?))?")
_MAIN_POT = re.compile(r"Main Pot: ([$€£]?[\d.,]+)(?: \| Side Pot \d+: [$€£]?[\d.,]+)*"
                       r"(?:\s*Rake: ([$€£]?[\d.,]+))?")
# A summary balance line: "Player3 balance $0.96, bet $0.21, collected $0.31, net +$0.1",
# "Player2 Cashed out  balance $23.01, bet $20.20, collected $23.01, net +$2.81[ Tc, Ac ]...".
_NUM = r"[$€£]?\d+(?:[.,]\d+)*"
_BALANCE = re.compile(rf"(?P<name>.+?) (?P<cashed>Cashed out\s+)?balance {_NUM}"
                      rf"(?:, bet {_NUM}, collected (?P<won>{_NUM}))?(?P<rest>.*)$")
#: The rebuilt client's all-in cash-out offer, printed in the play: only the amount counts.
_CASH_OUT_TALK = ("Cash-out Premium", "opted for cash-out", "probabilty is", "probability is")
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
        head = text[:8192]
        if "Hand History " not in head:  # in every match: refused at C speed (holds_any)
            return False
        for line in head.split("\n"):
            if HEADER.match(line.lstrip(" \t\ufeff\x00")):
                return True
        return False
    except Exception:
        return False


class _Play:
    """The action section of one hand, read into a :class:`Builder` up to the summary (the
    lines after it, up to the next hand's header, are trailing noise)."""

    def __init__(self, lines: list[str], seats: dict[int, list], game: GameLine,
                 button: int | None) -> None:
        self.lines = lines
        self.seats = seats
        self.names = Names(seats)
        self.button = button
        self.dec = game.decimals
        self.small_blind, self.big_blind, self.ante = game.small_blind, game.big_blind, game.ante
        self.level = game.level
        self.b = Builder()
        self.posted: list[int] = []  # the blinds posted, in order
        self.returned: dict[int, int] = {}  # seat -> the unmatched chips given back
        self.ended = False
        self.pots_rake: int | None = None
        self.blinds_line = 0  # the line of a "Blinds(20/40)" or "Stakes(200/400)" after the seats
        self.unseated: dict[int, str] = {}  # placeholder seat -> name (players with no seat line)
        self.wins_seen = False  # a "wins" line: the play names the winners itself
        self.balances: list[tuple[int, int, bool, int]] = []  # (seat, collected, cashed, line)
        self.rounded_to: int | None = None  # a street total raised one unit by a rounded all-in

    def read(self, start: int) -> None:
        for idx, line in _glued(self.lines, start):
            if not line:
                continue
            if self.ended and HEADER.match(line):
                break
            try:
                if self.ended:
                    self._summary(idx, line)
                else:
                    self._line(idx, line)
            except ParseError as err:
                raise err.with_context(line=idx + 1, text=self.lines[idx]) from None

    def _line(self, idx: int, line: str) -> None:
        lineno = idx + 1
        if line.startswith("** "):
            self._marker(line)
        elif line.startswith("Dealt to "):
            found = self.names.prefix(line[9:])
            if found is None:
                raise unknown("dealt to an unknown player")
            self.b.dealt(found[0], cards_in(found[1]))
        elif line.lower().startswith(("creating main pot", "creating side pot", "game #",
                                      "#game no")):
            pass
        elif line.startswith("Main Pot: "):
            pm = _MAIN_POT.match(line)
            if pm and pm[2]:
                self.pots_rake = _amount(pm[2], self.dec)
        elif line.startswith(("Blinds", "Stakes(")):
            # Tournaments that print no posts repeat the blinds here; where the level
            # changed since the header was written, this line has the blinds played.
            self.blinds_line = lineno
            again = BLINDS.match(line) or STAKES.match(line)
            if again:
                self.small_blind = _amount(again[1], self.dec)
                self.big_blind = _amount(again[2], self.dec)
                if again.re is BLINDS and again[3]:
                    self.ante = _amount(again[3], self.dec)
        elif line.startswith("Trny:") and "Level:" in line:
            level = LEVEL.search(line)
            if level:
                self.level = level[1]
        elif line.startswith(("Trny:", "Level:", "Congratulations to player ")):
            pass  # the header's game line wrapped onto a second line
        elif line.startswith("There is no Small Blind in this hand"):
            pass  # "... as the Big Blind of the previous hand left the table": a notice
        else:
            found = self._speaker(line)
            if found is not None:
                self._act(found[0], found[1].strip(), idx)

    def _marker(self, line: str) -> None:
        """"** Dealing Flop ** [...]", "** Dealing down cards **", "** Summary **"."""
        b = self.b
        word = line[3:].split(" **")[0]
        if word == "Summary":
            _close_street(b, self.returned)
            self.ended = True
        elif not word.startswith("Dealing "):
            raise unknown("unknown section marker")
        elif _STREETS.get(word[8:]) is not None:
            _close_street(b, self.returned)
            self.rounded_to = None
            b.add_board_cards(_STREETS[word[8:]], cards_in(line))
        elif word != "Dealing down cards":
            raise unknown("unknown section marker")
        elif self.blinds_line and not any(a.kind.is_live_post for a in b.actions):
            _derive_blinds(b, self.seats, self.button, self.lines[self.blinds_line - 1],
                           self.dec, self.blinds_line, self.posted)

    def _speaker(self, line: str) -> tuple[int, str] | None:
        """(seat, rest) of a line that starts with a player's name; None for chat and
        ignored messages. A player who joined and acts before the site lists him (no seat
        line, no stack) gets a placeholder seat now, his real place once the order is known."""
        found = self.names.prefix(line)
        if found is not None:
            return found
        if self.names.prefix(line, ": ") is not None:
            return None  # chat: "name: text"
        if any(t in line for t in _IGNORED):
            return None
        actor = _ACTOR.match(line)
        if actor is None:
            raise unknown()
        seat = _UNSEATED + len(self.unseated)
        self.unseated[seat] = actor[1]
        self.seats[seat] = [actor[1], 0, False, None, False]
        self.names = Names(self.seats)
        found = self.names.prefix(line)
        if found is None:
            raise unknown()
        return found

    def _act(self, seat: int, rest: str, idx: int) -> None:
        """What a player did: "posts big blind [$0.10 USD].", "raises [$0.70 USD]"..."""
        b, dec, lineno = self.b, self.dec, idx + 1
        verb, _, _ = rest.partition(" ")
        if rest.startswith("posts "):
            _post(b, seat, rest[6:], dec, self.posted, self.big_blind, lineno, self.seats[seat])
        elif verb in ("folds", "folds."):
            b.fold(seat, lineno)
        elif rest == "Forward Folds":
            # fastforward's fold-in-advance: the real "folds" follows at his turn
            later = f"{self.seats[seat][0]} folds"
            if not any(ln.strip() == later for ln in self.lines[idx + 1:]):
                b.fold(seat, lineno)
        elif verb in ("checks", "checks."):
            b.check(seat, lineno)
        elif rest.startswith("calls"):
            self._call(seat, _amount(rest[5:], dec), lineno)
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
            added = _amount(rest[9:], dec)
            if self._behind(seat) == added + 1:
                added += 1  # the all-in printed rounded down (module doc)
                self.rounded_to = b.totals.get(seat, 0) + added
            _all_in(b, seat, added, lineno)
        elif rest.startswith("is all-In"):
            self._all_in_said(seat)
        elif verb == "shows":
            b.show(seat, shown_in(rest), lineno)
        elif verb in ("mucks", "doesn't") and "[" in rest:
            b.show(seat, shown_in(rest), lineno, muck=True)
        elif verb == "wins":
            self._wins(seat, rest, lineno)
        elif verb == "balance" or rest.startswith("Cashed out"):
            self.ended = True  # a summary with no "** Summary **" marker before it
            self._summary(idx, self.lines[idx].strip())
        elif rest.startswith("Cashout Amount is"):
            pass  # the summary's "Cashed out ... collected" line says it again
        elif rest.startswith(_CASH_OUT_TALK):
            pass
        elif not any(t in rest for t in _IGNORED):
            raise unknown("unknown action")

    def _behind(self, seat: int) -> int | None:
        """The chips the player has left by the printed stack, None where it is unknown."""
        row = self.seats[seat]
        if row[4:5] == [False] or row[1] <= 0:
            return None
        spent = 0
        for a in self.b.actions:
            if a.seat == seat:
                spent += -a.amount if a.kind is ActionKind.UNCALLED_RETURN else a.amount
        return row[1] - spent

    def _all_in_said(self, seat: int) -> None:
        """"Player5 is all-In." after the player's bet, raise or call: that action took his
        stack. Printed one unit short of it (rounded down), it is read as the whole stack."""
        b = self.b
        last = next((k for k in range(len(b.actions) - 1, -1, -1)
                     if b.actions[k].seat == seat), None)
        if last is None:
            return
        a = b.actions[last]
        if a.kind not in (ActionKind.BET, ActionKind.RAISE, ActionKind.CALL) \
                or a.street is not b.street:
            return
        if self._behind(seat) != 1:
            return  # all in as printed, or a gap the engine is to judge
        self.rounded_to = b.totals[seat] = a.to + 1
        b.actions[last] = replace(a, amount=a.amount + 1, to=a.to + 1, all_in=True)

    def _call(self, seat: int, amount: int, line: int) -> None:
        """A call; printed one unit below the level a rounded all-in set, it calls that level
        in full (the site rounded the call as it rounded the all-in)."""
        b = self.b
        level = self.rounded_to
        if level is not None and max(b.totals.values(), default=0) == level \
                and b.totals.get(seat, 0) + amount == level - 1 \
                and (self._behind(seat) or 0) > amount:
            amount += 1
        b.call(seat, amount, False, line)

    def _summary(self, idx: int, line: str) -> None:
        """A line after "** Summary **": the rake of "Main Pot: $38.50 Rake: $2.0", each
        balance line's collection and cards, and "Board: [ .. ]" where the play printed fewer
        of its cards (:func:`board_from_summary`). Other summary lines (blank, the next
        hand's banner) are noise, as they always were."""
        if line.startswith("Board: "):
            board_from_summary(self.b, line)
            return
        if line.startswith("Main Pot: "):
            pm = _MAIN_POT.match(line)
            if pm and pm[2]:
                self.pots_rake = _amount(pm[2], self.dec)
            return
        m = _BALANCE.match(line)
        seat = self.names.exact(m["name"]) if m else None
        if m is None or seat is None:
            return
        if m["won"]:
            self.balances.append((seat, _amount(m["won"], self.dec), bool(m["cashed"]),
                                  idx + 1))
        at = m["rest"].find("[")
        if at != -1:
            self.b.summary_cards(seat, cards_in(m["rest"][at:m["rest"].find("]", at) + 1]))

    def settle_balances(self) -> None:
        """Where no "wins" line names the winners (the 2010 e-mailed and the rebuilt client's
        layouts), the balance lines' "collected" are the payouts: the pot share plus the
        player's own unmatched chips (taken back with the rest of the returns). A player who
        "Cashed out" was paid by the site instead of the pot: a cash-out, not a collection."""
        if self.wins_seen:
            return
        for seat, won, cashed, line in self.balances:
            if cashed:
                self.b.cash_outs.append(CashOut(seat, won))
            elif won:
                self.b.collect(seat, won, line)

    def _wins(self, seat: int, rest: str, line: int) -> None:
        """"wins $1.20 USD from the main pot": the winnings still hold the street's unmatched
        chips, which are returned first."""
        self.wins_seen = True
        _close_street(self.b, self.returned)
        w = _WINS.match(rest)
        if not w:
            raise unknown("cannot read winnings")
        where = w[2] or ""
        pot = None if not where else 0 if where == "main pot" else int(w[3] or 1)
        self.b.collect(seat, _amount(w[1], self.dec), line, pot)


def _stakes(play: _Play, limit: LimitType) -> Stakes:
    """The printed stakes, else the posted blinds; in fixed limit the header's pair is the
    small and big bet ("$0.05/$0.10 USD FL": the big blind is one small bet, the small blind
    whatever was posted, 0.02 here). The ante is the printed one, else the largest posted."""
    actions = play.b.actions
    small_blind, big_blind, posted = play.small_blind, play.big_blind, play.posted
    if not big_blind and posted:
        big_blind = max(posted)
        small_blind = min(posted) if len(posted) > 1 else big_blind // 2
        if any(a.kind is ActionKind.POST_BIG_BLIND and a.all_in for a in actions):
            # A big blind forced all-in for less tells nothing: the others still call the
            # full blind, so the smallest full call preflop is it.
            calls = [a.to for a in actions if a.street is Street.PREFLOP
                     and a.kind is ActionKind.CALL and not a.all_in]
            big_blind = max(big_blind, min(calls, default=0))
    small_bet = big_bet = 0
    if limit is LimitType.FIXED_LIMIT:
        small_bet, big_bet = small_blind, big_blind
        big_blind = small_bet
        small_blind = posted[0] if posted else small_bet // 2
    ante = play.ante
    if any(a.kind is ActionKind.POST_ANTE for a in actions) and not ante:
        ante = max(a.amount for a in actions if a.kind is ActionKind.POST_ANTE)
    return Stakes(small_blind=small_blind, big_blind=big_blind, ante=ante, small_bet=small_bet,
                  big_bet=big_bet)


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = [ln.replace("\x00", "") for ln in chunk.text.split("\n")]
    reject_stub(lines)
    game = read_game(lines)
    table_name, button, start = read_table(lines)
    seats, start = read_seats(lines, start, game.decimals)
    max_seats = _max_seats(lines)
    if not seats:
        raise ParseError("no_seats", "no seat lines after the header", line=start + 1,
                         text=lines[start] if start < len(lines) else "")
    play = _Play(lines, seats, game, button)
    play.read(start)
    b = play.b
    _close_street(b, play.returned)
    play.settle_balances()
    take_back(b.collections, play.returned)
    if play.unseated:
        _place_unseated(b, seats, play.unseated, max_seats)
    stakes = _stakes(play, game.limit)
    _unknown_stacks(b, seats)
    return b.hand(
        site=SITE,
        chunk=chunk,
        file=file,
        hand_id=game.hand_id,
        game=game.game,
        limit=game.limit,
        currency=game.currency,
        decimals=game.decimals,
        stakes=stakes,
        seats=seats,
        button=button,
        total_pot=None,
        rake=play.pots_rake,
        started_at=game.started_at,
        local_time=game.local_time,
        time_zone=game.zone,
        table_name=table_name,
        max_seats=max_seats,
        tournament_id=game.tournament_id,
        level=play.level,
        fast_fold="fastforward" in game.desc.lower(),
    )


# Parse one PartyPoker hand chunk. Raises ParseError (UnsupportedGame for other games).
parse = with_site(SITE, _parse, ignore_harmless=True)


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
    m = BLINDS.search(desc)
    st = None if m else STAKES.search(desc)
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
    header=_CHUNK_START,
)
