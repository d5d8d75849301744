"""Cards and the showdown: board size and duplicate-card rules, then awarding pots (best five
of seven, ties split, the odd chip, run-it-twice).

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

from phevaluator import evaluate_cards

from parsers.model import Hand, Street
from pipeline.engine.codes import finding
from pipeline.engine.pots import PotSlice
from pipeline.engine.result import Finding

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


class Award:
    """The outcome of the showdown(s) for all pots (a plain slotted class: one per hand)."""

    __slots__ = ("payout", "gross", "winners", "net_amounts", "unverified")

    def __init__(self) -> None:
        self.payout: dict[int, int] = {}
        #: the same showdowns paid before rake and fees (the very dict ``payout`` when none)
        self.gross: dict[int, int] = self.payout
        self.winners: list[tuple[int, ...]] = []
        self.net_amounts: list[int] = []
        #: indexes of pots whose winner cannot be determined (unknown cards), with the seats
        #: lacking
        self.unverified: list[tuple[int, tuple[int, ...]]] = []


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
    mucked: frozenset[int] = frozenset(),
) -> Award:
    """Award every pot; ``known`` holds the readable hole cards of each seat (two cards each).

    ``payout`` is net of ``deduction`` (taken from the main pot first), ``gross`` before it: both
    come from one pass, so a raked hand is ranked once. A pot with one eligible seat goes to it
    without cards. A contested pot needs the cards of every eligible seat and a full board
    (``can_rank`` False for variants we do not rank); otherwise it is listed in ``unverified``
    and left unpaid here.

    ``mucked`` seats threw their hands away at the showdown: a mucked hand is dead, so it has
    no claim on a contested pot however good the cards were (unless every contender mucked).
    A ranking the evaluator refuses (malformed cards that slipped through) leaves the pot
    unverified rather than raising.
    """
    result = Award()
    payout = result.payout
    if deduction:
        result.gross = {}
    gross = result.gross
    boards = [b for b in boards if b] or [()]
    n_boards = len(boards)
    ranker: Ranker | None = None
    left = deduction
    for index, pot in enumerate(pots):
        full = pot.amount
        take = min(left, full)
        left -= take
        amount = full - take
        result.net_amounts.append(amount)
        eligible = pot.eligible
        if len(eligible) == 1:
            seat = eligible[0]
            payout[seat] = payout.get(seat, 0) + amount
            if deduction:
                gross[seat] = gross.get(seat, 0) + full
            result.winners.append(eligible)
            continue
        if not eligible:
            result.winners.append(())
            continue
        if mucked:
            live = tuple(s for s in eligible if s not in mucked)
            if len(live) == 1:
                seat = live[0]
                payout[seat] = payout.get(seat, 0) + amount
                if deduction:
                    gross[seat] = gross.get(seat, 0) + full
                result.winners.append(live)
                continue
            if live:
                eligible = live
        missing = tuple(s for s in eligible if s not in known)
        if missing or not can_rank or any(len(b) != 5 for b in boards):
            result.unverified.append((index, missing))
            result.winners.append(())
            continue
        if ranker is None:
            ranker = Ranker(known, boards)
        try:
            all_ranks = [{s: ranker.rank(s, b) for s in eligible} for b in range(n_boards)]
        except (ValueError, TypeError, KeyError):
            result.unverified.append((index, ()))
            result.winners.append(())
            continue
        pot_winners: set[int] = set()
        for b in range(n_boards):
            ranks = all_ranks[b]
            best = min(ranks.values())
            winners = clockwise_from_button([s for s in eligible if ranks[s] == best], button)
            pot_winners.update(winners)
            # Net and gross are split by the same showdown: one ranking serves both.
            for target, chips in (
                ((payout, amount), (gross, full)) if deduction else ((payout, amount),)
            ):
                share, first_extra = divmod(chips, n_boards)
                board_amount = share + (first_extra if b == 0 else 0)
                for seat, won in split(board_amount, winners).items():
                    target[seat] = target.get(seat, 0) + won
        result.winners.append(tuple(sorted(pot_winners)))
    return result


# ---- card rules (checked before the showdown) ------------------------------------------------

_BOARD_SIZE = (0, 3, 4, 5, 5)
_ENDED_ON = ("preflop", "the flop", "the turn", "the river", "showdown")


def check_boards(hand: Hand, last_street: Street, showdown: bool, out: list[Finding]) -> None:
    """Each board holds exactly the cards of the streets the hand reached."""
    expected = 5 if showdown else _BOARD_SIZE[last_street]
    boards = hand.boards or ((),)
    for i, board in enumerate(boards):
        n = len(board)
        if n == expected or (showdown and len(boards) == 1 and n == 5):
            continue
        which = f"board {i + 1}" if len(boards) > 1 else "the board"
        reason = (
            "the hand went to showdown"
            if showdown
            else (f"the hand ended on {_ENDED_ON[last_street]}")
        )
        out.append(
            finding(
                "wrong_board_size",
                f"{which} has {n} cards: {reason}, so it needs {expected}",
            )
        )


def check_duplicate_cards(
    hand: Hand, known: dict[int, tuple[str, ...]], out: list[Finding]
) -> None:
    """No card twice across hole cards, shows and the boards (shared run cards counted once)."""
    boards = [b for b in hand.boards if b]
    if len(boards) <= 1:  # the common case, checked in one go; the walk below words findings
        cards = [c for cs in known.values() for c in cs]
        if boards:
            cards.extend(boards[0])
        if len(set(cards)) == len(cards):
            return
    prefix = 0
    if len(boards) > 1:
        first = boards[0]
        while prefix < len(first) and all(
            len(b) > prefix and b[prefix] == first[prefix] for b in boards
        ):
            prefix += 1
    if len(set(boards)) < len(boards):
        out.append(finding("duplicate_card", "two runs of the board are identical"))
    seen: dict[str, str] = {}
    names = {s.seat: s.player for s in hand.seats}

    def see(card: str, where: str) -> None:
        if card in ("", "??", "xx", "Xx"):
            return
        if card in seen:
            out.append(
                finding("duplicate_card", f"card {card} appears in {seen[card]} and in {where}")
            )
        else:
            seen[card] = where

    for seat, cards in known.items():
        for c in cards:
            see(c, f"the hole cards of seat {seat} ({names.get(seat, '?')})")
    if boards:
        for c in boards[0][:prefix]:
            see(c, "the board")
        for i, b in enumerate(boards):
            for c in b[prefix:]:
                see(c, f"board {i + 1}" if len(boards) > 1 else "the board")
