"""Main and side pots by contribution level.

Sort the distinct contribution levels of the all-in players still in the hand (plus the top
level of everyone still in), slice the contributions at those levels, and give each slice to the
players still in who reached its top (a player not all-in is in every pot). Folded players'
chips are dead money in whatever slices they reach. Adjacent slices with the same eligible set
merge. Money above the highest level any live player reached (a folded player's dead blind,
say) belongs to the last pot: it has to go somewhere, and only the live players can win it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PotSlice:
    """One pot before it is awarded: its chips and who may win them."""

    amount: int
    eligible: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.amount < 0:
            raise ValueError(f"a pot cannot be negative: {self.amount}")


def build_pots(contrib: dict[int, int], live: list[int], all_in: set[int]) -> list[PotSlice]:
    """Pots in order (main first) from each seat's total contribution.

    ``contrib`` maps seat -> chips put in (after uncalled returns; none negative); ``live`` the
    seats still in the hand, in seat order (as ``eligible`` lists them); ``all_in`` the live
    seats with no chips left.
    """
    total = sum(contrib.values())
    if not live:
        return [PotSlice(total, ())] if total else []
    if not all_in:  # nobody all-in: one pot, everyone still in is eligible
        return [PotSlice(total, tuple(live))]
    top = max(contrib[s] for s in live)
    levels = sorted({contrib[s] for s in live if s in all_in and contrib[s] < top})
    levels.append(top)
    pots: list[PotSlice] = []
    low = 0
    for high in levels:
        if high == top:  # the last slice: it also takes the money above every live level
            amount = sum(c - low for c in contrib.values() if c > low)
        else:
            amount = sum(min(c, high) - low for c in contrib.values() if c > low)
        # A live player with chips behind matched every bet; a lower total only means less dead
        # money (no ante, no dead blind), so they are eligible for every pot.
        eligible = tuple(s for s in live if contrib[s] >= high or s not in all_in)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = PotSlice(pots[-1].amount + amount, eligible)
        elif amount > 0 or not pots:
            pots.append(PotSlice(amount, eligible))
        low = high
    return pots
