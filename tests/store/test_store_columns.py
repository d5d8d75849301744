"""Column helpers of the flattening: exact money arrays, dict-like keyed lookups, running sums."""

from __future__ import annotations

from decimal import Decimal
from itertools import accumulate

import numpy as np
import pyarrow as pa
import pytest

from pipeline.store import columns as col


def _decimals(cents: list[int | None]) -> pa.Array:
    """The reference: Decimal objects converted by Arrow itself."""
    return pa.array([None if c is None else Decimal(c).scaleb(-2) for c in cents],
                    pa.decimal128(18, 2))


def test_money_is_the_exact_decimal_of_the_cents():
    cents = [0, 1, -1, 105, -99_999, 10**18 - 1, -(10**18 - 1), None, 7]
    got = col.money(pa.array(cents, pa.int64()), None)
    assert got.type == pa.decimal128(18, 2)
    assert got.equals(_decimals(cents))
    assert got.to_pylist()[3] == Decimal("1.05")


def test_money_scales_each_row_by_its_factor():
    units = np.array([5, -5, 65, 12345], np.int64)
    factor = np.array([1, 100, 100, 10], np.int64)  # cents, whole chips, one decimal
    assert col.money(units, factor).equals(_decimals([5, -500, 6500, 123450]))


@pytest.mark.parametrize(("units", "factor"), [
    (10**18, None), (-(10**18), None), (-(2**63), None),
    (10**16, 100), (-(10**16), 100),
])
def test_money_beyond_eighteen_digits_raises(units, factor):
    factors = None if factor is None else np.array([factor], np.int64)
    with pytest.raises(pa.ArrowInvalid):
        col.money(np.array([units], np.int64), factors)


def test_money_just_inside_the_limit_after_scaling():
    got = col.money(np.array([10**16 - 1], np.int64), np.array([100], np.int64))
    assert got.to_pylist() == [Decimal(10**18 - 100).scaleb(-2)]


def test_lookup_keeps_the_last_of_equal_keys_like_a_dict():
    table = np.array([30, 10, 20, 10, 40], np.int64)
    wanted = np.array([10, 20, 99, 40, 5], np.int64)
    expected = {k: i for i, k in enumerate(table.tolist())}  # a dict keeps the last
    assert col.lookup(table, wanted).tolist() == [expected.get(k, -1) for k in wanted.tolist()]
    ordered = np.array([1, 2, 3], np.int64)
    assert col.lookup(ordered, np.array([3, 0], np.int64)).tolist() == [2, -1]
    assert col.lookup(np.array([], np.int64), np.array([1], np.int64)).tolist() == [-1]


def test_keys_of_numbers_beyond_integer_match_nothing():
    rows = np.array([0, 1], np.int64)
    seats = (rows << 32) + np.array([3, 3], np.int64)
    # 2**32 + 3 in hand 0 would collide with seat 3 of hand 1 if it were keyed as is
    wanted = col.keys(np.array([0, 0, 1], np.int64), [2**32 + 3, 3, -(2**40)])
    assert col.lookup(seats, wanted).tolist() == [-1, 0, -1]


def test_pick_and_take_fill_what_is_missing():
    at = np.array([1, -1, 0], np.int64)
    assert col.pick(np.array([7, 8], np.int64), at, 0).tolist() == [8, 0, 7]
    assert col.pick([], at, 5).tolist() == [5, 5, 5]
    assert col.take(pa.array(["a", "b"]), at).to_pylist() == ["b", None, "a"]


def _reference_sums(values: list[int], counts: list[int]) -> list[int]:
    out, lo = [], 0
    for n in counts:
        out.extend(accumulate(values[lo:lo + n]))
        lo += n
    return out


def test_running_sums_restart_with_each_group():
    values = [5, 10, -3, 7, 1, 1, 1]
    counts = [3, 0, 1, 3]
    got = col.running_sums(np.array(values, np.int64), np.array(counts, np.int64))
    assert list(got) == _reference_sums(values, counts) == [5, 15, 12, 7, 1, 2, 3]


def test_running_sums_stay_exact_when_the_batch_total_would_overflow():
    big = 2**61
    values = [big, big, -big] * 3 + [1]  # the batch's running total passes 2**63
    counts = [3, 3, 3, 1]
    got = col.running_sums(np.array(values, np.int64), np.array(counts, np.int64))
    assert list(got) == _reference_sums(values, counts)


def test_running_sums_of_odd_values_are_summed_exactly_or_refused():
    huge = 2**62
    values = [huge, -huge, huge, 5]  # bound exceeded: the Python path
    got = col.running_sums(np.array(values, np.int64), np.array([4], np.int64))
    assert list(got.to_pylist()) == _reference_sums(values, [4])
    with pytest.raises(OverflowError):
        col.running_sums(np.array([huge, huge], np.int64), np.array([2], np.int64))


def test_group_sums_are_exact_per_key():
    keys = np.array([9, 3, 9, 3, 1], np.int64)
    values = np.array([1, 2, 3, 4, 5], np.int64)
    distinct, sums = col.group_sums(keys, values)
    assert distinct.tolist() == [1, 3, 9] and sums.tolist() == [5, 6, 4]
    huge = 2**62
    distinct, sums = col.group_sums(np.array([1, 1, 1], np.int64),
                                    np.array([huge, huge, -huge], np.int64))
    assert sums.tolist() == [huge]


def test_magnitude_is_the_largest_absolute_value_exactly():
    assert col.magnitude(np.array([3, -7, 5], np.int64)) == 7
    assert col.magnitude(np.array([-(2**63)], np.int64)) == 2**63  # no int64 holds it
    assert col.magnitude(pa.array([None, -(2**31), 4], pa.int32())) == 2**31
    assert col.magnitude(pa.array([None], pa.int64())) == 0
    assert col.magnitude(np.array([], np.int64)) == col.magnitude(pa.array([], pa.int64())) == 0
