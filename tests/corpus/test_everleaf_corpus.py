"""Everleaf parser against every file of the Everleaf corpus folder.

Counted by unique hand id. Asserted: the sniffer claims every hand-history file of the folder
(not the README); no exception but ParseError escapes; >= 95% of unique hold'em hands import
(legacy-room target); every reject has a reason; no imported hand has an error finding.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers.model import Hand
from parsers.sites import everleaf
from parsers.text import Chunk
from pipeline.engine import Replay
from tests.support.corpus_scan import scan, sniffed_chunks

pytestmark = pytest.mark.corpus


def _hand_id(chunk: Chunk) -> str:
    return chunk.text.split("\n", 2)[1].split("#")[1].split(" ")[0]


def _same_id(chunk: Chunk, h: Hand, r: Replay) -> None:
    assert h.hand_id == _hand_id(chunk)


def test_every_everleaf_history(corpus: Path) -> None:
    files: list[Path] = []
    hands = sniffed_chunks(corpus, ["Everleaf"], everleaf, files,
                           marker="Hand history for game #")
    found = scan(hands, everleaf.parse, _hand_id, check=_same_id)
    assert len(files) >= 10
    assert found.holdem >= 70 and found.reasons["unsupported_game"] >= 70  # Omaha and stud
    assert found.rate >= 0.95, (found.unique, found.reasons)
    assert found.unexplained() == {}
