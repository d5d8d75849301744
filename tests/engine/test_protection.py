"""Disconnect protection in the engine (``ActionKind.PROTECTED``, pipeline/engine/state.py
``apply_protect``): the player is all-in for what he has in, keeps his chips behind, makes no
more decisions and contests only the pots he matched."""

from pipeline.engine import replay
from pipeline.engine.result import Severity
from tests.support.replaykit import codes, errors, table


def _flop_bet_into_protection():
    """Three see a flop for 10 each; on the flop seat 3 bets 100, seat 1 (no chips in on the
    street) is protected, seat 2 folds: the whole bet comes back, seat 1 and seat 3 show down
    for the 30 of the preflop pot."""
    b = table(3, button=1)
    b.post_sb(2).post_bb(3).call(1).call(2).check(3)
    b.flop("2c 7d 9h").check(2).bet(3, 100).protect(1).fold(2).uncalled(3, 100)
    b.turn("Jh").river("Qs").board("2c 7d 9h Jh Qs")
    return b.show(1, "Ah Ad").show(3, "Kc Kd")


def test_a_protected_player_contests_the_pot_he_matched():
    r = replay(_flop_bet_into_protection().collect(1, 30).build())
    assert errors(r) == []
    assert {s.seat: s.net for s in r.seats} == {1: 20, 2: -10, 3: -10}
    # his stack is his: 1000 - 10 + 30
    assert {s.seat: s.final_stack for s in r.seats}[1] == 1020


def test_his_chips_behind_never_reach_the_pot():
    """Paying him as if he had called the 100 is a collection the engine does not pay."""
    r = replay(_flop_bet_into_protection().collect(1, 230).build())
    assert "collected_mismatch" in codes(r, Severity.ERROR)


def test_nobody_owes_him_a_turn_on_later_streets():
    """The betting goes on between the others with no out_of_turn or round_not_closed."""
    b = table(3, button=1)
    b.post_sb(2).post_bb(3).call(1).call(2).check(3)
    b.flop("2c 7d 9h").check(2).check(3).protect(1)
    b.turn("Jh").bet(2, 50).call(3).river("Qs").check(2).check(3)
    b.board("2c 7d 9h Jh Qs").show(1, "Ah Ad").show(2, "5c 5d").show(3, "Kc Kd")
    r = replay(b.collect(1, 30).collect(3, 100).build())
    assert errors(r) == []
    main, side = r.pots
    assert (main.amount, side.amount) == (30, 100)
    assert 1 in main.eligible and 1 not in side.eligible
