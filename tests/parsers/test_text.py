"""Decoding, splitting with exact byte offsets, and exact money parsing."""

import codecs
import random
import re

import pytest

from parsers.errors import ParseError
from parsers.text import (
    _ByteLines,
    _decode_per_line,
    _header_line_starts,
    _header_line_starts_slow,
    _line_start_finder,
    _parse_money,
    decode,
    parse_money,
    split_bytes,
    split_hands,
)

H1 = "PokerStars Hand #1: Hold'em No Limit (€0.01/€0.02 EUR) - 2020/01/01 10:00:00 ET"
H2 = "PokerStars Zoom Hand #2: Hold'em No Limit ($0.01/$0.02) - 2020/01/01 10:01:00 ET"
FILE = f"{H1}\nSeat 1: Jörg ($1 in chips) \n\n\n{H2}\nSeat 1: Zoë ($2 in chips)\n\n"


@pytest.mark.parametrize(
    "data, encoding",
    [
        (FILE.encode("utf-8"), "utf-8"),
        (codecs.BOM_UTF8 + FILE.encode("utf-8"), "utf-8-sig"),
        (codecs.BOM_UTF16_LE + FILE.encode("utf-16-le"), "utf-16-le"),
        (codecs.BOM_UTF16_BE + FILE.encode("utf-16-be"), "utf-16-be"),
        (FILE.encode("utf-16-le"), "utf-16-le"),  # BOM-less, found by its NUL bytes
        (FILE.encode("cp1252"), "cp1252"),
        (FILE.replace("\n", "\r\n").encode("utf-8"), "utf-8"),
        (FILE.replace("\n", "\r").encode("cp1252"), "cp1252"),
        (codecs.BOM_UTF16_LE + FILE.replace("\n", "\r\n").encode("utf-16-le"), "utf-16-le"),
    ],
)
def test_decode_and_offsets(data, encoding):
    text, enc = decode(data)
    assert enc == encoding
    assert "Jörg" in text and "Zoë" in text and "\r" not in text and " \n" not in text
    chunks, enc2 = split_bytes(data)
    assert enc2 == encoding
    assert [c.line for c in chunks] == [1, 5]
    assert [c.text.split("\n")[0] for c in chunks] == [H1, H2]
    codec = encoding.replace("-sig", "")
    for c in chunks:
        head = c.text.split("\n")[0].encode(codec)
        assert data[c.offset :].startswith(head)


def test_bom_utf8_with_cp1252_names_keeps_every_line():
    data = codecs.BOM_UTF8 + (
        H1.encode("utf-8")
        + b"\r\nSeat 1: J\xf6rg ($1 in chips)\r\nSeat 2: Zo\xc3\xab ($1 in chips)\r\n"
    )
    text, enc = decode(data)
    assert enc == "utf-8-sig+cp1252"
    assert "Jörg" in text and "Zoë" in text and "€0.01" in text
    (chunk,) = split_bytes(data)[0]
    assert chunk.offset == 3


def test_mid_file_bom_glued_to_a_line_starts_a_new_hand():
    data = (H1 + "\nfoo").encode("utf-8") + codecs.BOM_UTF8 + (H2 + "\nbar\n").encode("utf-8")
    chunks, _ = split_bytes(data)
    assert [c.line for c in chunks] == [1, 3]
    assert data[chunks[1].offset :].startswith(b"PokerStars Zoom")


def test_stray_nul_bytes_are_dropped_and_offsets_still_point_at_the_headers():
    # One NUL at each line start, as a log copied out of a UTF-16 file byte by byte leaves it
    data = FILE.replace("\n", "\r\n\x00").encode("utf-8")
    text, enc = decode(data)
    assert enc == "utf-8" and "\x00" not in text and "Jörg" in text
    chunks, _ = split_bytes(data)
    assert [c.line for c in chunks] == [1, 5]
    assert [c.text.split("\n")[0] for c in chunks] == [H1, H2]
    assert data[chunks[1].offset:].lstrip(b"\x00").startswith(H2.encode("utf-8"))


def test_split_without_blank_lines_and_internal_blank_lines():
    text = f"junk preamble\n{H1}\nSeat 1: a ($1 in chips)\n\nstill hand 1\n{H2}\nx\n\n\n"
    chunks = split_hands(text, "utf-8")
    assert [c.line for c in chunks] == [2, 6]
    assert chunks[0].text.endswith("still hand 1")
    assert chunks[1].text == f"{H2}\nx"
    assert split_hands("no hands here\n", "utf-8") == []


def test_split_without_bytes_reencodes_offsets():
    text = f"{H1}\nx\n\n{H2}\ny"
    chunks = split_hands(text, "utf-8")
    data = text.encode("utf-8")
    assert data[chunks[1].offset :].startswith(H2.encode())


@pytest.mark.parametrize(
    "text, decimals, value",
    [
        ("$1,234.56", 2, 123456),
        ("€0.05", 2, 5),
        ("1503", 0, 1503),
        ("$2", 2, 200),
        ("$0.5", 2, 50),
        ("£10.10", 2, 1010),
        ("Rs. 12", 2, 1200),
        ("3.00", 0, 3),
        ("0.10 USD", 2, 10),
    ],
)
def test_parse_money(text, decimals, value):
    assert parse_money(text, decimals) == value


@pytest.mark.parametrize("text, decimals", [("$0.005", 2), ("1.5", 0), ("abc", 2), ("", 2),
                                            ("$1.2.3", 2), ("-5", 0)])
def test_parse_money_rejects_inexact_or_garbage(text, decimals):
    with pytest.raises(ParseError) as info:
        parse_money(text, decimals)
    assert info.value.reason == "bad_amount"


# --- fast paths (issue 7) and the general readings they must equal ----------------------------

_TRAILING = re.compile(r"[ \t]+$", re.MULTILINE)


@pytest.mark.parametrize(
    "text",
    ["a\nb\n", "a \nb\t\n", "a \t \n\n b  ", "x\t", "no blanks at all", "", " ", "\n \n",
     "\xa0a\xa0 \n", "a\x0c \nb"],
)
def test_trailing_blanks_go_exactly_as_the_regex_removes_them(text):
    assert decode(text.encode("utf-8"))[0] == _TRAILING.sub("", text)


def _per_line_reference(data: bytes) -> tuple[str, bool]:
    """The plain reading: each line UTF-8 if it is valid UTF-8, else cp1252."""
    out, any_utf8 = [], False
    for raw in data.split(b"\n"):
        try:
            out.append(raw.decode("utf-8"))
            any_utf8 = any_utf8 or not raw.isascii()
        except UnicodeDecodeError:
            out.append(raw.decode("cp1252", errors="sidepot-latin1"))
    return "\n".join(out), any_utf8


def test_mixed_utf8_and_cp1252_lines_decode_as_line_by_line():
    pieces = [b"a", b"\n", b"\xc3\xa9", b"\xe9", b"\xc3", b"\x81", b"\xed\xa0\x80",
              b"\xf0\x9f\x98\x80", b"\xf0\x9f", b" ", b"\r", b"\x80\x80", b"\xef\xbb\xbf"]
    rng = random.Random(5)
    for _ in range(3000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 20)))
        assert _decode_per_line(data) == _per_line_reference(data), data
    text, any_utf8 = _decode_per_line(b"Zo\xc3\xab\nJ\xf6rg\nx")
    assert (text, any_utf8) == ("Zoë\nJörg\nx", True)


HEADERS = [
    re.compile(r"PokerStars (?:Zoom )?Hand #\d"),
    re.compile(r"#\d+: [^\n]* - [\d,.]+/[\d,.]+\n\d{4}-\d\d-\d\d\n"),  # ends in a newline
    re.compile(r"(?:Table #\d+ - [^\n]*\n)?Starting Hand #\d"),  # may span two lines
    re.compile(r"(?<![0-9]\n)\*\*\*\*\* Hand History for Game \d"),  # looks behind
]
SAMPLES = [
    f"{H1}\nx\n  {H2}\n\tPokerStars Hand #3: y\nnot PokerStars Hand #4\n",
    "#1: NL - 1/2\n2020-01-01\n#2: NL - 1/2\n2020-01-02\nbody\n#3: NL - 1/2\n2020-01-03\n",
    "Table #1 - x\nStarting Hand #1\nbody\nStarting Hand #2\nTable #3 - y\nStarting Hand #3\n",
    "***** Hand History for Game 1\nx\n7\n***** Hand History for Game 2\n***** Hand History "
    "for Game 3\n",
]


@pytest.mark.parametrize("header", HEADERS)
@pytest.mark.parametrize("text", SAMPLES)
def test_header_scan_finds_what_the_anchored_finditer_finds(header, text):
    fast = _header_line_starts(text, header)
    assert fast == _header_line_starts_slow(text, header)
    assert [text[at:].lstrip(" \t")[:3] for at in fast] == [
        m.group().lstrip(" \t")[:3] for m in _line_start_finder(header).finditer(text)
    ]


def test_a_header_that_can_match_nothing_takes_the_plain_scan():
    header = re.compile(r"(?:PokerStars Hand #\d)?")
    text = "a\nPokerStars Hand #1\nb\n"
    assert _header_line_starts(text, header) == _header_line_starts_slow(text, header)
    assert _header_line_starts(text, header) == [0, 2, 21, 23]  # every line start


CLEAN = FILE.replace(" \n", "\n")  # nothing for decoding to normalize


@pytest.mark.parametrize(
    "data, re_encoded",
    [
        (CLEAN.encode("utf-8"), True),  # offsets from the re-encoded text
        (codecs.BOM_UTF8 + CLEAN.encode("utf-8"), True),
        (CLEAN.replace("\n", "\r").encode("utf-8"), True),  # a lone CR keeps the length
        (("  " + H1 + "\nx\n" + H2 + "\n").encode("utf-8"), True),
        (FILE.encode("utf-8"), False),  # trailing blanks dropped: the file's lines are walked
        (CLEAN.replace("\n", "\r\n").encode("utf-8"), False),
        ((H1 + "\nfoo").encode("utf-8") + codecs.BOM_UTF8 + (H2 + "\nbar\n").encode("utf-8"),
         False),
    ],
)
def test_utf8_offsets_equal_the_byte_line_walk(data, re_encoded):
    text, encoding = decode(data)
    bom = 3 if encoding == "utf-8-sig" else 0
    assert (len(text.encode("utf-8")) + bom == len(data)) is re_encoded  # the path taken
    chunks = split_hands(text, encoding, None, data)
    lines = _ByteLines(data, encoding)
    walked = [lines.line_start(c.line - 1) for c in chunks]
    leads = [len(text.split("\n")[c.line - 1]) - len(c.text.split("\n")[0]) for c in chunks]
    assert [c.offset for c in chunks] == [w + n for w, n in zip(walked, leads, strict=True)]
    assert len(chunks) == 2
    for c in chunks:
        assert data[c.offset :].startswith(c.text.split("\n")[0].encode("utf-8"))


@pytest.mark.parametrize(
    "text, decimals",
    [("$1.10", 2), ("1503", 0), ("€0.05", 2), ("£12", 2), ("7", 2), ("1.5", 1), ("$0.00", 2),
     ("1.50", 0), ("$.5", 2), ("1.", 2), ("$1,234.56", 2), (" $1.10", 2), ("$1.10 USD", 2),
     ("١٢", 0), ("$1.2.3", 2), ("", 2), ("$", 2), ("1.500", 2), ("1.505", 2)],
)
def test_parse_money_fast_path_reads_as_the_general_path(text, decimals):
    def outcome(fn):
        try:
            return fn(text, decimals)
        except ParseError as err:
            return (err.reason, str(err))

    assert outcome(parse_money.__wrapped__) == outcome(_parse_money)
