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

#: The layers, lowest first: a module imports modules of its own room or of rooms on lower
#: layers, never higher and never a sibling room on its own layer. docs/architecture.md
#: draws the same table ("Rooms and arrows"); change both together. Derived from the code
#: and ../shared/DESIGN.md: pipeline -> parsers, pipeline.cli -> reports, reports imports
#: neither parsers nor pipeline, the simulator never imports the engine.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("parsers", "reports"),  # the formats; the reports (SQL over the store, no Python import)
    ("pipeline.base",),  # what every room shares: settings, errors, the core's choice
    ("pipeline.engine", "pipeline.sim"),  # the rules; the simulator's own dealer
    ("pipeline.store",),  # the one column spec, flattening, DuckDB and Parquet
    ("pipeline.ingest", "pipeline.export"),  # files -> rows -> store; hands back out as text
    ("pipeline.cli",),  # the sidepot command, thin over the library and the reports
    ("pipeline.dev",),  # benchmarks, fuzzing, the corpus report, the demo (not in the wheel)
)
#: Each room's modules and packages. The ingest room holds the core's seam (pipeline.core
#: and its rows) with the flow: the pool runs pipeline.core.parse_file, which packs with the
#: flow's pack and parse; the circle between them is held by the test below, module by module.
ROOM_MEMBERS: dict[str, tuple[str, ...]] = {
    "parsers": ("parsers",),
    "reports": ("reports",),
    "pipeline.base": ("pipeline", "pipeline._lazy", "pipeline.config", "pipeline.errors",
                      "pipeline.core_choice"),
    "pipeline.engine": ("pipeline.engine",),
    "pipeline.sim": ("pipeline.sim",),
    "pipeline.store": ("pipeline.store",),
    "pipeline.ingest": ("pipeline.ingest", "pipeline.core", "pipeline.core_rows"),
    "pipeline.export": ("pipeline.export",),
    "pipeline.cli": ("pipeline.cli",),
    "pipeline.dev": ("pipeline.dev",),
}


def _modules(top: str) -> dict[str, Path]:
    found = {}
    for path in sorted((REPO / top).rglob("*.py")):
        rel = path.relative_to(REPO).with_suffix("")
        if "native" in rel.parts:
            continue
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        found[".".join(parts)] = path
    return found


def _is_type_checking(node: ast.AST) -> bool:
    """``if TYPE_CHECKING:``: imports there name types for annotations and never run."""
    return isinstance(node, ast.If) and (
        (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
        or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING"))


def _import_nodes(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of a module, at module level or inside a function or class,
    less those under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        if _is_type_checking(node):
            todo.extend(node.orelse)  # type: ignore[attr-defined]
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


def _imports(path: Path, known: set[str]) -> set[str]:
    """Modules of ours that ``path`` imports anywhere: a circle or an upward arrow hidden in a
    function is still one (it runs whenever the function does)."""
    out: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif node.module and node.level == 0:
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


def _graph() -> dict[str, set[str]]:
    """Each module of ours -> the modules of ours it imports anywhere (its packages aside)."""
    modules = {name: path for top in PACKAGES for name, path in _modules(top).items()}
    return {name: _imports(path, set(modules)) - {name} - _ancestors(name)
            for name, path in modules.items()}


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` (its modules in order, the first again last), or None."""
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> list[str] | None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return trail[trail.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt, trail + [nxt])):
                return found
        state[node] = 2
        return None

    for name in sorted(graph):
        if name not in state and (found := visit(name, [name])):
            return found
    return None


def _room(module: str) -> str:
    """The room a module lives in: the longest member of :data:`ROOM_MEMBERS` that names it
    or one of its packages ("" when none does). ``pipeline`` names the package itself only:
    its sub-packages and modules each belong to a room of their own."""
    owners = [(len(m), room) for room, members in ROOM_MEMBERS.items() for m in members
              if module == m or (m != "pipeline" and module.startswith(m + "."))]
    return max(owners)[1] if owners else ""


def _upward(graph: dict[str, set[str]]) -> list[str]:
    """Every import from a room to one not below it (its own room aside), as text."""
    layer = {room: n for n, rooms in enumerate(LAYERS) for room in rooms}
    layer[""] = -1  # a module with no room: test_every_module_has_a_room_on_the_layer_table
    return sorted(f"{src} ({_room(src)}) imports {dst} ({_room(dst)})"
                  for src, dsts in graph.items() for dst in dsts
                  if _room(src) != _room(dst) and layer[_room(dst)] >= layer[_room(src)])


def test_imports_have_no_circle() -> None:
    """No module of ours comes back round to itself through its imports, counting those
    inside functions: a circle hidden in a function is still a circle."""
    circle = _circle(_graph())
    assert circle is None, "import circle: " + " -> ".join(circle or [])


def test_every_module_has_a_room_on_the_layer_table() -> None:
    layered = {room for rooms in LAYERS for room in rooms}
    assert layered == set(ROOM_MEMBERS)
    assert len(layered) == sum(len(rooms) for rooms in LAYERS), "a room on two layers"
    roomless = [name for name in _graph() if _room(name) not in layered]
    assert roomless == [], f"modules on no layer (add them to ROOM_MEMBERS): {roomless}"


def test_arrows_point_one_way() -> None:
    """Each import goes to a lower layer or stays in its room: none up, none sideways to
    another room of the same layer (the engine and the simulator never import each other;
    parsers and reports import nothing of ours but themselves)."""
    upward = _upward(_graph())
    assert upward == [], "arrows against the layers:\n" + "\n".join(upward)


def test_the_layer_check_catches_a_planted_arrow() -> None:
    """The checks above fail on what they are for: an upward arrow, a sideways one, a circle
    through a function-level import (the one issue 34 removed, planted back)."""
    graph = _graph()
    planted = {**graph, "pipeline.ingest.stream": graph["pipeline.ingest.stream"] |
               {"pipeline.core"}}
    assert _circle(planted) is not None
    assert _upward({"parsers.registry": {"pipeline.engine"}}) != []
    assert _upward({"reports.stats": {"pipeline.store"}}) != []
    assert _upward({"pipeline.sim": {"pipeline.engine"}}) != []
    assert _upward({"pipeline.store": {"pipeline.cli.app"}}) != []
    assert _upward({"pipeline.cli.app": {"reports.stats", "pipeline.store"}}) == []


def test_no_relative_imports() -> None:
    """Absolute imports only, so every arrow is written with both its ends."""
    relative = [name for top in PACKAGES for name, path in _modules(top).items()
                for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(node, ast.ImportFrom) and node.level]
    assert relative == []


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


def test_the_native_core_builds_with_sidepot() -> None:
    """One install (issue 34): the root pyproject builds the Rust binding into the package
    sidepot_native, in release, optional where no cargo is; the sdist carries its sources."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert "setuptools-rust" in " ".join(config["build-system"]["requires"])
    (ext,) = config["tool"]["setuptools-rust"]["ext-modules"]
    assert ext["target"] == "sidepot_native.sidepot_native"
    assert ext["optional"] is True and ext["debug"] is False
    manifest = REPO / ext["path"]
    assert 'name = "sidepot_native"' in manifest.read_text(encoding="utf-8")  # PyInit_ name
    package = manifest.parent / "sidepot_native"
    assert (package / "__init__.py").is_file() and (package / "__init__.pyi").is_file()
    find = config["tool"]["setuptools"]["packages"]["find"]
    assert str(manifest.parent.relative_to(REPO)) in find["where"]
    sdist = (REPO / "MANIFEST.in").read_text(encoding="utf-8")
    for needed in ("pipeline/native/Cargo.lock", "graft pipeline/native/core",
                   "graft pipeline/native/python", "prune pipeline/native/target"):
        assert needed in sdist, needed


def test_the_native_stub_names_every_name_the_extension_exports() -> None:
    """The type stub (sidepot_native/__init__.pyi) declares what the built module exports."""
    native = pytest.importorskip("sidepot_native", reason="the native core is not built")
    stub = REPO / "pipeline/native/python/sidepot_native/__init__.pyi"
    declared = set()
    for node in ast.parse(stub.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef):
            declared.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            declared.add(node.target.id)
    assert set(native.__all__) == declared
