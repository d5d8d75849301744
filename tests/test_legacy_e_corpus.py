"""Legacy rooms (Enet, Seals With Clubs, Unibet) against every file of their corpus folders.

Which files: every file under the site's folders; each must be claimed by exactly the site's
format in the registry. Counted by unique hand id (the fpdb forks keep CRLF copies).

Asserted: no exception but ParseError escapes; the unique outcome counts (every hold'em hand
imports, every other game is an ``unsupported_game`` reject, every reject has a reason); the
engine finds no error in an imported hand; and, where the site prints each player's net
(Unibet's "net result"), the engine's per-player net agrees with it. The corpus has no fpdb
expected outputs (``.hp``) for these rooms.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from parsers import registry
from parsers.errors import ParseError
from parsers.text import decode, parse_money
from pipeline.engine import replay
from pipeline.engine.result import Severity

pytestmark = pytest.mark.corpus

#: site -> (corpus folders, expected unique outcomes)
SITES = {
    "enet": (("Enet",), {"ok": 1, "unsupported_game": 4}),
    "sealswithclubs": (("SealsWithClubs",), {"ok": 3}),
    "unibet": (("Unibet",), {"ok": 1}),
}

_NET = re.compile(r"^Seat \d+: (.+): bet \S+ and won \S+, net result: €(-?)([\d.]+)$", re.M)


def _hands(corpus: Path, site: str):
    """(path, chunk, Hand or ParseError) for every hand of the site's folders."""
    fmt = registry.by_name(site)
    for folder in SITES[site][0]:
        for path in sorted((corpus / folder).rglob("*")):
            if not path.is_file():
                continue
            data = path.read_bytes()
            text, enc = decode(data)
            head = text[: registry.SNIFF_BYTES]
            claimed = [f.name for f in registry.FORMATS if registry._safe_sniff(f, head)]
            assert claimed == [site], (path, claimed)
            chunks = fmt.split(text, enc, data)
            assert chunks, path
            for chunk in chunks:
                try:
                    yield chunk, fmt.parse(chunk, str(path))
                except ParseError as err:
                    yield chunk, err


@pytest.mark.parametrize("site", sorted(SITES))
def test_every_history_of_the_site(corpus: Path, site: str) -> None:
    outcome: dict[str, str] = {}
    bad: dict[str, list[str]] = {}
    for chunk, got in _hands(corpus, site):
        if isinstance(got, ParseError):
            assert got.reason, f"reject without a reason: {got}"
            outcome.setdefault(chunk.text.split("\n", 1)[0][:120], got.reason)
            continue
        outcome[got.hand_id] = "ok"
        errs = [f.code for f in replay(got).findings if f.severity is Severity.ERROR]
        if errs:
            bad[got.hand_id] = errs
    assert dict(Counter(outcome.values())) == SITES[site][1]
    assert not bad, bad


def test_unibet_nets_match_the_printed_net_results(corpus: Path) -> None:
    checked = 0
    for chunk, hand in _hands(corpus, "unibet"):
        assert not isinstance(hand, ParseError), hand
        printed = {m[1]: (-1 if m[2] else 1) * parse_money(m[3], hand.decimals)
                   for m in _NET.finditer(chunk.text)}
        nets = {s.seat: s.net for s in replay(hand).seats}
        ours = {s.player: nets[s.seat] for s in hand.seats if s.player in printed}
        assert ours == printed, hand.hand_id
        checked += len(printed)
    assert checked
