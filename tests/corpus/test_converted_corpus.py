"""PokerStars-format files a third-party tool wrote (MANIFEST.tsv: "CONVERTED by 3rd-party
tool, not site-written"): every error finding the engine gives on them is one of the
converters' known slips, each recognised from the hand's own text.

Which files: every MANIFEST row whose notes say CONVERTED and whose text the PokerStars
sniffer claims (the Bovada logs an Ignition converter rewrote as PokerStars, FPDB's
``*.converted*.txt``). Their hands are parsed and replayed as the PokerStars parser and the
engine do for any PokerStars hand; nothing here changes how they are read.

The slips (each checked on the printed lines, independently of the parser's reading):

- Not a slip but a dialect the engine reads (issue 33), so no finding at all: the converter
  prints the chips the raiser *adds* as the raise size, "raises X to Y" with X = Y minus the
  raiser's own live chips already in on the street, where PokerStars prints the increment over
  the bet faced (Y minus the bet); e.g. "raises $0.10 to $0.10" against a $0.05 big blind. The
  test finds such lines in the text and requires that none gives ``raise_to_mismatch``.
- ``wrong_call_amount`` and ``round_not_closed``: a second "posts small blind" by a player
  outside the small-blind seat (Bovada's dead small blind, a returning player's post). The
  converter keeps it live: the player's later "calls X" is the bet minus that post, so by
  PokerStars' rules (a dead post) the call falls short and the round does not close on it.
- ``uncalled_bet_wrong``: a walk in which the converter "returns" the whole big blind to the
  big blind, when only the part the small blind did not match is uncalled.

Anything else, in any of these files, fails the test.
"""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from parsers import registry
from parsers.errors import ParseError
from parsers.model import Hand
from parsers.sites.pokerstars import reader as pokerstars
from parsers.text import decode
from pipeline.engine import Finding, Severity, replay
from tests.support.corpus_scan import file_chunks, manifest_rows

pytestmark = pytest.mark.corpus

#: A PokerStars chip-moving line: name, verb, amount, the "to" amount of a raise.
_ACT = re.compile(r"^(?P<name>.+?): (?P<verb>posts small & big blinds|posts small blind|"
                  r"posts big blind|posts the ante|calls|bets|raises) \$?(?P<x>[\d,.]+)"
                  r"(?: to \$?(?P<y>[\d,.]+))?")
_STAKES = re.compile(r"\(\$?([\d,.]+)/\$?([\d,.]+)")
_UNCALLED = re.compile(r"^Uncalled bet \(\$?([\d,.]+)\) returned to (.+)$")


def _money(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


def _small_blind(lines: list[str]) -> Decimal:
    """The small blind of the stakes in the hand line ("Hold'em No Limit ($0.02/$0.05)")."""
    m = _STAKES.search(lines[0])
    assert m is not None, lines[0]
    return _money(m[1])


def _street_before(lines: list[str], index: int) -> tuple[dict[str, Decimal], str | None]:
    """Each player's live chips on the street of ``lines[index]``, from the lines before it (a
    raise's "to" amount is the player's total on the street; of "posts small & big blinds"
    only the big blind is live), and the name on that line."""
    start = index
    while start > 0 and not lines[start - 1].startswith("*** "):
        start -= 1
    if start == 0 or lines[start - 1].startswith("*** HOLE CARDS"):
        start = next(i for i, line in enumerate(lines) if _ACT.match(line))  # preflop: posts
    own: dict[str, Decimal] = {}
    for line in lines[start:index]:
        m = _ACT.match(line)
        if m is None or m["verb"] == "posts the ante":
            continue
        name = m["name"]
        if m["verb"] == "posts small & big blinds":  # the small blind in it is dead
            own[name] = own.get(name, Decimal(0)) + _money(m["x"]) - _small_blind(lines)
        elif m["verb"] == "raises":
            own[name] = _money(m["y"])
        else:
            own[name] = own.get(name, Decimal(0)) + _money(m["x"])
    m = _ACT.match(lines[index])
    return own, (m["name"] if m else None)


def _raise_adds_not_increment(lines: list[str], index: int) -> bool:
    m = _ACT.match(lines[index])
    if m is None or m["verb"] != "raises" or m["y"] is None:
        return False
    own, name = _street_before(lines, index)
    x, y = _money(m["x"]), _money(m["y"])
    faced = max(own.values(), default=Decimal(0))
    mine = own.get(name, Decimal(0))
    return x == y - mine and x != y - faced


def _dead_small_blind_callers(lines: list[str]) -> set[str]:
    """Players who posted a second small blind and whose preflop call is the bet faced minus
    that post (the converter counting the dead post as live)."""
    small = [m["name"] for line in lines if (m := _ACT.match(line))
             and m["verb"] == "posts small blind"]
    if len(small) < 2:
        return set()
    out = set()
    for i, line in enumerate(lines):
        if line.startswith("*** FLOP"):
            break
        m = _ACT.match(line)
        if m is None or m["verb"] != "calls" or m["name"] not in small[1:]:
            continue
        own, name = _street_before(lines, i)
        post = next(_money(p["x"]) for p in map(_ACT.match, lines)
                    if p and p["name"] == name and p["verb"] == "posts small blind")
        if _money(m["x"]) + post == max(own.values()):
            out.add(name)
    return out


def _whole_big_blind_returned(lines: list[str]) -> bool:
    acts = [m for line in lines if (m := _ACT.match(line))]
    verbs = [m["verb"] for m in acts]
    if sorted(verbs) != ["posts big blind", "posts small blind"]:
        return False  # a walk: the blinds and nothing else put in
    big = next(m for m in acts if m["verb"] == "posts big blind")
    small = next(m for m in acts if m["verb"] == "posts small blind")
    returned = [m for line in lines if (m := _UNCALLED.match(line.strip()))]
    return (len(returned) == 1 and returned[0][2] == big["name"]
            and _money(returned[0][1]) == _money(big["x"]) > _money(small["x"]) > 0)


def _explained(h: Hand, f: Finding) -> str | None:
    """The converter slip that explains ``f``, read from the hand's text, or None."""
    lines = h.raw_text.split("\n")
    if f.code in ("wrong_call_amount", "round_not_closed"):
        callers = _dead_small_blind_callers(lines)
        ok = any(f"({name})" in f.message for name in callers)
        return "dead small blind counted live" if ok else None
    if f.code == "uncalled_bet_wrong":
        return "walk returns the whole big blind" if _whole_big_blind_returned(lines) else None
    return None


def _converted_pokerstars_files(corpus: Path) -> list[str]:
    paths = []
    for row in manifest_rows(corpus):
        if "CONVERTED" not in row["notes"]:
            continue
        text, _ = decode((corpus / row["path"]).read_bytes())
        if pokerstars.FORMAT.sniff(text[: registry.SNIFF_BYTES]):
            paths.append(row["path"])
    return paths


def test_converted_files_errors_are_the_converters(corpus: Path) -> None:
    paths = _converted_pokerstars_files(corpus)
    assert len(paths) >= 10, paths
    classes: Counter[str] = Counter()
    unexplained: list[str] = []
    imported = dialect = 0
    for path, chunk in file_chunks(corpus, paths, pokerstars.HEADER):
        try:
            h = pokerstars.parse(chunk, path)
        except ParseError as err:
            assert err.reason, err
            continue
        imported += 1
        lines = h.raw_text.split("\n")
        dialect += sum(_raise_adds_not_increment(lines, i) for i in range(len(lines)))
        for f in replay(h).findings:
            if f.severity is not Severity.ERROR:
                continue
            why = _explained(h, f)
            if why is None:
                unexplained.append(f"{path} #{h.hand_id} line {f.line}: {f.code}: {f.message}")
            else:
                classes[why] += 1
    print(f"\nconverted PokerStars files={len(paths)} imported={imported} "
          f"raises printed as chips added={dialect} explained errors={dict(classes)}")
    assert imported > 500
    assert unexplained == [], unexplained[:20]
    assert dialect > 100  # raises printed as chips added: found, not assumed, none flagged
