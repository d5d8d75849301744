"""Entraction parser against every file of the Entraction corpus folder.

Counted by unique hand id (the fpdb forks keep CRLF copies of the same hands). Asserted: the
sniffer claims every hand-history file of the folder (not the hand-id index files); no
exception but ParseError escapes; >= 95% of unique hold'em hands import (legacy-room target);
every reject has a reason; no error finding except the engine false alarm listed below.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from parsers.errors import ParseError
from parsers.sites import entraction
from parsers.text import decode, split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity

pytestmark = pytest.mark.corpus

#: Former engine false alarms. Heads-up at a table for more than two players, Entraction keeps ring
#: blinds: the dealer posts the big blind, the other player posts the small blind and acts
#: first on every street (the hands are consistent with that, and the winnings add up). The
#: parser marks these hands ``button_posts_big_blind_heads_up`` and the engine honours the flag:
#: they must replay without an error.
RING_BLINDS_HEADS_UP = {"2645975604", "2646539198", "2646782758"}


def _hand_id(chunk_text: str) -> str:
    return chunk_text.split(" - ", 1)[0].removeprefix("Game # ")


def test_every_entraction_history(corpus: Path) -> None:
    outcome: dict[str, str] = {}
    reasons: Counter[str] = Counter()
    bad: dict[str, list[str]] = {}
    files = 0
    for path in sorted((corpus / "Entraction").rglob("*")):
        if not path.is_file():
            continue
        data = path.read_bytes()
        text, enc = decode(data)
        if not entraction.sniff(text[:8192]):
            assert "Game # " not in text, f"hand-history file not claimed: {path}"
            continue
        files += 1
        for chunk in split_hands(text, enc, entraction.HEADER, data):
            try:
                h = entraction.parse(chunk, str(path))
            except ParseError as err:
                assert err.reason, f"reject without a reason: {err}"
                reasons[err.reason] += 1
                outcome.setdefault(_hand_id(chunk.text), err.reason)
                continue
            assert h.hand_id == _hand_id(chunk.text)
            outcome[h.hand_id] = "ok"
            errs = [f.code for f in replay(h).findings if f.severity is Severity.ERROR]
            if h.hand_id in RING_BLINDS_HEADS_UP:
                assert h.button_posts_big_blind_heads_up
            if errs:
                bad[h.hand_id] = errs
    assert files >= 30
    holdem = [v for v in outcome.values() if v != "unsupported_game"]
    assert len(holdem) >= 15 and reasons["unsupported_game"] > 250  # mostly Omaha tables
    assert holdem.count("ok") / len(holdem) >= 0.95, (holdem, reasons)
    assert not bad, bad
