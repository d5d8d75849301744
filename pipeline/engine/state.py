"""Table and betting state of a replay, and the unchecked ``apply_*`` transitions.

State lives in plain dicts keyed by seat number and a few ints: a hand has at most ten seats and
a few dozen actions. The ``apply_*`` functions change money and turn state without judging
anything; ``checks.py`` judges each action before its transition runs (python-chess style:
checked and unchecked apart), and the walk (``walk.py``) calls one after the other.

Money is applied as the log says even when a check found it illegal: the goal is to keep the
recomputed pot in step with the site so that one broken action yields one finding, not a cascade.
"""

from __future__ import annotations

from bisect import bisect_right, insort

from parsers.model import Action, ActionKind, Hand, LimitType, Street
from pipeline.engine.amounts import Amounts
from pipeline.engine.sites import SiteRules, rules_for

STREET_NAMES = ("preflop", "flop", "turn", "river", "showdown")
#: The stack given to a seat whose stack the log never printed: no stack rule can bind it. It
#: never leaves the engine: results report such a seat's final stack as unknown (None).
UNBOUNDED = 1 << 62

# Enum members bound to module names, as in walk.py (an enum lookup costs ~0.3 µs on 3.11).
_FIXED_LIMIT = LimitType.FIXED_LIMIT
_STRADDLE, _BIG_BLIND = ActionKind.POST_STRADDLE, ActionKind.POST_BIG_BLIND


def starting_stacks(hand: Hand) -> dict[int, int]:
    """Seat -> starting stack; ``UNBOUNDED`` for a stack the log never printed."""
    return {s.seat: s.stack if s.stack_known else UNBOUNDED for s in hand.seats}


class TableState:
    """Everything the walk needs to know between two actions."""

    __slots__ = (
        "hand",
        "_names",
        "order",
        "ring",
        "in_hand",
        "stack",
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
        "returned_dead",
        "voluntary_seen",
        "anchor",
        "limit",
        "big_blind",
        "small_bet",
        "big_bet",
        "n_able",
        "active",
        "protected",
        "rules",
        "flex",
    )

    def __init__(self, hand: Hand, in_hand: list[int], start: dict[int, int] | None = None) -> None:
        """``in_hand``: the seats dealt in, in seat order. ``start``: seat -> starting stack
        (``starting_stacks``), when the caller already built it."""
        self.hand = hand
        #: the site's conventions (``sites.py``): posts, turn order, awards
        self.rules: SiteRules = rules_for(hand.site)
        #: seat -> chips the other reading of a post whose liveness the log decides would add
        #: to the street bet (``posting.resolve``)
        self.flex: dict[int, int] = {}
        self._names: dict[int, str] | None = None
        #: seats dealt into the hand, in seat order (the order of play around the table)
        self.order: list[int] = in_hand
        #: the order twice over, so that "clockwise from any seat" is one slice
        self.ring: list[int] = in_hand + in_hand
        if start is None:
            start = starting_stacks(hand)
        self.stack: dict[int, int] = {s: start.get(s, 0) for s in in_hand}
        #: the seats dealt in, as a set (the stack dict's keys)
        self.in_hand = self.stack.keys()
        self.commit: dict[int, int] = dict.fromkeys(in_hand, 0)
        self.contrib: dict[int, int] = dict.fromkeys(in_hand, 0)
        self.folded: set[int] = set()
        #: the seats that can still bet (not folded, chips behind), in seat order: kept by the
        #: transitions below (``crossed``, ``fold``), so that whose turn it is looks only at them
        self.active: list[int] = [s for s in in_hand if self.stack[s] > 0]
        #: how many seats can still bet, counted as the transitions go: ``len(active)`` but for
        #: odd logs (a negative amount raises a stack without counting the seat back in), where
        #: the count is what the rules have always used
        self.n_able = len(self.active)
        #: seats under disconnect protection (``ActionKind.PROTECTED``): all-in for what they
        #: have in, with chips behind; never back in ``active``
        self.protected: set[int] = set()
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
        #: chips given back beyond the seat's street bet: the unmatched part of dead posts
        #: (everyone all-in on the antes, no blinds: OnGame, PKR)
        self.returned_dead: dict[int, int] = {}
        self.voluntary_seen = False
        #: the seat the street's action starts after (big blind/straddle preflop, button later)
        self.anchor: int | None = None

    # ---- naming, for messages -------------------------------------------------------------
    @property
    def names(self) -> dict[int, str]:
        """Seat -> player name; built on first use, since only findings need it."""
        if self._names is None:
            self._names = {s.seat: s.player for s in self.hand.seats}
        return self._names

    def who(self, seat: int) -> str:
        name = self.names.get(seat)
        return f"seat {seat} ({name})" if name else f"seat {seat}"

    def money(self) -> Amounts:
        """A recorder for the amounts of one message, in the hand's units."""
        return Amounts(self.hand.currency, self.hand.decimals)

    def street_name(self, street: Street | None = None) -> str:
        return STREET_NAMES[self.street if street is None else street]

    # ---- derived facts --------------------------------------------------------------------
    def unit(self) -> int:
        """Minimum bet: the big blind, or in fixed limit the street's bet size."""
        if self.limit is _FIXED_LIMIT:
            return self.small_bet if self.street <= Street.FLOP else self.big_bet
        return self.big_blind

    def live(self) -> list[int]:
        """Seats not folded, in seat order."""
        return [s for s in self.order if s not in self.folded]

    def top_other(self, seat: int) -> int:
        """The largest street bet of the other players still in the hand."""
        folded = self.folded
        return max((c for s, c in self.commit.items() if s != seat and s not in folded), default=0)

    def next_to_act(self, after: int | None) -> int | None:
        """The first seat after ``after`` (clockwise) that still owes a decision in this betting
        round; None when the round is closed.

        Only a seat that can still bet (``active``) can owe one: a seat below the bet, unless it
        is the only one left with chips and already level with everyone else (all-in below a
        short big blind's nominal level: there is nobody left to call); or a seat that has not
        acted on the street, while another seat can still bet too.
        """
        active = self.active
        start = 0 if after is None else bisect_right(active, after)
        several = self.n_able >= 2
        for seat in active[start:] + active[:start]:
            commit = self.commit[seat]
            if commit < self.current_bet:
                if several or commit < self.top_other(seat):
                    return seat
            elif several and seat not in self.acted:
                return seat
        return None

    def owing(self) -> list[int]:
        """Every seat that still owes a decision in this betting round, in seat order."""
        first = seat = self.next_to_act(None)
        seats = []
        while seat is not None:
            seats.append(seat)
            seat = self.next_to_act(seat)
            if seat == first:
                break
        return seats

    def pot_total(self) -> int:
        return sum(self.contrib.values())


# ---- unchecked transitions -----------------------------------------------------------------


def crossed(state: TableState, seat: int, after: int) -> None:
    """``seat``'s stack crossed zero (to ``after``): keep ``active`` exactly the seats not
    folded with chips behind, whichever way the chips went (an odd log may refund by a
    negative amount)."""
    if seat not in state.folded and seat not in state.protected:
        if after > 0:
            insort(state.active, seat)
        else:
            state.active.remove(seat)


def put_in(state: TableState, seat: int, chips: int, live: bool) -> None:
    """Move chips from a stack to the pot; live chips also count toward the street bet."""
    stack = state.stack
    before = stack[seat]
    after = stack[seat] = before - chips
    if (before > 0) is not (after > 0):
        if before > 0 and seat not in state.folded and seat not in state.protected:
            state.n_able -= 1
        crossed(state, seat, after)
    state.contrib[seat] += chips
    if live:
        state.commit[seat] += chips


def set_aside(state: TableState, seat: int) -> None:
    """A wager the log calls all-in that leaves chips behind: those chips are out of play.

    A capped no-limit game says so of the player whose chips in the hand reached the table's
    cap ("and has reached the $10 cap", "and is capped"): he can put in no more, and plays on
    as if all-in, however many chips he holds. A log that prints a stack rounded up says so
    too. Either way the seat no longer acts; his stack is not touched (``SeatResult`` is
    reckoned from the printed stack and the chips that moved). A seat under disconnect
    protection is out of the betting already (:func:`apply_protect`)."""
    if state.stack[seat] > 0 and seat not in state.folded and seat not in state.protected:
        state.stack[seat] = 0
        state.n_able -= 1
        crossed(state, seat, 0)


def refund(state: TableState, seat: int, chips: int) -> None:
    """Give chips back from the pot to a stack (an uncalled bet)."""
    stack = state.stack
    before = stack[seat]
    after = stack[seat] = before + chips
    if (before > 0) is not (after > 0):
        if after > 0 and seat not in state.folded and seat not in state.protected:
            state.n_able += 1
        crossed(state, seat, after)
    state.contrib[seat] -= chips


def apply_post(state: TableState, action: Action) -> None:
    """A live post (``is_live_post``) is a street bet; a dead one goes straight into the pot."""
    seat, kind, chips = action.seat, action.kind, action.amount
    put_in(state, seat, chips, live=False)  # the street bet is settled below, by the post
    if not kind.is_live_post:
        return
    commit = state.commit
    to = commit[seat] = commit[seat] + chips
    if kind is _STRADDLE:
        if to > state.current_bet:
            # A straddle is a blind raise. The increment it sets is the raise over the previous
            # level, the smaller of the two conventions in use: lenient on purpose.
            state.min_raise = max(state.min_raise, to - state.current_bet)
            state.current_bet = to
            state.full_raise_level = to
            state.bets += 1
        state.anchor = seat
        return
    if kind is _BIG_BLIND and state.bets == 0:
        state.bets = 1
    # A short all-in blind still obliges the others to the full blind.
    nominal = state.big_blind if kind is _BIG_BLIND else 0
    if nominal > to and (action.all_in or state.stack[seat] <= 0):
        to = nominal
    if to > state.current_bet:
        state.current_bet = to
        state.full_raise_level = to


def fold(state: TableState, seat: int) -> None:
    if seat not in state.folded:
        state.folded.add(seat)
        if state.stack[seat] > 0 and seat not in state.protected:
            state.n_able -= 1
            state.active.remove(seat)


def apply_protect(state: TableState, action: Action) -> None:
    """Disconnect protection: the seat stops betting and stays in for what it has in, as if
    all-in; its chips behind stay out of every pot (they are not put in, as the sites say)."""
    seat = action.seat
    if seat not in state.protected and seat not in state.folded and state.stack[seat] > 0:
        state.n_able -= 1
        state.active.remove(seat)
    state.protected.add(seat)
    state.acted[seat] = state.current_bet
    state.last_actor = seat


def apply_fold(state: TableState, action: Action) -> None:
    fold(state, action.seat)
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
    bet = state.current_bet
    increment = to - bet
    if increment > 0:
        if state.limit is _FIXED_LIMIT:
            # Fixed limit (the standard rule, e.g. Robert's Rules of Poker): an all-in wager of
            # at least half a bet is treated as a full bet or raise and reopens the betting; a
            # smaller one does not, and the next player may complete it to the full bet.
            if 2 * increment >= state.unit():
                state.full_raise_level = to
                state.bets += 1
        elif increment >= state.min_raise:
            state.min_raise = increment
            state.full_raise_level = to
            state.bets += 1
        bet = state.current_bet = to
    state.acted[seat] = bet
    state.last_actor = seat


def apply_return(state: TableState, action: Action) -> None:
    """Give uncalled chips back; they leave the street bet and the player's contribution."""
    seat, chips = action.seat, action.amount
    live = _live_part(state, seat, chips)
    refund(state, seat, chips)
    commit = state.commit
    commit[seat] -= live
    if live:
        state.returned[seat] = state.returned.get(seat, 0) + live
    if chips > live:
        state.returned_dead[seat] = state.returned_dead.get(seat, 0) + chips - live
    # The returned chips were never called: the street's bet level is what was matched.
    state.current_bet = max(commit.values(), default=0)


def _live_part(state: TableState, seat: int, chips: int) -> int:
    """The part of a return of ``chips`` to ``seat`` that comes off its street bet; the rest
    comes out of its dead posts.

    When nobody bet at all, the chips beyond the seat's street bet are the unmatched part of
    its dead posts (everyone all-in on the antes). Preflop, a return larger than the seat's
    unmatched bet is the unmatched bet and the part of its ante nobody matched, when no more
    than that: a player all-in on a short ante cannot win the others' whole antes, and the
    sites give the difference back with the uncalled bet, in one line (the check at the end
    of the street holds the rest to exactly what the next player put in). Any other return
    is all live, for the street check to judge.
    """
    commit = state.commit
    if not (any(commit.values()) or state.returned):
        return min(chips, max(0, commit[seat]))
    unmatched = commit[seat] - max((c for s, c in commit.items() if s != seat), default=0)
    if state.street is Street.PREFLOP and 0 < unmatched < chips:
        contrib = state.contrib
        whole = contrib[seat] - max((c for s, c in contrib.items() if s != seat), default=0)
        if chips <= whole:
            return unmatched
    return chips


def start_street(state: TableState, street: Street) -> None:
    state.street = street
    for seat in state.commit:
        state.commit[seat] = 0
    state.acted.clear()
    state.returned = {}
    state.returned_dead = {}
    state.current_bet = 0
    state.full_raise_level = 0
    state.bets = 0
    state.min_raise = state.unit()
    state.last_actor = None
    state.anchor = state.hand.button_seat
