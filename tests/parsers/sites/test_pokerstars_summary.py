"""PokerStars summary: the "Total pot" line's parts and the cards shown only there."""

import pytest

from parsers.errors import ParseError
from parsers.model import PrintedPot as P
from parsers.sites.pokerstars.summary import _pot_line, read_summary


@pytest.mark.parametrize(
    "line, dec, want",
    [
        ("Total pot $8.06 | Rake $0", 2, (806, 0, (), ())),
        ("Total pot 1,234 | Rake 0", 0, (1234, 0, (), ())),
        ("Total pot $8.06 Main pot $1.32. Side pot-1 $3.36. Side pot-2 $1.86. | Rake $0.10", 2,
         (806, 10, (), (P(0, 132), P(1, 336), P(2, 186)))),
        ("Total pot 300 Main pot 100. Side pot-1 200. | Rake 0", 0,
         (300, 0, (), (P(0, 100), P(1, 200)))),
        ("Total pot €1 Main pot €1. Side pot-10 €0.5. | Rake €0", 2,
         (100, 0, (), (P(0, 100), P(10, 50)))),
        ("Total pot $8.06 | Rake $0.05 | Jackpot $0.01", 2, (806, 5, (("Jackpot", 1),), ())),
        ("Total pot $8 Main pot $5. Side pot $3. | Rake $0", 2,  # unnumbered: the next pot
         (800, 0, (), (P(0, 500), P(1, 300)))),
        ("Total pot Rs. 100 | Rake Rs. 5", 2, (10000, 500, (), ())),
    ],
)
def test_pot_line(line, dec, want):
    assert _pot_line(line, dec) == want


@pytest.mark.parametrize(
    "line, dec, bad",
    [
        ("Total pot $1.005 | Rake $0", 2, "'$1.005'"),
        ("Total pot 1,234 Main pot $1.32. Side pot-1 €0.07. | Rake $1,000.25", 0, "'$1.32'"),
    ],
)
def test_pot_line_raises_on_its_first_bad_amount(line, dec, bad):
    with pytest.raises(ParseError) as info:
        _pot_line(line, dec)
    assert info.value.reason == "bad_amount" and str(info.value).startswith(f"bad_amount: {bad}")


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
