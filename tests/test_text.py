"""Decoding, splitting with exact byte offsets, and exact money parsing."""

import codecs

import pytest

from parsers.errors import ParseError
from parsers.text import decode, parse_money, split_bytes, split_hands

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
