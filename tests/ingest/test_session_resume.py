"""Issue 13/15 rules for whole files: a session format read again from where an import stopped
keeps each hand's session header, and text before a claimed file's first hand is a reject.

Hand-written files: the iPoker session of ``tests/parsers/sites/test_ipoker.py`` (two hands),
and a PKR-style file whose first lines are the end of a hand the file does not start.
"""

from __future__ import annotations

from pipeline.ingest.parse import parse_bytes
from pipeline.ingest.run import import_paths
from tests.parsers.sites.test_ipoker import SESSION


def _session() -> bytes:
    return SESSION.format(flag="true", win="€5.70").encode("utf-8")


def test_a_session_read_again_from_its_second_hand_keeps_the_session_header():
    data = _session()
    second = data.index(b'<game gamecode="9002"')
    whole = parse_bytes(data, "s.xml")
    resumed = parse_bytes(data, "s.xml", start=second, fmt_name="ipoker")
    assert [o.reject for o in resumed.outcomes] == [None]
    assert resumed.outcomes[0].offset == second
    assert repr(resumed.outcomes[0].hand) == repr(whole.outcomes[1].hand)
    assert resumed.consumed == len(data)


def test_a_session_cut_inside_a_hand_is_held_back_then_read_whole(tmp_path):
    data = _session()
    cut = data.index(b'<round no="1">', data.index(b'gamecode="9002"'))
    path = tmp_path / "s.xml"
    path.write_bytes(data[:cut])
    first = import_paths([path], tmp_path / "db.duckdb")
    assert (first.hands_imported, first.rejected, first.incomplete_tail) == (1, 0, 1)
    path.write_bytes(data)  # the client finished the session
    again = import_paths([path], tmp_path / "db.duckdb")
    assert (again.hands_imported, again.rejected, again.incomplete_tail) == (1, 0, 0)


#: A PKR tournament log whose first lines are the end of a hand cut off above them.
PKR_CUT = """\
Player1 wins 450 with: Pair of Kings
Seat 1: Player7 - 2,950
Seat 2: Player0 - 1,550

Starting Hand #1702513901
Table Name: ZX Tourney #1 (301)
Seat 1: Player7 - 2,950
Seat 2: Player0 - 1,550
"""


def test_text_before_the_first_hand_with_hand_lines_is_a_reject_with_its_text():
    parsed = parse_bytes(PKR_CUT.encode(), "p.txt", fmt_name="pkr")
    lead = parsed.outcomes[0]
    assert lead.offset == 0 and lead.end == PKR_CUT.index("Starting Hand")
    assert lead.reject is not None and lead.reject.reason == "truncated_hand"
    assert lead.reject.raw_text.startswith("Player1 wins 450") and lead.reject.line == 1


def test_a_banner_before_the_first_hand_is_no_reject():
    text = "PKR hand history export\n\n" + PKR_CUT.split("\n\n", 1)[1]
    parsed = parse_bytes(text.encode(), "p.txt", fmt_name="pkr")
    assert all(o.offset > 0 for o in parsed.outcomes)


def test_a_hand_start_line_cut_before_its_number_is_not_counted_twice(tmp_path):
    """888 starts a hand with "#Game No : N": cut as "#Game No :", the line is no hand start
    yet (the bytes end the hand before); once whole, the files row still counts each hand
    once, as a clean import of the finished file does."""
    import duckdb

    from tests.parsers.sites.test_pacific888 import HAND, WALK

    third = HAND.replace("900000001", "900000009").lstrip()
    whole = "\n\n".join((HAND.lstrip(), WALK.lstrip(), third)).encode()
    start = whole.index(b"#Game No : 900000009")
    path, db = tmp_path / "888.txt", tmp_path / "db.duckdb"
    for cut in (start + len(b"#Game No :"), start + len(b"#Game No : 900000009\n"),
                len(whole)):
        path.write_bytes(whole[:cut])
        import_paths([path], db)
        con = duckdb.connect(str(db), read_only=True)
        hands, imported = con.execute("SELECT hands, imported FROM files").fetchone()
        con.close()
        assert hands == imported, cut  # each reading counts every stored hand once
    con = duckdb.connect(str(db), read_only=True)
    row = con.execute("SELECT hands, imported, duplicates, rejected, status FROM files").fetchone()
    stored = con.execute("SELECT count(*) FROM hands").fetchone()[0]
    con.close()
    assert (row, stored) == ((3, 3, 0, 0, "complete"), 3)


def test_program_source_before_quoted_hands_is_no_reject():
    """A parser's test file quoting hands: its imports and code before the first hand are
    not the end of a hand, even where a string holds an action line."""
    code = ("import pytest\nfrom poker import parse\n\n\ndef test_hand():\n"
            "    assert parse('Player1 folds')\n\n\nclass Case:\n    pass\n\n")
    text = code + PKR_CUT.split("\n\n", 1)[1]
    parsed = parse_bytes(text.encode(), "t.py", fmt_name="pkr")
    assert all(o.offset > 0 for o in parsed.outcomes)
