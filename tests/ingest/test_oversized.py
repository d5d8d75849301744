"""One bad file never aborts a folder: bounds on a file, a hand and a line (issue 13, bug 3).

A 100 MB single-line file beside good files used to end in DuckDB's "Out of Memory Error"
with nothing stored. A file over ``MAX_FILE_BYTES`` is now skipped unread (``too_large``), a
hand over ``MAX_HAND_CHARS`` or with a line over ``MAX_LINE_CHARS`` is rejected unparsed with
a bounded prefix of its text, and everything else imports.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

import duckdb

from pipeline.config import MAX_FILE_BYTES, MAX_HAND_CHARS, MAX_LINE_CHARS, REJECT_TEXT_CHARS
from pipeline.ingest.run import import_paths
from tests.support.hhgen import join, many_hands
from tests.support.paths import REPO

SAMPLE = REPO / "data" / "samples" / "cash_nl10_ankaa.txt"

_CHILD = """
import resource, sys
from pipeline.ingest.run import import_paths
s = import_paths([sys.argv[1]], sys.argv[2])
print(s.hands_imported, s.skipped_by_reason.get("too_large", 0),
      resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _import_in_child(folder, db) -> tuple[int, int, int]:
    out = subprocess.run([sys.executable, "-c", _CHILD, str(folder), str(db)], cwd=REPO,
                         capture_output=True, text=True, timeout=120, check=True).stdout
    imported, too_large, peak_kb = map(int, out.split())
    return imported, too_large, peak_kb


def _one_line_file(path, size: int) -> None:
    header = SAMPLE.read_bytes().split(b"\n", 1)[0].lstrip(b"\xef\xbb\xbf")
    block = b"x" * (1 << 20)
    with open(path, "wb") as fh:
        fh.write(header + b" ")
        for _ in range(size // len(block)):
            fh.write(block)


def test_a_100_mb_one_line_file_is_skipped_and_the_folder_imports(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SAMPLE, folder / "good.txt")
    base = _import_in_child(folder, tmp_path / "base.duckdb")
    _one_line_file(folder / "huge.txt", 100 << 20)
    assert (folder / "huge.txt").stat().st_size > MAX_FILE_BYTES
    imported, too_large, peak_kb = _import_in_child(folder, tmp_path / "s.duckdb")
    assert (imported, too_large) == (base[0], 1) == (11, 1)
    assert peak_kb - base[2] < 32 * 1024  # the 100 MB were never read
    con = duckdb.connect(str(tmp_path / "s.duckdb"), read_only=True)
    assert con.execute("SELECT status FROM files WHERE path LIKE '%huge.txt'").fetchone() == (
        "skipped: too_large",)


def test_an_oversized_hand_or_line_is_a_bounded_reject(tmp_path):
    hands = many_hands(4)
    huge = hands[1].split("\n", 1)[0] + " " + "x" * (MAX_HAND_CHARS + 10)
    lines = hands[3].split("\n")
    long_line = "\n".join([*lines[:3], "y" * (MAX_LINE_CHARS + 1), *lines[3:]])
    path = tmp_path / "a.txt"
    path.write_text(join([hands[0], huge, hands[2], long_line]), encoding="utf-8")
    db = tmp_path / "s.duckdb"
    summary = import_paths([path], db)
    assert summary.hands_imported == 2
    assert summary.rejected_by_reason == {"oversized_hand": 1, "oversized_line": 1}
    con = duckdb.connect(str(db), read_only=True)
    rows = con.execute("SELECT reason, length(raw_text), source_offset FROM rejects "
                       "ORDER BY source_offset").fetchall()
    data = path.read_bytes()
    for reason, length, offset in rows:
        assert length <= REJECT_TEXT_CHARS
        assert data[offset:].startswith(b"PokerStars Hand #"), reason
    assert con.execute("SELECT hands, imported, rejected, status FROM files").fetchone() == (
        4, 2, 2, "complete")


def test_a_file_too_large_to_parse_is_skipped_with_its_reason(tmp_path, monkeypatch):
    from pipeline.ingest import writer

    monkeypatch.setattr(writer, "MAX_FILE_BYTES", 4096)
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SAMPLE, folder / "big.txt")  # 14 KB: too large for this limit
    (folder / "small.txt").write_text(join(many_hands(1)), encoding="utf-8")
    summary = import_paths([folder], tmp_path / "s.duckdb")
    assert (summary.hands_imported, summary.skipped_by_reason) == (1, {"too_large": 1})
    again = import_paths([folder], tmp_path / "s.duckdb")  # unchanged: passed over by stat
    assert (again.unchanged_files, again.skipped_files) == (2, 0)
