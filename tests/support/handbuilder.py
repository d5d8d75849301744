"""Build ``Hand`` objects that read like a hand history, for engine tests.

    h = (HandBuilder(sb=5, bb=10, button=1)
         .seat(1, "Alice", 1000).seat(2, "Bob", 1000).seat(3, "Cara", 1000)
         .post_sb(2).post_bb(3)
         .raise_to(1, 30).fold(2).call(3)
         .flop("Ah Kd 2c").check(3).bet(1, 40).fold(3).uncalled(1, 40)
         .collect(1, 65).build())

Amounts default to what the rules say (the call owed, the blind, the chips a raise adds), so
tests stay short; pass them explicitly to build a broken hand. The builder tracks stacks and
street bets only to compute those defaults and the all-in flag; it judges nothing.
"""

from __future__ import annotations

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
    Stakes,
    Street,
)


def cards(text: str | None) -> tuple[str, ...] | None:
    return tuple(text.split()) if text else None


class HandBuilder:
    def __init__(
        self,
        sb: int = 5,
        bb: int = 10,
        ante: int = 0,
        button: int | None = 1,
        limit: LimitType = LimitType.NO_LIMIT,
        game: Game = Game.HOLDEM,
        small_bet: int = 0,
        big_bet: int = 0,
        fast_fold: bool = False,
        hand_id: str = "1",
        button_posts_big_blind_heads_up: bool = False,
        site: str = "test",
    ) -> None:
        #: the site whose conventions (pipeline.engine.sites) the engine applies
        self.site = site
        self.button_bb = button_posts_big_blind_heads_up
        self.stakes = Stakes(sb, bb, ante, small_bet, big_bet)
        self.button = button
        self.limit = limit
        self.game = game
        self.fast_fold = fast_fold
        self.hand_id = hand_id
        self.seats: list[Seat] = []
        self.actions: list[Action] = []
        self.street = Street.PREFLOP
        self.boards: list[list[str]] = [[]]
        self.stack: dict[int, int] = {}
        self.commit: dict[int, int] = {}
        self.collections: list[Collection] = []
        self.cash_outs: list[CashOut] = []
        self.printed_pots: list[PrintedPot] = []
        self.total: int | None = None
        self.rake_: int | None = None
        self.fees: list[tuple[str, int]] = []
        self.auto_total = True
        self.added: list[tuple[str, int]] = []

    # ---- table ------------------------------------------------------------------------------
    def seat(
        self,
        n: int,
        name: str,
        stack: int,
        hole: str | None = None,
        sitting_out: bool = False,
        stack_known: bool = True,
    ) -> HandBuilder:
        seat = Seat(n, name, stack, sitting_out, False, cards(hole), stack_known=stack_known)
        self.seats.append(seat)
        self.stack[n] = stack
        self.commit[n] = 0
        return self

    # ---- actions ----------------------------------------------------------------------------
    def _add(
        self,
        seat: int,
        kind: ActionKind,
        amount: int = 0,
        to: int = 0,
        live: bool = True,
        all_in: bool | None = None,
        shown: tuple[str, ...] = (),
        raise_by: int | None = None,
    ) -> HandBuilder:
        if amount:
            self.stack[seat] -= amount
            if live:
                self.commit[seat] += amount
        if all_in is None:
            all_in = amount > 0 and self.stack[seat] <= 0
        self.actions.append(
            Action(
                self.street, seat, kind, amount, to, all_in, shown, len(self.actions) + 10, raise_by
            )
        )
        return self

    def _capped(self, seat: int, amount: int) -> int:
        return min(amount, self.stack[seat])

    def post_sb(self, seat: int, amount: int | None = None) -> HandBuilder:
        a = self._capped(seat, self.stakes.small_blind) if amount is None else amount
        return self._add(seat, ActionKind.POST_SMALL_BLIND, a, self.commit[seat] + a)

    def post_bb(self, seat: int, amount: int | None = None) -> HandBuilder:
        a = self._capped(seat, self.stakes.big_blind) if amount is None else amount
        return self._add(seat, ActionKind.POST_BIG_BLIND, a, self.commit[seat] + a)

    def post_ante(self, seat: int, amount: int | None = None) -> HandBuilder:
        a = self._capped(seat, self.stakes.ante) if amount is None else amount
        return self._add(seat, ActionKind.POST_ANTE, a, live=False)

    def post_dead(self, seat: int, amount: int | None = None) -> HandBuilder:
        a = self._capped(seat, self.stakes.small_blind) if amount is None else amount
        return self._add(seat, ActionKind.POST_DEAD, a, live=False)

    def post_straddle(self, seat: int, amount: int | None = None) -> HandBuilder:
        a = self._capped(seat, 2 * self.stakes.big_blind) if amount is None else amount
        return self._add(seat, ActionKind.POST_STRADDLE, a, self.commit[seat] + a)

    def antes(self, *seats: int) -> HandBuilder:
        for s in seats:
            self.post_ante(s)
        return self

    def fold(self, seat: int) -> HandBuilder:
        return self._add(seat, ActionKind.FOLD)

    def check(self, seat: int) -> HandBuilder:
        return self._add(seat, ActionKind.CHECK)

    def call(self, seat: int, amount: int | None = None) -> HandBuilder:
        if amount is None:
            amount = self._capped(seat, max(self.commit.values()) - self.commit[seat])
        return self._add(seat, ActionKind.CALL, amount, self.commit[seat] + amount)

    def bet(self, seat: int, amount: int) -> HandBuilder:
        return self._add(seat, ActionKind.BET, amount, self.commit[seat] + amount)

    def raise_to(
        self, seat: int, to: int, amount: int | None = None, by: int | None = None
    ) -> HandBuilder:
        """``by``: the printed raise increment ("raises 20 to 40"), when the test needs one."""
        if amount is None:
            amount = to - self.commit[seat]
        return self._add(seat, ActionKind.RAISE, amount, to, raise_by=by)

    def all_in(self, seat: int) -> HandBuilder:
        """Raise (or bet) the whole stack."""
        to = self.commit[seat] + self.stack[seat]
        kind = ActionKind.RAISE if max(self.commit.values()) > 0 else ActionKind.BET
        return self._add(seat, kind, self.stack[seat], to, all_in=True)

    def protect(self, seat: int) -> HandBuilder:
        """Disconnect protection: all-in for what the seat has in, chips behind kept."""
        return self._add(seat, ActionKind.PROTECTED, 0, self.commit[seat], all_in=True)

    def uncalled(self, seat: int, amount: int) -> HandBuilder:
        self.stack[seat] += amount
        self.commit[seat] -= amount
        self.actions.append(
            Action(
                self.street,
                seat,
                ActionKind.UNCALLED_RETURN,
                amount,
                0,
                False,
                (),
                len(self.actions) + 10,
            )
        )
        return self

    def show(self, seat: int, hole: str) -> HandBuilder:
        return self._showdown(ActionKind.SHOW, seat, hole)

    def muck(self, seat: int, hole: str | None = None) -> HandBuilder:
        return self._showdown(ActionKind.MUCK, seat, hole)

    def _showdown(self, kind: ActionKind, seat: int, hole: str | None) -> HandBuilder:
        """A show or a muck: no chips move; the cards, where given, are the seat's."""
        self.actions.append(
            Action(Street.SHOWDOWN, seat, kind, 0, 0, False, cards(hole) or (),
                   len(self.actions) + 10)
        )
        return self

    # ---- streets ----------------------------------------------------------------------------
    def _street(self, street: Street, text: str) -> HandBuilder:
        self.street = street
        for s in self.commit:
            self.commit[s] = 0
        if text:
            self.boards[0].extend(text.split())
        return self

    def flop(self, text: str = "") -> HandBuilder:
        return self._street(Street.FLOP, text)

    def turn(self, text: str = "") -> HandBuilder:
        return self._street(Street.TURN, text)

    def river(self, text: str = "") -> HandBuilder:
        return self._street(Street.RIVER, text)

    def board(self, *boards: str) -> HandBuilder:
        """Set the final board(s) outright: one string per run."""
        self.boards = [b.split() for b in boards]
        return self

    # ---- site report ------------------------------------------------------------------------
    def collect(
        self, seat: int, amount: int, pot: int | None = None, board: int | None = None
    ) -> HandBuilder:
        self.collections.append(Collection(seat, amount, pot, board))
        return self

    def total_pot(self, amount: int | None) -> HandBuilder:
        self.total = amount
        self.auto_total = False
        return self

    def rake(self, amount: int) -> HandBuilder:
        self.rake_ = amount
        return self

    def fee(self, name: str, amount: int) -> HandBuilder:
        self.fees.append((name, amount))
        return self

    def pots(self, *amounts: int) -> HandBuilder:
        self.printed_pots = [PrintedPot(i, a) for i, a in enumerate(amounts)]
        return self

    def site_adds(self, name: str, amount: int) -> HandBuilder:
        """Money the site puts in the pot (a cash drop): the auto total includes it."""
        self.added.append((name, amount))
        return self

    def cash_out(self, seat: int, amount: int, fee: int = 0) -> HandBuilder:
        self.cash_outs.append(CashOut(seat, amount, fee))
        return self

    def build(self) -> Hand:
        total = self.total
        if self.auto_total and self.collections:
            # The site's total: everything put in minus uncalled returns.
            start = {s.seat: s.stack for s in self.seats}
            total = sum(start[s] - self.stack[s] for s in start) + sum(a for _, a in self.added)
        rake = self.rake_ if self.rake_ is not None else (0 if self.collections else None)
        report = SiteReport(
            total_pot=total,
            rake=rake,
            fees=tuple(self.fees),
            pots=tuple(self.printed_pots),
            collections=tuple(self.collections),
            cash_outs=tuple(self.cash_outs),
            site_added=tuple(self.added),
        )
        return Hand(
            site=self.site,
            hand_id=self.hand_id,
            game=self.game,
            limit=self.limit,
            currency="USD",
            decimals=2,
            stakes=self.stakes,
            seats=tuple(self.seats),
            actions=tuple(self.actions),
            button_seat=self.button,
            boards=tuple(tuple(b) for b in self.boards),
            report=report,
            fast_fold=self.fast_fold,
            button_posts_big_blind_heads_up=self.button_bb,
        )
