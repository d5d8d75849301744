"""Board cards dealt after the hand ended: a rabbit hunt, never the board.

When every player but one has folded the hand is over: the pot is his, whatever cards come.
Some clients then deal the rest of the board on a player's request and print it as they print a
street ("*** FLOP *** [Kd 5s 2c]" after the last fold, a "Board [..]" of the cards nobody
played). Those cards are not the hand's board: stored as it, they would be a board that never
was (a ``wrong_board_size`` error, a hand "seen" to a street nobody reached). The rule, once for
every site that reads through :func:`parsers.sites._kit.common.with_site`: the board is cut to
the street on which the last opponent folded, and the first line that printed the cut cards is
kept as an ``ignored_line`` (an ``info`` finding with its text). A hand run more than once, or
one where no fold left a single player, is left as it is.

A rabbit-hunt line that names itself ("Rabbit hunt: [Kd 5s]") is read past by the
ignorable-line rule (:mod:`parsers.sites._kit.ignorable`) before it comes to this.
"""

from __future__ import annotations

from dataclasses import replace

from parsers.model import ActionKind, Hand, IgnoredLine, Street
from parsers.sites._kit.ignorable import clean_text

__all__ = ["BOARD_SIZE", "drop_rabbit_board", "ended_on"]

#: The actions that say a betting round went on.
_BETTING = frozenset({ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE})

#: The board cards dealt by the end of each street.
BOARD_SIZE = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}


def ended_on(hand: Hand) -> tuple[Street, int] | None:
    """The street and line of the fold that left one player in the hand, or None.

    The players are those the actions name, those dealt known cards (the hero) and those paid
    (a dealt player posts or acts before the hand can end: a seat that is listed but never
    named was not dealt in, or its folds are not printed, and it is no opponent either way).
    A hand in which anyone checks, calls, bets or raises after that fold did not end there
    (a log with lines left out): None."""
    live: set[int] = {s.seat for s in hand.seats if s.hole_cards or s.is_hero}
    live.update(c.seat for c in hand.report.collections)
    for a in hand.actions:
        if a.kind is not ActionKind.SHOW and a.kind is not ActionKind.MUCK:
            live.add(a.seat)
    if len(live) < 2:
        return None
    end: tuple[Street, int] | None = None
    for a in hand.actions:
        if end is not None:
            if a.kind in _BETTING:
                return None
        elif a.kind is ActionKind.FOLD and a.seat in live:
            live.discard(a.seat)
            if len(live) == 1:
                end = a.street, a.line
    return end


def drop_rabbit_board(hand: Hand) -> Hand:
    """``hand`` with the board cards dealt after it ended cut (module doc)."""
    if not isinstance(hand, Hand) or len(hand.boards) != 1:
        return hand  # (a test's stand-in parser may return anything)
    board = hand.boards[0]
    if not board:
        return hand
    end = ended_on(hand)
    if end is None or end[0] not in BOARD_SIZE:
        return hand
    keep = BOARD_SIZE[end[0]]
    if len(board) <= keep:
        return hand
    rabbit = board[keep:]
    lines = hand.raw_text.split("\n")
    at = next((n for n in range(max(end[1], 1), len(lines) + 1)
               if rabbit[0] in lines[n - 1]), 0)
    text = clean_text(lines[at - 1]) if at else "rabbit hunt: " + " ".join(rabbit)
    ignored = tuple(sorted((*hand.ignored_lines, IgnoredLine(at, text)),
                           key=lambda x: x.line))
    return replace(hand, boards=(board[:keep],), ignored_lines=ignored)
