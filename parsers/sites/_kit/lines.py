"""The two loops the small text sites (Enet, Unibet, Seals With Clubs, KingsClub, Cereus) share.

Each of those formats lists its seats as consecutive "Seat N: ..." lines after the header,
then prints the hand as lines read one at a time up to a summary marker. The loops around
that (where the list stops, which error an unreadable or missing seat list raises, skipping
blank lines, and locating any error at its line) were the same in every module; they live
here so a module says only what one of its lines means.

These sites' error conventions are kept as they were: an unreadable seat line is
``bad_seat``, and an amount error in a seat line is left for the caller to locate. Full Tilt,
Winamax and WPN (both its layouts) read their seat lists with the PokerStars-like conventions
(``unknown_line``, located amounts, the line's text on ``no_seats``): :func:`read_listed_seats`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from parsers.errors import ParseError
from parsers.model import Hand, IgnoredLine
from parsers.shape import HAND_START
from parsers.sites._kit.ignorable import clean_text
from parsers.text import Chunk

#: A seat's status printed after its seat line, in the sites' several ways: " - sitting out",
#: " (sitting out)", " is sitting out", " - waiting for big blind", " (waiting for BB)"...
#: A seat waiting for the big blind is at the table but not dealt in unless it posts: it is
#: marked sitting out as one that sits out is (a post or action of its own still counts).
_STATUS = re.compile(
    r"\s*(?:-\s*|\(\s*|is\s+)?(?:sitting out|sits out|sit out|"
    r"waiting for (?:the )?(?:big blind|bb)|wait(?:s|ing)? (?:for )?bb)\s*\)?$",
    re.IGNORECASE)


def seat_match(pattern: re.Pattern[str], line: str) -> tuple[re.Match[str] | None, bool]:
    """``pattern``'s match of a seat line, and whether a status suffix (:data:`_STATUS`) the
    pattern does not read had to be cut off for it to match (the seat then sits out)."""
    s = pattern.match(line)
    if s is not None:
        return s, False
    status = _STATUS.search(line)
    if status is None or status.start() == 0:
        return None, False
    return pattern.match(line[: status.start()]), True


def read_seats(lines: list[str], i: int, pattern: re.Pattern[str],
               money: Callable[[str], int]) -> tuple[dict[int, list], int]:
    """The seat list starting at line index ``i``, and the index of the line after it.

    ``pattern``'s groups are the seat number, the name, the stack (read by ``money``) and,
    where the site prints one, a sitting-out marker (a fourth group: matched means sitting
    out). Returns seat -> [name, stack, sitting_out, bounty], the Builder's row.
    """
    seats: dict[int, list] = {}
    marked = pattern.groups >= 4
    while i < len(lines) and lines[i].startswith("Seat "):
        s, out = seat_match(pattern, lines[i])
        if s is None:
            raise ParseError("bad_seat", "unreadable seat line", line=i + 1, text=lines[i])
        seats[int(s[1])] = [s[2], money(s[3]), out or (marked and s[4] is not None), None]
        i += 1
    if not seats:
        raise ParseError("no_seats", "no seat lines", line=i + 1)
    return seats, i


def read_listed_seats(lines: list[str], i: int, pattern: re.Pattern[str],
                      row: Callable[[re.Match[str]], list], skip: str | None = None,
                      missing: str = "no seat lines") -> tuple[dict[int, list], int]:
    """The seat list from line index ``i`` the PokerStars-like way, and the index after it.

    ``row`` turns a match of ``pattern`` into the Builder's row [name, stack, sitting_out,
    bounty]; an amount error it raises is located at the seat's line. A line that does not
    match is ``unknown_line``; a ``Seat`` line ending with ``skip`` is a notice, passed over.
    No seat at all is ``no_seats``, said in the site's words (``missing``).
    """
    seats: dict[int, list] = {}
    n = len(lines)
    while i < n and lines[i].startswith("Seat "):
        if skip is not None and lines[i].endswith(skip):
            i += 1
            continue
        s, out = seat_match(pattern, lines[i])
        if not s:
            raise ParseError("unknown_line", "cannot read seat", line=i + 1, text=lines[i])
        try:
            seats[int(s[1])] = row(s)
            if out:
                seats[int(s[1])][2] = True
        except ParseError as err:
            raise err.with_context(line=i + 1, text=lines[i]) from None
        i += 1
    if not seats:
        raise ParseError("no_seats", missing, line=i + 1, text=lines[i] if i < n else "")
    return seats, i


def read_body(lines: list[str], start: int, read: Callable[[str, int], bool | None],
              end: str | None) -> int:
    """Feed each non-empty line from index ``start`` to ``read(line, line_number)``.

    ``read`` returns True at the line that ends the body (the summary marker ``end``); the
    index of that line is returned. Without such a line the hand is ``truncated_hand``, unless
    ``end`` is None (a format with no summary: every line is body, and ``len(lines)`` is
    returned). A ParseError from ``read`` is given the line's number and text.
    """
    for k in range(start, len(lines)):
        line = lines[k]
        if not line:
            continue
        try:
            if read(line, k + 1):
                return k
        except ParseError as err:
            raise err.with_context(line=k + 1, text=line) from None
    if end is not None:
        raise ParseError("truncated_hand", f"no '{end}' line", line=len(lines), text=lines[-1])
    return len(lines)


def after_end(lines: list[str], is_end: Callable[[str], bool]
              ) -> tuple[list[str], tuple[IgnoredLine, ...]]:
    """A hand's lines up to its end line (the last one ``is_end`` accepts: "Game ended ...",
    "***** End of hand ..."), and the lines after it as ignored lines.

    What a client writes after a hand's end moves none of its chips: chat after the summary,
    a table's or tournament's notices, a finish line. Each is kept as an ``ignored_line``
    finding with its text. The lines are returned unchanged when no line is an end line, or
    when a line after the last one may start a hand (another layout's header glued on: not
    this hand's to read past), so the site's own error stands.
    """
    last = len(lines) - 1
    while last >= 0 and not lines[last].strip():
        last -= 1
    end = last
    while end >= 0 and not is_end(lines[end]):
        end -= 1
    if end < 0 or end == last:
        return lines, ()
    rest = lines[end + 1 : last + 1]
    if any(HAND_START.match(line) for line in rest):
        return lines, ()
    ignored = tuple(IgnoredLine(end + 2 + k, clean_text(line))
                    for k, line in enumerate(rest) if line.strip())
    return lines[: end + 1], ignored


def read_to_end(parse_fn: Callable[[Chunk, str], Hand], is_end: Callable[[str], bool]
                ) -> Callable[[Chunk, str], Hand]:
    """``parse_fn`` for a format whose hand ends with an end line: the lines after it
    (:func:`after_end`) are left out of what ``parse_fn`` reads and put on the hand as ignored
    lines; the hand keeps the chunk's whole text."""

    def parse(chunk: Chunk, file: str = "") -> Hand:
        lines, ignored = after_end(chunk.text.split("\n"), is_end)
        if not ignored:
            return parse_fn(chunk, file)
        hand = parse_fn(Chunk("\n".join(lines), chunk.offset, chunk.line), file)
        return replace(hand, raw_text=chunk.text,
                       ignored_lines=tuple(sorted(hand.ignored_lines + ignored,
                                                  key=lambda x: x.line)))

    return parse
