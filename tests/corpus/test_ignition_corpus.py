"""The Ignition/Bovada parser against every Ignition/Bovada/Bodog hand history in the corpus.

Which files: the Bovada_Ignition rows of MANIFEST.tsv that this format's sniffer claims, minus
EXPECTED-OUTPUT, EMBEDDED and SUMMARY rows (those are only split, to show they are skipped
cleanly). The rows marked CONVERTED are PokerStars-format text and belong to that parser.

Asserted: no exception but ParseError escapes; >= 99% of unique hold'em hands import; every
reject has a reason; every error finding of the engine is one the docstring below explains:

- Walks (everyone folds to the big blind): Ignition prints no "Return uncalled portion" for
  the unmatched part of the big blind; its "Total Pot" and "Hand result" include it, so the
  money is right and the engine only notes it (``uncalled_bet_wrong`` as info, not an error).
- True site errors (log defects), kept as findings: 2596806815 (the summary belongs to another
  hand: other board and pot), 3178646516 (file cut mid-hand: "concatenated.partial").
- 2599656336, 2607518885 and 2648848668 (once listed here as site errors) are the 2012 layout
  that prints no street lines at all: the reader opens the streets from the closed betting
  rounds (``tests/parsers/sites/test_ignition_streets.py``), the summaries' "Folded on the FLOP"
  and boards agree, and the hands replay without an error.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers.sites.ignition import reader as ignition
from parsers.text import read_file
from pipeline.engine import Finding
from tests.support.corpus_scan import file_chunks, manifest_rows, scan, split_rows

pytestmark = pytest.mark.corpus
NOT_HISTORIES = ("EXPECTED-OUTPUT", "EMBEDDED", "SUMMARY")
SITE_ERRORS = {"2596806815", "3178646516"}
NO_STREET_LINES = ("2599656336", "2607518885", "2648848668")


def _is_walk_return(f: Finding) -> bool:
    return (f.code == "uncalled_bet_wrong" and "on preflop" in f.message
            and "no uncalled bet was returned" in f.message)


def test_every_ignition_history(corpus: Path) -> None:
    paths, others = split_rows(manifest_rows(corpus, "Bovada_Ignition"), NOT_HISTORIES)
    histories = [p for p in paths
                 if ignition.sniff((corpus / p).read_bytes()[:8192].decode("utf-8", "replace"))]
    assert len(histories) > 140

    found = scan(file_chunks(corpus, histories, ignition.HEADER), ignition.parse,
                 lambda chunk: chunk.text.partition("#")[2].partition(" ")[0].rstrip(":"))
    for row in others:
        read_file(corpus / row["path"], ignition.HEADER)

    walks = sum(1 for _, f in found.errors if _is_walk_return(f))
    unexplained = [f"{hand_id} {f.code}: {f.message}" for hand_id, f in found.errors
                   if hand_id not in SITE_ERRORS and not _is_walk_return(f)]
    print(found.summary(f"Ignition corpus: files={len(histories)}"))
    print(f"walk findings: {walks}")
    assert len(found.outcome) > 12000
    assert found.rate >= 0.99
    assert set(found.reasons) <= {"unsupported_game", "corrupt_hand"}
    assert unexplained == []
    assert not [f for hand_id, f in found.errors if hand_id in NO_STREET_LINES]
    assert [found.outcome[h] for h in NO_STREET_LINES] == ["ok"] * 3
