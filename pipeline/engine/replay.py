"""``replay(hand)``: walk the actions once, check every rule, recompute the money.

The walk is a single pass over ``hand.actions``. Posts come first and are checked for amount;
when the first voluntary action arrives the blind positions are judged and the preflop anchor
(big blind or last straddle) is fixed. Each betting action is checked (``checks.py``) and then
applied (``state.py``). A change of street closes the previous round (``streets.py``): nobody
may still owe a decision and the uncalled bet must have been returned exactly. After the walk:
the cards (``cards.py``), pots by contribution level (``pots.py``), the showdown
(``showdown.py``), and reconciliation with the site (``reconcile.py``). The result objects are
built by ``construct.py``.

Each fact is derived once and handed on rather than re-derived by each stage: the seats dealt
in and the shows are sorted out in one pass over the actions; the walk keeps the seats that can
still bet (``TableState.active``), which give the all-in seats at the end; the pots travel as
two lists (amounts, eligible seats) from ``pots.slices`` to the showdown, the reconciliation and
the results; the site's collections are read once for every check that needs them.
"""

from __future__ import annotations

from bisect import bisect_right

from parsers.construct import maker
from parsers.model import Action, ActionKind, Game, Hand, Street
from pipeline.engine import checks, reconcile, streets
from pipeline.engine.cards import mucked, read_cards, readable_boards
from pipeline.engine.codes import finding
from pipeline.engine.pots import PotSlice, slices
from pipeline.engine.result import Finding, Pot, Replay, SeatResult, Severity
from pipeline.engine.showdown import award as award_pots
from pipeline.engine.showdown import check_boards
from pipeline.engine.state import (
    POSTS,
    TableState,
    apply_bet_or_raise,
    apply_post,
    apply_return,
    crossed,
    put_in,
    refund,
    start_street,
    starting_stacks,
)

_SHOW, _MUCK, _RETURN = ActionKind.SHOW, ActionKind.MUCK, ActionKind.UNCALLED_RETURN
#: The betting kinds, the most frequent first: what is left after shows, mucks and returns is
#: a post when it is none of these. ``in`` a tuple stops at the first identical member, and
#: each member passed costs a rich comparison (Enum has no cheaper one), so this order makes
#: the usual action's test one or two steps where testing the five posts took five.
_BETTING = (ActionKind.FOLD, ActionKind.CALL, ActionKind.CHECK, ActionKind.RAISE, ActionKind.BET)
if set(ActionKind) != {*_BETTING, *POSTS, _SHOW, _MUCK, _RETURN}:
    raise ImportError("a new ActionKind: say in replay.py whether it is a post")
_FOLD, _CHECK, _CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
_BET, _RAISE = ActionKind.BET, ActionKind.RAISE
_POST_SB, _POST_BB = ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND
_POST_ANTE = ActionKind.POST_ANTE
_STRADDLE = ActionKind.POST_STRADDLE
_SHOWDOWN, _RIVER = Street.SHOWDOWN, Street.RIVER
#: Streets by number: ``_STREETS[i]`` is ``Street(i)`` without the enum's call machinery.
_STREETS = tuple(Street)
_MONEY_ERRORS = frozenset({"collected_mismatch", "pot_not_distributed"})
_HOLDEM = Game.HOLDEM
_NONE_MUCKED: frozenset[int] = frozenset()
# The result objects, built without their dataclass __init__ (see ``construct``).
_new_seat_result, _new_pot, _new_replay = maker(SeatResult), maker(Pot), maker(Replay)


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
        if bb is None:
            bb = self.nominal_big_blind(sb)
        straddle = None
        for a in reversed(self.posts):  # the last straddle (a loop: no generator per hand)
            if a.kind is _STRADDLE:
                straddle = a.seat
                break
        if straddle is not None:
            state.anchor = straddle
        elif bb is not None:
            state.anchor = bb
        elif sb is not None:
            state.anchor = sb
        else:
            state.anchor = state.hand.button_seat

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

    def advance(self, street: Street, line: int) -> None:
        state = self.state
        if not self.begun:
            self.begin_betting()
        streets.check_round_closed(state, street, line, self.out)
        self.close_uncalled(line)
        if street > state.street + 1:  # streets dealt with no betting at all
            reported = False
            for skipped in _STREETS[state.street + 1 : street]:
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
        if printed is not None and printed == pot - sum(m[1] for m in self.missing):
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
        if sum(got.values()) + fees != printed:
            return False
        return all(got.get(m[0], 0) >= m[1] for m in self.missing)


def _in_hand(
    hand: Hand, start: dict[int, int], out: list[Finding]
) -> tuple[list[int], list[Action]]:
    """Seats dealt in: those that post or act. Sitting-out flags vary by site; actions do not.

    ``start`` maps each listed seat number to its starting stack (``starting_stacks``). Also
    returns the log's shows and mucks: one pass over the actions sorts out both.
    """
    if len(start) != len(hand.seats):
        numbers = [s.seat for s in hand.seats]
        dupes = sorted({n for n in numbers if numbers.count(n) > 1})
        out.append(finding("duplicate_seat", f"seat numbers listed twice: {dupes}"))
    known = start.keys()
    actions = hand.actions
    acting: set[int] = set()
    card_actions: list[Action] = []
    acts, shows = acting.add, card_actions.append
    for a in actions:
        kind = a.kind
        if kind is _SHOW or kind is _MUCK:
            shows(a)
        else:
            acts(a.seat)
    if acting <= known and all([a.seat in known for a in card_actions]):
        return sorted(acting), card_actions
    acting = {s for s in acting if s in start}
    unknown: set[int] = set()
    for a in actions:
        if a.seat not in known and a.seat not in unknown:
            unknown.add(a.seat)
            out.append(
                finding(
                    "unknown_seat",
                    f"seat {a.seat} {a.kind.value} on {Street(a.street).name.lower()} "
                    f"but no player sits there",
                    a.line,
                )
            )
    return sorted(acting), card_actions


def _walk_actions(hand: Hand, state: TableState, walk: _Walk, out: list[Finding]) -> None:
    """The single pass over the log: streets advance, every action is judged, then applied.

    One loop over local variables: this is where the engine spends its time. Posts, folds,
    checks and calls (most of any log) are judged inline by the same rules as their ``check_*``
    function, which is called only when an inline test says the rule may be broken (it words
    the finding; each rule's text lives there alone). Bets and raises always go through
    ``checks``.
    """
    in_hand = state.in_hand
    folded, stack, contrib, commit, acted = (
        state.folded,
        state.stack,
        state.contrib,
        state.commit,
        state.acted,
    )
    active = state.active
    next_to_act = state.next_to_act
    posts = walk.posts
    stakes = hand.stakes
    small_blind, big_blind, ante = stakes.small_blind, stakes.big_blind, stakes.ante
    street_now = state.street
    for action in hand.actions:
        kind = action.kind
        if kind is _SHOW or kind is _MUCK:  # (gathered by ``_in_hand``)
            continue
        seat = action.seat
        if seat not in in_hand:
            continue
        if action.amount < 0:
            out.append(
                finding(
                    "negative_amount",
                    f"{checks.describe(state, action)}: an amount cannot be negative",
                    action.line,
                )
            )
        if kind is _RETURN:
            apply_return(state, action)
            continue
        street = action.street
        if street != street_now and street is not _SHOWDOWN:
            if street > street_now:
                walk.advance(street, action.line)
                street_now = state.street
            else:
                out.append(
                    finding(
                        "out_of_turn",
                        f"{checks.describe(state, action)} after {state.street_name()} began",
                        action.line,
                    )
                )
        if kind not in _BETTING:  # a post
            amount = action.amount
            # The stake a post should be (a dict keyed by kind would hash the enum in Python).
            if kind is _POST_SB:
                stake = small_blind
            elif kind is _POST_BB:
                stake = big_blind
            else:  # only the ante has a single amount among the other posts
                stake = ante if kind is _POST_ANTE else -1
            if state.voluntary_seen or amount > stack[seat] or amount != stake:
                checks.check_post_amount(state, action, out)
            apply_post(state, action)
            posts.append(action)
            continue
        if not state.voluntary_seen:
            # (the walk may have begun at a street change that came before any action)
            if not walk.begun:
                walk.begin_betting()
            state.voluntary_seen = True
        behind = stack[seat]
        if seat in folded or (behind <= 0 and contrib[seat] > 0):
            checks.check_can_act(state, action, out)
            # Keep the money in step with the site; the finding already says what is wrong.
            if kind is _CALL:
                put_in(state, seat, action.amount, True)
            elif kind is _BET or kind is _RAISE:
                to = checks.raise_target(state, action, out)
                put_in(state, seat, to - commit[seat], True)
            continue
        after = state.last_actor
        if after is None:
            after = state.anchor
        if after is not None and not (
            # Fast path: the first seat after the last actor among those who can still bet,
            # with chips and a decision owed while others can still bet, is the one
            # ``next_to_act`` would name first (``behind > 0``: the seat is in ``active``).
            behind > 0
            and state.n_able >= 2
            and active[bisect_right(active, after) % len(active)] == seat
            and (commit[seat] < state.current_bet or seat not in acted)
        ):
            if next_to_act(after) != seat:
                checks.check_turn(state, action, out)
        if kind is _FOLD:
            folded.add(seat)
            if behind > 0:
                state.n_able -= 1
                active.remove(seat)
            state.last_actor = seat
        elif kind is _CHECK:
            if state.current_bet > commit[seat]:
                checks.check_check(state, action, out)
            acted[seat] = state.current_bet
            state.last_actor = seat
        elif kind is _CALL:
            amount = action.amount
            bet = state.current_bet
            owed = bet - commit[seat]
            if owed <= 0 or amount > behind or amount != (owed if owed < behind else behind):
                checks.check_call(state, action, out)
            # apply_call, inlined
            left = stack[seat] = behind - amount
            if (behind > 0) is not (left > 0):
                if behind > 0:
                    state.n_able -= 1
                crossed(state, seat, left)
            contrib[seat] += amount
            commit[seat] += amount
            acted[seat] = bet
            state.last_actor = seat
        else:  # BET or RAISE
            to = checks.raise_target(state, action, out)
            checks.check_bet_or_raise(state, action, to, out)
            apply_bet_or_raise(state, action, to)
    if not walk.begun:
        walk.begin_betting()
    streets.check_round_closed(state, _SHOWDOWN, 0, out)
    walk.close_uncalled(0)
    walk.settle_missing_returns()


def replay(hand: Hand) -> Replay:
    """Replay ``hand`` through the rules; return recomputed pots, payouts and every finding."""
    out: list[Finding] = []
    start = starting_stacks(hand)
    in_hand, card_actions = _in_hand(hand, start, out)
    state = TableState(hand, in_hand, start)
    _walk_actions(hand, state, _Walk(state, out), out)
    live = state.live()
    showdown = len(live) >= 2
    if showdown and state.street < _RIVER:
        # The rest of the board came without betting: only right when fewer than two players
        # can still bet. Who can bet does not change from street to street (nobody acts), so
        # the first street skipped answers for all of them; no state is needed past the walk.
        streets.check_skipped_street(state, _STREETS[state.street + 1], 0, out)
    last_street = _RIVER if showdown else state.street

    # ---- cards
    check_boards(hand, last_street, showdown, out)
    known, muck, boards = read_cards(hand, card_actions, out)
    return _settle(hand, state, live, showdown, known, muck, boards, out)


def _settle(
    hand: Hand,
    state: TableState,
    live: list[int],
    showdown: bool,
    known: dict[int, tuple[str, ...]],
    muck: set[int],
    boards: tuple[tuple[str, ...], ...] | None,
    out: list[Finding],
) -> Replay:
    """Pots, the showdown, reconciliation with the site, and the per-seat results.

    ``boards``: the boards when ``read_cards`` found them readable, else None (read here)."""
    contrib = state.contrib
    rep = hand.report
    added = sum(a for _, a in rep.site_added) if rep.site_added else 0
    chips = sum(contrib.values())
    total = chips + added
    all_in = set(live).difference(state.active)  # live, no chips behind
    # The pots as two lists (amounts, eligible seats): no object per pot until the results.
    if contrib and min(contrib.values()) < 0:
        # More given back than put in (already a finding): pots count nothing below zero.
        floor = {s: max(0, c) for s, c in contrib.items()}
        amounts, eligibles = slices(floor, live, all_in, sum(floor.values()))
    else:
        amounts, eligibles = slices(contrib, live, all_in, chips)
    if added:
        # Money the site put in (GGPoker cash drops, Winamax HOLD-UP) goes to the main pot.
        main = PotSlice(amounts[0] + added, eligibles[0]) if amounts else PotSlice(added, live)
        amounts[:1], eligibles[:1] = [main.amount], [tuple(main.eligible)]
    # The site's collections, read once: per seat for the payouts, summed for the totals.
    site = reconcile.site_collections(hand) if rep.collections else {}
    paid = sum(site.values())
    ded = reconcile.deduction(hand, total, paid)
    holdem = hand.game is _HOLDEM
    if not holdem:
        out.append(
            finding(
                "game_not_replayed",
                f"{hand.game.value}: betting is checked, showdown winners are not",
            )
        )
    award = award_pots(
        amounts,
        eligibles,
        readable_boards(hand, out) if boards is None else boards,
        known,
        hand.button_seat,
        ded,
        holdem,
        mucked(muck, all_in) if muck else _NONE_MUCKED,
    )
    reconcile.check_totals(hand, total, ded, out)
    if rep.pots:
        reconcile.check_side_pots(hand, amounts, eligibles, award.net_amounts, ded, out, state)
    skip = (
        reconcile.report_unverified(amounts, eligibles, award, state.names, hand.game, out)
        if award.unverified
        else set()
    )
    cash_outs = rep.cash_outs
    withheld = (0, 0)
    if cash_outs:
        for co in cash_outs:
            skip.add(co.seat)
            out.append(
                finding(
                    "cash_out",
                    f"seat {co.seat} ({state.names.get(co.seat, '?')}) cashed out for {co.amount}"
                    + (f" (fee {co.fee})" if co.fee else "")
                    + ": the site paid the cash-out instead of the pot share",
                )
            )
        withheld = (
            sum(award.payout.get(co.seat, 0) for co in cash_outs),
            sum(award.gross.get(co.seat, 0) for co in cash_outs),
        )
    distributed = reconcile.check_distribution(hand, total, ded, out, withheld, paid)
    site_reported = bool(rep.collections) or rep.total_pot is not None
    if showdown and not rep.collections and total > 0 and not cash_outs:
        reconcile.report_no_collections(hand, total, showdown, out)
    if site_reported:
        won = reconcile.check_collections(
            hand, award.payout, award.gross, ded, skip, state, out, site
        )
    else:
        won = award.payout
    verified = not award.unverified
    seat_results, net_sum = _seat_results(hand, contrib, won, live if showdown else ())
    conservation_checkable = (verified or site_reported) and not cash_outs and distributed
    if (
        conservation_checkable
        and net_sum + ded != added
        and not any(f.code in _MONEY_ERRORS for f in out)
    ):
        gap = net_sum + ded - added
        out.append(
            finding(
                "chip_conservation",
                f"players' nets add up to {net_sum}, with rake and fees {ded}"
                + (f" less the {added} the site added" if added else "")
                + f" the table {'gains' if gap > 0 else 'loses'} {abs(gap)}",
            )
        )
    return _new_replay(
        pots=_result_pots(hand, amounts, eligibles, award.winners),
        seats=seat_results,
        total_pot=total,
        findings=tuple(out),
        payouts_verified=verified,
    )


def _seat_results(
    hand: Hand, contrib: dict[int, int], won: dict[int, int], went: list[int] | tuple[()]
) -> tuple[tuple[SeatResult, ...], int]:
    """Each seat's money flow, in the order the log lists the seats, and the sum of the nets."""
    results = []
    net_sum = 0
    invested_of, won_of = contrib.get, won.get
    for s in hand.seats:
        seat = s.seat
        invested = invested_of(seat, 0)
        w = won_of(seat, 0)
        net = w - invested
        net_sum += net
        # A seat whose stack was never printed: ``s.stack`` is only the lower bound the parser
        # gave (never the engine's unbounded stand-in), and the store writes no final stack.
        results.append(_new_seat_result(seat, invested, w, net, seat in went, s.stack + net))
    return tuple(results), net_sum


def _result_pots(
    hand: Hand,
    amounts: list[int],
    eligibles: list[tuple[int, ...]],
    award_winners: list[tuple[int, ...]],
) -> tuple[Pot, ...]:
    """The pots with their winners: the engine's, or the site's where the engine could not
    tell (cards not shown)."""
    result = []
    collected_by_pot: set[tuple[int | None, int]] | None = None
    n_awarded = len(award_winners)
    for i, eligible in enumerate(eligibles):
        winners = award_winners[i] if i < n_awarded else ()
        if not winners:
            if collected_by_pot is None:
                collected_by_pot = _site_winners(hand)
            winners = tuple(
                s for s in eligible if (i, s) in collected_by_pot or (None, s) in collected_by_pot
            )
        result.append(_new_pot(i, amounts[i], eligible, winners))
    return tuple(result)


def _site_winners(hand: Hand) -> set[tuple[int | None, int]]:
    return {(c.pot_index, c.seat) for c in hand.report.collections if c.amount > 0}


__all__ = ["replay", "Severity"]
