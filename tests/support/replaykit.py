"""What engine tests ask of a replay, and the hand shapes they build again and again.

Beside :mod:`handbuilder` (which writes a hand like a hand history): reading the findings
(:func:`codes`, :func:`errors`), a seat's result (:func:`seat`), a table of identical stacks
(:func:`table`), two or three seats with the blinds posted (:func:`heads_up`,
:func:`three_handed`), and a hand checked down street after street (:func:`check_down`), so
a scenario test says only what is particular to its rule.
"""

from __future__ import annotations

from parsers.model import Hand
from pipeline.engine import Replay, SeatResult, Severity, replay
from tests.support.handbuilder import HandBuilder

#: The flop, turn and river that most scenarios deal when only the betting matters.
BOARD = ("2c 3d 4h", "5s", "9d")


def _replayed(hand_or_replay: Hand | Replay) -> Replay:
    return replay(hand_or_replay) if isinstance(hand_or_replay, Hand) else hand_or_replay


def codes(hand_or_replay: Hand | Replay, severity: Severity | None = None) -> list[str]:
    """The finding codes of a replay (a Hand is replayed first), of one severity if given."""
    return [f.code for f in _replayed(hand_or_replay).findings
            if severity is None or f.severity is severity]


def errors(hand_or_replay: Hand | Replay) -> list[tuple[str, str]]:
    """(code, message) of every error finding: ``[]`` is a clean hand."""
    return [(f.code, f.message) for f in _replayed(hand_or_replay).findings
            if f.severity is Severity.ERROR]


def seat(r: Replay, n: int) -> SeatResult:
    """Seat ``n``'s result."""
    return next(s for s in r.seats if s.seat == n)


def table(n: int = 3, stack: int = 1000, **kw: object) -> HandBuilder:
    """Seats 1..n named AAA, BBB, ... with ``stack`` each; ``kw`` goes to HandBuilder."""
    b = HandBuilder(**kw)  # type: ignore[arg-type]
    for i in range(1, n + 1):
        b.seat(i, "ABCDEFGHIJ"[i - 1] * 3, stack)
    return b


#: A seat as :func:`heads_up` takes it: number, name, stack, hole cards (None: unseen).
SeatSpec = tuple[int, str, int, str | None]


def heads_up(first: SeatSpec, second: SeatSpec, **kw: object) -> HandBuilder:
    """Two seats, blinds posted: ``first`` on the button posts the small blind, ``second`` the
    big one (the heads-up rule). ``kw`` goes to HandBuilder (sb, bb, game...); the button is
    ``first``'s seat. The two-handed start of most money and showdown scenarios."""
    b = HandBuilder(button=first[0], **kw)  # type: ignore[arg-type]
    for number, name, stack, hole in (first, second):
        b.seat(number, name, stack, hole)
    return b.post_sb(first[0]).post_bb(second[0])


def three_handed(a: int = 1000, b: int = 1000, c: int = 1000) -> HandBuilder:
    """Seats 1-3 named A, B, C with these stacks, button 1, the blinds posted by 2 and 3: the
    start of the size and order rules' scenarios, where one short stack is the point."""
    return (HandBuilder(button=1).seat(1, "A", a).seat(2, "B", b).seat(3, "C", c)
            .post_sb(2).post_bb(3))


def check_down(b: HandBuilder, order: tuple[int, ...], *streets: str) -> HandBuilder:
    """Deal the flop, then the turn, then the river (one per text in ``streets``; "" deals a
    street without cards) and have every seat in ``order`` check on each."""
    for deal, cards in zip((b.flop, b.turn, b.river), streets, strict=False):
        deal(cards)
        for s in order:
            b.check(s)
    return b
