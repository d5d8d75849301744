"""The PHH TOML reader: its fast subset reads every document exactly as tomllib does (same
dict, same types), gives up on everything outside the subset, and a hand parsed through the
fast path equals the same hand parsed through tomllib."""

from __future__ import annotations

import tomllib
from datetime import time as dtime
from decimal import Decimal
from pathlib import Path

import pytest

from parsers.errors import ParseError
from parsers.sites.phh import reader as phh
from parsers.sites.phh import toml_subset as phh_toml
from parsers.text import Chunk, split_hands
from pipeline.export import phh as phh_writer
from pipeline.sim.dealer import simulate


def _same(a: object, b: object) -> bool:
    """Equal with the same types all the way down, and Decimals written alike (0.50 vs 0.5):
    stricter than ``==``, which would let 1 == True == Decimal('1.0') pass."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, Decimal):
        return str(a) == str(b)
    return a == b


def _reference(text: str) -> dict:
    return tomllib.loads(text, parse_float=Decimal)


@pytest.fixture(scope="module")
def simulated() -> str:
    """Our writer's .phhs text for 300 simulated hands (2 to 9 players)."""
    hands = [s.hand for s in simulate(300, 11, players=(2, 9), rake=False, run_it_twice=False)]
    return phh_writer.write_hands(hands)


def _chunks(text: str) -> list[Chunk]:
    return split_hands(text, "utf-8", phh.HEADER)


def test_simulated_hands_read_fast_and_as_tomllib(simulated: str) -> None:
    chunks = _chunks(simulated)
    assert len(chunks) == 300
    for text in [simulated, *(c.text for c in chunks)]:
        fast = phh_toml.fast_loads(text)
        assert fast is not None, text[:200]
        assert _same(fast, _reference(text)), text[:200]


def test_corpus_files_read_fast_and_as_tomllib(corpus: Path) -> None:
    files = sorted(p for p in (corpus / "phh").rglob("*.phh*") if p.is_file())
    assert len(files) > 1000
    for path in files:
        text = path.read_text("utf-8")
        for part in [text, *(c.text for c in _chunks(text))]:
            fast = phh_toml.fast_loads(part)
            assert fast is not None, path  # every corpus document is within the subset
            assert _same(fast, _reference(part)), path


def _parse_both(chunk: Chunk, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    """The hand (or the error's reason, detail and line) through the fast reader, then with
    the fast reader switched off (every document through tomllib)."""

    def outcome() -> object:
        try:
            return phh.parse(chunk, "f")
        except ParseError as err:
            return (err.reason, err.detail, err.line, err.text)

    fast = outcome()
    with monkeypatch.context() as m:
        m.setattr(phh_toml, "fast_loads", lambda text: None)
        slow = outcome()
    return fast, slow


def test_hands_equal_through_both_readers(simulated: str, monkeypatch) -> None:
    for chunk in _chunks(simulated):
        fast, slow = _parse_both(chunk, monkeypatch)
        assert fast == slow
        assert not isinstance(fast, tuple)  # every simulated hand parses


def test_corpus_hands_equal_through_both_readers(corpus: Path, monkeypatch) -> None:
    n = 0
    for path in sorted(p for p in (corpus / "phh").rglob("*.phh*") if p.is_file()):
        for chunk in _chunks(path.read_text("utf-8")):
            fast, slow = _parse_both(chunk, monkeypatch)
            assert fast == slow, path
            n += 1
    assert n > 1300


#: Inside the subset: the fast reader must read them (not None), as tomllib does.
COVERED = [
    'variant = "NT"\n',
    "variant = 'NT'",  # no newline at the end
    "a = 0\nb = 12\nc = 0.50\nd = 100.25\n",
    "flag = true\nother = false\n",
    "time = 06:39:08\nlate = 23:59:59\n",
    "empty = []\nstrings = [ ]\nnums = [1, 2, 3,]\n",
    "mixed = [1, 2.50, 0]\n",
    "names = ['a \"quoted\" name', 'b']\n",
    'names = ["it\'s", "x # not a comment"]\n',
    'actions = [\n  # pre-flop\n\n  "d dh p1 AcAd",  # Ann\n  "p1 cc",\n]\n',
    "actions = ['p1 f' , 'p2 cc']  # trailing comment\n",
    "# a comment line\n\n   \t\nkey\t=\t'tabbed'   \n",
    "[1]\nvariant = 'NT'\n\n[2]  # second\nvariant = 'FT'\n",
    "top = 1\n[ table ]\nkey = 2\n",
    "unicode = 'Ñandú ♠'  # comment with ünïcode\n",
    'blank_string = ""\nother = \'\'\n',
]

#: Outside the subset (or not TOML at all): the fast reader gives up (None), and loads()
#: gives exactly what tomllib gives, value or error.
OUTSIDE = [
    'name = "tab\\tescape"\n',  # escapes
    "day = 2024-03-12\n",  # dates
    "moment = 06:39:08.5\n",  # fractional seconds
    "a.b = 1\n",  # dotted key
    '"quoted key" = 1\n',
    "n = -1\n",
    "n = +1\n",
    "n = 1e3\n",
    "n = 1_000\n",
    "n = 007\n",
    "n = inf\n",
    "n = nan\n",
    "n = 0x1F\n",
    "t = { a = 1 }\n",
    "a = 1\na = 2\n",  # duplicate key
    "[x]\n[x]\n",  # duplicate table
    "x = 1\n[x]\n",  # table named as a key
    "[[rows]]\na = 1\n",
    "a = [[1, 2], [3]]\n",
    "a = [1, 'x']\n",
    "a = [true, false]\n",
    "a = [1, # one\n 2]\n",
    'a = """multi\nline"""\n',
    "a = 1\r\nb = 2\r\n",
    "a = 'bell\x07'\n",
    "a = 1 b = 2\n",
    "a = \n",
    "a = [1, 2\n",
    "= 1\n",
    "just text\n",
]


@pytest.mark.parametrize("text", COVERED)
def test_covered_constructs(text: str) -> None:
    fast = phh_toml.fast_loads(text)
    assert fast is not None
    assert _same(fast, _reference(text))
    assert _same(phh_toml.loads(text), fast)


@pytest.mark.parametrize("text", OUTSIDE)
def test_outside_the_subset_goes_to_tomllib(text: str) -> None:
    assert phh_toml.fast_loads(text) is None
    try:
        expected: object = _reference(text)
    except tomllib.TOMLDecodeError as err:
        with pytest.raises(tomllib.TOMLDecodeError) as info:
            phh_toml.loads(text)
        assert str(info.value) == str(err)
    else:
        assert _same(phh_toml.loads(text), expected)


def test_values_and_types() -> None:
    doc = phh_toml.fast_loads(
        "[7]\nvariant = 'NT'\nstacks = [200.30, 81.60, 197]\nseats = [6, 3]\n"
        "time = 00:00:09\nante_trimming_status = false\nactions = ['d dh p1 ????', \"p1 f\"]\n"
    )
    assert doc == {"7": {
        "variant": "NT", "stacks": [Decimal("200.30"), Decimal("81.60"), 197], "seats": [6, 3],
        "time": dtime(0, 0, 9), "ante_trimming_status": False,
        "actions": ["d dh p1 ????", "p1 f"],
    }}
    assert type(doc["7"]["stacks"][2]) is int and str(doc["7"]["stacks"][1]) == "81.60"
