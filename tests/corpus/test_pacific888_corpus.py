"""The 888poker parser against every 888/Pacific hand history in the corpus.

Asserted: only ParseError escapes; >= 99% of unique hold'em hands import; every reject has a
reason; the engine reports no error finding on an imported hand except the ones listed in
KNOWN_FINDINGS, each judged by hand (true site/log errors, see there). The remaining rejects
are genuine: two fpdb fixtures with blank player names, a truncated HHSmithy sample
("InValidHand") and a file fragment ending at its "#Game No" line. A Spanish
client's suits ("Dealt to Hero [ 7p, 8t ]", a 2012 Cassava tournament in fpdb's fixtures) are
read (parsers/sites/pacific888.py, ``_latin_suits``), no longer a bad_card reject.

fpdb's expected output for 888-FLH-PM-0.50-1.00-HeroLoses18 (.hp per-player rows, .hands
start time) is compared with our replay.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from parsers.errors import ParseError
from parsers.sites import pacific888
from parsers.text import read_file
from pipeline.engine import replay
from pipeline.engine.result import Severity
from tests.support.corpus_scan import fpdb_expected, manifest_rows, split_rows

pytestmark = pytest.mark.corpus
NOT_HISTORIES = ("EXPECTED-OUTPUT", "EMBEDDED", "SUMMARY")

#: (hand id, finding code) -> why it stands. Anything else is a regression.
KNOWN_FINDINGS = {
    # True site errors: the stakes line disagrees with the blinds actually posted.
    ("6551093", "post_wrong_amount"): "888.ca-on prints '$0.12/$0.25 Blinds', the SB posts $0.10",
    # (778807232, stakes line 200/400, posts 150/300 of the old level: a correct hand under a
    # stale header, one root warning since issue 33, pipeline/engine/cascade.py.)
}
HP = ("jejellyroll-fr__fpdb-3/regression-test-files/cash/PacificPoker/Flop/"
      "888-FLH-PM-0.50-1.00-HeroLoses18.txt")


def test_every_888_history(corpus: Path) -> None:
    paths, _ = split_rows(manifest_rows(corpus, "888_Pacific"), NOT_HISTORIES)
    histories = [p for p in paths
                 if pacific888.sniff((corpus / p).read_bytes()[:8192].decode("utf-8", "replace"))]
    assert len(histories) > 100
    outcome: dict[str, str] = {}
    unexpected: list[str] = []
    seen: set[tuple[str, str]] = set()
    for path in histories:
        chunks, _ = read_file(corpus / path, pacific888.HEADER)
        for chunk in chunks:
            try:
                h = pacific888.parse(chunk, path)
            except ParseError as err:
                assert err.reason, f"reject without a reason: {err}"
                key = f"{path}:{chunk.line}"
                if outcome.get(key) != "ok":
                    outcome[key] = err.reason
                continue
            if outcome.get(h.hand_id) == "ok":
                continue
            outcome[h.hand_id] = "ok"
            for f in replay(h).findings:
                if f.severity is Severity.ERROR:
                    seen.add((h.hand_id, f.code))
                if f.severity is Severity.ERROR and (h.hand_id, f.code) not in KNOWN_FINDINGS:
                    unexpected.append(f"{h.hand_id} {path}: {f.code} {f.message}")
    unique = Counter(outcome.values())
    holdem = sum(n for reason, n in unique.items() if reason != "unsupported_game")
    assert len(outcome) > 2000
    assert unique["ok"] / holdem >= 0.99, dict(unique)
    assert unexpected == []
    assert seen == set(KNOWN_FINDINGS)  # exactly the explained ones, each still an error


def test_fpdb_expected_output_hero_loses_18(corpus: Path) -> None:
    path = corpus / "888_Pacific" / HP
    (chunk,), _ = read_file(path, pacific888.HEADER)
    h = pacific888.parse(chunk, str(path))
    rep = replay(h)
    expected = fpdb_expected(path.with_name(path.name + ".hp"))  # player -> row, in cents
    seat_of = {s.player: s.seat for s in h.seats}
    by_seat = {s.seat: s for s in rep.seats}
    for player, row in expected.items():
        seat = by_seat[seat_of[player]]
        assert seat_of[player] == row["seatNo"]
        assert h.seat_of(player).stack == row["startCash"]
        assert (seat.won, seat.net) == (row["winnings"], row["totalProfit"]), player
    # 888 prints no rake: it is what the pot held beyond the collections (fpdb: 125).
    rake = sum(r["rake"] for r in expected.values())
    assert rep.total_pot - sum(s.won for s in rep.seats) == rake
    assert not rep.has_errors
    # .hands: startTime 2011-03-21 23:41:31 UTC for the printed 19:41:31 (US Eastern, EDT).
    hands = path.with_name(path.name + ".hands").read_text(encoding="utf-8")
    assert "datetime(2011, 3, 21, 23, 41, 31" in hands.replace("datetime.datetime", "datetime")
    assert h.started_at is not None and h.started_at.isoformat() == "2011-03-21T23:41:31+00:00"
