"""Everest XML parser: a hand-written session in the site's layout."""
# ruff: noqa: E501

import pytest

from parsers import registry
from parsers.errors import ParseError
from parsers.model import ActionKind as K
from parsers.sites import everest
from pipeline.engine import replay

SESSION = """<SESSION time="1331809137" tableName="Moroni-1" id="1.2.3" type="ring" money="€" screenName="Hero" game="hold-em" gametype="no-limit"/>
<HAND time="1331809153" id="555" index="0" blinds="0,50 €/1 €" stakes="0,50 €/1 €">
  <SEAT position="0" name="Vil lain" balance="11410"/>
  <SEAT position="1" name="Hero" balance="5314"/>
  <SEAT position="2" name="x:y" balance="2650"/>
  <DEALER position="0"/>
  <BLIND position="1" amount="50" penalty="0"/>
  <BLIND position="2" amount="100" penalty="0"/>
  <HOLE position="1">Ah</HOLE>
  <HOLE position="2">--</HOLE>
  <HOLE position="0">--</HOLE>
  <HOLE position="1">Kd</HOLE>
  <HOLE position="2">--</HOLE>
  <HOLE position="0">--</HOLE>
  <BET position="0" amount="300"/>
  <BET position="1" amount="250"/>
  <FOLD position="2"/>
  <SWEEP rake="0" tax="0">700</SWEEP>
  <COMMUNITY>Kc, 10s, 8s</COMMUNITY>
  <BET position="1" amount="0"/>
  <BET position="0" amount="500"/>
  <FOLD position="1"/>
  <PUSH position="0" amount="500"/>
  <SWEEP rake="30" tax="0">700</SWEEP>
  <WIN position="0" amount="670" pot="0" potAmount="670"/>
</HAND>
"""


def test_split_and_parse_a_cash_hand():
    chunks = everest.split(SESSION, "utf-8", SESSION.encode())
    assert len(chunks) == 1 and SESSION.encode()[chunks[0].offset:].startswith(b"<HAND")
    h = everest.parse(chunks[0], "t.xml")
    assert (h.hand_id, h.currency, h.decimals, h.button_seat) == ("555", "EUR", 2, 0)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.report.rake) == (50, 100, 30)
    assert h.seats[1].is_hero and h.seats[1].hole_cards == ("Ah", "Kd")
    assert [(a.seat, a.kind, a.amount, a.to) for a in h.actions if a.kind is not K.FOLD] == [
        (1, K.POST_SMALL_BLIND, 50, 50), (2, K.POST_BIG_BLIND, 100, 100),
        (0, K.RAISE, 300, 300), (1, K.CALL, 250, 300),
        (1, K.CHECK, 0, 0), (0, K.BET, 500, 500), (0, K.UNCALLED_RETURN, 500, 0)]
    assert h.started_at is not None and h.started_at.year == 2012
    r = replay(h)
    assert not r.has_errors, r.findings
    assert r.total_pot == 700


def test_unknown_element_and_detection():
    bad = SESSION.replace("<FOLD position=\"2\"/>", "<STRADDLE position=\"2\" amount=\"200\"/>")
    with pytest.raises(ParseError) as err:
        everest.parse(everest.split(bad)[0])
    assert err.value.reason == "unknown_line"
    assert registry.detect(SESSION).name == "everest"
    assert not everest.sniff('<session sessioncode="1"><general>')
