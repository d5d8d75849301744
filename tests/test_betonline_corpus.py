"""The BetOnline parser against every BetOnline hand history in the corpus.

Asserted: only ParseError escapes, every reject has a reason, the import rate of unique
hold'em hands (29 of 31), and that the engine finds no error in an imported hand except the
one the log itself causes (Gear Poker #1014850775: an all-in showdown whose board the site never
printed). The two rejects are a hand cut off by the end of its file (#900205887, truncated_hand)
and one where an "Unknown player" not in the seat list acts and wins (#991142904).
"""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from parsers.errors import ParseError
from parsers.sites import betonline
from parsers.text import read_file
from pipeline.engine import replay
from pipeline.engine.result import Severity

pytestmark = pytest.mark.corpus

#: Error findings that are true defects of the site's log (see the module docstring).
KNOWN = {("1014850775", "wrong_board_size")}


def test_every_betonline_history(corpus: Path) -> None:
    with open(corpus / "MANIFEST.tsv", encoding="utf-8", newline="") as f:
        rows = [r["path"] for r in csv.DictReader(f, delimiter="\t") if r["site"] == "BetOnline"]
    outcome: dict[str, str] = {}
    errors: set[tuple[str, str]] = set()
    for path in rows:
        chunks, _ = read_file(corpus / path, betonline.HEADER)
        for chunk in chunks:
            hand_id = chunk.text.partition("#")[2].partition(":")[0]
            try:
                hand = betonline.parse(chunk, path)
            except ParseError as err:
                assert err.reason, f"reject without a reason: {err}"
                outcome.setdefault(hand_id, err.reason)
                continue
            outcome[hand_id] = "ok"
            errors |= {(hand_id, f.code) for f in replay(hand).findings
                       if f.severity is Severity.ERROR}
    unique = Counter(outcome.values())
    holdem = sum(n for reason, n in unique.items() if reason != "unsupported_game")
    assert holdem == 31 and unique["ok"] == 29, dict(unique)
    assert {r for r in unique if r not in ("ok", "unsupported_game")} == {
        "truncated_hand", "unknown_player"}
    assert errors == KNOWN
