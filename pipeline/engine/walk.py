"""The walk: one pass over a hand's actions, each judged (``checks.py``) and then applied
(``state.py``).

Posts come first and are checked for amount; when the first voluntary action arrives the blind
positions are judged and the preflop anchor (big blind or last straddle) is fixed. A change of
street closes the previous round (``streets.py``): nobody may still owe a decision and the
uncalled bet must have been returned exactly. A return that was due but never logged is judged
once the walk is over, against the site's totals.
"""

from __future__ import annotations

from parsers.model import Action, ActionKind, Street
from pipeline.engine import checks, posting, streets, turns
from pipeline.engine.result import Finding
from pipeline.engine.state import (
    TableState,
    apply_bet_or_raise,
    apply_call,
    apply_check,
    apply_fold,
    apply_protect,
    apply_return,
    put_in,
    refund,
    set_aside,
    start_street,
)

# Enum members bound to module names: on Python 3.11 each ``ActionKind.X`` goes through
# EnumType.__getattr__ (~0.3 µs); binding them saves ~11 % of replay (A/B, PERFORMANCE.md).
_SHOW, _MUCK, _RETURN = ActionKind.SHOW, ActionKind.MUCK, ActionKind.UNCALLED_RETURN
_FOLD, _CHECK, _CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
_BET, _RAISE = ActionKind.BET, ActionKind.RAISE
_STRADDLE = ActionKind.POST_STRADDLE
_PROTECTED = ActionKind.PROTECTED
_SHOWDOWN = Street.SHOWDOWN


class Walk:
    """The mutable part of one replay: the state, the findings, the posts seen so far."""

    __slots__ = ("state", "out", "posts", "begun", "missing")

    def __init__(self, state: TableState, out: list[Finding]) -> None:
        self.state = state
        self.out = out
        self.posts: list[Action] = []
        #: whether the blind positions have been judged (``begin_betting``)
        self.begun = False
        #: returns due but not logged: (seat, due, bet, street name, line), see ``streets``
        self.missing: list[tuple[int, int, int, str, int]] = []

    def run(self, actions: tuple[Action, ...]) -> None:
        """Judge and apply every action in log order, then close the last betting round.

        Shows and mucks are read after the walk (``cards``); actions of seats not dealt in were
        reported by the replay (``unknown_seat``)."""
        state, out = self.state, self.out
        for action in actions:
            kind = action.kind
            if kind is _SHOW or kind is _MUCK:
                continue
            if action.seat not in state.in_hand:
                continue
            if action.amount < 0:
                money = state.money()
                out.append(
                    money.finding(
                        "negative_amount",
                        f"{checks.describe(state, action, money)}: an amount cannot be negative",
                        action.line,
                    )
                )
            if kind is _RETURN:
                apply_return(state, action)
                continue
            if action.street != state.street and action.street is not _SHOWDOWN:
                self.change_street(action)
            if kind.is_post:
                posting.post(state, action, out, self.posts)
            else:
                self.act(action)
        if not self.begun:
            self.begin_betting()
        streets.check_round_closed(state, _SHOWDOWN, 0, out)
        self.close_uncalled(0)
        self.settle_missing_returns()

    def change_street(self, action: Action) -> None:
        """Move to the action's street when it is a later one; an earlier one is out of turn."""
        state = self.state
        if action.street > state.street:
            self.advance(action.street, action.line)
        else:
            money = state.money()
            self.out.append(
                money.finding(
                    "out_of_turn",
                    f"{checks.describe(state, action, money)} after {state.street_name()} began",
                    action.line,
                )
            )

    def act(self, action: Action) -> None:
        """A fold, check, call, bet or raise (or disconnect protection in place of one): who may
        act, whose turn, then the move's own rule."""
        state, out = self.state, self.out
        if not state.voluntary_seen:
            # (the walk may have begun at a street change that came before any action)
            if not self.begun:
                self.begin_betting()
            state.voluntary_seen = True
        kind = action.kind
        if state.flex and action.seat in state.flex:
            posting.resolve(state, action)
        if not turns.check_can_act(state, action, out):
            # Keep the money in step with the site; the finding already says what is wrong.
            if kind is _CALL:
                put_in(state, action.seat, action.amount, True)
            elif kind is _BET or kind is _RAISE:
                to = checks.raise_target(state, action, out)
                put_in(state, action.seat, to - state.commit[action.seat], True)
            return
        advance = turns.check_turn(state, action, out)
        if kind is _FOLD:
            turn = state.last_actor
            apply_fold(state, action)
            if advance:  # folded ahead of the turn: the turn stays where it was
                state.last_actor = turn
        elif kind is _PROTECTED:
            apply_protect(state, action)
        elif kind is _CHECK:
            checks.check_check(state, action, out)
            apply_check(state, action)
        elif kind is _CALL:
            checks.check_call(state, action, out)
            apply_call(state, action)
        else:  # BET or RAISE
            to = checks.raise_target(state, action, out)
            checks.check_bet_or_raise(state, action, to, out)
            apply_bet_or_raise(state, action, to)
        if action.all_in and kind is not _FOLD and kind is not _CHECK:
            set_aside(state, action.seat)

    # ---- the preflop start ------------------------------------------------------------------
    def begin_betting(self) -> None:
        """Judge the blind positions once and fix where the preflop action starts."""
        self.begun = True
        state = self.state
        sb, bb = checks.blind_seats(state, self.posts)
        checks.check_blind_positions(state, sb, bb, self.posts, self.out)
        if bb is None:
            bb = self.nominal_big_blind(sb)
        straddles = [a.seat for a in self.posts if a.kind is _STRADDLE]
        straddle = straddles[-1] if straddles else None
        if straddle is not None:
            state.anchor = straddle
        elif bb is not None:
            state.anchor = bb
        elif sb is not None:
            state.anchor = sb
        elif state.rules.judge_first_actor_without_blinds:
            state.anchor = state.hand.button_seat
        else:
            # No blind posted (tournament logs without blind lines): who opens the betting
            # cannot be known, only the order after him.
            state.anchor = None

    def nominal_big_blind(self, sb: int | None) -> int | None:
        """The big-blind seat when its player went all-in on the ante and posted no blind.

        The big blind is still owed by everyone else (PokerStars: the others call the full
        blind), so the preflop level is the nominal big blind. Returns that seat, or None.
        """
        state = self.state
        start = sb if sb is not None else state.hand.button_seat
        order = state.order
        if start is None or not order or state.big_blind <= 0:
            return None
        seat = next((s for s in order if s > start), order[0])
        if seat == sb or state.stack[seat] > 0 or state.contrib[seat] <= 0:
            return None
        if sb is None and sum(1 for s in order if s != seat and state.stack[s] > 0) < 1:
            # Nobody posted a blind and nobody else has a chip left (all in on the antes:
            # OnGame, PKR): there is no big blind to owe.
            return None
        if state.big_blind > state.current_bet:
            state.current_bet = state.full_raise_level = state.big_blind
            state.bets = 1
        return seat

    # ---- street changes and uncalled bets ---------------------------------------------------
    def advance(self, street: Street, line: int) -> None:
        """Close the current round and start ``street``, through any street dealt unbet."""
        state = self.state
        if not self.begun:
            self.begin_betting()
        streets.check_round_closed(state, street, line, self.out)
        self.close_uncalled(line)
        reported = False
        for number in range(state.street + 1, street):  # streets dealt with no betting at all
            skipped = Street(number)
            start_street(state, skipped)
            if not reported:
                before = len(self.out)
                streets.check_skipped_street(state, skipped, line, self.out)
                reported = len(self.out) > before
        start_street(state, street)

    def close_uncalled(self, line: int) -> None:
        missing = streets.check_uncalled(self.state, line, self.out)
        if missing is not None:
            self.missing.append(missing)

    def settle_missing_returns(self) -> None:
        """Judge unlogged returns against the site's total; apply them when it implies them."""
        if not self.missing:
            return
        state = self.state
        report = state.hand.report
        printed = report.total_pot
        pot = state.pot_total() + sum(a for _, a in report.site_added)
        how = "missing"
        unit = report.printed_unit  # 1, or the coarser unit the site prints its results in
        if printed is not None and abs(printed - pot + sum(m[1] for m in self.missing)) < unit:
            how = "returned"
        elif printed in (pot, None) and self._paid_back(pot):
            # The chips stayed in the pot (printed or, with no total printed, the pot the
            # collections add up to) and went to their owner with it (Ignition walks).
            how = "kept"
        for m in self.missing:
            streets.report_missing_return(state, m, how, self.out)
            if how == "returned":
                refund(state, m[0], m[1])

    def _paid_back(self, printed: int) -> bool:
        """Whether the site paid out its whole printed pot and each unreturned bet's owner
        collected at least the chips due to him (Ignition walks)."""
        report = self.state.hand.report
        got: dict[int, int] = {}
        for c in report.collections:
            got[c.seat] = got.get(c.seat, 0) + c.amount
        fees = (report.rake or 0) + sum(f for _, f in report.fees)
        if abs(sum(got.values()) + fees - printed) >= report.printed_unit:
            return False
        return all(got.get(m[0], 0) >= m[1] for m in self.missing)
