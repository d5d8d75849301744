"""Capped no-limit games: a player whose chips in the hand reach the table's cap plays on as if
all-in, however many chips he holds (issue 33 section 4).

Each site says it its own way, and any betting verb may say it:
- PokerStars: "raises $6.50 to $10 and has reached the $10 cap", "calls $8.50 and has reached
  the $10 cap" (header "Hold'em No Limit ($0.25/$0.50 - $10 Cap - USD)");
- Full Tilt: "raises to $240, and is capped", "calls $167.50, and is capped" ("CAP NL Hold'em");
- WPN's classic layout: "caps (253.88)" is the wager that reaches the cap ("- CAP -" tables);
  a later call to the same total says only "calls".
The parser marks such a wager all-in; the engine (both cores) takes the chips behind out of
play, so the streets after it, dealt with no betting, are no ``round_not_closed``.
"""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from __future__ import annotations

from parsers.read import split_file
from pipeline.engine import replay
from pipeline.engine.result import Severity

STARS = """PokerStars Game #52151000001:  Hold'em No Limit ($0.25/$0.50 - $10 Cap -  USD) - 2010/11/01 12:20:00 CET [2010/11/01 7:20:00 ET]
Table 'Ibarruri' 9-max Seat #8 is the button
Seat 1: Hero ($20 in chips)
Seat 2: Player2 ($14 in chips)
Seat 8: Player8 ($9.95 in chips)
Seat 9: Villain ($13 in chips)
Villain: posts small blind $0.25
Hero: posts big blind $0.50
*** HOLE CARDS ***
Dealt to Hero [Ah 6d]
Player2: raises $1 to $1.50
Player8: folds
Villain: raises $2 to $3.50
Hero: raises $6.50 to $10 and has reached the $10 cap
Player2: calls $8.50 and has reached the $10 cap
Villain: calls $6.50 and has reached the $10 cap
*** FLOP *** [Qd 7s 2c]
*** TURN *** [Qd 7s 2c] [Qh]
*** RIVER *** [Qd 7s 2c Qh] [9c]
*** SHOW DOWN ***
Villain: shows [Qs Kh] (three of a kind, Queens)
Hero: shows [Ah 6d] (a pair of Queens)
Player2: shows [2d 3d] (two pair, Queens and Deuces)
Villain collected $28.50 from pot
*** SUMMARY ***
Total pot $30 | Rake $1.50
Board [Qd 7s 2c Qh 9c]
Seat 1: Hero (big blind) showed [Ah 6d] and lost with a pair of Queens
Seat 2: Player2 showed [2d 3d] and lost with two pair, Queens and Deuces
Seat 8: Player8 (button) folded before Flop (didn't bet)
Seat 9: Villain (small blind) showed [Qs Kh] and won ($28.50) with three of a kind, Queens
"""

FULL_TILT = """Full Tilt Poker Game #35456787999: Table Myron (6 max) - CAP NL Hold'em - $5/$10 - 04:44:44 ET - 2015/04/08
Seat 2: ginalisa18 ($877.65)
Seat 3: VanyaRabotaet ($609.35)
Seat 4: 1mperial ($752.25)
Seat 6: Darkking_pt ($300)
VanyaRabotaet posts the small blind of $5
1mperial posts the big blind of $10
The button is in seat #2
*** HOLE CARDS ***
Darkking_pt raises to $20
ginalisa18 calls $20
VanyaRabotaet folds
1mperial calls $10
*** FLOP *** [Td 3d 3h] (Total Pot: $65, 3 Players)
1mperial checks
Darkking_pt bets $40
ginalisa18 calls $40
1mperial calls $40
*** TURN *** [Td 3d 3h] [Qh] (Total Pot: $185, 3 Players)
1mperial bets $240, and is capped
Darkking_pt calls $240, and is capped
ginalisa18 calls $240, and is capped
*** RIVER *** [Td 3d 3h Qh] [Ac] (Total Pot: $905, 3 Players)
*** SHOW DOWN ***
1mperial shows [Jd Qd] two pair, Queens and Threes
Darkking_pt shows [6d Ad] two pair, Aces and Threes
ginalisa18 shows [Tc Ts] a full house, Tens full of Threes
ginalisa18 wins the pot ($902) with a full house, Tens full of Threes
*** SUMMARY ***
Total pot $905 | Rake $3
Board: [Td 3d 3h Qh Ac]
Seat 2: ginalisa18 (button) showed [Tc Ts] and won ($902) with a full house, Tens full of Threes
Seat 3: VanyaRabotaet (small blind) folded before the Flop
Seat 4: 1mperial (big blind) showed [Jd Qd] and lost with two pair, Queens and Threes
Seat 6: Darkking_pt showed [6d Ad] and lost with two pair, Aces and Threes
"""

WPN = """Game started at: 2015/4/28 1:1:3
Game ID: 406051999 5/10 Mauilite (PRR) - CAP - 6-Max - 3 (Hold'em)
Seat 6 is the button
Seat 1: Player0 (1442.50).
Seat 2: Player1 (1356.75).
Seat 5: Player4 (1000).
Seat 6: Hero (975).
Player Player0 has small blind (5)
Player Player1 has big blind (10)
Player Player0 received a card.
Player Player0 received a card.
Player Player1 received a card.
Player Player1 received a card.
Player Player4 received a card.
Player Player4 received a card.
Player Hero received card: [8d]
Player Hero received card: [4s]
Player Player4 raises (20)
Player Hero calls (20)
Player Player0 folds
Player Player1 calls (10)
*** FLOP ***: [9s 7c 7h]
Player Player1 checks
Player Player4 bets (26.12)
Player Hero raises (90)
Player Player1 calls (90)
Player Player4 caps (253.88)
Player Hero calls (190)
Player Player1 calls (190)
*** TURN ***: [9s 7c 7h] [Kh]
*** RIVER ***: [9s 7c 7h Kh] [2h]
Player Hero mucks cards
Player Player1 mucks cards
------ Summary ------
Pot: 902. Rake 2.76. JP fee 0.24
Board: [9s 7c 7h Kh 2h]
Player Player0 does not show cards.Bets: 5. Collects: 0. Loses: 5.
Player Player1 mucks (does not show: [Qc Jc]). Bets: 300. Collects: 0. Loses: 300.
*Player Player4 shows: Three Of Kind of 7s [Jd 7d]. Bets: 300. Collects: 902. Wins: 602.
Player Hero mucks (does not show: [8d 4s]). Bets: 300. Collects: 0. Loses: 300.
Game ended at: 2015/4/28 1:2:23
"""


def _only(text: str, fmt: str):
    split = split_file(text.encode())
    assert split.format.name == fmt
    (out,) = list(split.hands("cap.txt"))
    assert out.hand is not None, out.error
    return out.hand


def _capped(hand) -> list[tuple[int, str]]:
    return [(a.seat, a.kind.value) for a in hand.actions if a.all_in]


def _errors(hand) -> list[str]:
    return [f.code for f in replay(hand).findings if f.severity is not Severity.INFO]


def test_pokerstars_cap_on_every_verb_imports_clean():
    hand = _only(STARS, "pokerstars")
    assert _capped(hand) == [(1, "raise"), (2, "call"), (9, "call")]
    call = next(a for a in hand.actions if a.seat == 2 and a.kind.value == "call")
    assert call.amount == 850 and call.to == 1000
    assert _errors(hand) == []
    nets = {s.seat: s.net for s in replay(hand).seats}
    assert nets == {1: -1000, 2: -1000, 8: 0, 9: 1850}


def test_full_tilt_capped_players_are_not_asked_to_act_on_the_river():
    hand = _only(FULL_TILT, "fulltilt")
    assert _capped(hand) == [(4, "bet"), (6, "call"), (2, "call")]
    assert _errors(hand) == []


def test_wpn_caps_and_the_calls_that_reach_the_cap():
    hand = _only(WPN, "wpn")
    assert _capped(hand) == [(5, "raise"), (6, "call"), (2, "call")]
    assert _errors(hand) == []
    assert {s.seat: s.net for s in replay(hand).seats}[5] == 60200  # cents


def test_wpn_caps_at_a_table_without_a_cap_is_a_raise_only():
    text = WPN.replace(" - CAP - 6-Max", " - 6-Max")
    hand = _only(text, "wpn")
    assert _capped(hand) == []
    # three players still hold chips behind and the turn and river were dealt unbet: the
    # log says nothing of a cap, so the engine says what is missing
    assert "round_not_closed" in _errors(hand)


def test_a_cap_without_the_flag_leaves_the_round_open():
    # the same hand with the cap words taken away: the chips behind are in play again
    text = STARS.replace(" and has reached the $10 cap", "")
    hand = _only(text, "pokerstars")
    assert _capped(hand) == []
    assert "round_not_closed" in _errors(hand)


# Fixed limit: "caps" is the raise that reaches the betting cap (WPN's current layout prints it
# as a raise, "caps X to Y"); it is no all-in, and the round goes on to the calls.
WPN_FIXED = """Hand #700000009 - Holdem(Limit) - $0.10/$0.20 - 2019/09/10 12:02:11 UTC
Joppa 6-max Seat #3 is the button
Seat 1: Ann ($5)
Seat 2: Bob ($5)
Seat 3: Cy ($5)
Ann posts the small blind $0.05
Bob posts the big blind $0.10
*** HOLE CARDS ***
Dealt to Cy [Ah Ad]
Cy raises $0.20 to $0.20
Ann raises $0.25 to $0.30
Bob caps $0.30 to $0.40
Cy calls $0.20
Ann calls $0.10
*** FLOP *** [2c 7d 9h]
Ann checks
Bob checks
Cy checks
*** TURN *** [2c 7d 9h] [Ks]
Ann checks
Bob checks
Cy checks
*** RIVER *** [2c 7d 9h Ks] [3s]
Ann checks
Bob checks
Cy checks
*** SHOW DOWN ***
Ann shows [4c 5c] (high card King)
Bob shows [Kc Qd] (a pair of Kings)
Cy shows [Ah Ad] (a pair of Aces)
Cy collected $1.15 from main pot
*** SUMMARY ***
Total pot $1.20 | Rake $0.05
Board [2c 7d 9h Ks 3s]
Seat 1: Ann (small blind) showed [4c 5c] and lost with high card King
Seat 2: Bob (big blind) showed [Kc Qd] and lost with a pair of Kings
Seat 3: Cy (button) showed [Ah Ad] and won $1.15 with a pair of Aces
"""


def test_fixed_limit_caps_is_the_raise_that_reaches_the_cap():
    hand = _only(WPN_FIXED, "wpn")
    raises = [(a.seat, a.amount, a.to, a.all_in) for a in hand.actions if a.kind.value == "raise"]
    assert raises == [(3, 20, 20, False), (1, 25, 30, False), (2, 30, 40, False)]
    assert _errors(hand) == []
    # one raise more than the cap (bet and three raises) is caught
    over = WPN_FIXED.replace("Cy calls $0.20\nAnn calls $0.10",
                             "Cy raises $0.30 to $0.50\nAnn calls $0.20\nBob calls $0.10")
    assert "fixed_limit_cap" in _errors(_only(over, "wpn"))
