"""A hand simulator: random legal Texas Hold'em hands, with the dealer's own results.

Why: the engine is checked against real hands, but real hands rarely hit the corners (four
all-ins of different sizes, split pots with odd chips, short all-in raises, straddles, run it
twice). The simulator deals as many of them as we like, deterministically from a seed, and says
what the money must be, computed as the dealer (``simulate_money``) without the engine. Write a
simulated hand with a writer, parse it back, replay it: the engine must agree with the dealer.

The betting is legal under every common rule set, deliberately on the strict side where rules
differ (so any replayer must accept it):
- blinds left of the button, heads-up the button posts the small blind; a straddle is the
  seat after the big blind posting twice the big blind, and sets the minimum raise to double it;
- no-limit minimum raise = the last full raise; a short all-in raise does not reopen the
  betting (players who already acted may only call or fold until a full raise);
- pot-limit maximum = the pot after calling; fixed-limit bets of one unit, capped at a bet and
  three raises (heads-up too); after a short all-in raise in fixed limit nobody raises again on
  that street (rules differ on whether half a bet reopens);
- nobody raises when no other player could answer; no bet exceeds a stack.
Randomness comes only from ``random.Random(seed)``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from parsers.model import (
    TOURNAMENT_CHIPS,
    Action,
    ActionKind,
    Collection,
    Game,
    Hand,
    LimitType,
    PrintedPot,
    Seat,
    SiteReport,
    Stakes,
    Street,
)
from pipeline.sim.money import DealtPot, award, build_pots, rake_for

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = tuple(r + s for r in RANKS for s in SUITS)
FL_CAP = 4  # a bet and three raises
_NAMES = (
    "Alice", "bob_77", "Cara Mia", "D.Eel", "ErikTheRed", "f00l", "Gus: the Bus", "Hanne",
    "Ivo [NL]", "jojo", "KarlÉmile", "Lu-Lu", "Mo Money", "Nils", "0tto", "PeppeR", "Qin",
    "R2 D2", "Sasha.", "Tom's", "Uma", "Vlad (x)", "Wes", "xX_pro_Xx",
)
_TABLES = ("Rigel", "Vega", "Altair", "Deneb", "Mizar", "Polaris", "Sirius", "Capella")
_ET = ZoneInfo("America/New_York")
_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


@dataclass(frozen=True, slots=True)
class SimulatedHand:
    """A simulated hand and what the dealer says it must come to.

    ``final_stacks`` and ``payouts`` map seat -> chips (payouts after rake, summed over pots and
    boards); ``features`` names the situations the hand contains, for coverage counts.
    """

    hand: Hand
    hole_cards: dict[int, tuple[str, ...]]
    final_stacks: dict[int, int]
    payouts: dict[int, int]
    contributed: dict[int, int]
    rake: int
    pots: tuple[DealtPot, ...]
    features: frozenset[str]


@dataclass(frozen=True, slots=True)
class TableConfig:
    """What kind of hands to deal: player counts, limit, antes, straddles, tournament."""

    min_players: int = 2
    max_players: int = 10
    limit: LimitType = LimitType.NO_LIMIT
    antes: bool = False
    straddle: bool = False
    tournament: bool = False
    rake: bool = True
    run_it_twice: bool = True


# ---- one hand ------------------------------------------------------------------------------


@dataclass(slots=True)
class _Round:
    """Betting state of one street."""

    level: int = 0  # the bet to match (a short all-in blind still obliges the full blind)
    min_inc: int = 0  # the last full raise increment (NL/PL), or the unit (FL)
    bets: int = 0  # bets and full raises this street (FL cap)
    reopen: int = 0  # counts full bets/raises; a seat may raise if it has not acted since
    acted: dict[int, int] = field(default_factory=dict)  # seat -> reopen count when it acted
    short_fl: bool = False  # a short all-in raise happened in fixed limit


class _Dealer:
    """Runs one hand: posts, betting rounds, board, showdown. Builds the model as it goes."""

    def __init__(self, rng: random.Random, cfg: TableConfig, hand_no: int, seed: int) -> None:
        self.rng = rng
        self.cfg = cfg
        self.hand_no = hand_no
        self.seed = seed
        self.features: set[str] = set()
        self.actions: list[Action] = []
        r = rng
        n = r.randint(cfg.min_players, cfg.max_players)
        self.max_seats = next(m for m in (2, 6, 9, 10) if m >= n)
        self.seats = sorted(r.sample(range(1, self.max_seats + 1), n))
        self.names = dict(zip(self.seats, r.sample(_NAMES, n), strict=True))
        self.button = r.choice(self.seats)
        self.limit = cfg.limit
        self.decimals = 0 if cfg.tournament else 2
        if cfg.tournament:
            self.bb = r.choice((20, 40, 100, 200, 300, 600, 1000))
            self.sb = self.bb // 2
            self.ante = (self.bb // r.choice((4, 5, 8, 10))) if cfg.antes else 0
        else:
            self.bb = r.choice((2, 4, 10, 20, 50, 100, 200))
            self.sb = self.bb // 2
            self.ante = (max(1, self.bb // 10)) if cfg.antes else 0
        # Fixed limit: the header's stakes are the small/big bet; the big blind is a small bet.
        self.small_bet, self.big_bet = self.bb, 2 * self.bb
        self.mode = r.choices(
            ("normal", "shove", "passive", "walk", "split"), (40, 30, 12, 8, 10)
        )[0]
        self.stack0 = {s: self._stack() for s in self.seats}
        self.stack = dict(self.stack0)
        self.contributed = dict.fromkeys(self.seats, 0)
        self.commit = dict.fromkeys(self.seats, 0)
        self.folded: set[int] = set()
        self.street = Street.PREFLOP
        self.deck = list(DECK)
        r.shuffle(self.deck)
        self.hole = {s: (self.deck.pop(), self.deck.pop()) for s in self.seats}
        self.board = self._board()

    # ---- setup ----------------------------------------------------------------------------

    def _stack(self) -> int:
        r, bb = self.rng, self.bb
        floor = self.sb + self.ante + 1  # nobody is all-in on the ante or the small blind
        pick = r.random()
        if pick < 0.04:
            chips = r.randint(floor, floor + bb)  # a blind or two: short all-ins
        elif pick < 0.35 or self.mode == "shove":
            chips = r.randint(3 * bb, 40 * bb) + r.randint(0, bb)
        else:
            chips = r.randint(40 * bb, 250 * bb) + r.randint(0, bb - 1)
        return max(chips, floor)

    def _board(self) -> list[str]:
        if self.mode == "split" and self.rng.random() < 0.6:
            # Broadway with no three of a suit: nothing beats it, every live player ties.
            ranks = ["A", "K", "Q", "J", "T"]
            used = {c for h in self.hole.values() for c in h}
            for _ in range(50):
                suits = [self.rng.choice(SUITS) for _ in ranks]
                cards = [r + s for r, s in zip(ranks, suits, strict=True)]
                if max(suits.count(x) for x in SUITS) <= 2 and not used & set(cards):
                    for c in cards:
                        self.deck.remove(c)
                    self.features.add("board_plays")
                    return cards
        return [self.deck.pop() for _ in range(5)]

    def order_from(self, seat: int) -> list[int]:
        """Seats clockwise starting after ``seat``."""
        return [s for s in self.seats if s > seat] + [s for s in self.seats if s <= seat]

    def add(self, kind: ActionKind, seat: int, amount: int = 0, all_in: bool = False,
            live: bool = True, cards: tuple[str, ...] = (), raise_by: int | None = None) -> None:
        if amount:
            self.stack[seat] -= amount
            self.contributed[seat] += amount
            if live:
                self.commit[seat] += amount
        self.actions.append(Action(self.street, seat, kind, amount, self.commit[seat], all_in,
                                   cards, raise_by=raise_by))

    def post(self, kind: ActionKind, seat: int, amount: int, live: bool = True) -> int:
        chips = min(amount, self.stack[seat])
        self.add(kind, seat, chips, self.stack[seat] == chips, live)
        return chips

    def posts(self) -> tuple[list[int], int, int]:
        """Antes, blinds, straddle. Returns (preflop order, level, min raise increment)."""
        if self.ante:
            for s in self.order_from(self.button):
                self.post(ActionKind.POST_ANTE, s, self.ante, live=False)
            self.features.add("antes")
        if len(self.seats) == 2:
            sb_seat = self.button
            bb_seat = self.order_from(self.button)[0]
        else:
            sb_seat, bb_seat = self.order_from(self.button)[:2]
        self.post(ActionKind.POST_SMALL_BLIND, sb_seat, self.sb)
        if self.post(ActionKind.POST_BIG_BLIND, bb_seat, self.bb) < self.bb:
            self.features.add("short_blind")
        last, level, inc = bb_seat, self.bb, self.bb
        if (self.cfg.straddle and self.limit is not LimitType.FIXED_LIMIT
                and len(self.seats) >= 3 and self.rng.random() < 0.6):
            utg = self.order_from(bb_seat)[0]
            if self.stack[utg] > 2 * self.bb:
                self.post(ActionKind.POST_STRADDLE, utg, 2 * self.bb)
                last, level, inc = utg, 2 * self.bb, 2 * self.bb
                self.features.add("straddle")
        return self.order_from(last), level, inc

    # ---- betting --------------------------------------------------------------------------

    def unit(self) -> int:
        if self.limit is LimitType.FIXED_LIMIT:
            return self.small_bet if self.street <= Street.FLOP else self.big_bet
        return self.bb

    def live(self) -> list[int]:
        return [s for s in self.seats if s not in self.folded]

    def able(self) -> list[int]:
        return [s for s in self.live() if self.stack[s] > 0]

    def betting_round(self, order: list[int], rnd: _Round) -> None:
        """Players act in ``order`` (repeating) until every bet is matched or they are all in."""
        pending = [s for s in order if s in self.able()]
        if len(self.able()) < 2 and all(self.commit[s] >= rnd.level for s in self.able()):
            return
        i = 0
        while pending and len(self.live()) > 1:
            seat = pending.pop(0)
            if seat in self.folded or self.stack[seat] <= 0:
                continue
            if self.commit[seat] >= rnd.level and not [s for s in self.able() if s != seat]:
                continue  # nobody left to bet against: no decision to make
            before = rnd.level
            self.decide(seat, rnd)
            i += 1
            if rnd.level > before:  # a bet or raise: everyone else able acts again
                rest = [s for s in self.order_from(seat) if s != seat and s in self.able()]
                pending = rest
            if i > 200:  # cannot happen with capped/finite stacks; a guard, not a rule
                raise RuntimeError("betting round did not end")

    def decide(self, seat: int, rnd: _Round) -> None:
        r = self.rng
        need = rnd.level - self.commit[seat]
        stack = self.stack[seat]
        # Raising only makes sense against someone who can put in more than the current bet.
        others = [s for s in self.able()
                  if s != seat and self.commit[s] + self.stack[s] > rnd.level]
        can_raise = (
            stack > need
            and bool(others)
            and rnd.acted.get(seat, -1) != rnd.reopen
            and not (self.limit is LimitType.FIXED_LIMIT and (rnd.bets >= FL_CAP or rnd.short_fl))
        )
        mode = self.mode
        if mode == "walk" and self.street is Street.PREFLOP:
            weights = {"fold": 95, "call": 5, "raise": 0}
        elif mode == "shove":
            weights = {"fold": 25, "call": 45, "raise": 30}
        elif mode == "passive":
            weights = {"fold": 10, "call": 80, "raise": 10}
        else:
            weights = {"fold": 30, "call": 45, "raise": 25}
        if need <= 0:
            weights["fold"] = 0
            weights["call"] += 20
        if not can_raise:
            weights["raise"] = 0
        choice = r.choices(list(weights), list(weights.values()))[0]
        rnd.acted[seat] = rnd.reopen
        if choice == "fold":
            self.folded.add(seat)
            self.add(ActionKind.FOLD, seat)
        elif choice == "call":
            if need <= 0:
                self.add(ActionKind.CHECK, seat)
            else:
                chips = min(need, stack)
                self.add(ActionKind.CALL, seat, chips, chips == stack)
        else:
            self.raise_(seat, rnd)

    def raise_(self, seat: int, rnd: _Round) -> None:
        r = self.rng
        commit, stack = self.commit[seat], self.stack[seat]
        most = commit + stack
        if self.limit is LimitType.FIXED_LIMIT:
            target = min(rnd.level + self.unit(), most)
        else:
            least = rnd.level + max(rnd.min_inc, self.unit())
            cap = most
            if self.limit is LimitType.POT_LIMIT:
                pot = sum(self.contributed.values())
                cap = min(most, rnd.level + pot + (rnd.level - commit))
            if cap <= least:
                target = cap
            else:
                shove = 0.45 if self.mode == "shove" else 0.12
                pick = r.random()
                if pick < shove:
                    target = cap
                elif pick < shove + 0.3:
                    target = least
                else:
                    target = r.randint(least, cap)
                if self.decimals and r.random() < 0.7 and target not in (least, cap):
                    rounded = target - target % self.bb
                    target = rounded if rounded >= least else target
        chips = target - commit
        all_in = chips == stack
        kind = ActionKind.BET if rnd.level == 0 else ActionKind.RAISE
        increment = target - rnd.level
        full = increment >= (self.unit() if self.limit is LimitType.FIXED_LIMIT
                             else max(rnd.min_inc, self.unit()))
        if full:
            rnd.reopen += 1
            rnd.bets += 1
            if self.limit is not LimitType.FIXED_LIMIT:
                rnd.min_inc = increment
        else:
            self.features.add("short_all_in_raise")
            if self.limit is LimitType.FIXED_LIMIT:
                rnd.short_fl = True
        rnd.acted[seat] = rnd.reopen
        before, rnd.level = rnd.level, target
        if rnd.bets >= FL_CAP and self.limit is LimitType.FIXED_LIMIT:
            self.features.add("fl_cap")
        self.add(kind, seat, chips, all_in,
                 raise_by=target - before if kind is ActionKind.RAISE else None)

    def return_uncalled(self) -> None:
        """The part of the top bet nobody matched goes back to its owner."""
        ranked = sorted(self.seats, key=lambda s: self.commit[s], reverse=True)
        top, second = ranked[0], ranked[1]
        excess = self.commit[top] - self.commit[second]
        if excess > 0 and top not in self.folded:
            self.stack[top] += excess
            self.contributed[top] -= excess
            self.commit[top] -= excess
            self.actions.append(Action(self.street, top, ActionKind.UNCALLED_RETURN, excess,
                                       self.commit[top]))
            self.features.add("uncalled")

    # ---- the hand -------------------------------------------------------------------------

    def play(self) -> SimulatedHand:
        order, level, inc = self.posts()
        rnd = _Round(level=level, min_inc=inc, bets=1)
        streets_dealt = 0
        while True:
            self.betting_round(order, rnd)
            self.return_uncalled()
            if len(self.live()) == 1 or self.street is Street.RIVER:
                break
            if len(self.able()) < 2:
                break  # all in: the rest of the board is run out
            self.street = Street(self.street + 1)
            streets_dealt = self.street
            self.commit = dict.fromkeys(self.seats, 0)
            rnd = _Round(level=0, min_inc=self.unit())
            order = self.order_from(self.button)
        live = self.live()
        showdown = len(live) >= 2
        boards = [tuple(self.board[: (0, 3, 4, 5)[streets_dealt]])]
        runs = 1
        if showdown:
            if self.street < Street.RIVER:
                self.features.add("runout")
            runs = self.maybe_run_twice(live)
            boards = self.run_boards(runs)
            if runs == 1 and self.street < Street.RIVER:
                for s in self.order_from(self.button):  # all-in players table their hands
                    if s in live:
                        self.add(ActionKind.SHOW, s, cards=self.hole[s])
            if self.street < Street.RIVER:  # the run-out's street markers start new streets
                self.commit = dict.fromkeys(self.seats, 0)
            self.street = Street.SHOWDOWN
        return self.settle(live, showdown, boards, runs)

    def maybe_run_twice(self, live: list[int]) -> int:
        if (self.cfg.tournament or not self.cfg.run_it_twice or len(live) != 2
                or self.street >= Street.RIVER
                or len(build_pots(self.contributed, self.folded, self.all_in())) != 1
                or self.rng.random() > 0.35):
            return 1
        self.features.add("run_it_twice")
        return 2

    def run_boards(self, runs: int) -> list[tuple[str, ...]]:
        shared = (0, 3, 4, 5)[self.street]
        first = tuple(self.board)
        if runs == 1:
            return [first]
        second = first[:shared] + tuple(self.deck.pop() for _ in range(5 - shared))
        return [first, second]

    def all_in(self) -> set[int]:
        return {s for s in self.live() if self.stack[s] == 0}

    def settle(self, live: list[int], showdown: bool, boards: list[tuple[str, ...]],
               runs: int) -> SimulatedHand:
        total = sum(self.contributed.values())
        pots = build_pots(self.contributed, self.folded, self.all_in())
        flop_seen = len(boards[0]) >= 3
        rake = 0 if self.cfg.tournament or not self.cfg.rake else rake_for(
            total, flop_seen, self.rng.choice((0, 3, 5, 5)), self.rng.choice((50, 100, 300)))
        if rake:
            self.features.add("raked")
        dealt = award(pots, rake, boards, self.hole, self.button)
        if len(dealt) > 1:
            self.features.add("side_pots")
            self.features.add(f"pots_{min(len(dealt), 4)}")
        payouts: dict[int, int] = {}
        collections: list[Collection] = []
        numbered = len(dealt) > 1
        for b in range(runs):
            if showdown and runs > 1:
                for s in self.order_from(self.button):
                    if s in live:
                        self.add(ActionKind.SHOW, s, cards=self.hole[s])
            elif showdown and b == 0 and self.actions[-1].kind is not ActionKind.SHOW:
                for s in self.order_from(self.button):
                    if s in live:
                        self.add(ActionKind.SHOW, s, cards=self.hole[s])
            for pot in reversed(dealt):
                board_shares = pot.shares[b] if len(pot.shares) > b else ()
                if len(board_shares) > 1:
                    self.features.add("split_pot")
                for seat, chips in board_shares:
                    if chips <= 0:
                        continue
                    payouts[seat] = payouts.get(seat, 0) + chips
                    collections.append(Collection(seat, chips, pot.index if numbered else None,
                                                  b if runs > 1 else None))
        if not showdown and len(self.seats) > 1 and self.street is Street.PREFLOP and all(
                a.kind is ActionKind.FOLD for a in self.actions if not a.kind.is_post
                and a.kind is not ActionKind.UNCALLED_RETURN):
            self.features.add("walk")
        if sum(1 for s in self.all_in()) >= 3:
            self.features.add("three_plus_all_ins")
        final = {s: self.stack[s] + payouts.get(s, 0) for s in self.seats}
        return SimulatedHand(
            hand=self.model(boards, total, rake, dealt, collections, live, showdown),
            hole_cards=dict(self.hole),
            final_stacks=final,
            payouts=payouts,
            contributed=dict(self.contributed),
            rake=rake,
            pots=tuple(dealt),
            features=frozenset(self.features),
        )

    def model(self, boards: list[tuple[str, ...]], total: int, rake: int,
              dealt: list[DealtPot], collections: list[Collection], live: list[int],
              showdown: bool) -> Hand:
        cfg, r = self.cfg, self.rng
        hero = r.choice(self.seats)
        shown = {a.seat for a in self.actions if a.kind is ActionKind.SHOW}
        seats = tuple(
            Seat(s, self.names[s], self.stack0[s], is_hero=s == hero,
                 hole_cards=self.hole[s] if s == hero or s in shown else None)
            for s in self.seats
        )
        printed = tuple(PrintedPot(p.index, p.net) for p in dealt) if len(dealt) > 1 else ()
        when = datetime(2024, 3, 11, 10, 0, 0) + timedelta(minutes=self.hand_no % 100_000,
                                                           seconds=r.randint(0, 59))
        stakes = Stakes(self.sb, self.bb, self.ante if any(
            a.kind is ActionKind.POST_ANTE and not a.all_in for a in self.actions) else 0)
        if self.limit is LimitType.FIXED_LIMIT:
            stakes = Stakes(self.sb, self.bb, stakes.ante, self.small_bet, self.big_bet)
        tid = str(3_000_000_000 + self.seed % 1_000_000) if cfg.tournament else None
        table = f"{tid} {1 + self.hand_no % 7}" if tid else (
            f"{_TABLES[self.seed % len(_TABLES)]} {_ROMAN[self.hand_no % len(_ROMAN)]}")
        return Hand(
            site="pokerstars",
            hand_id=str(200_000_000_000 + (self.seed % 10_000) * 10_000_000 + self.hand_no),
            game=Game.HOLDEM,
            limit=self.limit,
            currency=TOURNAMENT_CHIPS if cfg.tournament else "USD",
            decimals=self.decimals,
            stakes=stakes,
            seats=seats,
            actions=tuple(self.actions),
            button_seat=self.button,
            boards=tuple(boards),
            report=SiteReport(total_pot=total, rake=rake, pots=printed,
                              collections=tuple(collections)),
            started_at=when.replace(tzinfo=_ET).astimezone(ZoneInfo("UTC")),
            local_time=when.strftime("%Y/%m/%d %H:%M:%S"),
            time_zone="ET",
            table_name=table,
            max_seats=self.max_seats,
            is_tournament=cfg.tournament,
            tournament_id=tid,
            level=_ROMAN[self.hand_no % len(_ROMAN)] if cfg.tournament else None,
        )


def simulate(
    n_hands: int,
    seed: int,
    players: int | tuple[int, int] = (2, 10),
    limit: LimitType = LimitType.NO_LIMIT,
    antes: bool = False,
    straddle: bool = False,
    tournament: bool = False,
    rake: bool = True,
    run_it_twice: bool = True,
) -> Iterator[SimulatedHand]:
    """``n_hands`` random legal hands; the same arguments always give the same hands.

    ``rake`` and ``run_it_twice`` (cash games only) can be turned off for replayers that
    rake differently or cannot run a board twice.
    """
    low, high = (players, players) if isinstance(players, int) else players
    if not 2 <= low <= high <= 10:
        raise ValueError(f"players must be within 2..10, got {low}..{high}")
    cfg = TableConfig(low, high, limit, antes, straddle, tournament, rake, run_it_twice)
    rng = random.Random(seed)
    for i in range(n_hands):
        yield _Dealer(rng, cfg, i, seed).play()


__all__ = ["SimulatedHand", "TableConfig", "simulate", "DECK"]
