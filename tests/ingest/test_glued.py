"""A hand cut mid-line with the next hand's header glued to it (issue 33): the split cuts at
the glued header, so the cut hand is read (or rejected) alone and the next hand is read.

Before, the glued hand hid inside the cut one: rejected with it, held back with it as a
cut last hand, or (a hand cut in its summary reads leniently) stored with the other's lines.
Every format whose header names the site opts in (``Format.glued``); the native core defers
such a file to the Python core, so both store the same rows.
"""

from __future__ import annotations

import duckdb
import pytest

from parsers import registry
from parsers.text import decode, split_hands
from pipeline.ingest.run import import_paths
from tests.ingest.same_rows import differences
from tests.support.hhgen import join, many_hands

#: A second hand's header line for each format that finds glued headers.
HEADERS = {
    "pokerstars": "PokerStars Hand #22: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/01 ET",
    "starslayout": "PokerBros Hand #22: Hold'em No Limit (1/2) - 2024/01/01 10:00:00",
    "ggpoker": "Poker Hand #HD22: Hold'em No Limit ($0.01/$0.02) - 2024/01/01 10:00:00",
    "ignition": "Ignition Hand #22 TBL#1 HOLDEM No Limit - 2024-01-01 10:00:00",
    "winamax": "Winamax Poker - CashGame - HandId: #22-1-1 - Holdem no limit (1/2)",
    "fulltilt": "Full Tilt Poker Game #22: Table T (6 max) - $0.01/$0.02 - No Limit",
    "betonline": "BetOnline Poker Game #22: Hold'em No Limit ($0.25/0.50) - 2012/04/11",
}


def test_every_format_that_names_its_site_finds_glued_headers():
    assert {f.name for f in registry.FORMATS if f.glued} == set(HEADERS)


@pytest.mark.parametrize("crlf", [False, True], ids=["lf", "crlf"])
@pytest.mark.parametrize("name", sorted(HEADERS))
def test_the_split_cuts_at_a_glued_header_with_exact_offsets(name, crlf):
    fmt = registry.by_name(name)
    second = HEADERS[name]
    assert fmt.header.match(second)
    first = second.replace("22", "11", 1)
    # a cp1252 name before the glue: the offsets come from walking the file's lines
    text = f"{first}\nSeat 1: Andr\u00e9 (100 in chips)\nSeat 2: b (1{second}\nSeat 1: c\n\n"
    if crlf:
        text = text.replace("\n", "\r\n")
    data = text.encode("cp1252")
    decoded, encoding = decode(data)
    chunks = fmt.split(decoded, encoding, data)
    assert [c.text.split("\n")[0] for c in chunks] == [first, second]
    assert chunks[0].text.endswith("Seat 2: b (1")
    assert data[chunks[1].offset:].startswith(second.encode())
    assert [c.line for c in chunks] == [1, 3]
    # the same text where no format opts in: one chunk, as before
    assert len(split_hands(decoded, encoding, fmt.header, data)) == 1


def test_a_header_after_blanks_only_is_a_line_start_not_glued():
    text = "PokerStars Hand #1: a\nx\n   PokerStars Hand #2: b\ny\n"
    chunks = split_hands(text, header=registry.by_name("pokerstars").header, glued=True)
    assert [(c.offset, c.line) for c in chunks] == [(0, 1), (len(text.split("   ")[0]) + 3, 3)]


def _db(tmp_path, monkeypatch, core: str, path):
    monkeypatch.setenv("SIDEPOT_CORE", core)
    db = tmp_path / f"{core}.duckdb"
    import_paths([path], db)
    return db


@pytest.mark.parametrize("cut_at", ["*** SUMMARY ***\nTotal pot", "*** HOLE CARDS",
                                    "Seat 3: To", "Uncalled bet"])
def test_a_glued_pokerstars_hand_is_read_in_both_cores(tmp_path, monkeypatch, cut_at):
    from pipeline.core import native_available

    hands = many_hands(3)
    cut = hands[1][: hands[1].index(cut_at) + len(cut_at) - 3]  # mid-line
    text = join(hands[:1]) + cut + hands[2] + "\n\n\n"
    path = tmp_path / "glued.txt"
    path.write_text(text, encoding="utf-8")
    python = _db(tmp_path, monkeypatch, "python", path)
    con = duckdb.connect(str(python), read_only=True)
    stored = con.execute("SELECT hand_id, source_offset FROM hands ORDER BY 2").fetchall()
    rejects = con.execute("SELECT source_offset, raw_text FROM rejects").fetchall()
    con.close()
    ids = [h.split("#", 1)[1].split(":", 1)[0] for h in hands]
    glued_at = len((join(hands[:1]) + cut).encode())
    assert (ids[2], glued_at) in stored  # the glued hand is read
    if rejects:  # the cut hand alone: stored (a summary cut short reads) or rejected
        assert rejects == [(len(join(hands[:1]).encode()), cut)]
    assert len(stored) + len(rejects) == 3
    if native_available():
        assert differences(python, _db(tmp_path, monkeypatch, "native", path)) == {}
