"""The two entry points most site modules would otherwise write out identically.

A site module exposes ``sniff(text) -> bool`` and ``parse(chunk, file) -> Hand`` (the registry
calls them by name). For most sites both are pure ritual around the module's own logic: the
sniffer is one regex searched in the head of the file (or one test of each line there, for a
header that must begin a line), and ``parse`` only stamps the site on
any ParseError that escapes. The factories here build those two functions, so a module says
*what* to look for and *how* to read, and the ritual (its head size, never raising, dropping
the helper's traceback) lives in one place. This is its own module, not part of _starlike,
because the XML and PHH sites that use it share nothing else with the PokerStars-like ones.

Sites whose sniff or parse does anything more (reword an error, try a second reading, look at
lines around the match) keep writing their own.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from parsers.errors import ParseError
from parsers.model import Hand
from parsers.sites._kit.ignorable import read_past_harmless
from parsers.sites._kit.rabbit import drop_rabbit_board
from parsers.text import Chunk


def search_sniffer(pattern: re.Pattern[str], head: int = 8192,
                   needs: tuple[str, ...] = ()) -> Callable[[str], bool]:
    """A sniffer: True when ``pattern`` is found in the first ``head`` characters of the text.

    ``needs``: literal texts of which every match of ``pattern`` holds one (see
    :func:`holds_any`). Never raises (the registry runs every sniffer on every file, so any
    exception means "not this format").
    """

    def sniff(text: str) -> bool:
        try:
            part = text[:head]
            return holds_any(part, needs) and pattern.search(part) is not None
        except Exception:
            return False

    return sniff


def line_sniffer(starts: Callable[[str], object], head: int = 8192,
                 needs: tuple[str, ...] = ()) -> Callable[[str], bool]:
    """A sniffer: True when a line in the first ``head`` characters satisfies ``starts``.

    Each line is offered with its leading blanks and byte-order mark stripped, since a hand
    header begins a line but exports indent or prefix it. ``needs``: literal texts of which
    every line that satisfies ``starts`` holds one (see :func:`holds_any`). Never raises.
    """

    def sniff(text: str) -> bool:
        try:
            part = text[:head]
            if not holds_any(part, needs):
                return False
            for line in part.split("\n"):
                if starts(line.lstrip(" \t\ufeff")):
                    return True
            return False
        except Exception:
            return False

    return sniff


def holds_any(text: str, needs: tuple[str, ...]) -> bool:
    """True when ``text`` holds one of ``needs`` (or ``needs`` is empty).

    Why: the registry asks every sniffer about every file, and a sniffer's regex search or
    line loop costs 50-100 us even on a one-hand file (a folder of 5,000 PHH files spent a
    third of its import in detection, measured 2026-12-06). A literal that every match must
    contain is found by a substring test at C speed, so a file of another site is refused
    before the pattern runs; a file of this site still goes through the whole test.
    """
    return not needs or any(literal in text for literal in needs)


def with_site(
    site: str, parse_fn: Callable[[Chunk, str], Hand], *, header: re.Pattern[str] | None = None,
    ignore_harmless: bool = False,
) -> Callable[..., Hand]:
    """``parse(chunk, file="")`` calling ``parse_fn`` and naming ``site`` on any ParseError.

    The error is re-raised ``from None``: the chain through the site's helpers says nothing
    the error's line and text do not, and reports print the error, not the traceback.
    With the site's hand ``header``: an ``unknown_line`` in a chunk where another hand's
    header starts becomes ``truncated_hand`` (a file cut mid-hand with the next file glued
    on: say so rather than blame the first line of the glued hand).
    ``ignore_harmless``: a line the parser stops at with ``unknown_line`` that names no seated
    player and moves no chips is read past and reported, not a reject
    (:func:`parsers.sites._kit.ignorable.read_past_harmless`: the rule, once for every site).
    """

    def parse(chunk: Chunk, file: str = "") -> Hand:
        try:
            glued = header is not None and header.search(chunk.text, 1) is not None
            if ignore_harmless and not glued:
                return drop_rabbit_board(read_past_harmless(parse_fn, chunk, file))
            return drop_rabbit_board(parse_fn(chunk, file))
        except ParseError as err:
            if (header is not None and err.reason == "unknown_line"
                    and header.search(chunk.text, 1)):
                err.reason = "truncated_hand"
                err.detail = "another hand's header starts inside this hand (file cut and glued)"
            raise err.with_context(site=site) from None

    return parse
