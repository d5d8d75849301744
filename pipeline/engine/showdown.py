"""Awarding the pots: best five of seven, ties split, the odd chip, run-it-twice, mucked hands.

Ranking uses phevaluator (a C perfect-hash lookup; lower is better) and is only called when a
pot has two or more contenders, once per seat and board however many pots they share.

Conventions (PokerStars' and most sites' rules; documented because they decide cents):
- a tie splits the pot evenly; the chips that do not divide go one each to the winners in
  clockwise order starting from the first seat left of the button;
- run it twice/three times: each pot is divided by the number of boards, the remainder going
  to the first board, and each board's share is awarded by that board's showdown;
- rake and fees come off the main pot first (then the next pot if the main is smaller), before
  the per-board division; this is how PokerStars prints its pots and collections.
"""

from __future__ import annotations

from phevaluator import evaluate_cards

from pipeline.engine.pots import PotSlice


def clockwise_from_button(seats: list[int] | tuple[int, ...], button: int | None) -> list[int]:
    """Seats ordered as the odd chip travels: first seat left of the button first."""
    ordered = sorted(seats)
    if button is None:
        return ordered
    return [s for s in ordered if s > button] + [s for s in ordered if s <= button]


def split(amount: int, winners: list[int]) -> dict[int, int]:
    """Even split; the remainder one chip each to ``winners`` in the order given."""
    share, odd = divmod(amount, len(winners))
    return {w: share + (1 if i < odd else 0) for i, w in enumerate(winners)}


class Award:
    """The outcome of the showdown(s) for all pots of a hand."""

    __slots__ = ("payout", "gross", "winners", "net_amounts", "unverified")

    def __init__(self, raked: bool) -> None:
        #: seat -> chips won, after rake and fees
        self.payout: dict[int, int] = {}
        #: the same showdowns paid before rake and fees (the very dict ``payout`` when unraked)
        self.gross: dict[int, int] = {} if raked else self.payout
        #: per pot, the seats that won it (empty: nobody could be named)
        self.winners: list[tuple[int, ...]] = []
        #: per pot, its chips after rake and fees
        self.net_amounts: list[int] = []
        #: pots whose winner cannot be determined: (pot index, the seats whose cards are lacking)
        self.unverified: list[tuple[int, tuple[int, ...]]] = []

    def pay(self, per_board: list[list[int]], amount: int, full: int) -> None:
        """Pay a pot to each board's winners: ``amount`` after rake, ``full`` before (the same
        showdown decides both)."""
        _share(self.payout, per_board, amount)
        if self.gross is not self.payout:
            _share(self.gross, per_board, full)
        self.winners.append(tuple(sorted({s for winners in per_board for s in winners})))


def _share(target: dict[int, int], per_board: list[list[int]], chips: int) -> None:
    """Split ``chips`` between boards (the remainder to the first) and each board's share
    between its winners, into ``target``."""
    share, first_extra = divmod(chips, len(per_board))
    for b, winners in enumerate(per_board):
        for seat, won in split(share + (first_extra if b == 0 else 0), winners).items():
            target[seat] = target.get(seat, 0) + won


class Ranker:
    """Ranks each (seat, board) once, however many pots the seat contends for."""

    __slots__ = ("known", "boards", "rankable", "ranks")

    def __init__(
        self, known: dict[int, tuple[str, ...]], boards: list[tuple[str, ...]], can_rank: bool
    ) -> None:
        self.known = known
        #: the boards dealt (an empty board dropped; no board at all stays one empty board)
        self.boards = [b for b in boards if b] or [()]
        #: whether contested pots can be decided at all: a ranked variant and full boards
        self.rankable = can_rank and all(len(b) == 5 for b in self.boards)
        #: per board, seat -> rank (lower is better)
        self.ranks: list[dict[int, int]] = [{} for _ in self.boards]

    def best(self, eligible: tuple[int, ...], board: int, button: int | None) -> list[int]:
        """The seats holding the best hand on ``board``, in the order the odd chip travels.

        Raises what phevaluator raises for a card it cannot read."""
        ranks = self.ranks[board]
        for seat in eligible:
            if seat not in ranks:
                ranks[seat] = evaluate_cards(*self.boards[board], *self.known[seat])
        top = min(ranks[s] for s in eligible)
        winners = [s for s in eligible if ranks[s] == top]
        return winners if len(winners) == 1 else clockwise_from_button(winners, button)


def award_pots(
    pots: list[PotSlice],
    boards: list[tuple[str, ...]],
    known: dict[int, tuple[str, ...]],
    button: int | None,
    deduction: int = 0,
    can_rank: bool = True,
    mucked: frozenset[int] = frozenset(),
) -> Award:
    """Award every pot (main first); ``known`` holds the readable hole cards of each seat.

    ``payout`` is net of ``deduction`` (taken from the main pot first), ``gross`` before it: both
    come from one showdown. A pot with one contender goes to it without cards. A contested pot
    needs the cards of every contender and full boards (``can_rank`` False for variants we do
    not rank); otherwise it is listed in ``unverified`` and left unpaid here.

    ``mucked`` seats threw their hands away at the showdown: a mucked hand is dead, so it has
    no claim on a contested pot however good the cards were (unless every contender mucked).
    A ranking the evaluator refuses (malformed cards that slipped through) leaves the pot
    unverified rather than raising.
    """
    result = Award(raked=deduction != 0)
    ranker: Ranker | None = None  # made at the first contested pot: most hands have none
    left = deduction
    for index, pot in enumerate(pots):
        take = min(left, pot.amount)
        left -= take
        amount = pot.amount - take
        result.net_amounts.append(amount)
        contenders = pot.eligible
        if mucked:
            contenders = tuple([s for s in contenders if s not in mucked]) or contenders
        if not contenders:
            result.winners.append(())
        elif len(contenders) == 1:
            result.pay([[contenders[0]]], amount, pot.amount)
        else:
            if ranker is None:
                ranker = Ranker(known, boards, can_rank)
            per_board = _showdown(index, contenders, ranker, button, result)
            if per_board is None:
                result.winners.append(())
            else:
                result.pay(per_board, amount, pot.amount)
    return result


def _showdown(
    index: int, contenders: tuple[int, ...], ranker: Ranker, button: int | None, result: Award
) -> list[list[int]] | None:
    """Each board's winners of pot ``index``, or None (recorded as unverified) when the cards
    do not decide it."""
    if not ranker.rankable or not all(s in ranker.known for s in contenders):
        result.unverified.append((index, tuple(s for s in contenders if s not in ranker.known)))
        return None
    try:
        return [ranker.best(contenders, b, button) for b in range(len(ranker.boards))]
    except (ValueError, TypeError, KeyError):
        result.unverified.append((index, ()))
        return None
