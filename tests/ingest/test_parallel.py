"""Parallel import: ``jobs=2`` stores exactly what ``jobs=1`` stores, and the pool keeps order."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import duckdb
import pytest

from pipeline.core import parse_file
from pipeline.export import pokerstars
from pipeline.ingest.pack import PackedFile, pack
from pipeline.ingest.pool import Pool
from pipeline.ingest.run import import_paths
from pipeline.sim.dealer import simulate
from tests.support.paths import SAMPLES

TABLES = ("hands", "seats", "actions", "pots", "findings", "rejects", "files")


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Path:
    """Samples, two simulated files, a copy (30 duplicates), a file with a bad hand between two
    hands of a sample (2 duplicates) and a non-history file."""
    root = tmp_path_factory.mktemp("in")
    for f in SAMPLES.glob("*.txt"):
        shutil.copy(f, root / f.name)
    for seed in (1, 2):
        hands = [s.hand for s in simulate(30, seed, players=(2, 9), run_it_twice=False)]
        (root / f"sim{seed}.txt").write_text(pokerstars.write_hands(hands), encoding="utf-8")
    shutil.copy(root / "sim1.txt", root / "sim1_copy.txt")
    good = (SAMPLES / "cash_nl10_ankaa.txt").read_text("utf-8-sig").split("\n\n\n")
    bad = good[1].replace("Seat 2: MarlaK", "Seat 2 MarlaK", 1)
    (root / "mixed.txt").write_text(good[0] + "\n\n\n" + bad + "\n\n\n" + good[2], "utf-8")
    (root / "notes.md").write_text("# not a hand history\n")
    return root


def _dump(db: Path) -> dict[str, list[tuple]]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        out = {}
        for t in TABLES:
            stamped = t in ("hands", "rejects", "files")
            cols = "* EXCLUDE (imported_at)" if stamped else "*"
            out[t] = con.execute(f"SELECT {cols} FROM {t} ORDER BY ALL").fetchall()
        return out
    finally:
        con.close()


def test_two_jobs_store_exactly_what_one_job_stores(inputs, tmp_path):
    seen: dict[int, list] = {1: [], 2: []}
    summaries = {}
    for jobs in (1, 2):
        summaries[jobs] = import_paths([inputs], tmp_path / f"j{jobs}.duckdb", jobs=jobs,
                                       batch_size=7, progress=seen[jobs].append)
    one, two = summaries[1].to_dict(), summaries[2].to_dict()
    assert (one.pop("jobs"), two.pop("jobs")) == (1, 2)  # the summary says how many ran
    for volatile in ("seconds", "db"):
        one.pop(volatile), two.pop(volatile)
    assert one == two
    assert one["duplicates"] == 30 + 2 and one["rejected"] == 1 and one["skipped_files"] == 1
    assert _dump(tmp_path / "j1.duckdb") == _dump(tmp_path / "j2.duckdb")
    assert seen[1] == seen[2]  # same batches, same progress rows, same order


def test_rerun_with_two_jobs_reads_nothing(inputs, tmp_path):
    db = tmp_path / "s.duckdb"
    first = import_paths([inputs], db, jobs=2)
    again = import_paths([inputs], db, jobs=2)
    assert first.hands_imported == 81  # 30 + 30 simulated, 21 from the samples
    assert again.hands_seen == 0 and again.unchanged_files == first.files


def test_pool_returns_results_in_submission_order(inputs):
    files = sorted(p for p in inputs.glob("*.txt"))
    with Pool(2, window=2) as pool:
        got = list(pool.map_ordered(files, lambda p: (p.read_bytes(), str(p), 0, None, True)))
    assert [p for p, _ in got] == files
    for path, packed in got:
        assert isinstance(packed, PackedFile)
        assert set(packed.rows.sources) <= {str(path)}
        assert packed.n_outcomes == packed.rows.n_hands + len(packed.rejects)


def test_packed_rows_slice_back_to_each_hand(inputs):
    packed = parse_file(((inputs / "sim2.txt").read_bytes(), "sim2.txt", 0, None, True))
    rows = packed.rows
    whole = rows.tables["actions"].num_rows
    parts = [rows.slice(i, i + 1) for i in range(rows.n_hands)]
    assert sum(p.tables["actions"].num_rows for p in parts) == whole
    ids = rows.tables["hands"].column("hand_id").to_pylist()
    for i, part in enumerate(parts):
        assert set(part.tables["actions"].column("hand_id").to_pylist()) <= {ids[i]}
        assert part.tables["seats"].num_rows == rows.counts("seats")[i] > 1


def test_a_hand_arrow_cannot_convert_becomes_a_reject_not_a_lost_file(inputs):
    from pipeline.ingest.parse import parse_bytes

    parsed = parse_bytes((inputs / "sim2.txt").read_bytes(), "sim2.txt")
    outcome = parsed.outcomes[3]
    seats = list(outcome.hand.seats)
    seats[0] = type(seats[0])(**{**_fields(seats[0]), "seat": 2**40})  # no INTEGER column
    from dataclasses import replace

    broken = replace(outcome, hand=replace(outcome.hand, seats=tuple(seats)))
    packed = pack(replace(parsed, outcomes=parsed.outcomes[:3] + (broken,) + parsed.outcomes[4:]))
    assert list(packed.rejects) == [3] and packed.rejects[3].reason == "unstorable"
    assert packed.rows.n_hands == len(parsed.outcomes) - 1


def _fields(obj) -> dict:
    return {name: getattr(obj, name) for name in obj.__slots__}


def test_batch_size_changes_commits_not_what_is_stored(inputs, tmp_path):
    """The writer takes a file's hands a batch-sized run at a time (rejects and duplicates
    included); with one hand per batch every run is a single hand, the reference."""
    dumps, summaries = {}, {}
    for size in (1, 3, 10_000):
        db = tmp_path / f"b{size}.duckdb"
        summary = import_paths([inputs], db, batch_size=size).to_dict()
        summary.pop("seconds"), summary.pop("db")
        summaries[size], dumps[size] = summary, _dump(db)
    assert summaries[1]["rejected"] == 1 and summaries[1]["duplicates"] == 32
    assert summaries[3] == summaries[1] == summaries[10_000]
    assert dumps[3] == dumps[1] == dumps[10_000]


def _slow_parse(args: tuple) -> PackedFile:
    time.sleep(0.2)  # no file is back before the next ones are sent
    return parse_file(args)


def test_the_window_counts_files_not_items_with_nothing_to_parse(inputs):
    files = sorted(inputs.glob("*.txt"))
    items = [x for f in files for x in (f, None)]  # a marker after each file, as the writer
    sent: list[Path] = []

    def job(item):
        if item is None:
            return None
        sent.append(item)
        return (item.read_bytes(), str(item), 0, None, True)

    most = 0
    with Pool(2, window=3) as pool:
        got = []
        for item, _ in pool.map_ordered(items, job, _slow_parse):
            if item is not None:
                got.append(item)
                most = max(most, len(sent) - len(got) + 1)
    assert got == files
    assert 3 <= most <= 4  # window files (one more as the next is sent); markers aside


def test_a_stopped_pool_whose_manager_thread_hangs_does_not_hang_the_cli(monkeypatch):
    """A worker terminated mid-result leaves the executor's manager thread waiting forever;
    the pool says so, and the CLI then exits without joining it (it would hang, its last
    line printed, as a Ctrl-C'd ``--jobs 2`` import once did in CI)."""
    import subprocess
    import sys
    import threading
    from types import SimpleNamespace

    import pipeline.ingest.pool as pool_module
    from pipeline.ingest.pool import Pool, left_a_thread_behind

    monkeypatch.setattr(pool_module, "_ABANDONED", [])
    never = threading.Event()
    stuck = threading.Thread(target=never.wait, daemon=True)
    stuck.start()
    pool = Pool(1)
    pool.executor = SimpleNamespace(_processes={}, _call_queue=None,
                                    _executor_manager_thread=stuck,
                                    shutdown=lambda **_: None)
    assert not left_a_thread_behind()
    pool.stop()
    assert left_a_thread_behind()
    never.set()
    script = ("import sys, threading\n"
              "import pipeline.ingest.pool as p\n"
              "t = threading.Thread(target=threading.Event().wait); t.start()\n"
              "p._ABANDONED.append(t)\n"
              "from pipeline.cli.app import main\n"
              "sys.argv = ['sidepot', 'formats', '--json']\n"
              "main()\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.lstrip().startswith("[") or done.stdout.lstrip().startswith("{")


def _packed_tables(packed: PackedFile) -> dict[str, list[tuple]]:
    """A PackedFile's rows, table by table, without the stamp of when they were packed."""
    out = {}
    for name, table in packed.rows.tables.items():
        keep = [c for c in table.column_names if c != "imported_at"]
        out[name] = [tuple(r.values()) for r in table.select(keep).to_pylist()]
    return out


def _same_packing(alone: PackedFile, together: PackedFile) -> None:
    assert (together.format, together.skip, together.consumed, together.ends, together.rows_at,
            together.codes, together.rejects, together.incomplete) == (
        alone.format, alone.skip, alone.consumed, alone.ends, alone.rows_at, alone.codes,
        alone.rejects, alone.incomplete)
    assert together.rows.starts == alone.rows.starts
    assert together.rows.sources == alone.rows.sources
    assert _packed_tables(together) == _packed_tables(alone)


def test_files_packed_together_get_the_rows_each_gets_alone(inputs):
    from pipeline.ingest.pack import pack_many
    from pipeline.ingest.parse import parse_bytes

    names = ["sim1.txt", "mixed.txt", "notes.md", "sim2.txt", "cash_nl10_ankaa.txt"]
    parses = [parse_bytes((inputs / n).read_bytes(), n) for n in names]
    assert any(p.skip for p in parses) and any(o.reject for p in parses for o in p.outcomes)
    together = pack_many(parses)
    assert len(together) == len(parses)
    for parsed, packed in zip(parses, together, strict=True):
        _same_packing(pack(parsed), packed)


def test_a_hand_that_cannot_convert_among_files_packed_together_rejects_only_itself(inputs):
    from dataclasses import replace

    from pipeline.ingest.pack import pack_many
    from pipeline.ingest.parse import parse_bytes

    first = parse_bytes((inputs / "sim1.txt").read_bytes(), "sim1.txt")
    second = parse_bytes((inputs / "sim2.txt").read_bytes(), "sim2.txt")
    outcome = second.outcomes[2]
    seats = list(outcome.hand.seats)
    seats[0] = type(seats[0])(**{**_fields(seats[0]), "seat": 2**40})  # no INTEGER column
    broken = replace(outcome, hand=replace(outcome.hand, seats=tuple(seats)))
    second = replace(second, outcomes=second.outcomes[:2] + (broken,) + second.outcomes[3:])
    a, b = pack_many([first, second])
    assert not a.rejects and a.rows.n_hands == len(first.outcomes)
    assert list(b.rejects) == [2] and b.rejects[2].reason == "unstorable"
    _same_packing(pack(first), a)
    _same_packing(pack(second), b)


@pytest.fixture(scope="module")
def small_files(tmp_path_factory) -> Path:
    """A folder the workers take in groups: 150 one-hand PHH files and 70 one-hand
    PokerStars files interleaved, a copy (a duplicate), a bad hand and a non-history file."""
    from pipeline.export import phh

    root = tmp_path_factory.mktemp("small")
    hands = [s.hand for s in simulate(220, 3, players=(2, 9), run_it_twice=False)]
    for k, hand in enumerate(hands):
        if k % 3 == 2 and k < 210:
            (root / f"{k:03d}.txt").write_text(pokerstars.write_hands([hand]), "utf-8")
        else:
            (root / f"{k:03d}.phh").write_text(phh.write_hand(hand), "utf-8")
    shutil.copy(root / "002.txt", root / "002_copy.txt")
    text = (root / "005.txt").read_text("utf-8")
    (root / "005_bad.txt").write_text(text.replace("posts big blind", "posts a big blind", 1),
                                      "utf-8")
    (root / "notes.md").write_text("# not a hand history\n")
    return root


@pytest.mark.parametrize("core", ["native", "python"])
def test_two_jobs_store_what_one_stores_when_files_go_in_groups(small_files, tmp_path,
                                                                 monkeypatch, core):
    """The workers read small files a group at a time (one native call for the PHH files,
    one flattening for the Python core's): nothing stored or reported changes."""
    from pipeline.core import native_available

    if core == "native" and not native_available():
        pytest.skip("the native core is not built")
    monkeypatch.setenv("SIDEPOT_CORE", core)
    seen: dict[int, list] = {1: [], 2: []}
    summaries = {}
    for jobs in (1, 2):
        summary = import_paths([small_files], tmp_path / f"j{jobs}.duckdb", jobs=jobs,
                               batch_size=5, progress=seen[jobs].append).to_dict()
        summary.pop("seconds"), summary.pop("db")
        assert summary.pop("jobs") == jobs
        summaries[jobs] = summary
    assert summaries[1] == summaries[2]
    assert summaries[1]["hands_imported"] == 220 and summaries[1]["duplicates"] == 1
    assert summaries[1]["rejected"] == 1 and summaries[1]["skipped_files"] == 1
    assert _dump(tmp_path / "j1.duckdb") == _dump(tmp_path / "j2.duckdb")
    assert seen[1] == seen[2]


def test_jobs_are_grouped_in_order_and_a_large_one_goes_alone():
    from pipeline.ingest.pool import _groups

    sizes = {"a": 10, "b": 10, "m1": 0, "big": 100, "m2": 0, "c": 10, "d": 10, "e": 10}

    def job(item):
        return None if item.startswith("m") else (b"x" * sizes[item], item, 0, None, True)

    groups = [[item for item, _ in g] for g in _groups(list(sizes), job, 2, 50)]
    assert groups == [["a", "b"], ["m1", "big"], ["m2", "c", "d"], ["e"]]
    assert [x for g in groups for x in g] == list(sizes)


def test_without_jobs_a_big_input_runs_one_worker_a_core(monkeypatch, inputs, tmp_path):
    """``--jobs`` defaults to the machine's cores, but only once the input is big enough to
    share, in files that are not tiny; the summary says how many processes ran."""
    from pipeline.config import PARALLEL_BYTES, PARALLEL_FILE_BYTES
    from pipeline.ingest import pool

    monkeypatch.setattr(pool, "default_jobs", lambda: 3)
    assert pool.jobs_for(PARALLEL_BYTES, 1) == 3
    assert pool.jobs_for(PARALLEL_BYTES - 1, 1) == 1
    many_tiny = PARALLEL_BYTES // PARALLEL_FILE_BYTES + 1  # one-hand files: not shared
    assert pool.jobs_for(PARALLEL_BYTES, many_tiny) == 1
    assert pool.jobs_for(PARALLEL_BYTES, many_tiny - 1) == 3
    assert pool.jobs_for(0, 1, 2) == 2 and pool.jobs_for(10**9, 1, 1) == 1
    small = import_paths([inputs], tmp_path / "small.duckdb", jobs=None)
    assert small.jobs == 1 and small.hands_imported > 0
    monkeypatch.setattr(pool, "PARALLEL_BYTES", 1)
    monkeypatch.setattr(pool, "PARALLEL_FILE_BYTES", 1)
    monkeypatch.setattr(pool, "default_jobs", lambda: 2)
    parallel = import_paths([inputs], tmp_path / "parallel.duckdb", jobs=None)
    assert parallel.jobs == 2 and parallel.hands_imported == small.hands_imported
