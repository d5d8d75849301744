"""What hand-history text looks like, whatever site wrote it: the evidence behind "nothing
vanishes".

A file no format claims used to be skipped, its hands gone without a trace. Two questions,
answered here without knowing any site, decide what happens to it instead:

- **Does it hold hand histories?** (:func:`evidence`, :func:`looks_like_hands`). Every site's
  text log, in every language and layout seen, prints three kinds of line: a *hand start*
  (a line naming a hand or game by number: "... Hand #123", "Game #123", "#Game No : 123",
  "***** Hand History for Game 123 *****", "HandId: #5-1-2", "Stage #9: ..."), *seat lines*
  ("Seat 3: NAME (1,500)", "Seat 3 - NAME ($2)") and *action lines* (a word, then a betting
  verb: "NAME: folds", "NAME calls 20", "NAME posts big blind"). The heuristic, kept honest:
  at least two of the three kinds, with at least two seat or action lines between them, or
  many action lines alone (a fragment cut out of a log). A tournament summary has neither
  seats nor actions; a CSV, a note or an image has none of them; program source that quotes
  hands in its strings (three lines or more of code) is not a hand-history file.
- **Where does each hand start?** (:func:`first_hand_start`, :func:`split_unknown`): at the
  hand-start lines; a file with none is one piece.

:func:`parsers.registry.detect` uses :func:`first_hand_start` to skip leading junk lines
before it sniffs again; :mod:`pipeline.ingest.parse` uses the rest to reject an unclaimed
hand-history file hand by hand (``unknown_format``) instead of skipping it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from parsers.text import Chunk, split_hands

__all__ = ["HAND_START", "Evidence", "evidence", "first_hand_start", "hand_starts",
           "leading_hand_text", "looks_like_hands", "split_unknown"]

#: A line that starts a hand: a hand/game word then a number, in the sites' wordings and a few
#: languages (hand, game, main, mano, partie, spiel, jeu, hand history, "#Game No").
HAND_START = re.compile(
    r"^[\ufeff \t*#]*(?:\S[^\n]{0,80}?[ \t])?"
    r"(?:hand|game|main|mano|partie|partida|spiel|jeu|stage|handid|game ?no|hand ?history)"
    r"(?:[ \t]+(?:for|of|de|du|for game|id))?[ \t]*(?:#|no\.?|n°|id:?|:)?[ \t]*:?[ \t]*#?\d[\w-]*",
    re.IGNORECASE,
)

#: A seat line: "Seat 3: NAME (...)", "Seat 3 - NAME", "Seat 3: NAME 1,500", "Siège 3 : ...".
_SEAT = re.compile(r"^[ \t]*(?:seat|si[eè]ge|sitz|asiento|posto|plaats)[ \t+]*#?\d+[ \t]*[:\-]",
                   re.IGNORECASE)

#: An action line: a name (any word run), then a betting verb, in English and a few
#: languages; the verb must follow the name, not start the line (so prose rarely matches).
_ACTION = re.compile(
    r"^[ \t]*\S.{0,60}?[: ][ \t]*(?:folds|checks|calls|bets|raises|posts|is all-in|all-in|"
    r"mucks|shows|collected|wins|passe|suit|relance|mise|paga|apuesta|sube|"
    r"se retire|checkt|setzt|erhöht|geht mit)\b",
    re.IGNORECASE,
)

#: A street or section marker ("*** HOLE CARDS ***", "** Dealing Flop **", "*** SUMMARY ***"):
#: counted with the actions, as it is as much a line of a hand's play.
_STREET = re.compile(
    r"^[ \t]*\*{2,5} ?(?:hole cards|pocket cards|pre-?flop|flop|turn|river|first|second|"
    r"show ?down|summary|dealing|dealt)\b", re.IGNORECASE)

#: A line of program source: a file of code that quotes hands in strings (a parser's tests)
#: is not a hand-history file, however many hand lines its strings hold.
_CODE = re.compile(
    r"^[ \t]*(?:'use strict'|\"use strict\"|(?:export )?(?:const|let|var) \w+ *=|import |"
    r"export |from [\w.]+ import|def \w+\(|class \w+|function\b|module\.exports|#include|"
    r"package \w|public |private |(?:test|describe|it|assert\w*)\(|\}\)?;?$)"
)

#: The lines of a hand's end that are neither seats nor actions: its pot, rake and board, an
#: uncalled bet, hole cards ("Total Pot($1.75) | Rake ($0.08)", "Board [Js 7c 2h]").
_HAND_END = re.compile(
    r"^[ \t]*(?:total pot|rake\b|board\b|main pot|side pot|uncalled bet|dealt to\b)",
    re.IGNORECASE)

#: How much of the text the evidence is gathered from (the first hands, not the first line).
EVIDENCE_CHARS = 16384


@dataclass(frozen=True, slots=True)
class Evidence:
    """How many lines of each kind the head of a text holds."""

    hand_starts: int
    seats: int
    actions: int
    code: int = 0
    #: the non-blank lines looked at, of any kind
    lines: int = 0

    @property
    def kinds(self) -> int:
        return (self.hand_starts > 0) + (self.seats > 0) + (self.actions > 0)


def evidence(text: str, limit: int = EVIDENCE_CHARS) -> Evidence:
    """Count the hand-start, seat and action lines in the first ``limit`` characters."""
    starts = seats = actions = code = lines = 0
    for line in text[:limit].split("\n"):
        if not line.strip():
            continue
        lines += 1
        if len(line) > 400:
            continue  # a line of CSV, code or base64: not a log line
        if _CODE.match(line):
            code += 1
        elif _SEAT.match(line):
            seats += 1
        elif _ACTION.match(line) or _STREET.match(line):
            actions += 1
        elif HAND_START.match(line):
            starts += 1
    return Evidence(starts, seats, actions, code, lines)


def looks_like_hands(text: str) -> bool:
    """Whether the text holds hand histories (the module's heuristic)."""
    ev = evidence(text)
    if ev.code >= 3:
        return False  # program source quoting hands (a parser's test data)
    if ev.kinds >= 2 and ev.seats + ev.actions >= 2:
        return True
    return ev.actions >= 5  # a fragment of a log: actions with no header or seats kept


#: :data:`HAND_START` at the start of any line (``match`` at a position past the text's start
#: would never see its ``^``).
_HAND_START_LINES = re.compile(HAND_START.pattern, re.IGNORECASE | re.MULTILINE)


def hand_starts(text: str, limit: int = EVIDENCE_CHARS) -> Iterator[int]:
    """The offsets of the hand-start lines in the first ``limit`` characters, in order."""
    for m in _HAND_START_LINES.finditer(text, 0, limit):
        yield m.start()


def first_hand_start(text: str, limit: int = EVIDENCE_CHARS) -> int:
    """The offset of the first hand-start line in the first ``limit`` characters (0 when the
    text starts with one, or holds none there)."""
    return next(hand_starts(text, limit), 0)


def split_unknown(text: str, encoding: str = "utf-8", data: bytes | None = None) -> list[Chunk]:
    """An unclaimed hand-history text cut into pieces: one per hand-start line, with any text
    before the first one a piece of its own when it holds seat or action lines; the whole text
    as one piece when it has no hand-start line."""
    chunks = split_hands(text, encoding, HAND_START, data)
    if not chunks:
        return [Chunk(text, 0, 1)] if text.strip() else []
    lead = leading_hand_text(text, chunks[0])
    if lead is not None:
        chunks.insert(0, lead)
    return chunks


def leading_hand_text(text: str, first: Chunk) -> Chunk | None:
    """The text before a file's first hand chunk, as a piece of its own, when its lines are
    mostly seat or action lines (the end of a hand whose start the file does not hold: a log
    cut at its head, or copied from the middle of a session); None when it is empty or only a
    banner, a client's notices, an XML prolog, a session header or program source. A
    claimed file's import rejects it with its raw text (:mod:`pipeline.ingest.parse`), so
    nothing before the first hand vanishes."""
    lead = first.line - 1  # lines before the first hand
    preamble = "\n".join(text.split("\n", lead)[:lead]).rstrip()
    if not preamble.strip():
        return None
    ev = evidence(preamble)
    if ev.code >= 3:
        return None  # program source that quotes hands (a parser's test data), not a log
    played = ev.seats + ev.actions
    if not played:
        return None
    # Mostly hand lines: a client's notices, a licence or a welcome text may word one line as
    # an action could ("bob wins the Sunday Million"), and are still not a hand's end.
    ends = sum(1 for line in preamble[:EVIDENCE_CHARS].split("\n") if _HAND_END.match(line))
    return Chunk(preamble, 0, 1) if 2 * (played + ends) >= ev.lines else None
