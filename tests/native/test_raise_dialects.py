"""Raise-amount dialects, in both cores (issue 33 section 3).

PokerStars prints ``raises X to Y`` with X the increment over the bet faced. Converters and
exporters that write the PokerStars layout (the corpus' ``*.converted*`` files, replayer
exports) print X as the chips the raiser *adds* (Y less his own chips already in on the
street), which is ``raises X to X`` for a raiser with nothing in: "raises $0.10 to $0.10"
against a $0.05 big blind. Both readings give the same total Y, which the engine replays; the
engine took the second for a slip and flagged every such raise ``raise_to_mismatch`` (696 of
the corpus' converted hands). X is now accepted as either the increment or the chips added;
any other X is still the error.
"""

from __future__ import annotations

import pytest

from pipeline import core
from tests.native.parity import same_packed

pytest.importorskip("sidepot_native", reason="the native core is not built")

_HAND = """\
PokerStars Hand #24710000095{n}:  Hold'em No Limit ($0.02/$0.05 USD) - 2024/03/05 20:15:11 CET \
[2024/03/05 14:15:11 ET]
Table 'Ankaa III' 6-max Seat #1 is the button
Seat 1: Alice ($5 in chips)
Seat 2: Bob ($5 in chips)
Seat 3: Carl ($5 in chips)
Bob: posts small blind $0.02
Carl: posts big blind $0.05
*** HOLE CARDS ***
Alice: raises {alice} to $0.10
Bob: folds
Carl: raises {carl} to $0.25
Alice: calls $0.15
*** FLOP *** [Kd 7s 2c]
Carl: bets $0.30
Alice: folds
Uncalled bet ($0.30) returned to Carl
Carl collected $0.52 from pot
Carl: doesn't show hand
*** SUMMARY ***
Total pot $0.52 | Rake $0
Board [Kd 7s 2c]
Seat 1: Alice (button) folded on the Flop
Seat 2: Bob (small blind) folded before Flop
Seat 3: Carl (big blind) collected ($0.52)
"""


def _errors(n: int, alice: str, carl: str) -> list[str]:
    data = _HAND.format(n=n, alice=alice, carl=carl).encode()
    path = f"raise-dialect-{n}.txt"
    assert same_packed(data, path) == "native"
    packed = core.parse_file((data, path, 0, None, True))
    assert not packed.rejects
    rows = packed.rows.tables["findings"].to_pylist()
    return [r["code"] for r in rows if r["severity"] == "error"]


@pytest.mark.parametrize(("n", "alice", "carl"), [
    (1, "$0.05", "$0.15"),  # PokerStars: the increment over the bet faced
    (2, "$0.10", "$0.20"),  # an exporter: the chips added ("raises $0.10 to $0.10")
])
def test_both_readings_of_the_raise_size_are_clean(n: int, alice: str, carl: str) -> None:
    assert _errors(n, alice, carl) == []


@pytest.mark.parametrize(("n", "alice", "carl"), [
    (3, "$0.07", "$0.15"),
    (4, "$0.05", "$0.12"),
])
def test_any_other_raise_size_is_still_an_error(n: int, alice: str, carl: str) -> None:
    assert _errors(n, alice, carl) == ["raise_to_mismatch"]
