"""The BetOnline parser against every BetOnline hand history in the corpus.

Asserted: only ParseError escapes, every reject has a reason, and the measured import rate
(82.8% of unique hold'em hands) does not regress. Below the 95% legacy target: the work is
unfinished (see the parser's known gaps: Gear Poker all-in wording, zero antes, blank names,
"Unknown player" hands).
"""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from parsers.errors import ParseError
from parsers.sites import betonline
from parsers.text import read_file

pytestmark = pytest.mark.corpus


def test_every_betonline_history(corpus: Path) -> None:
    with open(corpus / "MANIFEST.tsv", encoding="utf-8", newline="") as f:
        rows = [r["path"] for r in csv.DictReader(f, delimiter="\t") if r["site"] == "BetOnline"]
    outcome: dict[str, str] = {}
    for path in rows:
        chunks, _ = read_file(corpus / path, betonline.HEADER)
        for chunk in chunks:
            hand_id = chunk.text.partition("#")[2].partition(":")[0]
            try:
                betonline.parse(chunk, path)
            except ParseError as err:
                assert err.reason, f"reject without a reason: {err}"
                outcome.setdefault(hand_id, err.reason)
                continue
            outcome[hand_id] = "ok"
    unique = Counter(outcome.values())
    holdem = sum(n for reason, n in unique.items() if reason != "unsupported_game")
    assert len(outcome) >= 45
    assert unique["ok"] / holdem >= 0.8, dict(unique)
