"""A file that starts with the end of a hand (a log cut at its head, a copy from the middle of
a session) keeps that text: a reject ``truncated_hand`` with its raw text, on every site and
either core, and the hands after it import as ever (issue 15, class 1: nothing vanishes)."""

from __future__ import annotations

import duckdb
import pytest

from pipeline.ingest.run import import_paths
from tests.support.hhgen import join, many_hands
from tests.support.ignition_zone import zone_hand


def _cut_head(hands: list[str], keep_lines: int = 8) -> str:
    """The last ``keep_lines`` lines of the first hand (its seats and actions' end), then
    the other hands whole."""
    tail = "\n".join(hands[0].rstrip("\n").split("\n")[-keep_lines:])
    return tail + "\n\n\n" + join(hands[1:])


SITES = {
    "pokerstars": lambda: many_hands(4),
    "ignition": lambda: [zone_hand(4000000001 + i, 10 + i) for i in range(4)],
}


@pytest.mark.parametrize("core", ["python", "native"])
@pytest.mark.parametrize("site", sorted(SITES))
def test_the_text_before_the_first_hand_is_a_reject_with_its_text(
        tmp_path, monkeypatch, site, core):
    from pipeline.core import native_available

    if core == "native" and not native_available():
        pytest.skip("the native core is not built here")
    monkeypatch.setenv("SIDEPOT_CORE", core)
    hands = SITES[site]()
    text = _cut_head(hands)
    path = tmp_path / f"{site}.txt"
    path.write_text(text, encoding="utf-8")
    db = tmp_path / "s.duckdb"
    summary = import_paths([path], db)
    assert summary.hands_imported == len(hands) - 1
    con = duckdb.connect(str(db), read_only=True)
    rows = con.execute("SELECT reason, line, source_offset, raw_text FROM rejects").fetchall()
    assert [(r[0], r[1], r[2]) for r in rows] == [("truncated_hand", 1, 0)]
    assert rows[0][3] == text.split("\n\n\n")[0]
