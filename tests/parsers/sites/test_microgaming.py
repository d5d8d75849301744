"""Microgaming XML parser: hand-written hands in the site's layout."""
# ruff: noqa: E501

import pytest

from parsers import registry
from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.model import Street
from parsers.sites import microgaming
from parsers.text import Chunk
from pipeline.engine import replay

HAND = """<Game hhversion="4" id="77" date="2013-09-23 14:27:42" tablename="Micro 4 - €2 Max" stakes="0.01|0.02" betlimit="NL" tabletype="Cash Game" gametype="Hold&apos;em" realmoney="true" currencysymbol="rCA=" playerseat="2" istournament="0" tablesize="6" rake="1">
   <Seats>
      <Seat num="1" alias="a b" balance="1.00" endbalance="0.84"/>
      <Seat num="2" alias="Hero" balance="2.00" endbalance="2.16" dealer="true"/>
      <Seat num="3" alias="c:d" balance="0.50" endbalance="0.49"/>
   </Seats>
   <Gameplay>
      <Action seq="1" type="SmallBlind" seat="3" value="0.01"/>
      <Action seq="2" type="BigBlind" seat="1" value="0.02"/>
      <Action seq="3" type="DealCards" seat="2"><Card value="A" suit="s" id="0"/><Card value="10" suit="h" id="48"/></Action>
      <Action seq="4" type="Raise" seat="2" value="0.06"/>
      <Action seq="5" type="Fold" seat="3"/>
      <Action seq="6" type="Call" seat="1" value="0.04"/>
      <Action seq="7" type="DealFlop"><Card value="2" suit="c" id="14"/><Card value="7" suit="d" id="32"/><Card value="K" suit="h" id="51"/></Action>
      <Action seq="8" type="Check" seat="1"/>
      <Action seq="9" type="Bet" seat="2" value="0.10"/>
      <Action seq="10" type="Call" seat="1" value="0.10"/>
      <Action seq="11" type="DealTurn"><Card value="3" suit="s" id="2"/></Action>
      <Action seq="16" type="Check" seat="1"/>
      <Action seq="12" type="Bet" seat="2" value="0.20"/>
      <Action seq="13" type="Fold" seat="1"/>
      <Action seq="14" type="MoneyReturned" seat="2" value="0.20"/>
      <Action seq="15" type="MuckCards" seat="2"/>
      <Action type="Win"><Seat num="2" amount="0.32" pot="0" type="" lowhandwin="0"/></Action>
   </Gameplay>
</Game>"""


def parse(text):
    return microgaming.parse(Chunk(text, 0, 1), "t.xml")


def test_cash_hand_chips_added_rake_and_returned_bet():
    h = parse(HAND)
    assert (h.hand_id, h.currency, h.decimals, h.button_seat) == ("77", "EUR", 2, 2)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.report.rake) == (1, 2, 1)
    assert [s.player for s in h.seats] == ["a b", "Hero", "c:d"]
    assert h.seats[1].is_hero and h.seats[1].hole_cards == ("As", "Th")
    assert [(a.seat, a.kind, a.amount, a.to) for a in h.actions[2:5]] == [
        (2, K.RAISE, 6, 6), (3, K.FOLD, 0, 1), (1, K.CALL, 4, 6)]
    ret = next(a for a in h.actions if a.kind is K.UNCALLED_RETURN)
    assert (ret.seat, ret.amount, ret.street) == (2, 20, Street.TURN)
    assert h.boards == (("2c", "7d", "Kh", "3s"),)
    r = replay(h)
    assert not r.has_errors, r.findings
    assert {s.seat: s.net for s in r.seats} == {1: -16, 2: 16, 3: -1}  # = endbalance - balance


def test_versionless_hand_prints_street_totals_and_returns_silently():
    old = (HAND.replace('hhversion="4" ', "").replace('value="0.04"', 'value="0.06"')
           .replace('<Action seq="14" type="MoneyReturned" seat="2" value="0.20"/>', ""))
    h = parse(old)
    assert [(a.kind, a.amount, a.to) for a in h.actions if a.seat == 1 and a.kind is K.CALL] == [
        (K.CALL, 4, 6), (K.CALL, 10, 10)]
    ret = next(a for a in h.actions if a.kind is K.UNCALLED_RETURN)
    assert (ret.seat, ret.amount) == (2, 20)
    assert not replay(h).has_errors


def test_short_all_in_small_blind_is_a_post():
    text = HAND.replace('type="SmallBlind" seat="3" value="0.01"', 'type="AllIn" seat="3" value="0.01"')
    h = parse(text.replace('balance="0.50" endbalance="0.49"', 'balance="0.01" endbalance="0.00"'))
    assert (h.actions[0].kind, h.actions[0].all_in) == (K.POST_SMALL_BLIND, True)


def test_omaha_unknown_action_and_truncation():
    with pytest.raises(UnsupportedGame):
        parse(HAND.replace("Hold&apos;em", "Omaha"))
    with pytest.raises(ParseError) as err:
        parse(HAND.replace('type="Check"', 'type="Straddle"'))
    assert err.value.reason == "unknown_line" and err.value.line == 15
    with pytest.raises(ParseError) as err:
        parse(HAND[: HAND.index("</Game>")])
    assert err.value.reason == "truncated_hand"


def test_detection():
    assert registry.detect("\ufeff" + HAND).name == "microgaming"
    assert not microgaming.sniff('<session sessioncode="1"><general><gametype>Holdem NL</gametype>')


RETURNING = """<Game hhversion="4" id="78" date="2013-09-23 14:29:42" tablename="Micro 4" stakes="0.01|0.02" betlimit="NL" tabletype="Cash Game" gametype="Hold&apos;em" realmoney="true" currencysymbol="rCA=" playerseat="2" istournament="0" tablesize="6" rake="0">
   <Seats>
      <Seat num="1" alias="a b" balance="1.00" endbalance="1.00"/>
      <Seat num="2" alias="Hero" balance="2.00" endbalance="2.00" dealer="true"/>
      <Seat num="3" alias="c:d" balance="0.50" endbalance="0.49"/>
      <Seat num="4" alias="e" balance="0.50" endbalance="0.48"/>
      <Seat num="5" alias="back" balance="1.00" endbalance="1.03"/>
   </Seats>
   <Gameplay>
      <Action seq="1" type="SmallBlind" seat="3" value="0.01"/>
      <Action seq="2" type="BigBlind" seat="4" value="0.02"/>
      <Action seq="3" type="PostedToPlay" seat="5" value="0.01"/>
      <Action seq="4" type="DealCards" seat="2"><Card value="A" suit="s" id="0"/><Card value="10" suit="h" id="48"/></Action>
      <Action seq="5" type="Call" seat="5" value="CALL"/>
      <Action seq="6" type="Fold" seat="1"/>
      <Action seq="7" type="Fold" seat="2"/>
      <Action seq="8" type="Fold" seat="3"/>
      <Action seq="9" type="Check" seat="4"/>
      <Action seq="10" type="DealFlop"><Card value="2" suit="c" id="14"/><Card value="7" suit="d" id="32"/><Card value="K" suit="h" id="51"/></Action>
      <Action seq="11" type="Check" seat="4"/>
      <Action seq="12" type="Bet" seat="5" value="0.04"/>
      <Action seq="13" type="Fold" seat="4"/>
      <Action seq="14" type="MoneyReturned" seat="5" value="0.04"/>
      <Action type="Win"><Seat num="5" amount="WIN" pot="0" type="" lowhandwin="0"/></Action>
   </Gameplay>
</Game>"""


@pytest.mark.parametrize(("call", "win"), [("0.02", "0.06"), ("0.01", "0.05")])  # dead, live
def test_a_small_blind_sized_post_to_play_is_a_small_blind_not_a_short_big_blind(call, win):
    """Issue 33 section 2: a returning player's "PostedToPlay" of the small blind's size was
    read as a big blind of half the size. It is an extra small blind, live or dead as the
    site's rule has it; his call (of the whole big blind, or of the rest of it) shows which,
    and his net is what his balance says either way."""
    h = parse(RETURNING.replace('value="CALL"', f'value="{call}"').replace('amount="WIN"', f'amount="{win}"'))
    post = next(a for a in h.actions if a.seat == 5)
    assert (post.kind, post.amount, post.all_in) == (K.POST_SMALL_BLIND, 1, False)
    r = replay(h)
    assert not r.has_errors, r.findings
    assert {s.seat: s.net for s in r.seats} == {1: 0, 2: 0, 3: -1, 4: -2, 5: 3}
