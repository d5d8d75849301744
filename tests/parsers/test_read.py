"""parsers.read_hands and split_file: a file's bytes -> its hands, and the file-level errors."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

import parsers
from parsers import (
    AmbiguousFormatError,
    Hand,
    HandOutcome,
    ParseError,
    UnknownFormatError,
    read_hands,
    registry,
    split_file,
)
from tests.support.paths import REPO

HAND = """\
PokerStars Hand #{id}:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 10:00:00 ET
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Bob ($2 in chips)
Ann: posts small blind $0.01
Bob: posts big blind $0.02
*** HOLE CARDS ***
Ann: folds
Uncalled bet ($0.01) returned to Bob
Bob collected $0.02 from pot
Bob: doesn't show hand
*** SUMMARY ***
Total pot $0.02 | Rake $0
Seat 1: Ann (button) (small blind) folded before Flop
Seat 2: Bob (big blind) collected ($0.02)
"""
#: A hand whose seat line cannot be read: a ParseError, not an exception out of read_hands.
BROKEN = HAND.format(id=2).replace("Seat 2: Bob ($2 in chips)", "Seat 2: Bob ($2 in chips")
FILE = ("\ufeff" + HAND.format(id=1) + "\n\n" + BROKEN + "\n\n" + HAND.format(id=3)).encode()


def test_one_outcome_per_hand_with_where_it_is() -> None:
    outcomes = list(read_hands(FILE, "t.txt"))
    assert [type(o) for o in outcomes] == [HandOutcome] * 3
    assert [o.ok for o in outcomes] == [True, False, True]
    first, broken, last = outcomes
    assert isinstance(first.hand, Hand) and first.hand.hand_id == "1" and first.error is None
    assert first.hand.source.file == "t.txt"
    assert isinstance(broken.error, ParseError) and broken.hand is None
    assert broken.error.reason and broken.error.site == "pokerstars"
    assert last.hand is not None and last.hand.hand_id == "3"
    # offsets are bytes of the file (after the 3-byte BOM), lines 1-based
    assert first.chunk.offset == 3 and first.chunk.line == 1
    assert FILE[broken.chunk.offset:].startswith(b"PokerStars Hand #2:")
    assert broken.chunk.line == HAND.count("\n") + 3
    assert broken.chunk.text.startswith("PokerStars Hand #2:")


def test_format_by_name_or_given() -> None:
    fmt = registry.by_name("pokerstars")
    assert [o.ok for o in read_hands(FILE, fmt="PokerStars")] == [True, False, True]
    assert [o.ok for o in read_hands(FILE, fmt=fmt)] == [True, False, True]
    # a named format is not second-guessed: another format's text simply has no hands of it
    assert list(read_hands(FILE, fmt="winamax")) == []
    with pytest.raises(UnknownFormatError, match="known: pokerstars"):
        read_hands(FILE, fmt="nope")


def test_file_errors_are_raised_by_the_call_itself() -> None:
    for data in (b"", b"just some notes\n", b"\x00\x01\x02" * 100):
        with pytest.raises(UnknownFormatError):
            read_hands(data, "x.bin")  # not only once the iterator is read


def test_ambiguous_file(monkeypatch: pytest.MonkeyPatch) -> None:
    copycat = dataclasses.replace(registry.FORMATS[0], name="copycat")
    monkeypatch.setattr(registry, "FORMATS", (registry.FORMATS[0], copycat))
    with pytest.raises(AmbiguousFormatError, match="pokerstars and copycat"):
        read_hands(FILE)


def test_split_file_decodes_and_cuts() -> None:
    split = split_file(FILE.replace(b"\n", b"\r\n"))
    assert split.format.name == "pokerstars" and split.encoding == "utf-8-sig"
    assert "\r" not in split.text and not split.text.startswith("\ufeff")
    assert [c.text.split(":")[0] for c in split.chunks] == [
        f"PokerStars Hand #{n}" for n in (1, 2, 3)]
    assert [o.ok for o in split.hands()] == [True, False, True]


def test_detection_reads_only_the_head_of_the_bytes() -> None:
    hand = HAND.format(id=9).encode()
    assert registry.detect(hand).name == "pokerstars"
    assert registry.detect(b"x\n" * (registry.SNIFF_BYTES // 4) + hand).name == "pokerstars"
    with pytest.raises(UnknownFormatError):  # the hand starts past the DETECT_BYTES decoded
        registry.detect(b"x\n" * (registry.DETECT_BYTES // 2) + hand)


def test_package_exports_resolve_and_load_the_parsers_on_first_use() -> None:
    for name in parsers.__all__:
        assert getattr(parsers, name) is not None, name
    assert parsers.read_hands is read_hands
    code = ("import sys, parsers.model; assert 'parsers.registry' not in sys.modules; "
            "import parsers; parsers.FORMATS; assert 'parsers.registry' in sys.modules")
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True)
