"""Hold'em hand values for every board at once (numpy), for the all-in equity enumeration.

Why: :mod:`reports.equity` enumerates every completion of the board (1,712,304 for a heads-up
preflop all-in). One C call per hand and board through phevaluator still costs a Python loop
of millions of steps (about a second a hand); here a whole enumeration is a few array
operations (a few tens of milliseconds), so the all-in adjusted result of each hand can be
computed once at import.

A value is an integer, higher is better, equal means a tie: ``category * 16**5`` plus the
ranks that break ties inside the category (categories 0 high card ... 8 straight flush).
Two lookup tables, built once per process from the rules (no hand-ranking code of anyone
else's): the best flush or straight flush of each 13-bit rank mask of one suit, and the best
non-flush value of each multiset of 7 ranks (49,205 of them, keyed by the ranks' counts in
base 5, split in two for a direct lookup). With 7 cards a flush excludes quads and a full
house, so a hand holding a flush is valued by it alone. Cards are phevaluator's ids:
rank * 4 + suit.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

import numpy as np

__all__ = ["Boards", "boards", "hand_values", "value_of"]

_STRAIGHTS = [(0b1111100000000 >> i) for i in range(9)] + [0b1000000001111]  # A-high .. 5-high


def _straight_high(mask: int) -> int:
    """The top rank (0..12) of the best straight within a 13-bit rank mask, or -1."""
    for i, pattern in enumerate(_STRAIGHTS):
        if mask & pattern == pattern:
            return 12 - i if i < 9 else 3  # the wheel's top card is the five
    return -1


def _pack(category: int, ranks: list[int]) -> int:
    value = category
    for r in (ranks + [0, 0, 0, 0, 0])[:5]:
        value = value * 16 + r
    return value


def _top_bits(mask: int, n: int) -> list[int]:
    return [r for r in range(12, -1, -1) if mask >> r & 1][:n]


@cache
def _flush_values() -> np.ndarray:
    """13-bit mask (5 or more ranks of one suit) -> its best flush or straight flush value."""
    table = np.zeros(1 << 13, dtype=np.int32)
    for mask in range(1 << 13):
        if bin(mask).count("1") >= 5:
            high = _straight_high(mask)
            table[mask] = _pack(8, [high]) if high >= 0 else _pack(5, _top_bits(mask, 5))
    return table


@cache
def _all_values() -> np.ndarray:
    """Every value a hand can have (flush or not), sorted: a value's index is its ordinal."""
    return np.union1d(np.unique(_raw_rank_table()[2]), _flush_values())


def _ordinals(values: np.ndarray) -> np.ndarray:
    """Values as their ordinals among every possible value (int16: same order, same ties, a
    quarter of the memory, so the lookups stay in cache)."""
    return np.searchsorted(_all_values(), values).astype(np.int16)


@cache
def _flush_table() -> np.ndarray:
    """:func:`_flush_values` as ordinals."""
    return _ordinals(_flush_values())


@cache
def _popcount() -> np.ndarray:
    return np.array([bin(m).count("1") for m in range(1 << 13)], dtype=np.int8)


def _rank_value(counts: tuple[int, ...]) -> int:
    """The best non-flush value of a multiset of ranks (counts per rank 0..12)."""
    by_count = {n: [r for r in range(12, -1, -1) if counts[r] == n] for n in (4, 3, 2, 1)}
    present = sum(1 << r for r in range(13) if counts[r])
    if by_count[4]:
        quad = by_count[4][0]
        return _pack(7, [quad, max(r for r in range(13) if counts[r] and r != quad)])
    trips, pairs = by_count[3], by_count[2]
    if trips and (len(trips) > 1 or pairs):
        pair = max(trips[1:] + pairs)
        return _pack(6, [trips[0], pair])
    high = _straight_high(present)
    if high >= 0:
        return _pack(4, [high])
    singles = _top_bits(present, 13)
    if trips:
        return _pack(3, [trips[0]] + [r for r in singles if r != trips[0]][:2])
    if len(pairs) >= 2:
        top2 = pairs[:2]
        return _pack(2, top2 + [r for r in singles if r not in top2][:1])
    if pairs:
        return _pack(1, [pairs[0]] + [r for r in singles if r != pairs[0]][:3])
    return _pack(0, singles[:5])


_LOW = 5 ** 7  # a rank key splits into its low seven ranks and its high six


@cache
def _rank_table() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_raw_rank_table` with its values as ordinals."""
    low, high, raw = _raw_rank_table()
    return low, high, _ordinals(raw)


@cache
def _raw_rank_table() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The non-flush value of every 7-rank multiset, as a table indexed through two small maps
    (a direct lookup: a binary search per board costs several times more).

    Returns (low map, high map, table): the value of rank key ``k`` is
    ``table[high[k // 5**7] + low[k % 5**7]]``.
    """
    def parts(n_ranks: int) -> dict[int, int]:  # base-5 part -> dense index (digit sum <= 7)
        found = {}
        for counts in itertools.product(range(5), repeat=n_ranks):
            if sum(counts) <= 7:
                found[sum(c * 5 ** r for r, c in enumerate(counts))] = len(found)
        return found

    low_parts, high_parts = parts(7), parts(6)
    low = np.zeros(_LOW, dtype=np.int32)
    high = np.zeros(5 ** 6, dtype=np.int32)
    for key, i in low_parts.items():
        low[key] = i
    for key, i in high_parts.items():
        high[key] = i * len(low_parts)
    table = np.zeros(len(low_parts) * len(high_parts), dtype=np.int32)
    for combo in itertools.combinations_with_replacement(range(13), 7):
        counts = [0] * 13
        for r in combo:
            counts[r] += 1
        if max(counts) > 4:
            continue
        key = sum(c * 5 ** r for r, c in enumerate(counts))
        table[high[key // _LOW] + low[key % _LOW]] = _rank_value(tuple(counts))
    return low, high, table


@cache
def _combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) as rows of indices, in itertools order (cached)."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.int8)
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(n), k)),
                       dtype=np.int8)
    return flat.reshape(-1, k)


@dataclass(frozen=True)
class Boards:
    """Every completion of a board, summarised for :func:`hand_values`: per board the base-5
    key of its ranks; per suit, the boards holding three or more cards of it (only those can
    make a flush) with the 13-bit mask of their ranks in that suit."""

    count: int
    keys: tuple[np.ndarray, np.ndarray]  # per board: the rank key's low and high parts
    suited: tuple[tuple[np.ndarray, np.ndarray, np.ndarray], ...]  # per suit: rows, count, mask


def boards(known: tuple[int, ...], dead: set[int]) -> Boards:
    """Every completion of the board ``known`` to five cards from the cards not ``dead``."""
    if not known:  # preflop: the boards of the whole deck, less those holding a dead card
        full = _full_deck()
        dead_bits = np.int64(sum(1 << c for c in dead))
        live = (full.cards & dead_bits) == 0
        return _reindex(full, live)
    deck = np.array([c for c in range(52) if c not in dead], dtype=np.int8)
    return _summarise(deck[_combinations(len(deck), 5 - len(known))], list(known))


def _summarise(rows: np.ndarray, known_list: list[int]) -> Boards:
    """Keys and suited masks of boards made of ``known_list`` plus each row's cards."""
    (low5, high5), bits, eights = _card_tables()
    keys = (low5[rows].sum(axis=1, dtype=np.int32) + np.int32(low5[known_list].sum()),
            high5[rows].sum(axis=1, dtype=np.int16) + np.int16(high5[known_list].sum()))
    counts = eights[rows].sum(axis=1, dtype=np.int16) + np.int16(eights[known_list].sum())
    suited = []
    for suit in range(4):
        n = (counts >> (3 * suit)) & 7
        at = np.nonzero(n >= 3)[0]
        per_card = np.where(np.arange(52) % 4 == suit, bits, 0).astype(np.int16)
        mask = per_card[rows[at]].sum(axis=1, dtype=np.int16) + np.int16(
            per_card[known_list].sum())
        suited.append((at, n[at], mask))
    return Boards(len(rows), keys, tuple(suited))


@dataclass(frozen=True)
class _FullDeck:
    cards: np.ndarray  # int64 bit set of each board's five cards
    keys: tuple[np.ndarray, np.ndarray]
    suited: tuple[tuple[np.ndarray, np.ndarray, np.ndarray], ...]


@cache
def _full_deck() -> _FullDeck:
    """Every five-card board of the 52 cards, summarised once per process (about 60 MB)."""
    rows = _combinations(52, 5)
    cards = (np.int64(1) << rows.astype(np.int64)).sum(axis=1)
    summary = _summarise(rows, [])
    return _FullDeck(cards, summary.keys, summary.suited)


def _reindex(full: _FullDeck, live: np.ndarray) -> Boards:
    """The full deck's summary restricted to the ``live`` boards, renumbered."""
    position = np.cumsum(live) - 1
    suited = []
    for at, n, mask in full.suited:
        keep = live[at]
        suited.append((position[at[keep]], n[keep], mask[keep]))
    return Boards(int(live.sum()), (full.keys[0][live], full.keys[1][live]), tuple(suited))


@cache
def _card_tables() -> tuple[tuple[np.ndarray, np.ndarray], np.ndarray, np.ndarray]:
    """Per card id: its share of a rank key (5**rank, as the low part for ranks 2-8 and the
    high part for 9-A), 1 << rank (its bit in a mask) and 8**suit (its share of a count of
    cards per suit, three bits a suit)."""
    rank, suit = np.arange(52) >> 2, np.arange(52) & 3
    low5 = np.where(rank < 7, 5 ** np.minimum(rank, 6), 0).astype(np.int32)
    high5 = np.where(rank >= 7, 5 ** np.maximum(rank - 7, 0), 0).astype(np.int16)
    return ((low5, high5), (1 << rank).astype(np.int16), (8 ** suit).astype(np.int16))


def hand_values(hole: tuple[int, int], board_set: Boards) -> np.ndarray:
    """The value of two hole cards with each board of ``board_set`` (see the module doc)."""
    (low5, high5), bits, _ = _card_tables()
    low, high, table = _rank_table()
    low_key = board_set.keys[0] + np.int32(low5[hole[0]] + low5[hole[1]])
    high_key = board_set.keys[1] + np.int16(high5[hole[0]] + high5[hole[1]])
    best = table[high[high_key] + low[low_key]]
    flush = _flush_table()
    for suit, (at, n, mask) in enumerate(board_set.suited):
        mine = [c for c in hole if c % 4 == suit]
        need = 5 - len(mine)
        if need > 5 or not len(at):
            continue
        hit = n >= need
        if hit.any():
            rows = at[hit]
            best[rows] = flush[mask[hit] + np.int16(sum(int(bits[c]) for c in mine))]
    return best


def value_of(cards: list[int]) -> int:
    """The value of one 7-card hand (for tests and single lookups)."""
    return int(hand_values((cards[5], cards[6]), boards(tuple(cards[:5]), set(cards)))[0])
