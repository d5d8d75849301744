"""Cards and the showdown: board size and duplicate-card rules, then awarding pots (best five
of seven, ties split, the odd chip, run-it-twice).

Ranking uses phevaluator (a C perfect-hash lookup; lower is better) and is only called when a
pot has two or more contenders, once per seat and board. Cards go in as phevaluator's integer
ids (rank * 4 + suit) from a table built at import: converting our two-character strings inside
the evaluator on every call cost more than the lookup itself.

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
from phevaluator.card import Card

try:  # the C seven-card entry point, fed integer ids directly (phevaluator >= 0.6)
    from phevaluator._pheval import evaluate_7cards as _evaluate_7
except ImportError:  # older releases: the public function, which also takes integer ids
    _evaluate_7 = evaluate_cards

from parsers.model import Hand, Street
from pipeline.engine.codes import finding
from pipeline.engine.pots import PotSlice
from pipeline.engine.result import Finding

_RANKS = frozenset("23456789TJQKA")
_SUITS = frozenset("cdhs")
#: Our card strings -> phevaluator's card ids (rank * 4 + suit, clubs diamonds hearts spades).
CARD_IDS: dict[str, int] = {
    r + s: 4 * i + j for i, r in enumerate("23456789TJQKA") for j, s in enumerate("cdhs")
}


def card_ids(cards: tuple[str, ...]) -> tuple[int, ...]:
    """phevaluator ids of ``cards``; spellings outside the table (upper-case suits, ints) go
    through phevaluator's own conversion, which raises on what it cannot read."""
    try:
        return tuple(map(CARD_IDS.__getitem__, cards))
    except (KeyError, TypeError):
        return tuple(map(Card.to_id, cards))


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
    """Ranks each (seat, board) once however many pots, from card ids converted once."""

    __slots__ = ("known", "boards", "board_ids", "ranks")

    def __init__(self, known: dict[int, tuple[str, ...]], boards: list[tuple[str, ...]]) -> None:
        self.known = known
        self.boards = boards
        #: per board: its card ids, and seat -> rank; filled on first use (inside the caller's
        #: error guard: a card the evaluator refuses raises from here)
        self.board_ids: list[tuple[int, ...] | None] = [None] * len(boards)
        self.ranks: list[dict[int, int]] = [{} for _ in boards]

    def best(self, eligible: tuple[int, ...], board: int, button: int | None) -> list[int]:
        """The seats holding the best hand on ``board``, in the order the odd chip travels.

        Each seat is ranked on first need and kept for the later pots (a side pot's seats were
        ranked for the main pot, as a rule); the lookups and the minimum run in C.
        """
        ranks = self.ranks[board]
        if not all(map(ranks.__contains__, eligible)):
            self._rank(eligible, board, ranks)
        got = list(map(ranks.__getitem__, eligible))
        top = min(got)
        if got.count(top) == 1:
            return [eligible[got.index(top)]]
        winners = [s for s, r in zip(eligible, got, strict=True) if r == top]
        return clockwise_from_button(winners, button)

    def _rank(self, seats: tuple[int, ...], board: int, ranks: dict[int, int]) -> None:
        """Rank on ``board`` each of ``seats`` not ranked yet (into ``ranks``)."""
        ids = self.board_ids[board]
        if ids is None:
            ids = self.board_ids[board] = card_ids(self.boards[board])
        known, card_id = self.known, CARD_IDS.get
        # The board's five ids as plain arguments: a starred call builds a tuple per seat.
        c0, c1, c2, c3, c4 = ids if len(ids) == 5 else (None,) * 5
        for s in seats:
            if s not in ranks:
                hole = known[s]
                if len(hole) == 2 and c0 is not None:
                    a, b = card_id(hole[0]), card_id(hole[1])
                    if a is not None and b is not None:
                        ranks[s] = _evaluate_7(c0, c1, c2, c3, c4, a, b)
                        continue
                # any other count or spelling: phevaluator's general entry point
                ranks[s] = evaluate_cards(*ids, *card_ids(hole))


def award_pots(
    pots: list[PotSlice],
    boards: list[tuple[str, ...]],
    known: dict[int, tuple[str, ...]],
    button: int | None,
    deduction: int = 0,
    can_rank: bool = True,
    mucked: frozenset[int] = frozenset(),
) -> Award:
    """``award`` for a list of ``PotSlice`` (see there)."""
    return award(
        [p.amount for p in pots],
        [p.eligible for p in pots],
        boards,
        known,
        button,
        deduction,
        can_rank,
        mucked,
    )


def award(
    amounts: list[int],
    eligibles: list[tuple[int, ...]],
    boards: list[tuple[str, ...]],
    known: dict[int, tuple[str, ...]],
    button: int | None,
    deduction: int = 0,
    can_rank: bool = True,
    mucked: frozenset[int] = frozenset(),
) -> Award:
    """Award every pot (``amounts[i]`` chips among the seats ``eligibles[i]``, the two lists
    ``pots.slices`` returns); ``known`` holds the readable hole cards of each seat.

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
    net_amounts, pot_winners = result.net_amounts, result.winners
    rankable: bool | None = None  # judged at the first contested pot: most hands have none
    ranker: Ranker | None = None
    left = deduction
    for index, full in enumerate(amounts):
        amount = full
        if left:
            take = min(left, full)
            left -= take
            amount = full - take
        net_amounts.append(amount)
        eligible = eligibles[index]
        if len(eligible) == 1:
            seat = eligible[0]
            payout[seat] = payout.get(seat, 0) + amount
            if deduction:
                gross[seat] = gross.get(seat, 0) + full
            pot_winners.append(eligible)
            continue
        if not eligible:
            pot_winners.append(())
            continue
        if mucked:
            live = tuple(s for s in eligible if s not in mucked)
            if len(live) == 1:
                seat = live[0]
                payout[seat] = payout.get(seat, 0) + amount
                if deduction:
                    gross[seat] = gross.get(seat, 0) + full
                pot_winners.append(live)
                continue
            if live:
                eligible = live
        if rankable is None:
            if len(boards) != 1 or len(boards[0]) != 5:  # one full board: nothing to drop
                boards = [b for b in boards if b] or [()]
            rankable = can_rank and all(len(b) == 5 for b in boards)
        if not rankable or not all(map(known.__contains__, eligible)):
            missing = tuple([s for s in eligible if s not in known])
            result.unverified.append((index, missing))
            pot_winners.append(())
            continue
        if ranker is None:
            ranker = Ranker(known, boards)
        try:
            if len(boards) == 1:
                per_board = [ranker.best(eligible, 0, button)]
            else:
                per_board = [ranker.best(eligible, b, button) for b in range(len(boards))]
        except (ValueError, TypeError, KeyError):
            result.unverified.append((index, ()))
            pot_winners.append(())
            continue
        first = per_board[0]
        if len(first) == 1 and len(per_board) == 1:
            # The common showdown: one board, one winner takes the whole pot.
            seat = first[0]
            payout[seat] = payout.get(seat, 0) + amount
            if deduction:
                gross[seat] = gross.get(seat, 0) + full
            pot_winners.append((seat,))
            continue
        _share_out(per_board, payout, amount, gross if deduction else None, full)
        pot_winners.append(tuple(sorted({s for winners in per_board for s in winners})))
    return result


def _share_out(
    per_board: list[list[int]],
    payout: dict[int, int],
    amount: int,
    gross: dict[int, int] | None,
    full: int,
) -> None:
    """Split a pot between boards (the remainder to the first) and each board's share between
    its winners; net and gross are split by the same showdown: one ranking serves both."""
    n_boards = len(per_board)
    for b, winners in enumerate(per_board):
        for target, chips in (
            ((payout, amount), (gross, full)) if gross is not None else ((payout, amount),)
        ):
            share, first_extra = divmod(chips, n_boards)
            board_amount = share + (first_extra if b == 0 else 0)
            for seat, won in split(board_amount, winners).items():
                target[seat] = target.get(seat, 0) + won


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
    if len(hand.boards) <= 1:  # the common case, checked in one go; the walk below words findings
        cards = sum(known.values(), hand.boards[0] if hand.boards else ())
        if len(set(cards)) == len(cards):
            return
    boards = [b for b in hand.boards if b]
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
