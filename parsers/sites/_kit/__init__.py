"""Machinery shared by the site parsers, one copy each.

:mod:`.common` wraps a site's sniffer and parser, :mod:`.lines` is the line loop of the
line-oriented legacy sites, :mod:`.verbs` dispatches action verbs, :mod:`.starlike` builds
hands for the sites whose layout follows PokerStars', and :mod:`.tables` holds the time-zone,
currency and street-word tables the sites look printed words up in, and :mod:`.ignorable` is the
one rule of which unreadable lines a hand may be read past (``ignored_line``), and
:mod:`.summary` reads the board and the winners a summary prints where the body does not.
"""
