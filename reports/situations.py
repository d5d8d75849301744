"""Preflop all-in situations counted once per process, whatever the suits are called.

Why: counting a preflop all-in means every board the deck can still make (1,712,304 of them
heads-up), 1.5 ms heads-up and up to 11 ms nine-handed in the native counter, and it was most
of an import's time with the all-in equity on. The same situations come back: aces against
kings suited in hearts is the same count as in spades. Renaming the four suits changes no
hand's value, so two situations that one renaming maps onto each other have the same number
of boards for each set of winners, pot by pot. A situation is keyed by its *canonical form*,
the least of its 24 renamings (each player's cards sorted, the known board sorted), and its
counts are kept in a bounded memo for the life of the process: an import's worker counts a
matchup the first time it meets it and looks it up after. The counts stay exact integers.

Only preflop situations are kept: a flop or turn all-in costs the counter less than working
out the key (a few hundred boards at most).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

__all__ = ["MEMO_SIZE", "Key", "Memo", "canonical", "memo"]

#: Situations kept per process: about 300 bytes each, so some 15 MB when full. Heads-up
#: preflop has 47,008 situations up to suits; many-handed ones rarely repeat, so the oldest
#: give way first.
MEMO_SIZE = 50_000
_RENAMINGS = tuple(permutations(range(4)))

#: (each contender's two cards, in contender order; the known board; each contested pot's
#: eligible contenders as a bit mask of their order)
Key = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]
#: (boards, per contested pot: winners' bit mask -> boards)
Counts = tuple[int, tuple[tuple[tuple[int, int], ...], ...]]


def canonical(holes: Sequence[Sequence[int]], known: Sequence[int],
              masks: Sequence[int]) -> Key:
    """The least renaming of a situation's suits (cards as ``rank * 4 + suit``): two
    situations get the same key exactly when one renaming of the suits maps one onto the
    other, the contenders and pots kept in their order."""
    best: tuple | None = None
    for order in _RENAMINGS:
        renamed = (tuple(tuple(sorted((c & ~3) | order[c & 3] for c in hole)) for hole in holes),
                   tuple(sorted((c & ~3) | order[c & 3] for c in known)))
        if best is None or renamed < best:
            best = renamed
    assert best is not None
    return best[0], best[1], tuple(masks)


class Memo:
    """Counts per canonical situation, at most ``size`` of them (the oldest leave first)."""

    def __init__(self, size: int = MEMO_SIZE) -> None:
        self.size = size
        self.counts: dict[Key, Counts] = {}
        self.hits = 0
        self.misses = 0

    def get(self, key: Key) -> Counts | None:
        found = self.counts.get(key)
        if found is None:
            self.misses += 1
        else:
            self.hits += 1
        return found

    def put(self, key: Key, counts: Counts) -> None:
        if key in self.counts:
            return
        if len(self.counts) >= self.size:
            del self.counts[next(iter(self.counts))]
        self.counts[key] = counts

    def clear(self) -> None:
        self.counts.clear()
        self.hits = self.misses = 0


#: The process's memo (each import worker has its own after the fork).
memo = Memo()
