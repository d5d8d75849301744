"""``replay(hand)``: walk the actions once, check every rule, recompute the money.

The steps, in order: the seats dealt in and the log's shows (``_in_hand``); the walk over the
actions, each judged and applied (``walk.py``); the cards (``cards.py``); the pots by
contribution level (``pots.py``); the showdown (``showdown.py``); reconciliation with what the
site printed (``reconcile.py``); and the per-seat results.

Each fact is derived once and handed on rather than re-derived by each stage: the walk keeps
the seats that can still bet (``TableState.active``), which give the all-in seats at the end;
the pots go from ``pots.build_pots`` to the showdown, the reconciliation and the results; the
site's collections are read once for every check that needs them.
"""

from __future__ import annotations

from parsers.model import Action, ActionKind, Game, Hand, Street
from pipeline.engine import cascade, reconcile, streets
from pipeline.engine.amounts import Amounts
from pipeline.engine.blinds import with_inferred_blinds
from pipeline.engine.button import with_inferred_button
from pipeline.engine.cards import (
    check_boards,
    check_duplicate_cards,
    known_cards,
    mucked,
    readable_boards,
)
from pipeline.engine.codes import finding
from pipeline.engine.pots import PotSlice, build_pots
from pipeline.engine.result import Finding, Pot, Replay, SeatResult, Severity
from pipeline.engine.showdown import Award, award_pots
from pipeline.engine.sites import OddChip, rules_for
from pipeline.engine.state import TableState, starting_stacks
from pipeline.engine.walk import Walk

#: Findings that already say the money disagrees: no conservation finding on top of them.
_MONEY_ERRORS = frozenset({"collected_mismatch", "pot_not_distributed"})


def replay(hand: Hand) -> Replay:
    """Replay ``hand`` through the rules; return recomputed pots, payouts and every finding.

    Where the site's table folds echoes (``sites.SiteRules.fold_stakes_echoes``), a header whose
    stakes are not the posted blinds is one root error rather than one per rule it upsets
    (``cascade``). Where the log prints no blinds or no button, the ones its play implies are
    judged (``blinds``, ``button``); the hand as stored keeps the log's own."""
    rules = rules_for(hand.site)
    if not rules.judge_first_actor_without_blinds:
        # a log that may print no blind lines: the blinds its betting implies (blinds.py),
        # before the button, which the small blind then places
        hand = with_inferred_blinds(hand)
    if rules.infer_button and hand.button_seat is None:
        hand = with_inferred_button(hand)
    result = _replay(hand)
    if rules.fold_stakes_echoes and any(
        f.code == "post_wrong_amount" and f.severity is Severity.ERROR for f in result.findings
    ):
        return cascade.fold_stakes_echoes(hand, result, _replay)
    return result


def _replay(hand: Hand) -> Replay:
    """One judgement of ``hand`` at the stakes it carries."""
    out: list[Finding] = [
        finding("ignored_line", f"line read past (no seated player, no chips): {ig.text!r}",
                ig.line)
        for ig in hand.ignored_lines
    ]
    start = starting_stacks(hand)
    in_hand, card_actions = _in_hand(hand, start, out)
    state = TableState(hand, in_hand, start)
    Walk(state, out).run(hand.actions)
    live = state.live()
    showdown = len(live) >= 2
    if showdown and state.street < Street.RIVER:
        # The rest of the board came without betting: only right when fewer than two players
        # can still bet. Who can bet does not change from street to street (nobody acts), so
        # the first street skipped answers for all of them.
        streets.check_skipped_street(state, Street(state.street + 1), 0, out)
    last_street = Street.RIVER if showdown else state.street
    check_boards(hand, last_street, showdown, out)
    known, muck = known_cards(hand, card_actions, out)
    check_duplicate_cards(hand, known, out)
    return _settle(hand, state, live, showdown, known, muck, out)


def _in_hand(
    hand: Hand, start: dict[int, int], out: list[Finding]
) -> tuple[list[int], list[Action]]:
    """Seats dealt in: those that post or act. Sitting-out flags vary by site; actions do not.

    ``start`` maps each listed seat number to its starting stack (``starting_stacks``). Also
    returns the log's shows and mucks: one pass over the actions sorts out both. A seat that
    acts but is not listed is reported once (``unknown_seat``) and left out.
    """
    if len(start) != len(hand.seats):
        numbers = [s.seat for s in hand.seats]
        dupes = sorted({n for n in numbers if numbers.count(n) > 1})
        out.append(finding("duplicate_seat", f"seat numbers listed twice: {dupes}"))
    acting: set[int] = set()
    card_actions: list[Action] = []
    unknown: set[int] = set()
    show, muck = ActionKind.SHOW, ActionKind.MUCK
    for a in hand.actions:
        if a.kind is show or a.kind is muck:
            card_actions.append(a)
        else:
            acting.add(a.seat)
        if a.seat not in start and a.seat not in unknown:
            unknown.add(a.seat)
            out.append(
                finding(
                    "unknown_seat",
                    f"seat {a.seat} {a.kind.value} on {Street(a.street).name.lower()} "
                    f"but no player sits there",
                    a.line,
                )
            )
    return sorted(acting - unknown), card_actions


def _settle(
    hand: Hand,
    state: TableState,
    live: list[int],
    showdown: bool,
    known: dict[int, tuple[str, ...]],
    muck: set[int],
    out: list[Finding],
) -> Replay:
    """Pots, the showdown, reconciliation with the site, and the per-seat results."""
    rep = hand.report
    added = sum(a for _, a in rep.site_added)
    total = sum(state.contrib.values()) + added
    all_in = set(live).difference(state.active)  # live, no chips behind
    pots = _pots(state, live, all_in, added)
    # The site's collections, read once: per seat for the payouts, summed for the totals.
    site = reconcile.site_collections(hand)
    paid = sum(site.values())
    ded = reconcile.deduction(hand, total, paid)
    holdem = hand.game is Game.HOLDEM
    if not holdem:
        out.append(
            finding(
                "game_not_replayed",
                f"{hand.game.value}: betting is checked, showdown winners are not",
            )
        )
    boards = readable_boards(hand, out)
    award = award_pots(
        pots, boards, known, hand.button_seat, ded, holdem, _dead_hands(state, muck, all_in, site)
    )
    reconcile.check_totals(hand, total, ded, out)
    if rep.pots:
        reconcile.check_side_pots(hand, pots, award.net_amounts, ded, out, state)
    skip = reconcile.report_unverified(pots, award, state.names, hand, out)
    withheld = _report_cash_outs(hand, state, award, skip, out)
    rules = state.rules
    distributed = reconcile.check_distribution(
        hand, total, ded, out, withheld, paid, rules.one_chip_rounding
    )
    site_reported = bool(rep.collections) or rep.total_pot is not None
    if showdown and not rep.collections and total > 0 and not rep.cash_outs:
        reconcile.report_no_collections(hand, total, showdown, out)
    if site_reported:
        slack = reconcile.Slack(
            _odd_chips(award) if rules.odd_chip is OddChip.ANY_WINNER else {},
            reconcile.rounding(hand, ded, paid) if rules.one_chip_rounding else 0,
        )
        won = reconcile.check_collections(
            hand, award.payout, award.gross, ded, skip, state, out, site, slack
        )
    else:
        won = award.payout
    verified = not award.unverified
    seat_results, net_sum = _seat_results(hand, state.contrib, won, live if showdown else ())
    if (verified or site_reported) and not rep.cash_outs and distributed:
        _check_conservation(hand, net_sum, ded, added, out)
    return Replay(
        pots=_result_pots(hand, pots, award.winners),
        seats=seat_results,
        total_pot=total,
        findings=tuple(out),
        payouts_verified=verified,
    )


def _pots(state: TableState, live: list[int], all_in: set[int], added: int) -> list[PotSlice]:
    """The pots by contribution level, with the money the site added in the main pot."""
    contrib = state.contrib
    if any(c < 0 for c in contrib.values()):
        # More given back than put in (already a finding): pots count nothing below zero.
        contrib = {s: max(0, c) for s, c in contrib.items()}
    pots = build_pots(contrib, live, all_in)
    if added:
        # Money the site put in (GGPoker cash drops, Winamax HOLD-UP) goes to the main pot.
        if pots:
            pots[0] = PotSlice(pots[0].amount + added, pots[0].eligible)
        else:
            pots.append(PotSlice(added, tuple(live)))
    return pots


def _report_cash_outs(
    hand: Hand, state: TableState, award: Award, skip: set[int], out: list[Finding]
) -> tuple[int, int]:
    """One note per cash-out; its seat joins ``skip``. Returns what the engine would have paid
    the seats that cashed out, net and gross of rake (the site kept it)."""
    cash_outs = hand.report.cash_outs
    if not cash_outs:
        return (0, 0)
    for co in cash_outs:
        skip.add(co.seat)
        money = state.money()
        out.append(
            money.finding(
                "cash_out",
                f"seat {co.seat} ({state.names.get(co.seat, '?')}) cashed out for "
                f"{money(co.amount)}"
                + (f" (fee {money(co.fee)})" if co.fee else "")
                + ": the site paid the cash-out instead of the pot share",
            )
        )
    return (
        sum(award.payout.get(co.seat, 0) for co in cash_outs),
        sum(award.gross.get(co.seat, 0) for co in cash_outs),
    )


def _dead_hands(
    state: TableState, muck: set[int], all_in: set[int], site: dict[int, int]
) -> frozenset[int]:
    """The mucked hands that have no claim on a pot; where the site's table says so, a hand
    the summary prints as mucked but the site paid is not dead (it won: the site says so)."""
    dead = mucked(muck, all_in)
    if dead and state.rules.paid_muck_contends:
        dead = frozenset(s for s in dead if site.get(s, 0) <= 0)
    return dead


def _odd_chips(award: Award) -> dict[int, int]:
    """Seat -> how many split pots it shares: the odd chips it may hold or lack, one per pot,
    where the site's odd-chip order is not the button's."""
    odd: dict[int, int] = {}
    for winners in award.winners:
        if len(winners) > 1:
            for seat in winners:
                odd[seat] = odd.get(seat, 0) + 1
    return odd


def _check_conservation(
    hand: Hand, net_sum: int, ded: int, added: int, out: list[Finding]
) -> None:
    """The players' nets, the rake and fees and the site's own money add up to nothing."""
    if net_sum + ded == added or any(f.code in _MONEY_ERRORS for f in out):
        return
    gap = net_sum + ded - added
    money = Amounts.of(hand)
    out.append(
        money.finding(
            "chip_conservation",
            f"players' nets add up to {money(net_sum)}, with rake and fees {money(ded)}"
            + (f" less the {money(added)} the site added" if added else "")
            + f" the table {'gains' if gap > 0 else 'loses'} {money(abs(gap))}",
        )
    )


def _seat_results(
    hand: Hand, contrib: dict[int, int], won: dict[int, int], went: list[int] | tuple[()]
) -> tuple[tuple[SeatResult, ...], int]:
    """Each seat's money flow, in the order the log lists the seats, and the sum of the nets."""
    results = []
    net_sum = 0
    for s in hand.seats:
        invested = contrib.get(s.seat, 0)
        w = won.get(s.seat, 0)
        net = w - invested
        net_sum += net
        # A seat whose stack was never printed: ``s.stack`` is only the lower bound the parser
        # gave (never the engine's unbounded stand-in), and the store writes no final stack.
        results.append(SeatResult(s.seat, invested, w, net, s.seat in went, s.stack + net))
    return tuple(results), net_sum


def _result_pots(
    hand: Hand, pots: list[PotSlice], award_winners: list[tuple[int, ...]]
) -> tuple[Pot, ...]:
    """The pots with their winners: the engine's, or the site's where the engine could not
    tell (cards not shown)."""
    collected = {(c.pot_index, c.seat) for c in hand.report.collections if c.amount > 0}
    result = []
    for i, pot in enumerate(pots):
        winners = award_winners[i] if i < len(award_winners) else ()
        if not winners:
            winners = tuple(
                s for s in pot.eligible if (i, s) in collected or (None, s) in collected
            )
        result.append(Pot(i, pot.amount, pot.eligible, winners))
    return tuple(result)
