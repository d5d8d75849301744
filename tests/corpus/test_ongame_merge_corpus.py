"""OnGame and Merge/Carbon parsers against every file of their corpus folders.

Which files: every file under the site's folders that the site's sniffer claims (expected
outputs, the PokerStars- and PartyPoker-format files filed under OnGame are not claimed, and
the test asserts that the latter are left alone). Counted by unique hand id.

Asserted: no exception but ParseError escapes; >= 95% of unique hold'em hands import (legacy
room target); every reject has a reason; the engine finds no error in an imported hand except
the hands listed below, each with what is known about it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers.sites import merge, ongame
from parsers.text import decode
from tests.support.corpus_scan import scan, sniffed_chunks

pytestmark = pytest.mark.corpus

#: Merge hands with error findings: every one a TRUE log defect (none a parse bug; the parse
#: bugs once listed here are fixed and pinned in tests/test_merge.py).
KNOWN = {
    # fpdb "player.acts.after.fold": Player5 folds preflop, then CALLs 0.05 on the river.
    "71732021-1470",
    # fpdb "no.community": the BB's preflop check (after a DISCONNECTED) is logged in the
    # POSTFLOP round, the flop has no COMMUNITY cards and no action from the small blind.
    "35035866-453",
    # fpdb FL 2011 file: the game element ends after the first preflop fold (no further
    # action, board or winner: the log is cut mid-hand).
    "33325037-509",
    # fpdb "weird.all.in.line": with both live players all in, a seat printed dealtin="false"
    # with a $0.00 balance (never posted, never dealt) "CHECKs" on the river.
    "71748131-1802",
    # HHSmithy HeadsUp.txt: described "Limit $10/$20" but posts 1/2 and raises/bets 6 (fits no
    # fixed-limit structure): the description does not belong to the hand.
    "56150235-132",
    # fpdb "allin.blind": the small blind's ALL_IN is printed amount="0.00" after his 25
    # ante, yet the printed main pot 565 = 5 x 25 antes + 4 x 110 says he put in 110: the
    # winners get 2335 where the logged chips add up to 2225.
    "45133716-41",
}
SITES = {
    "ongame": (ongame, ("OnGame",)),
    "merge": (merge, ("Merge", "Carbon_Merge")),
}


@pytest.mark.parametrize("site", sorted(SITES))
def test_every_history_of_the_site(corpus: Path, site: str) -> None:
    mod, folders = SITES[site]
    files: list[Path] = []
    found = scan(sniffed_chunks(corpus, folders, mod, files), mod.parse,
                 lambda chunk: chunk.text.split("\n", 1)[0][:120], ok_by_hand_id=True)
    assert len(files) > 20
    assert found.holdem > 60
    assert found.rate >= 0.95, (found.unique, found.reasons)
    assert found.unexplained(KNOWN) == {}
    # exactly the explained ones, each still an error (OnGame has none)
    assert {hand_id for hand_id, _ in found.errors} == (set(KNOWN) if site == "merge" else set())


def test_partypoker_files_under_ongame_are_not_claimed(corpus: Path) -> None:
    party = [p for p in (corpus / "OnGame").rglob("*.txt")
             if "***** Hand History for Game" in p.read_text(errors="replace")[:4000]]
    assert party
    for p in party:
        text, _ = decode(p.read_bytes())
        assert not ongame.sniff(text[:8192]) and not merge.sniff(text[:8192])
