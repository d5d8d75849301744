"""Ignition / Bovada / Bodog hands the native core once left to the Python core (issue 33
section 3), now claimed with the Python core's rows:

- a table whose button seat is empty (a dead button: no seat is labelled ``Dealer`` and the
  ``Set dealer`` line names no seat): the button is inferred from the posts and the first
  bettor after the flop (``engine/button.rs``, as ``pipeline/engine/button.py``), so the turn
  order after the flop is judged;
- the headers of Bodog's skins (``Bodog.eu``, ``Bodog UK``, ...).

Every hand is ours, in the site's layout (its trailing blanks kept).
"""
# ruff: noqa: W291  (the site's lines end with a blank)

from __future__ import annotations

import pytest

pytest.importorskip("sidepot_native", reason="the native core is not built")

from tests.native.parity import read_natively  # noqa: E402
from tests.native.parity_sites import SiteTally, compare_site_file  # noqa: E402

_DEAD_BUTTON = """\
{brand} Hand #4000000001 TBL#12000001 HOLDEM No Limit - 2021-06-01 12:00:00
Seat 1: Big Blind ($6 in chips)
Seat 2: UTG [ME] ($5 in chips)
Seat 3: UTG+1 ($5.40 in chips)
Seat 4: UTG+2 ($4.60 in chips)
Set dealer
Big Blind : Big blind $0.05 
*** HOLE CARDS ***
Big Blind : Card dealt to a spot [Qc Th] 
UTG  [ME] : Card dealt to a spot [5d 4c] 
UTG+1 : Card dealt to a spot [3s Jc] 
UTG+2 : Card dealt to a spot [2d 9d] 
UTG  [ME] : Folds
UTG+1 : Calls $0.05 
UTG+2 : Folds
Big Blind : Checks
*** FLOP *** [7s Js Td]
Big Blind : Checks
UTG+1 : Checks
*** TURN *** [7s Js Td] [Kc]
{turn}
UTG+1 : Return uncalled portion of bet $0.10 
UTG+1 : Does not show [3s Jc] (One pair)
UTG+1 : Hand result $0.10 
*** SUMMARY ***
Total Pot($0.10)
Board [7s Js Td Kc ]
Seat+1: Big Blind Folded on the TURN
Seat+2: UTG Folded before the FLOP
Seat+3: UTG+1 $0.10 [Does not show]  
Seat+4: UTG+2 Folded before the FLOP
"""

_IN_TURN = "Big Blind : Checks\nUTG+1 : Bets $0.10 \nBig Blind : Folds"
#: UTG+1 bets before the big blind, who opens the turn left of the inferred button (seat 4)
_OUT_OF_TURN = "UTG+1 : Bets $0.10 \nBig Blind : Folds"


def _text(brand: str = "Ignition", turn: str = _IN_TURN) -> bytes:
    return _DEAD_BUTTON.format(brand=brand, turn=turn).encode()


def _claimed(data: bytes, path: str) -> SiteTally:
    t = SiteTally()
    compare_site_file(data, path, "ignition", t)
    assert (t.mismatches, dict(t.deferred), t.compared) == ([], {}, 1)
    return t


def test_a_dead_button_hand_is_claimed_with_the_python_rows() -> None:
    _claimed(_text(), "dead-button.txt")
    errors, seats, packed = read_natively(_text(), "dead-button.txt")
    assert errors == []
    assert packed.rows.tables["hands"].column("button_seat").to_pylist() == [None]  # as logged
    assert {p: (int(i * 100), int(w * 100)) for p, (i, w) in seats.items()} == {
        "Big Blind": (5, 0), "Hero": (0, 0), "UTG+1": (5, 10), "UTG+2": (0, 0)}


def test_the_inferred_button_judges_who_opens_the_turn() -> None:
    _claimed(_text(turn=_OUT_OF_TURN), "dead-button-out-of-turn.txt")
    errors, _, _ = read_natively(_text(turn=_OUT_OF_TURN), "dead-button-out-of-turn.txt")
    assert "out_of_turn" in errors


@pytest.mark.parametrize("brand", ["Bodog.eu", "Bodog UK", "Bodog.com", "Bodog Canada"])
def test_the_headers_of_bodogs_skins_are_read_natively(brand: str) -> None:
    _claimed(_text(brand), f"{brand}.txt")
