"""iPoker XML session files -> self-contained hand chunks.

An iPoker export is one ``<session>`` element (the newest clients, 2025 on, name it ``<root>``
and open it with ``<root><general><client_version>``, the rest of the tree unchanged): a
``<general>`` block (game type and stakes,
table name and currency, the hero's nickname, tournament details) followed by one ``<game>``
element per hand. The hand alone does not say what game or currency it is, so a line-header
split (``parsers.text.split_hands``) cannot produce parseable chunks; and some exports put a
whole session on a single line. :func:`split` therefore cuts at every ``<game`` tag wherever it
is, and makes each chunk self-contained: the game element's text, then a newline, then the
session's opening tag and ``<general>`` block (closed again). Putting the game first keeps the
chunk's line numbers equal to the file's, so a ParseError's line points into the real file.

Offsets are exact when the original bytes are given: the k-th ``<game`` tag of the text is the
k-th of the bytes (the tag is ASCII, and decoding never adds or drops one).
"""

from __future__ import annotations

import re

from parsers.text import Chunk

#: A game element starts a hand (also the Format's ``header`` for line-based tools).
HEADER = re.compile(r"<game\b")
_TAGS = re.compile(r"<(?:session|root)\b[^>]*>|<game\b")
_GAME_BYTES = re.compile(rb"<game\b")
#: Marks the session part appended to a chunk (see module docstring).
SESSION_MARK = "\n<session"


def _session_header(text: str, open_end: int, open_tag: str) -> str:
    """The session's opening tag and its own ``<general>`` block, closed: ``<session>...``."""
    first_game = HEADER.search(text, open_end)
    limit = first_game.start() if first_game else len(text)
    g0 = text.find("<general", open_end, limit)
    if g0 == -1:
        return open_tag + "</session>"
    g1 = text.find("</general>", g0, limit)
    if g1 == -1:
        return open_tag + "</session>"
    return open_tag + text[g0 : g1 + len("</general>")] + "</session>"


def _codec(encoding: str) -> str:
    if encoding.startswith("utf-16"):
        return encoding[:9]
    return "utf-8" if encoding.startswith("utf-8") else "cp1252"


def split(text: str, encoding: str = "utf-8", data: bytes | None = None) -> list[Chunk]:
    """One chunk per ``<game>`` element, each followed by its session's general block.

    A file with no ``<game`` tag gives ``[]`` (not a hand history). A game element without its
    closing tag (a file cut short) still becomes a chunk: parsing it reports the truncation.
    """
    chunks: list[Chunk] = []
    session = ""
    wide = encoding.startswith("utf-16")
    byte_games = _GAME_BYTES.finditer(data) if data is not None and not wide else None
    codec = _codec(encoding)
    line, last = 1, 0
    for m in _TAGS.finditer(text):
        start = m.start()
        if not text.startswith("<game", start):
            # a ``<root>`` session is given the ``<session>`` tag the reader looks for
            tag = m.group() if text.startswith("<session", start) else "<session>"
            session = _session_header(text, m.end(), tag)
            continue
        end = text.find("</game>", start)
        body = text[start:] if end == -1 else text[start : end + len("</game>")]
        line += text.count("\n", last, start)
        last = start
        offset = -1
        if byte_games is not None:
            found = next(byte_games, None)
            offset = found.start() if found else -1
        if offset < 0:
            offset = len(text[:start].encode(codec, errors="replace"))
        chunks.append(Chunk(body + "\n" + session if session else body, offset, line))
    return chunks
