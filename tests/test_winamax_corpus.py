"""The Winamax parser against every Winamax hand history in the real corpus.

Which files are hand histories: every Winamax row of MANIFEST.tsv except EXPECTED-OUTPUT and
EMBEDDED ones (those are still split, to show nothing breaks). SUMMARY rows are read like
histories: the manifest's label is a heuristic (two "summary" files hold real hands), and a
true tournament summary has no hand header, so it splits to nothing.

Asserted: no exception but ParseError escapes; >= 99% of unique hold'em hands import; every
reject has a reason; the engine finds no error in any imported hand except the known true site
errors listed below; fpdb's expected per-player results (``.hp``: winnings and totalProfit in
cents) agree with the engine's collected and net.
"""

from __future__ import annotations

import ast
import csv
from collections import Counter
from pathlib import Path

import pytest

from parsers.errors import ParseError
from parsers.sites import winamax
from parsers.text import read_file
from pipeline.engine import replay
from pipeline.engine.result import Severity

pytestmark = pytest.mark.corpus
NOT_HISTORIES = ("EXPECTED-OUTPUT", "EMBEDDED")

#: Hands whose error findings are the site's own, each with why.
SITE_ERRORS = {
    # Half-chip tournament ("bets 292.50") with a raise printed as a bet: the chips put in come
    # to 3367.50 but the winner "collected 3368" (the site rounded the half chip up).
    "6307872438747255-64-1288123510",
}


def _rows(root: Path) -> list[dict[str, str]]:
    with open(root / "MANIFEST.tsv", encoding="utf-8", newline="") as f:
        return [r for r in csv.DictReader(f, delimiter="\t") if r["site"] == "Winamax"]


def test_every_winamax_history(corpus: Path) -> None:
    rows = _rows(corpus)
    histories = [r["path"] for r in rows if not any(m in r["notes"] for m in NOT_HISTORIES)]
    others = [r for r in rows if any(m in r["notes"] for m in NOT_HISTORIES)]
    assert len(histories) > 60

    seen = 0
    outcome: dict[str, str] = {}
    reasons: Counter[str] = Counter()
    examples: dict[str, str] = {}
    bad: dict[str, list[str]] = {}
    for path in histories:
        chunks, _ = read_file(corpus / path, winamax.HEADER)
        for chunk in chunks:
            seen += 1
            hand_id = chunk.text.partition("HandId: #")[2].partition(" ")[0]
            try:
                h = winamax.parse(chunk, path)
            except ParseError as err:
                assert err.reason, f"reject without a reason: {err}"
                reasons[err.reason] += 1
                examples.setdefault(err.reason, f"{path}:{chunk.line + err.line - 1}: {err}")
                if outcome.get(hand_id) != "ok":
                    outcome[hand_id] = err.reason
                continue
            outcome[hand_id] = "ok"
            errs = [f"{f.code}: {f.message}" for f in replay(h).findings
                    if f.severity is Severity.ERROR]
            if errs and h.hand_id not in SITE_ERRORS:
                bad[h.hand_id] = errs

    for row in others:  # expected outputs hold no hand; embedded ones may
        chunks = read_file(corpus / row["path"], winamax.HEADER)[0]
        assert chunks == [] or "EMBEDDED" in row["notes"], row["path"]

    unique = Counter(outcome.values())
    holdem = sum(n for reason, n in unique.items() if reason != "unsupported_game")
    rate = unique["ok"] / holdem
    print(f"\nWinamax corpus: files={len(histories)} hands_seen={seen} unique={len(outcome)}")
    print(f"unique by outcome: {dict(unique)}; hold'em import rate {rate:.4%}")
    for reason, example in examples.items():
        print(f"  {reason}: {example[:200]}")
    assert len(outcome) > 230
    assert rate >= 0.99
    assert bad == {}


def _fpdb_players(path: Path) -> dict[str, dict]:
    return ast.literal_eval(path.read_text(encoding="utf-8").replace("u'", "'"))


def test_fpdb_expected_results(corpus: Path) -> None:
    compared = 0
    for row in _rows(corpus):
        if not row["path"].endswith(".hp") or "NLHE" not in row["path"]:
            continue
        expected = _fpdb_players(corpus / row["path"])
        (chunk,), _ = read_file(corpus / row["path"][:-3], winamax.HEADER)
        h = winamax.parse(chunk, row["path"])
        result = {s.seat: s for s in replay(h).seats}
        for seat in h.seats:
            if seat.player not in expected:
                continue
            want = expected[seat.player]
            got = result.get(seat.seat)
            won, net = (got.won, got.net) if got else (0, 0)
            assert (won, net) == (want["winnings"], want["totalProfit"]), seat.player
            compared += 1
    assert compared >= 10
