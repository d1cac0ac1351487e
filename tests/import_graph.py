"""The import graph of a package's modules, for the tests that keep its layers: which of the
package's modules each module imports, at the top or inside a function (an import hidden in a
function still ties two modules together), and the cycles among them."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path, known: set[str], root: Path) -> set[str]:
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
    here = module_name(path, root).split(".")
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
            # `from pkg import mod` imports the module mod; `from mod import name`, the module mod
            names += [
                f"{module}.{alias.name}" if f"{module}.{alias.name}" in known else module
                for alias in node.names
            ]
    found = set()
    for name in names:
        parts = name.split(".")
        for end in range(len(parts), 0, -1):
            candidate = ".".join(parts[:end])
            if candidate in known:
                found.add(candidate)
                break
    return found


def graph(package: str, root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of the package (migrations aside) -> the package's modules it imports."""
    paths = [p for p in (root / package).rglob("*.py") if "migrations" not in p.parts]
    known = {module_name(p, root) for p in paths}
    return {module_name(p, root): _imported(p, known, root) - {module_name(p, root)} for p in paths}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

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
