"""An iPoker game that stops before the hand's end: a ``truncated_hand``, never a hand.

Two kinds of export stop mid-hand, and neither says so:

- a session file written while the hand was still being played (or cut when the client
  closed): the blinds and some actions, and no player with a ``win``;
- histories converted into iPoker's XML from a fast-fold ("Zone") table, where the hero's
  client sees the hand only until he folds and moves on: the converter ends the game at his
  fold and either pays nobody or gives each player back exactly his own chips (``win`` equal
  to ``bet``), with players still in and the board never dealt.

A hand always pays someone more than he put in, except a split of equal stakes, which is a
hand played to its end: a full board, or one player left. So a game where nobody is paid, or
where nobody gains while two or more players are still in and the board is not complete, is
cut. Replayed, it would read as unclosed rounds and a showdown without a board (three error
findings on a hand the site never finished); rejected, its raw text is kept with the reason.
"""

from __future__ import annotations

from parsers.errors import ParseError
from parsers.model import Action, ActionKind

__all__ = ["put_in", "reject_if_cut"]

_NO_CHIPS = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.UNCALLED_RETURN,
                       ActionKind.PROTECTED})


def _cut(detail: str) -> ParseError:
    return ParseError("truncated_hand", f"{detail}: the export stops before the hand's end",
                      line=1)


def put_in(actions: list[Action], seat: int) -> int:
    """The chips ``seat`` puts in over the hand (before any return): the least stack the
    export proves he had."""
    return sum(a.amount for a in actions if a.seat == seat and a.kind not in _NO_CHIPS)


def reject_if_cut(actions: list[Action], board_size: int, wins: dict[int, int],
                  returned: dict[int, int], wins_hold_returns: bool) -> None:
    """Raise ``truncated_hand`` where the game stops before its end (module docstring).

    ``wins`` is each seat's ``win``; it holds the seat's uncalled return where
    ``wins_hold_returns`` (exports before ``uncalled_bet_enabled``)."""
    if not any(won > 0 for won in wins.values()):
        raise _cut("no player wins anything")
    if board_size >= 5:
        return
    folded = {a.seat for a in actions if a.kind is ActionKind.FOLD}
    putters = {a.seat for a in actions if a.kind not in _NO_CHIPS}
    still_in = [seat for seat in putters if seat not in folded]
    if len(still_in) < 2:
        return
    for seat, won in wins.items():
        got = won if wins_hold_returns else won + returned.get(seat, 0)
        if got > put_in(actions, seat):
            return
    raise _cut(f"{len(still_in)} players still in, the board not dealt and nobody paid more "
               "than his own chips")
