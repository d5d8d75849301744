"""Entraction parser against every file of the Entraction corpus folder.

Counted by unique hand id (the fpdb forks keep CRLF copies of the same hands). Asserted: the
sniffer claims every hand-history file of the folder (not the hand-id index files); no
exception but ParseError escapes; >= 95% of unique hold'em hands import (legacy-room target);
every reject has a reason; no error finding except the engine false alarm listed below.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers.model import Hand
from parsers.sites import entraction
from parsers.text import Chunk
from pipeline.engine import Replay
from tests.support.corpus_scan import scan, sniffed_chunks

pytestmark = pytest.mark.corpus

#: Former engine false alarms. Heads-up at a table for more than two players, Entraction keeps ring
#: blinds: the dealer posts the big blind, the other player posts the small blind and acts
#: first on every street (the hands are consistent with that, and the winnings add up). The
#: parser marks these hands ``button_posts_big_blind_heads_up`` and the engine honours the flag:
#: they must replay without an error.
RING_BLINDS_HEADS_UP = {"2645975604", "2646539198", "2646782758"}


def _hand_id(chunk: Chunk) -> str:
    return chunk.text.split(" - ", 1)[0].removeprefix("Game # ")


def _check(chunk: Chunk, h: Hand, r: Replay) -> None:
    assert h.hand_id == _hand_id(chunk)
    if h.hand_id in RING_BLINDS_HEADS_UP:
        assert h.button_posts_big_blind_heads_up


def test_every_entraction_history(corpus: Path) -> None:
    files: list[Path] = []
    hands = sniffed_chunks(corpus, ["Entraction"], entraction, files, marker="Game # ")
    found = scan(hands, entraction.parse, _hand_id, check=_check)
    assert len(files) >= 30
    assert found.holdem >= 15 and found.reasons["unsupported_game"] > 250  # mostly Omaha tables
    assert found.rate >= 0.95, (found.unique, found.reasons)
    assert found.unexplained() == {}
