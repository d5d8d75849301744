"""A stale tournament header, in both cores (issue 33 section 3): the header names one level,
the players post another (the last level's blinds, or the next's). The hand is judged at
the posted blinds (pipeline/engine/cascade.py, engine/cascade.rs): a correct hand has one
``post_wrong_amount`` warning and no error, and the stakes stored are the posted ones; a hand
with a real fault at the posted blinds keeps the header's fault as an error beside it.

Hands are ours, in the PokerStars layout; both cores must store identical rows."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pipeline import core
from tests.native.parity import same_packed

pytest.importorskip("sidepot_native", reason="the native core is not built")

_HAND = """\
PokerStars Hand #2471300{n:04d}: Tournament #797469412, $3.19+$0.31 USD Hold'em No Limit - \
Level VI (200/400) - 2024/03/05 21:15:11 CET [2024/03/05 15:15:11 ET]
Table '797469412 3' 9-max Seat #1 is the button
Seat 1: Alice (5000 in chips)
Seat 2: Bob (5000 in chips)
Seat 3: Carl (5000 in chips)
Bob: posts small blind 150
Carl: posts big blind 300
*** HOLE CARDS ***
Alice: calls 300
Bob: calls 150
Carl: checks
*** FLOP *** [2c 7d 9h]
Bob: checks
Carl: bets {bet}
Alice: calls {bet}
Bob: folds
*** TURN *** [2c 7d 9h] [Jh]
Carl: bets 300
Alice: calls 300
*** RIVER *** [2c 7d 9h Jh] [Qs]
Carl: checks
Alice: checks
*** SHOW DOWN ***
Carl: shows [Ah Ad]
Alice: shows [Kc Kd]
Carl collected {pot} from pot
*** SUMMARY ***
Total pot {pot} | Rake 0
Board [2c 7d 9h Jh Qs]
Seat 1: Alice (button) showed [Kc Kd] and lost
Seat 2: Bob (small blind) folded on the Flop
Seat 3: Carl (big blind) showed [Ah Ad] and won ({pot})
"""


def _read(bet: int, n: int) -> tuple[list[tuple[str, str]], dict[str, Decimal]]:
    pot = 900 + 2 * bet + 600
    data = _HAND.format(n=n, bet=bet, pot=pot).encode()
    path = f"stale-header-{n}.txt"
    assert same_packed(data, path) == "native"
    packed = core.parse_file((data, path, 0, None, True))
    assert not packed.rejects
    findings = [(r["code"], r["severity"]) for r in packed.rows.tables["findings"].to_pylist()
                if r["severity"] != "info"]
    (row,) = packed.rows.tables["hands"].to_pylist()
    return findings, {k: row[k] for k in ("small_blind", "big_blind")}


def test_a_correct_hand_under_a_stale_header_is_one_warning_at_the_posted_stakes() -> None:
    findings, stakes = _read(300, 1)
    assert findings == [("post_wrong_amount", "warning")]
    assert stakes == {"small_blind": Decimal(150), "big_blind": Decimal(300)}


def test_a_real_fault_at_the_posted_stakes_keeps_the_header_an_error() -> None:
    # a flop bet of 200 is below the posted big blind of 300: an error of its own
    findings, stakes = _read(200, 2)
    assert ("post_wrong_amount", "error") in findings
    assert ("bet_too_small", "error") in findings
    assert stakes == {"small_blind": Decimal(150), "big_blind": Decimal(300)}
