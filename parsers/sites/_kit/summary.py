"""What a hand's summary says that its body may not: the board, and who won how much.

Some logs leave the street markers out (a hand all in before the flop, as some clients and
exports print it: no "*** FLOP ***" line, the cards only in the summary's "Board [..]") or
the winner's own line ("wins the pot (X)", "collected X from pot"), while the summary still
prints "Board: [Qh 8h 7h Ah Kc]" and "Seat 3: NAME showed [..] and won ($5.25) with ...".
Read as printed the hand then ends with no board, or with a pot nobody took: a false finding.
The rules, written once for every site that prints a summary (Full Tilt, PartyPoker, WPN,
Cereus, Winamax, ...):

- the summary's board is the hand's board where the body printed fewer cards *of the same
  board* (the body's cards are the summary's first ones, in order); where the two disagree
  the body's board is kept, and the engine judges it;
- a summary seat line's "won (X)" / "collected (X)" is the seat's collection only where the
  body printed no collection for anyone (never both: the body's lines are the detailed ones,
  per pot); the site module decides that, these helpers read the line.
"""

from __future__ import annotations

import re

from parsers.sites._kit.starlike import Builder, Names, cards_in

__all__ = ["SUMMARY_WON", "board_from_summary", "summary_seat_won"]

#: "won ($5.25)", "and won $10.50", "collected (1,200)", "won 0.40€", Cereus' "collected
#: Total ($1.20)": the amount's text (without brackets) is group 1, for the site's own reader.
SUMMARY_WON = re.compile(
    r"\b(?:won|collected)(?: Total)? \(?((?:[$€£] ?)?\d[\d.,]*[KkMB]?(?: ?[$€£])?)\)?")

#: "Seat 3: NAME ...": the seat number of a summary seat line.
_SEAT_NO = re.compile(r"^\s*Seat (\d+)\s*:")


def board_from_summary(b: Builder, line: str) -> bool:
    """Take the summary's "Board [..]" line as the hand's board where the body printed fewer
    of the same cards (module doc). Only a single-board hand: a run-it-twice hand's boards
    come from its runs. Returns whether the board changed."""
    if b.boards:
        return False
    cards = list(cards_in(line))
    if len(cards) <= len(b.board) or len(cards) > 5 or cards[: len(b.board)] != b.board:
        return False
    b.board = cards
    return True


def summary_seat_won(line: str, names: Names | None = None) -> tuple[int, str] | None:
    """(seat, amount text) of a summary seat line that says the seat won or collected chips;
    None for any other line ("lost", "folded", "mucked" with no amount...). With ``names``
    the words are looked for after the player's name only (a name may hold "won 5")."""
    seat = _SEAT_NO.match(line)
    if seat is None:
        return None
    start = seat.end()
    if names is not None:
        found = names.prefix(line[start:].lstrip())
        if found is not None:
            start = len(line) - len(found[1]) - 1
    won = SUMMARY_WON.search(line, max(start, seat.end()))
    if won is None:
        return None
    return int(seat[1]), won[1]
