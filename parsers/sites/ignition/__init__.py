"""The ignition format: :mod:`.reader` parses one hand; the modules beside it are its parts."""

from parsers.sites.ignition.reader import FORMAT, HEADER, SITE, parse, sniff

__all__ = ["FORMAT", "HEADER", "SITE", "parse", "sniff"]
