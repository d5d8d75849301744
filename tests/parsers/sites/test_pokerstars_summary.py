"""PokerStars summary: the usual "Total pot" line read by one match equals the part-by-part
reading, values and errors alike."""

import pytest

from parsers.errors import ParseError
from parsers.model import PrintedPot
from parsers.sites.pokerstars.summary import _PLAIN_POT, _pot_line, _pot_parts, read_summary


@pytest.mark.parametrize(
    "line, dec",
    [
        ("Total pot $8.06 | Rake $0", 2),  # the one-match forms
        ("Total pot 1,234 | Rake 0", 0),
        ("Total pot $8.06 Main pot $1.32. Side pot-1 $3.36. Side pot-2 $1.86. | Rake $0.10", 2),
        ("Total pot 300 Main pot 100. Side pot-1 200. | Rake 0", 0),
        ("Total pot €1 Main pot €1. Side pot-10 €0.5. | Rake €0", 2),
        ("Total pot $8.06 | Rake $0.05 | Jackpot $0.01", 2),  # the part-by-part forms
        ("Total pot $8 Main pot $5. Side pot $3. | Rake $0", 2),
        ("Total pot Rs. 100 | Rake Rs. 5", 2),
        ("Total pot $1.005 | Rake $0", 2),  # bad amounts: the first one raises
        ("Total pot 1,234 Main pot $1.32. Side pot-1 €0.07. | Rake $1,000.25", 0),
    ],
)
def test_plain_pot_line_reads_as_its_parts(line, dec):
    def outcome(fn):
        try:
            return fn(line, dec)
        except ParseError as err:
            return (err.reason, str(err))

    assert outcome(_pot_line.__wrapped__) == outcome(_pot_parts)


def test_plain_pot_line_values():
    line = "Total pot $8.06 Main pot $1.32. Side pot-1 $3.36. Side pot-2 $1.86. | Rake $1.52"
    assert _PLAIN_POT.fullmatch(line)
    assert _pot_line(line, 2) == (806, 152, (), (PrintedPot(0, 132), PrintedPot(1, 336),
                                                 PrintedPot(2, 186)))


def test_summary_reads_pots_boards_and_cards_shown_only_there():
    lines = [
        "*** SUMMARY ***",
        "Total pot $3 | Rake $0.10",
        "Board [8s 7c 9d Kd Ks]",
        "Seat 1: a showed [Jd Jc] and won ($2.90)",
        "Seat 2: b mucked [Qc 5c]",
        "Seat 3: c folded before Flop",
        "",
        "Seat 4: after the blank line, ignored [Xx]",
    ]
    hole = {1: ("Ah", "Kd")}
    report, boards = read_summary(lines, 0, 2, hole, [], [])
    assert (report.total_pot, report.rake, report.pots) == (300, 10, ())
    assert boards == [("8s", "7c", "9d", "Kd", "Ks")]
    assert hole == {1: ("Ah", "Kd"), 2: ("Qc", "5c")}  # the body's cards are kept
    with pytest.raises(ParseError) as info:
        read_summary(["*** SUMMARY ***", "Board [8s 7c 9x]"], 0, 2, {}, [], [])
    assert (info.value.reason, info.value.line) == ("bad_card", 2)
