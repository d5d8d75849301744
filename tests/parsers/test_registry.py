"""Format registry: by name, by content, and the errors for zero or two matches."""

import dataclasses

import pytest

from parsers import registry
from parsers.errors import AmbiguousFormatError, UnknownFormatError
from parsers.sites.pokerstars import reader as pokerstars

PS = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 10:00:00 ET\n"


def test_formats_are_declared():
    names = [f.name for f in registry.FORMATS]
    assert names[0] == "pokerstars" and len(set(names)) == len(names)
    fmt = registry.FORMATS[0]
    for other in registry.FORMATS:
        assert other.description and other.detection and other.supports, other.name
    assert fmt.parse is pokerstars.parse and fmt.header.match(PS)
    assert fmt.description and fmt.detection and fmt.supports


def test_by_name():
    assert registry.by_name("PokerStars").name == "pokerstars"
    with pytest.raises(UnknownFormatError, match="known: pokerstars"):
        registry.by_name("nope")


def test_detect():
    assert registry.detect("\ufeff" + PS).name == "pokerstars"
    with pytest.raises(UnknownFormatError):
        registry.detect("Game started at: 2020/1/1 ...\n")


def test_detect_ambiguous_names_both(monkeypatch):
    other = dataclasses.replace(registry.FORMATS[0], name="copycat")
    monkeypatch.setattr(registry, "FORMATS", (registry.FORMATS[0], other))
    with pytest.raises(AmbiguousFormatError, match="pokerstars and copycat"):
        registry.detect(PS)


def test_sniffer_never_raises(monkeypatch):
    def boom(text: str) -> bool:
        raise RuntimeError("broken sniffer")

    broken = dataclasses.replace(registry.FORMATS[0], name="broken", sniff=boom)
    monkeypatch.setattr(registry, "FORMATS", (registry.FORMATS[0], broken))
    assert registry.detect(PS).name == "pokerstars"
    assert pokerstars.sniff(None) is False  # type: ignore[arg-type]


def test_detecting_the_same_bytes_again_gives_the_same_answer_and_a_fresh_error():
    # a file's head is remembered (the import asks about an unclaimed file more than once)
    assert registry.detect(PS.encode()).name == registry.detect(PS.encode()).name == "pokerstars"
    errors = []
    for _ in range(2):
        with pytest.raises(UnknownFormatError, match="no known hand-history format") as caught:
            registry.detect(b"Game started at: 2020/1/1 ...\n")
        errors.append(caught.value)
    assert errors[0] is not errors[1]


def test_remembered_answers_follow_the_registered_formats(monkeypatch):
    assert registry.detect(PS.encode()).name == "pokerstars"
    other = dataclasses.replace(registry.FORMATS[0], name="copycat")
    monkeypatch.setattr(registry, "FORMATS", (registry.FORMATS[0], other))
    with pytest.raises(AmbiguousFormatError, match="pokerstars and copycat"):
        registry.detect(PS.encode())
