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


#: Heads-up at a table with no dealer marked: the small blind (Hero) opens the flop, so the
#: button was left on the big blind (the hand a table turns heads-up).
_HEADS_UP_TURNED = """\
Ignition Hand #4000000003 TBL#12000003 HOLDEM No Limit - 2021-06-01 12:10:00
Seat 1: Big Blind ($6 in chips)
Seat 3: Small Blind [ME] ($5 in chips)
Set dealer
Small Blind  [ME] : Small Blind $0.02 
Big Blind : Big blind $0.05 
*** HOLE CARDS ***
Big Blind : Card dealt to a spot [Qc Th] 
Small Blind  [ME] : Card dealt to a spot [5d 4c] 
Small Blind  [ME] : Call $0.03 
Big Blind : Checks
*** FLOP *** [7s Js Td]
Small Blind  [ME] : Checks
Big Blind : Bets $0.10 
Small Blind  [ME] : Folds
Big Blind : Return uncalled portion of bet $0.10 
Big Blind : Does not show [Qc Th] (One pair)
Big Blind : Hand result $0.10 
*** SUMMARY ***
Total Pot($0.10)
Board [7s Js Td ]
Seat+1: Big Blind $0.10 [Does not show]  
Seat+3: Small Blind Folded on the FLOP
"""


@pytest.mark.parametrize(("rules", "want"), [("GENERIC", []), (None, ["post_wrong_seat"])])
def test_a_heads_up_hand_whose_small_blind_opens_the_flop_is_claimed_alike(rules, want, give_rules):  # noqa: ANN001
    from parsers.read import split_file
    from pipeline.engine.button import infer_button

    if rules:
        give_rules("ignition", rules)
    data = _HEADS_UP_TURNED.encode()
    _claimed(data, "heads-up-turned.txt")
    (out,) = list(split_file(data).hands("heads-up-turned.txt"))
    assert infer_button(out.hand) == 1  # the big blind's seat: the small blind opens the flop
    # the generic rules take the transition as a warning, Ignition's own as the one error for
    # it (was out_of_turn twice on the flop, in both cores)
    errors, seats, _ = read_natively(data, "heads-up-turned.txt")
    assert errors == want
    assert {p: (int(i * 100), int(w * 100)) for p, (i, w) in seats.items()} == {
        "Big Blind": (5, 10), "Hero": (5, 0)}
