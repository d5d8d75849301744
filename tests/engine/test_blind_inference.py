"""A log that prints no blind lines (issue 33 section 3): the engine infers the blinds from who
completes and who checks preflop (``pipeline/engine/blinds.py``), where the site's rules say
a log may lack them, so nets count the blinds and the site's pot matches.

The same hands as hand texts, through both cores: ``tests/native/test_unprinted_blinds.py``.
"""

from __future__ import annotations

from parsers.model import ActionKind
from pipeline.engine import Severity, replay
from pipeline.engine.blinds import infer_blinds, with_inferred_blinds
from tests.support.handbuilder import HandBuilder
from tests.support.replaykit import codes, errors, seat, table

SB, BB = ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND


def _limped(site: str = "test", **kw: object) -> HandBuilder:
    """Four seats, button 1, blinds 5/10 not printed: seat 2 completes, seat 3 checks."""
    b = table(4, button=1, site=site, **kw)
    b.call(4, 10).call(1, 10).call(2, 5).check(3)
    b.flop("2c 7d 9h").check(2).check(3).bet(4, 20).fold(1).fold(2).fold(3).uncalled(4, 20)
    return b.collect(4, 40).total_pot(40)


def test_the_completion_is_the_small_blind_and_the_check_the_big():
    hand = _limped().build()
    assert infer_blinds(hand) == [(SB, 2, 5), (BB, 3, 10)]
    r = replay(hand)
    assert r.findings == ()
    assert [seat(r, n).net for n in (1, 2, 3, 4)] == [-10, -10, -10, 30]
    # the stored hand keeps the log's own actions
    assert not any(a.kind in (SB, BB) for a in hand.actions)


def test_both_blinds_complete_a_raise():
    b = table(4, button=1).raise_to(4, 30, 30).fold(1).call(2, 25).call(3, 20)
    b.flop("2c 7d 9h").check(2).check(3).bet(4, 50).fold(2).fold(3).uncalled(4, 50)
    hand = b.collect(4, 90).total_pot(90).build()
    assert infer_blinds(hand) == [(SB, 2, 5), (BB, 3, 10)]
    r = replay(hand)
    assert errors(r) == [] and seat(r, 4).net == 60 and seat(r, 2).net == -30


def test_a_stale_header_is_one_warning_at_the_inferred_stakes():
    r = replay(_limped(sb=10, bb=25).build())
    assert errors(r) == [] and codes(r, Severity.WARNING) == ["post_wrong_amount"]
    assert (r.stakes.small_blind, r.stakes.big_blind) == (5, 10)


def test_a_lone_check_is_the_big_blind_and_a_lone_completion_decides_nothing():
    b = table(3, button=1).call(2, 10).call(1, 10).check(3)  # no small blind in play
    assert infer_blinds(b.build()) == [(BB, 3, 10)]
    b = table(3, button=1).raise_to(1, 30, 30).call(2, 25).fold(3)
    assert infer_blinds(b.build()) == []


def test_nothing_is_inferred_where_the_log_prints_a_blind_or_the_rules_do_not_fit():
    printed = table(3, button=1).post_sb(2).post_bb(3).call(1).call(2, 5).check(3).build()
    assert infer_blinds(printed) == [] and with_inferred_blinds(printed) is printed
    three = table(4, button=1).call(4, 10).call(1, 5).call(2, 5).check(3).build()
    assert infer_blinds(three) == []  # three blinds
    alike = table(4, button=1).raise_to(4, 30, 30).fold(1).call(2, 20).call(3, 20).build()
    assert infer_blinds(alike) == []  # two blinds alike
    # a short stack's all-in call is no completion: only the check is a blind
    short = table(3, button=1).seat(2, "BBB", 4).call(1, 10).call(2, 4).check(3).build()
    assert infer_blinds(short) == [(BB, 3, 10)]


def test_pokerstars_prints_every_blind_and_judges_a_log_without_them():
    assert "wrong_call_amount" in codes(replay(_limped("pokerstars").build()), Severity.ERROR)


def test_simulated_hands_without_their_blind_lines_get_them_back():
    """Simulated legal hands with every blind line taken out: whatever is inferred is the very
    blind that was posted, and where both are inferred the nets are the hand's own."""
    from dataclasses import replace

    from parsers.model import LimitType
    from pipeline.sim import simulate

    inferred = 0
    for limit in (LimitType.NO_LIMIT, LimitType.FIXED_LIMIT, LimitType.POT_LIMIT):
        for s in simulate(100, 5, limit=limit, rake=False):
            hand = replace(s.hand, site="test")
            posts = [(a.kind, a.seat, a.amount) for a in hand.actions if a.kind in (SB, BB)]
            stripped = replace(hand, actions=tuple(
                a for a in hand.actions if a.kind not in (SB, BB)))
            got = infer_blinds(stripped)
            assert got in ([], posts, posts[-1:]), hand.hand_id
            if len(got) == 2:
                inferred += 1
                r = replay(stripped)
                assert errors(r) == [], hand.hand_id
                assert ({x.seat: x.net for x in r.seats}
                        == {x.seat: x.net for x in replay(hand).seats}), hand.hand_id
    assert inferred > 50  # the rule decides a good share of real-looking hands
