"""Posts, live or dead, by each site's rules (pipeline/engine/posting.py, sites.py): one
scenario per rule, each hand written as the site's log would run.

Table used throughout: 4 seats, button 1, blinds 5/10 (seat 2 small, seat 3 big); seat 4 is a
returning player who posts out of position.
"""

from __future__ import annotations

from pipeline.engine import Severity, replay
from pipeline.engine.sites import GENERIC, LEGACY, Liveness, rules_for
from tests.support.handbuilder import HandBuilder
from tests.support.replaykit import codes, errors, table


def _returning(site: str) -> HandBuilder:
    """Blinds from seats 2 and 3, then seat 4's extra small-blind-sized post."""
    return table(4, button=1, site=site).post_sb(2).post_bb(3).post_sb(4)


def _after_extra(b: HandBuilder, call: int) -> HandBuilder:
    """Seat 4 calls ``call``; the button and the small blind fold; the big blind checks."""
    return b.call(4, call).fold(1).fold(2).check(3).flop("2c 7d 9h").check(3).check(4)


def _finish(b: HandBuilder) -> HandBuilder:
    return b.turn("Jh").check(3).check(4).river("Qs").check(3).check(4)


# ---- the table -----------------------------------------------------------------------------


def test_each_site_reads_one_entry():
    assert rules_for("no-such-site") is GENERIC and not GENERIC.plain_posts and LEGACY.plain_posts
    # the big three follow the missed-blind rule they document: a missed small blind is dead
    # (Ignition says which in its own words: "Posts chip" live, "Posts dead chip" dead)
    for site in ("pokerstars", "ggpoker", "ignition"):
        rules = rules_for(site)
        dead = Liveness.FROM_LOG if site == "ignition" else Liveness.DEAD
        assert rules.extra_small_blind is dead and rules.split_combined_post
        assert not rules.plain_posts and rules.fold_stakes_echoes
        assert rules != LEGACY and rules.infer_button and rules.paid_muck_contends
    assert rules_for("pacific888").extra_small_blind is Liveness.DEAD


# ---- an extra small blind: live, dead, or as the log shows ---------------------------------


def test_extra_small_blind_is_dead_on_pokerstars_and_ggpoker():
    # PokerStars, GGPoker: a missed small blind is posted dead, so the returning player owes
    # the whole big blind (their parsers print it dead; read as a small blind, the table still
    # says dead).
    for site in ("pokerstars", "ggpoker"):
        ok = _finish(_after_extra(_returning(site), 10)).build()
        assert errors(replay(ok)) == [], site
        bad = _finish(_after_extra(_returning(site), 5)).build()
        assert "wrong_call_amount" in codes(replay(bad), Severity.ERROR), site


def test_extra_small_blind_on_ignition_is_as_the_site_prints_it():
    # Ignition: "Posts chip" (read as a small blind) is live, the player owes the rest of the
    # big blind; "Posts dead chip" (read as a dead post) leaves him the whole of it. Either
    # way a call that fits neither reading is an error.
    live = _finish(_after_extra(_returning("ignition"), 5)).build()
    assert errors(replay(live)) == []
    assert replay(live).total_pot == 5 + 10 + 5 + 5
    dead = table(4, button=1, site="ignition").post_sb(2).post_bb(3).post_dead(4, 5)
    assert errors(replay(_finish(_after_extra(dead, 10)).build())) == []
    bad = _finish(_after_extra(_returning("ignition"), 7)).build()
    assert "wrong_call_amount" in codes(replay(bad), Severity.ERROR)


def test_extra_small_blind_was_live_under_the_old_rules(monkeypatch):
    # LEGACY (the rules before the table): the same post counted toward the bet, 5 to call.
    from pipeline.engine import sites

    monkeypatch.setitem(sites._RULES, "pokerstars", LEGACY)
    assert errors(replay(_finish(_after_extra(_returning("pokerstars"), 5)).build())) == []


def test_extra_small_blind_is_dead_on_888():
    # 888: a second small blind is dead money, the player owes the whole big blind.
    ok = _finish(_after_extra(_returning("pacific888"), 10)).build()
    assert errors(replay(ok)) == []
    r = replay(ok)
    assert r.total_pot == 5 + 10 + 5 + 10  # the dead 5 stays in the pot, beside the call
    bad = _finish(_after_extra(_returning("pacific888"), 5)).build()
    assert "wrong_call_amount" in codes(replay(bad), Severity.ERROR)


def test_extra_small_blind_unpublished_rule_follows_the_players_call():
    # No published rule: a call of 5 (live) and a call of 10 (dead) each fit; 7 fits neither.
    for call in (5, 10):
        assert errors(replay(_finish(_after_extra(_returning("test"), call)).build())) == []
    bad = _finish(_after_extra(_returning("test"), 7)).build()
    assert "wrong_call_amount" in codes(replay(bad), Severity.ERROR)


def test_posts_dead_blind_of_a_small_blind_may_be_live_where_the_log_says_so():
    # "posts dead blind 5" read as dead by the parser; the player then calls 5: it was live.
    b = table(4, button=1).post_sb(2).post_bb(3).post_dead(4, 5)
    b.commit[4] += 5  # the site counted it toward the bet
    assert errors(replay(_finish(_after_extra(b, 5)).build())) == []


def test_extra_small_blind_checked_by_its_poster():
    # Facing the big blind of 10 with 5 in (live) or nothing (dead): a check is wrong under
    # either reading, so the log deciding never hides a real error.
    b = _returning("test").check(4)
    assert "illegal_check" in codes(replay(b.build()), Severity.ERROR)


# ---- "posted to play": big blind live, small blind dead ------------------------------------


def _posted_to_play(site: str) -> HandBuilder:
    b = table(4, button=1, site=site).post_sb(2).post_bb(3)
    b.post_bb(4, 15)  # one post of small + big blind
    b.commit[4] -= 5  # of which 5 is dead
    # seat 4 acts first (left of the big blind) with its live big blind already in
    return b.check(4).fold(1).fold(2).check(3).flop("2c 7d 9h").check(3).check(4)


def test_posted_to_play_is_the_big_blind_live_and_the_small_blind_dead():
    r = replay(_finish(_posted_to_play("test")).build())
    assert errors(r) == [] and r.total_pot == 5 + 10 + 15


def test_posted_to_play_on_pokerstars_is_the_big_blind_live_too():
    # PokerStars' parser splits "posts small & big blinds" itself; a single post of 15 read
    # whole is the same missed-blind rule: the big blind live, the small blind dead.
    r = replay(_finish(_posted_to_play("pokerstars")).build())
    assert errors(r) == [] and r.total_pot == 5 + 10 + 15


# ---- a zero post beside a dead blind -------------------------------------------------------


def test_zero_post_beside_a_dead_blind_is_no_post():
    # 888's "posts dead blind [$0.05 + $0]": the dead part alone, and a post of nothing.
    b = table(4, button=1).post_sb(2).post_bb(3).post_dead(4, 5).post_bb(4, 0)
    r = replay(_finish(_after_extra(b, 10)).build())
    assert errors(r) == [] and "post_wrong_amount" not in codes(r)


def test_zero_post_on_pokerstars_is_still_a_wrong_amount():
    b = table(4, button=1, site="pokerstars").post_sb(2).post_bb(3).post_bb(4, 0)
    r = replay(b.call(4, 10).fold(1).fold(2).check(3).build())
    assert "post_wrong_amount" in codes(r, Severity.ERROR)


# ---- an all-in forced post printed before the deal -----------------------------------------


def _all_in_antes(site: str) -> HandBuilder:
    """Full Tilt Flipout: everyone all in on the ante, then two "checks" before the deal."""
    b = HandBuilder(sb=0, bb=0, ante=100, button=2, site=site)
    b.seat(1, "A", 100, "Ah Kd").seat(2, "B", 100, "2c 2d")
    b.post_ante(1).post_ante(2).check(1).check(2)
    return b.board("3s 8h 9c Td Qs").show(1, "Ah Kd").show(2, "2c 2d").collect(2, 200)


def test_all_in_on_a_forced_post_printed_checking_is_a_warning():
    r = replay(_all_in_antes("fulltilt").build())
    assert errors(r) == [] and "acted_after_all_in" in codes(r, Severity.WARNING)


def test_all_in_check_on_pokerstars_stays_an_error():
    r = replay(_all_in_antes("pokerstars").build())
    assert "acted_after_all_in" in codes(r, Severity.ERROR)


# ---- completing against a short all-in big blind, the excess returned ----------------------


def test_completing_against_a_short_all_in_big_blind_returns_the_excess():
    b = HandBuilder(sb=50, bb=100, button=1).seat(1, "A", 1000, "Ah Ad").seat(2, "B", 60, "2c 7d")
    b.post_sb(1).post_bb(2)  # B all in for 60 of the 100
    b.call(1, 50).uncalled(1, 40)
    b.board("3s 8h 9c Td Qs").show(2, "2c 7d").show(1, "Ah Ad").collect(1, 120)
    r = replay(b.build())
    assert errors(r) == [] and r.total_pot == 120
