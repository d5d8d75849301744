"""Which files an import reads: folders walked in a stable order, hidden entries skipped."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from pipeline.errors import SidepotError


def iter_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Every file under the given paths (folders recursively, hidden entries skipped).

    A path that does not exist raises SidepotError before anything is imported.
    """
    roots = [Path(p) for p in paths]
    for root in roots:
        if not root.exists():
            raise SidepotError(f"no such file or directory: {root}")
    seen: set[Path] = set()
    for root in roots:
        if root.is_file():
            candidates: Iterable[Path] = [root]
        else:
            candidates = sorted(
                p for p in root.rglob("*") if p.is_file() and not _hidden(p.relative_to(root))
            )
        for path in candidates:
            key = path.resolve()
            if key not in seen:
                seen.add(key)
                yield path


def _hidden(relative: Path) -> bool:
    return any(part.startswith(".") for part in relative.parts)
