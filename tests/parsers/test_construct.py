"""The objects built by ``construct.maker`` are the ones their dataclass builds; what would make
them differ is refused, and a refused layout switch falls back to the class's constructor."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from parsers.construct import maker
from pipeline.engine.pots import PotSlice
from pipeline.engine.result import Finding, Pot, Replay, SeatResult, Severity


@dataclasses.dataclass(frozen=True, slots=True)
class Grown:
    """A class whose fields a caller names in its own order, leaving out the late ones."""

    a: int
    late: tuple[int, ...] = dataclasses.field(default_factory=tuple)
    b: str = "x"
    flag: bool = False


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Opts:
    size: int
    name: str = ""


@dataclasses.dataclass(frozen=True, slots=True)
class Base:
    x: int


@dataclasses.dataclass(frozen=True, slots=True)
class Child(Base):
    """Slots spread over a base class: a draft with one flat layout cannot take its place."""

    y: int = 2


class _Loose:
    """A base with a ``__dict__``: its subclasses' instances carry one a draft does not have."""


@dataclasses.dataclass(frozen=True, slots=True)
class OnLooseBase(_Loose):
    """Its own slots hold all its fields, but Python refuses the ``__class__`` switch."""

    x: int


def _same(a, b) -> None:
    assert type(a) is type(b)
    assert a == b and hash(a) == hash(b) and repr(a) == repr(b)
    assert pickle.loads(pickle.dumps(a)) == b
    first = dataclasses.fields(b)[0].name
    assert dataclasses.replace(a, **{first: 0}) == dataclasses.replace(b, **{first: 0})
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(a, first, 1)


def test_engine_results_equal_the_dataclass_built_ones():
    new_seat_result, new_pot = maker(SeatResult), maker(Pot)
    assert new_seat_result.drafts and new_pot.drafts  # the draft switch, not the fallback
    _same(new_seat_result(3, 120, 300, 180, True, 1180), SeatResult(3, 120, 300, 180, True, 1180))
    _same(new_pot(1, 450, (2, 5), (5,)), Pot(1, 450, (2, 5), (5,)))
    assert new_seat_result(3, 120, 300, 180, True, 1180) != SeatResult(3, 120, 300, 180, True, 0)


def test_defaults_and_keywords_work_as_in_the_dataclass():
    assert maker(Pot)(0, 10, (1, 2)) == Pot(0, 10, (1, 2))  # winners defaults to ()
    finding = Finding("out_of_turn", Severity.ERROR, "seat 2 folds")
    built = maker(Replay)(pots=(), seats=(), total_pot=0, findings=(finding,))
    _same(built, Replay((), (), 0, (finding,)))
    assert built.payouts_verified is True and built.has_errors


def test_missing_or_unknown_argument_is_a_type_error():
    with pytest.raises(TypeError):
        maker(SeatResult)(1, 2, 3)
    with pytest.raises(TypeError):
        maker(Pot)(0, 10, (1,), colour="red")


def test_chosen_parameters_fill_the_rest_with_defaults_by_name():
    make = maker(Grown, ("b", "a"), defaults=False)  # call order differs from field order
    built = make("y", 1)
    _same(built, Grown(1, (), "y", False))
    assert make.drafts and built.late == () and built.flag is False
    with pytest.raises(TypeError):
        make(1)  # defaults=False: every parameter required
    with pytest.raises(TypeError, match="no fields"):
        maker(Grown, ("a", "gone"))
    with pytest.raises(TypeError, match="default factory"):
        maker(Grown)  # a factory kept as a parameter default is refused


def test_keyword_only_fields_keep_their_place():
    _same(maker(Opts)(size=3), Opts(size=3))
    with pytest.raises(TypeError):
        maker(Opts)(3)


def test_a_refused_layout_falls_back_to_the_class():
    make = maker(Child)
    assert not make.drafts
    _same(make(1), Child(1, 2))
    _same(make(y=5, x=4), Child(4, 5))
    on_loose = maker(OnLooseBase)  # the probe's switch raised at import
    assert not on_loose.drafts
    _same(on_loose(7), OnLooseBase(7))


def test_classes_that_validate_or_hide_fields_are_refused():
    # PotSlice rejects a negative amount in __post_init__: a maker would skip that.
    with pytest.raises(TypeError, match="__post_init__"):
        maker(PotSlice)

    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        x: int

    with pytest.raises(TypeError, match="slotted"):
        maker(NoSlots)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Hidden:
        x: int
        y: int = dataclasses.field(default=0, init=False)

    with pytest.raises(TypeError, match="outside __init__"):
        maker(Hidden)
