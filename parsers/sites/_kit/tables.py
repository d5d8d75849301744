"""The lookup tables many sites share, one copy each: time zones, currencies, street words.

A site whose table says something different on purpose does not edit these: it builds its own
from them in its module, with the difference spelled out (``{**CURRENCY_SYMBOLS, "¥": "JPY"}``,
or only some of the keys), so a reader sees how it differs and why.
"""

from __future__ import annotations

from parsers.model import Street

__all__ = [
    "CURRENCY_CODES",
    "CURRENCY_SYMBOLS",
    "STREETS",
    "STREETS_LOWER",
    "STREETS_TITLE",
    "ZONES",
]

#: A printed time-zone abbreviation -> the IANA zone it stands for.
#: Regional abbreviations mean the region's civil time (a "CET" time in July is CEST), so each
#: maps to a representative zone; fixed-offset ones (EST in July is still printed EST by some
#: sites) are resolved by the region's zone too, which is what the sites mean by them.
ZONES: dict[str, str] = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "CST": "America/Chicago", "CDT": "America/Chicago",
    "MT": "America/Denver", "MST": "America/Denver", "MDT": "America/Denver",
    "PT": "America/Los_Angeles", "PST": "America/Los_Angeles", "PDT": "America/Los_Angeles",
    "AT": "America/Halifax", "AKT": "America/Anchorage", "HT": "Pacific/Honolulu",
    "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC", "GMT": "UTC", "WET": "Europe/Lisbon", "BST": "Europe/London",
    "CET": "Europe/Paris", "CEST": "Europe/Paris", "EET": "Europe/Bucharest",
    "MSK": "Europe/Moscow", "IST": "Asia/Kolkata", "CCT": "Asia/Shanghai", "JST": "Asia/Tokyo",
    "KST": "Asia/Seoul", "AWST": "Australia/Perth", "ACST": "Australia/Adelaide",
    "AEST": "Australia/Sydney", "NZT": "Pacific/Auckland",
}

#: A currency symbol printed before (or after) an amount -> its ISO 4217 code.
CURRENCY_SYMBOLS: dict[str, str] = {"$": "USD", "€": "EUR", "£": "GBP"}

#: The ISO codes sites print in words ("$0.25/$0.50 USD"), looked for in this order.
CURRENCY_CODES: tuple[str, ...] = ("USD", "EUR", "GBP", "CAD")

#: The board streets by the word that opens them, as most sites print it ("*** FLOP ***").
STREETS: dict[str, Street] = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}

#: The same words capitalised ("Flop", "Turn", "River").
STREETS_TITLE: dict[str, Street] = {word.title(): street for word, street in STREETS.items()}

#: The same words in lower case ("flop", "turn", "river").
STREETS_LOWER: dict[str, Street] = {word.lower(): street for word, street in STREETS.items()}
