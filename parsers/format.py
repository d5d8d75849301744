"""What a hand-history format declares about itself: the contract every site module fills.

Each site module ends with ``FORMAT = Format(...)``: its name, the site it writes for, what it
supports, a cheap sniffer, the parser of one hand and the header that starts a hand (so the
splitter stays site-independent). :mod:`parsers.registry` collects them.

How much of a file detection looks at is part of the contract, so it is defined here with it:
the first :data:`HEAD_BYTES` bytes are decoded and each sniffer sees the first
:data:`SNIFF_BYTES` characters of that; when no sniffer claims them, the file's lead (its first
:data:`DETECT_BYTES`) is decoded and the sniffers are asked again from each hand-start line in
it, so client notices, a licence or a welcome text before the first hand do not hide a file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from parsers.model import Hand
from parsers.text import Chunk, split_hands

__all__ = ["DETECT_BYTES", "HEAD_BYTES", "SNIFF_BYTES", "Format"]

#: How many bytes of a file's lead detection may read: the first hand may follow pages of a
#: client's notices (a session's news, terms, a tournament lobby's text). Only a file whose
#: first :data:`HEAD_BYTES` no sniffer claims is decoded this far.
DETECT_BYTES = 262144

#: How many bytes of a file are decoded for the first, usual, try (a hand in its first lines).
HEAD_BYTES = 16384

#: How many characters of that decoded head the sniffers look at.
SNIFF_BYTES = 8192


@dataclass(frozen=True)
class Format:
    """One hand-history format: what it is, how to recognise it, how to parse it."""

    name: str
    site: str
    description: str
    detection: str
    supports: str
    #: text (the file's decoded head) -> is it this format? Cheap, and never raises.
    sniff: Callable[[str], bool]
    #: (chunk, file path) -> the hand; a hand it cannot read raises ParseError, nothing else.
    parse: Callable[[Chunk, str], Hand]
    #: The line that starts a hand: what split_hands cuts the text at.
    header: re.Pattern[str]
    #: For formats a line-header split cannot cut (XML sessions whose hands need the session's
    #: header, a whole session on one line): (text, encoding, original bytes) -> chunks.
    splitter: Callable[[str, str, bytes | None], list[Chunk]] | None = None
    #: The sites a hand of this format may be filed under besides ``site``: a layout several
    #: brands write (:mod:`parsers.sites.starslayout`) files each hand under its brand's site.
    sites: tuple[str, ...] = ()
    #: Whether a hand header may be found glued inside a line (the end of a hand cut
    #: mid-line, the next hand written on): set for headers that name the site, which no
    #: other line holds (:func:`parsers.text.split_hands` ``glued``).
    glued: bool = False

    def split(self, text: str, encoding: str = "utf-8", data: bytes | None = None) -> list[Chunk]:
        """The file's hand chunks: the format's own splitter, else split_hands on its header."""
        if self.splitter is not None:
            return self.splitter(text, encoding, data)
        return split_hands(text, encoding, self.header, data, glued=self.glued)
