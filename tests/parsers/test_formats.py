"""The contract every registered format keeps, checked format by format.

Each entry of ``parsers.registry.FORMATS`` is held to the same rules, whatever its site: a
unique lower-case name and filled-in metadata, a sniffer that answers True or False to
anything (and recognises its own sample, which no other format claims), a header pattern that
finds the sample's hands, lookup by name in any case, and a parser whose only complaint about
garbage is a ParseError. A new site gets all of this by adding its sample to :data:`SAMPLES`.

The samples are hands the site tests already hold (``tests/parsers/sites/``): each is named
here by its test module and constant (or fixture file), not copied.
"""

from __future__ import annotations

import importlib
import re
from collections import Counter
from functools import cache

import pytest

from parsers import FORMATS, Format, Hand, ParseError, by_name, detect
from parsers.registry import SITE_MODULES
from parsers.text import Chunk
from tests.support.paths import FIXTURES

#: Format name -> where the site tests keep a hold'em hand of it: (test module of
#: tests/parsers/sites, constant or function returning the text) or a fixture file's path.
SAMPLES: dict[str, tuple[str, str] | str] = {
    "pokerstars": ("test_pokerstars", "CASH"),
    "starslayout": ("test_starslayout", "FULL_TILT"),
    "ggpoker": "ggpoker/tournament.txt",
    "phh": "phh/three_way.phh",
    "winamax": ("test_winamax", "CASH"),
    "ignition": ("test_ignition", "ZONE"),
    "pacific888": ("test_pacific888", "HAND"),
    "partypoker": ("test_partypoker", "CASH"),
    "wpn": ("test_wpn", "CLASSIC"),
    "fulltilt": ("test_fulltilt", "CASH"),
    "ipoker": ("test_ipoker", "SESSION"),
    "microgaming": ("test_microgaming", "HAND"),
    "everest": ("test_everest", "SESSION"),
    "ongame": ("test_ongame", "CASH"),
    "merge": ("test_merge", "LATER"),
    "betonline": ("test_betonline", "HAND"),
    "pkr": ("test_pkr", "CASH"),
    "entraction": ("test_entraction", "CASH"),
    "everleaf": ("test_everleaf", "CASH"),
    "bossmedia": ("test_bossmedia", "_text"),
    "cereus": ("test_cereus", "DEAD_POST"),
    "cake": ("test_cake", "CASH"),
    "kingsclub": ("test_kingsclub", "SIDE_POT"),
    "enet": ("test_enet", "DEAD_POSTS"),
    "sealswithclubs": ("test_sealswithclubs", "SIDE_POT"),
    "unibet": ("test_unibet", "RIVER_BET"),
    "betfair": ("test_betfair", "SHOWDOWN"),
}

#: Text no format may take for a hand, and that no sniffer may choke on.
JUNK = (
    "",
    "\n\n   \n",
    "garbage\nmore garbage\n",
    "\x00\x01\x02\xff\xfe" * 40,
    "".join(map(chr, range(1, 700))),
    "<?xml version='1.0'?><root/>",
    "Seat 1: nobody ($1)\n*** SUMMARY ***\n",
)

NAMES = [f.name for f in FORMATS]


@cache
def sample(name: str) -> str:
    """The sample hand text of format ``name``."""
    where = SAMPLES[name]
    if isinstance(where, str):
        return (FIXTURES / where).read_text(encoding="utf-8")
    module, attr = where
    value = getattr(importlib.import_module(f"tests.parsers.sites.{module}"), attr)
    return value() if callable(value) else value


def fmt_of(name: str) -> Format:
    return next(f for f in FORMATS if f.name == name)


def test_every_site_module_is_registered_once_with_a_sample() -> None:
    assert len(FORMATS) == len(SITE_MODULES) == len(set(SITE_MODULES))
    for module, fmt in zip(SITE_MODULES, FORMATS, strict=True):
        assert importlib.import_module(f"parsers.sites.{module}").FORMAT is fmt
    assert set(SAMPLES) == set(NAMES)


def test_names_are_unique() -> None:
    assert not [n for n, k in Counter(NAMES).items() if k > 1]


@pytest.mark.parametrize("name", NAMES)
def test_metadata_is_filled_in(name: str) -> None:
    fmt = fmt_of(name)
    assert re.fullmatch(r"[a-z][a-z0-9]*", fmt.name), "a lower-case word"
    assert isinstance(fmt.site, str) and fmt.site.strip()
    for text in (fmt.description, fmt.detection, fmt.supports):
        assert isinstance(text, str) and text.strip()
    assert callable(fmt.sniff) and callable(fmt.parse)
    assert fmt.splitter is None or callable(fmt.splitter)


@pytest.mark.parametrize("name", NAMES)
def test_by_name_finds_it_in_any_case(name: str) -> None:
    fmt = fmt_of(name)
    for spelled in (name, name.upper(), name.title(), f"  {name.capitalize()} "):
        assert by_name(spelled) is fmt


@pytest.mark.parametrize("name", NAMES)
def test_sniff_answers_a_bool_to_anything(name: str) -> None:
    fmt = fmt_of(name)
    others = [sample(n) for n in NAMES if n != name]
    for text in (*JUNK, *others):
        assert type(fmt.sniff(text)) is bool, repr(text[:60])
    for text in JUNK:
        assert fmt.sniff(text) is False, repr(text[:60])


@pytest.mark.parametrize("name", NAMES)
def test_own_sample_is_claimed_by_this_format_alone(name: str) -> None:
    text = sample(name)
    assert fmt_of(name).sniff(text) is True
    assert detect(text) is fmt_of(name)
    assert detect(text.encode("utf-8")) is fmt_of(name)


@pytest.mark.parametrize("name", NAMES)
def test_header_compiles_and_splits_the_sample_into_hands(name: str) -> None:
    """The header is matched as the splitter matches it: at a line start, after blanks, with
    ``^``/``$`` at line ends; a line-split hand starts with it."""
    fmt, text = fmt_of(name), sample(name)
    assert isinstance(fmt.header, re.Pattern)
    header = re.compile(r"[ \t]*(?:" + fmt.header.pattern + ")", fmt.header.flags | re.MULTILINE)
    assert any(header.match(text, at) for at in (0, *(m.end() for m in re.finditer("\n", text))))
    chunks = fmt.split(text, "utf-8", text.encode("utf-8"))
    assert chunks and all(isinstance(c, Chunk) and c.text for c in chunks)
    if fmt.splitter is None:
        assert all(header.match(c.text) for c in chunks)
    hand = fmt.parse(chunks[0], "sample.txt")
    assert isinstance(hand, Hand) and hand.site in (fmt.site, *fmt.sites)


@pytest.mark.parametrize("name", NAMES)
def test_parse_of_garbage_raises_parse_error_only(name: str) -> None:
    fmt = fmt_of(name)
    others = [sample(n) for n in NAMES if n != name and fmt_of(n).site != fmt.site]
    for text in (*JUNK, *others[:6]):
        with pytest.raises(ParseError) as caught:
            fmt.parse(Chunk(text, 0, 1), "garbage.txt")
        assert caught.value.reason, repr(text[:60])
