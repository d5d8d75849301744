"""The mixed seam: in one file, the native core's rows for the hands it claims and the Python
core's outcome for exactly the hands it defers, merged in file order, equal to a pure Python
import: every row, every reject (offset, line, reason, detail, text), the last-hand rules.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline import config, core
from tests.native.parity import mutate_text, same_packed, sim_configs, simulated_text
from tests.support.paths import SAMPLES

pytest.importorskip("sidepot_native", reason="the native core is not built")

SAMPLE = SAMPLES / "cash_nl10_ankaa.txt"


def _hands(data: bytes) -> list[int]:
    """Byte offsets of the hand headers."""
    out, at = [], data.find(b"PokerStars Hand #")
    while at >= 0:
        out.append(at)
        at = data.find(b"PokerStars Hand #", at + 1)
    return out


def _at(data: bytes, hand: int) -> int:
    """Where a line goes into the ``hand``-th hand: after its hole-cards marker."""
    return data.index(b"\n", data.index(b"*** HOLE CARDS ***", _hands(data)[hand])) + 1


def _with_line_in_hand(data: bytes, hand: int, line: bytes) -> bytes:
    """``line`` inserted into the ``hand``-th hand, after its hole-cards marker."""
    at = _at(data, hand)
    return data[:at] + line + b"\n" + data[at:]


def test_a_reject_in_the_middle_keeps_its_offset_and_line() -> None:
    data = _with_line_in_hand(SAMPLE.read_bytes(), 1, b"Seat 99: nobody (xyz in chips)")
    inserted = data[: _at(data, 1)].count(b"\n") + 1
    assert same_packed(data, "bad.txt") == "mixed"
    packed = core.parse_file((data, "bad.txt", 0, None, True))
    assert list(packed.rejects) == [1]
    reject = packed.rejects[1]
    assert reject.source_offset == _hands(data)[1]
    assert reject.line == inserted
    assert reject.raw_text.startswith("PokerStars Hand #")
    assert packed.rows.n_hands == packed.n_outcomes - 1
    assert packed.rows_at[0] == 0 and packed.rows_at[1] == -1 and packed.rows_at[2] == 1


def test_deferred_hands_first_last_and_together() -> None:
    data = SAMPLE.read_bytes()
    n = len(_hands(data))
    for hands in ([0], [n - 1], [0, 1], [1, n - 1]):
        text = data
        for k in sorted(hands, reverse=True):
            text = _with_line_in_hand(text, k, b"something nobody wrote")
        assert same_packed(text, "d.txt") == "mixed", hands


def test_crlf_cp1252_and_a_resumed_tail_with_a_deferred_hand() -> None:
    data = SAMPLE.read_bytes()
    odd = _with_line_in_hand(data, 2, b"caf\xe9 line nobody knows").replace(b"\n", b"\r\n")
    assert same_packed(odd, "crlf.txt") == "mixed"
    second = _hands(odd)[1]
    assert same_packed(odd, "crlf.txt", start=second) == "mixed"
    assert same_packed(odd.replace(b"\nPokerStars Hand", b"\n \tPokerStars Hand"),
                       "lead.txt") == "mixed"


def test_a_cut_last_hand_is_left_for_later_whichever_core_reads_the_rest() -> None:
    data = SAMPLE.read_bytes()
    last = _hands(data)[-1]
    for cut in (last + 40, last + 300, len(data) - 30):
        for final in (True, False):
            same_packed(data[:cut], "cut.txt", final=final)
            same_packed(data[:cut] + b"\n", "cut.txt", final=final)
            bad = _with_line_in_hand(data[:cut], 0, b"nobody knows this")
            same_packed(bad, "cut.txt", final=final)
    packed = core.parse_file((data[: last + 300], "cut.txt", 0, None, True))
    assert packed.incomplete and packed.consumed == last


def test_an_oversized_line_is_rejected_by_the_python_rule() -> None:
    long = b"x" * (config.MAX_LINE_CHARS + 10)
    data = _with_line_in_hand(SAMPLE.read_bytes(), 1, b"said: " + long)
    assert same_packed(data, "long.txt") == "mixed"
    packed = core.parse_file((data, "long.txt", 0, None, True))
    assert [r.reason for r in packed.rejects.values()] == ["oversized_line"]


def test_mutated_files_of_every_kind() -> None:
    """Mutated hands: many deferred hands (rejects, findings outside the claimed codes)
    among native ones, in every kind of table."""
    used = []
    for k, (name, kw) in enumerate(sim_configs()):
        text = mutate_text(simulated_text(60, 300 + k, **kw), 300 + k).encode()
        used.append(same_packed(text, f"mutated-{name}.txt"))
        used.append(same_packed(text.replace(b"\n", b"\r\n"), f"mutated-{name}-crlf.txt"))
    assert "mixed" in used


def test_the_import_says_mixed(tmp_path: Path) -> None:
    from pipeline.ingest import import_paths

    data = _with_line_in_hand(SAMPLE.read_bytes(), 1, b"something nobody wrote")
    (tmp_path / "a.txt").write_bytes(data)
    summary = import_paths([tmp_path / "a.txt"], tmp_path / "a.duckdb")
    assert summary.core == "mixed"
    assert summary.rejected + summary.hands_imported == len(_hands(data))
