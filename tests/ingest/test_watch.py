"""``import --watch``: hands appended while the watcher runs, half-written hands, restarts."""

from __future__ import annotations

import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import duckdb

from pipeline.ingest.parse import parse_bytes
from pipeline.ingest.summary import ImportSummary
from pipeline.ingest.watch import watch
from tests.support.hhgen import join, many_hands
from tests.support.paths import REPO
from tests.support.terminal import default_sigint


class _Watcher:
    """The watcher in a thread; each pass's summary arrives on a queue."""

    def __init__(self, folder: Path, db: Path, settle: float = 60.0) -> None:
        self.passes: queue.Queue[ImportSummary] = queue.Queue()
        self.stop = threading.Event()
        self.thread = threading.Thread(
            target=watch, args=([folder], db),
            kwargs={"on_pass": self.passes.put, "stop": self.stop, "poll": 0.05,
                    "settle": settle},
            daemon=True,
        )
        self.thread.start()

    def next_pass(self) -> ImportSummary:
        return self.passes.get(timeout=20)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=20)
        assert not self.thread.is_alive()


def _ids(db: Path) -> list[str]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return sorted(r[0] for r in con.execute("SELECT hand_id FROM hands").fetchall())
    finally:
        con.close()


def test_appended_hands_are_imported_and_half_written_ones_wait(tmp_path):
    folder, db = tmp_path / "live", tmp_path / "s.duckdb"
    folder.mkdir()
    hands = many_hands(8)
    path = folder / "table.txt"
    path.write_text(join(hands[:3]), encoding="utf-8")
    watcher = _Watcher(folder, db)
    try:
        first = watcher.next_pass()
        assert (first.hands_seen, first.hands_imported) == (3, 3)

        half = hands[3][: len(hands[3]) // 2]  # cut mid-line, as a client's write may be
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(half)
        waiting = watcher.next_pass()
        assert waiting.hands_seen == 0 and waiting.rejected == 0

        with open(path, "a", encoding="utf-8") as fh:
            fh.write(hands[3][len(half):] + "\n")  # whole lines now, but no blank line yet
        assert watcher.next_pass().hands_seen == 0

        with open(path, "a", encoding="utf-8") as fh:
            fh.write("\n\n" + join(hands[4:6]))
        done = watcher.next_pass()
        assert (done.hands_seen, done.hands_imported, done.duplicates) == (3, 3, 0)
    finally:
        watcher.close()
    assert _ids(db) == sorted(h.split("#")[1].split(":")[0] for h in hands[:6])

    # Restart: appended while no watcher ran, resumed from bytes_consumed (no re-reading).
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(join(hands[6:]))
    watcher = _Watcher(folder, db)
    try:
        resumed = watcher.next_pass()
    finally:
        watcher.close()
    assert (resumed.resumed_files, resumed.hands_seen, resumed.hands_imported) == (1, 2, 2)
    assert len(_ids(db)) == 8


def test_a_quiet_file_is_finalised_after_settling(tmp_path):
    folder = tmp_path / "live"
    db = folder / "s.duckdb"  # the store inside the watched folder is not taken as input
    folder.mkdir()
    hands = many_hands(2)
    (folder / "t.txt").write_text(hands[0] + "\n\n\n" + hands[1] + "\n", encoding="utf-8")
    watcher = _Watcher(folder, db, settle=0.3)
    try:
        assert watcher.next_pass().hands_imported == 1  # the last hand has no blank line yet
        assert watcher.next_pass().hands_imported == 1  # ... until the file has been quiet
        time.sleep(0.5)
        assert watcher.passes.empty()  # then quiet: the store's own writes are no change
    finally:
        watcher.close()
    assert len(_ids(db)) == 2


def test_live_parse_never_takes_a_partial_last_hand():
    hands = many_hands(3)
    data = join(hands[:2]).encode() + hands[2].encode()[:-40]
    live = parse_bytes(data, "x", final=False)
    assert len(live.outcomes) == 2 and all(o.hand for o in live.outcomes)
    assert data[live.consumed:].startswith(b"PokerStars Hand #")
    final = parse_bytes(data, "x", final=True)
    assert len(final.outcomes) == 3 and final.consumed == len(data)
    rest = parse_bytes(data + hands[2].encode()[-40:] + b"\n\n", "x", start=live.consumed,
                       final=False)
    assert [o.hand.hand_id for o in rest.outcomes] == [hands[2].split("#")[1].split(":")[0]]


def test_cli_watch_runs_until_interrupted(tmp_path):
    folder, db = tmp_path / "live", tmp_path / "s.duckdb"
    folder.mkdir()
    hands = many_hands(4)
    (folder / "t.txt").write_text(join(hands[:2]), encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "pipeline.cli", "import", "--watch", str(folder), "--db", str(db),
         "--poll", "0.05", "--json"],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=default_sigint,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert '"hands_imported": 2' in first
        with open(folder / "t.txt", "a", encoding="utf-8") as fh:
            fh.write(join(hands[2:]))
        assert '"hands_imported": 2' in proc.stdout.readline()
    finally:
        time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    assert proc.returncode == 0
    assert "Traceback" not in err
    assert len(_ids(db)) == 4
