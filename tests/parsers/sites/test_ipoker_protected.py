"""iPoker's disconnect protection (``sum="DP"`` on an all-in action): the player is all-in
for what he has in and keeps his chips behind. He acts no more, contests only the pot he
matched, and the players who go on betting contest a side pot (the sites' own description of
all-in protection). The fixture is a hand we wrote in the 2011 export's layout."""

from dataclasses import replace
from pathlib import Path

from parsers.model import ActionKind, Street
from parsers.read import split_file
from pipeline.engine import replay
from pipeline.engine.result import Severity
from pipeline.export import phh
from pipeline.export.ohh import write_hand

TEXT = (Path(__file__).parent / "fixtures" / "ipoker" / "protected.xml").read_bytes()


def the_hand():
    (outcome,) = list(split_file(TEXT).hands("protected.xml"))
    assert outcome.error is None, outcome.error
    return outcome.hand


def errors(r):
    return [f for f in r.findings if f.severity is Severity.ERROR]


def test_dp_is_a_protected_action_that_moves_no_chips():
    h = the_hand()
    (dp,) = [a for a in h.actions if a.kind is ActionKind.PROTECTED]
    assert (dp.seat, dp.street, dp.amount, dp.to) == (4, Street.PREFLOP, 0, 20)


def test_the_protected_player_wins_the_main_pot_and_keeps_his_stack():
    r = replay(the_hand())
    assert errors(r) == []
    assert {s.seat: s.net for s in r.seats} == {1: 10, 2: -5, 3: -50, 4: 45}
    main, side = r.pots
    assert (main.amount, side.amount) == (65, 60)
    assert 4 in main.eligible and 4 not in side.eligible


def test_a_later_action_by_the_protected_player_is_an_error():
    h = the_hand()
    acts = list(h.actions)
    at = next(i for i, a in enumerate(acts) if a.street is Street.FLOP and a.seat == 1)
    acts.insert(at, replace(acts[at], seat=4, kind=ActionKind.CALL, amount=20, to=20))
    r = replay(replace(h, actions=tuple(acts)))
    assert any(f.code == "acted_after_all_in" and "disconnect protection" in f.message
               for f in errors(r))


def test_without_the_protection_the_player_would_owe_a_decision():
    """The same log with the DP line dropped: the raise to 0.30 is left unanswered by seat 4,
    which the engine must catch (the protection is what closes his turn)."""
    h = the_hand()
    acts = tuple(a for a in h.actions if a.kind is not ActionKind.PROTECTED)
    r = replay(replace(h, actions=acts))
    assert errors(r)


def test_exports_say_what_they_cannot_hold():
    h = the_hand()
    try:
        phh.write_hand(h)
    except phh.NotRepresentable as err:
        assert err.reason == "disconnect protection"
    else:
        raise AssertionError("PHH cannot express disconnect protection")
    # OHH has no such action: the protection is left out, the rest of the hand written
    rounds = write_hand(h)["ohh"]["rounds"]
    dee = [(r["street"], a["action"]) for r in rounds for a in r["actions"] if a["player_id"] == 4]
    assert dee == [("Preflop", "Raise")]
