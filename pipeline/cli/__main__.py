"""``python -m pipeline.cli``: the same as the ``sidepot`` command."""

from pipeline.cli import main

main()
