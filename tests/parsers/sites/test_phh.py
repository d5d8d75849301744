"""The PHH reader: splitting .phh/.phhs, the positional seat/button convention, posts, actions
with amount/to/all-in, synthesized uncalled returns, money precision, and rejects."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from parsers import registry
from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.model import LimitType, Street
from parsers.sites.phh import reader as phh
from parsers.text import Chunk, read_file
from pipeline.engine import replay
from tests.support.paths import FIXTURES

FIX = FIXTURES / "phh"


def _hands(name: str):
    return [phh.parse(c, name) for c in read_file(FIX / name, phh.HEADER)[0]]


def _parse(text: str):
    return phh.parse(Chunk(text, 0, 1))


def test_sniff_and_registry():
    text = (FIX / "three_way.phh").read_text()
    assert phh.sniff(text) and phh.sniff((FIX / "two_hands.phhs").read_text())
    assert not phh.sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)\n")
    assert registry.detect(text).name == "phh"


def test_split_single_and_multi():
    single = read_file(FIX / "three_way.phh", phh.HEADER)[0]
    assert len(single) == 1 and single[0].line == 1 and "finishing_stacks" in single[0].text
    multi = read_file(FIX / "two_hands.phhs", phh.HEADER)[0]
    assert [c.text.split("\n", 1)[0] for c in multi] == ["[1]", "[2]"]
    assert multi[1].line == 23


def test_three_way_hand():
    [h] = _hands("three_way.phh")
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "Ann", 100), (2, "Bob", 200), (3, "Cy", 50)]
    assert h.button_seat == 3 and h.limit is LimitType.NO_LIMIT and h.decimals == 0
    assert h.hand_id == "7" and h.table_name == "Test table"
    assert h.seats[0].hole_cards == ("As", "Ad")
    acts = [(a.street, a.seat, a.kind, a.amount, a.to) for a in h.actions]
    assert acts == [
        (Street.PREFLOP, 1, K.POST_SMALL_BLIND, 1, 1),
        (Street.PREFLOP, 2, K.POST_BIG_BLIND, 2, 2),
        (Street.PREFLOP, 3, K.FOLD, 0, 0),
        (Street.PREFLOP, 1, K.RAISE, 5, 6),
        (Street.PREFLOP, 2, K.CALL, 4, 6),
        (Street.FLOP, 1, K.BET, 10, 10),
        (Street.FLOP, 2, K.RAISE, 30, 30),
        (Street.FLOP, 1, K.FOLD, 0, 10),
        (Street.FLOP, 2, K.UNCALLED_RETURN, 20, 10),
    ]
    assert h.board == ("2c", "3c", "4h")
    # collections = finishing - starting + invested; zero ones are left out
    assert [(c.seat, c.amount) for c in h.report.collections] == [(2, 32)]
    assert h.actions[6].line == h.raw_text.split("\n").index(
        '  "p2 cbr 30  # a check-raise sized to end it",') + 1
    r = replay(h)
    assert not r.findings and [s.final_stack for s in r.seats] == [84, 216, 50]


def test_heads_up_reverses_blinds_and_shows():
    [h] = _hands("heads_up.phh")
    posts = [(a.seat, a.kind, a.amount) for a in h.actions if a.kind.is_post]
    assert posts == [(2, K.POST_SMALL_BLIND, 1), (1, K.POST_BIG_BLIND, 2)]
    assert h.button_seat == 2 and h.stakes.small_blind == 1 and h.stakes.big_blind == 2
    shove = h.actions[2]
    assert (shove.kind, shove.amount, shove.to, shove.all_in) == (K.RAISE, 59, 60, True)
    shows = [(a.street, a.seat, a.cards) for a in h.actions if a.kind is K.SHOW]
    # early all-in shows keep their street; "sm -" shows the cards dealt
    assert shows == [(Street.PREFLOP, 1, ("Ah", "Kh")), (Street.PREFLOP, 2, ("Qc", "Qd"))]
    assert h.board == ("2s", "7d", "9c", "Th", "3s")
    assert len(h.hand_id) == 12  # no table/event/date: a content digest, not a bare number
    r = replay(h)
    assert not r.findings and [s.final_stack for s in r.seats] == [40, 120]


def test_phhs_cash_cents_seats_time_and_fixed_limit():
    cash, fl = _hands("two_hands.phhs")
    assert cash.currency == "USD" and cash.decimals == 2
    # players p1..p3 sit at seats 6, 2, 4 (the file's order); Hand.seats is in seat order
    assert [(s.seat, s.player, s.stack) for s in cash.seats] == [
        (2, "b", 2000), (4, "c", 3010), (6, "a", 1005)]
    assert cash.button_seat == 4 and cash.stakes.small_blind == 25
    assert cash.started_at == datetime(2009, 7, 2, 0, 15, tzinfo=UTC)
    assert cash.local_time == "2009/07/01 20:15:00" and cash.hand_id == "1001"
    assert cash.actions[-1].kind is K.UNCALLED_RETURN and cash.actions[-1].amount == 75
    assert all(s.hole_cards is None for s in cash.seats)
    assert fl.limit is LimitType.FIXED_LIMIT and fl.currency == "CHIPS" and fl.decimals == 0
    assert (fl.stakes.small_bet, fl.stakes.big_bet) == (2, 4)
    for h in (cash, fl):
        r = replay(h)
        assert not [f for f in r.findings if f.severity.value == "error"], r.findings
    assert [s.final_stack for s in replay(fl).seats] == [60, 48, 42]


def test_fractional_amounts_choose_decimals():
    text = (FIX / "three_way.phh").read_text().replace(
        "finishing_stacks = [84, 216, 50]", "finishing_stacks = [84, 215.5, 50.5]")
    h = _parse(text)
    assert h.decimals == 1 and h.seats[0].stack == 1000
    assert [(c.seat, c.amount) for c in h.report.collections] == [(2, 315), (3, 5)]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (('variant = "NT"', 'variant = "PO"'), "unsupported_game"),
        (('"p3 f"', '"p3 sd"'), "unknown_line"),
        (('"p3 f"', '"p9 f"'), "unknown_line"),
        (("[100, 200, 50]", "[100, inf, 50]"), "bad_amount"),
        (("antes = [0, 0, 0]", "antes = [0, 0]"), "bad_field"),
        (("min_bet = 2", "min_bet = = 2"), "bad_toml"),
        (('"d db 2c3c4h"', '"d db 2c3c4x"'), "bad_card"),
    ],
)
def test_rejects(change, reason):
    text = (FIX / "three_way.phh").read_text().replace(*change)
    with pytest.raises(ParseError) as info:
        _parse(text)
    assert info.value.reason == reason and info.value.site == "phh"


def test_other_variants_are_unsupported():
    with pytest.raises(UnsupportedGame, match="pot-limit Omaha"):
        _hands("omaha.phh")


def test_straddle_and_antes():
    text = """variant = "NT"
antes = [1, 1, 1, 1]
blinds_or_straddles = [1, 2, 4, 0]
min_bet = 2
starting_stacks = [100, 100, 100, 100]
actions = ["p4 f", "p1 f", "p2 f"]
"""
    h = _parse(text)
    kinds = [(a.seat, a.kind, a.amount) for a in h.actions]
    assert kinds[:7] == [(1, K.POST_ANTE, 1), (2, K.POST_ANTE, 1), (3, K.POST_ANTE, 1),
                         (4, K.POST_ANTE, 1), (1, K.POST_SMALL_BLIND, 1),
                         (2, K.POST_BIG_BLIND, 2), (3, K.POST_STRADDLE, 4)]
    assert kinds[-1] == (3, K.UNCALLED_RETURN, 2)
    assert not [f for f in replay(h).findings if f.severity.value == "error"]


# --- amounts -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "places", "minor2"),
    [(0, 0, 0), (250, 0, 25000), (10**26, 0, 10**28), (Decimal("0.50"), 1, 50),
     (Decimal("2.505"), 3, None), (Decimal("1E+3"), 0, 100000), (Decimal("1.000"), 0, 100),
     (Decimal("-0"), 0, 0)],
    ids=repr,
)
def test_amounts_count_their_places_and_convert_exactly(value, places, minor2):
    """An amount's places are those of its normalized value; at that many places or more it
    converts to an exact integer of minor units, finer is a bad_amount."""
    d = phh._number(value, "x")
    assert phh._places(d) == places
    if minor2 is not None:
        assert phh._minor(d, 2) == minor2
    else:
        with pytest.raises(ParseError) as info:
            phh._minor(d, 2)
        assert info.value.reason == "bad_amount"


_AMOUNTS = [0, 1, 250, 10**26, 10**30, Decimal("0"), Decimal("-0"), Decimal("0.00"),
            Decimal("0.5"), Decimal("0.50"), Decimal("2.505"), Decimal("1E+3"), Decimal("1.000"),
            Decimal("0.4600000000000000000000000000001"),
            Decimal("123456789012345678901234567.8"), Decimal("99999999999999999999999999.99")]


@pytest.mark.parametrize("decimals", [0, 1, 2, 3])
@pytest.mark.parametrize("value", _AMOUNTS, ids=repr)
def test_fast_conversion_is_the_exact_one(value, decimals):
    """_at_places gives _minor(_number(v)) exactly when the amount's places fit, else None
    (the general reading then decides)."""
    d = phh._number(value, "x")
    fast = phh._at_places(value, 10**decimals)
    if phh._places(d) > decimals:
        assert fast is None
    elif fast is not None:
        assert fast == phh._minor(d, decimals)
    else:  # only beyond the 28-digit bound for ints
        assert type(value) is int and value * 10**decimals >= 10**28


@pytest.mark.parametrize("value", [True, False, -1, Decimal("-0.01"), Decimal("inf"),
                                   Decimal("NaN"), "1", [1], None], ids=repr)
def test_what_is_not_an_amount(value):
    assert phh._at_places(value, 100) is None
    with pytest.raises(ParseError) as info:
        phh._number(value, "x")
    assert info.value.reason == "bad_amount"


def _three_way(**changes: str) -> str:
    text = (FIX / "three_way.phh").read_text()
    for old, new in changes.values():
        text = text.replace(old, new)
    return text


def test_amounts_finer_than_the_currency_take_more_places():
    """A USD hand in tenths of a cent: the fast path (cents) gives way to the slow one."""
    text = _three_way(stacks=("[100, 200, 50]", "[100.005, 200, 50]"),
                      cur=('variant = "NT"', 'variant = "NT"\ncurrency = "USD"'))
    h = _parse(text)
    assert h.currency == "USD" and h.decimals == 3
    assert [s.stack for s in h.seats] == [100005, 200000, 50000]


@pytest.mark.parametrize(("old", "new", "detail"), [
    ("[100, 200, 50]", "[100, -200, 50]", "starting_stacks: negative amount -200"),
    ("[100, 200, 50]", "[100, true, 50]", "starting_stacks: not a number: True"),
    ("antes = [0, 0, 0]", "antes = [0, 0.5, -1]", "antes: negative amount -1"),
    ('"p1 cbr 6"', '"p1 cbr six"', "not an amount: 'six'"),
])
def test_bad_amounts_raise_the_first_error(old, new, detail):
    with pytest.raises(ParseError) as info:
        _parse(_three_way(change=(old, new)))
    assert info.value.reason == "bad_amount" and info.value.detail == detail


def test_escaped_comment_sign_in_an_action():
    """``\\u0023`` is a "#" only once tomllib reads the escape: the comment is still cut."""
    text = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["p3 f \\u0023 folds", "p1 f"]
"""
    assert "#" not in text
    h = _parse(text)
    assert [(a.seat, a.kind) for a in h.actions[2:4]] == [(3, K.FOLD), (1, K.FOLD)]
