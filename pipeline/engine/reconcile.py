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
  (collected + rake + fees == total pot), so between them no cent can go astray.
- pots whose winner cannot be determined (a contender's cards unknown): an info finding, and the
  site's collections are taken for the seats that could have won them.
"""

from __future__ import annotations

from parsers.model import Hand
from pipeline.engine.codes import finding
from pipeline.engine.pots import PotSlice
from pipeline.engine.result import Finding, Severity
from pipeline.engine.showdown import Award


def pot_name(index: int) -> str:
    return "main pot" if index == 0 else f"side pot {index}"


def deduction(hand: Hand, total: int) -> int:
    """Rake plus fees; when the site printed no rake, what its collections leave unpaid."""
    rep = hand.report
    fees = sum(f for _, f in rep.fees)
    if rep.rake is not None:
        return rep.rake + fees
    if rep.collections:
        paid = sum(c.amount for c in rep.collections) + sum(c.amount for c in rep.cash_outs)
        return max(0, min(total, (rep.total_pot if rep.total_pot is not None else total) - paid))
    return fees


def check_totals(hand: Hand, total: int, ded: int, out: list[Finding]) -> None:
    rep = hand.report
    if rep.total_pot is not None and rep.total_pot != total:
        out.append(
            finding(
                "total_pot_mismatch",
                f"the site's total pot is {rep.total_pot}, the chips put in (less uncalled "
                f"bets) come to {total}",
            )
        )
    if rep.rake is not None and (rep.rake < 0 or ded > max(total, rep.total_pot or 0)):
        out.append(
            finding(
                "rake_mismatch",
                f"rake {rep.rake} plus fees {ded - rep.rake} cannot come out of a pot of {total}",
            )
        )


def check_side_pots(
    hand: Hand, pots: list[PotSlice], net: list[int], ded: int, out: list[Finding]
) -> None:
    printed = [p.amount for p in sorted(hand.report.pots, key=lambda p: p.index)]
    if not printed:
        return
    gross = [p.amount for p in pots]
    if printed == gross or printed == net:
        return
    if len(printed) == len(gross):
        diffs = [g - p for g, p in zip(gross, printed, strict=True)]
        if all(0 <= d <= ded for d in diffs) and sum(diffs) in (0, ded):
            return
        for i, (g, p) in enumerate(zip(gross, printed, strict=True)):
            if g != p and net[i] != p:
                eligible = ", ".join(str(s) for s in pots[i].eligible)
                out.append(
                    finding(
                        "side_pot_mismatch",
                        f"the site's {pot_name(i)} is {p}, recomputed {g} "
                        f"({net[i]} after rake) for seats {eligible}",
                    )
                )
        return
    total = sum(gross)
    same_sum = sum(printed) in (total, total - ded)
    out.append(
        finding(
            "side_pot_mismatch",
            f"the site printed {len(printed)} pots ({', '.join(map(str, printed))}), the engine "
            f"computed {len(gross)} ({', '.join(map(str, gross))})",
            severity=Severity.WARNING if same_sum else None,
        )
    )


def site_collections(hand: Hand) -> dict[int, int]:
    got: dict[int, int] = {}
    for c in hand.report.collections:
        got[c.seat] = got.get(c.seat, 0) + c.amount
    return got


def check_distribution(hand: Hand, total: int, ded: int, out: list[Finding]) -> bool:
    """collected + rake + fees == total pot. Returns False when it does not add up."""
    rep = hand.report
    if not rep.collections and rep.total_pot is None:
        return True  # the site reported nothing to reconcile
    target = rep.total_pot if rep.total_pot is not None else total
    paid = sum(c.amount for c in rep.collections)
    if paid + ded == target:
        return True
    if rep.cash_outs:
        cashed = sum(c.amount for c in rep.cash_outs)
        cash_fees = sum(c.fee for c in rep.cash_outs)
        if target in (paid + ded + cashed, paid + ded + cash_fees):
            return True
        severity = Severity.WARNING  # cash-out accounting differs by site
    else:
        severity = None
    out.append(
        finding(
            "pot_not_distributed",
            f"collected {paid} + rake and fees {ded} = {paid + ded}, the total pot is {target}",
            severity=severity,
        )
    )
    return False


def report_unverified(
    pots: list[PotSlice], award: Award, names: dict[int, str], reason: str, out: list[Finding]
) -> set[int]:
    """One info finding per pot that cannot be checked; returns the seats it concerns."""
    seats: set[int] = set()
    for index, missing in award.unverified:
        pot = pots[index]
        seats.update(pot.eligible)
        if missing:
            who = ", ".join(f"seat {s} ({names.get(s, '?')})" for s in missing)
            why = f"the cards of {who} are not known"
        else:
            why = reason
        out.append(
            finding(
                "payout_unverified",
                f"{pot_name(index)} of {pot.amount} (seats {', '.join(map(str, pot.eligible))}): "
                f"{why}; the site's collections are taken as the payout",
            )
        )
    return seats


def check_collections(
    hand: Hand,
    payout: dict[int, int],
    gross: dict[int, int],
    ded: int,
    skip: set[int],
    names: dict[int, str],
    out: list[Finding],
) -> dict[int, int]:
    """Each player's collection against the engine; returns the amount won per seat.

    ``skip`` are seats whose payout cannot be verified (unknown cards, cash-outs): the site's
    figure is taken for them. Elsewhere the site's figure is kept when it matches, and the
    engine's payout when it does not (the error finding says which).
    """
    site = site_collections(hand)
    won: dict[int, int] = {}
    seats = set(payout) | set(site) | set(gross)
    for seat in sorted(seats):
        got = site.get(seat, 0)
        if seat in skip:
            won[seat] = got
            continue
        net, full = payout.get(seat, 0), gross.get(seat, 0)
        if got == net or full - ded <= got <= full:
            won[seat] = got
            continue
        won[seat] = net
        out.append(
            finding(
                "collected_mismatch",
                f"seat {seat} ({names.get(seat, '?')}) collected {got}, the engine pays {net}"
                + (f" ({full} before rake and fees of {ded})" if ded and full != net else ""),
            )
        )
    return won
