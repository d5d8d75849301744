"""Column helpers for :mod:`pipeline.store.flatten`: exact money arrays, keyed lookups and
running sums over a whole batch, in numpy and Arrow instead of a Python loop per row.

Why apart: these are the few places where a batch's integers are handled in bulk, and each
has an exactness argument (no float, no silent overflow) that is easier to check on its own.
- Money: DECIMAL(18, 2) Arrow arrays are written from int64 cents directly; a decimal's
  storage *is* its unscaled integer, sign-extended to 128 bits. Values are range-checked
  first, so scaling cannot overflow and anything beyond 18 digits raises as a cast would.
- Keys: rows are related through ``hand number << 32 | number`` where the number (a seat, a
  pot index) fits INTEGER; :func:`lookup` resolves them like a dict (the last entry wins).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import accumulate

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.store.schema import MONEY_SCALE, Kind, arrow_type

MONEY_ARROW = arrow_type(Kind.MONEY)
#: Largest magnitude a DECIMAL(18, 2) column holds, in cents (exclusive).
MONEY_LIMIT = 10**18
_NO_KEY = np.iinfo(np.int64).min  # a key that no row has
_INT32 = 2**31


def lengths(lists: list) -> np.ndarray:
    """``len`` of each entry, as int64."""
    return np.fromiter(map(len, lists), np.int64, len(lists))


def ints(array: pa.Array) -> np.ndarray:
    """A null-free integer Arrow array as int64 numpy (a view where the type allows)."""
    return array.to_numpy().astype(np.int64, copy=False)


def magnitude(values: pa.Array | np.ndarray) -> int:
    """The largest absolute value (0 when empty or all null), as a Python int: exact even for
    int64's minimum, whose absolute value no int64 holds."""
    if isinstance(values, np.ndarray):
        return max(-int(values.min()), int(values.max())) if values.size else 0
    found = pc.min_max(values)
    low, high = found["min"].as_py(), found["max"].as_py()
    return 0 if low is None else max(-low, high)


def bools(array: pa.Array | pa.ChunkedArray) -> np.ndarray:
    return np.asarray(array.to_numpy(zero_copy_only=False), np.bool_)


def keys(rows: np.ndarray, numbers: list[int]) -> np.ndarray:
    """Keys (hand << 32 | number) for numbers that need not fit INTEGER: one that does not
    can match no seat or pot of the tables (those are INTEGER), so its key matches nothing."""
    values = np.array(numbers, np.int64)
    out = (rows << 32) + values
    outside = (values < -_INT32) | (values >= _INT32)
    return np.where(outside, _NO_KEY, out) if outside.any() else out


def lookup(table_keys: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """Position in ``table_keys`` of each of ``wanted`` (the last one of equals, as a dict
    built from them would keep), or -1 where it is absent."""
    if not table_keys.size:
        return np.full(len(wanted), -1, np.int64)
    if np.all(table_keys[1:] > table_keys[:-1]):  # already in order, as seats usually are
        order, ordered = None, table_keys
    else:
        order = np.argsort(table_keys, kind="stable")
        ordered = table_keys[order]
    at = np.searchsorted(ordered, wanted, side="right") - 1
    clipped = np.maximum(at, 0)
    found = (at >= 0) & (ordered[clipped] == wanted)
    return np.where(found, clipped if order is None else order[clipped], -1)


def pick(values: list | np.ndarray, at: np.ndarray, default: object,
         getter: Callable | None = None, dtype: type = np.int64) -> np.ndarray:
    """``values[at[i]]`` (through ``getter``), or ``default`` where ``at`` is -1."""
    if getter is not None:
        values = np.array(list(map(getter, values)), dtype)
    if not len(values):
        return np.full(len(at), default, dtype)
    return np.where(at >= 0, values[np.maximum(at, 0)], default)


def take(values: pa.Array, at: np.ndarray) -> pa.Array:
    """``values[at]``, null where ``at`` is -1."""
    missing = at < 0
    return values.take(pa.array(at, mask=missing if missing.any() else None))


def money(units: pa.Array | np.ndarray, factor: np.ndarray | None) -> pa.Array:
    """Minor units (int64, nulls allowed) times ``factor`` -> exact DECIMAL(18, 2) cents.

    ``factor`` (per row, or None for 1) is checked against the limit before multiplying, so
    the product cannot overflow; the decimal's storage is the cents and their sign extension.
    """
    validity, nulls = None, 0
    if isinstance(units, np.ndarray):
        values = units
    else:
        nulls = units.null_count
        if nulls:
            validity = units.buffers()[0]
            units = units.fill_null(0)
        values = ints(units)
    limit = MONEY_LIMIT if factor is None else MONEY_LIMIT // factor
    if values.size and bool(((values >= limit) | (values <= -limit)).any()):
        raise pa.ArrowInvalid(f"an amount does not fit DECIMAL(18, {MONEY_SCALE})")
    cents = values if factor is None else values * factor
    wide = np.empty(2 * len(cents), np.int64)
    wide[0::2] = cents
    wide[1::2] = cents >> 63
    return pa.Array.from_buffers(MONEY_ARROW, len(cents), [validity, pa.py_buffer(wide)],
                                 null_count=nulls)


def running_sums(values: np.ndarray, counts: np.ndarray) -> np.ndarray | pa.Array:
    """The running sum of ``values`` within each group of ``counts`` consecutive rows.

    One cumulative sum over the batch minus each group's total before its first row. int64
    wraps modulo 2**64, so the difference is exact whenever a group's own running sum fits;
    the bound below guarantees that, and odd input past it is summed in Python (where an
    overflow then surfaces as the conversion error it is).
    """
    if not values.size:
        return values
    starts = np.cumsum(counts) - counts
    if int(values.min()) == -(2**63) or int(np.abs(values).max()) * int(counts.max()) >= 2**63:
        listed = values.tolist()
        sums: list[int] = []
        for lo, n in zip(starts.tolist(), counts.tolist(), strict=True):
            sums.extend(accumulate(listed[lo:lo + n]))
        return pa.array(sums, pa.int64())
    first = np.repeat(starts, counts)
    running = np.cumsum(values)
    return running - (running[first] - values[first])


def group_sums(keyed: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct keys (sorted) and the sum of ``values`` for each, exactly."""
    order = np.argsort(keyed, kind="stable")
    keyed, values = keyed[order], values[order]
    firsts = np.flatnonzero(np.concatenate([[True], keyed[1:] != keyed[:-1]]))
    if values.size and int(np.abs(values).max()) * len(values) < 2**62:
        return keyed[firsts], np.add.reduceat(values, firsts)
    listed = values.tolist()  # empty, or odd input: Python ints, checked on conversion
    ends = [*firsts[1:].tolist(), len(listed)]
    sums = [sum(listed[a:b]) for a, b in zip(firsts.tolist(), ends, strict=True)]
    return keyed[firsts], np.array(sums, np.int64)
