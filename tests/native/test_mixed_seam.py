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


def test_a_group_flattens_its_deferred_hands_together_as_each_file_alone() -> None:
    """``core.parse_files`` flattens the deferred hands of a group's mixed files in one batch
    with its Python-core files: every file's PackedFile is still the one it gets read alone
    (mixed files with deferred or rejected hands, an all-native file, a file no format
    claims, one the Python core reads whole), in the group's order."""
    data = SAMPLE.read_bytes()
    one = _with_line_in_hand(data, 1, b"Seat 99: nobody (xyz in chips)")
    two = _with_line_in_hand(_with_line_in_hand(data, 2, b"bob: does a dance"), 0,
                             b"Seat 98: nobody (xyz in chips)")
    notes = b"Important notice\nGame #3 of the league starts at 8pm\n" * 3
    leading = b"alice: folds\nbob: calls 2\ncarol: checks\nbob collected 4 from pot\n\n" + data
    jobs = [(one, "one.txt", 0, None, True), (data, "plain.txt", 0, None, True),
            (notes, "notes.txt", 0, None, True), (two, "two.txt", 0, None, True),
            (leading, "leading.txt", 0, None, True)]
    together = core.parse_files(jobs)
    alone = [core.parse_file(job) for job in jobs]
    assert [p.core for p in together] == ["mixed", "native", "python", "mixed", "python"]
    for got, want in zip(together, alone, strict=True):
        assert (got.format, got.skip, got.consumed, got.incomplete, got.core) == (
            want.format, want.skip, want.consumed, want.incomplete, want.core)
        assert (got.ends, got.rows_at, got.codes, got.rejects) == (
            want.ends, want.rows_at, want.codes, want.rejects)
        assert got.rows.sources == want.rows.sources
        for name, table in want.rows.tables.items():
            volatile = ["imported_at"] if name == "hands" else []
            assert got.rows.starts[name] == want.rows.starts[name], name
            assert got.rows.tables[name].drop_columns(volatile).equals(
                table.drop_columns(volatile)), name
    # the second mixed file's deferred hands: one rejected, one read into rows by the
    # Python core (so its rows come from the batch), as a pure Python read gives them
    assert -1 in together[3].rows_at and together[3].rows.n_hands == len(_hands(two)) - 1
    for job in (jobs[0], jobs[3]):
        same_packed(job[0], job[1])
