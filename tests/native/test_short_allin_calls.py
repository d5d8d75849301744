"""A call against a short all-in, and the uncalled bet it leaves, in both cores (issue 33
section 3).

- A big blind all-in for less than the blind still obliges the others to the full blind
  (PokerStars' rule): the next player's call is printed whole (the full big blind), and the
  part of it nobody matched comes back as an uncalled bet, exactly the excess over the next
  largest bet (the small blind's, folded, counts: its chips are in the pot).
- An uncalled return is never more than the unmatched bet, nor less: the engine flags either.
- A call is the chips needed to match: one printed larger than that (the caller's "whole"
  call against a short all-in bet) with the excess given back is not a dialect any site's
  log shows, so it stays a ``wrong_call_amount`` error.

Each hand is ours, in the PokerStars layout; both cores must store identical rows (the
native core claims every hand), and the correct ones store the log's own net.
"""

# ruff: noqa: W291  (Ignition's lines are quoted verbatim, with the site's trailing blanks)

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.native.parity import read_natively

pytest.importorskip("sidepot_native", reason="the native core is not built")

_HEAD = """\
PokerStars Hand #2471200{n:04d}: Tournament #797469411, $3.19+$0.31 USD Hold'em No Limit - \
Level V (10/20) - 2024/03/05 20:15:11 CET [2024/03/05 14:15:11 ET]
Table '797469411 15' 9-max Seat #1 is the button
Seat 1: Alice (1000 in chips)
Seat 2: Bob (1000 in chips)
"""

_SHORT_BLIND = _HEAD + """\
Seat 3: Carl (5 in chips)
Bob: posts small blind 10
Carl: posts big blind 5 and is all-in
*** HOLE CARDS ***
Alice: calls 20
Bob: folds
Uncalled bet ({back}) returned to Alice
*** FLOP *** [Kd 7s 2c]
*** TURN *** [Kd 7s 2c] [3h]
*** RIVER *** [Kd 7s 2c 3h] [4d]
*** SHOW DOWN ***
Alice: shows [Ah Ad]
Carl: shows [9c 8h]
Alice collected {side} from side pot
Alice collected 15 from main pot
*** SUMMARY ***
Total pot {pot} Main pot 15. Side pot {side}. | Rake 0
Board [Kd 7s 2c 3h 4d]
Seat 1: Alice (button) showed [Ah Ad] and won ({pot})
Seat 2: Bob (small blind) folded before Flop
Seat 3: Carl (big blind) showed [9c 8h] and lost
"""

_SHORT_CALL = _HEAD + """\
Seat 3: Carl (40 in chips)
Bob: posts small blind 10
Carl: posts big blind 20
*** HOLE CARDS ***
Alice: calls 20
Bob: calls 10
Carl: checks
*** FLOP *** [Kd 7s 2c]
Bob: bets 100
Carl: calls 20 and is all-in
Alice: folds
Uncalled bet ({back}) returned to Bob
*** TURN *** [Kd 7s 2c] [3h]
*** RIVER *** [Kd 7s 2c 3h] [4d]
*** SHOW DOWN ***
Bob: shows [Ah Ad]
Carl: shows [9c 8h]
Bob collected {pot} from pot
*** SUMMARY ***
Total pot {pot} | Rake 0
Board [Kd 7s 2c 3h 4d]
Seat 1: Alice (button) folded on the Flop
Seat 2: Bob (small blind) showed [Ah Ad] and won ({pot})
Seat 3: Carl (big blind) showed [9c 8h] and lost
"""

_SHORT_BET = _HEAD + """\
Seat 3: Carl (60 in chips)
Bob: posts small blind 10
Carl: posts big blind 20
*** HOLE CARDS ***
Alice: calls 20
Bob: calls 10
Carl: checks
*** FLOP *** [Kd 7s 2c]
Bob: checks
Carl: bets 40 and is all-in
Alice: folds
Bob: calls {call}
{back}*** TURN *** [Kd 7s 2c] [3h]
*** RIVER *** [Kd 7s 2c 3h] [4d]
*** SHOW DOWN ***
Bob: shows [Ah Ad]
Carl: shows [9c 8h]
Bob collected 140 from pot
*** SUMMARY ***
Total pot 140 | Rake 0
Board [Kd 7s 2c 3h 4d]
Seat 1: Alice (button) folded on the Flop
Seat 2: Bob (small blind) showed [Ah Ad] and won (140)
Seat 3: Carl (big blind) showed [9c 8h] and lost
"""


def _read(text: str, n: int) -> tuple[list[str], dict[str, tuple[Decimal, Decimal]]]:
    """(error codes, player -> (invested, won)) of one hand, both cores agreeing."""
    errors, seats, _ = read_natively(text.encode(), f"short-call-{n}.txt")
    return errors, seats


def test_the_full_blind_called_whole_and_its_excess_returned() -> None:
    # Alice calls the full 20 against Carl's 5; Bob's folded 10 matches half of it: 10 back.
    errors, seats = _read(_SHORT_BLIND.format(n=1, back=10, side=10, pot=25), 1)
    assert errors == []
    assert seats["Alice"] == (Decimal(10), Decimal(25))
    assert seats["Bob"] == (Decimal(10), Decimal(0))
    assert seats["Carl"] == (Decimal(5), Decimal(0))


@pytest.mark.parametrize(("back", "side", "pot"), [(15, 5, 20), (5, 15, 30)])
def test_a_return_other_than_the_excess_over_the_folded_blind_is_flagged(
        back: int, side: int, pot: int) -> None:
    errors, _ = _read(_SHORT_BLIND.format(n=back, back=back, side=side, pot=pot), back)
    assert "uncalled_bet_wrong" in errors


def test_the_bet_a_short_all_in_cannot_call_comes_back_exactly() -> None:
    errors, seats = _read(_SHORT_CALL.format(n=80, back=80, pot=100), 80)
    assert errors == []
    assert seats["Bob"] == (Decimal(40), Decimal(100))
    assert seats["Carl"] == (Decimal(40), Decimal(0))


@pytest.mark.parametrize(("back", "pot"), [(100, 80), (60, 120)])
def test_a_return_more_or_less_than_the_unmatched_bet_is_flagged(back: int, pot: int) -> None:
    errors, _ = _read(_SHORT_CALL.format(n=back + 100, back=back, pot=pot), back + 100)
    assert "uncalled_bet_wrong" in errors


def test_a_call_is_what_matches_a_short_all_in_bet() -> None:
    errors, seats = _read(_SHORT_BET.format(n=300, call=40, back=""), 300)
    assert errors == []
    assert seats["Bob"] == (Decimal(60), Decimal(140))
    # the same call printed as 100 with 60 given back: the money adds up, the line does not
    errors, seats = _read(
        _SHORT_BET.format(n=301, call=100, back="Uncalled bet (60) returned to Bob\n"), 301)
    assert errors == ["wrong_call_amount"]
    assert seats["Bob"] == (Decimal(60), Decimal(140))


# Ignition's cash tables print no stakes: they are the posted blinds. A big blind posted
# all-in for less is not the stake; the first limp calls the whole big blind (as Ignition's
# tournaments, whose header prints the level, show) and says what it was.
_IGNITION = """\
Ignition Hand #343770{n:04d} TBL#11443804 HOLDEM No Limit - 2017-03-16 21:40:51
Seat 1: Dealer ($5 in chips)
Seat 2: Small Blind ($5 in chips)
Seat 3: Big Blind ($0.03 in chips)
Dealer : Set dealer [1] 
Small Blind : Small Blind $0.02 
Big Blind : All-in $0.03 
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Ah Ad] 
Small Blind : Card dealt to a spot [7c 2d] 
Big Blind : Card dealt to a spot [9c 8h] 
Dealer : Calls ${call} 
Small Blind : Folds
{back}*** FLOP *** [Kd 7s 2c]
*** TURN *** [Kd 7s 2c] [3h]
*** RIVER *** [Kd 7s 2c 3h] [4d]
Dealer : Showdown [Ah Ad Kd 7s 4d] (One pair)
Big Blind : Showdown [9c 8h Kd 7s 4d] (High card)
Dealer : Hand result $0.08 
*** SUMMARY ***
Total Pot($0.08)
Board [Kd 7s 2c 3h 4d]
Seat+1: Dealer $0.08  with One pair [Ah Ad-Ah Ad Kd 7s 4d]  
Seat+2: Small Blind Folded before the FLOP
Seat+3: Big Blind lost with High card [9c 8h-Kd 7s 9c 8h 4d]  
"""


def _ignition(n: int, call: str, back: str) -> tuple[list[str], dict, Decimal]:
    ret = f"Dealer : Return uncalled portion of bet ${back} \n" if back else ""
    data = _IGNITION.format(n=n, call=call, back=ret).encode()
    errors, seats, packed = read_natively(data, f"short-bb-ignition-{n}.txt")
    (hand,) = packed.rows.tables["hands"].to_pylist()
    return errors, seats, hand["big_blind"]


def test_ignition_the_first_limp_calls_the_whole_big_blind() -> None:
    errors, seats, big_blind = _ignition(1, "0.05", "0.02")
    assert errors == []
    assert big_blind == Decimal("0.05")
    assert seats["Dealer"] == (Decimal("0.03"), Decimal("0.08"))
    assert seats["Big Blind"] == (Decimal("0.03"), Decimal("0"))


def test_ignition_a_call_of_the_short_post_only_keeps_it_as_the_stake() -> None:
    errors, seats, big_blind = _ignition(2, "0.03", "")
    assert errors == []
    assert big_blind == Decimal("0.03")
    assert seats["Dealer"] == (Decimal("0.03"), Decimal("0.08"))


def test_ignition_a_return_beyond_the_excess_is_still_flagged() -> None:
    errors, _, _ = _ignition(3, "0.05", "0.03")
    assert "uncalled_bet_wrong" in errors
