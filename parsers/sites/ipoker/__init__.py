"""The ipoker format: :mod:`.reader` parses one hand; the modules beside it are its parts."""

from parsers.sites.ipoker.reader import FORMAT, HEADER, SITE, parse, sniff, split

__all__ = ["FORMAT", "HEADER", "SITE", "parse", "sniff", "split"]
