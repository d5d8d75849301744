"""A board or the winners printed only in the summary (parsers/sites/_kit/summary.py).

Hand-written hands in each site's layout where the body has no street line (all in before the
flop) or no winner's line, while the summary prints "Board [..]" and "won (X)" / "collected
X". Read as printed such a hand ends with no board or a pot nobody took; with the summary
standing in it replays with no error. And the summary never overrides the body: a board that
disagrees with the body's, or winnings where the body printed its own, are left alone.
"""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from parsers.model import Street
from parsers.read import split_file
from parsers.sites import cereus, fulltilt, winamax, wpn
from parsers.sites._kit.starlike import Builder
from parsers.sites._kit.summary import board_from_summary, summary_seat_won
from parsers.text import Chunk
from pipeline.engine import replay
from pipeline.engine.result import Severity

BOARD = ("9h", "As", "9d", "8s", "8h")


def errors(h) -> list[str]:
    return [f.code for f in replay(h).findings if f.severity is Severity.ERROR]


def one(parse, text: str):
    return parse(Chunk(text.strip("\n"), 0, 1), "test.txt")


FULLTILT = """
Full Tilt Poker Game #1000000002: Table Iowa (6 max) - NL Hold'em - $5/$10 - 12:41:19 ET - 2014/01/06
Seat 1: Jo Betz ($2,094.70)
Seat 2: king: 88 ($308)
Seat 3: [zoé] ($500)
king: 88 posts the small blind of $5
[zoé] posts the big blind of $10
The button is in seat #1
*** HOLE CARDS ***
Dealt to Jo Betz [2c 3d]
Jo Betz folds
king: 88 raises to $308, and is all in
[zoé] calls $298
king: 88 shows [Kd Kh]
[zoé] shows [Ac 9s]
*** SUMMARY ***
Total pot $616 | Rake $0.50
Board: [9h As 9d 8s 8h]
Seat 1: Jo Betz (button) didn't bet (folded)
Seat 2: king: 88 (small blind) showed [Kd Kh] and lost with two pair, Kings and Nines
Seat 3: [zoé] (big blind) showed [Ac 9s] and won ($615.50) with a full house, Nines full of Aces
"""


def test_fulltilt_board_and_winner_from_the_summary():
    h = one(fulltilt.parse, FULLTILT)
    assert h.boards == (BOARD,)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(3, 61550)]
    assert errors(h) == []


def test_fulltilt_a_summary_board_that_disagrees_with_the_body_is_not_taken():
    text = FULLTILT.replace("[zoé] calls $298\n", "[zoé] calls $298\n*** FLOP *** [2h 3h 4h]\n")
    h = one(fulltilt.parse, text)
    assert h.boards == (("2h", "3h", "4h"),)
    assert "wrong_board_size" in errors(h)  # the body's three cards stand: the engine judges


def test_fulltilt_summary_winnings_never_double_the_body_line():
    text = FULLTILT.replace("*** SUMMARY ***", "[zoé] wins the pot ($615.50)\n*** SUMMARY ***")
    h = one(fulltilt.parse, text)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(3, 61550)]


PARTY = """
***** Hand History For Game 1642283555790ab12cd34eg *****
150/300 Tourney Texas Holdem Game Table (NL) (MTT Tournament #305000001) (Buyin $10.0 + $1.0) - Sat Jan 15 20:07:00 EST 2022
Table (305000001) Table #7 (Real Money) -- Seat 3 is the button
Total number of players : 2/9
Seat 1: Player1 (2000)
Seat 3: Player3 (5000)
Player1 posts ante (25)
Player3 posts ante (25)
Player3 posts small blind (150)
Player1 posts big blind (300)
** Dealing down cards **
Dealt to Player3 [ Ah, Qh ]
Player3 raises 4825 to 4975
Player3 is all-In.
Player1 calls (1675)
Player1 is all-In.
Creating Main Pot with 4000 with Player1
** Summary **
Main Pot: 4000
Board: [ Qs, 7c, 2d, 4h, 3s ]
Player1 balance 0, lost 2000[ 9c, 9d ] [ a pair of nines -- Qs,9c,9d,7c,4h ]
Player3 balance 7000, bet 5000, collected 7000, net +2000[ Ah, Qh ] [ a pair of queens -- Ah,Qh,Qs,7c,4h ]
"""


def test_partypoker_board_from_the_summary_of_an_all_in_before_the_flop():
    split = split_file(PARTY.strip("\n").encode())
    assert split.format.name == "partypoker"
    (out,) = list(split.hands("party.txt"))
    h = out.hand
    assert h.boards == (("Qs", "7c", "2d", "4h", "3s"),)
    assert errors(h) == []
    assert {s.seat: s.net for s in replay(h).seats} == {1: -2000, 3: 2000}


WPN = """
Hand #700000009 - Holdem(No Limit) - $0.01/$0.02 - 2019/09/10 12:05:11 UTC
Joppa 6-max Seat #3 is the button
Seat 1: Player One ($7.98)
Seat 3: p3 ($2.94)
Seat 4: p4 ($0.26)
p4 posts the small blind $0.01
Player One posts the big blind $0.02
*** HOLE CARDS ***
Dealt to p3 [Ah Ad]
p3 raises $0.08 to $0.08
p4 raises $0.25 to $0.26 and is all-in
Player One folds
p3 calls $0.18
*** SHOW DOWN ***
p4 shows [Kc Qd] (a pair of Kings [Ks Kc Qd 9h 7d])
p3 shows [Ah Ad] (a pair of Aces [Ah Ad Ks 9h 7d])
*** SUMMARY ***
Total pot $0.54 | Rake $0.01
Board [2c 7d 9h Ks 3s]
Seat 3: p3 (button) showed [Ah Ad] and won $0.53 with a pair of Aces [Ah Ad Ks 9h 7d]
Seat 4: p4 (small blind) showed [Kc Qd] and lost with a pair of Kings [Ks Kc Qd 9h 7d]
"""


def test_wpn_board_and_winner_from_the_summary():
    h = one(wpn.parse, WPN)
    assert h.boards == (("2c", "7d", "9h", "Ks", "3s"),)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(3, 53)]
    assert errors(h) == []


CEREUS = """
Stage #200000003: Holdem  No Limit $2 - 2010-07-24 00:55:15 (ET)
Table: OAK HWY (Real Money) Seat #3 is the dealer
Seat 3 - Hero ($50 in chips)
Seat 4 - Ann ($40 in chips)
Seat 1 - Bob ($15 in chips)
Ann - Posts small blind $1
Bob - Posts big blind $2
*** POCKET CARDS ***
Dealt to Hero [Qh 7d]
Hero - Folds
Ann - Raises $14 to $15
Bob - All-In $13
*** SHOW DOWN ***
Bob - Shows [9h 6d] (Straight, five to nine)
Ann - Shows [Ac Ad] (One pair, aces)
*** SUMMARY ***
Total Pot($30) | Rake ($1)
Board [5d 3c 9d 8d 7s]
Seat 1: Bob (big blind) won Total ($29) All-In HI:($29) with Straight [9h 6d - P:9h]
Seat 3: Hero (dealer) Folded on the POCKET CARDS
Seat 4: Ann (small blind) HI: [Mucked] [Ac Ad]
"""


def test_cereus_board_and_winner_from_the_summary():
    h = one(cereus.parse, CEREUS)
    assert h.boards == (("5d", "3c", "9d", "8d", "7s"),)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(1, 2900)]
    assert errors(h) == []


WINAMAX = """
Winamax Poker - CashGame - HandId: #1234567-90-1300000100 - Holdem no limit (0.50€/1€) - 2013/10/25 01:30:00 UTC
Table: 'Nice 02' 9-max (real money) Seat #7 is the button
Seat 7: Jean Paul (40€)
Seat 8: a: b (40.50€)
Seat 9: [Zoé] (166.67€)
*** ANTE/BLINDS ***
a: b posts small blind 0.50€
[Zoé] posts big blind 1€
*** PRE-FLOP ***
Jean Paul raises 39€ to 40€ and is all-in
a: b folds
[Zoé] calls 39€
*** SHOW DOWN ***
[Zoé] shows [Kd Kh] (Two pairs : Kings and Nines)
Jean Paul shows [Ac 9s] (Full of Nines and Aces)
*** SUMMARY ***
Total pot 78.60€ | Rake 1.90€
Board: [9h As 9d 8s 8h]
Seat 7: Jean Paul (button) showed [Ac 9s] and won 78.60€ with Full of Nines and Aces
Seat 9: [Zoé] (big blind) showed [Kd Kh] and lost with Two pairs : Kings and Nines
"""


def test_winamax_board_and_winner_from_the_summary():
    h = one(winamax.parse, WINAMAX)
    assert h.boards == (BOARD,)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(7, 7860)]
    assert errors(h) == []


def test_board_from_summary_extends_only_the_same_board():
    b = Builder()
    b.board = ["9h", "As", "9d"]
    b.street = Street.FLOP
    assert board_from_summary(b, "Board [9h As 9d 8s 8h]") and b.board == list(BOARD)
    assert not board_from_summary(b, "Board [9h As 9d]")  # fewer cards: nothing to add
    other = Builder()
    other.board = ["2c", "3c", "4c"]
    assert not board_from_summary(other, "Board [9h As 9d 8s 8h]") and other.board == ["2c", "3c", "4c"]


def test_summary_seat_won_reads_the_words_after_the_name():
    assert summary_seat_won("Seat 3: p3 (button) showed [Ah Ad] and won $0.53 with a pair") == (3, "$0.53")
    assert summary_seat_won("Seat 2: Big (small blind) collected Total ($8.55) HI:($8.55)") == (2, "$8.55")
    assert summary_seat_won("Seat 7: Jean Paul (button) won 19.82€") == (7, "19.82€")
    assert summary_seat_won("Seat 4: p4 (small blind) showed [Kc Qd] and lost with a pair") is None
    from parsers.sites._kit.starlike import Names
    names = Names({5: ["I won 5", 100, False, None]})
    assert summary_seat_won("Seat 5: I won 5 (button) folded before the Flop", names) is None


WPN_CLASSIC = """
Game started at: 2016/6/21 21:9:22
Game ID: 123456790 0.25/0.50 Quartz (PRR) - 6 (Hold'em)
Seat 1 is the button
Seat 1: Ann Lee (50).
Seat 2: bob (20.50).
Seat 3: c(at) (30).
Player bob has small blind (0.25)
Player c(at) has big blind (0.50)
Player Ann Lee received a card.
Player Ann Lee received a card.
Player bob received card: [Ah]
Player bob received card: [Kd]
Player c(at) received a card.
Player c(at) received a card.
Player Ann Lee folds
Player bob allin (20.25)
Player c(at) calls (20)
------ Summary ------
Pot: 39.60. Rake 1.16. JP fee 0.24
Board: [2c 7d 9h Ks 3s]
Player Ann Lee does not show cards.Bets: 0. Collects: 0. Wins: 0.
*Player bob shows: One pair of Ks [Ah Kd]. Bets: 20.50. Collects: 39.60. Wins: 19.10.
Player c(at) shows: High card A [Qc Jc]. Bets: 20.50. Collects: 0. Loses: 20.50.
Game ended at: 2016/6/21 21:10:21
"""


def test_wpn_classic_board_from_the_summary():
    h = one(wpn.parse, WPN_CLASSIC)
    assert h.boards == (("2c", "7d", "9h", "Ks", "3s"),)
    assert errors(h) == []
