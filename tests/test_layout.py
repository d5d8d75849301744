"""The house rules of the layout: rooms with a door, modules of a readable size, arrows one way.

These hold the shape that ``../shared/DESIGN.md`` describes, so a later change that adds an
import circle, a 900-line module or a package without a public API fails here, not in review.
"""

from __future__ import annotations

import ast
import importlib
import tomllib
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from tests.support.paths import REPO

PACKAGES = ("parsers", "pipeline", "reports")
#: Sub-packages that are rooms of their own: each says what it is for and what it exports.
ROOMS = (
    "pipeline", "pipeline.engine", "pipeline.ingest", "pipeline.store", "pipeline.export",
    "pipeline.sim", "pipeline.cli",
)
MAX_MODULE_LINES = 600


def _modules(top: str) -> dict[str, Path]:
    found = {}
    for path in sorted((REPO / top).rglob("*.py")):
        rel = path.relative_to(REPO).with_suffix("")
        if "native" in rel.parts:
            continue
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        found[".".join(parts)] = path
    return found


def _top_level_imports(path: Path, known: set[str]) -> set[str]:
    """Modules of ours that ``path`` imports when it is imported (not inside functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in tree.body:
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            subs = [f"{node.module}.{a.name}" for a in node.names]
            # "from pkg import submodule" imports the submodule; names import the module itself
            names = [s for s in subs if s in known] or [node.module]
        out.update(n for n in names if n in known)
    return out


def _ancestors(name: str) -> set[str]:
    """The packages above a module: Python has imported them before the module runs."""
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


@pytest.mark.parametrize("room", ROOMS)
def test_every_room_says_what_it_is_for_and_exports_its_names(room: str) -> None:
    module = importlib.import_module(room)
    assert module.__doc__ and len(module.__doc__.strip()) > 40
    exported = list(module.__all__)
    assert exported, f"{room} exports nothing"
    for name in exported:
        assert getattr(module, name) is not None, f"{room}.{name}"


def test_no_module_is_over_the_size_limit() -> None:
    too_big = {
        name: n for top in PACKAGES for name, path in _modules(top).items()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert not too_big, too_big


def test_imports_have_no_circle() -> None:
    """An import at module level from one of our modules to another never comes back round."""
    modules = {name: path for top in PACKAGES for name, path in _modules(top).items()}
    graph = {name: _top_level_imports(path, set(modules)) - {name} - _ancestors(name)
             for name, path in modules.items()}
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycle = trail[trail.index(nxt):] + [nxt] if nxt in trail else [node, nxt]
                pytest.fail("import circle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])


def test_arrows_point_one_way() -> None:
    """parsers imports nothing of ours but parsers; reports imports neither parsers nor pipeline."""
    rules = (("parsers", ("pipeline", "reports")), ("reports", ("parsers", "pipeline")))
    for top, forbidden in rules:
        for name, path in _modules(top).items():
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                mods = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                        [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
                bad = [m for m in mods if m.split(".")[0] in forbidden]
                assert not bad, f"{name} imports {bad}"


def test_the_sidepot_command_resolves() -> None:
    """The console script named in pyproject.toml loads the CLI's entry point."""
    script = next(e for e in entry_points(group="console_scripts") if e.name == "sidepot")
    assert callable(script.load())


def test_developer_tools_stay_out_of_the_wheel() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    find = config["tool"]["setuptools"]["packages"]["find"]
    assert "pipeline.dev" in find["exclude"] and "pipeline.dev.*" in find["exclude"]


@pytest.mark.parametrize("name", ["bench", "bench_stats", "corpus_report", "demo", "fuzz",
                                  "golden"])
def test_developer_tools_find_the_repository(name: str) -> None:
    """Tools one package deeper than they were still find the repo and its samples."""
    module = importlib.import_module(f"pipeline.dev.{name}")
    repo = getattr(module, "REPO", None)
    samples = getattr(module, "SAMPLES", None)
    assert repo is not None or samples is not None
    if repo is not None:
        assert Path(repo) == REPO
    if samples is not None:
        assert Path(samples).is_dir()
