"""The installed CLI under a closed pipe and under Ctrl-C, in a real process.

A closed pipe (``sidepot ... | head -1``) must end without a word and exit 141 (128 + SIGPIPE,
what a shell reports for a filter the closed pipe killed). Ctrl-C must end in one line and
exit 130, and the next run of the same import must finish the job: every hand stored once.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from tests.support.hhgen import join, many_hands, renumbered, sample_hands
from tests.support.paths import REPO
from tests.support.terminal import default_sigint

CLI = [sys.executable, "-m", "pipeline.cli"]


def _run(*args: str, timeout: float = 300,
         env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], cwd=REPO, capture_output=True, text=True,
                          timeout=timeout, env=env)


def _head_1(*args: str) -> tuple[bytes, int, str]:
    """``sidepot ARGS | head -1``: read one line, close the pipe, return (line, code, stderr)."""
    proc = subprocess.Popen([*CLI, *args], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    proc.stdout.close()
    _, err = proc.communicate(timeout=300)
    return line, proc.returncode, err.decode()


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Path:
    """400 hands (a few hundred KB of OHH) and 300 rejects with their raw text."""
    folder = tmp_path_factory.mktemp("pipes")
    (folder / "hands.txt").write_text(join(many_hands(400)), encoding="utf-8")
    hand = next(h for h in sample_hands() if h.startswith("PokerStars Hand"))
    broken = []
    for n in range(300):
        lines = renumbered(hand, 930_000_000_000 + n).split("\n")
        lines.insert(5, "this line means nothing: it bets $5 into the pot")  # could move chips
        broken.append("\n".join(lines))
    (folder / "broken.txt").write_text(join(broken), encoding="utf-8")
    db = folder / "s.duckdb"
    done = _run("import", str(folder), "--db", str(db))
    assert done.returncode == 0, done.stderr
    return db


@pytest.mark.parametrize("args", [
    ["export", "--ohh", "/dev/stdout"],
    ["rejects", "--reason", "unknown_line", "--text"],
], ids=["export --ohh /dev/stdout", "rejects --text"])
def test_a_closed_pipe_ends_quietly_with_141(store, args):
    """Commands that write line by line (a single write larger than the pipe is cut short by
    the kernel without an error, so a one-write command like ``simulate`` just ends 0)."""
    line, code, err = _head_1(*args, "--db", str(store))
    assert line.strip()
    assert err == ""
    assert code == 141


def _count(db: Path) -> int:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute("SELECT count(*) FROM hands").fetchone()[0]
    finally:
        con.close()


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_in_an_import_is_one_line_and_the_rerun_completes(tmp_path, jobs):
    hands = 3000
    (tmp_path / "big.txt").write_text(join(many_hands(hands)), encoding="utf-8")
    db = tmp_path / "s.duckdb"
    args = ["import", str(tmp_path / "big.txt"), "--db", str(db), "--jobs", str(jobs),
            "--batch-size", "200"]
    # The Python core, so the import is still running when the signal comes (the native core
    # can finish 3,000 hands before it); a terminal's Ctrl-C goes to the whole foreground
    # process group, workers included.
    env = {**os.environ, "SIDEPOT_CORE": "python"}
    proc = subprocess.Popen([*CLI, *args], cwd=REPO, stdout=subprocess.PIPE, env=env,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=default_sigint)
    deadline = time.monotonic() + 120
    while not db.exists() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    time.sleep(1.0)
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode in (0, 130), err  # 0 only if the import won the race
    if proc.returncode == 130:
        assert out == ""
        assert err.count("\n") == 1 and err.startswith("sidepot: interrupted"), err
    assert "Traceback" not in err
    rerun = _run("import", *args[1:])
    assert rerun.returncode == 0, rerun.stderr
    assert _count(db) == hands


#: The CLI in a process whose Ctrl-C comes at a chosen step after the import's last commit:
#: ``refresh`` (inside the stats refresh's DuckDB work) or ``summary`` (while it prints).
_LATE_CTRL_C = """
import os, signal, sys
import pipeline.cli.importing as importing
import reports.stats_chunks as chunks
from pipeline.cli.app import main

def ctrl_c():
    os.kill(os.getpid(), signal.SIGINT)

step = sys.argv[1]
if step == "refresh":
    real = chunks.add_up
    def add_up(con, chunk):
        ctrl_c()
        real(con, chunk)
    chunks.add_up = add_up
else:
    real = importing.render_summary
    def render(s):
        ctrl_c()
        return real(s)
    importing.render_summary = render
sys.argv = ["sidepot", *sys.argv[2:]]
main()
"""


@pytest.mark.parametrize("step", ["refresh", "summary"])
def test_ctrl_c_after_the_last_commit_says_what_was_stored(tmp_path, step):
    """The window after the last commit (issue 13): the stats refresh and the summary. Ctrl-C
    there is an interrupted import like any other: 130, one line saying what is stored and
    how to go on, no traceback and no death by signal (exit -2); the rerun finishes."""
    hands = 300
    (tmp_path / "a.txt").write_text(join(many_hands(hands)), encoding="utf-8")
    db = tmp_path / "s.duckdb"
    args = ["import", str(tmp_path / "a.txt"), "--db", str(db)]
    proc = subprocess.run([sys.executable, "-c", _LATE_CTRL_C, step, *args], cwd=REPO,
                          capture_output=True, text=True, timeout=300,
                          preexec_fn=default_sigint)
    assert proc.returncode == 130, proc.stderr
    assert proc.stderr == (f"sidepot: interrupted: {hands} hands stored in {db}; run the "
                           "same command again to resume\n")
    assert _count(db) == hands
    rerun = _run(*args, "--json")
    assert rerun.returncode == 0, rerun.stderr
    con = duckdb.connect(str(db), read_only=True)
    try:  # the rerun read nothing new and still brought the stats up to date
        facts = con.execute("SELECT count(*) FROM seat_stats_hands").fetchone()[0]
    finally:
        con.close()
    assert json.loads(rerun.stdout)["hands_seen"] == 0 and facts == hands


def _ctrl_c_after(args: list[str], delay: float, env: dict) -> subprocess.CompletedProcess:
    """Run the CLI and SIGINT its process group (workers too, as a terminal does) after
    ``delay`` seconds, unless it is done by then."""
    proc = subprocess.Popen([*CLI, *args], cwd=REPO, stdout=subprocess.PIPE, env=env,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=default_sigint)
    try:
        proc.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@pytest.mark.slow
def test_ctrl_c_at_random_moments_of_a_cli_import_with_two_jobs(tmp_path):
    """SIGINT anywhere in ``sidepot import --jobs 2`` (start-up, parsing, a commit, the stats
    refresh, the summary, the exit), each time followed by a rerun: 0 or 130 with one line,
    never a traceback or exit -2, and the store ends as a clean import's, stats included."""
    from tests.ingest.same_rows import differences

    src = tmp_path / "in"
    src.mkdir()
    hands = many_hands(900)
    (src / "a.txt").write_text(join(hands[:400]), encoding="utf-8")
    (src / "b.txt").write_text(join(hands[400:]), encoding="utf-8")
    env = {**os.environ, "SIDEPOT_CORE": "python"}
    clean = tmp_path / "clean.duckdb"
    begun = time.monotonic()
    done = _ctrl_c_after(["import", str(src), "--db", str(clean), "--jobs", "2",
                          "--batch-size", "100"], 600, env)
    took = time.monotonic() - begun
    assert done.returncode == 0, done.stderr
    rng = random.Random(1313)
    for attempt in range(4):
        db = tmp_path / f"s{attempt}.duckdb"
        args = ["import", str(src), "--db", str(db), "--jobs", "2", "--batch-size", "100"]
        got = _ctrl_c_after(args, rng.uniform(0.2, 1.05) * took, env)
        assert got.returncode in (0, 130), (attempt, got.stderr)
        assert "Traceback" not in got.stderr
        if got.returncode == 130:
            assert got.stderr.count("\n") == 1 and got.stderr.startswith(
                "sidepot: interrupted"), got.stderr
        rerun = _run(*args, env=env)  # the same core: its all-in default is the clean run's
        assert rerun.returncode == 0, rerun.stderr
        # The rollup's net_bb is a sum of DOUBLEs, whose last digits follow the order its
        # rows are read in (an interrupted run stores the batches in another physical order).
        assert differences(db, clean, skip={"seat_stats_rollup": ("net_bb",)}) == {}, attempt
