"""parsers/sites/_lines.py: the seat-list and body loops of the small text sites."""

from __future__ import annotations

import re

import pytest

from parsers.errors import ParseError
from parsers.sites._kit.lines import read_body, read_seats

_PLAIN = re.compile(r"Seat (\d+): (.+) \((\d+)\)$")
_MARKED = re.compile(r"Seat (\d+): (.+) \((\d+)\)( - sitting out)?$")


def test_read_seats_stops_at_the_first_other_line() -> None:
    lines = ["head", "Seat 1: Ann (100)", "Seat 3: Bob Ray (250)", "Ann: posts 5"]
    seats, after = read_seats(lines, 1, _PLAIN, int)
    assert seats == {1: ["Ann", 100, False, None], 3: ["Bob Ray", 250, False, None]}
    assert after == 3


def test_read_seats_sitting_out_marker() -> None:
    lines = ["Seat 1: Ann (100) - sitting out", "Seat 2: Bob (100)"]
    seats, after = read_seats(lines, 0, _MARKED, int)
    assert [v[2] for v in seats.values()] == [True, False] and after == 2


@pytest.mark.parametrize(("lines", "reason", "line"), [
    (["head", "Seat 1: Ann"], "bad_seat", 2),
    (["head", "Ann: posts 5"], "no_seats", 2),
    (["head"], "no_seats", 2),
])
def test_read_seats_errors(lines: list[str], reason: str, line: int) -> None:
    with pytest.raises(ParseError) as err:
        read_seats(lines, 1, _PLAIN, int)
    assert (err.value.reason, err.value.line) == (reason, line)


def test_read_body_skips_blanks_and_stops_at_the_end_line() -> None:
    seen: list[tuple[str, int]] = []

    def read(line: str, n: int) -> bool:
        seen.append((line, n))
        return line == "*** END ***"

    lines = ["head", "a", "", "b", "*** END ***", "summary"]
    assert read_body(lines, 1, read, "*** END ***") == 4
    assert seen == [("a", 2), ("b", 4), ("*** END ***", 5)]


def test_read_body_without_the_end_line_is_truncated() -> None:
    with pytest.raises(ParseError) as err:
        read_body(["head", "a", "b"], 1, lambda line, n: None, "*** END ***")
    assert (err.value.reason, err.value.line, err.value.text) == ("truncated_hand", 3, "b")
    assert "'*** END ***'" in err.value.detail


def test_read_body_with_no_end_reads_every_line() -> None:
    seen: list[int] = []
    assert read_body(["head", "a", "b"], 1, lambda line, n: seen.append(n), None) == 3
    assert seen == [2, 3]


def test_read_body_locates_errors() -> None:
    def read(line: str, n: int) -> None:
        if line == "bad":
            raise ParseError("unknown_line", "what")

    with pytest.raises(ParseError) as err:
        read_body(["head", "ok", "bad"], 1, read, None)
    assert (err.value.line, err.value.text) == (3, "bad")
