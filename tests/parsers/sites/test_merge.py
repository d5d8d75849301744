"""Merge / Carbon XML parser: hand-written hands in the network's real layout."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.model import LimitType
from parsers.sites.merge import parse, sniff, split
from pipeline.engine import replay
from tests.support.replaykit import errors

# Later client: RAISE amounts are raise-to totals (the SB raises "0.40" = to 0.40, the BB
# calls 0.30 more). The turn bet is never called and no uncalled winner is printed: the
# winner's 1.30 holds the 0.50 bet (0.80 pot + 0.50 bet, no rake at this size).
LATER = """<description type="Holdem" stakes="No Limit ($0.05/$0.10)"/>
<game id="777-12" starttime="20110517172454" numholecards="2" gametype="2" realmoney="true" data="20110517|Somewhere (777)|777|777-12|false">
	<players dealer="0">
		<player seat="0" nickname="Ann Lee" balance="$10.00" dealtin="true" />
		<player seat="3" nickname="[Bob]" balance="$5.00" dealtin="true" />
		<player seat="4" nickname="Sleepy" balance="$7.00" dealtin="false" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" timestamp="1305671094000" player="0" amount="0.05"/>
		<event sequence="2" type="BIG_BLIND" timestamp="1305671095000" player="3" amount="0.10"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="RAISE" timestamp="1305671096000" player="0" amount="0.40"/>
		<event sequence="4" type="CALL" timestamp="1305671097000" player="3" amount="0.30"/>
		<cards type="HOLE" cards="Td,8h" player="0" hand="Ten High"/>
	</round>
	<round id="POSTFLOP" sequence="3">
		<event sequence="5" type="CHECK" timestamp="1305671098000" player="3"/>
		<event sequence="6" type="CHECK" timestamp="1305671099000" player="0"/>
		<cards type="COMMUNITY" cards="Kc,Ah,7c"/>
	</round>
	<round id="POSTTURN" sequence="4">
		<event sequence="7" type="BET" timestamp="1305671100000" player="3" amount="0.50"/>
		<event sequence="8" type="FOLD" timestamp="1305671101000" player="0"/>
		<cards type="COMMUNITY" cards="Kc,Ah,7c,3d"/>
	</round>
	<round id="END_OF_FOLDED_GAME" sequence="5">
		<event sequence="9" type="MUCK" timestamp="1305671102000" player="3"/>
		<winner amount="1.30" uncalled="false" potnumber="1" player="3" pottype="n"/>
	</round>
	<round id="END_OF_GAME" sequence="6">
	</round>
</game>
"""

# Older client: RAISE amounts are chips added (the BB's "1.00" makes 1.10); 0.15 rake is
# left out of the 6.05 pot (never printed: the engine derives it).
OLDER = """<description type="Holdem" stakes="No Limit ($0.05/$0.10)"/>
<game id="888-1" starttime="20081013150000" numholecards="2" gametype="2" realmoney="true" data="20081013|Elsewhere (888)|888|888-1|false">
	<players dealer="1">
		<player seat="0" nickname="Ann" balance="$3.00" dealtin="true" />
		<player seat="1" nickname="Cy" balance="$9.00" dealtin="true" />
		<player seat="2" nickname="Bo" balance="$9.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" player="2" amount="0.05"/>
		<event sequence="2" type="BIG_BLIND" player="0" amount="0.10"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="RAISE" player="1" amount="0.30"/>
		<event sequence="4" type="FOLD" player="2"/>
		<event sequence="5" type="RAISE" player="0" amount="1.00"/>
		<event sequence="6" type="CALL" player="1" amount="0.80"/>
	</round>
	<round id="POSTFLOP" sequence="3">
		<event sequence="7" type="ALL_IN" player="0" amount="1.90"/>
		<event sequence="8" type="CALL" player="1" amount="1.90"/>
		<event sequence="9" type="SHOW" player="0"/>
		<event sequence="10" type="SHOW" player="1"/>
		<cards type="COMMUNITY" cards="5h,3c,Kd"/>
		<cards type="SHOWN" cards="Ad,3s" player="0"/>
		<cards type="SHOWN" cards="Qd,Qs" player="1"/>
	</round>
	<round id="POSTTURN" sequence="4">
		<cards type="COMMUNITY" cards="5h,3c,Kd,3d"/>
	</round>
	<round id="POSTRIVER" sequence="5">
		<cards type="COMMUNITY" cards="5h,3c,Kd,3d,Ks"/>
	</round>
	<round id="END_OF_GAME" sequence="6">
		<winner amount="5.90" uncalled="false" potnumber="1" player="0" pottype="n"/>
	</round>
</game>
"""


def one(text: str):
    chunks = split(text, "utf-8", text.encode())
    assert len(chunks) == 1
    return parse(chunks[0], "t.xml")


def clean_nets(h) -> dict[int, int]:
    """Each seat's net, from a replay that must find no error in the hand."""
    r = replay(h)
    assert errors(r) == []
    return {s.seat: s.net for s in r.seats}


def test_later_client_raise_to_and_silent_return():
    h = one(LATER)
    assert (h.site, h.hand_id, h.limit, h.currency, h.decimals) == ("merge", "777-12", LimitType.NO_LIMIT, "USD", 2)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.button_seat) == (5, 10, 1)
    assert [s.player for s in h.seats] == ["Ann Lee", "[Bob]", "Sleepy"]
    assert [s.sitting_out for s in h.seats] == [False, False, True]
    assert h.time_zone == "UTC-05:00" and h.started_at.hour == 22
    assert [(a.seat, a.kind, a.amount, a.to) for a in h.actions[:4]] == [
        (1, K.POST_SMALL_BLIND, 5, 5), (4, K.POST_BIG_BLIND, 10, 10), (1, K.RAISE, 35, 40), (4, K.CALL, 30, 40)]
    ret = [(a.seat, a.amount) for a in h.actions if a.kind is K.UNCALLED_RETURN]
    assert ret == [(4, 50)]
    assert [(c.seat, c.amount) for c in h.report.collections] == [(4, 80)]
    assert clean_nets(h) == {1: -40, 4: 40, 5: 0}


def test_older_client_raise_adds_chips_and_all_in_classified():
    h = one(OLDER)
    kinds = [(a.seat, a.kind, a.amount, a.to, a.all_in) for a in h.actions if a.kind is not K.SHOW]
    assert kinds[:6] == [(3, K.POST_SMALL_BLIND, 5, 5, False), (1, K.POST_BIG_BLIND, 10, 10, False),
                         (2, K.RAISE, 30, 30, False), (3, K.FOLD, 0, 5, False),
                         (1, K.RAISE, 100, 110, False), (2, K.CALL, 80, 110, False)]
    assert kinds[6:] == [(1, K.BET, 190, 190, True), (2, K.CALL, 190, 190, False)]
    assert h.board == ("5h", "3c", "Kd", "3d", "Ks")
    assert h.seats[0].hole_cards == ("Ad", "3s")
    assert clean_nets(h) == {1: 290, 2: -300, 3: -5}


def test_split_gives_each_game_its_description():
    text = LATER + OLDER.replace('<description type="Holdem" stakes="No Limit ($0.05/$0.10)"/>\n', "")
    chunks = split(text, "utf-8", text.encode())
    assert [c.text.rsplit("\n", 1)[1][:20] for c in chunks] == ["<description type=\"H"] * 2
    assert chunks[1].offset == text.encode().index(b"<game id=\"888-1\"")
    assert chunks[1].line == text[: text.index('<game id="888-1"')].count("\n") + 1
    assert [parse(c, "t").hand_id for c in chunks] == ["777-12", "888-1"]


def test_other_games_and_unknown_events():
    with pytest.raises(UnsupportedGame):
        one(LATER.replace('type="Holdem"', 'type="Omaha"'))
    with pytest.raises(ParseError) as err:
        one(LATER.replace('type="CHECK" timestamp="1305671098000"', 'type="JUGGLE" timestamp="1305671098000"'))
    assert err.value.reason == "unknown_line" and err.value.line == 17  # chunk lines: the game element comes first


def test_sniff():
    assert sniff(LATER)
    assert not sniff("<session><general></general><game gamecode=\"1\"></game></session>")


# A 2012 tournament export: balances are printed AFTER the blinds (Tess had 1000, posted 50
# and shows 950). She shoves her printed 950 on top of the 50 posted, Uma folds: only the
# shove shows that the balances are post-blind stacks, although 900 of it comes back.
SHOVE_FOLDED = """<description type="Holdem Tournament" stakes="No Limit"/>
<game id="901-2" starttime="20120228010027" numholecards="2" gametype="23" seats="2" realmoney="true" data="20120228|Some Room|900-1|901-2|true">
	<players dealer="0">
		<player seat="0" nickname="Uma" balance="$975.00" dealtin="true" />
		<player seat="1" nickname="Tess" balance="$950.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" timestamp="1330408828812" player="0" amount="25.00"/>
		<event sequence="2" type="BIG_BLIND" timestamp="1330408828812" player="1" amount="50.00"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="RAISE" timestamp="1330408832953" player="0" amount="100.00"/>
		<event sequence="4" type="ALL_IN" timestamp="1330408834703" player="1" amount="950.00"/>
		<event sequence="5" type="FOLD" timestamp="1330408836265" player="0"/>
	</round>
	<round id="END_OF_FOLDED_GAME" sequence="3">
		<winner amount="1100.00" uncalled="false" potnumber="1" player="1" pottype="n"/>
	</round>
	<round id="END_OF_GAME" sequence="4">
	</round>
</game>
"""


def test_post_blind_balances_seen_through_a_shove_that_comes_back():
    h = one(SHOVE_FOLDED)
    assert {s.player: s.stack for s in h.seats} == {"Uma": 1000, "Tess": 1000}
    assert [(a.seat, a.amount) for a in h.actions if a.kind is K.UNCALLED_RETURN] == [(2, 900)]
    assert clean_nets(h) == {1: -100, 2: 100}


# A player all in for the blind itself: the client logs ALL_IN in the BLINDS round (after the
# small blind: the big blind, 900 short of a 1000 blind) and prints his balance as 0.
BLIND_ALL_IN = """<description type="Holdem Tournament" stakes="No Limit"/>
<game id="902-25" starttime="20110531181531" numholecards="2" gametype="23" realmoney="true" data="20110531|Some Room|902-1|902-25|true">
	<players dealer="5">
		<player seat="0" nickname="Vic" balance="$2500.00" dealtin="true" />
		<player seat="2" nickname="Wes" balance="$0.00" dealtin="true" />
		<player seat="5" nickname="Xan" balance="$2100.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" timestamp="1306883733192" player="0" amount="500.00"/>
		<event sequence="2" type="ALL_IN" timestamp="1306883733192" player="2" amount="900.00"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="ALL_IN" timestamp="1306883755307" player="5" amount="2100.00"/>
		<event sequence="4" type="FOLD" timestamp="1306883758540" player="0"/>
		<cards type="SHOWN" cards="4h,7s" player="2"/>
		<cards type="SHOWN" cards="Th,Qs" player="5"/>
	</round>
	<round id="POSTRIVER" sequence="5">
		<cards type="COMMUNITY" cards="Ts,Kh,9h,3c,4d"/>
	</round>
	<round id="END_OF_GAME" sequence="6">
		<winner amount="1200.00" uncalled="true" potnumber="2" player="5" pottype="n"/>
		<winner amount="2300.00" uncalled="false" potnumber="1" player="5" pottype="n"/>
	</round>
</game>
"""


def test_all_in_in_the_blinds_round_is_a_blind_post():
    h = one(BLIND_ALL_IN)
    posts = [(a.seat, a.kind, a.amount, a.all_in) for a in h.actions if a.kind.is_post]
    assert posts == [(1, K.POST_SMALL_BLIND, 500, False), (3, K.POST_BIG_BLIND, 900, True)]
    assert {s.player: s.stack for s in h.seats}["Wes"] == 900
    assert clean_nets(h) == {1: -500, 3: -900, 6: 1400}
    # before any BIG_BLIND of the round, an all-in post is the small blind
    early = BLIND_ALL_IN.replace(
        '<event sequence="1" type="SMALL_BLIND" timestamp="1306883733192" player="0" amount="500.00"/>\n\t\t<event sequence="2" type="ALL_IN" timestamp="1306883733192" player="2" amount="900.00"/>',
        '<event sequence="1" type="ALL_IN" timestamp="1306883733192" player="2" amount="400.00"/>\n\t\t<event sequence="2" type="BIG_BLIND" timestamp="1306883733192" player="0" amount="1000.00"/>')
    kinds = [(a.seat, a.kind) for a in one(early).actions if a.kind.is_post]
    assert kinds == [(3, K.POST_SMALL_BLIND), (1, K.POST_BIG_BLIND)]


# 2010 client, a raise nobody calls: no CALL tells how RAISE amounts read, the winner's 8.00
# does (SB 1 + raise adding 5 = 6, BB 2: 8 in; a raise to 5 would make only 7).
RAISE_UNCALLED = """<description type="Holdem" stakes="No Limit ($1/$2)"/>
<game id="903-2" starttime="20100907170630" numholecards="2" gametype="2" realmoney="true" data="20100907:Somewhere (903):903:903-2:false">
	<players dealer="3">
		<player seat="0" nickname="Yul" balance="$198.00" dealtin="true" />
		<player seat="3" nickname="Zed" balance="$201.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" timestamp="1283897191968" player="3" amount="1.00"/>
		<event sequence="2" type="BIG_BLIND" timestamp="1283897193136" player="0" amount="2.00"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="RAISE" timestamp="1283897199731" player="3" amount="5.00"/>
		<event sequence="4" type="FOLD" timestamp="1283897206533" player="0"/>
	</round>
	<round id="END_OF_FOLDED_GAME" sequence="3">
		<winner amount="8.00" uncalled="false" potnumber="1" player="3" pottype="n"/>
	</round>
	<round id="END_OF_GAME" sequence="4">
	</round>
</game>
"""


def test_uncalled_raise_read_by_the_winners_amount():
    h = one(RAISE_UNCALLED)
    assert [(a.kind, a.amount, a.to) for a in h.actions if a.kind is K.RAISE] == [(K.RAISE, 500, 600)]
    assert clean_nets(h) == {1: -200, 4: 200}
    # the same hand where the winner got 7.00: the raise-to reading
    to = one(RAISE_UNCALLED.replace('amount="8.00"', 'amount="7.00"'))
    assert [(a.amount, a.to) for a in to.actions if a.kind is K.RAISE] == [(400, 500)]
