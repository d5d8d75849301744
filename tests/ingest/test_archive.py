"""Zip archives imported in place: in memory, with limits, member names never used as paths."""

from __future__ import annotations

import os
import zipfile

import duckdb

from pipeline.ingest.archive import ArchiveLimits, is_zip, read_members
from pipeline.ingest.run import import_paths
from tests.support.hhgen import join, many_hands


def _zip(path, members: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)


def _tree(root) -> set[str]:
    return {os.path.join(d, f) for d, _, files in os.walk(root) for f in files}


def test_zip_imported_in_place_without_extracting(tmp_path):
    hands = many_hands(9)
    box = tmp_path / "box"
    box.mkdir()
    archive = box / "histories.dat"  # the suffix is not trusted; the magic bytes are
    _zip(archive, {
        "2024/table one.txt": join(hands[:4]).encode(),
        "../../evil.txt": join(hands[4:7]).encode(),
        "/abs/path.txt": join(hands[7:]).encode(),
        "notes.md": b"# not hands\n",
    })
    before = _tree(tmp_path)
    db = tmp_path / "s.duckdb"
    summary = import_paths([box], db)
    assert is_zip(archive)
    assert (summary.hands_seen, summary.hands_imported) == (9, 9)
    assert summary.skipped_by_reason == {"unknown_format": 1}
    assert _tree(tmp_path) - before <= {str(db), str(db) + ".wal"}  # nothing written but the db
    con = duckdb.connect(str(db), read_only=True)
    sources = {r[0] for r in con.execute("SELECT DISTINCT source_file FROM hands").fetchall()}
    assert sources == {f"{archive}!2024/table one.txt", f"{archive}!../../evil.txt",
                       f"{archive}!/abs/path.txt"}
    con.close()
    again = import_paths([box], db)
    assert (again.hands_seen, again.unchanged_files) == (0, 1)  # the zip's stat is enough
    os.utime(archive, (1_000_000_000, 1_000_000_000))
    touched = import_paths([box], db)  # members re-read in memory, each unchanged by hash
    assert (touched.hands_seen, touched.unchanged_files) == (0, 4)


def test_zip_bomb_member_is_skipped_by_ratio(tmp_path):
    archive = tmp_path / "bomb.zip"
    _zip(archive, {"zeros.txt": b"\0" * (20 * 1024 * 1024), "ok.txt": join(many_hands(2)).encode()})
    members = list(read_members(archive))
    assert [(m.name.split("!")[1], m.skip) for m in members] == [("zeros.txt", "archive_ratio"),
                                                                 ("ok.txt", None)]
    summary = import_paths([archive], tmp_path / "s.duckdb")
    assert summary.hands_imported == 2
    assert summary.skipped_by_reason == {"archive_ratio": 1}


def test_member_count_and_size_limits(tmp_path):
    archive = tmp_path / "many.zip"
    _zip(archive, {f"f{i}.txt": join(many_hands(1, 10**11 + i)).encode() for i in range(5)})
    assert [m.skip for m in read_members(archive, ArchiveLimits(max_members=4))] == [
        "archive_too_many_members"]
    size = len(join(many_hands(1)).encode())
    capped = list(read_members(archive, ArchiveLimits(max_total_bytes=int(size * 2.5))))
    assert [m.skip for m in capped] == [None, None, "archive_total_size"]
    small = list(read_members(archive, ArchiveLimits(max_member_bytes=size // 2)))
    assert {m.skip for m in small} == {"archive_member_size"}
    assert all(m.data is None for m in small)


def test_broken_archive_is_skipped_not_raised(tmp_path):
    archive = tmp_path / "broken.zip"
    archive.write_bytes(b"PK\x03\x04" + os.urandom(200))
    good = tmp_path / "good.txt"
    good.write_text(join(many_hands(1)), encoding="utf-8")
    summary = import_paths([tmp_path], tmp_path / "s.duckdb")
    assert summary.hands_imported == 1
    assert summary.skipped_by_reason == {"bad_archive": 1}
