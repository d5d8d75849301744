"""The fuzz test's 10,000 mutated hands through both cores: the seam (native, mixed or
Python per hand) must pack every file exactly as the Python reference does, and the native
core must never fail (no panic reject, no exception) on hostile input.

The programs and files are tests/ingest/test_fuzz.py's (truncations, dropped and repeated
lines, garbled numbers and cards, random bytes, binary junk, CR/LF mixes...), each mutated
hand between two good ones.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings

from tests.ingest.test_fuzz import EXAMPLES, HANDS_PER_EXAMPLE, _file, programs
from tests.native.parity import same_packed

native = pytest.importorskip("sidepot_native", reason="the native core is not built")


def test_mutated_hands_pack_alike_through_both_cores() -> None:
    used: Counter = Counter()
    chunks: Counter = Counter()

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(programs)
    def check(program: tuple[list[str], int]) -> None:
        ops, seed = program
        data, _ = _file(ops, seed, 100_000_000_000)
        used[same_packed(data, "fuzz.txt")] += 1
        out = native.parse_pokerstars(data, "fuzz.txt")
        if out["deferred"] is None:
            chunks.update(out["chunks"].column("status").to_pylist())
        used["hands"] += HANDS_PER_EXAMPLE

    check()
    assert used["hands"] >= 10_000
    assert chunks["rejected"] == 0  # no panic in the native core
    # Most files mix both cores: the mutated hands deferred, the good ones native.
    assert used["mixed"] > EXAMPLES // 2 and chunks["rows"] > chunks["deferred"]
