"""Awarding pots: best five of seven, ties split, the odd chip, run-it-twice.

Ranking uses ``phevaluator.evaluate_cards`` (a C perfect-hash lookup; lower is better) and is
only called when a pot has two or more contenders, once per seat and board.

Conventions (PokerStars' and most sites' rules; documented because they decide cents):
- a tie splits the pot evenly; the chips that do not divide go one each to the winners in
  clockwise order starting from the first seat left of the button;
- run it twice/three times: each pot is divided by the number of boards, the remainder going
  to the first board, and each board's share is awarded by that board's showdown;
- rake and fees come off the main pot first (then the next pot if the main is smaller), before
  the per-board division; this is how PokerStars prints its pots and collections.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from phevaluator import evaluate_cards

from pipeline.engine.pots import PotSlice

_RANKS = frozenset("23456789TJQKA")
_SUITS = frozenset("cdhs")


def valid_card(card: str) -> bool:
    return len(card) == 2 and card[0] in _RANKS and card[1] in _SUITS


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


@dataclass(slots=True)
class Award:
    """The outcome of the showdown(s) for all pots."""

    payout: dict[int, int] = field(default_factory=dict)
    winners: list[tuple[int, ...]] = field(default_factory=list)
    net_amounts: list[int] = field(default_factory=list)
    #: indexes of pots whose winner cannot be determined (unknown cards), with the seats lacking
    unverified: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)


class Ranker:
    """Caches one rank per (seat, board) so a hand is evaluated once however many pots."""

    __slots__ = ("known", "boards", "cache")

    def __init__(self, known: dict[int, tuple[str, ...]], boards: list[tuple[str, ...]]) -> None:
        self.known = known
        self.boards = boards
        self.cache: dict[tuple[int, int], int] = {}

    def rank(self, seat: int, board: int) -> int:
        key = (seat, board)
        r = self.cache.get(key)
        if r is None:
            r = evaluate_cards(*self.boards[board], *self.known[seat])
            self.cache[key] = r
        return r


def award_pots(
    pots: list[PotSlice],
    boards: list[tuple[str, ...]],
    known: dict[int, tuple[str, ...]],
    button: int | None,
    deduction: int = 0,
    can_rank: bool = True,
) -> Award:
    """Award every pot; ``known`` holds the readable hole cards of each seat (two cards each).

    A pot with one eligible seat goes to it without cards. A contested pot needs the cards of
    every eligible seat and a full board (``can_rank`` False for variants we do not rank);
    otherwise it is listed in ``unverified`` and left unpaid here.
    """
    result = Award()
    boards = [b for b in boards if b] or [()]
    n_boards = len(boards)
    ranker = Ranker(known, boards)
    left = deduction
    payout = result.payout
    for index, pot in enumerate(pots):
        take = min(left, pot.amount)
        left -= take
        amount = pot.amount - take
        result.net_amounts.append(amount)
        eligible = pot.eligible
        if len(eligible) == 1:
            seat = eligible[0]
            payout[seat] = payout.get(seat, 0) + amount
            result.winners.append(eligible)
            continue
        if not eligible:
            result.winners.append(())
            continue
        missing = tuple(s for s in eligible if s not in known)
        if missing or not can_rank or any(len(b) != 5 for b in boards):
            result.unverified.append((index, missing))
            result.winners.append(())
            continue
        share, first_extra = divmod(amount, n_boards)
        pot_winners: set[int] = set()
        for b in range(n_boards):
            ranks = {s: ranker.rank(s, b) for s in eligible}
            best = min(ranks.values())
            winners = clockwise_from_button([s for s in eligible if ranks[s] == best], button)
            board_amount = share + (first_extra if b == 0 else 0)
            for seat, chips in split(board_amount, winners).items():
                payout[seat] = payout.get(seat, 0) + chips
            pot_winners.update(winners)
        result.winners.append(tuple(sorted(pot_winners)))
    return result
