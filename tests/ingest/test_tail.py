"""A file's last hand cut short is held back only while the file may still grow (issue 33).

A fresh file (changed within the settle window) keeps its cut last hand pending: not stored,
not rejected, listed as pending in the summary and by ``sidepot rejects``. An old file will
not grow: the same hand is a reject with the reader's own reason and the file is complete.
If the old file grows after all, the reject gives way to the whole hand (counted replaced).
Both cores store the same rows (the Python core decides the last hand for both).
"""

from __future__ import annotations

import json
import os
import time

import duckdb
import pytest
from typer.testing import CliRunner

from pipeline import config
from pipeline.cli.app import app
from pipeline.ingest.parse import CUT_REASONS
from pipeline.ingest.run import import_paths
from tests.ingest.same_rows import count, differences
from tests.support.hhgen import join, many_hands

runner = CliRunner()
HOUR = 3600


def _core(monkeypatch, core: str) -> None:
    from pipeline.core import native_available

    if core == "native" and not native_available():
        pytest.skip("the native core is not built here")
    monkeypatch.setenv("SIDEPOT_CORE", core)


def _cut_file(tmp_path, *, age: float, cut_at: str = "*** SUMMARY") -> tuple:
    """A file of three hands whose last one stops before ``cut_at`` (at a line end), last
    changed ``age`` seconds ago; (path, the whole text, the cut text)."""
    hands = many_hands(3)
    whole = join(hands)
    cut = join(hands[:2]) + hands[2][: hands[2].index(cut_at)]
    path = tmp_path / "session.txt"
    path.write_text(cut, encoding="utf-8")
    _age(path, age)
    return path, whole, cut


def _age(path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def _files_row(db) -> tuple:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute("SELECT status, bytes_consumed, size, hands, rejected "
                           "FROM files").fetchone()
    finally:
        con.close()


def _rejects(db) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute("SELECT reason, source_offset, raw_text FROM rejects").fetchall()
    finally:
        con.close()


@pytest.mark.parametrize("core", ["python", "native"])
def test_an_old_files_cut_last_hand_is_a_reject_with_its_reason(tmp_path, monkeypatch, core):
    _core(monkeypatch, core)
    path, _, cut = _cut_file(tmp_path, age=HOUR)
    db = tmp_path / "s.duckdb"
    summary = import_paths([path], db)
    assert (summary.hands_imported, summary.rejected, summary.incomplete_tail) == (2, 1, 0)
    assert summary.pending == []
    ((reason, offset, raw),) = _rejects(db)
    assert reason == "truncated_hand" and reason in summary.rejected_by_reason
    assert cut.encode()[offset:].decode().rstrip("\n") == raw  # its text, from its first byte
    assert _files_row(db) == ("complete", len(cut.encode()), len(cut.encode()), 3, 1)
    again = import_paths([path], db)  # unchanged and complete: not read again
    assert (again.unchanged_files, again.hands_seen, again.rejected) == (1, 0, 0)


@pytest.mark.parametrize("core", ["python", "native"])
def test_a_fresh_files_cut_last_hand_is_pending_and_listed(tmp_path, monkeypatch, core):
    _core(monkeypatch, core)
    path, _, cut = _cut_file(tmp_path, age=5)
    db = tmp_path / "s.duckdb"
    summary = import_paths([path], db)
    assert (summary.hands_imported, summary.rejected, summary.incomplete_tail) == (2, 0, 1)
    (pending,) = summary.pending
    start = len(join(many_hands(3)[:2]).encode())
    assert pending == {"file": str(path), "offset": start, "bytes": len(cut.encode()) - start,
                       "line": pending["line"], "reason": "truncated_hand"}
    assert pending["line"] > join(many_hands(3)[:2]).count("\n") + 1  # where it stopped
    assert _files_row(db)[:2] == ("partial", start)
    listed = runner.invoke(app, ["rejects", "--db", str(db), "--json"])
    assert listed.exit_code == 0, listed.output
    assert json.loads(listed.stdout) == []  # no reject yet
    shown = runner.invoke(app, ["rejects", "--db", str(db)])
    assert f"pending: {path}" in shown.stdout and f"byte {start}" in shown.stdout
    only = runner.invoke(app, ["rejects", "--db", str(db), "--reason", "pending", "--json"])
    (row,) = json.loads(only.stdout)
    assert (row["source_file"], row["source_offset"], row["bytes"]) == (
        str(path), start, len(cut.encode()) - start)
    held = runner.invoke(app, ["rejects", "--db", str(db), "--reason", "pending", "--text"])
    assert "    " + cut.encode()[start:].decode().split("\n")[0] in held.stdout
    # the same file, once old: the held hand becomes the reject it is
    _age(path, HOUR)
    later = import_paths([path], db)
    assert (later.rejected, later.incomplete_tail, later.pending) == (1, 0, [])
    assert _files_row(db)[0] == "complete"
    assert "pending" not in runner.invoke(app, ["rejects", "--db", str(db)]).stdout


@pytest.mark.parametrize("core", ["python", "native"])
def test_the_reject_gives_way_when_the_file_grows_whole(tmp_path, monkeypatch, core):
    _core(monkeypatch, core)
    path, whole, _ = _cut_file(tmp_path, age=HOUR)
    db = tmp_path / "s.duckdb"
    assert import_paths([path], db).rejected == 1
    path.write_text(whole, encoding="utf-8")
    grown = import_paths([path], db)
    assert (grown.hands_seen, grown.hands_imported, grown.rejected) == (1, 1, 0)
    assert grown.replaced == 1  # the reject of the cut hand, replaced by the hand
    assert count(db, "rejects") == 0 and count(db, "hands") == 3
    assert _files_row(db) == ("complete", len(whole.encode()), len(whole.encode()), 3, 0)
    clean = tmp_path / "clean.duckdb"
    import_paths([path], clean)
    assert differences(db, clean) == {}


def test_the_settle_window_is_a_setting(tmp_path, monkeypatch):
    """``settle`` (the CLI's --settle-seconds) and ``$SIDEPOT_SETTLE_SECONDS`` move it."""
    path, _, _ = _cut_file(tmp_path, age=60)
    assert config.settle_seconds() == config.SETTLE_SECONDS > 60  # a minute old: pending
    assert import_paths([path], tmp_path / "a.duckdb").incomplete_tail == 1
    assert import_paths([path], tmp_path / "b.duckdb", settle=30).rejected == 1
    monkeypatch.setenv(config.SETTLE_ENV, "30")
    assert config.settle_seconds() == 30
    assert import_paths([path], tmp_path / "c.duckdb").rejected == 1
    monkeypatch.setenv(config.SETTLE_ENV, "soon")  # not a number: the default
    assert config.settle_seconds() == config.SETTLE_SECONDS
    result = runner.invoke(app, ["import", str(path), "--db", str(tmp_path / "d.duckdb"),
                                 "--settle-seconds", "10", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["rejected_by_reason"] == {"truncated_hand": 1}


@pytest.mark.parametrize("cut_at", ["Seat 1:", "*** HOLE CARDS", "*** SUMMARY"])
def test_live_files_never_store_a_half_written_hand(tmp_path, cut_at):
    """``live`` (--watch) holds a cut last hand back however old the file is."""
    path, _, _ = _cut_file(tmp_path, age=HOUR, cut_at=cut_at)
    summary = import_paths([path], tmp_path / "s.duckdb", live=True)
    assert (summary.hands_imported, summary.rejected, summary.incomplete_tail) == (2, 0, 1)
    assert summary.pending[0]["file"] == str(path)


def test_a_zip_members_cut_last_hand_is_a_reject(tmp_path):
    """An archive's member never grows: its cut last hand is rejected at once."""
    import zipfile

    _, _, cut = _cut_file(tmp_path, age=0, cut_at="*** HOLE CARDS")
    archive = tmp_path / "hands.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("session.txt", cut)
    summary = import_paths([archive], tmp_path / "s.duckdb")
    assert (summary.hands_imported, summary.incomplete_tail) == (2, 0)
    assert set(summary.rejected_by_reason) <= CUT_REASONS and summary.rejected == 1
