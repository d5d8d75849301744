"""The partypoker format: :mod:`.reader` parses one hand; the modules beside it are its parts."""

from parsers.sites.partypoker.reader import FORMAT, HEADER, SITE, parse, sniff

__all__ = ["FORMAT", "HEADER", "SITE", "parse", "sniff"]
