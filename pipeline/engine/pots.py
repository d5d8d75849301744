"""Main and side pots by contribution level.

Sort the distinct contribution levels of the all-in players still in the hand (plus the top
level of everyone still in), slice the contributions at those levels, and give each slice to the
players still in who reached its top (a player not all-in is in every pot). Folded players'
chips are dead money in whatever slices they reach. Adjacent slices with the same eligible set
merge. Money above the highest level any live player reached (a folded player's dead blind,
say) belongs to the last pot: it has to go somewhere, and only the live players can win it.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PotSlice:
    """One pot before it is awarded: its chips and who may win them."""

    amount: int
    eligible: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.amount < 0:
            raise ValueError(f"a pot cannot be negative: {self.amount}")


def build_pots(
    contrib: dict[int, int], folded: set[int] | frozenset[int], all_in: set[int]
) -> list[PotSlice]:
    """Pots in order (main first) from each seat's total contribution.

    ``contrib`` maps seat -> chips put in (after uncalled returns); ``all_in`` the live seats
    with no chips left. Seats are listed in seat order in ``eligible``.
    """
    live = sorted(s for s in contrib if s not in folded)
    amounts, eligibles = slices(contrib, live, all_in, sum(contrib.values()))
    return [PotSlice(a, e) for a, e in zip(amounts, eligibles, strict=True)]


def slices(
    contrib: dict[int, int],
    live: list[int],
    all_in: set[int],
    total: int,
) -> tuple[list[int], list[tuple[int, ...]]]:
    """``build_pots`` as two parallel lists (amounts, eligible seats), no objects per pot.

    The replay's form: it already holds the live seats in seat order and the chips' total, and
    hands the lists straight to the showdown (``showdown.award``), so nothing is built twice.
    ``contrib`` must hold no negative amount (the replay clamps first).
    """
    if not live:
        return ([total], [()]) if total else ([], [])
    if not all_in:  # nobody all-in: one pot, everyone still in is eligible
        return [total], [tuple(live)]
    top = max(map(contrib.__getitem__, live))
    levels = sorted({contrib[s] for s in live if s in all_in and contrib[s] < top})
    levels.append(top)
    # Each slice (low, high] takes from every contribution c above low: min(c, high) - low.
    # With the contributions sorted, that is the ones inside the slice less low each, plus
    # the full slice from each one above it.
    chips = sorted(contrib.values())
    n = len(chips)
    amounts: list[int] = []
    eligibles: list[tuple[int, ...]] = []
    low = 0
    last = len(levels) - 1
    for i, high in enumerate(levels):
        above_low = bisect_right(chips, low)
        if i == last:
            amount = sum(chips[above_low:]) - low * (n - above_low)
        else:
            upto = bisect_right(chips, high, above_low)
            amount = (
                sum(chips[above_low:upto]) - low * (upto - above_low) + (high - low) * (n - upto)
            )
        # A live player with chips behind matched every bet; a lower total only means less dead
        # money (no ante, no dead blind), so they are eligible for every pot.
        eligible = tuple([s for s in live if contrib[s] >= high or s not in all_in])
        if eligibles and eligibles[-1] == eligible:
            amounts[-1] += amount
        elif amount > 0 or not eligibles:
            amounts.append(amount)
            eligibles.append(eligible)
        low = high
    return amounts, eligibles
