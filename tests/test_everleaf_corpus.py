"""Everleaf parser against every file of the Everleaf corpus folder.

Counted by unique hand id. Asserted: the sniffer claims every hand-history file of the folder
(not the README); no exception but ParseError escapes; >= 95% of unique hold'em hands import
(legacy-room target); every reject has a reason; no imported hand has an error finding.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from parsers.errors import ParseError
from parsers.sites import everleaf
from parsers.text import decode, split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity

pytestmark = pytest.mark.corpus


def test_every_everleaf_history(corpus: Path) -> None:
    outcome: dict[str, str] = {}
    reasons: Counter[str] = Counter()
    bad: dict[str, list[str]] = {}
    files = 0
    for path in sorted((corpus / "Everleaf").rglob("*")):
        if not path.is_file():
            continue
        data = path.read_bytes()
        text, enc = decode(data)
        if not everleaf.sniff(text[:8192]):
            assert "Hand history for game #" not in text, f"not claimed: {path}"
            continue
        files += 1
        for chunk in split_hands(text, enc, everleaf.HEADER, data):
            hand_id = chunk.text.split("\n", 2)[1].split("#")[1].split(" ")[0]
            try:
                h = everleaf.parse(chunk, str(path))
            except ParseError as err:
                assert err.reason, f"reject without a reason: {err}"
                reasons[err.reason] += 1
                outcome.setdefault(hand_id, err.reason)
                continue
            assert h.hand_id == hand_id
            outcome[h.hand_id] = "ok"
            errs = [f.code for f in replay(h).findings if f.severity is Severity.ERROR]
            if errs:
                bad[h.hand_id] = errs
    assert files >= 10
    holdem = [v for v in outcome.values() if v != "unsupported_game"]
    assert len(holdem) >= 70 and reasons["unsupported_game"] >= 70  # Omaha hi/lo and stud
    assert holdem.count("ok") / len(holdem) >= 0.95, (holdem, reasons)
    assert not bad, bad
