"""parsers/sites/_common.py: the sniffer and parse-wrapper factories most sites share."""

from __future__ import annotations

import re

import pytest

from parsers.errors import ParseError
from parsers.sites._kit.common import line_sniffer, search_sniffer, with_site
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


def test_with_site_tells_a_glued_file_from_an_unknown_line() -> None:
    def stuck(chunk: Chunk, file: str) -> object:
        raise ParseError("unknown_line", "unknown action", line=3)

    header = re.compile(r"^Hand #\d+", re.M)
    glued = Chunk("Hand #1\nBob: bets 1\nHand #2\nAnn: folds\n", 0, 1)
    whole = Chunk("Hand #1\nBob: bets 1\nBob: sings\n", 0, 1)
    with pytest.raises(ParseError) as err:
        with_site("demo", stuck, header=header)(glued)
    assert (err.value.reason, err.value.site) == ("truncated_hand", "demo")
    assert "glued" in err.value.detail
    for parse, chunk in ((with_site("demo", stuck, header=header), whole),
                         (with_site("demo", stuck), glued)):  # no header: nothing to tell
        with pytest.raises(ParseError) as err:
            parse(chunk)
        assert (err.value.reason, err.value.detail) == ("unknown_line", "unknown action")


def test_line_sniffer_tests_each_line_of_the_head_stripped() -> None:
    sniff = line_sniffer(lambda line: line.startswith("Game #"))
    assert sniff("junk\n\ufeff  Game #1: ...")  # a BOM and indent before the header
    assert not sniff("junk Game #1")  # not at the start of a line
    assert not sniff("x" * 8192 + "\nGame #1")  # past the head
    assert line_sniffer(lambda line: line.startswith("G"), head=3)("abc\nG") is False


def test_line_sniffer_never_raises() -> None:
    def broken(line: str) -> bool:
        raise ValueError(line)

    assert line_sniffer(broken)("Game #1") is False
    assert line_sniffer(lambda line: True)(None) is False  # type: ignore[arg-type]
