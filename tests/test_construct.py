"""The result objects built by ``construct.maker`` are the ones their dataclass builds."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from parsers.construct import maker
from pipeline.engine.pots import PotSlice
from pipeline.engine.result import Finding, Pot, Replay, SeatResult, Severity


def _same(a, b) -> None:
    assert type(a) is type(b)
    assert a == b and hash(a) == hash(b) and repr(a) == repr(b)
    assert pickle.loads(pickle.dumps(a)) == b


def test_seat_result_and_pot_equal_the_dataclass_built_ones():
    _same(maker(SeatResult)(3, 120, 300, 180, True, 1180), SeatResult(3, 120, 300, 180, True, 1180))
    _same(maker(Pot)(1, 450, (2, 5), (5,)), Pot(1, 450, (2, 5), (5,)))


def test_defaults_and_keywords_work_as_in_the_dataclass():
    assert maker(Pot)(0, 10, (1, 2)) == Pot(0, 10, (1, 2))  # winners defaults to ()
    finding = Finding("out_of_turn", Severity.ERROR, "seat 2 folds")
    built = maker(Replay)(pots=(), seats=(), total_pot=0, findings=(finding,))
    _same(built, Replay((), (), 0, (finding,)))
    assert built.payouts_verified is True and built.has_errors


def test_built_objects_stay_frozen():
    pot = maker(Pot)(0, 10, (1,), (1,))
    with pytest.raises(dataclasses.FrozenInstanceError):
        pot.amount = 11  # type: ignore[misc]


def test_missing_argument_is_a_type_error():
    with pytest.raises(TypeError):
        maker(SeatResult)(1, 2, 3)


def test_classes_that_validate_are_refused():
    # PotSlice rejects a negative amount in __post_init__: a maker would skip that.
    with pytest.raises(TypeError, match="__post_init__"):
        maker(PotSlice)

    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        x: int

    with pytest.raises(TypeError, match="slotted"):
        maker(NoSlots)
