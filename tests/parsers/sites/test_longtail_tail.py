"""The long tail's last classes, session 20 (issue 33), on iPoker: a tournament big blind posted
all-in short, games that stop before their end (converted fast-fold histories), a table turning
heads-up with no button printed, a player listed with no chips, a converter's fold numbered
before the bet it answers. Hands we wrote in the site's layout; each test asserts the stored
hand (actions, stakes, nets) and that no error finding is raised, or the reject's reason. The
other sites' classes are in ``test_longtail_tail_others.py``."""
# ruff: noqa: E501, W291  (hand histories are quoted verbatim: long lines, a seat line ends in a blank)

from __future__ import annotations

from parsers.model import ActionKind as K
from parsers.read import split_file
from pipeline.engine import replay
from pipeline.engine.result import Severity


def _outcomes(text: str) -> list:
    return list(split_file(text.encode()).hands("tail.txt"))


def _outcome(text: str):
    (out,) = _outcomes(text)
    return out


def _errors(hand) -> list[str]:
    return [f.code for f in replay(hand).findings if f.severity is Severity.ERROR]


def _nets(hand) -> dict[str, int]:
    names = {s.seat: s.player for s in hand.seats}
    return {names[s.seat]: s.net for s in replay(hand).seats}


# --- iPoker tournaments: a big blind posted all-in short, the others call the full blind -------

#: A sit & go hand at 25/50 with antes of 5 (the export prints no stakes): cy has 35 chips, so
#: his big blind is 30, all in. dan limps for the full 50, bob completes his small blind to 50;
#: cy's 30 takes the main pot, dan's kings the side pot of the 20s cy could not match.
IPOKER_SHORT_BB = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="7002">
 <general>
  <mode>real</mode>
  <gametype>Holdem NL</gametype>
  <tablename>Turbo 4-max, 935408420</tablename>
  <currency>EUR</currency>
  <nickname>ann</nickname>
 </general>
 <game gamecode="8000002">
  <general>
   <startdate>2017-09-11 13:05:00</startdate>
   <players>
    <player seat="1" dealer="1" chips="800" name="ann" win="0" bet="5"/>
    <player seat="2" dealer="0" chips="900" name="bob" win="0" bet="55"/>
    <player seat="3" dealer="0" chips="35" name="cy" win="110" bet="35"/>
    <player seat="4" dealer="0" chips="700" name="dan" win="40" bet="55"/>
   </players>
  </general>
  <round no="0">
   <action sum="5" no="1" type="15" player="ann"/>
   <action sum="5" no="2" type="15" player="bob"/>
   <action sum="5" no="3" type="15" player="cy"/>
   <action sum="5" no="4" type="15" player="dan"/>
   <action sum="25" no="5" type="1" player="bob"/>
   <action sum="30" no="6" type="2" player="cy"/>
  </round>
  <round no="1">
   <cards type="Pocket" player="ann">X X</cards>
   <cards type="Pocket" player="bob">X X</cards>
   <cards type="Pocket" player="cy">HA DA</cards>
   <cards type="Pocket" player="dan">HK DK</cards>
   <action sum="50" no="7" type="3" player="dan"/>
   <action sum="0" no="8" type="0" player="ann"/>
   <action sum="25" no="9" type="3" player="bob"/>
  </round>
  <round no="2">
   <cards type="Flop" player="">C2 S7 D9</cards>
   <action sum="0" no="10" type="4" player="bob"/>
   <action sum="0" no="11" type="4" player="dan"/>
  </round>
  <round no="3">
   <cards type="Turn" player="">H3</cards>
   <action sum="0" no="12" type="4" player="bob"/>
   <action sum="0" no="13" type="4" player="dan"/>
  </round>
  <round no="4">
   <cards type="River" player="">S4</cards>
   <action sum="0" no="14" type="4" player="bob"/>
   <action sum="0" no="15" type="4" player="dan"/>
  </round>
 </game>
</session>
"""


def test_an_ipoker_short_big_blind_keeps_the_full_blind_to_call():
    hand = _outcome(IPOKER_SHORT_BB).hand
    assert hand.stakes.big_blind == 5000  # 50 chips (two decimals), the level, not cy's short post
    bb = next(a for a in hand.actions if a.kind is K.POST_BIG_BLIND)
    assert (bb.amount, bb.all_in) == (3000, True)
    assert _errors(hand) == []  # was wrong_call_amount (50 against 30) and a call of nothing
    assert _nets(hand) == {"ann": -500, "bob": -5500, "cy": 7500, "dan": -1500}


def test_an_ipoker_short_big_blind_with_no_limp_keeps_the_post():
    # dan raises instead of limping: nothing in the betting says the level, the post stays it
    text = (IPOKER_SHORT_BB.replace('sum="50" no="7" type="3"', 'sum="100" no="7" type="23"')
            .replace('sum="25" no="9" type="3"', 'sum="75" no="9" type="3"')
            .replace('win="40" bet="55"', 'win="140" bet="105"')
            .replace('win="0" bet="55"', 'win="0" bet="105"'))
    hand = _outcome(text).hand
    assert hand.stakes.big_blind == 3000
    assert _errors(hand) == []
    assert _nets(hand) == {"ann": -500, "bob": -10500, "cy": 7500, "dan": 3500}


# --- iPoker: a converted fast-fold game that ends at the hero's fold ----------------------------

#: A fast-fold hand converted into iPoker's XML: the hero folds first to act and the converter
#: ends the game there, giving the blinds back (win = bet) with four players still to act.
IPOKER_ZONE_CUT = """<session sessioncode="0">
  <general>
    <mode>real</mode>
    <gametype>Holdem NL $0.25/$0.50</gametype>
    <tablename>Zone Poker - Rams</tablename>
    <currency>USD</currency>
    <nickname>Hero</nickname>
  </general>
  <game gamecode="900000001">
    <general>
      <startdate>2019-03-02 10:00:00</startdate>
      <players>
        <player seat="1" name="Hero" chips="50" dealer="0" win="0" bet="0" />
        <player seat="2" name="ann" chips="40" dealer="0" win="0" bet="0" />
        <player seat="3" name="bob" chips="45" dealer="1" win="0" bet="0" />
        <player seat="4" name="cy" chips="60" dealer="0" win="0.25" bet="0.25" />
        <player seat="5" name="dan" chips="55" dealer="0" win="0.5" bet="0.5" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="cy" type="1" sum="0.25" />
      <action no="2" player="dan" type="2" sum="0.5" />
    </round>
    <round no="1">
      <cards type="Pocket" player="Hero">C5 H10</cards>
      <cards type="Pocket" player="ann">X X</cards>
      <cards type="Pocket" player="bob">X X</cards>
      <cards type="Pocket" player="cy">X X</cards>
      <cards type="Pocket" player="dan">X X</cards>
      <action no="3" player="Hero" type="0" sum="0" />
    </round>
  </game>
</session>
"""


def test_a_converted_game_cut_at_the_heros_fold_is_a_truncated_hand():
    out = _outcome(IPOKER_ZONE_CUT)
    assert out.hand is None  # was three errors: unclosed preflop, no flop, a showdown with no board
    assert out.error.reason == "truncated_hand"
    assert "2 players still in" in out.error.detail


def test_a_converted_game_cut_with_nobody_paid_is_a_truncated_hand():
    out = _outcome(IPOKER_ZONE_CUT.replace('win="0.25"', 'win="0"').replace('win="0.5"', 'win="0"'))
    assert out.hand is None
    assert out.error.reason == "truncated_hand"
    assert "no player wins anything" in out.error.detail


def test_a_chop_of_equal_stakes_on_a_full_board_is_a_hand():
    # the blinds check it down and split: each is paid his own chips back, a finished hand
    text = IPOKER_ZONE_CUT.replace(
        '<action no="3" player="Hero" type="0" sum="0" />',
        '<action no="3" player="Hero" type="0" sum="0" />\n'
        '      <action no="4" player="ann" type="0" sum="0" />\n'
        '      <action no="5" player="bob" type="0" sum="0" />\n'
        '      <action no="6" player="cy" type="3" sum="0.25" />\n'
        '      <action no="7" player="dan" type="4" sum="0" />\n'
        '    </round>\n'
        + "".join(f'    <round no="{n}">\n      <cards type="{k}" player="">{c}</cards>\n'
                  f'      <action no="{2 * n + 6}" player="cy" type="4" sum="0" />\n'
                  f'      <action no="{2 * n + 7}" player="dan" type="4" sum="0" />\n'
                  '    </round>\n'
                  for n, k, c in ((2, "Flop", "SA SK SQ"), (3, "Turn", "SJ"), (4, "River", "S10")))
        + '    <round no="9">').replace('<round no="9">\n    </round>', '').replace(
        'win="0.25" bet="0.25"', 'win="0.5" bet="0.5"')
    hand = _outcome(text).hand
    assert hand is not None
    assert _errors(hand) == []
    assert _nets(hand) == {"Hero": 0, "ann": 0, "bob": 0, "cy": 0, "dan": 0}


# --- a table turning heads-up: the button left on the big blind, no dealer printed --------------

#: An iPoker tournament hand heads-up that marks no dealer: ann posts the small blind and opens
#: the flop, so the button sits on bob's big blind (the hand the table turned heads-up).
IPOKER_HEADS_UP_TURNED = IPOKER_SHORT_BB.split(" <game gamecode")[0] + """ <game gamecode="8000003">
  <general>
   <startdate>2017-09-11 13:30:00</startdate>
   <players>
    <player seat="4" dealer="0" chips="8,390" name="ann" win="0" bet="300"/>
    <player seat="6" dealer="0" chips="6,610" name="bob" win="600" bet="300"/>
   </players>
  </general>
  <round no="0">
   <action sum="150" no="1" type="1" player="ann"/>
   <action sum="300" no="2" type="2" player="bob"/>
  </round>
  <round no="1">
   <cards type="Pocket" player="ann">D4 D7</cards>
   <cards type="Pocket" player="bob">SA C9</cards>
   <action sum="150" no="3" type="3" player="ann"/>
   <action sum="0" no="4" type="4" player="bob"/>
  </round>
  <round no="2">
   <cards type="Flop" player="">C2 SK HQ</cards>
   <action sum="0" no="5" type="4" player="ann"/>
   <action sum="0" no="6" type="4" player="bob"/>
  </round>
  <round no="3">
   <cards type="Turn" player="">H3</cards>
   <action sum="0" no="7" type="4" player="ann"/>
   <action sum="0" no="8" type="4" player="bob"/>
  </round>
  <round no="4">
   <cards type="River" player="">S8</cards>
   <action sum="0" no="9" type="4" player="ann"/>
   <action sum="0" no="10" type="4" player="bob"/>
  </round>
 </game>
</session>
"""


def test_the_small_blind_opening_the_flop_heads_up_puts_the_button_on_the_big_blind():
    from pipeline.engine.button import infer_button

    hand = _outcome(IPOKER_HEADS_UP_TURNED).hand
    assert hand.button_seat is None  # as logged
    assert infer_button(hand) == 6
    # was out_of_turn on the flop, the turn and the river: now the site's transition, a warning
    assert _errors(hand) == []
    assert _nets(hand) == {"ann": -30000, "bob": 30000}


def test_the_big_blind_opening_the_flop_heads_up_keeps_the_small_blind_the_button():
    from pipeline.engine.button import infer_button

    text = IPOKER_HEADS_UP_TURNED
    for street_no in ((5, 6), (7, 8), (9, 10)):
        a, b = street_no
        text = (text.replace(f'no="{a}" type="4" player="ann"', f'no="{b}" type="4" player="tmp"')
                .replace(f'no="{b}" type="4" player="bob"', f'no="{a}" type="4" player="bob"')
                .replace('player="tmp"', 'player="ann"'))
    hand = _outcome(text).hand
    assert infer_button(hand) == 4
    assert _errors(hand) == []


# --- iPoker: a player listed with no chips who plays (his buy-in came after the list) ----------

IPOKER_ZERO_STACK = """<session sessioncode="5900000001">
 <general>
  <mode>real</mode>
  <gametype>Holdem SL $0.02/$0.05</gametype>
  <tablename>Mendoza</tablename>
  <currency>USD</currency>
  <nickname>ann</nickname>
 </general>
 <game gamecode="3500000001">
  <general>
   <startdate>2012-12-07 13:58:26</startdate>
   <players>
    <player seat="1" name="dirk" chips="$0" dealer="0" win="$0.40" bet="$0.20"/>
    <player seat="3" name="ann" chips="$6.20" dealer="1" win="$0" bet="$0"/>
    <player seat="5" name="bob" chips="$3.49" dealer="0" win="$0" bet="$0.20"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="bob" type="1" sum="$0.02"/>
   <action no="2" player="dirk" type="2" sum="$0.05"/>
  </round>
  <round no="1">
   <cards type="Pocket" player="dirk">HA HK</cards>
   <cards type="Pocket" player="ann">X X</cards>
   <cards type="Pocket" player="bob">X X</cards>
   <action no="3" player="ann" type="0" sum="$0"/>
   <action no="4" player="bob" type="3" sum="$0.03"/>
   <action no="5" player="dirk" type="4" sum="$0"/>
  </round>
  <round no="2">
   <cards type="Flop" player="">S8 C6 H10</cards>
   <action no="6" player="bob" type="5" sum="$0.15"/>
   <action no="7" player="dirk" type="3" sum="$0.15"/>
  </round>
  <round no="3">
   <cards type="Turn" player="">H3</cards>
   <action no="8" player="bob" type="4" sum="$0"/>
   <action no="9" player="dirk" type="4" sum="$0"/>
  </round>
  <round no="4">
   <cards type="River" player="">D5</cards>
   <action no="10" player="bob" type="4" sum="$0"/>
   <action no="11" player="dirk" type="4" sum="$0"/>
  </round>
 </game>
</session>
"""


def test_an_ipoker_player_listed_with_no_chips_who_plays_has_an_unknown_stack():
    hand = _outcome(IPOKER_ZERO_STACK).hand
    dirk = next(s for s in hand.seats if s.player == "dirk")
    assert (dirk.stack, dirk.stack_known) == (20, False)  # the chips he put in: a lower bound
    # was bet_exceeds_stack on his blind, then acted_after_all_in on every street
    assert _errors(hand) == []
    assert _nets(hand) == {"dirk": 20, "ann": 0, "bob": -20}


# --- iPoker XML written by a converter: a fold numbered before the bet it answers --------------

#: bob checks the river and folds to ann's bet; the converter numbers his fold (no 15) right
#: after his check (no 14), before ann's bet (no 16).
IPOKER_FOLD_FIRST = IPOKER_ZERO_STACK.replace('chips="$0" dealer="0" win="$0.40"', 'chips="$5" dealer="0" win="$0"').replace(
    '<player seat="3" name="ann" chips="$6.20" dealer="1" win="$0" bet="$0"/>',
    '<player seat="3" name="ann" chips="$6.20" dealer="1" win="$0.75" bet="$0.50"/>').replace(
    """   <action no="3" player="ann" type="0" sum="$0"/>
   <action no="4" player="bob" type="3" sum="$0.03"/>
   <action no="5" player="dirk" type="4" sum="$0"/>""",
    """   <action no="3" player="ann" type="3" sum="$0.05"/>
   <action no="4" player="bob" type="3" sum="$0.03"/>
   <action no="5" player="dirk" type="4" sum="$0"/>""").replace(
    """   <action no="6" player="bob" type="5" sum="$0.15"/>
   <action no="7" player="dirk" type="3" sum="$0.15"/>""",
    """   <action no="6" player="bob" type="5" sum="$0.15"/>
   <action no="7" player="dirk" type="0" sum="$0"/>
   <action no="12" player="ann" type="3" sum="$0.15"/>""").replace(
    """   <action no="8" player="bob" type="4" sum="$0"/>
   <action no="9" player="dirk" type="4" sum="$0"/>""",
    """   <action no="8" player="bob" type="4" sum="$0"/>
   <action no="9" player="ann" type="4" sum="$0"/>""").replace(
    """   <action no="10" player="bob" type="4" sum="$0"/>
   <action no="11" player="dirk" type="4" sum="$0"/>""",
    """   <action no="14" player="bob" type="4" sum="$0"/>
   <action no="15" player="bob" type="0" sum="$0"/>
   <action no="16" player="ann" type="5" sum="$0.30"/>""")


def test_a_converted_fold_numbered_before_the_bet_it_answers_is_read_after_it():
    hand = _outcome(IPOKER_FOLD_FIRST).hand
    river = [(a.seat, a.kind) for a in hand.actions if a.street.name == "RIVER"]
    assert river == [(5, K.CHECK), (3, K.BET), (5, K.FOLD), (3, K.UNCALLED_RETURN)]
    assert _errors(hand) == []  # was out_of_turn twice (the fold, then the bet after the round)
    assert _nets(hand) == {"dirk": -5, "ann": 25, "bob": -20}
