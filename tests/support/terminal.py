"""Child processes that get a Ctrl-C the way a terminal's foreground job does.

A shell that starts a command in the background without job control (``make test &``,
``nohup``, many CI runners) starts it with SIGINT ignored, and an ignored signal stays ignored
across ``exec``: Python then never installs its KeyboardInterrupt handler, and a test that
SIGINTs the importer would see it run to the end (exit 0) instead of stopping with 130. The
tests that send SIGINT start their child with the disposition a terminal gives it.
"""

from __future__ import annotations

import signal


def default_sigint() -> None:
    """``preexec_fn`` for a child that must see SIGINT as a terminal's foreground job does."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
