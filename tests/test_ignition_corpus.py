"""The Ignition/Bovada parser against every Ignition/Bovada/Bodog hand history in the corpus.

Which files: the Bovada_Ignition rows of MANIFEST.tsv that this format's sniffer claims, minus
EXPECTED-OUTPUT, EMBEDDED and SUMMARY rows (those are only split, to show they are skipped
cleanly). The rows marked CONVERTED are PokerStars-format text and belong to that parser.

Asserted: no exception but ParseError escapes; >= 99% of unique hold'em hands import; every
reject has a reason; every error finding of the engine is one the docstring below explains:

- Walks (everyone folds to the big blind): Ignition prints no "Return uncalled portion" for
  the unmatched part of the big blind; its "Total Pot" and "Hand result" include it, so the
  money is right and the engine only notes it (``uncalled_bet_wrong`` as info, not an error).
- True site errors (log defects), kept as findings: 2599656336 and 2648848668 (the flop line is
  missing from the log, so the flop bet looks like a preflop raise), 2607518885 (no board lines
  at all), 2596806815 (the summary belongs to another hand: other board and pot),
  3178646516 (file cut mid-hand: "concatenated.partial").
"""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from parsers.errors import ParseError
from parsers.sites import ignition
from parsers.text import read_file
from pipeline.engine import replay
from pipeline.engine.result import Severity

pytestmark = pytest.mark.corpus
NOT_HISTORIES = ("EXPECTED-OUTPUT", "EMBEDDED", "SUMMARY")
SITE_ERRORS = {"2599656336", "2648848668", "2607518885", "2596806815", "3178646516"}


def _is_walk_return(message: str) -> bool:
    return "on preflop" in message and "no uncalled bet was returned" in message


def test_every_ignition_history(corpus: Path) -> None:
    with open(corpus / "MANIFEST.tsv", encoding="utf-8", newline="") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["site"] == "Bovada_Ignition"]
    histories, others = [], []
    for r in rows:
        if any(m in r["notes"] for m in NOT_HISTORIES):
            others.append(r["path"])
        elif ignition.sniff((corpus / r["path"]).read_bytes()[:8192].decode("utf-8", "replace")):
            histories.append(r["path"])
    assert len(histories) > 140

    seen = 0
    outcome: dict[str, str] = {}
    reasons: Counter[str] = Counter()
    unexplained: list[str] = []
    walks = 0
    for path in histories:
        chunks, _ = read_file(corpus / path, ignition.HEADER)
        for chunk in chunks:
            seen += 1
            hand_id = chunk.text.partition("#")[2].partition(" ")[0].rstrip(":")
            try:
                h = ignition.parse(chunk, path)
            except ParseError as err:
                assert err.reason, f"reject without a reason: {err}"
                reasons[err.reason] += 1
                if outcome.get(hand_id) != "ok":
                    outcome[hand_id] = err.reason
                continue
            outcome[hand_id] = "ok"
            for f in replay(h).findings:
                if f.severity is not Severity.ERROR:
                    continue
                if f.code == "uncalled_bet_wrong" and _is_walk_return(f.message):
                    walks += 1
                elif h.hand_id not in SITE_ERRORS:
                    unexplained.append(f"{h.hand_id} {f.code}: {f.message}")
    for path in others:
        read_file(corpus / path, ignition.HEADER)

    unique = Counter(outcome.values())
    holdem = sum(n for reason, n in unique.items() if reason != "unsupported_game")
    rate = unique["ok"] / holdem
    print(f"\nIgnition corpus: files={len(histories)} seen={seen} unique={len(outcome)}")
    print(f"unique by outcome: {dict(unique)}; hold'em import rate {rate:.4%}")
    print(f"rejects by reason (all copies): {dict(reasons)}; walk findings: {walks}")
    assert len(outcome) > 12000
    assert rate >= 0.99
    assert set(reasons) <= {"unsupported_game", "corrupt_hand"}
    assert unexplained == []
