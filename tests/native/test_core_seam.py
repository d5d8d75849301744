"""pipeline.core: whichever core runs, the writer gets the same PackedFile.

The parity tests compare the native tables hand by hand; this holds the seam itself: the
PackedFile of :func:`pipeline.core.parse_file` (native where it claims the file, Python
otherwise) equals the Python reference's field for field and row for row, on real files,
simulated files, resumed tails, files still being written and files the native core must hand
back (other games, cut last hands).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline import core, core_choice
from pipeline.errors import SidepotError
from tests.native.parity import corpus_dir, same_packed, simulated_text
from tests.support.paths import SAMPLES

pytest.importorskip("sidepot_native", reason="the native core is not built")

def _same(data: bytes, path: str, start: int = 0, final: bool = True) -> str:
    """Assert both cores pack ``data`` alike; return which core the seam used."""
    return same_packed(data, path, start, final)


def test_the_samples_are_read_natively_and_identically() -> None:
    used = {_same(p.read_bytes(), str(p)) for p in sorted(SAMPLES.glob("*.txt"))}
    assert used == {"native"}


def test_simulated_tables_of_every_kind() -> None:
    from parsers.model import LimitType

    for i, kw in enumerate([{}, {"limit": LimitType.FIXED_LIMIT}, {"limit": LimitType.POT_LIMIT},
                            {"antes": True, "straddle": True}, {"tournament": True}]):
        text = simulated_text(120, 40 + i, **kw).encode()
        assert _same(text, f"sim{i}.txt") == "native"


def test_a_resumed_tail_and_a_file_still_being_written() -> None:
    data = (SAMPLES / "cash_nl10_ankaa.txt").read_bytes()
    second = data.index(b"PokerStars Hand #", 10)
    assert _same(data, "live.txt", start=second) == "native"
    cut = data[: data.rindex(b"PokerStars Hand #") + 300]
    _same(cut, "live.txt", final=False)
    _same(cut, "live.txt", final=True)  # a cut last hand: the Python core decides


def test_a_hand_the_native_core_defers_is_read_by_python_alone() -> None:
    data = (SAMPLES / "cash_nl10_ankaa.txt").read_bytes()
    omaha = data.replace(b"Hold'em No Limit", b"Omaha Pot Limit", 1)
    assert _same(omaha, "omaha.txt") == "mixed"


def test_a_file_the_native_core_cannot_split_is_read_by_python() -> None:
    data = (SAMPLES / "cash_nl10_ankaa.txt").read_bytes()
    assert _same(data.decode().encode("utf-16"), "wide.txt") == "python"


def test_a_file_with_stray_nul_bytes_is_read_by_python_which_drops_them() -> None:
    data = (SAMPLES / "cash_nl10_ankaa.txt").read_bytes()
    nul = data.replace(b"\n", b"\n\x00")
    assert _same(nul, "nul.txt") == "python"
    packed = core.parse_file((nul, "nul.txt", 0, None, True))
    clean = core.parse_file((data, "clean.txt", 0, None, True))
    assert packed.rows.tables["hands"].num_rows == clean.rows.tables["hands"].num_rows > 0
    assert packed.rows.tables["actions"].equals(clean.rows.tables["actions"])


@pytest.mark.corpus
def test_every_pokerstars_corpus_file() -> None:
    root = corpus_dir()
    if root is None:
        pytest.skip("real corpus not present")
    used = [_same(p.read_bytes(), str(p))
            for p in sorted((root / "PokerStars").rglob("*")) if p.is_file()]
    assert used.count("native") > len(used) // 2


def test_the_core_can_be_forced(monkeypatch: pytest.MonkeyPatch) -> None:
    data = (SAMPLES / "cash_nl10_ankaa.txt").read_bytes()
    monkeypatch.setenv(core.CORE_ENV, "python")
    assert core.parse_file((data, "a.txt", 0, None, True)).core == "python"
    monkeypatch.setenv(core.CORE_ENV, "native")
    assert core.parse_file((data, "a.txt", 0, None, True)).core == "native"
    monkeypatch.setenv(core.CORE_ENV, "rust")
    with pytest.raises(SidepotError, match="python' or 'native"):
        core.chosen_core()


def test_forcing_native_where_it_is_not_built_is_an_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(core.CORE_ENV, "native")
    monkeypatch.setattr(core_choice, "native_available", lambda: False)
    with pytest.raises(SidepotError, match="not built"):
        core.chosen_core()


def test_without_the_native_module_the_python_core_runs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(core.CORE_ENV, raising=False)
    monkeypatch.setattr(core_choice, "native_available", lambda: False)
    data = Path(SAMPLES / "cash_nl10_ankaa.txt").read_bytes()
    assert core.parse_file((data, "a.txt", 0, None, True)).core == "python"


def test_the_import_summary_names_the_core(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from pipeline.ingest import import_paths
    from tests.support.paths import FIXTURES

    assert import_paths([SAMPLES], tmp_path / "a.duckdb").core == "native"
    # a GGPoker file with an Omaha hand: the native core hands it back to the Python core
    gg = tmp_path / "gg.txt"
    text = (FIXTURES / "ggpoker" / "cash_rush.txt").read_text(encoding="utf-8")
    gg.write_text(text.replace("Hold'em No Limit", "Omaha Pot Limit", 1), encoding="utf-8")
    assert import_paths([SAMPLES, gg], tmp_path / "b.duckdb").core == "mixed"
    monkeypatch.setenv(core.CORE_ENV, "python")
    assert import_paths([SAMPLES], tmp_path / "c.duckdb").core == "python"


def test_a_group_of_files_is_read_as_each_file_alone(tmp_path) -> None:
    """parse_files (the in-process import reads files a group at a time: small PHH files in
    one native call, the Python core's files flattened together) packs each file exactly as
    parse_file does alone: native text, PHH, a format without a native reader, a file no
    sniffer claims, and a job with nothing to read."""
    from pipeline.export import phh
    from pipeline.sim.dealer import simulate

    dealt = [s.hand for s in simulate(3, 7, players=(2, 6), run_it_twice=False)]
    everleaf = ("Everleaf Gaming Game #1\n***** Hand history for game #1 *****\n"
                "Blinds $0.01/$0.02 NL Hold'em - 2026/01/02 - 10:11:12\n")
    files = [(SAMPLES / "cash_nl10_ankaa.txt").read_bytes(),
             phh.write_hands(dealt[:1]).encode(), phh.write_hands(dealt[1:2]).encode(),
             everleaf.encode(), b"# notes, not a hand history\n",
             (SAMPLES / "limit_fl20_procyon.txt").read_bytes()]
    jobs = [(data, f"f{i}", 0, None, True) for i, data in enumerate(files)]
    jobs.insert(2, None)
    grouped = core.parse_files(jobs)
    assert grouped[2] is None
    for job, got in zip(jobs, grouped, strict=True):
        if job is None:
            continue
        want = core.parse_file(job)
        assert (got.format, got.skip, got.consumed, got.ends, got.rows_at, got.codes,
                got.rejects, got.core) == (want.format, want.skip, want.consumed, want.ends,
                                           want.rows_at, want.codes, want.rejects, want.core)
        for name, table in want.rows.tables.items():
            drop = ["imported_at"] if name == "hands" else []
            assert got.rows.tables[name].drop_columns(drop).equals(table.drop_columns(drop))
    assert {g.core for g in grouped if g is not None} == {"native", "python"}
