"""Comparing the engine's account of the money with what the site printed (``hand.report``).

What is comparable, and how (documented because sites differ):
- total pot: PokerStars prints every chip put in minus uncalled returns; compared exactly.
- main/side pots: PokerStars prints them net of rake, the rake taken from the main pot. A printed
  list matches if it equals the recomputed pots gross or net, or each printed pot is within the
  rake of ours and the differences add up to nothing or to the rake. A different number of pots
  (a site merging or not printing a pot) is only a warning when the sum still agrees.
- collections: per player. A collection matches the engine if it equals the engine's payout net
  of rake (rake off the main pot), or lies between the gross payout minus rake+fees and the gross
  payout — sites differ on which pot pays the rake; the sum is checked separately
  (collected + rake + fees == total pot), so between them no cent can go astray. A lone winner
  gets no tolerance: there is no other pot the rake could have come from.
- pots whose winner cannot be determined (a contender's cards unknown): an info finding, and the
  site's collections are taken for the seats that could have won them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from operator import attrgetter

from parsers.model import ActionKind, Hand
from pipeline.engine.amounts import Amounts
from pipeline.engine.pots import PotSlice
from pipeline.engine.result import Finding, Severity
from pipeline.engine.showdown import Award
from pipeline.engine.state import TableState


def pot_name(index: int) -> str:
    return "main pot" if index == 0 else f"side pot {index}"


_BY_INDEX = attrgetter("index")


def collected(hand: Hand) -> int:
    """What the site's collections add up to: summed once per replay, passed to the checks."""
    return sum([c.amount for c in hand.report.collections])


def deduction(hand: Hand, total: int, paid: int | None = None) -> int:
    """Rake plus fees; when the site printed no rake, what its collections leave unpaid.

    ``paid``: the collections' sum (``collected``) when the caller has it."""
    rep = hand.report
    fees = sum([f for _, f in rep.fees]) if rep.fees else 0
    if rep.rake is not None:
        return rep.rake + fees
    if rep.collections:
        if paid is None:
            paid = collected(hand)
        paid += sum([c.amount for c in rep.cash_outs])
        return max(0, min(total, (rep.total_pot if rep.total_pot is not None else total) - paid))
    return fees


def check_totals(hand: Hand, total: int, ded: int, out: list[Finding]) -> None:
    rep = hand.report
    # (a gap under the unit the site prints in is its display rounding: ``printed_unit``)
    if rep.total_pot is not None and abs(rep.total_pot - total) >= rep.printed_unit:
        money = Amounts.of(hand)
        out.append(
            money.finding(
                "total_pot_mismatch",
                f"the site's total pot is {money(rep.total_pot)}, the chips put in (less "
                f"uncalled bets) come to {money(total)}",
            )
        )
    if rep.rake is not None and (rep.rake < 0 or ded > max(total, rep.total_pot or 0)):
        money = Amounts.of(hand)
        out.append(
            money.finding(
                "rake_mismatch",
                f"rake {money(rep.rake)} plus fees {money(ded - rep.rake)} cannot come out of a "
                f"pot of {money(total)}",
            )
        )


def _split_at_levels(
    printed: list[int],
    amounts: list[int],
    contrib: dict[int, int],
    cut_levels: set[int],
    ded: int,
) -> bool:
    """Whether the printed pots are ours cut at every all-in level, folded all-ins included.

    PokerStars keeps a pot boundary at the contribution of a player who went all-in and was
    then folded (sitting out): the pot he could have won is printed apart although nobody still
    in the hand is eligible for only part of it. The totals must still be ours exactly.
    """
    if sum(printed) not in (sum(amounts), sum(amounts) - ded):
        return False
    levels = sorted(cut_levels | {max(contrib.values(), default=0)})
    amounts: list[int] = []
    low = 0
    for high in levels:
        amounts.append(sum(min(c, high) - low for c in contrib.values() if c > low))
        low = high
    amounts = [a for a in amounts if a > 0]
    if len(amounts) != len(printed):
        return False
    diffs = [a - p for a, p in zip(amounts, printed, strict=True)]
    return all(0 <= d <= ded for d in diffs) and sum(diffs) in (0, ded)


def check_side_pots(
    hand: Hand,
    pots: list[PotSlice],
    net: list[int],
    ded: int,
    out: list[Finding],
    table: TableState | None = None,
) -> None:
    """Printed pots against ours: ``net[i]`` is our pot ``i`` after rake. With the replay's
    ``table``, a player all-in then folded may also explain the printed pots (see
    ``_split_at_levels``)."""
    printed = [p.amount for p in sorted(hand.report.pots, key=_BY_INDEX)]
    if not printed:
        return
    gross = [p.amount for p in pots]
    if printed == gross or printed == net:
        return
    if table is not None:
        contrib, stack = table.contrib, table.stack
        if any(stack[s] <= 0 and contrib[s] > 0 for s in table.folded):
            # every all-in contribution level, the folded all-in's included
            cut = {c for s, c in contrib.items() if stack[s] <= 0 and c > 0}
            if _split_at_levels(printed, gross, contrib, cut, ded):
                return
    if len(printed) == len(gross):
        diffs = [g - p for g, p in zip(gross, printed, strict=True)]
        if all(0 <= d <= ded for d in diffs) and sum(diffs) in (0, ded):
            return
        unit = hand.report.printed_unit
        for i, (g, p) in enumerate(zip(gross, printed, strict=True)):
            if abs(g - p) >= unit and abs(net[i] - p) >= unit:
                eligible = ", ".join(str(s) for s in pots[i].eligible)
                money = Amounts.of(hand)
                out.append(
                    money.finding(
                        "side_pot_mismatch",
                        f"the site's {pot_name(i)} is {money(p)}, recomputed {money(g)} "
                        f"({money(net[i])} after rake) for seats {eligible}",
                    )
                )
        return
    total = sum(gross)
    same_sum = sum(printed) in (total, total - ded)
    money = Amounts.of(hand)
    out.append(
        money.finding(
            "side_pot_mismatch",
            f"the site printed {len(printed)} pots ({', '.join(map(money, printed))}), the "
            f"engine computed {len(gross)} ({', '.join(map(money, gross))})",
            severity=Severity.WARNING if same_sum else None,
        )
    )


def site_collections(hand: Hand) -> dict[int, int]:
    """Seat -> what the site says it collected, over all its pots (read once per replay)."""
    got: dict[int, int] = {}
    for c in hand.report.collections:
        got[c.seat] = got.get(c.seat, 0) + c.amount
    return got


#: Formats whose results are optional: a hand may legitimately carry no collection at all.
RESULTS_OPTIONAL = frozenset({"phh"})


def report_no_collections(hand: Hand, total: int, showdown: bool, out: list[Finding]) -> None:
    """The site printed no collection for a pot of ``total``: nobody is shown winning it.

    Every hand-history site prints who won (a truncated or interrupted log is the usual cause:
    Cake's "Player left the table" after the showdown header), so this is a warning; formats
    whose results are optional (PHH) get a note.
    """
    optional = hand.site in RESULTS_OPTIONAL
    money = Amounts.of(hand)
    out.append(
        money.finding(
            "no_collections",
            f"the site printed no winner for the pot of {money(total)}"
            + (" after the showdown" if showdown else "")
            + ": the payout cannot be compared",
            severity=Severity.INFO if optional else None,
        )
    )


def rounding(hand: Hand, ded: int, paid: int) -> int:
    """What the collections and fees exceed the printed total pot by, when it is one minor
    unit either way (a fee or a share rounded half a chip for display); else 0."""
    total = hand.report.total_pot
    if total is None or not hand.report.collections or not _rounded(hand, ded):
        return 0
    gap = paid + ded - total
    return gap if gap in (1, -1) else 0


def _rounded(hand: Hand, ded: int) -> bool:
    """Whether the hand holds an amount a site may print rounded: a fee, or a refund."""
    return ded > 0 or any(a.kind is ActionKind.UNCALLED_RETURN for a in hand.actions)


@dataclass(frozen=True, slots=True)
class Slack:
    """What a site's conventions let a collection differ by from the engine's payout.

    ``odd_chips``: seat -> the split pots it shares, where the site's odd-chip order is not the
    button's (one chip each way per pot); ``rounding``: the one minor unit a display rounding
    left over (``rounding``), which one seat's collection carries."""

    odd_chips: dict[int, int] = field(default_factory=dict)
    rounding: int = 0


def check_distribution(
    hand: Hand,
    total: int,
    ded: int,
    out: list[Finding],
    withheld: tuple[int, int] = (0, 0),
    paid: int | None = None,
    one_chip_rounding: bool = False,
) -> bool:
    """collected + rake + fees == total pot. Returns False when it does not add up.

    ``withheld`` is what the engine pays the players who cashed out, net and gross of rake:
    PokerStars does not award a pot share to a player who cashed out (the site keeps it and
    paid the cash-out instead), so that share is missing from the collections. It is matched
    with the same rake tolerance as a collection (see ``check_collections``). ``paid``: the
    collections' sum (``collected``) when the caller has it.
    """
    rep = hand.report
    if not rep.collections and rep.total_pot is None:
        return True  # the site reported nothing to reconcile
    target = rep.total_pot if rep.total_pot is not None else total
    if paid is None:
        paid = collected(hand)
    if abs(paid + ded - target) < rep.printed_unit:
        return True  # (exact, or within the unit the site rounds its printed results to)
    if rep.cash_outs:
        cashed = sum(c.amount for c in rep.cash_outs)
        cash_fees = sum(c.fee for c in rep.cash_outs)
        if target in (paid + ded + cashed, paid + ded + cash_fees):
            return True
        kept, (net, full) = target - paid - ded, withheld
        if full and (kept == net or full - ded <= kept <= full):
            return True
        severity = Severity.WARNING  # cash-out accounting differs by site
    elif one_chip_rounding and rounding(hand, ded, paid):
        # One minor unit: one finding for the one chip, and the collection that carries it is
        # not a second one (``Slack.rounding``). A printed fee of exactly that chip explains it
        # (the site printed a fee it did not take: its own error); otherwise it is a share or
        # fee the site rounded half a chip for display, a warning.
        fee = next((name for name, f in rep.fees if f == abs(paid + ded - target)), None)
        why = (
            f"the site printed a fee ({fee}) it did not take"
            if fee and paid + ded > target
            else "a fee or share the site rounded half a chip for display"
        )
        money = Amounts.of(hand)
        out.append(
            money.finding(
                "pot_not_distributed",
                f"collected {money(paid)} + rake and fees {money(ded)} = {money(paid + ded)}, "
                f"the total pot is {money(target)}: one minor unit, {why}",
                severity=None if fee and paid + ded > target else Severity.WARNING,
            )
        )
        return False
    else:
        severity = None
    money = Amounts.of(hand)
    out.append(
        money.finding(
            "pot_not_distributed",
            f"collected {money(paid)} + rake and fees {money(ded)} = {money(paid + ded)}, the "
            f"total pot is {money(target)}",
            severity=severity,
        )
    )
    return False


def report_unverified(
    pots: list[PotSlice], award: Award, names: dict[int, str], hand: Hand, out: list[Finding]
) -> set[int]:
    """One info finding per pot that cannot be checked; returns the seats it concerns."""
    reason = f"{hand.game.value} showdowns are not ranked"
    seats: set[int] = set()
    for index, missing in award.unverified:
        eligible = pots[index].eligible
        seats.update(eligible)
        if missing:
            who = ", ".join(f"seat {s} ({names.get(s, '?')})" for s in missing)
            why = f"the cards of {who} are not known"
        else:
            why = reason
        money = Amounts.of(hand)
        out.append(
            money.finding(
                "payout_unverified",
                f"{pot_name(index)} of {money(pots[index].amount)} "
                f"(seats {', '.join(map(str, eligible))}): "
                f"{why}; the site's collections are taken as the payout",
            )
        )
    return seats


def _within_slack(seat: int, diff: int, slack: Slack) -> bool:
    """Whether a collection ``diff`` away from the engine's payout is the site's convention:
    the odd chips of the split pots the seat shares, or the one rounded chip."""
    return (diff != 0 and diff == slack.rounding) or abs(diff) <= slack.odd_chips.get(seat, 0)


def check_collections(
    hand: Hand,
    payout: dict[int, int],
    gross: dict[int, int],
    ded: int,
    skip: set[int],
    table: TableState,
    out: list[Finding],
    site: dict[int, int] | None = None,
    slack: Slack | None = None,
) -> dict[int, int]:
    """Each player's collection against the engine; returns the amount won per seat.

    ``skip`` are seats whose payout cannot be verified (unknown cards, cash-outs): the site's
    figure is taken for them. Elsewhere the site's figure is kept when it matches, and the
    engine's payout when it does not (the error finding says which). ``site``: the site's
    collections per seat (``site_collections``) when the caller has them.
    """
    if site is None:
        site = site_collections(hand)
    if not skip and site == payout:  # the common case: every collection is the engine's
        return site
    won: dict[int, int] = {}
    # The rake tolerance is for splitting it between winners of different pots; a lone winner
    # collects exactly the pot less rake and fees.
    lone = sum(1 for v in gross.values() if v > 0) <= 1
    seats = set(payout) | set(site) | set(gross)
    unit = hand.report.printed_unit
    for seat in sorted(seats):
        got = site.get(seat, 0)
        if seat in skip:
            won[seat] = got
            continue
        net, full = payout.get(seat, 0), gross.get(seat, 0)
        if got == net or (not lone and full - ded <= got <= full):
            won[seat] = got
            continue
        if abs(got - net) < unit:
            # the site printed the exact payout rounded to its unit: the exact one is kept
            won[seat] = net
            continue
        if slack is not None and _within_slack(seat, got - net, slack):
            if got - net == slack.rounding:
                slack = replace(slack, rounding=0)  # one seat carries the rounded chip
            won[seat] = got
            continue
        won[seat] = net
        money = Amounts.of(hand)
        out.append(
            money.finding(
                "collected_mismatch",
                f"seat {seat} ({table.names.get(seat, '?')}) collected {money(got)}, the engine "
                f"pays {money(net)}"
                + (
                    f" ({money(full)} before rake and fees of {money(ded)})"
                    if ded and full != net
                    else ""
                ),
            )
        )
    return won
