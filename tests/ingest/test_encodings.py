"""Every encoding and line-ending mix the importer meets, real (corpus) and made here.

The same hands written as UTF-8, UTF-8 with BOM, cp1252, UTF-16 LE/BE with and without BOM,
with LF, CRLF, CR or a mix, and with a partial last line, must import as the same hands, with
``source_offset`` pointing at each hand's first byte in the original file. Every encoding
class the corpus holds for PokerStars (ASCII, UTF-8, UTF-8 with BOM, CRLF, non-UTF-8) is
imported from the corpus itself.
"""

from __future__ import annotations

import codecs
import csv
import re

import duckdb
import pytest

from pipeline.ingest.run import import_paths
from tests.support.hhgen import join, many_hands, sample_hands

HANDS = many_hands(6)
IDS = sorted(re.search(r"#(\d+)", h).group(1) for h in HANDS)
TEXT = join(HANDS)
assert "Grünfeld" in TEXT  # a non-ASCII name: encodings differ for real

VARIANTS = {
    "utf8": TEXT.encode("utf-8"),
    "utf8_bom": codecs.BOM_UTF8 + TEXT.encode("utf-8"),
    "cp1252": TEXT.encode("cp1252"),
    "utf16le_bom": codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"),
    "utf16be_bom": codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"),
    "utf16le": TEXT.encode("utf-16-le"),
    "utf16be": TEXT.encode("utf-16-be"),
    "crlf": TEXT.replace("\n", "\r\n").encode("utf-8"),
    "cr": TEXT.replace("\n", "\r").encode("utf-8"),
    "mixed_endings": "".join(
        line + ("\r\n", "\n", "\r")[i % 3] for i, line in enumerate(TEXT.split("\n"))
    ).encode("utf-8"),
    "no_final_newline": TEXT.rstrip("\n").encode("utf-8"),
    "bom_mid_file": (codecs.BOM_UTF8 + join(HANDS[:3]).encode()
                     + codecs.BOM_UTF8 + join(HANDS[3:]).encode()),
    "cp1252_line_in_utf8": TEXT.encode("utf-8").replace("Grünfeld".encode(), b"Gr\xfcnfeld", 1),
}


def _codec(name: str) -> str:
    if "utf16le" in name:
        return "utf-16-le"
    if "utf16be" in name:
        return "utf-16-be"
    return "cp1252" if name == "cp1252" else "latin-1"


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_same_hands_in_every_encoding(tmp_path, name):
    data = VARIANTS[name]
    path = tmp_path / f"{name}.txt"
    path.write_bytes(data)
    db = tmp_path / "s.duckdb"
    summary = import_paths([path], db)
    assert (summary.hands_seen, summary.hands_imported, summary.rejected) == (6, 6, 0)
    con = duckdb.connect(str(db), read_only=True)
    rows = con.execute("SELECT hand_id, source_offset FROM hands ORDER BY hand_id").fetchall()
    assert [r[0] for r in rows] == IDS
    codec = _codec(name)
    for hand_id, offset in rows:
        head = data[offset : offset + 80].decode(codec, errors="replace")
        assert head.startswith(f"PokerStars Hand #{hand_id}")
    players = {r[0] for r in con.execute("SELECT player FROM seats").fetchall()}
    assert "Grünfeld" in players  # decoded to the same name whatever the bytes
    consumed = con.execute("SELECT bytes_consumed, status FROM files").fetchone()
    assert consumed == (len(data), "complete")


def test_partial_last_line_leaves_the_cut_hand_for_the_next_import(tmp_path):
    data = TEXT.rstrip("\n").encode("utf-8")
    cut = data[: data.rindex(b"*** SUMMARY ***") + 7]  # the last hand stops mid-line
    path = tmp_path / "cut.txt"
    path.write_bytes(cut)
    db = tmp_path / "s.duckdb"
    summary = import_paths([path], db)
    assert (summary.hands_seen, summary.hands_imported, summary.rejected) == (5, 5, 0)
    assert summary.incomplete_tail == 1
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT count(*) FROM rejects").fetchone()[0] == 0
    consumed, status = con.execute("SELECT bytes_consumed, status FROM files").fetchone()
    con.close()
    assert status == "partial" and cut[consumed:].startswith(b"PokerStars Hand #")
    path.write_bytes(data)  # the client finishes the hand
    again = import_paths([path], db)
    assert (again.hands_seen, again.hands_imported, again.incomplete_tail) == (1, 1, 0)
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == 6
    assert con.execute("SELECT bytes_consumed, status FROM files").fetchone() == (
        len(data), "complete")


def _corpus_files(corpus, manifest_rows):
    """One PokerStars file per encoding class of the manifest, largest first."""
    chosen: dict[str, str] = {}
    for row in sorted(manifest_rows, key=lambda r: -int(r["approx_hands"] or 0)):
        enc = re.search(r"enc=(\S+?)(?:;|\s|$)", row["notes"])
        marks = ("EMBEDDED", "CONVERTED", "SUMMARY", "EXPECTED-OUTPUT")
        if enc and not any(m in row["notes"] for m in marks):
            chosen.setdefault(enc.group(1), row["path"])
    return {enc: corpus / path for enc, path in chosen.items()}


def test_every_corpus_encoding_imports(corpus, tmp_path):
    with open(corpus / "MANIFEST.tsv", newline="", encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh, delimiter="\t") if r["site"] == "PokerStars"]
    files = _corpus_files(corpus, rows)
    assert {"ASCII", "UTF-8+BOM", "non-UTF8"} <= set(files) and len(files) >= 5
    for enc, path in files.items():
        db = tmp_path / f"{len(enc)}-{abs(hash(enc))}.duckdb"
        summary = import_paths([path], db)
        data = path.read_bytes()
        # every header, also one glued inside a line to a hand cut mid-line (a concatenated
        # file holds two): the glued hand is read too (issue 33)
        headers = len(re.findall(rb"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #\d", data))
        assert summary.hands_seen == headers > 0, enc
        assert summary.hands_imported + summary.duplicates + summary.rejected == headers
        con = duckdb.connect(str(db), read_only=True)
        for offset, hand_id in con.execute("SELECT source_offset, hand_id FROM hands").fetchall():
            assert data[offset:].startswith(b"PokerStars"), (enc, offset)
            assert hand_id.encode() in data[offset : offset + 60]
        con.close()


def test_sample_hands_are_the_test_input():
    assert len(sample_hands()) >= 10  # the helpers above have real hands to work with
