"""The long tail's last classes, session 20 (issue 33), on the text and XML sites other than
iPoker: Cake's Horizon client (freeroll stakes printed "-1", table snapshots, the fragment after
the hero leaves), PartyPoker's stub for a hand it did not write, Merge's rabbit hunt, WPN's SNG
2.0 title line and Boss Media's unmarked button. Every hand is one we wrote in the site's
layout; each test asserts the stored hand and that no error finding is raised, or the reject's
reason."""
# ruff: noqa: E501, W291  (hand histories are quoted verbatim: long lines, a seat line ends in a blank)

from __future__ import annotations

from parsers.model import ActionKind as K
from parsers.read import split_file
from tests.parsers.sites.test_longtail_tail import _errors, _nets, _outcome, _outcomes

# --- Cake network's Horizon client: freerolls that print "-1", table snapshots between hands ---

#: A Horizon freeroll hand: the header names no blinds ("-1/-1/0") and the small blind's post
#: prints "-1"; cy completes for 10 more, so the blind was half the big blind of 20.
HORIZON_FREEROLL = """\
Hand#5128AAAA00000001 - The Arena - $50 GTD T16000001 -- FREEROLL -- $0 + $0 -- 8 Max -- \
Table 3 -- -1/-1/0 NL Hold'em -- 2018/04/20 - 22:00:06
Dealer: Seat 1
Seat 1: ann (3 000 in chips) 
Seat 2: cy (3 000 in chips) 
Seat 3: dan (3 000 in chips) 
cy: posts small blind -1
dan: posts big blind 20
Dealt to cy [Kd,Jc]
ann: raises to 40
cy: calls 30
dan: folds
*** FLOP *** [Jd,6d,6s]
cy: bets 100
ann: folds
cy: returns uncalled bet 100
***SHOW DOWN***
cy: mucks
cy wins 100 
"""

#: What the client writes after a hand while it waits for the next: the table's seats again.
SNAPSHOTS = """

Dealer: Seat 0
Seat 1: ann (2 960 in chips) 
Seat 2: cy (3 060 in chips) 
Seat 3: dan (2 980 in chips) 
Player left the table
Dealer: Seat 0
Seat 1: ann (2 960 in chips) 
Seat 2: cy (3 060 in chips) 
"""


def test_a_horizon_freeroll_small_blind_printed_minus_one_is_half_the_big_blind():
    hand = _outcome(HORIZON_FREEROLL).hand  # was bad_amount "-1" on the header
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.stakes.ante) == (10, 20, 0)
    sb = next(a for a in hand.actions if a.kind is K.POST_SMALL_BLIND)
    assert (sb.seat, sb.amount) == (2, 10)
    assert _errors(hand) == []
    assert _nets(hand) == {"ann": -40, "cy": 60, "dan": -20}


def test_a_horizon_ante_printed_minus_one_is_no_ante():
    text = HORIZON_FREEROLL.replace("-1/-1/0", "-1/10.0000/20.0000").replace(
        "posts small blind -1", "posts small blind 10")
    hand = _outcome(text).hand  # was bad_amount "-1"
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.stakes.ante) == (10, 20, 0)
    assert _errors(hand) == []


def test_table_snapshots_after_a_horizon_hand_are_not_part_of_it():
    hand = _outcome(HORIZON_FREEROLL + SNAPSHOTS).hand  # was unknown_line "Dealer: Seat 0"
    assert hand.ignored_lines == ()
    assert _nets(hand) == {"ann": -40, "cy": 60, "dan": -20}


def test_an_action_after_the_snapshots_still_rejects():
    out = _outcome(HORIZON_FREEROLL + SNAPSHOTS + "dan: bets 50\n")
    assert out.hand is None
    assert out.error.reason == "unknown_line"


#: What the client writes after the hero leaves the table: the rest of a hand it never headed.
FRAGMENT = """

Player left the table
dan: folds
ann: checks
*** FLOP *** [Tc,6h,Qc]
ann: bets 40
cy: folds
ann: returns uncalled bet 40
***SHOW DOWN***
ann: mucks
ann wins 75 
"""


def test_a_horizon_fragment_after_the_hero_left_is_a_reject_of_its_own():
    for newline in ("\n", "\r\n"):
        data = (HORIZON_FREEROLL + FRAGMENT + HORIZON_FREEROLL.replace("00000001", "00000002")
                ).replace("\n", newline).encode()
        first, fragment, second = list(split_file(data).hands("tail.txt"))
        assert _nets(first.hand) == {"ann": -40, "cy": 60, "dan": -20}  # was unknown_line
        assert fragment.hand is None
        assert fragment.error.reason == "truncated_hand"
        assert "no header" in fragment.error.detail
        assert fragment.chunk.line == HORIZON_FREEROLL.count("\n") + 3
        for out in (first, fragment, second):  # each chunk's offset is its first byte
            start = out.chunk.text.split("\n")[0].encode()
            assert data[out.chunk.offset:out.chunk.offset + len(start)] == start
        assert second.hand.hand_id == "5128AAAA00000002"


def test_a_left_table_line_before_snapshots_starts_no_fragment():
    (out,) = _outcomes(HORIZON_FREEROLL + "\n\nPlayer left the table\nDealer: Seat 0\n"
                       "Seat 1: ann (2 960 in chips) \n")
    assert _nets(out.hand) == {"ann": -40, "cy": 60, "dan": -20}


# --- PartyPoker: the stub of a hand the site did not write -------------------------------------

#: A session's hand, then the stub the client writes for a hand it could not record.
PARTY_WITH_STUB = """\
Game #16700000001 starts.

#Game No : 16700000001
***** Hand History for Game 16700000001 *****
$0.01/$0.02 USD NL Texas Hold'em - Friday, December 01, 13:41:20 CET 2017
Table Dunmore (Real Money)
Seat 6 is the button
Total number of players : 3/6
Seat 3: ann ( $2.09 USD )
Seat 5: bob ( $2 USD )
Seat 6: cy ( $2 USD )
ann posts small blind [$0.01 USD].
bob posts big blind [$0.02 USD].
** Dealing down cards **
Dealt to ann [  5d 2c ]
cy raises [$0.04 USD]
ann folds
bob calls [$0.02 USD]
** Dealing Flop ** [ 8h, 3c, 5c ]
bob checks
cy bets [$0.05 USD]
bob folds
cy does not show cards.
cy wins $0.14 USD

Game #16700000002 starts.
#Game No : 16700000002
{reason}
The hand history for this hand number is not available here.Please use Instant Hand History in the "Game Rules & Options"  menu to have this hand history delivered to the email address you have registered with us.
"""


def test_a_partypoker_stub_is_a_reject_of_its_own_and_the_hand_before_imports():
    for reason in ("Table Closed", "Connection Lost due to some reason"):
        hand_out, stub = _outcomes(PARTY_WITH_STUB.format(reason=reason))
        # the hand before holds no line of the stub (they were its ignored lines)
        assert hand_out.hand.ignored_lines == ()
        assert _errors(hand_out.hand) == []
        assert _nets(hand_out.hand) == {"ann": -1, "bob": -4, "cy": 5}
        assert stub.hand is None
        assert stub.error.reason == "history_not_available"
        assert "game 16700000002" in stub.error.detail
        assert stub.chunk.text.startswith("Game #16700000002 starts.")


def test_a_hand_that_starts_with_its_game_line_is_not_a_stub():
    # a hand whose "Game #N starts." is followed by its header is one chunk, as before
    (out,) = _outcomes(PARTY_WITH_STUB.split("\n\nGame #16700000002")[0] + "\n")
    assert out.hand.hand_id == "16700000001"


# --- Merge: a rabbit hunt after a folded hand --------------------------------------------------

#: Everyone folds to ann's raise; she asks for the rabbit: a RABBIT event, the five cards the
#: hand never dealt, and her cards shown.
MERGE_RABBIT = """<description type="Holdem" stakes="No Limit ($1/$2)"/>
<game id="901-7" starttime="20120529051500" numholecards="2" gametype="2" realmoney="true" data="20120529|Anywhere (901)|901|901-7|false">
	<players dealer="2">
		<player seat="0" nickname="ann" balance="$30.00" dealtin="true" />
		<player seat="1" nickname="bob" balance="$200.00" dealtin="true" />
		<player seat="2" nickname="cy" balance="$150.00" dealtin="true" />
		<player seat="3" nickname="dan" balance="$90.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" timestamp="1338280704625" player="3" amount="1.00"/>
		<event sequence="2" type="BIG_BLIND" timestamp="1338280705515" player="0" amount="2.00"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="RAISE" timestamp="1338280710812" player="1" amount="5.00"/>
		<event sequence="4" type="FOLD" timestamp="1338280711968" player="2"/>
		<event sequence="5" type="FOLD" timestamp="1338280725875" player="3"/>
		<event sequence="6" type="FOLD" timestamp="1338280731093" player="0"/>
	</round>
	<round id="END_OF_FOLDED_GAME" sequence="3">
		<event sequence="7" type="RABBIT" timestamp="1338280742500" player="1" text="Qh,Qs"/>
		<cards type="COMMUNITY" cards="Td,4h,9c,8d,Jd"/>
		<cards type="SHOWN" cards="Qh,Qs" player="1"/>
		<winner amount="8.00" uncalled="false" potnumber="1" player="1" pottype="n"/>
	</round>
	<round id="END_OF_GAME" sequence="4">
	</round>
</game>
"""


def test_a_merge_rabbit_hunt_moves_no_chips_and_deals_no_board():
    hand = _outcome(MERGE_RABBIT).hand  # was unknown_line "unknown event type 'RABBIT'"
    assert hand.boards == ((),)  # the rabbit's five cards are not the hand's board
    assert [x.text for x in hand.ignored_lines if "Td" in x.text]  # kept as an ignored line
    assert _errors(hand) == []
    assert _nets(hand) == {"ann": -200, "bob": 300, "cy": 0, "dan": -100}


# --- WPN: the SNG 2.0 (Jackpot) tables print the tournament's title before the table line -----

WPN_TITLED = """\
Game Hand #12900001 - Tournament #8000001 - Holdem(No Limit) - Level 9 (200.00/400.00)- 2017/05/08 09:13:36 UTC
Title 'SNG 2.0 $5.5'
Table '1' 9-max Seat #4 is the button
Seat 2: ann (1710.00)
Seat 4: bob (1628.00)
Seat 6: cy (1738.00)
Seat 9: dan (8424.00)
ann posts ante 25.00
bob posts ante 25.00
cy posts ante 25.00
dan posts ante 25.00
cy posts the small blind 200.00
dan posts the big blind 400.00
*** HOLE CARDS ***
Main pot 100.00
Dealt to bob [Td 9d]
ann raises 1685.00 to 1685.00 and is all-in
bob folds
cy folds
dan folds
Uncalled bet (1285.00) returned to ann
ann does not show
*** SUMMARY ***
Total pot 1100.00
Seat 2: ann did not show and won 1100.00
Seat 4: bob (button) folded on the Pre-Flop
Seat 6: cy (small blind) folded on the Pre-Flop
Seat 9: dan (big blind) folded on the Pre-Flop
"""


def test_a_wpn_title_line_before_the_table_line():
    hand = _outcome(WPN_TITLED).hand  # was no_seats: the table line was taken for the title
    assert (hand.table_name, hand.max_seats, hand.button_seat) == ("1", 9, 4)
    assert _errors(hand) == []
    assert _nets(hand) == {"ann": 675, "bob": -25, "cy": -225, "dan": -425}


# --- Boss Media: no button marked, a big blind posted out of position; the deal decides -------

def _boss_deal(*names: str) -> str:
    return "".join(f'<ACTION TYPE="HAND_DEAL" PLAYER="{n}">\n<CARD LINK="b"></CARD>\n'
                   '<CARD LINK="b"></CARD></ACTION>\n' for n in names)


#: The button is seat 1 (the deal starts at seat 2); seat 2 is new and posts a big blind from
#: the small blind's seat, seat 3 the small blind, seat 5 the big blind. Seat 2 opens the flop.
BOSS_UNMARKED = (
    '<HISTORY ID="2000000001" SESSION="s1.xml" TABLE="TH Micro 1" GAME="GAME_THM" '
    'GAMETYPE="GAMETYPE_REAL" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="USD" LIMIT="NL" '
    'STAKES="0.02/0.04" DATE="1265759017" WIN="0.00" LOSS="0.00">\n'
    '<PLAYER NAME="ann" SEAT="1" AMOUNT="4.00"></PLAYER>\n'
    '<PLAYER NAME="bob" SEAT="2" AMOUNT="4.00"></PLAYER>\n'
    '<PLAYER NAME="cy" SEAT="3" AMOUNT="4.00"></PLAYER>\n'
    '<PLAYER NAME="dan" SEAT="5" AMOUNT="4.00"></PLAYER>\n'
    '<ACTION TYPE="HAND_BLINDS" PLAYER="bob" KIND="HAND_BB" VALUE="0.04"></ACTION>\n'
    '<ACTION TYPE="HAND_BLINDS" PLAYER="cy" KIND="HAND_SB" VALUE="0.02"></ACTION>\n'
    '<ACTION TYPE="HAND_BLINDS" PLAYER="dan" KIND="HAND_BB" VALUE="0.04"></ACTION>\n'
    + _boss_deal("bob", "cy", "dan", "ann") +
    '<ACTION TYPE="ACTION_CALL" PLAYER="ann" VALUE="0.04"></ACTION>\n'
    '<ACTION TYPE="ACTION_CHECK" PLAYER="bob"></ACTION>\n'
    '<ACTION TYPE="ACTION_CALL" PLAYER="cy" VALUE="0.04"></ACTION>\n'
    '<ACTION TYPE="ACTION_CHECK" PLAYER="dan"></ACTION>\n'
    '<ACTION TYPE="HAND_BOARD" VALUE="BOARD_FLOP" POT="0.16">\n'
    '<CARD LINK="30"></CARD>\n<CARD LINK="35"></CARD>\n<CARD LINK="20"></CARD></ACTION>\n'
    '<ACTION TYPE="ACTION_CHECK" PLAYER="bob"></ACTION>\n'
    '<ACTION TYPE="ACTION_CHECK" PLAYER="cy"></ACTION>\n'
    '<ACTION TYPE="ACTION_BET" PLAYER="dan" VALUE="0.10"></ACTION>\n'
    '<ACTION TYPE="ACTION_FOLD" PLAYER="ann"></ACTION>\n'
    '<ACTION TYPE="ACTION_FOLD" PLAYER="bob"></ACTION>\n'
    '<ACTION TYPE="ACTION_FOLD" PLAYER="cy"></ACTION>\n'
    '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="0.16" RAKE="0.00">\n'
    '<RESULT PLAYER="dan" WIN="0.16" HAND="$(STR_BY_DEFAULT)">\n'
    '<CARD LINK="b"></CARD>\n<CARD LINK="b"></CARD></RESULT>\n'
    '<RESULT PLAYER="ann" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT>\n'
    '<RESULT PLAYER="bob" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT>\n'
    '<RESULT PLAYER="cy" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT></SHOWDOWN></HISTORY>\n')


def test_an_unmarked_boss_media_button_is_read_from_the_deal():
    hand = _outcome(BOSS_UNMARKED).hand
    assert hand.button_seat == 1  # the seat before the first dealt; the small blind says 2
    assert _errors(hand) == []  # was out_of_turn: seat 2 opening the flop before seat 3
    assert _nets(hand) == {"ann": -4, "bob": -4, "cy": -4, "dan": 12}


# --- 888: a player kept in by disconnect protection (no line for him, a side pot without him) --

PACIFIC_PROTECTED = """\
#Game No : 436000001
***** 888poker Hand History for Game 436000001 *****
$0.01/$0.02 Blinds Fix Limit Holdem - *** 05 09 2016 18:43:35
Table Varna 6 Max (Real Money)
Seat 2 is the button
Total number of players : 3
Seat 2: ann ( $0.20 )
Seat 4: bob ( $0.81 )
Seat 6: cy ( $4 )
bob posts small blind [$0.01]
cy posts big blind [$0.02]
** Dealing down cards **
ann calls [$0.02]
bob raises [$0.03]
cy calls [$0.02]
ann calls [$0.02]
** Dealing flop ** [ 2s, Qd, 8d ]
bob bets [$0.02]
cy calls [$0.02]
ann calls [$0.02]
** Dealing turn ** [ 4s ]
bob checks
cy checks
ann checks
** Dealing river ** [ Ts ]
bob checks
cy checks
ann bets [$0.04]
bob calls [$0.04]
** Summary **
ann shows [ 5s, 8s ]
bob mucks [ 6d, Ad ]
cy mucks [ 3h, Ah ]
ann collected [ $0.17 ]
ann collected [ $0.08 ]
"""


def test_an_888_player_who_never_answers_but_mucks_at_the_end_was_protected():
    hand = _outcome(PACIFIC_PROTECTED).hand
    river = [(a.seat, a.kind) for a in hand.actions if a.street.name == "RIVER"]
    # cy's turn after bob's call: all-in for what he has in, the river bets a side pot
    assert river == [(4, K.CHECK), (6, K.CHECK), (2, K.BET), (4, K.CALL), (6, K.PROTECTED)]
    assert _errors(hand) == []  # was round_not_closed: cy still to act on the river
    assert _nets(hand) == {"ann": 15, "bob": -10, "cy": -6}


def test_an_888_player_who_never_answers_and_is_not_at_the_end_stays_an_error():
    text = PACIFIC_PROTECTED.replace("cy mucks [ 3h, Ah ]\n", "")
    hand = _outcome(text).hand
    assert not [a for a in hand.actions if a.kind is K.PROTECTED]
    assert "round_not_closed" in _errors(hand)
