"""iPoker XML parser: hand-written sessions, one feature per test, in the site's real layout."""
# ruff: noqa: E501  (XML fixtures are quoted whole; their lines are long)

from datetime import UTC, datetime

import pytest

from parsers import registry
from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.model import LimitType, Street
from parsers.sites.ipoker import reader as ipoker
from parsers.text import decode
from pipeline.engine import replay

SESSION = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="111">
  <general>
    <client_version>17.5.6.7</client_version>
    <uncalled_bet_enabled>{flag}</uncalled_bet_enabled>
    <mode>real</mode>
    <gametype>Holdem NL €0.50/€1</gametype>
    <tablename>Testville, 42</tablename>
    <tablecurrency>EUR</tablecurrency>
    <startdate>2018-06-20 14:07:31</startdate>
    <currency>SEK</currency>
    <nickname>Jörg [x]</nickname>
  </general>
  <game gamecode="9001">
    <general>
      <startdate>2018-06-20 14:09:49</startdate>
      <players>
        <player dealer="0" name="Jörg [x]" bet="€9" win="€9.50" seat="1" chips="€1,104.40" />
        <player dealer="1" name="a b: c" bet="€2" win="€0" seat="3" chips="€199" />
        <player dealer="0" name="sam" bet="€9" win="€9.50" seat="5" chips="€100" />
      </players>
    </general>
    <round no="0">
      <action cards="" no="1" player="sam" sum="€0.50" type="1" />
      <action cards="" no="2" player="Jörg [x]" sum="€1" type="2" />
    </round>
    <round no="1">
      <cards player="a b: c" type="Pocket">X X</cards>
      <action cards="" no="3" player="a b: c" sum="€2" type="23" />
      <cards player="sam" type="Pocket">HA HQ</cards>
      <action cards="" no="4" player="sam" sum="€9" type="23" />
      <cards player="Jörg [x]" type="Pocket">SA DQ</cards>
      <action cards="" no="5" player="Jörg [x]" sum="€8" type="3" />
      <action cards="" no="6" player="a b: c" sum="€0" type="0" />
    </round>
    <round no="2">
      <cards player="" type="Flop">H10 S8 C6</cards>
      <action cards="" no="8" player="Jörg [x]" sum="€0" type="4" />
      <action cards="" no="7" player="sam" sum="€0" type="4" />
    </round>
    <round no="3">
      <cards player="" type="Turn">S7</cards>
      <action cards="" no="9" player="sam" sum="€0" type="4" />
      <action cards="" no="10" player="Jörg [x]" sum="€0" type="4" />
    </round>
    <round no="4">
      <cards player="" type="River">C2</cards>
      <action cards="" no="11" player="sam" sum="€0" type="4" />
      <action cards="" no="12" player="Jörg [x]" sum="€0" type="4" />
    </round>
  </game>
  <game gamecode="9002">
    <general>
      <startdate>2018-06-20 14:10:55</startdate>
      <players>
        <player dealer="1" name="Jörg [x]" bet="€0" win="€0" seat="1" chips="€1,104.90" />
        <player dealer="0" name="a b: c" bet="€6" win="{win}" seat="3" chips="€196" />
        <player dealer="0" name="sam" bet="€3" win="€0" seat="5" chips="€100.50" />
      </players>
    </general>
    <round no="0">
      <action cards="" no="1" player="a b: c" sum="€0.50" type="1" />
      <action cards="" no="2" player="sam" sum="€1" type="2" />
    </round>
    <round no="1">
      <action cards="" no="3" player="Jörg [x]" sum="€0" type="0" />
      <action cards="" no="4" player="a b: c" sum="€3" type="23" />
      <action cards="" no="5" player="sam" sum="€2" type="3" />
    </round>
    <round no="2">
      <cards player="" type="Flop">S8 H6 HA</cards>
      <action cards="" no="6" player="a b: c" sum="€3" type="5" />
      <action cards="" no="7" player="sam" sum="€0" type="0" />
    </round>
  </game>
</session>
"""


def chunks(flag: str = "true", win: str = "€5.70"):
    text = SESSION.format(flag=flag, win=win)
    data = text.encode("utf-8")
    decoded, enc = decode(data)
    return ipoker.split(decoded, enc, data), data


def test_split_makes_self_contained_chunks_with_exact_offsets():
    found, data = chunks()
    assert len(found) == 2
    for c in found:
        assert data[c.offset :].startswith(b"<game gamecode=")
        assert "<gametype>Holdem NL €0.50/€1</gametype>" in c.text
        assert data.decode("utf-8").split("\n")[c.line - 1].lstrip().startswith("<game ")


def test_split_of_a_one_line_session_and_of_text_without_games():
    one_line = SESSION.format(flag="true", win="€5.70").replace("\n", " ")
    assert [c.line for c in ipoker.split(one_line)] == [1, 1]
    assert ipoker.parse(ipoker.split(one_line)[1]).hand_id == "9002"
    assert ipoker.split("def test(): pass\n") == []


def test_cash_hand_amounts_raise_to_and_split_pot():
    h = ipoker.parse(chunks()[0][0], "t.xml")
    assert (h.site, h.hand_id, h.limit, h.currency, h.decimals) == (
        "ipoker", "9001", LimitType.NO_LIMIT, "EUR", 2)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.button_seat) == (50, 100, 3)
    assert h.table_name == "Testville, 42"
    assert h.started_at == datetime(2018, 6, 20, 14, 9, 49, tzinfo=UTC)
    assert h.local_time == "2018-06-20 14:09:49"
    jorg, abc, sam = h.seats
    assert (jorg.player, jorg.stack, jorg.is_hero, jorg.hole_cards) == ("Jörg [x]", 110440, True, ("As", "Qd"))
    assert abc.player == "a b: c" and abc.hole_cards is None and not abc.is_hero
    assert sam.hole_cards == ("Ah", "Qh")
    pre = [(a.seat, a.kind, a.amount, a.to) for a in h.actions if a.street is Street.PREFLOP]
    assert pre == [
        (5, K.POST_SMALL_BLIND, 50, 50), (1, K.POST_BIG_BLIND, 100, 100),
        (3, K.RAISE, 200, 200), (5, K.RAISE, 850, 900), (1, K.CALL, 800, 900),
        (3, K.FOLD, 0, 200),
    ]
    flop = [a.seat for a in h.actions if a.street is Street.FLOP]
    assert flop == [5, 1]  # ordered by action number, not by document order
    assert h.boards == (("Th", "8s", "6c", "7s", "2c"),)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(1, 950), (5, 950)]
    r = replay(h)
    assert not r.has_errors, r.findings
    assert {s.seat: s.net for s in r.seats} == {1: 50, 3: -200, 5: 50}


@pytest.mark.parametrize(("flag", "win"), [("true", "€5.70"), ("false", "€8.70")])
def test_unlogged_uncalled_bet_is_returned_and_win_read_per_generation(flag, win):
    h = ipoker.parse(chunks(flag, win)[0][1])
    last = h.actions[-1]
    assert (last.kind, last.seat, last.amount, last.street) == (K.UNCALLED_RETURN, 3, 300, Street.FLOP)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(3, 570)]
    r = replay(h)
    assert not r.has_errors, r.findings
    assert {s.seat: s.net for s in r.seats}[3] == 270  # 196 -> 198.70, as the next hand shows


def test_post_both_is_live_big_blind_plus_dead_small_blind():
    text = SESSION.format(flag="true", win="€5.70").replace(
        '<action cards="" no="3" player="Jörg [x]" sum="€0" type="0" />',
        '<action cards="" no="3" player="Jörg [x]" sum="€1.50" type="2" />'
        '<action cards="" no="8" player="Jörg [x]" sum="€0" type="0" />')
    h = ipoker.parse(ipoker.split(text)[1])
    posts = [(a.seat, a.kind, a.amount) for a in h.actions if a.kind.is_post]
    assert posts[-2:] == [(1, K.POST_BIG_BLIND, 100), (1, K.POST_DEAD, 50)]


TOURNEY = """<session sessioncode="5">
 <general><mode>real</mode><gametype>Holdem NL</gametype><tablename>Dusk, 7</tablename>
 <nickname>Hero</nickname><tournamentname>Dusk Mini</tournamentname><place>7</place></general>
 <game gamecode="77"><general><startdate>30/01/2012 02:30</startdate><players>
 <player seat="1" name="Hero" chips="1.500" dealer="1" win="3.000" bet="1.500"/><player seat="3" name="V" chips="1.560" dealer="0" win="0" bet="1.560"/>
 </players></general>
 <round no="0"><action no="1" player="Hero" type="1" sum="10" cards=""/><action no="2" player="V" type="2" sum="20" cards=""/></round>
 <round no="1"><cards type="Pocket" player="Hero">CJ SJ</cards><action no="3" player="Hero" type="7" sum="1.490" cards=""/><cards type="Pocket" player="V">D4 S2</cards><action no="4" player="V" type="3" sum="1.480" cards=""/></round>
 <round no="2"><cards type="Flop">H10 S3 H6</cards></round><round no="3"><cards type="Turn">HQ</cards></round><round no="4"><cards type="River">C9</cards></round>
 </game></session>"""


def test_tournament_chips_with_dot_thousands_and_all_in_raise():
    h = ipoker.parse(ipoker.split(TOURNEY)[0])
    assert (h.currency, h.decimals, h.is_tournament) == ("CHIPS", 0, True)
    assert (h.stakes.small_blind, h.stakes.big_blind) == (10, 20)
    assert h.seats[0].stack == 1500 and h.seats[1].stack == 1560
    allin = h.actions[2]
    assert (allin.kind, allin.amount, allin.to, allin.all_in) == (K.RAISE, 1490, 1500, True)
    assert h.started_at == datetime(2012, 1, 30, 2, 30, tzinfo=UTC)
    assert all(a.kind is not K.UNCALLED_RETURN for a in h.actions)  # the call matched
    assert [(c.seat, c.amount) for c in h.report.collections] == [(1, 3000)]
    r = replay(h)
    assert not r.has_errors, r.findings


def test_other_games_are_unsupported():
    omaha = SESSION.format(flag="true", win="€0").replace("Holdem NL", "Omaha PL")
    with pytest.raises(UnsupportedGame):
        ipoker.parse(ipoker.split(omaha)[0])
    unnamed = SESSION.format(flag="true", win="€0").replace("Holdem NL", "PL").replace(
        "HA HQ", "HA HQ C2 C3 C4")
    with pytest.raises(UnsupportedGame):
        ipoker.parse(ipoker.split(unnamed)[0])


def test_unknown_action_type_is_loud_and_points_at_its_line():
    text = SESSION.format(flag="true", win="€0").replace('sum="€2" type="23"', 'sum="€2" type="42"')
    c = ipoker.split(text)[0]
    with pytest.raises(ParseError) as err:
        ipoker.parse(c)
    assert err.value.reason == "unknown_line" and err.value.site == "ipoker"
    assert 'type="42"' in text.split("\n")[c.line + err.value.line - 2]


def test_truncated_game_and_missing_session_are_rejected_with_reasons():
    text = SESSION.format(flag="true", win="€0")
    cut = text[: text.index("</game>")]
    with pytest.raises(ParseError) as err:
        ipoker.parse(ipoker.split(cut)[0])
    assert err.value.reason == "truncated_hand"
    bare = ipoker.split(text)[0].text.split("\n<session")[0]
    with pytest.raises(ParseError) as err:
        ipoker.parse(type(ipoker.split(text)[0])(bare, 0, 1))
    assert err.value.reason == "no_session"


def test_sniff_and_registry_split():
    text = SESSION.format(flag="true", win="€0")
    assert ipoker.sniff(text)
    assert not ipoker.sniff('<SESSION time="1" tableName="t"/>\n<HAND id="1">')
    assert not ipoker.sniff('<Game hhversion="4" id="1" betlimit="NL"><Seats>')
    fmt = registry.detect(text)
    assert fmt.name == "ipoker" and len(fmt.split(text)) == 2
