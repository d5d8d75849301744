"""Legacy rooms (Cereus: Absolute/UltimateBet, Cake, ...) against every file of their folders.

Which files: every file under the site's folders; each must be either claimed by exactly the
site's format in the registry (hand histories) or by no format at all (fpdb expected outputs).
Counted by unique hand id.

Asserted: no exception but ParseError escapes; the unique outcome counts (every hold'em hand
imports, every other game is an ``unsupported_game`` reject, every reject has a reason); the
engine finds no error in an imported hand; and the per-player results agree with fpdb's
expected outputs (``.hp``: totalProfit and winnings in cents) where the corpus has them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers import registry
from parsers.text import read_file
from pipeline.engine import replay
from tests.support.corpus_scan import detected_chunks, fpdb_expected, scan

pytestmark = pytest.mark.corpus

#: site -> (corpus folders, expected unique outcomes)
SITES = {
    "cereus": (("Absolute", "UltimateBet"), {"ok": 7, "unsupported_game": 2}),
    "cake": (("Cake",), {"ok": 15, "unsupported_game": 4}),
    "kingsclub": (("KingsClub",), {"ok": 3, "unsupported_game": 23}),
}
#: fpdb expected outputs (relative to the corpus) for each site.
EXPECTED = {
    "cereus": (
        "Absolute/jejellyroll-fr__fpdb-3/regression-test-files/cash/Absolute/Flop/"
        "IHH20090610 Chile Way - Hold'em No Limit $0.02(Real Money) Table 9339866.txt.hp",
        "UltimateBet/jejellyroll-fr__fpdb-3/regression-test-files/cash/UltimateBet/Flop/"
        "IHH20101106 Baseline Rd - Hold'em No Limit $0.02(Real Money) Table 25932774.txt.hp",
    ),
    "cake": (
        "Cake/jejellyroll-fr__fpdb-3/regression-test-files/cash/Cake/Flop/"
        "LHE-FR-0.02-0.04-201105.All-in.txt.hp",
    ),
}
#: fpdb's expected outputs, beside the hands in the sites' folders
FPDB_OUTPUTS = (".hp", ".hands", ".gt")


@pytest.mark.parametrize("site", sorted(SITES))
def test_every_history_of_the_site(corpus: Path, site: str) -> None:
    hands = detected_chunks(corpus, SITES[site][0], site, FPDB_OUTPUTS)
    found = scan(hands, registry.by_name(site).parse,
                 lambda chunk: chunk.text.split("\n", 1)[0][:120], ok_by_hand_id=True)
    assert dict(found.unique) == SITES[site][1]
    assert found.unexplained() == {}


@pytest.mark.parametrize("site", sorted(EXPECTED))
def test_against_fpdb_expected_output(corpus: Path, site: str) -> None:
    fmt = registry.by_name(site)
    for rel in EXPECTED[site]:
        hp = corpus / rel
        theirs = fpdb_expected(hp)
        (chunk,), _ = read_file(hp.with_suffix(""), fmt.header)
        hand = fmt.parse(chunk, str(hp))
        result = {s.seat: s for s in replay(hand).seats}
        ours = {s.player: (result[s.seat].net, result[s.seat].won) for s in hand.seats
                if s.seat in result}
        assert ours == {name: (row["totalProfit"], row["winnings"])
                        for name, row in theirs.items()}, rel
