"""Crash safety: SIGKILL or Ctrl-C the importer mid-import, reopen, check, rerun, compare.

The importer runs in a child process that prints its progress after every batch; once a
third of the hands are through, the parent kills it with SIGKILL (no cleanup, no atexit, no
flush: what a power cut or the OOM killer does). The store must then open, hold only whole
hands from whole batches, agree with its own ``files`` progress rows, and a rerun must end
with every hand present exactly once, parsing only what was not committed.

Ctrl-C (issue 13, bug 2): SIGINT to the importer's whole process group, as a terminal sends
it, at random moments, with one process and with two workers. The importer must stop with
:class:`ImportInterrupted` (no worker traceback), its summary must not claim more than the
store holds, and a rerun must give exactly the rows of a clean import, every table.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from pipeline.ingest.run import import_paths
from tests.ingest.same_rows import count, differences
from tests.support.hhgen import join, many_hands
from tests.support.paths import REPO
from tests.support.terminal import default_sigint

N_HANDS = 3000
BATCH = 100

_CHILD = """
import sys
from pipeline.ingest.run import import_paths
from tests.support.paths import REPO
def report(p):  # one write per line: a Ctrl-C inside print() could part a count from its newline
    sys.stdout.write(f"{p.hands_seen}\\n")
    sys.stdout.flush()
import_paths([sys.argv[1]], sys.argv[2], progress=report, batch_size=int(sys.argv[3]))
print("done", flush=True)
"""


def _kill_midway(src: Path, db: Path) -> int:
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(src), str(db), str(BATCH)],
        cwd=REPO, stdout=subprocess.PIPE, text=True,
    )
    seen = 0
    assert child.stdout is not None
    for line in child.stdout:
        if line.strip() == "done":
            break
        seen = int(line)
        if seen >= N_HANDS // 3:
            os.kill(child.pid, signal.SIGKILL)
            break
    child.wait(timeout=60)
    assert child.returncode == -signal.SIGKILL, "the importer finished before it was killed"
    return seen


def test_sigkill_mid_import_then_rerun(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    hands = many_hands(N_HANDS)
    (src / "small.txt").write_text(join(hands[:50]), encoding="utf-8")
    (src / "big.txt").write_text(join(hands[50:]), encoding="utf-8")
    db = tmp_path / "s.duckdb"
    _kill_midway(src, db)

    con = duckdb.connect(str(db))  # opens (WAL replayed), no repair step
    total, distinct = con.execute("SELECT count(*), count(DISTINCT hand_id) FROM hands").fetchone()
    assert 0 < total < N_HANDS and total == distinct
    assert total % BATCH == 0  # whole batches only: nothing half-written
    orphans = con.execute(
        "SELECT count(*) FROM seats s ANTI JOIN hands h USING (site, hand_id)"
    ).fetchone()[0]
    assert orphans == 0
    short = con.execute(
        "SELECT count(*) FROM hands h WHERE n_players <> "
        "(SELECT count(*) FROM seats s WHERE s.site = h.site AND s.hand_id = h.hand_id "
        "AND NOT s.sitting_out)"
    ).fetchone()[0]
    assert short == 0
    # Each file's progress row agrees with the hands committed with it.
    for path, consumed, status in con.execute(
        "SELECT path, bytes_consumed, status FROM files"
    ).fetchall():
        before, after = con.execute(
            "SELECT count(*) FILTER (source_offset < ?), count(*) FILTER (source_offset >= ?) "
            "FROM hands WHERE source_file = ?", [consumed, consumed, path]
        ).fetchone()
        assert after == 0
        data = Path(path).read_bytes()
        assert before == data[:consumed].count(b"PokerStars Hand #")
        assert status == ("complete" if consumed == len(data) else "partial")
    con.close()

    rerun = import_paths([src], db, batch_size=BATCH)
    assert rerun.resumed_files + rerun.unchanged_files >= 1
    assert rerun.hands_seen == N_HANDS - total  # resumed: committed hands are not re-read
    assert (rerun.hands_imported, rerun.duplicates, rerun.rejected) == (N_HANDS - total, 0, 0)
    con = duckdb.connect(str(db), read_only=True)
    ids = [r[0] for r in con.execute("SELECT hand_id FROM hands").fetchall()]
    assert sorted(ids) == sorted(str(900_000_000_000 + i) for i in range(N_HANDS))
    statuses = {r[0] for r in con.execute("SELECT status FROM files").fetchall()}
    assert statuses == {"complete"}


_INTERRUPTIBLE = """
import sys
from pipeline.errors import ImportInterrupted
from pipeline.ingest.run import import_paths
def report(p):  # one write per line: a Ctrl-C inside print() could part a count from its newline
    sys.stdout.write(f"{p.hands_seen}\\n")
    sys.stdout.flush()
try:
    import_paths([sys.argv[1]], sys.argv[2], progress=report, batch_size=int(sys.argv[3]),
                 jobs=int(sys.argv[4]))
except ImportInterrupted as exc:
    print("interrupted", exc.summary.hands_imported, flush=True)
    sys.exit(130)
print("done", flush=True)
"""

N_SIGINT = 1200


@pytest.fixture(scope="module")
def sigint_inputs(tmp_path_factory) -> tuple[Path, Path]:
    """Three files (one per batch-boundary case) and a clean import of them."""
    root = tmp_path_factory.mktemp("sigint")
    src = root / "in"
    src.mkdir()
    hands = many_hands(N_SIGINT)
    (src / "a.txt").write_text(join(hands[:130]), encoding="utf-8")
    (src / "b.txt").write_text(join(hands[130:800]), encoding="utf-8")
    (src / "c.txt").write_text(join(hands[800:]), encoding="utf-8")
    clean = root / "clean.duckdb"
    import_paths([src], clean, batch_size=BATCH)
    return src, clean


def _interrupt(src: Path, db: Path, jobs: int, rng: random.Random) -> tuple[int, str]:
    """Start an import, SIGINT its process group after a random batch plus a random pause;
    (the hands its summary says were stored, its stderr)."""
    child = subprocess.Popen(
        [sys.executable, "-c", _INTERRUPTIBLE, str(src), str(db), str(BATCH), str(jobs)],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, preexec_fn=default_sigint,
    )
    assert child.stdout is not None
    after = rng.randrange(0, N_SIGINT // 2, BATCH)
    for line in child.stdout:
        if line.startswith("done"):
            break
        if int(line) >= after:
            time.sleep(rng.uniform(0, 0.05))
            os.killpg(child.pid, signal.SIGINT)
            break
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130, (out, err)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    last = out.strip().splitlines()[-1].split()
    assert last[0] == "interrupted"
    return int(last[1]), err


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_at_random_moments_then_rerun_gives_a_clean_import(
        sigint_inputs, tmp_path, jobs):
    src, clean = sigint_inputs
    rng = random.Random(1300 + jobs)
    for attempt in range(2):
        db = tmp_path / f"s{attempt}.duckdb"
        said, _ = _interrupt(src, db, jobs, rng)
        stored = count(db, "hands")
        assert said <= stored < N_SIGINT and stored % BATCH == 0  # whole batches only
        rerun = import_paths([src], db, batch_size=BATCH, jobs=jobs)
        assert rerun.hands_seen == N_SIGINT - stored  # committed hands are not read again
        assert differences(db, clean) == {}, attempt
