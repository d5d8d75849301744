"""parsers/sites/_common.py: the sniffer and parse-wrapper factories most sites share."""

from __future__ import annotations

import re

import pytest

from parsers.errors import ParseError
from parsers.sites._common import search_sniffer, with_site
from parsers.text import Chunk


def test_sniffer_looks_only_at_the_head() -> None:
    sniff = search_sniffer(re.compile(r"^Hand #\d+", re.M))
    assert sniff("junk\nHand #12 - table")
    assert not sniff("x" * 8192 + "\nHand #12")  # past the first 8192 characters
    assert search_sniffer(re.compile("Hand #"), head=4)("Hand #1") is False


def test_sniffer_never_raises() -> None:
    sniff = search_sniffer(re.compile("x"))
    assert sniff(None) is False  # type: ignore[arg-type]  # slicing None raises TypeError


def test_with_site_names_the_site_and_drops_the_chain() -> None:
    def broken(chunk: Chunk, file: str) -> object:
        try:
            raise KeyError("inner")
        except KeyError as err:
            raise ParseError("unknown_line", "what", line=3) from err

    parse = with_site("demo", broken)  # type: ignore[arg-type]
    with pytest.raises(ParseError) as info:
        parse(Chunk("text", 0, 4), "f.txt")
    assert info.value.site == "demo"
    assert info.value.line == 3
    assert info.value.__cause__ is None and info.value.__suppress_context__


def test_with_site_passes_the_file_and_its_default() -> None:
    seen: list[str] = []
    parse = with_site("demo", lambda chunk, file: seen.append(file))  # type: ignore[arg-type]
    parse(Chunk("text", 0, 4), "a.txt")
    parse(Chunk("text", 0, 4))
    assert seen == ["a.txt", ""]
