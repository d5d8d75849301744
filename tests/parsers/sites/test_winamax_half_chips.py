"""Winamax's half-chip tournaments: the hand is read in hundredths of a chip, but the site
prints its results in whole chips ("collected 1232" for a pot of 1231.50). A difference of
less than one chip between a printed result and the replay is that rounding (the report's
``printed_unit``); the exact amount is what is stored. A whole chip off is still an error,
and hands read in whole chips keep the exact rule. The hand is ours, in the site's layout."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from parsers.sites.winamax import parse
from parsers.text import Chunk
from pipeline.engine import replay
from pipeline.engine.result import Severity

HALF = """\
Winamax Poker - Tournament "Ticket Hebdo" buyIn: Ticket level: 5 - HandId: #8100000000000001-12-1300000000 - Holdem no limit (10/40/80) - 2012/03/04 20:10:00 UTC
Table: 'Ticket Hebdo(2200001)#004' 6-max (real money) Seat #1 is the button
Seat 1: Ana (3000)
Seat 2: Bea (2000)
Seat 3: Cyd (4000)
*** ANTE/BLINDS ***
Ana posts ante 10
Bea posts ante 10
Cyd posts ante 10
Bea posts small blind 40
Cyd posts big blind 80
Dealt to Ana [Ah Kh]
*** PRE-FLOP ***
Ana raises 120.50 to 200.50
Bea calls 160.50
Cyd calls 120.50
*** FLOP *** [2c 7d 9h]
Bea checks
Cyd checks
Ana bets 300
Bea folds
Cyd calls 300
*** TURN *** [2c 7d 9h][Kd]
Cyd checks
Ana checks
*** RIVER *** [2c 7d 9h Kd][3s]
Cyd checks
Ana checks
*** SHOW DOWN ***
Ana shows [Ah Kh] (One pair : Kings)
Cyd shows [Qc Qd] (One pair : Queens)
Ana collected {won} from pot
*** SUMMARY ***
Total pot {won} | No rake
Board: [2c 7d 9h Kd 3s]
Seat 1: Ana (button) showed [Ah Kh] and won {won} with One pair : Kings
Seat 2: Bea (small blind) folded on the flop
Seat 3: Cyd (big blind) showed [Qc Qd] and lost with One pair : Queens
"""


def read(text: str):
    return parse(Chunk(text, 0, 1), "half.txt")


def test_a_result_printed_to_the_chip_is_the_exact_pot():
    h = read(HALF.format(won=1232))
    assert (h.decimals, h.report.printed_unit) == (2, 100)
    r = replay(h)
    assert [f for f in r.findings if f.severity is not Severity.INFO] == []
    assert r.total_pot == 123150  # 1231.50 chips: 30 antes, three times 200.50, two 300s
    assert {s.seat: s.net for s in r.seats} == {1: 72100, 2: -21050, 3: -51050}


def test_a_whole_chip_off_is_still_a_mismatch():
    r = replay(read(HALF.format(won=1233)))
    codes = {f.code for f in r.findings if f.severity is Severity.ERROR}
    assert "collected_mismatch" in codes


def test_a_hand_in_whole_chips_keeps_the_exact_rule():
    """The same hand without the half chips is read in whole chips (unit 1): a collection
    one chip over the pot is an error there."""
    whole = (HALF.replace("120.50 to 200.50", "120 to 200").replace("calls 160.50", "calls 160")
             .replace("calls 120.50", "calls 120"))
    h = read(whole.format(won=1230))
    assert (h.decimals, h.report.printed_unit) == (0, 1)
    assert [f for f in replay(h).findings if f.severity is Severity.ERROR] == []
    r = replay(read(whole.format(won=1231)))
    assert "collected_mismatch" in {f.code for f in r.findings if f.severity is Severity.ERROR}
