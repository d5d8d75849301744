"""Boss Media XML parser on small hands written for these tests."""

from __future__ import annotations

import re

import pytest

from parsers.errors import ParseError
from parsers.model import ActionKind, Game, Street
from parsers.sites import bossmedia
from parsers.text import Chunk, split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity

HEAD = ('<HISTORY ID="{id}" SESSION="s1.xml" TABLE="Test 1" GAME="{game}" '
        'GAMETYPE="GAMETYPE_REAL" GAMEKIND="{kind}" TABLECURRENCY="EUR" LIMIT="NL" '
        'STAKES="0.50/1.00" DATE="1300000000" TABLETOURNEYID="" WIN="0.00" LOSS="0.00">')

BODY = """<PLAYER NAME="Ann &amp; Co" SEAT="1" AMOUNT="100.00" STATE="STATE_PLAYING" DEALER="Y"/>
<PLAYER NAME="B&Ouml;b" SEAT="2" AMOUNT="50.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<PLAYER NAME="Cy: [x]" SEAT="3" AMOUNT="80.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<PLAYER NAME="UNKNOWN" SEAT="4" AMOUNT="0.00" STATE="STATE_EMPTY" DEALER="N"></PLAYER>
<ACTION TYPE="HAND_BLINDS" PLAYER="B&Ouml;b" KIND="HAND_SB" VALUE="0.50"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Cy: [x]" KIND="HAND_BB" VALUE="1.00"></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="B&Ouml;b">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Cy: [x]">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Ann &amp; Co">
<CARD LINK="0"></CARD>
<CARD LINK="51"></CARD></ACTION>
<ACTION TYPE="ACTION_RAISE" PLAYER="Ann &amp; Co" VALUE="3.00"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="B&Ouml;b" VALUE="3.00"></ACTION>
<ACTION TYPE="ACTION_FOLD" PLAYER="Cy: [x]"></ACTION>
<ACTION TYPE="HAND_BOARD" VALUE="BOARD_FLOP" POT="7.00">
<CARD LINK="13"></CARD>
<CARD LINK="27"></CARD>
<CARD LINK="40"></CARD></ACTION>
<ACTION TYPE="ACTION_BET" PLAYER="B&Ouml;b" VALUE="5.00"></ACTION>
<ACTION TYPE="ACTION_RAISE" PLAYER="Ann &amp; Co" VALUE="20.00"></ACTION>
<ACTION TYPE="ACTION_FOLD" PLAYER="B&Ouml;b"></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="16.50" RAKE="0.50">
<RESULT PLAYER="Ann &amp; Co" WIN="16.50" HAND="$(STR_BY_DEFAULT)">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></RESULT>
<RESULT PLAYER="B&Ouml;b" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT>
<RESULT PLAYER="Cy: [x]" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT></SHOWDOWN></HISTORY>"""


def _text(hid: str = "77", game: str = "GAME_THM", kind: str = "GAMEKIND_CASH") -> str:
    return HEAD.format(id=hid, game=game, kind=kind) + "\n" + BODY


def _hand(text: str):
    return bossmedia.parse(Chunk(text, 0, 1), "test.xml")


def test_sniff_and_split_a_rooted_file() -> None:
    text = '<?xml version="1.0"?>\n<ROOT>\n' + _text("1") + "\n" + _text("2") + "</ROOT>\n"
    assert bossmedia.sniff(text)
    assert not bossmedia.sniff("PokerStars Hand #1: Hold'em No Limit")
    chunks = split_hands(text, "utf-8", bossmedia.HEADER)
    assert [bossmedia.parse(c).hand_id for c in chunks] == ["1", "2"]


def test_cards_are_numbered_from_the_ace_by_suit() -> None:
    assert [bossmedia.card(n) for n in ("0", "12", "13", "27", "40", "51")] == [
        "Ad", "Kd", "Ac", "2h", "2s", "Ks"]
    assert bossmedia.card("b") is None
    with pytest.raises(ParseError):
        bossmedia.card("52")


def test_a_hand_reads_street_totals_and_returns_the_unmatched_bet() -> None:
    h = _hand(_text())
    assert (h.game, h.currency, h.decimals, h.button_seat) == (Game.HOLDEM, "EUR", 2, 1)
    assert [s.player for s in h.seats] == ["Ann & Co", "BÖb", "Cy: [x]"]
    assert h.seats[0].hole_cards == ("Ad", "Ks") and h.seats[0].is_hero
    assert h.board == ("Ac", "2h", "2s")
    assert h.started_at is not None and h.started_at.isoformat() == "2011-03-13T07:06:40+00:00"
    call = next(a for a in h.actions if a.kind is ActionKind.CALL)
    assert (call.amount, call.to) == (250, 300)  # "CALL 3.00" by the small blind: to 3.00
    raise_ = [a for a in h.actions if a.kind is ActionKind.RAISE][-1]
    assert (raise_.street, raise_.amount, raise_.to) == (Street.FLOP, 2000, 2000)
    ret = h.actions[-1]
    assert (ret.kind, ret.seat, ret.amount) == (ActionKind.UNCALLED_RETURN, 1, 1500)
    assert (h.report.total_pot, h.report.rake) == (1700, 50)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(1, 1650)]
    assert not [f for f in replay(h).findings if f.severity is Severity.ERROR]


def test_values_printed_as_chips_added_are_recognised_by_the_pot() -> None:
    text = _text().replace('"B&Ouml;b" VALUE="3.00"', '"B&Ouml;b" VALUE="2.50"')
    call = next(a for a in _hand(text).actions if a.kind is ActionKind.CALL)
    assert (call.amount, call.to) == (250, 300)


def test_unlogged_antes_are_read_off_the_printed_pot() -> None:
    text = _text().replace('POT="7.00"', 'POT="7.30"')  # three dealt players, 0.10 each
    h = _hand(text)
    antes = [a for a in h.actions if a.kind is ActionKind.POST_ANTE]
    assert [(a.seat, a.amount) for a in antes] == [(2, 10), (3, 10), (1, 10)]
    assert h.stakes.ante == 10


def test_stacks_printed_after_an_unlogged_ante_get_it_back() -> None:
    """The 2011 client: no ante logged, the POT has three of 0.10, and Cy's printed 80 is
    what he had left after his: his ALLIN "80.00" is all he had behind, not 0.10 too many."""
    body = _text().split('<ACTION TYPE="HAND_BOARD"')[0].replace(
        '<ACTION TYPE="ACTION_FOLD" PLAYER="Cy: [x]"></ACTION>',
        '<ACTION TYPE="ACTION_ALLIN" PLAYER="Cy: [x]" VALUE="80.00"></ACTION>\n'
        '<ACTION TYPE="ACTION_FOLD" PLAYER="Ann &amp; Co"></ACTION>\n'
        '<ACTION TYPE="ACTION_FOLD" PLAYER="B&Ouml;b"></ACTION>\n')
    h = _hand(body + '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="9.30" RAKE="0.00">'
              '<RESULT PLAYER="Cy: [x]" WIN="9.30" HAND="$(STR_BY_DEFAULT)"></RESULT>'
              '</SHOWDOWN></HISTORY>')
    assert [(a.seat, a.amount) for a in h.actions if a.kind is ActionKind.POST_ANTE] == [
        (2, 10), (3, 10), (1, 10)]
    assert {s.seat: s.stack for s in h.seats if s.stack} == {1: 10010, 2: 5010, 3: 8010}
    shove = next(a for a in h.actions if a.all_in)
    assert (shove.seat, shove.kind, shove.to) == (3, ActionKind.RAISE, 8000)
    r = replay(h)
    assert not [f for f in r.findings if f.severity is Severity.ERROR]
    assert {s.seat: s.net for s in r.seats if s.seat < 4} == {1: -310, 2: -310, 3: 620}


def test_a_blind_larger_than_the_stack_is_all_in_for_the_stack() -> None:
    text = _text().replace('"Cy: [x]" SEAT="3" AMOUNT="80.00"', '"Cy: [x]" SEAT="3" AMOUNT="0.60"')
    bb = next(a for a in _hand(text).actions if a.kind is ActionKind.POST_BIG_BLIND)
    assert (bb.amount, bb.to, bb.all_in) == (60, 60, True)


def test_blind_kinds() -> None:
    text = _text().replace('KIND="HAND_BB" VALUE="1.00"', 'KIND="HAND_AB" VALUE="1.50"')
    kinds = [(a.seat, a.kind, a.amount) for a in _hand(text).actions if a.kind.is_post]
    assert kinds == [(2, ActionKind.POST_SMALL_BLIND, 50), (3, ActionKind.POST_BIG_BLIND, 100),
                     (3, ActionKind.POST_DEAD, 50)]


def test_other_games_and_broken_hands_are_rejected_with_a_reason() -> None:
    with pytest.raises(ParseError) as err:
        _hand(_text(game="GAME_OMA"))
    assert err.value.reason == "unsupported_game"
    with pytest.raises(ParseError) as err:
        _hand(_text().split("<SHOWDOWN")[0])
    assert err.value.reason == "truncated_hand"
    with pytest.raises(ParseError) as err:
        _hand(_text().replace("ACTION_CHECK", "X").replace('TYPE="ACTION_FOLD" PLAYER="Cy',
                                                             'TYPE="ACTION_SHRUG" PLAYER="Cy'))
    assert err.value.reason == "unknown_line" and "ACTION_SHRUG" in err.value.text
    assert err.value.line == 19


def test_tournament_chips() -> None:
    text = re.sub(r'"(\d+)\.(\d\d)"', lambda m: f'"{int(m[1]) * 100 + int(m[2])}.00"',
                  _text(kind="GAMEKIND_TOURNAMENT"))
    h = _hand(text.replace('STAKES="0.50/1.00"', 'STAKES="50.00/100.00"'))
    assert (h.currency, h.decimals, h.is_tournament) == ("CHIPS", 0, True)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.report.total_pot) == (50, 100, 1700)
    with pytest.raises(ParseError) as err:
        _hand(_text(kind="GAMEKIND_TOURNAMENT"))  # half a chip cannot be exact
    assert err.value.reason == "bad_amount"
