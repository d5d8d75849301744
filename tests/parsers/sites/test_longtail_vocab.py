"""Lines and locales of the long tail, session 19 (issue 33 section 4): PokerStars India's
rupee amounts joined by a no-break space, client notices and status lines inside a hand, and
888's Portuguese and Spanish clients (one-letter suits, "$1,73"). Every hand is one we wrote
in the site's layout; each test asserts the stored hand (actions, collections, nets) and that
no error finding is raised, or the reject's reason where the hand cannot be read."""
# ruff: noqa: E501, W291  (hand histories are quoted verbatim: long lines, and "Dealt to X " ends in a space)

from __future__ import annotations

import pytest

from parsers.model import ActionKind as K
from parsers.read import split_file
from pipeline.engine import replay
from pipeline.engine.result import Severity
from tests.parsers.sites.test_pokerstars import CASH
from tests.parsers.sites.test_rabbit_hunt import _hand, _money, _text


def _outcome(text: str):
    (out,) = list(split_file(text.encode()).hands("longtail.txt"))
    return out


def _errors(hand) -> list[str]:
    return [f.code for f in replay(hand).findings if f.severity is Severity.ERROR]


def _nets(hand) -> dict[str, int]:
    names = {s.seat: s.player for s in hand.seats}
    return {names[s.seat]: s.net for s in replay(hand).seats}


# --- PokerStars India: "Rs." and its amount joined by a no-break space ------------------------

#: The test module's cash hand as PokerStars.in writes it: "Rs.\xa0" before every amount.
RUPEES_NBSP = CASH.replace("$", "Rs.\xa0").replace(" USD)", " INR)")


def test_rupees_joined_by_a_no_break_space_are_read_as_rupees():
    hand = _hand(RUPEES_NBSP.strip("\n"))
    plain = _hand(CASH.strip("\n"))
    assert (hand.currency, hand.decimals) == ("INR", 2)
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (25, 50)
    assert [s.stack for s in hand.seats] == [5000, 5120, 2000, 4975]
    assert _money(hand) == _money(plain)  # every bet, return, collection, pot and rake alike
    assert (hand.report.total_pot, hand.report.rake) == (1550, 100)
    assert _errors(hand) == []
    assert _nets(hand) == {"Mr. [Bracket]": -750, "a: b": 700, "Jörg": -50, "Hero": 0}


def test_rupees_with_a_plain_space_read_the_same():
    spaced = RUPEES_NBSP.replace("Rs.\xa0", "Rs. ")
    assert _money(_hand(spaced.strip("\n"))) == _money(_hand(RUPEES_NBSP.strip("\n")))


# --- client notices and status lines inside a hand --------------------------------------------

CHAT_NOTICE = ("Chat has been disabled till the end of this hand as one or more players have "
               "gone All-in. Chat will be enabled as soon as this hand ends.")

#: (site, test module's hand): sites whose own grammar does not know the lines below.
SITES = [("pokerstars", "CASH"), ("pacific888", "HAND"), ("winamax", "TOURNEY"),
         ("betonline", "HAND"), ("fulltilt", "CASH"), ("ignition", "TOURNEY")]


def _after_first_action(text: str, line: str) -> str:
    lines = text.split("\n")
    at = next(k for k, ln in enumerate(lines) if k > 3 and "dealt to" in ln.lower()) + 1
    return "\n".join([*lines[:at], line, *lines[at:]])


def _read_past(site: str, name: str, line_of) -> None:
    text = _text(site, name)
    plain = _hand(text)
    line = line_of(plain.seats[-1].player)
    hand = _hand(_after_first_action(text, line))
    assert [ig.text for ig in hand.ignored_lines] == [line]
    assert _money(hand) == _money(plain)
    infos = [f for f in replay(hand).findings if f.code == "ignored_line"]
    assert [f.severity for f in infos] == [Severity.INFO]
    assert _errors(hand) == _errors(plain) == []


@pytest.mark.parametrize(("site", "name"), SITES, ids=[s for s, _ in SITES])
def test_a_chat_notice_with_a_betting_word_is_read_past(site, name):
    _read_past(site, name, lambda player: CHAT_NOTICE)


@pytest.mark.parametrize("form", [
    "{p} has been disconnected.", "{p} could not respond in time.(disconnected)",
    "{p} did not respond in time", "{p} has requested TIME",
])
@pytest.mark.parametrize(("site", "name"), SITES[:3], ids=[s for s, _ in SITES[:3]])
def test_a_status_line_naming_a_seated_player_is_read_past(site, name, form):
    _read_past(site, name, lambda player: form.format(p=player))


@pytest.mark.parametrize("line", [
    "Chat has been disabled: {p} raises 10",  # a seated name and an amount: could be an action
    "Chat has been disabled as {p} went all-in",  # a seated name
    "Chat has been disabled, 2 players all-in",  # an amount beside a betting word
])
def test_a_chat_notice_that_could_be_an_action_still_rejects(line):
    text = _text("pokerstars", "CASH")
    player = _hand(text).seats[-1].player
    out = _outcome(_after_first_action(text, line.format(p=player)))
    assert out.hand is None and out.error.reason == "unknown_line"


# --- 888: the Portuguese and Spanish clients ---------------------------------------------------

#: 888's Portuguese client: one-letter suits (ouros, copas, espadas, paus), the ten "D", and
#: amounts with the symbol first and a comma decimal.
PORTUGUESE = """
#Game No : 900000101
***** 888poker Hand History for Game 900000101 *****
$0,01/$0,02 Blinds No Limit Holdem - *** 23 11 2016 20:32:45
Table Braga 6 Max (Real Money)
Seat 1 is the button
Total number of players : 3
Seat 1: ana ( $1,73 )
Seat 2: rui ( $2 )
Seat 4: eva ( $1.002,50 )
rui posts small blind [$0,01]
eva posts big blind [$0,02]
** Dealing down cards **
Dealt to ana [ Qo, 4p ]
ana calls [$0,02]
rui calls [$0,01]
eva checks
** Dealing flop ** [ 5p, De, Qc ]
rui checks
eva checks
ana bets [$0,04]
rui folds
eva calls [$0,04]
** Dealing turn ** [ 2o ]
eva checks
ana checks
** Dealing river ** [ 9e ]
eva checks
ana checks
** Summary **
ana shows [ Qo, 4p ]
eva mucks [ 7o, 5e ]
ana collected [ $0,14 ]
"""

#: A Spanish-language skin (TowerTorneosPoker's banner): tréboles, diamantes, picas, corazones,
#: and play money printed "28,50" whatever the stakes line says.
SPANISH = """
#Game No : 900000102
***** TowerTorneosPoker Hand History for Game 900000102 *****
3/6 Blinds No Limit Holdem - *** 02 06 2017 15:55:54
Table Toledo 6 Max (Play Money)
Seat 4 is the button
Total number of players : 3
Seat 1: luz ( 82,10 )
Seat 2: pau ( 372 )
Seat 4: sol ( 1 035 )
luz posts small blind [3]
pau posts big blind [6]
** Dealing down cards **
Dealt to pau [ Ap, 2p ]
sol calls [6]
luz calls [3]
pau checks
** Dealing flop ** [ Kt, Kp, Qc ]
luz checks
pau checks
sol checks
** Dealing turn ** [ 8d ]
luz checks
pau bets [6,50]
sol folds
luz calls [6,50]
** Dealing river ** [ 3c ]
luz checks
pau checks
** Summary **
luz shows [ Ac, 7p ]
pau shows [ Ap, 2p ]
pau collected [ 15,50 ]
luz collected [ 15,50 ]
"""


def test_the_portuguese_client_suits_ten_and_comma_amounts():
    hand = _hand(PORTUGUESE.strip("\n"))
    assert [(s.player, s.stack) for s in hand.seats] == [("ana", 173), ("rui", 200),
                                                          ("eva", 100250)]
    ana = hand.seats[0]
    assert ana.is_hero and ana.hole_cards == ("Qd", "4c")  # ouros, paus
    assert hand.boards == (("5c", "Ts", "Qh", "2d", "9s"),)  # "De": the ten of espadas
    assert hand.seats[2].hole_cards == ("7d", "5s")
    assert [(a.seat, a.kind, a.amount) for a in hand.actions if a.street == 1] == [
        (2, K.CHECK, 0), (4, K.CHECK, 0), (1, K.BET, 4), (2, K.FOLD, 0), (4, K.CALL, 4)]
    assert [(c.seat, c.amount) for c in hand.report.collections] == [(1, 14)]
    assert _errors(hand) == []
    assert _nets(hand) == {"ana": 8, "rui": -2, "eva": -6}


def test_the_spanish_client_suits_and_play_money_decimals():
    hand = _hand(SPANISH.strip("\n"))
    assert [s.stack for s in hand.seats] == [8210, 37200, 103500]
    assert hand.seats[1].hole_cards == ("As", "2s")  # picas
    assert hand.boards == (("Kc", "Ks", "Qh", "8d", "3h"),)  # tréboles, picas, corazones
    assert hand.seats[0].hole_cards == ("Ah", "7s")
    assert [(c.seat, c.amount) for c in hand.report.collections] == [(2, 1550), (1, 1550)]
    assert _errors(hand) == []
    assert _nets(hand) == {"luz": 300, "pau": 300, "sol": -600}


def test_suits_that_fit_both_languages_are_a_clear_reject():
    # an 888poker banner (not a Spanish-only skin) and only "p" and "c" suits: clubs and
    # hearts in Portuguese, spades and hearts in Spanish
    text = PORTUGUESE.replace("[ Qo, 4p ]", "[ Qc, 4p ]").replace("[ 5p, De, Qc ]", "[ 5p, Dc, Qc ]")
    text = text.replace("[ 2o ]", "[ 2p ]").replace("[ 9e ]", "[ 9c ]").replace(
        "eva mucks [ 7o, 5e ]", "eva mucks [ 7p, 5c ]")
    out = _outcome(text.strip("\n"))
    assert out.hand is None and out.error.reason == "bad_card"
    assert "Portuguese and as Spanish" in out.error.detail


def test_english_cards_and_dollar_grouping_are_unchanged():
    english = (PORTUGUESE.replace("$1,73", "$1.73").replace("$1.002,50", "$1,002.50")
               .replace("[$0,01]", "[$0.01]").replace("[$0,02]", "[$0.02]")
               .replace("$0,01/$0,02", "$0.01/$0.02").replace("[$0,04]", "[$0.04]")
               .replace("[ $0,14 ]", "[ $0.14 ]").replace("Qo", "Qd").replace("4p", "4c")
               .replace("5p", "5c").replace(" De,", " Ts,").replace("Qc", "Qh")
               .replace("2o", "2d").replace("9e", "9s").replace("7o", "7d").replace("5e", "5s"))
    hand = _hand(english.strip("\n"))
    portuguese = _hand(PORTUGUESE.strip("\n"))
    assert _money(hand) == _money(portuguese)
    assert hand.boards == portuguese.boards
    assert [s.hole_cards for s in hand.seats] == [s.hole_cards for s in portuguese.seats]
    assert hand.seats[2].stack == 100250  # "$1,002.50": the comma groups thousands


# --- a hand the site cancelled ----------------------------------------------------------------

#: A PokerStars hand called off after its blinds: the posts went back, nothing else happened.
STARS_CANCELLED = """
PokerStars Hand #230000000091:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/07/30 13:25:24 CET [2021/07/30 7:25:24 ET]
Table 'Eleonora II' 6-max Seat #1 is the button
Seat 1: ann ($50 in chips)
Seat 2: bob ($51.20 in chips)
Seat 3: cy ($20 in chips)
bob: posts small blind $0.25
cy: posts big blind $0.50
Hand cancelled
*** SUMMARY ***
Seat 1: ann (button) collected ($0)
"""

#: The same hand on GGPoker.
GG_CANCELLED = """
Poker Hand #RC4000000091: Hold'em No Limit ($0.25/$0.50) - 2024/03/05 23:00:00
Table 'RushAndCash12' 6-max Seat #1 is the button
Seat 1: ann ($50 in chips)
Seat 2: Hero ($51.20 in chips)
Seat 3: 9e8d7c6b ($20 in chips)
Hero: posts small blind $0.25
9e8d7c6b: posts big blind $0.50
*** HOLE CARDS ***
Dealt to ann 
Dealt to Hero [8h 3c]
Dealt to 9e8d7c6b 
Hand cancelled
*** SUMMARY ***
Total pot $0 | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
"""


@pytest.mark.parametrize("text", [STARS_CANCELLED, GG_CANCELLED], ids=["pokerstars", "ggpoker"])
def test_a_cancelled_hand_is_a_reject_with_that_reason(text):
    out = _outcome(text.strip("\n"))
    assert out.hand is None
    assert (out.error.reason, out.error.text) == ("cancelled_hand", "Hand cancelled")
    assert "cancelled" in out.error.detail


@pytest.mark.parametrize(("site", "name", "line"), [
    ("fulltilt", "CASH", "Hand #123456 has been canceled"),
    ("winamax", "TOURNEY", "Hand cancelled"),
    ("pacific888", "HAND", "Hand cancelled"),
])
def test_a_cancel_line_on_other_sites_is_a_reject_not_an_ignored_line(site, name, line):
    out = _outcome(_after_first_action(_text(site, name), line))
    assert out.hand is None and out.error.reason == "cancelled_hand"


def test_a_line_that_only_mentions_a_cancel_is_read_past():
    # a notice about another event, not this hand's cancel line
    _read_past("pokerstars", "CASH", lambda player: "The next tournament was cancelled by the host")


# --- iPoker: an export cut before the hand's end ----------------------------------------------

#: An iPoker tournament game cut after its blinds (a session file written while the hand was
#: still being played): no cards dealt, nobody paid.
IPOKER_CUT = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="7001">
 <general>
  <mode>real</mode>
  <gametype>Holdem NL</gametype>
  <tablename>€100 Gtd, 935408419</tablename>
  <currency>EUR</currency>
  <nickname>ann</nickname>
 </general>
 <game gamecode="8000001">
  <general>
   <startdate>2017-09-11 13:00:34</startdate>
   <players>
    <player seat="1" dealer="1" chips="10,000" name="ann" win="0" bet="0"/>
    <player seat="2" dealer="0" chips="10,000" name="bob" win="0" bet="25"/>
    <player seat="3" dealer="0" chips="10,000" name="cy" win="0" bet="50"/>
   </players>
  </general>
  <round no="0">
   <action sum="25" no="1" type="1" player="bob"/>
   <action sum="50" no="2" type="2" player="cy"/>
  </round>
 </game>
</session>
"""


def test_an_ipoker_game_cut_before_its_end_is_a_truncated_hand():
    out = _outcome(IPOKER_CUT)
    assert out.hand is None
    assert out.error.reason == "truncated_hand"  # it was bad_amount "wins less than its uncalled bet"
    assert "stops before the hand's end" in out.error.detail


# --- 888: one card shown, or a card hidden -----------------------------------------------------


@pytest.mark.parametrize("show", ["bob shows [ KKreuz ]", "bob shows [ X, KKreuz ]"])
def test_an_888_one_card_show_keeps_the_dealt_pair(show):
    text = _text("pacific888", "HAND").replace("** Summary **", "** Summary **\n" + show)
    hand = _hand(text)
    bob = next(s for s in hand.seats if s.player == "bob")
    assert bob.hole_cards == ("3d", "Kc")  # dealt [ 3Karo, KKreuz ]: not cut to the card shown
    shows = [(a.seat, a.kind, a.cards) for a in hand.actions if a.kind is K.SHOW]
    assert shows == [(bob.seat, K.SHOW, ("Kc",))]
    plain = _hand(_text("pacific888", "HAND"))
    assert [a for a in hand.actions if a.kind is not K.SHOW] == list(plain.actions)
    assert [(c.seat, c.amount) for c in hand.report.collections] == [
        (c.seat, c.amount) for c in plain.report.collections]
    assert _errors(hand) == []
    assert _nets(hand) == _nets(plain)


# --- WPN classic: a blind posted all-in for less ------------------------------------------------

#: The big blind has less than the blind: WPN's classic layout prints "allin (X)" in place of
#: "has big blind", before the deal; the small blind's call is printed whole (to the full big
#: blind) and its excess comes back as an uncalled bet.
WPN_SHORT_BIG_BLIND = """
Game started at: 2016/11/13 11:7:19
Game ID: 700000001 1/2 Quartz (PRR) - 6 (Hold'em)
Seat 4 is the button
Seat 4: kim (74.56).
Seat 5: lou (1.44).
Player kim has small blind (1)
Player lou allin (1.44)
Player kim received a card.
Player kim received a card.
Player lou received card: [Js]
Player lou received card: [Qs]
Player kim calls (1)
Uncalled bet (0.56) returned to kim
*** FLOP ***: [6h As 8c]
*** TURN ***: [6h As 8c] [5h]
*** RIVER ***: [6h As 8c 5h] [9h]
------ Summary ------
Pot: 2.74. Rake 0.14
Board: [6h As 8c 5h 9h]
Player kim shows: Straight to 9 [7d Ad]. Bets: 1.44. Collects: 2.74. Wins: 1.30.
*Player lou shows: High card A [Js Qs]. Bets: 1.44. Collects: 0. Loses: 1.44.
Game ended at: 2016/11/13 11:7:30
"""

#: A tournament small blind posted all-in for less (10 of the 15 blind), then the big blind.
WPN_SHORT_SMALL_BLIND = """
Game started at: 2016/11/10 9:50:49
Game ID: 700000002 15/30 $10 Freeroll - On Demand, Table 2 (Hold'em)
Seat 5 is the button
Seat 5: zed (1515).
Seat 6: amy (10).
Seat 7: sam (1545).
Player amy allin (10)
Player sam has big blind (30)
Player sam received a card.
Player sam received a card.
Player zed received a card.
Player zed received a card.
Player amy received card: [Jd]
Player amy received card: [9h]
Player zed calls (30)
Player sam checks
*** FLOP ***: [2c 7d 9c]
Player sam checks
Player zed checks
*** TURN ***: [2c 7d 9c] [Ks]
Player sam checks
Player zed checks
*** RIVER ***: [2c 7d 9c Ks] [3s]
Player sam checks
Player zed checks
------ Summary ------
Pot: 70. Rake 0
Board: [2c 7d 9c Ks 3s]
Player zed shows: One pair of Ks [Kd 4h]. Bets: 30. Collects: 70. Wins: 40.
*Player amy shows: One pair of 9s [Jd 9h]. Bets: 10. Collects: 0. Loses: 10.
Player sam shows: High card A [Ah 5d]. Bets: 30. Collects: 0. Loses: 30.
Game ended at: 2016/11/10 9:51:30
"""


def test_a_wpn_big_blind_posted_all_in_for_less():
    hand = _hand(WPN_SHORT_BIG_BLIND.strip("\n"))
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (100, 200)  # the header's
    assert [(a.seat, a.kind, a.amount, a.all_in) for a in hand.actions[:4]] == [
        (4, K.POST_SMALL_BLIND, 100, False), (5, K.POST_BIG_BLIND, 144, True),
        (4, K.CALL, 100, False), (4, K.UNCALLED_RETURN, 56, False)]
    assert _errors(hand) == []  # it was wrong_call_amount: "allin" read as a raise
    assert _nets(hand) == {"kim": 130, "lou": -144}  # the log's Wins 1.30 and Loses 1.44


def test_a_wpn_small_blind_posted_all_in_for_less():
    hand = _hand(WPN_SHORT_SMALL_BLIND.strip("\n"))
    assert [(a.seat, a.kind, a.amount, a.all_in) for a in hand.actions[:3]] == [
        (6, K.POST_SMALL_BLIND, 10, True), (7, K.POST_BIG_BLIND, 30, False),
        (5, K.CALL, 30, False)]
    assert _errors(hand) == []
    assert _nets(hand) == {"zed": 40, "amy": -10, "sam": -30}


def test_a_name_in_brackets_does_not_make_an_english_888_hand_latin():
    # "[Ko] bob": a bracketed word like a Portuguese card in a name, not in the card group
    hand = _hand(_text("pacific888", "HAND").replace("bob", "[Ko] bob"))
    assert hand.seats[1].player == "[Ko] bob" and hand.seats[1].hole_cards == ("3d", "Kc")
    assert _errors(hand) == []


# --- Merge: a poster missing from the <players> list -------------------------------------------

#: A Merge cash game where player 0 posts the big blind and folds but the <players> list (seats
#: 1-4) leaves him out: he left before the cards.
MERGE_ABSENT_POSTER = """<description type="Holdem" stakes="No Limit ($0.02/$0.04)"/>
<game id="90000001-1" starttime="20110507140723" numholecards="2" gametype="2" realmoney="true" data="20110507|Osorno (90000001)|90000001|90000001-1|false">
	<players dealer="3">
		<player seat="1" nickname="ana" balance="$5.30" dealtin="true" />
		<player seat="2" nickname="ben" balance="$4.00" dealtin="false" />
		<player seat="3" nickname="Hero" balance="$2.00" dealtin="true" />
		<player seat="4" nickname="dan" balance="$4.11" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" timestamp="1304795244005" player="4" amount="0.02"/>
		<event sequence="2" type="BIG_BLIND" timestamp="1304795252069" player="0" amount="0.04"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="RAISE" timestamp="1304795257492" player="1" amount="0.14"/>
		<event sequence="4" type="FOLD" timestamp="1304795259351" player="3"/>
		<event sequence="5" type="FOLD" timestamp="1304795259594" player="4"/>
		<event sequence="6" type="FOLD" timestamp="1304795263584" player="0"/>
		<cards type="HOLE" cards="Ac,6d" player="3" hand="Ace High"/>
	</round>
	<round id="END_OF_FOLDED_GAME" sequence="3">
		<event sequence="7" type="MUCK" timestamp="1304795264375" player="1"/>
		<winner amount="0.20" uncalled="false" potnumber="1" player="1" pottype="n"/>
	</round>
	<round id="END_OF_GAME" sequence="4">
	</round>
</game>
"""


def test_a_merge_poster_missing_from_the_player_list_is_dead_money():
    hand = _hand(MERGE_ABSENT_POSTER)
    assert [s.player for s in hand.seats] == ["ana", "ben", "Hero", "dan"]
    assert hand.report.site_added == (("posted by player 0, not in the player list", 4),)
    assert not [a for a in hand.actions if a.seat == 1]  # his post and fold are no actions
    assert _errors(hand) == []  # it was an unseated_player reject
    assert _nets(hand) == {"ana": 6, "ben": 0, "Hero": 0, "dan": -2}  # the blinds, won


def test_any_other_event_by_a_merge_player_not_listed_still_rejects():
    text = MERGE_ABSENT_POSTER.replace('type="FOLD" timestamp="1304795263584" player="0"',
                                       'type="CALL" timestamp="1304795263584" player="0" '
                                       'amount="0.10"')
    out = _outcome(text)
    assert out.hand is None and out.error.reason == "unseated_player"


# --- the Cake network's later client: play chips to the cent, "chats:", finish places ----------

#: A play-money hand of the network's 2018 client: stacks and bets to the cent (thousands
#: grouped by a no-break space), a chat line "NAME  chats: ...".
CAKE_CENTS = """\
Hand#5126023113000129 - No Limit Hold'em 10/20 23113 -- 10/20 NL Hold'em -- 2018/04/18 - 15:53:10
Dealer: Seat 9
Seat 2: ivo (1\u00a0735.73 in chips)
Seat 3: jan (880 in chips)
Seat 9: kai (92.25 in chips)
ivo: posts small blind 10
jan: posts big blind 20
Dealt to jan [7c,4d]
kai: raises to 92.25
ivo  chats: raise fold or stay
ivo: calls 82.25
jan: folds
*** FLOP *** [Jd,6d,6s]
*** TURN *** [8s]
*** RIVER *** [Th]
***SHOW DOWN***
kai: shows [Ah,Jc] (Two pair)
ivo: mucks [9c,9h] (Two pair)
kai wins 204.50 with Two pair
"""


def test_cake_play_chips_to_the_cent_and_a_chats_line():
    hand = _hand(CAKE_CENTS)
    assert (hand.currency, hand.decimals) == ("PLAY", 2)
    assert [s.stack for s in hand.seats] == [173573, 88000, 9225]
    assert [(a.seat, a.kind, a.amount) for a in hand.actions[:5]] == [
        (2, K.POST_SMALL_BLIND, 1000), (3, K.POST_BIG_BLIND, 2000), (9, K.RAISE, 9225),
        (2, K.CALL, 8225), (3, K.FOLD, 0)]
    assert [ig.text for ig in hand.ignored_lines] == ["ivo  chats: raise fold or stay"]
    assert _errors(hand) == []
    assert _nets(hand) == {"ivo": -9225, "jan": -2000, "kai": 11225}


def test_a_finish_place_out_of_the_field_is_read_past():
    text = _text("cake", "TOURNEY")
    line = "Ann finished 93 out of 307 players."
    hand = _hand(text.replace("***SHOW DOWN***", line + "\n***SHOW DOWN***"))
    assert [ig.text for ig in hand.ignored_lines] == [line]
    assert _errors(hand) == []
