"""Absolute / UltimateBet tournament headers: "Stage #N: Tourney ID T Holdem ... No Limit 20"."""

from pathlib import Path

from parsers.model import TOURNAMENT_CHIPS, ActionKind
from parsers.read import split_file
from parsers.sites.cereus import HEADER, sniff
from pipeline.engine import replay
from pipeline.engine.result import Severity

TEXT = (Path(__file__).parent / "fixtures" / "cereus" / "tourney.txt").read_bytes()


def hands():
    split = split_file(TEXT)
    assert split.format.name == "cereus"
    out = [o.hand for o in split.hands("tourney.txt")]
    assert None not in out
    return out


def test_sit_and_go_hand_is_in_tournament_chips_with_its_id():
    h = hands()[0]
    assert (h.site, h.hand_id, h.tournament_id, h.is_tournament) == (
        "cereus", "1600000123", "2345678", True)
    assert (h.currency, h.decimals, h.table_name, h.button_seat) == (
        TOURNAMENT_CHIPS, 0, "2345678 - 1", 2)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (10, 20, 0)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(3, 120)]
    assert [f for f in replay(h).findings if f.severity is Severity.ERROR] == []


def test_heads_up_level_with_antes_and_a_short_all_in_big_blind():
    h = hands()[1]
    assert (h.tournament_id, h.max_seats, h.stakes.ante, h.stakes.big_blind) == (
        "2345999", 2, 10, 100)
    # "All-In 40" before the pocket cards is the big blind, short
    bb = next(a for a in h.actions if a.kind is ActionKind.POST_BIG_BLIND)
    assert (bb.seat, bb.amount, bb.all_in) == (2, 40, True)
    r = replay(h)
    assert [f for f in r.findings if f.severity is Severity.ERROR] == []
    assert {s.seat: s.net for s in r.seats} == {1: 50, 2: -50}


def test_header_variants_are_claimed():
    assert HEADER.match("Stage #1600000123 Tourney ID 9 Holdem  No Limit 20 - ")
    two = TEXT.decode().split("\n\n\n")[1].replace("Seat #1 is the dealer",
                                                    "Seat #1 is the dead dealer")
    assert sniff(two) and split_file(two.encode()).format.name == "cereus"
    assert next(iter(split_file(two.encode()).hands("x"))).hand.button_seat == 1
