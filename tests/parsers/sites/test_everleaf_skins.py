"""Everleaf's skins: each prints its own banner, the French one its own hand line and notices."""

from pathlib import Path

from parsers.read import split_file
from parsers.sites.everleaf import HEADER, sniff
from pipeline.engine import replay
from pipeline.engine.result import Severity

FRENCH = (Path(__file__).parent / "fixtures" / "everleaf" / "partouche_fr.txt").read_text("utf-8")


def only_hand(data: bytes):
    split = split_file(data)
    assert split.format.name == "everleaf"
    (outcome,) = list(split.hands("partouche.txt"))
    assert outcome.hand is not None, outcome.error
    return outcome.hand


def test_french_skin_hand_line_euros_and_notices():
    h = only_hand(FRENCH.encode("utf-8"))
    assert (h.site, h.hand_id, h.currency, h.table_name, h.button_seat) == (
        "everleaf", "41000001", "EUR", "Deauville 3", 2)
    assert (h.stakes.small_blind, h.stakes.big_blind) == (5, 10)
    assert [s.player for s in h.seats if s.sitting_out] == ["Nadia"]
    assert {s.seat: s.hole_cards for s in h.seats if s.hole_cards} == {
        1: ("Qc", "9c"), 2: ("Jh", "Jd")}
    r = replay(h)
    assert [f for f in r.findings if f.severity is Severity.ERROR] == []
    assert {s.seat: s.net for s in r.seats} == {1: -180, 2: 170, 4: -5, 5: 0}


def test_french_skin_in_cp1252_reads_the_same():
    assert only_hand(FRENCH.encode("cp1252")).actions == only_hand(FRENCH.encode()).actions


def test_each_known_banner_starts_a_hand():
    body = FRENCH.split("\n", 2)[2]
    english = "***** Hand history for game #41000001 *****\n" + body
    for banner in ("Everleaf Gaming Game #41000001", "- - Grand Poker - Game #41000001",
                   "Partouche Poker Gibraltar"):
        text = f"{banner}\n{english}"
        assert HEADER.match(text) and sniff(text)
        assert only_hand(text.encode()).hand_id == "41000001"
    # the hand line alone, under a line that names no room, is not a banner
    assert not sniff("Table Deauville 3\n" + english)
