"""No import cycles among the modules of the Django apps: a module never imports, at the top or
inside a function, one that imports it back (however many modules the loop runs through). An
import hidden inside a function still ties the two modules together; the cycle only waits for the
first call to bite. The rules package has its own, stricter test (tests/rules/test_rules_layers.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ["games", "config", "rulings", "cards", "sandbox"]


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path, known: set[str]) -> set[str]:
    """The package's modules this file imports (the longest known prefix of each name), at the
    top or inside a function; imports under `if TYPE_CHECKING:` never run and do not count."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
        for statement in block.body
        for node in ast.walk(statement)
    }
    here = _module_name(path).split(".")
    if path.name != "__init__.py":
        here = here[:-1]
    names = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(here[: len(here) - node.level + 1]) if node.level else ""
            module = ".".join(filter(None, [base, node.module or ""]))
            names += [module] + [f"{module}.{alias.name}" for alias in node.names]
    found = set()
    for name in names:
        parts = name.split(".")
        for end in range(len(parts), 0, -1):
            candidate = ".".join(parts[:end])
            if candidate in known:
                found.add(candidate)
                break
    return found


def _graph(package: str) -> dict[str, set[str]]:
    paths = [p for p in (ROOT / package).rglob("*.py") if "migrations" not in p.parts]
    known = {_module_name(p) for p in paths}
    return {_module_name(p): _imported(p, known) - {_module_name(p)} for p in paths}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph.get(module, ())):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return components


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle(package):
    assert _cycles(_graph(package)) == []


def test_the_check_sees_a_cycle_through_a_function_level_import(tmp_path, monkeypatch):
    """The check itself can fail: two modules, one importing the other inside a function."""
    package = tmp_path / "sample"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "tasks.py").write_text("from sample.actions import run\n")
    (package / "actions.py").write_text("def run():\n    from .tasks import later\n")
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    assert _cycles(_graph("sample")) == [["sample.actions", "sample.tasks"]]
