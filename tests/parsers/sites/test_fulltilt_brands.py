"""Full Tilt headers under the names other than "Full Tilt Poker" they were written with."""

from pathlib import Path

from parsers.read import split_file
from parsers.sites.fulltilt import HEADER, sniff
from pipeline.engine import replay
from pipeline.engine.result import Severity

FIXTURES = Path(__file__).parent / "fixtures" / "fulltilt"


def only_hand(name: str):
    split = split_file((FIXTURES / name).read_bytes())
    assert split.format.name == "fulltilt"
    (outcome,) = list(split.hands(name))
    assert outcome.hand is not None, outcome.error
    return outcome.hand


def test_french_client_header_reads_as_full_tilt_in_euros():
    h = only_hand("fr_cash.txt")
    assert (h.site, h.hand_id, h.currency, h.table_name, h.time_zone) == (
        "fulltilt", "23456789012", "EUR", "Montmartre", "CET")
    assert (h.stakes.small_blind, h.stakes.big_blind, h.report.rake) == (50, 100, 30)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(2, 570)]
    assert [f for f in replay(h).findings if f.severity is Severity.ERROR] == []


def test_archive_export_with_begin_line_and_blank_line_before_the_seats():
    h = only_hand("archive_cash.txt")
    assert (h.hand_id, h.button_seat, len(h.seats)) == ("23456790001", 5, 3)
    assert [s.player for s in h.seats if s.sitting_out] == ["Chloe"]
    assert {s.seat: s.net for s in replay(h).seats} == {1: -200, 3: 0, 5: 200}


def test_every_brand_starts_a_hand_and_no_other_name_does():
    tail = "Game #1: Table T - $1/$2 - No Limit Hold'em - 10:00:00 ET - 2011/01/01"
    for brand in ("Full Tilt Poker", "FullTiltPoker", "Full Tilt Poker.fr", "FullTiltPoker.fr"):
        assert HEADER.match(f"{brand} {tail}") and sniff(f"\ufeff{brand} {tail}\n")
    assert not sniff(f"Full Tilt Poker Tournament Summary {tail}\n")
    assert not sniff(f"PokerStars {tail}\n")
