"""A returning player's post on Ignition, in both cores (issue 33): the site's own word says
which post is live. "Posts chip $x" is live even below the big blind (the player then owes
the rest of it: "Calls" the difference, or "Raises ... to" a total that holds the post);
"Posts dead chip $x" is dead (a post of both blinds: the big blind live, the rest dead).

Each hand below is written as the site prints it, its "Total Pot" the sum of its lines (so
the pot itself says which reading is the site's). Asserted: both cores store identical rows,
no hand has an error finding, and every stored net is the log's own (collected less put in,
read by the corpus test's independent reader).
"""

from __future__ import annotations

import random
import re
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest

from parsers.sites.ignition import reader as ignition
from parsers.text import Chunk
from pipeline.engine import Severity, replay
from pipeline.ingest.run import import_paths
from tests.corpus.test_net_accounting import ignition_ledger

native = pytest.importorskip("sidepot_native", reason="the native core is not built")

_HEAD = """\
Ignition Hand #{n} TBL#11428969 HOLDEM No Limit - 2017-03-10 23:{m:02d}:14
Seat 1: UTG [ME] ($5 in chips)
Seat 2: UTG+1 ($6.77 in chips)
Seat 7: Dealer ($1.43 in chips)
Seat 8: Small Blind ($1.45 in chips)
Seat 9: Big Blind ($5.06 in chips)
Dealer : Set dealer [7]
Small Blind : Small Blind $0.02
Big Blind : Big blind $0.05
{post}
*** HOLE CARDS ***
UTG  [ME] : Card dealt to a spot [6h 6d]
UTG+1 : Card dealt to a spot [2h 5h]
Dealer : Card dealt to a spot [3d Qh]
Small Blind : Card dealt to a spot [2c 2s]
Big Blind : Card dealt to a spot [Ah 3c]
"""

_TAIL = """\
*** SUMMARY ***
Total Pot(${pot})
Seat+1: UTG {sum_utg}
Seat+2: UTG+1 {sum_utg1}
Seat+7: Dealer Folded before the FLOP
Seat+8: Small Blind Folded before the FLOP
Seat+9: Big Blind Folded on the FLOP
"""

#: (the post line, the preflop and flop play, the pot, UTG+1's collection, UTG's summary
#: line, UTG+1's summary line)
HANDS = [
    # "Posts chip" below the big blind, then a call of the rest: 0.02 + 0.03 live
    ("UTG+1 : Posts chip $0.02 ",
     "UTG  [ME] : Folds\nUTG+1 : Calls $0.03 \nDealer : Folds\nSmall Blind : Folds\n"
     "Big Blind : Checks\n*** FLOP *** [2d 7c 9h]\nBig Blind : Checks\nUTG+1 : Bets $0.10 \n"
     "Big Blind : Folds\nUTG+1 : Return uncalled portion of bet $0.10 \n",
     "0.12", "0.12", "Folded before the FLOP", "$0.12 [Does not show]"),
    # "Posts chip" below the big blind, then a raise to a total that holds it (0.18 added)
    ("UTG+1 : Posts chip $0.02 ",
     "UTG  [ME] : Folds\nUTG+1 : Raises $0.20 to $0.20\nDealer : Folds\nSmall Blind : Folds\n"
     "Big Blind : Calls $0.15 \n*** FLOP *** [2d 7c 9h]\nBig Blind : Checks\n"
     "UTG+1 : Bets $0.30 \nBig Blind : Folds\nUTG+1 : Return uncalled portion of bet $0.30 \n",
     "0.42", "0.42", "Folded before the FLOP", "$0.42 [Does not show]"),
    # "Posts dead chip" of a small blind: dead, the player owes the whole big blind
    ("UTG+1 : Posts dead chip $0.02 ",
     "UTG  [ME] : Folds\nUTG+1 : Calls $0.05 \nDealer : Folds\nSmall Blind : Folds\n"
     "Big Blind : Checks\n*** FLOP *** [2d 7c 9h]\nBig Blind : Checks\nUTG+1 : Bets $0.10 \n"
     "Big Blind : Folds\nUTG+1 : Return uncalled portion of bet $0.10 \n",
     "0.14", "0.14", "Folded before the FLOP", "$0.14 [Does not show]"),
    # "Posts dead chip" of both blinds: the big blind live (a check), the small blind dead
    ("UTG+1 : Posts dead chip $0.07 ",
     "UTG  [ME] : Folds\nUTG+1 : Checks\nDealer : Folds\nSmall Blind : Folds\n"
     "Big Blind : Checks\n*** FLOP *** [2d 7c 9h]\nBig Blind : Checks\nUTG+1 : Bets $0.10 \n"
     "Big Blind : Folds\nUTG+1 : Return uncalled portion of bet $0.10 \n",
     "0.14", "0.14", "Folded before the FLOP", "$0.14 [Does not show]"),
]


def _hand(n: int, post: str, play: str, pot: str, won: str, sum_utg: str, sum_utg1: str) -> str:
    play = play.rstrip("\n")
    result = f"UTG+1 : Does not show [2h 5h] (High Card)\nUTG+1 : Hand result ${won} \n"
    return (_HEAD.format(n=n, m=n % 60, post=post) + play + "\n" + result
            + _TAIL.format(pot=pot, sum_utg=sum_utg, sum_utg1=sum_utg1))


def _file() -> str:
    return "\n\n".join(_hand(3435192900 + k, *h) for k, h in enumerate(HANDS)) + "\n"


def _chunks() -> list[str]:
    return [c.strip("\n") for c in _file().split("\n\n") if c.strip()]


def test_the_python_core_reads_each_post_by_the_sites_word() -> None:
    for chunk in _chunks():
        hand = ignition.parse(Chunk(chunk, 0, 1), "returning.txt")
        r = replay(hand)
        assert [f for f in r.findings if f.severity is Severity.ERROR] == [], hand.hand_id
        led = ignition_ledger(chunk.splitlines())
        nets = led.nets()
        assert nets is not None and not led.unread
        by_name = {s.seat: s.player for s in hand.seats}
        got = {by_name[s.seat]: s.net for s in r.seats}
        assert got["UTG+1"] == int(nets["UTG+1"] * 100), hand.hand_id


def test_both_cores_store_the_same_rows_and_the_logs_nets(tmp_path: Path) -> None:
    from tests.native.parity_sites import SiteTally, compare_site_file

    data = _file().encode()
    t = SiteTally()
    compare_site_file(data, "returning.txt", "ignition", t)
    assert not t.mismatches, t.mismatches
    assert t.compared == len(HANDS) and not t.deferred

    path = tmp_path / "returning.txt"
    path.write_bytes(data)
    import_paths([path], tmp_path / "r.duckdb")
    with duckdb.connect(str(tmp_path / "r.duckdb"), read_only=True) as con:
        hands = con.execute("SELECT hand_id, has_error FROM hands ORDER BY hand_id").fetchall()
        seats = con.execute("SELECT hand_id, player, net FROM seats").fetchall()
    assert [h for h, bad in hands if bad] == [] and len(hands) == len(HANDS)
    chunks = {c.split(" ", 3)[2].lstrip("#"): c for c in _chunks()}
    for hand_id, player, net in seats:
        nets = ignition_ledger(chunks[hand_id].splitlines()).nets()
        assert nets is not None
        assert net == nets.get(player, Decimal(0)), (hand_id, player)


# ---- both cores alike on real hands given a returning post -----------------------------------

_BIG = re.compile(r"^(?P<who>[^:\n]+?) : Big blind (?P<amount>\$?[\d.]+)\s*$", re.M)
_SMALL = re.compile(r" : Small [Bb]lind (\$?[\d.]+)")
_SEAT = re.compile(r"^Seat \d+: (?P<label>UTG(?:\+\d)?|Dealer)\b", re.M)


def post_returning(data: bytes, seed: int) -> bytes:
    """Each Ignition hand with a returning player's post after the big blind, by a seat
    outside the blinds: "Posts chip" or "Posts dead chip" of the small blind, "Posts chip" of
    the big blind, or "Posts dead chip" of both. The hand's later lines stay as printed, so
    many no longer add up: both cores must still store the same rows and findings."""
    from parsers.text import decode

    rng = random.Random(seed)
    out = []
    for hand in re.split(r"\n(?=[ \t]*(?:Ignition|Bovada|Bodog) Hand #)", decode(data)[0]):
        big, small = _BIG.search(hand), _SMALL.search(hand)
        seats = _SEAT.findall(hand)
        if big is None or small is None or not seats:
            out.append(hand)
            continue
        who, sb, bb = rng.choice(seats), small.group(1), big.group("amount")
        both = sb[:1] + _plus(sb.lstrip("$"), bb.lstrip("$"))
        verb = rng.choice([f"Posts chip {sb}", f"Posts dead chip {sb}", f"Posts chip {bb}",
                           f"Posts dead chip {both}"])
        at = big.end()
        out.append(hand[:at] + f"\n{who} : {verb} " + hand[at:])
    return "\n".join(out).encode()


def _plus(a: str, b: str) -> str:
    return str(Decimal(a) + Decimal(b))


@pytest.mark.corpus
def test_real_hands_with_a_returning_post_alike_in_both_cores() -> None:
    from tests.native.parity_sites import SiteTally, compare_site_file, corpus_files

    files = corpus_files("ignition")
    if not files:
        pytest.skip("real corpus not present (../shared/corpus or $SIDEPOT_CORPUS)")
    t = SiteTally()
    for k, p in enumerate(files[::6]):
        compare_site_file(post_returning(p.read_bytes(), 700 + k), f"returning-{p.name}",
                          "ignition", t)
    print(f"\nignition with returning posts: {t.line()}")
    assert not t.mismatches, "\n".join(t.mismatches[:20])
    assert t.compared > 0.9 * t.chunks and t.compared > 1000
