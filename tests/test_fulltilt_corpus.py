"""The Full Tilt parser against every Full Tilt hand history in the real corpus.

Asserted: no exception but ParseError escapes; every reject has a reason; >= 95% of unique
hold'em hands import (Full Tilt is a legacy room); the engine finds no error except the site
quirk listed below; fpdb's expected per-player results (``.hp``) agree with the engine.

Known reject: the deliberately broken "InValidHand.txt" sample (no seats). The cut header of a
draw file ("...Partial.txt") is an unsupported game; the run-it-twice hand is read (one board
per run, collections per run).
"""

from __future__ import annotations

import ast
import csv
from collections import Counter
from pathlib import Path

import pytest

from parsers.errors import ParseError
from parsers.sites import fulltilt
from parsers.text import read_file
from pipeline.engine import replay
from pipeline.engine.result import Severity

pytestmark = pytest.mark.corpus

#: Hands whose error findings are the site's own, each with why.
SITE_ERRORS = {
    # Flipout: all nine players are all-in on their antes, yet the log prints "Player0 checks"
    # and "Player1 checks" before the cards are shown: a no-op line the site should not print.
    "34541726731",
}


def _rows(root: Path) -> list[dict[str, str]]:
    with open(root / "MANIFEST.tsv", encoding="utf-8", newline="") as f:
        return [r for r in csv.DictReader(f, delimiter="\t") if r["site"] == "FullTilt"]


def test_every_fulltilt_history(corpus: Path) -> None:
    outcome: dict[str, str] = {}
    bad: dict[str, list[str]] = {}
    seen = 0
    for row in _rows(corpus):
        if "EXPECTED-OUTPUT" in row["notes"]:
            continue
        chunks, _ = read_file(corpus / row["path"], fulltilt.HEADER)
        for chunk in chunks:
            seen += 1
            key = chunk.text.partition(":")[0]
            try:
                h = fulltilt.parse(chunk, row["path"])
            except ParseError as err:
                assert err.reason, f"reject without a reason: {err}"
                if outcome.get(key) != "ok":
                    outcome[key] = err.reason
                continue
            outcome[key] = "ok"
            errs = [f"{f.code}: {f.message}" for f in replay(h).findings
                    if f.severity is Severity.ERROR]
            if errs and h.hand_id not in SITE_ERRORS:
                bad[h.hand_id] = errs
    unique = Counter(outcome.values())
    holdem = sum(n for reason, n in unique.items() if reason != "unsupported_game")
    print(f"\nFull Tilt corpus: hands_seen={seen} unique={len(outcome)} outcome={dict(unique)}")
    assert unique["ok"] >= 123
    assert unique["ok"] / holdem >= 0.99
    assert {r: n for r, n in unique.items() if r not in ("ok", "unsupported_game")} \
        == {"no_seats": 1}
    assert bad == {}


def test_fpdb_expected_results(corpus: Path) -> None:
    compared = 0
    for row in _rows(corpus):
        path = row["path"]
        if not path.endswith(".hp") or "NLHE" not in path:
            continue
        expected = ast.literal_eval((corpus / path).read_text(encoding="utf-8")
                                    .replace("u'", "'"))
        for chunk in read_file(corpus / path[:-3], fulltilt.HEADER)[0]:
            h = fulltilt.parse(chunk, path)
            result = {s.seat: s for s in replay(h).seats}
            for seat in h.seats:
                want = expected.get(seat.player)
                got = result.get(seat.seat)
                if want is None or got is None:
                    continue
                assert (got.won, got.net) == (want["winnings"], want["totalProfit"]), seat
                compared += 1
    assert compared >= 9
