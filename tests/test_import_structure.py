"""The Python layers' imports (issue 21): no import circles in galaxysim (with its subpackages envs, openspiel, net),
galaxysim.sim, galaxysim.results or galaxysim.cluster, and no module using another module's private (underscore)
names.

The source files are read, not imported: every `import` and `from ... import`, at module level or inside a
function (a lazy import still ties the two modules together), gives an edge from the importing module to the
imported one; `from X import _name` and `module._name` (a private attribute of an imported galaxysim module)
are private-name uses. The compiled modules galaxysim._rftg, _af and _batch are the engine's interface: their
names are public, and importing them is not a private use.
"""
from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
#: The package each source folder is installed as (pyproject.toml, [tool.setuptools.package-dir]).
FOLDERS = {"galaxysim": REPO / "pycore", "galaxysim.sim": REPO / "sim", "galaxysim.results": REPO / "results",
           "galaxysim.cluster": REPO / "cluster", "galaxysim.envs": REPO / "pycore" / "envs",
           "galaxysim.openspiel": REPO / "pycore" / "openspiel", "galaxysim.net": REPO / "pycore" / "net"}
COMPILED = {"galaxysim._rftg", "galaxysim._af", "galaxysim._batch"}


def modules() -> dict[str, Path]:
    """Every Python module of the package: dotted name -> source file."""
    out = {}
    for package, folder in FOLDERS.items():
        for path in sorted(folder.glob("*.py")):
            out[package if path.stem == "__init__" else f"{package}.{path.stem}"] = path
    return out


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


class Imports(ast.NodeVisitor):
    """The imports of one module: `edges` (imported galaxysim modules) and `private` (private names it uses)."""

    def __init__(self, module: str, is_package: bool, known: set[str]):
        self.module, self.known = module, known
        self.package = module if is_package else module.rpartition(".")[0]
        self.edges: set[str] = set()
        self.private: list[str] = []
        self.aliases: dict[str, str] = {}  # local name -> galaxysim module it is bound to

    def _absolute(self, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        base = self.package.split(".")
        base = base[:len(base) - (node.level - 1)]
        return ".".join(base + ([node.module] if node.module else []))

    def _module(self, name: str) -> str | None:
        return name if name in self.known or name in COMPILED else None

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            target = self._module(alias.name)
            if target:
                self.edges.add(target)
                self.aliases[alias.asname or alias.name.split(".")[0]] = target if alias.asname else alias.name.split(".")[0]

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        source = self._absolute(node)
        if not source.startswith("galaxysim"):
            return
        for alias in node.names:
            as_module = self._module(f"{source}.{alias.name}")
            if as_module:  # `from package import module`
                self.edges.add(as_module)
                self.aliases[alias.asname or alias.name] = as_module
                continue
            if self._module(source):
                self.edges.add(source)
            if is_private(alias.name) and source not in COMPILED:
                self.private.append(f"line {node.lineno}: from {source} import {alias.name}")

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if isinstance(node.value, ast.Name) and node.value.id in self.aliases and is_private(node.attr):
            target = self.aliases[node.value.id]
            if f"{target}.{node.attr}" not in COMPILED and target not in COMPILED:
                self.private.append(f"line {node.lineno}: {node.value.id}.{node.attr} ({target})")
        self.generic_visit(node)


def import_graph() -> tuple[dict[str, set[str]], dict[str, list[str]]]:
    mods = modules()
    graph, private = {}, {}
    for name, path in mods.items():
        visitor = Imports(name, path.stem == "__init__", set(mods))
        visitor.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        graph[name] = {m for m in visitor.edges if m != name and m not in COMPILED}
        if visitor.private:
            private[name] = visitor.private
    return graph, private


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_walker_sees_circles_and_private_names(tmp_path):
    """The checks below can fail: a made-up pair of modules importing each other, and a private name."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    v = Imports("galaxysim.sim.x", False, {"galaxysim.sim.run", "galaxysim.sim.x"})
    v.visit(ast.parse("from .run import _locked, start\nfrom . import run\nrun._stderr('x')\n"))
    assert v.edges == {"galaxysim.sim.run"}
    assert v.private == ["line 1: from galaxysim.sim.run import _locked", "line 3: run._stderr (galaxysim.sim.run)"]


def test_every_module_is_seen():
    mods = modules()
    assert {"galaxysim.rftg", "galaxysim.sim.run", "galaxysim.results.reader", "galaxysim.cluster.connect"} <= set(mods)
    graph, _ = import_graph()
    assert "galaxysim.results.reader" in graph["galaxysim.sim.run"]


def test_no_import_circles():
    graph, _ = import_graph()
    assert circles(graph) == []


def test_no_module_uses_another_modules_private_names():
    _, private = import_graph()
    assert private == {}


def reachable(graph: dict[str, set[str]], start: set[str]) -> set[str]:
    seen, todo = set(), list(start)
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo.extend(graph.get(m, ()))
    return seen


def test_the_cluster_side_does_not_depend_on_the_local_run_loop():
    """Issue 21: the cluster side can change without touching the local run loop. Nothing galaxysim.cluster
    imports, directly or not, is the run's start/resume, its local chunk loop, a match or the command line (its
    Ray probe used to import galaxysim.sim.run, which imports galaxysim.cluster.connect: a circle)."""
    graph, _ = import_graph()
    cluster = {m for m in graph if m.startswith("galaxysim.cluster.")}
    local = {"galaxysim.sim.run", "galaxysim.sim.chunk_loop", "galaxysim.sim.local_chunks", "galaxysim.sim.match",
             "galaxysim.sim.cli", "galaxysim.sim.compare", "galaxysim.sim.replay"}
    assert local <= set(graph)
    assert reachable(graph, cluster) & local == set()
    assert "galaxysim.sim.chunk_job" in reachable(graph, cluster)  # (what a Ray worker plays a chunk with)
