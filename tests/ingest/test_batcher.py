"""The batcher writes each batch in its writer thread while the next one is read: the same
store as a write in turn, batches in order, a failed batch stops the import before anything
after it is stored, and an import stopped while a batch is being written counts it."""

from __future__ import annotations

import threading
from pathlib import Path

import duckdb
import pytest

from pipeline.errors import ImportInterrupted, SidepotError
from pipeline.export.pokerstars import write_hands
from pipeline.ingest import batcher
from pipeline.ingest.run import import_paths
from pipeline.sim.dealer import simulate
from pipeline.store.db import Store


def _sim_file(tmp_path: Path, hands: int, seed: int) -> Path:
    path = tmp_path / f"sim{seed}.txt"
    path.write_text(write_hands([s.hand for s in simulate(hands, seed)]) + "\n\n", "utf-8")
    return path


def _hands(db: Path) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT site, hand_id, source_offset FROM hands ORDER BY ALL").fetchall()


def _files(db: Path) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT path, bytes_consumed, hands, imported, duplicates, status, "
                           "consumed_hash FROM files ORDER BY path").fetchall()


def test_batches_are_written_in_the_writer_thread_in_order(tmp_path, monkeypatch):
    """Every batch is stored by the writer thread, one after another in the order made, and
    the store ends as a write in turn leaves it (hands and the file's progress row)."""
    path = _sim_file(tmp_path, 120, 3)
    seen: list[tuple[str, int]] = []
    write = Store.write_rows

    def noted(self, rows, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        first = rows.tables["hands"].column("source_offset")[0].as_py()
        seen.append((threading.current_thread().name, first))
        return write(self, rows, *args, **kwargs)

    monkeypatch.setattr(Store, "write_rows", noted)
    overlapped = import_paths([path], tmp_path / "overlapped.duckdb", batch_size=25)
    monkeypatch.setattr(Store, "write_rows", write)
    assert len(seen) == 5 and all(name.startswith("sidepot-writer") for name, _ in seen)
    assert [offset for _, offset in seen] == sorted(offset for _, offset in seen)

    real = batcher.Batcher.flush

    def in_turn(self):  # noqa: ANN001 - each batch waited for before the next is read
        real(self)
        self.settle()

    monkeypatch.setattr(batcher.Batcher, "flush", in_turn)
    alone = import_paths([path], tmp_path / "alone.duckdb", batch_size=25)
    assert overlapped.hands_imported == alone.hands_imported == 120
    assert _hands(tmp_path / "overlapped.duckdb") == _hands(tmp_path / "alone.duckdb")
    files = [row[1:] for row in _files(tmp_path / "overlapped.duckdb")]
    assert files == [row[1:] for row in _files(tmp_path / "alone.duckdb")]


def test_a_failed_batch_stops_the_import_before_the_next_is_stored(tmp_path, monkeypatch):
    """The error of a batch written in the thread reaches the user as the error it is; the
    batches before it stay, none after it is written, and a rerun completes the file."""
    path = _sim_file(tmp_path, 100, 4)
    db = tmp_path / "failed.duckdb"
    calls = {"n": 0}
    write = Store.write_rows

    def failing(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        calls["n"] += 1
        if calls["n"] == 2:
            raise SidepotError("the disk is full")
        return write(self, *args, **kwargs)

    monkeypatch.setattr(Store, "write_rows", failing)
    with pytest.raises(SidepotError, match="the disk is full"):
        import_paths([path], db, batch_size=20)
    monkeypatch.setattr(Store, "write_rows", write)
    assert calls["n"] == 2  # the third batch was never handed over
    assert len(_hands(db)) == 20
    (_, consumed, hands, imported, *_rest) = _files(db)[0]
    assert (hands, imported) == (20, 20) and consumed > 0
    again = import_paths([path], db, batch_size=20)
    assert again.resumed_files == 1 and len(_hands(db)) == 100


def test_a_stop_while_a_batch_is_written_counts_what_it_stored(tmp_path, monkeypatch):
    """Ctrl-C in the importing thread while the writer thread is mid-batch: the batch ends
    (committed), and the summary of the interrupted import counts exactly the stored hands."""
    path = _sim_file(tmp_path, 100, 5)
    db = tmp_path / "stopped.duckdb"
    started, release = threading.Event(), threading.Event()
    write = Store.write_rows
    real = batcher.Batcher.flush
    flushes = {"n": 0}

    def slow(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        started.set()
        release.wait(10)
        return write(self, *args, **kwargs)

    def stop_after_second(self):  # noqa: ANN001
        real(self)
        flushes["n"] += 1
        if flushes["n"] == 2:
            assert started.wait(10)
            release.set()
            raise KeyboardInterrupt

    monkeypatch.setattr(Store, "write_rows", slow)
    monkeypatch.setattr(batcher.Batcher, "flush", stop_after_second)
    with pytest.raises(ImportInterrupted) as stopped:
        import_paths([path], db, batch_size=30)
    assert len(_hands(db)) == 60
    assert stopped.value.summary.hands_imported == 60
