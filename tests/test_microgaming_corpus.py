"""The Microgaming parser against every Microgaming hand in the real corpus (legacy room).

Asserted: >= 95% of unique hold'em hands import, every reject has a reason, no error finding
outside the hands listed below, and for every player the engine's net equals the site's own
``endbalance - balance`` except where the site's numbers contradict themselves.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from pathlib import Path

import pytest

from parsers import registry
from parsers.errors import ParseError, UnknownFormatError
from parsers.text import decode, parse_money
from pipeline.engine import replay

pytestmark = pytest.mark.corpus
#: 5049091349: a sample edited by hand (the flop's "Ks" carries card id 30, which is 5d in every
#: other hand; seat 3 holds the real Ks, id 12). 3063530490: the site's numbers do not add up:
#: collected 14.50 + printed rake 0.78 is 0.50 short of the 15.78 put in (the endbalances
#: agree with the 14.50, so 1.28 was withheld, not 0.78).
KNOWN_ERRORS = {"5049091349", "3063530490"}
_END = re.compile(r'<Seat num="(\d+)"[^>]*?endbalance="([^"]+)"')


def test_every_microgaming_history(corpus: Path) -> None:
    with open(corpus / "MANIFEST.tsv", encoding="utf-8", newline="") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if "EXPECTED" not in r["notes"]]
    fmt = registry.by_name("microgaming")
    outcome: dict[str, str] = {}
    errors: set[str] = set()
    nets = agree = 0
    for row in rows:
        data = (corpus / row["path"]).read_bytes()
        text, enc = decode(data)
        try:
            if registry.detect(text) is not fmt:
                assert row["site"] != "Microgaming" or "888" in row["notes"], row["path"]
                continue
        except UnknownFormatError:
            continue  # the two empty "Seats" samples
        for chunk in fmt.split(text, enc, data):
            hand_id = chunk.text.partition(' id="')[2].partition('"')[0]
            try:
                h = fmt.parse(chunk, row["path"])
            except ParseError as err:
                assert err.reason
                outcome.setdefault(hand_id, err.reason)
                continue
            outcome[hand_id] = "ok"
            r = replay(h)
            if r.has_errors:
                errors.add(h.hand_id)
            ends = {int(n): parse_money(v, h.decimals) for n, v in _END.findall(chunk.text)}
            for s, res in zip(h.seats, r.seats, strict=True):
                nets += 1
                agree += s.stack + res.net == ends[s.seat]
    unique = Counter(outcome.values())
    holdem = sum(n for reason, n in unique.items() if reason != "unsupported_game")
    print(f"\nMicrogaming: {dict(unique)}; errors {sorted(errors)}; nets {agree}/{nets}")
    assert len(outcome) >= 40
    assert unique["ok"] / holdem >= 0.95
    assert errors <= KNOWN_ERRORS
    assert agree / nets >= 0.98
