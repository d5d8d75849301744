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
from pathlib import Path

import pytest

from parsers import registry
from parsers.text import parse_money
from pipeline.engine import replay
from tests.support.corpus_scan import detected_chunks, scan

pytestmark = pytest.mark.corpus

#: site -> (corpus folders, expected unique outcomes)
SITES = {
    "enet": (("Enet",), {"ok": 1, "unsupported_game": 4}),
    "sealswithclubs": (("SealsWithClubs",), {"ok": 3}),
    "unibet": (("Unibet",), {"ok": 1}),
}

_NET = re.compile(r"^Seat \d+: (.+): bet \S+ and won \S+, net result: €(-?)([\d.]+)$", re.M)


@pytest.mark.parametrize("site", sorted(SITES))
def test_every_history_of_the_site(corpus: Path, site: str) -> None:
    found = scan(detected_chunks(corpus, SITES[site][0], site), registry.by_name(site).parse,
                 lambda chunk: chunk.text.split("\n", 1)[0][:120], ok_by_hand_id=True)
    assert dict(found.unique) == SITES[site][1]
    assert found.unexplained() == {}


def test_unibet_nets_match_the_printed_net_results(corpus: Path) -> None:
    checked = 0
    for path, chunk in detected_chunks(corpus, SITES["unibet"][0], "unibet"):
        hand = registry.by_name("unibet").parse(chunk, path)  # a ParseError fails the test
        printed = {m[1]: (-1 if m[2] else 1) * parse_money(m[3], hand.decimals)
                   for m in _NET.finditer(chunk.text)}
        nets = {s.seat: s.net for s in replay(hand).seats}
        ours = {s.player: nets[s.seat] for s in hand.seats if s.player in printed}
        assert ours == printed, hand.hand_id
        checked += len(printed)
    assert checked
