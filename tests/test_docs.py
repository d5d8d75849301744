"""The documentation stays true to the repository: the names it gives exist, its links land.

Why a test: ``docs/architecture.md`` is a map of the code, and a map that names a module
someone has since renamed sends a newcomer looking for something that is not there. Every
backticked path (``pipeline/store/db.py``) and dotted name (``pipeline.core.parse_file``) it
gives is checked here against the tree and the import system; every relative link in the
README and under ``docs/`` must reach a file (and a heading, when it names one); and the README
stays a front door (at most 8,500 bytes), with the reference in ``docs/``.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from tests.support.paths import REPO

DOCS = REPO / "docs"
ARCHITECTURE = DOCS / "architecture.md"
README = REPO / "README.md"
README_MAX_BYTES = 8_500
#: The packages whose dotted names the architecture document may give.
PACKAGES = ("parsers", "pipeline", "reports", "tests")

_FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
_CODE = re.compile(r"`([^`\n]+)`")
_PATH = re.compile(r"[\w.-]+(?:/[\w.-]+)*/?")
_DOTTED = re.compile(rf"(?:{'|'.join(PACKAGES)})(?:\.\w+)+")
_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _prose(path: Path) -> str:
    """The text of a Markdown file without its fenced blocks (diagrams, shell sessions)."""
    return _FENCE.sub("", path.read_text(encoding="utf-8"))


def _named(text: str) -> tuple[list[str], list[str]]:
    """(paths, dotted names) written in backticks: ``a/b.py`` or ``a/b/``; ``pkg.mod.name``."""
    paths, dotted = [], []
    for span in _CODE.findall(text):
        if "/" in span and _PATH.fullmatch(span) and not span.startswith(("..", "~")):
            paths.append(span)
        elif _DOTTED.fullmatch(span):
            dotted.append(span)
    return paths, dotted


def _resolves(name: str) -> bool:
    """Whether ``name`` is a module, or an attribute chain under the longest module prefix."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {_slug(m) for m in re.findall(r"^#{1,6} +(.+)$", _prose(path), re.MULTILINE)}


def _markdown_files() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md"))]


def test_the_architecture_document_names_only_what_exists() -> None:
    paths, dotted = _named(_prose(ARCHITECTURE))
    # The document is a map: it must name a good part of the code, or the check is empty.
    assert len(paths) >= 40 and len(dotted) >= 10, (len(paths), len(dotted))
    missing = [p for p in paths if not (REPO / p.rstrip("/")).exists()]
    assert not missing, f"docs/architecture.md names paths that do not exist: {missing}"
    unresolved = [d for d in dotted if not _resolves(d)]
    assert not unresolved, f"docs/architecture.md names what does not import: {unresolved}"


def test_the_name_check_would_catch_a_stale_name() -> None:
    """The checks above are only worth their green if a wrong name fails them."""
    paths, dotted = _named("`pipeline/ingest/gone.py` and `pipeline.core.no_such_function` "
                           "and `pipeline.nowhere`, not `SIDEPOT_CORE=python|native`")
    assert paths == ["pipeline/ingest/gone.py"]
    assert not (REPO / paths[0]).exists()
    assert dotted == ["pipeline.core.no_such_function", "pipeline.nowhere"]
    assert not any(_resolves(d) for d in dotted)
    assert _resolves("pipeline.core.parse_file") and _resolves("pipeline.store.db.Store.write_rows")


def test_the_readme_is_a_front_door() -> None:
    size = len(README.read_bytes())
    assert size <= README_MAX_BYTES, f"README.md is {size} bytes; the reference goes to docs/"
    text = README.read_text(encoding="utf-8")
    for command in ("make demo", "make test", "pip install ."):
        assert command in text, command
    linked = {target.split("#")[0] for target in _LINK.findall(text)}
    for page in ("docs/usage.md", "docs/architecture.md"):
        assert page in linked, f"README.md does not link {page}"


@pytest.mark.parametrize("doc", _markdown_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_every_relative_link_lands(doc: Path) -> None:
    """A link to a file must find it; a link to a heading (``page.md#part``) must find it too."""
    broken = []
    for target in _LINK.findall(_prose(doc)):
        if re.match(r"[a-z]+:", target):  # https:, mailto: ...
            continue
        file_part, _, anchor = target.partition("#")
        dest = (doc.parent / file_part).resolve() if file_part else doc
        if not dest.exists():
            broken.append(target)
        elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
            broken.append(target)
    assert not broken, f"{doc.name}: broken links {broken}"
