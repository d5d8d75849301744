"""The store -> PHH -> store round trip over real hands (issue 13, bug 5).

Files are imported into store A, every hand is exported as one ``.phhs`` file, that file is
imported into a new store B, and the two stores are compared row by row:

- every hand comes back: B holds exactly the hands A holds less the ones the export summary
  left out as not representable (counted by reason), each under its original (site, hand_id),
  with no reject and no duplicate on the way back;
- every file written is valid PHH (:func:`spec_problems`): seats in 1..seat_count, stacks
  positive, finishing stacks and winnings never negative, a level that is an integer...;
- the seats dealt in come back with the same number, player, starting stack and hole cards;
- hands PHH holds exactly (``phh.limits`` empty) and the engine has nothing to say about
  (no finding on the source) come back with the same stakes, button, table size, boards and
  start time, the same decisions (street, seat, kind, raise-to, all-in where the source says
  so), the same posts, the same money per seat (invested, won, final stack) and the same pots.

What is compared for the others, and why: a hand written with a loss (``phh.limits``: a dead
blind written as an ante, a post out of position...) and a hand the engine
already flags (a wrong uncalled bet, a collection the rules do not explain: PHH writes the
rules' outcome, not the log's) are held to the first three points only; the test counts how
many of them still match in full. PHH writes no call amounts (``cc`` calls what is owed) and no
uncalled bets (the reader returns them), so calls are compared by kind and uncalled bets
through the money per seat; shows and mucks by seat and shown cards (a muck's cards and a
show's street are not in PHH).

The whole corpus takes several minutes (two imports of 53,000 hands): it is marked slow; the
fast version runs the same comparison over a few hundred corpus hands chosen for the cases
that broke (BetOnline and Everest seats from 0, Cake seats beyond the table size, PKR hands
without blinds, OnGame and Everleaf levels that are not integers, Ignition and PokerStars
hands sharing ids).
"""

from __future__ import annotations

import tomllib
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest

from parsers.sites.phh import reader
from parsers.text import split_hands
from pipeline.engine import replay
from pipeline.export import phh
from pipeline.export.run import export_phh, load_hands
from pipeline.ingest import import_paths

_HAND = ("game, limit_type, currency, small_blind, big_blind, ante, small_bet, big_bet, "
         "button_seat, max_seats, boards, started_at")
_QUERIES = {
    "hand": f"SELECT site, hand_id, {_HAND} FROM {{db}}.hands",
    "seats": "SELECT site, hand_id, seat, player, starting_stack, hole_cards, invested, won, "
             "final_stack FROM {db}.seats ORDER BY seat",
    "actions": "SELECT site, hand_id, street, seat, kind, amount, to_amount, all_in, cards "
               "FROM {db}.actions ORDER BY seq",
    "pots": "SELECT site, hand_id, pot_index, amount, eligible_seats, winner_seats "
            "FROM {db}.pots ORDER BY pot_index",
}
Key = tuple[str, str]


@dataclass
class RoundTrip:
    """The numbers of one round trip, and every hand that failed a check (empty: all good)."""

    hands_in: int = 0
    exported: int = 0
    not_representable: dict[str, int] = field(default_factory=dict)
    reimported: int = 0
    rejected: int = 0
    duplicates: int = 0
    invalid: list[str] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)  # exact / lossy / engine findings
    matching: Counter[str] = field(default_factory=Counter)  # ... of which match in full
    same_money: Counter[str] = field(default_factory=Counter)  # ... same money per seat
    same_final: Counter[str] = field(default_factory=Counter)  # ... same final stacks
    failures: list[str] = field(default_factory=list)


def spec_problems(doc: dict) -> list[str]:
    """What in one PHH document breaks the spec's rules on the fields sidepot writes."""
    out = []
    n = len(doc["starting_stacks"])
    seats, count = doc.get("seats", []), doc.get("seat_count")
    if len(seats) != n or len(set(seats)) != n or any(not isinstance(s, int) for s in seats):
        out.append("seats")
    elif min(seats) < 1 or (count is not None and max(seats) > count):
        out.append("seat outside 1..seat_count")
    if any(v <= 0 for v in doc["starting_stacks"]):
        out.append("a stack not positive")
    for key in ("antes", "blinds_or_straddles", "finishing_stacks", "winnings"):
        if key in doc and (len(doc[key]) != n or any(v < 0 for v in doc[key])):
            out.append(f"{key} negative or of the wrong length")
    bets = ("small_bet", "big_bet") if doc["variant"] == "FT" else ("min_bet",)
    if any(not doc.get(k, 0) > 0 for k in bets):
        out.append("no positive " + "/".join(bets))
    for key, kind in (("level", int), ("hand", (str, int)), ("table", (str, int)),
                      ("venue", str), ("currency", str)):
        if key in doc and not isinstance(doc[key], kind):
            out.append(f"{key} of the wrong type")
    if "currency" in doc and not (len(doc["currency"]) == 3 and doc["currency"].isupper()):
        out.append("currency not an ISO code")
    for act in doc["actions"]:
        words = act.split()
        if len(words) == 3 and words[1] == "cbr" and not Decimal(words[2]) > 0:
            out.append("cbr not positive")
        if words[:2] == ["d", "dh"] and len(words[3]) != 4:
            out.append("not two hole cards")
    return out


def _fetch(con: duckdb.DuckDBPyConnection, db: str, sql: str) -> dict[Key, list[tuple]]:
    out: dict[Key, list[tuple]] = defaultdict(list)
    for row in con.execute(sql.format(db=db)).fetchall():
        out[(row[0], row[1])].append(row[2:])
    return out


def _decisions(rows: list[tuple]) -> tuple[list, list, list]:
    """(posts, decisions, all-in flags) of a hand's action rows, as PHH can hold them."""
    posts = sorted((seat, kind, amount) for _, seat, kind, amount, *_ in rows
                   if kind.startswith("post"))
    decisions, all_in = [], []
    for street, seat, kind, _amount, to, flag, cards in rows:
        if kind.startswith("post") or kind == "uncalled_return":
            continue
        if kind in ("show", "muck"):
            decisions.append((seat, kind, cards if kind == "show" else None))
        else:
            decisions.append((street, seat, kind, to if kind in ("bet", "raise") else None))
            all_in.append(flag)
    return posts, decisions, all_in


def _same_actions(a: list[tuple], b: list[tuple]) -> bool:
    pa, da, fa = _decisions(a)
    pb, db, fb = _decisions(b)
    # PHH has no all-in flag: the reader sets it when the stack runs out, which some logs
    # leave unsaid; one the source prints must still be there
    flags = len(fa) == len(fb) and all(y or not x for x, y in zip(fa, fb, strict=True))
    return pa == pb and da == db and flags


def compare_stores(a: Path, b: Path, res: RoundTrip) -> None:
    """Compare store B (the re-import) with store A hand by hand, into ``res``."""
    con = duckdb.connect()
    con.execute(f"ATTACH '{a}' AS a (READ_ONLY)")
    con.execute(f"ATTACH '{b}' AS b (READ_ONLY)")
    rows = {name: (_fetch(con, "a", q), _fetch(con, "b", q)) for name, q in _QUERIES.items()}
    con.close()
    keys_a, keys_b = set(rows["hand"][0]), set(rows["hand"][1])
    res.hands_in, res.reimported = len(keys_a), len(keys_b)
    res.failures += [f"{s}:{h} is not in the store it came from" for s, h in keys_b - keys_a]
    for hand in load_hands(a):
        key = (hand.site, hand.hand_id)
        if key not in keys_b:
            continue
        lost = phh.limits(hand)
        kind = "lossy" if lost else "engine findings" if replay(hand).findings else "exact"
        res.kinds[kind] += 1
        dealt = set(phh.dealt_in(hand))
        seats_a = [r for r in rows["seats"][0][key] if r[0] in dealt]
        if [_who(r, lost) for r in seats_a] != [_who(r, lost) for r in rows["seats"][1][key]]:
            res.failures.append(f"{hand.site}:{hand.hand_id}: the seats dealt in differ")
            continue
        bad = [name for name, (ra, rb) in rows.items() if not _same(name, ra[key], rb[key])]
        if "seats" not in bad:  # invested, won and final stack of every seat dealt in
            res.same_money[kind] += 1
        finals = [[(r[0], r[-1]) for r in side[key] if r[0] in dealt] for side in rows["seats"]]
        if finals[0] == finals[1]:
            res.same_final[kind] += 1
        if not bad:
            res.matching[kind] += 1
        elif kind == "exact":
            res.failures.append(f"{hand.site}:{hand.hand_id}: {', '.join(bad)} differ")


def _who(seat_row: tuple, lost: tuple[str, ...]) -> tuple:
    """A seat as every hand must give it back: number, player, stack, hole cards."""
    seat, player, stack, hole = seat_row[:4]
    if "a player without a name" in lost:
        player = None  # the reader names an anonymous player p1, p2...
    if "one hole card known" in lost:
        hole = None
    return seat, player, stack, hole


def _same(name: str, a: list[tuple], b: list[tuple]) -> bool:
    if name == "seats":
        dealt = {r[0] for r in b}
        a = [r for r in a if r[0] in dealt]
    if name == "actions":
        return _same_actions(a, b)
    return a == b


def round_trip(paths: list[Path], tmp: Path) -> RoundTrip:
    """Import ``paths`` into A, export A as PHH, import that into B, compare A and B."""
    a, b, out = tmp / "a.duckdb", tmp / "b.duckdb", tmp / "all.phhs"
    import_paths(paths, a)
    summary = export_phh(load_hands(a), out)
    res = RoundTrip(exported=summary.hands, not_representable=summary.skipped_by_reason)
    for chunk in split_hands(out.read_text(encoding="utf-8"), header=reader.HEADER):
        doc = tomllib.loads(chunk.text)
        problems = spec_problems(next(iter(doc.values())))
        if problems:
            res.invalid.append(f"line {chunk.line}: {', '.join(problems)}")
    back = import_paths([out], b)
    res.rejected, res.duplicates = back.rejected, back.duplicates
    compare_stores(a, b, res)
    return res


def _check(res: RoundTrip) -> None:
    assert res.invalid == [], res.invalid[:10]
    assert (res.rejected, res.duplicates) == (0, 0)
    assert res.exported == res.hands_in - sum(res.not_representable.values())
    assert res.reimported == res.exported
    assert res.failures == [], res.failures[:10]
    assert res.matching["exact"] == res.kinds["exact"] > 0


#: Corpus files for the fast version: the sites whose PHH was invalid, and a pair of files
#: holding the same hands as Ignition and as PokerStars (same ids, two sites).
_FAST = (
    "BetOnline", "Everest", "Cake", "PKR", "OnGame", "Everleaf",
    "Bovada_Ignition/antoinne85__PokerHandHistoryParser/Hand History Files/Ignition/FullRing/"
    "HH20170310-201056 - 5178269 - RING - $0.02-$0.05 - HOLDEM - NL - TBL No.11428834.txt",
    "Bovada_Ignition/antoinne85__PokerHandHistoryParser/Hand History Files/"
    "PokerStars (Converted from Ignition)/FullRing/BovadaHandHistory_Holdem_NL_"
    "201703121143447916611.txt",
)


@pytest.mark.corpus
def test_round_trip_of_corpus_sample(corpus: Path, tmp_path: Path):
    res = round_trip([corpus / p for p in _FAST], tmp_path)
    _check(res)
    assert 300 < res.hands_in < 1000
    assert res.not_representable == {"a player dealt in has no chips": 1, "no big blind": 3}
    shared = duckdb.connect(str(tmp_path / "b.duckdb"), read_only=True).execute(
        "SELECT count(*) FROM (SELECT hand_id FROM hands GROUP BY 1 HAVING count(*) = 2)"
    ).fetchone()
    assert shared is not None and shared[0] > 0  # one id, two sites: both came back
    print(res)


@pytest.mark.slow
@pytest.mark.corpus
def test_round_trip_of_whole_corpus(corpus: Path, tmp_path: Path):
    res = round_trip([corpus], tmp_path)
    _check(res)
    assert res.hands_in > 50_000
    print(res)  # shown with -s: the numbers quoted in the report
