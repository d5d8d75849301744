"""``replay(hand)``: walk the actions once, check every rule, recompute the money.

The walk is a single pass over ``hand.actions``. Posts come first and are checked for amount;
when the first voluntary action arrives the blind positions are judged and the preflop anchor
(big blind or last straddle) is fixed. Each betting action is checked (``checks.py``) and then
applied (``state.py``). A change of street closes the previous round: nobody may still owe a
decision and the uncalled bet must have been returned exactly. After the walk: pots by
contribution level (``pots.py``), the showdown (``showdown.py``), and reconciliation with the
site (``reconcile.py``).
"""

from __future__ import annotations

from parsers.model import Action, ActionKind, Game, Hand, Street
from pipeline.engine import checks, reconcile
from pipeline.engine.codes import finding
from pipeline.engine.pots import build_pots
from pipeline.engine.result import Finding, Pot, Replay, SeatResult, Severity
from pipeline.engine.showdown import award_pots, valid_card
from pipeline.engine.state import (
    TableState,
    apply_bet_or_raise,
    apply_call,
    apply_check,
    apply_fold,
    apply_post,
    apply_return,
    put_in,
    start_street,
)

_CARD_KINDS = (ActionKind.SHOW, ActionKind.MUCK)
_MONEY_ERRORS = frozenset({"collected_mismatch", "pot_not_distributed"})


class _Walk:
    """The mutable part of one replay: the state, the findings, the posts seen so far."""

    __slots__ = ("state", "out", "posts", "begun", "missing")

    def __init__(self, state: TableState, out: list[Finding]) -> None:
        self.state = state
        self.out = out
        self.posts: list[Action] = []
        self.begun = False
        self.missing: list[tuple[int, int, int, str, int]] = []

    def begin_betting(self) -> None:
        """Judge the blind positions once and fix where the preflop action starts."""
        self.begun = True
        state = self.state
        sb, bb = checks.blind_seats(state, self.posts)
        checks.check_blind_positions(state, sb, bb, self.posts, self.out)
        straddles = [a.seat for a in self.posts if a.kind is ActionKind.POST_STRADDLE]
        if straddles:
            state.anchor = straddles[-1]
        elif bb is not None:
            state.anchor = bb
        elif sb is not None:
            state.anchor = sb
        else:
            state.anchor = state.hand.button_seat

    def advance(self, street: Street, line: int) -> None:
        state = self.state
        if not self.begun:
            self.begin_betting()
        checks.check_round_closed(state, street, line, self.out)
        self.close_uncalled(line)
        reported = False
        for skipped in range(state.street + 1, street):
            start_street(state, Street(skipped))
            if not reported:
                before = len(self.out)
                checks.check_skipped_street(state, Street(skipped), line, self.out)
                reported = len(self.out) > before
        start_street(state, street)

    def close_uncalled(self, line: int) -> None:
        missing = checks.check_uncalled(self.state, line, self.out)
        if missing is not None:
            self.missing.append(missing)

    def settle_missing_returns(self) -> None:
        """Judge unlogged returns against the site's total; apply them when it implies them."""
        if not self.missing:
            return
        state = self.state
        printed = state.hand.report.total_pot
        implied = printed is not None and printed == state.pot_total() - sum(
            m[1] for m in self.missing
        )
        for m in self.missing:
            checks.report_missing_return(state, m, implied, self.out)
            if implied:
                seat, due = m[0], m[1]
                state.contrib[seat] -= due
                state.stack[seat] += due

    def act(self, action: Action) -> None:
        state, out = self.state, self.out
        kind = action.kind
        if kind.is_post:
            checks.check_post_amount(state, action, out)
            apply_post(state, action)
            self.posts.append(action)
            return
        if not self.begun:
            self.begin_betting()
        state.voluntary_seen = True
        if not checks.check_can_act(state, action, out):
            # Keep the money in step with the site; the finding already says what is wrong.
            if kind is ActionKind.CALL:
                put_in(state, action.seat, action.amount, True)
            elif kind in (ActionKind.BET, ActionKind.RAISE):
                to = checks.raise_target(state, action, out)
                put_in(state, action.seat, to - state.commit[action.seat], True)
            return
        checks.check_turn(state, action, out)
        if kind is ActionKind.FOLD:
            apply_fold(state, action)
        elif kind is ActionKind.CHECK:
            checks.check_check(state, action, out)
            apply_check(state, action)
        elif kind is ActionKind.CALL:
            checks.check_call(state, action, out)
            apply_call(state, action)
        else:  # BET or RAISE
            to = checks.raise_target(state, action, out)
            checks.check_bet_or_raise(state, action, to, out)
            apply_bet_or_raise(state, action, to)


def _in_hand(hand: Hand, out: list[Finding]) -> list[int]:
    """Seats dealt in: those that post or act. Sitting-out flags vary by site; actions do not."""
    numbers = [s.seat for s in hand.seats]
    if len(set(numbers)) != len(numbers):
        dupes = sorted({n for n in numbers if numbers.count(n) > 1})
        out.append(finding("duplicate_seat", f"seat numbers listed twice: {dupes}"))
    known = set(numbers)
    acting: set[int] = set()
    unknown: set[int] = set()
    for a in hand.actions:
        if a.seat in known:
            if a.kind not in _CARD_KINDS:
                acting.add(a.seat)
        elif a.seat not in unknown:
            unknown.add(a.seat)
            out.append(
                finding(
                    "unknown_seat",
                    f"seat {a.seat} {a.kind.value} on {Street(a.street).name.lower()} "
                    f"but no player sits there",
                    a.line,
                )
            )
    return sorted(acting)


def _known_cards(hand: Hand, out: list[Finding]) -> dict[int, tuple[str, ...]]:
    """Hole cards that can be read: shown or mucked face up in the log, else dealt (hero)."""
    known: dict[int, tuple[str, ...]] = {}
    for s in hand.seats:
        if s.hole_cards:
            known[s.seat] = s.hole_cards
    for a in hand.actions:
        if a.kind in _CARD_KINDS and a.cards:
            known[a.seat] = a.cards
    for seat, cards in list(known.items()):
        if not all(valid_card(c) for c in cards):
            out.append(
                finding(
                    "invalid_card",
                    f"seat {seat} shows unreadable cards {' '.join(cards)}",
                )
            )
            del known[seat]
    return known


def replay(hand: Hand) -> Replay:
    """Replay ``hand`` through the rules; return recomputed pots, payouts and every finding."""
    out: list[Finding] = []
    state = TableState(hand, _in_hand(hand, out))
    walk = _Walk(state, out)
    in_hand = state.in_hand
    for action in hand.actions:
        seat, kind = action.seat, action.kind
        if seat not in in_hand or kind in _CARD_KINDS:
            continue
        if kind is ActionKind.UNCALLED_RETURN:
            apply_return(state, action)
            continue
        street = action.street
        if street != state.street and street is not Street.SHOWDOWN:
            if street > state.street:
                walk.advance(street, action.line)
            else:
                out.append(
                    finding(
                        "out_of_turn",
                        f"{checks.describe(state, action)} after {state.street_name()} began",
                        action.line,
                    )
                )
        walk.act(action)
    if not walk.begun:
        walk.begin_betting()
    checks.check_round_closed(state, Street.SHOWDOWN, 0, out)
    walk.close_uncalled(0)
    walk.settle_missing_returns()
    live = state.live()
    showdown = len(live) >= 2
    if showdown:
        for skipped in range(state.street + 1, Street.SHOWDOWN):
            start_street(state, Street(skipped))
            before = len(out)
            checks.check_skipped_street(state, Street(skipped), 0, out)
            if len(out) > before:
                break
    last_street = Street.RIVER if showdown else state.street

    # ---- cards
    checks.check_boards(hand, last_street, showdown, out)
    known = _known_cards(hand, out)
    checks.check_duplicate_cards(hand, known, out)

    # ---- money
    contrib = state.contrib
    total = sum(contrib.values())
    all_in = {s for s in live if state.stack[s] <= 0}
    pots = build_pots(contrib, state.folded, all_in)
    ded = reconcile.deduction(hand, total)
    holdem = hand.game is Game.HOLDEM
    if not holdem:
        out.append(
            finding(
                "game_not_replayed",
                f"{hand.game.value}: betting is checked, showdown winners are not",
            )
        )
    boards = list(hand.boards)
    award = award_pots(pots, boards, known, hand.button_seat, ded, holdem)
    names = state.names
    reconcile.check_totals(hand, total, ded, out)
    reconcile.check_side_pots(hand, pots, award.net_amounts, ded, out)
    rep = hand.report
    skip = reconcile.report_unverified(
        pots, award, names, f"{hand.game.value} showdowns are not ranked", out
    )
    for co in rep.cash_outs:
        skip.add(co.seat)
        out.append(
            finding(
                "cash_out",
                f"seat {co.seat} ({names.get(co.seat, '?')}) cashed out for {co.amount}"
                + (f" (fee {co.fee})" if co.fee else "")
                + ": the site paid the cash-out instead of the pot share",
            )
        )
    distributed = reconcile.check_distribution(hand, total, ded, out)
    site_reported = bool(rep.collections) or rep.total_pot is not None
    if site_reported:
        gross = (
            award.payout
            if not ded
            else award_pots(pots, boards, known, hand.button_seat, 0, holdem).payout
        )
        won = reconcile.check_collections(hand, award.payout, gross, ded, skip, names, out)
    else:
        won = award.payout
    verified = not award.unverified

    # ---- results
    seat_results = []
    went = set(live) if showdown else set()
    for s in hand.seats:
        seat = s.seat
        invested = contrib.get(seat, 0)
        w = won.get(seat, 0)
        seat_results.append(
            SeatResult(
                seat=seat,
                invested=invested,
                won=w,
                net=w - invested,
                went_to_showdown=seat in went,
                final_stack=s.stack - invested + w,
            )
        )
    conservation_checkable = (verified or site_reported) and not rep.cash_outs and distributed
    if conservation_checkable and not any(f.code in _MONEY_ERRORS for f in out):
        net_sum = sum(r.net for r in seat_results)
        if net_sum + ded != 0:
            out.append(
                finding(
                    "chip_conservation",
                    f"players' nets add up to {net_sum}, with rake and fees {ded} the table "
                    f"{'gains' if net_sum + ded > 0 else 'loses'} {abs(net_sum + ded)}",
                )
            )

    collected_by_pot = _site_winners(hand)
    result_pots = []
    for i, p in enumerate(pots):
        winners = award.winners[i] if i < len(award.winners) else ()
        if not winners:
            winners = tuple(
                s for s in p.eligible if (i, s) in collected_by_pot or (None, s) in collected_by_pot
            )
        result_pots.append(Pot(i, p.amount, p.eligible, winners))
    return Replay(
        pots=tuple(result_pots),
        seats=tuple(seat_results),
        total_pot=total,
        findings=tuple(out),
        payouts_verified=verified,
    )


def _site_winners(hand: Hand) -> set[tuple[int | None, int]]:
    return {(c.pot_index, c.seat) for c in hand.report.collections if c.amount > 0}


__all__ = ["replay", "Severity"]
