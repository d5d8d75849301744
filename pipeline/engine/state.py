"""Table and betting state of a replay, and the unchecked ``apply_*`` transitions.

State lives in plain dicts keyed by seat number and a few ints: a hand has at most ten seats and
a few dozen actions, so anything fancier (copies per action, objects per chip) would cost more
than the rules themselves. The ``apply_*`` functions change money and turn state without judging
anything; ``checks.py`` judges before they run (python-chess style: checked and unchecked apart).

Money is applied as the log says even when a check found it illegal: the goal is to keep the
recomputed pot in step with the site so that one broken action yields one finding, not a cascade.
"""

from __future__ import annotations

from parsers.model import Action, ActionKind, Hand, LimitType, Street

STREET_NAMES = ("preflop", "flop", "turn", "river", "showdown")


class TableState:
    """Everything the walk needs to know between two actions."""

    __slots__ = (
        "hand",
        "names",
        "order",
        "in_hand",
        "stack",
        "start_stack",
        "commit",
        "contrib",
        "folded",
        "acted",
        "street",
        "current_bet",
        "min_raise",
        "full_raise_level",
        "bets",
        "last_actor",
        "returned",
        "voluntary_seen",
        "anchor",
        "limit",
        "big_blind",
        "small_bet",
        "big_bet",
    )

    def __init__(self, hand: Hand, in_hand: list[int]) -> None:
        self.hand = hand
        self.names: dict[int, str] = {s.seat: s.player for s in hand.seats}
        self.start_stack: dict[int, int] = {s.seat: s.stack for s in hand.seats}
        #: seats dealt into the hand, in seat order (the order of play around the table)
        self.order: list[int] = in_hand
        self.in_hand: frozenset[int] = frozenset(in_hand)
        self.stack: dict[int, int] = {s: self.start_stack.get(s, 0) for s in in_hand}
        self.commit: dict[int, int] = dict.fromkeys(in_hand, 0)
        self.contrib: dict[int, int] = dict.fromkeys(in_hand, 0)
        self.folded: set[int] = set()
        #: seat -> the street's bet level right after the seat's last voluntary action
        self.acted: dict[int, int] = {}
        self.street = Street.PREFLOP
        self.limit = hand.limit
        stakes = hand.stakes
        self.big_blind = stakes.big_blind
        self.small_bet = stakes.small_bet or stakes.big_blind
        self.big_bet = stakes.big_bet or 2 * self.small_bet
        self.current_bet = 0
        self.min_raise = self.unit()
        self.full_raise_level = 0
        #: bets and full raises made on this street (the big blind counts as the first preflop)
        self.bets = 0
        self.last_actor: int | None = None
        self.returned: dict[int, int] = {}
        self.voluntary_seen = False
        #: the seat the street's action starts after (big blind/straddle preflop, button later)
        self.anchor: int | None = None

    # ---- naming, for messages -------------------------------------------------------------
    def who(self, seat: int) -> str:
        name = self.names.get(seat)
        return f"seat {seat} ({name})" if name else f"seat {seat}"

    def street_name(self, street: Street | None = None) -> str:
        return STREET_NAMES[self.street if street is None else street]

    # ---- derived facts --------------------------------------------------------------------
    def unit(self) -> int:
        """Minimum bet: the big blind, or in fixed limit the street's bet size."""
        if self.limit is LimitType.FIXED_LIMIT:
            return self.small_bet if self.street <= Street.FLOP else self.big_bet
        return self.big_blind

    def is_all_in(self, seat: int) -> bool:
        return self.stack[seat] <= 0 and self.contrib[seat] > 0

    def live(self) -> list[int]:
        """Seats not folded, in seat order."""
        folded = self.folded
        return [s for s in self.order if s not in folded]

    def able(self) -> list[int]:
        """Seats that can still make a betting decision: not folded, chips behind."""
        folded, stack = self.folded, self.stack
        return [s for s in self.order if s not in folded and stack[s] > 0]

    def pending(self, seat: int, able_count: int) -> bool:
        """Whether ``seat`` still owes a decision in this betting round."""
        if seat in self.folded or self.stack[seat] <= 0:
            return False
        if self.commit[seat] < self.current_bet:
            return True
        return seat not in self.acted and able_count >= 2

    def next_to_act(self, after: int | None) -> int | None:
        """The first seat after ``after`` (clockwise) that owes a decision; None: round closed."""
        order = self.order
        able_count = len(self.able())
        n = len(order)
        if n == 0:
            return None
        if after is None:
            start = 0
        else:
            start = n
            for i, s in enumerate(order):
                if s > after:
                    start = i
                    break
        for k in range(n):
            s = order[(start + k) % n]
            if self.pending(s, able_count):
                return s
        return None

    def pot_total(self) -> int:
        return sum(self.contrib.values())


# ---- unchecked transitions -----------------------------------------------------------------


def put_in(state: TableState, seat: int, chips: int, live: bool) -> None:
    """Move chips from a stack to the pot; live chips also count toward the street bet."""
    state.stack[seat] -= chips
    state.contrib[seat] += chips
    if live:
        state.commit[seat] += chips


def apply_post(state: TableState, action: Action) -> None:
    seat, kind = action.seat, action.kind
    live = kind.is_live_post
    put_in(state, seat, action.amount, live)
    if not live:
        return
    to = state.commit[seat]
    if kind is ActionKind.POST_STRADDLE:
        if to > state.current_bet:
            # A straddle is a blind raise. The increment it sets is the raise over the previous
            # level, the smaller of the two conventions in use: lenient on purpose.
            state.min_raise = max(state.min_raise, to - state.current_bet)
            state.current_bet = to
            state.full_raise_level = to
            state.bets += 1
        state.anchor = seat
        return
    if kind is ActionKind.POST_BIG_BLIND and state.bets == 0:
        state.bets = 1
    # A short all-in blind still obliges the others to the full blind.
    nominal = state.big_blind if kind is ActionKind.POST_BIG_BLIND else 0
    level = max(to, nominal if action.all_in or state.stack[seat] <= 0 else to)
    if level > state.current_bet:
        state.current_bet = level
        state.full_raise_level = level


def apply_fold(state: TableState, action: Action) -> None:
    state.folded.add(action.seat)
    state.last_actor = action.seat


def apply_check(state: TableState, action: Action) -> None:
    state.acted[action.seat] = state.current_bet
    state.last_actor = action.seat


def apply_call(state: TableState, action: Action) -> None:
    put_in(state, action.seat, action.amount, True)
    state.acted[action.seat] = state.current_bet
    state.last_actor = action.seat


def apply_bet_or_raise(state: TableState, action: Action, to: int) -> None:
    """Put chips in up to ``to`` and move the bet level; only a full raise resets the minimum."""
    seat = action.seat
    put_in(state, seat, to - state.commit[seat], True)
    increment = to - state.current_bet
    if increment > 0:
        full = increment >= state.min_raise
        if state.limit is LimitType.FIXED_LIMIT:
            # Fixed limit: an all-in of at least half a bet counts as a raise (common rule).
            full = 2 * increment >= state.unit()
        if full:
            if state.limit is not LimitType.FIXED_LIMIT:
                state.min_raise = increment
            state.full_raise_level = to
            state.bets += 1
        state.current_bet = to
    state.acted[seat] = state.current_bet
    state.last_actor = seat


def apply_return(state: TableState, action: Action) -> None:
    """Give uncalled chips back; they leave the street bet and the player's contribution."""
    seat, chips = action.seat, action.amount
    state.stack[seat] += chips
    state.contrib[seat] -= chips
    state.commit[seat] -= chips
    state.returned[seat] = state.returned.get(seat, 0) + chips
    # The returned chips were never called: the street's bet level is what was matched.
    state.current_bet = max(state.commit.values(), default=0)


def start_street(state: TableState, street: Street) -> None:
    state.street = street
    commit = state.commit
    for s in commit:
        commit[s] = 0
    state.acted.clear()
    state.returned = {}
    state.current_bet = 0
    state.full_raise_level = 0
    state.bets = 0
    state.min_raise = state.unit()
    state.last_actor = None
    state.anchor = state.hand.button_seat
