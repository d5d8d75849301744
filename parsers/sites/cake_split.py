"""Cake network files: hands split on their ``Hand#`` header, and the headless fragment cut off.

The network's later (Horizon) client, when the hero leaves a tournament table, writes "Player
left the table" after the hand he saw end, then goes on writing actions of a hand at that table
whose header and seats it never wrote::

    skromnjaga wins 8 178 with Pair of Aces
    <blank lines>
    Player left the table
    BISHUACES: folds
    dakota_472: checks
    *** FLOP *** [Tc,6h,Qc]
    ...
    Preacher777 wins 375

Split on the header alone, that fragment trails the hand before, whose reader stops at the
first name it does not seat: the finished hand was lost as ``unknown_line``. Here the fragment
is a chunk of its own, read as the ``truncated_hand`` it is (the reader says so); a "Player
left the table" followed by table snapshots ("Dealer: Seat 0" and seat lines) starts no
fragment, since those are read past with the hand (:func:`parsers.sites.cake._snapshots_from`).
"""

from __future__ import annotations

import re

from parsers.text import Chunk, split_hands

__all__ = ["FRAGMENT_START", "split_fragments"]

#: The line a fragment starts with.
FRAGMENT_START = "Player left the table"

#: "Player left the table" after a blank line, followed by a line that is no snapshot's.
_FRAGMENT = re.compile(r"\n[ \t]*\n(" + FRAGMENT_START + r")[ \t]*\n(?!Dealer: Seat |Seat \d+: )"
                       r"[^\n]*: ")


def split_fragments(text: str, encoding: str, header: re.Pattern[str],
                    data: bytes | None) -> list[Chunk]:
    """The file's chunks: one per ``header`` line, each with a headless fragment (module
    docstring) cut off into a chunk of its own."""
    out: list[Chunk] = []
    for chunk in split_hands(text, encoding, header, data):
        out.extend(_cut(chunk, encoding, data))
    return out


def _cut(chunk: Chunk, encoding: str, data: bytes | None) -> list[Chunk]:
    m = _FRAGMENT.search(chunk.text)
    if m is None:
        return [chunk]
    at = m.start(1)
    head = chunk.text[:at].rstrip()
    line = chunk.line + chunk.text.count("\n", 0, at)
    codec = "utf-8" if encoding.startswith("utf-8") else encoding
    mark = FRAGMENT_START.encode(codec)
    if data is not None:
        # the n-th "Player left the table" of the chunk in the file's own bytes (a decoded
        # text may have lost its carriage returns)
        offset, nth = chunk.offset, chunk.text.count(FRAGMENT_START, 0, at)
        for _ in range(nth + 1):
            offset = data.find(mark, offset) + (len(mark) if _ < nth else 0)
    else:
        offset = chunk.offset + len(chunk.text[:at].encode(codec))
    rest = Chunk(chunk.text[at:], offset, line)
    return [Chunk(head, chunk.offset, chunk.line), *_cut(rest, encoding, data)]
