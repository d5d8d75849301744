"""The simulator's dealer: pots, rake, showdown and payouts, worked out on its own.

This deliberately shares no code with ``pipeline/engine``: the simulator is the independent
witness the engine is checked against, so a bug copied into both would hide itself. Only the
hand ranking (``phevaluator``) is common, and it is a well-tested library, not ours.

Conventions (the dealer's rules, the same as PokerStars'):
- pots by contribution level: each distinct level reached by an all-in player still in the
  hand cuts a pot; folded players' chips are dead money in the pots they reach; adjacent pots
  with the same contenders merge;
- rake comes off the main pot first, then the next pot;
- run it twice: each pot is halved, the odd chip going to the first board;
- a tie splits evenly, the odd chips one each to the winners from the first seat left of the
  button, clockwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from phevaluator import evaluate_cards


@dataclass(frozen=True, slots=True)
class DealtPot:
    """A pot as the dealer built and awarded it.

    ``amount`` is before rake, ``net`` after it; ``shares`` is one tuple per board of
    (seat, chips) in payment order.
    """

    index: int
    amount: int
    net: int
    contenders: tuple[int, ...]
    shares: tuple[tuple[tuple[int, int], ...], ...]

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(sorted({seat for board in self.shares for seat, _ in board}))


def build_pots(
    contributed: dict[int, int], folded: set[int], all_in: set[int]
) -> list[tuple[int, tuple[int, ...]]]:
    """(amount, contenders) per pot, main pot first, contenders in seat order."""
    live = sorted(s for s in contributed if s not in folded)
    top = max((contributed[s] for s in live), default=0)
    cuts = sorted({contributed[s] for s in live if s in all_in and contributed[s] < top})
    cuts.append(max(top, max(contributed.values(), default=0)))
    pots: list[tuple[int, tuple[int, ...]]] = []
    floor = 0
    for cut in cuts:
        amount = sum(max(0, min(c, cut) - floor) for c in contributed.values())
        contenders = tuple(s for s in live if contributed[s] >= cut or s not in all_in)
        if pots and pots[-1][1] == contenders:
            pots[-1] = (pots[-1][0] + amount, contenders)
        elif amount > 0:
            pots.append((amount, contenders))
        floor = cut
    return pots


def clockwise_after(seats: list[int], button: int) -> list[int]:
    ordered = sorted(seats)
    return [s for s in ordered if s > button] + [s for s in ordered if s <= button]


def best_rank(hole: tuple[str, ...], board: tuple[str, ...]) -> int:
    """phevaluator rank of the best five of seven (lower is better)."""
    return evaluate_cards(*board, *hole)


def award(
    pots: list[tuple[int, tuple[int, ...]]],
    rake: int,
    boards: list[tuple[str, ...]],
    hole: dict[int, tuple[str, ...]],
    button: int,
) -> list[DealtPot]:
    """Take the rake, then give every pot to its best hand(s) on each board."""
    left = rake
    dealt: list[DealtPot] = []
    for index, (amount, contenders) in enumerate(pots):
        take = min(left, amount)
        left -= take
        net = amount - take
        if len(contenders) == 1:
            dealt.append(DealtPot(index, amount, net, contenders, (((contenders[0], net),),)))
            continue
        per_board, extra = divmod(net, len(boards))
        shares = []
        for b, board in enumerate(boards):
            chips = per_board + (extra if b == 0 else 0)
            ranks = {s: best_rank(hole[s], board) for s in contenders}
            best = min(ranks.values())
            winners = clockwise_after([s for s in contenders if ranks[s] == best], button)
            each, odd = divmod(chips, len(winners))
            shares.append(tuple((w, each + (1 if i < odd else 0)) for i, w in enumerate(winners)))
        dealt.append(DealtPot(index, amount, net, contenders, tuple(shares)))
    return dealt


def rake_for(total: int, flop_seen: bool, percent: int, cap: int) -> int:
    """No flop, no drop; otherwise ``percent`` of the pot rounded down, capped."""
    if not flop_seen or percent <= 0:
        return 0
    return min(cap, total * percent // 100)


_CATEGORY_LIMITS = (
    (10, "straight flush"),
    (166, "four of a kind"),
    (322, "full house"),
    (1599, "flush"),
    (1609, "straight"),
    (2467, "three of a kind"),
    (3325, "two pair"),
    (6185, "pair"),
    (7462, "high card"),
)
_ORDER = "23456789TJQKA"
_NAMES = {
    "2": "Deuce", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven",
    "8": "Eight", "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace",
}


def _plural(rank: str) -> str:
    return "Sixes" if rank == "6" else _NAMES[rank] + "s"


def describe(hole: tuple[str, ...], board: tuple[str, ...]) -> str:
    """PokerStars-style words for the best hand, e.g. "two pair, Aces and Tens"."""
    from itertools import combinations

    cards = list(board) + list(hole)
    if len(cards) < 5:
        ranks = sorted((c[0] for c in cards), key=_ORDER.index, reverse=True)
        pairs = [r for r in ranks if ranks.count(r) >= 2]
        return f"a pair of {_plural(pairs[0])}" if pairs else f"high card {_NAMES[ranks[0]]}"
    five = min(combinations(cards, 5), key=lambda c: evaluate_cards(*c))
    value = evaluate_cards(*five)
    category = next(name for limit, name in _CATEGORY_LIMITS if value <= limit)
    ranks = sorted((c[0] for c in five), key=_ORDER.index, reverse=True)
    counts = sorted(set(ranks), key=lambda r: (-ranks.count(r), -_ORDER.index(r)))
    if category in ("straight", "straight flush"):
        high = "5" if ranks[0] == "A" and ranks[1] == "5" else ranks[0]
        low = _ORDER[_ORDER.index(high) - 4] if high != "5" else "A"
        if category == "straight flush" and high == "A":
            return "a Royal Flush"
        return f"a {category}, {_NAMES[low]} to {_NAMES[high]}"
    if category == "four of a kind":
        return f"four of a kind, {_plural(counts[0])}"
    if category == "full house":
        return f"a full house, {_plural(counts[0])} full of {_plural(counts[1])}"
    if category == "flush":
        return f"a flush, {_NAMES[ranks[0]]} high"
    if category == "three of a kind":
        return f"three of a kind, {_plural(counts[0])}"
    if category == "two pair":
        return f"two pair, {_plural(counts[0])} and {_plural(counts[1])}"
    if category == "pair":
        return f"a pair of {_plural(counts[0])}"
    return f"high card {_NAMES[ranks[0]]}"
