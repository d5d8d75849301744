"""TOML for PHH: a reader of the subset PHH files use, the full parser for the rest.

A PHH hand is a small TOML document, and the standard library's ``tomllib`` is a general,
character-at-a-time parser written in Python: most of a PHH hand's parsing time. PHH files
(ours, the Pluribus, HandHQ, WSOP and famous-hand files) only use a small part of TOML:
``key = value`` lines with a bare key, a value that is a string, a non-negative integer or
decimal, a boolean or a local time, arrays of strings (the actions, written over several lines
with comments between them) or of numbers, comments and one ``[table]`` header per hand in a
``.phhs`` file. :func:`fast_loads` reads exactly that subset with one precompiled regex (one
``findall`` gives every line, an array with all its lines); on anything outside it (an escape,
a date, a dotted or quoted key, a negative or exponent number, an inline table, a duplicate
key, a control character, a CR...) it gives up and :func:`loads` hands the text to
``tomllib``, so every document reads as ``tomllib`` reads it: same dict, same types (floats as
:class:`~decimal.Decimal`, times as :class:`datetime.time`), same errors.
``tests/parsers/sites/test_phh_toml.py`` holds the two readers to that on every corpus and
simulated hand and on each construct.
"""

from __future__ import annotations

import re
import tomllib
from datetime import time as dtime
from decimal import Decimal

#: Control characters other than tab: TOML forbids them in strings and comments (and a CR
#: would need CRLF handling), so the subset excludes them and leaves them to tomllib.
_CTRL = r"\x00-\x08\x0a-\x1f\x7f"
#: Inside an array: blanks, newlines and comments.
_GAP = rf"(?:[ \t\n]++|#[^{_CTRL}]*+)*+"
#: A basic string without escapes (no backslash), or a literal string.
_STR = rf"""(?:"[^"\\{_CTRL}]*+"|'[^'{_CTRL}]*+')"""
_NUM = r"(?:0|[1-9][0-9]*+)(?:\.[0-9]++)?+"


def _array(item: str) -> str:
    """An array of ``item``: commas between, one after the last allowed, gaps anywhere."""
    return rf"\[{_GAP}(?:{item}{_GAP},{_GAP})*+(?:{item}{_GAP}(?:,{_GAP})?+)?+\]"


#: One line of the subset (an array value may run over several), or (group 10) the rest of a
#: line outside it; ``findall`` then reads the whole text, line after line. The groups:
#: 1 a key and 2-8 its value (each captured with its quotes or brackets, so an empty string
#: or array still shows), 9 a table header; none for a blank or comment line.
_LINE = re.compile(
    r"[ \t]*+(?:([A-Za-z0-9_-]++)[ \t]*+=[ \t]*+(?:"
    rf"({_array(_NUM)})"  # 2: an array of numbers
    rf"|({_array(_STR)})"  # 3: an array of strings
    rf"|({_STR})"  # 4: a string
    r"|(0|[1-9][0-9]*+)(\.[0-9]++)?+"  # 5: an integer, 6: its decimal fraction
    r"|((?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9])"  # 7: a local time
    r"|(true|false)"  # 8
    r")|\[[ \t]*+([A-Za-z0-9_-]++)[ \t]*+\]"  # 9: a table header
    rf"|)[ \t]*+(?:#[^{_CTRL}]*+)?+(?:\n|\Z)"  # then a comment or nothing to the line's end
    r"|([^\n]++)"  # 10: anything else
)
#: The items of an array of strings: a comment (group 1, skipped) or a string.
_STRING_ITEM = re.compile(r"""(#[^\n]*+)|"([^"\n]*+)"|'([^'\n]*+)'""")


def loads(text: str) -> dict:
    """The TOML document, as ``tomllib.loads(text, parse_float=Decimal)`` gives it (the same
    dict, or the same :class:`tomllib.TOMLDecodeError`), through the subset reader when it can.

    Fast path, measured 2026-12-01: 49 % of a PHH parse, about 38 % of a PHH import."""
    doc = fast_loads(text)
    if doc is None:
        doc = tomllib.loads(text, parse_float=Decimal)
    return doc


def fast_loads(text: str) -> dict | None:
    """The document when ``text`` is within the PHH subset of TOML, else None (the caller
    then uses the full parser). Never raises."""
    root: dict = {}
    table = root
    for key, numbers, strings, string, whole, fraction, clock, boolean, header, other in (
        _LINE.findall(text)
    ):
        if key:
            if key in table:
                return None  # a key defined twice: tomllib's error
            if numbers:
                if "#" in numbers:
                    return None  # comments among numbers: not worth the subset
                table[key] = _numbers(numbers[1:-1])
            elif strings:
                table[key] = _strings(strings[1:-1])
            elif string:
                table[key] = string[1:-1]
            elif whole:
                table[key] = Decimal(whole + fraction) if fraction else int(whole)
            elif clock:
                table[key] = dtime(int(clock[:2]), int(clock[3:5]), int(clock[6:]))
            else:
                table[key] = boolean == "true"
        elif header:
            if header in root:
                return None  # a table defined twice, or named as a key: tomllib's error
            table = root[header] = {}
        elif other:
            return None
    return root


def _strings(inside: str) -> list[str]:
    """The strings of a matched array (its inside, between the brackets)."""
    if "#" not in inside:  # only strings, commas and blanks: split on the one quote used
        if "'" not in inside:
            return inside.split('"')[1::2]
        if '"' not in inside:
            return inside.split("'")[1::2]
    return [b or c for a, b, c in _STRING_ITEM.findall(inside) if not a]


def _numbers(inside: str) -> list[int | Decimal]:
    """The numbers of a matched array with no comment (its inside, between the brackets)."""
    items = inside.split(",")
    if not items[-1].strip():
        items.pop()  # a comma after the last number, or an empty array
    if "." not in inside:
        return list(map(int, items))  # int() and Decimal() skip the blanks around
    if inside.count(".") == len(items):
        return list(map(Decimal, items))
    return [Decimal(t) if "." in t else int(t) for t in items]
