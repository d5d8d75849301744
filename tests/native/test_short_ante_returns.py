"""The part of an ante a short all-in cannot match goes back with the uncalled bet, in both
cores (issue 33 section 3).

A player all-in on a short ante can win only as much of each ante as he put in. When nobody
else matches the rest (everyone else folded or posted nothing more), PokerStars-layout sites
give the unmatched part of the ante back in the same ``Uncalled bet`` line as the unmatched
blind: ``Uncalled bet (14) returned`` for a small blind of 10 and 4 chips of an ante of 10
that a 6-chip all-in could not match. The engine read every returned chip as the street bet
and flagged a correct hand twice (``uncalled_bet_wrong`` and ``round_not_closed``).

The rule, in ``pipeline.engine.state._live_part`` and ``State::live_part``: preflop, a return
larger than the seat's unmatched bet is that bet plus the unmatched part of its dead posts
when it is no more than what the seat put in beyond every other player (a folded player's
ante counts: his chips are in the pot). Asserted per hand: both cores store identical rows;
the correct hands have no error finding and store the log's own net; a return of more, or of
part of the ante only, is still an ``uncalled_bet_wrong`` error.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.native.parity import read_natively

pytest.importorskip("sidepot_native", reason="the native core is not built")

_HEADS_UP = """\
PokerStars Hand #24710000090{n}: Tournament #797469411, $3.19+$0.31 USD Hold'em No Limit - \
Level V (10/20) - 2024/03/05 20:15:11 CET [2024/03/05 14:15:11 ET]
Table '797469411 15' 9-max Seat #1 is the button
Seat 1: Alice (1000 in chips)
Seat 2: Bob (6 in chips)
Alice: posts the ante 10
Bob: posts the ante 6 and is all-in
Alice: posts small blind 10
*** HOLE CARDS ***
Uncalled bet ({back}) returned to Alice
*** FLOP *** [Kd 7s 2c]
*** TURN *** [Kd 7s 2c] [3h]
*** RIVER *** [Kd 7s 2c 3h] [4d]
*** SHOW DOWN ***
Alice: shows [Ah Ad]
Bob: shows [9c 8h]
Alice collected {pot} from pot
*** SUMMARY ***
Total pot {pot} | Rake 0
Board [Kd 7s 2c 3h 4d]
Seat 1: Alice (button) (small blind) showed [Ah Ad] and won ({pot})
Seat 2: Bob showed [9c 8h] and lost
"""

_THREE = """\
PokerStars Hand #24710000091{n}: Tournament #797469411, $3.19+$0.31 USD Hold'em No Limit - \
Level V (10/20) - 2024/03/05 20:16:11 CET [2024/03/05 14:16:11 ET]
Table '797469411 15' 9-max Seat #1 is the button
Seat 1: Alice (1000 in chips)
Seat 2: Bob (6 in chips)
Seat 3: Carl (1000 in chips)
Alice: posts the ante 10
Bob: posts the ante 6 and is all-in
Carl: posts the ante 10
Carl: posts big blind 20
*** HOLE CARDS ***
Alice: folds
Uncalled bet ({back}) returned to Carl
*** FLOP *** [Kd 7s 2c]
*** TURN *** [Kd 7s 2c] [3h]
*** RIVER *** [Kd 7s 2c 3h] [4d]
*** SHOW DOWN ***
Carl: shows [Ah Ad]
Bob: shows [9c 8h]
Carl collected {pot} from pot
*** SUMMARY ***
Total pot {pot} | Rake 0
Board [Kd 7s 2c 3h 4d]
Seat 1: Alice (button) folded before Flop (didn't bet)
Seat 2: Bob showed [9c 8h] and lost
Seat 3: Carl (big blind) showed [Ah Ad] and won ({pot})
"""


def _read(text: str, n: int) -> tuple[list[str], dict[str, tuple[Decimal, Decimal]]]:
    """(error codes, player -> (invested, won)) of one hand, both cores agreeing."""
    errors, seats, _ = read_natively(text.encode(), f"short-ante-{n}.txt")
    return errors, seats


def test_heads_up_the_unmatched_ante_comes_back_with_the_blind() -> None:
    # Alice put in 20 (ante 10, small blind 10), Bob 6: 14 back, 12 in the pot.
    errors, seats = _read(_HEADS_UP.format(n=1, back=14, pot=12), 1)
    assert errors == []
    assert seats["Alice"] == (Decimal(6), Decimal(12))
    assert seats["Bob"] == (Decimal(6), Decimal(0))


def test_a_folded_players_ante_matches_it() -> None:
    # Carl's 4 chips of ante beyond Bob's are matched by Alice's folded ante: only the big
    # blind comes back, and Carl wins the side pot of the antes.
    errors, seats = _read(_THREE.format(n=1, back=20, pot=26), 11)
    assert errors == []
    assert seats["Carl"] == (Decimal(10), Decimal(26))
    errors, _ = _read(_THREE.format(n=2, back=24, pot=22), 12)
    assert "uncalled_bet_wrong" in errors


@pytest.mark.parametrize(("back", "pot"), [(12, 14), (16, 10)])
def test_a_return_other_than_the_unmatched_part_is_still_an_error(back: int, pot: int) -> None:
    errors, _ = _read(_HEADS_UP.format(n=back % 10, back=back, pot=pot), back)
    assert "uncalled_bet_wrong" in errors
