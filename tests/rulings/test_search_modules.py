"""rulings/search.py was split by what each part does (reading the query, ranking, facets, shaping
the results): no part grows back past a readable size, and no search module takes part in an import
cycle (a module importing, even inside a function, one that imports it back)."""

from __future__ import annotations

import ast
from pathlib import Path

RULINGS = Path(__file__).resolve().parents[2] / "rulings"
SEARCH_MODULES = ["search", "search_facets", "search_rerank", "search_ranking", "search_query", "search_sql"]


def _imports(path: Path) -> set[str]:
    """The rulings modules a file imports, at the top or inside a function (TYPE_CHECKING aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
        for statement in block.body
        for node in ast.walk(statement)
    }
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rulings."):
            found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found |= {alias.name.split(".")[1] for alias in node.names if alias.name.startswith("rulings.")}
    return found


def _graph() -> dict[str, set[str]]:
    return {path.stem: _imports(path) for path in RULINGS.glob("*.py")}


def test_no_search_module_imports_one_that_imports_it_back():
    graph = _graph()
    cycles = []

    def visit(module: str, trail: list[str]) -> None:
        for other in sorted(graph.get(module, ())):
            if other in trail:
                cycles.append(trail[trail.index(other) :] + [other])
            elif other in graph:
                visit(other, [*trail, other])

    for module in SEARCH_MODULES:
        visit(module, [module])
    assert [cycle for cycle in cycles if set(cycle) & set(SEARCH_MODULES)] == []


def test_the_search_modules_stay_readable_and_layered():
    graph = _graph()
    for position, module in enumerate(SEARCH_MODULES):
        lines = len((RULINGS / f"{module}.py").read_text(encoding="utf-8").splitlines())
        assert lines <= 400, f"rulings/{module}.py has {lines} lines"
        # each search module imports only the search modules listed after it
        assert graph[module] & set(SEARCH_MODULES) <= set(SEARCH_MODULES[position + 1 :]), module
