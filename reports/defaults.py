"""Report defaults that the command line shows in its help, in a module that loads nothing.

Why apart from the modules that use them: ``sidepot --help`` builds every command's options,
defaults included, and the report modules load pandas, numpy and DuckDB (about a second of
start-up); reading a default from here costs none of it.
"""

from __future__ import annotations

__all__ = ["DEFAULT_MAX_HANDS"]

#: Hands embedded in the HTML page for the replayer unless --max-hands says otherwise.
DEFAULT_MAX_HANDS = 1000
