"""The rules package reads bottom-up: no module imports from a layer above its own, and no two modules import
each other, counting imports made inside functions (docs/DESIGN.md, "Rules package")."""

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "rules"

# Lowest first. A module may import from its own layer or any layer below.
LAYERS = {
    "values": ["errors", "actions", "cards", "rng", "triggers", "position", "state", "deck"],
    "zones": ["zones"],
    "mechanics": [
        "personas",
        "combat",
        "exertions",
        "success",
        "attacks",
        "card_effects",
        "effects",
        "reactions",
        "unexpected",
        "flow",
        "under",
        "technique",
    ],
    "front": ["legal", "handlers", "engine", "view", "dealing"],
    "tools": ["explain", "facts", "bots", "play", "bench", "__init__"],
}
RANK = {module: rank for rank, modules in enumerate(LAYERS.values()) for module in modules}


def imports_of(path: Path) -> set[str]:
    """The rules modules a file imports, wherever the import statement stands."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 1:
                found.update(alias.name for alias in node.names)
            elif node.module and node.module.split(".")[0] == "rules":
                parts = node.module.split(".")
                found.update([parts[1]] if len(parts) > 1 else [alias.name for alias in node.names])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "rules" and len(parts) > 1:
                    found.add(parts[1])
    return found


def graph() -> dict[str, set[str]]:
    return {path.stem: imports_of(path) & set(RANK) for path in sorted(RULES.glob("*.py"))}


def test_every_module_has_a_layer():
    assert set(graph()) == set(RANK), "place a new rules module in LAYERS"


def test_no_module_imports_from_a_layer_above_it():
    upward = [
        f"{module} ({layer_of(module)}) imports {target} ({layer_of(target)})"
        for module, targets in graph().items()
        for target in targets
        if RANK[target] > RANK[module]
    ]
    assert upward == []


def layer_of(module):
    return list(LAYERS)[RANK[module]]


def test_no_import_cycle():
    edges = graph()
    done, path = set(), []

    def visit(module):
        if module in path:
            raise AssertionError("import cycle: " + " -> ".join(path[path.index(module) :] + [module]))
        if module in done:
            return
        path.append(module)
        for target in sorted(edges[module] - {module}):
            visit(target)
        path.pop()
        done.add(module)

    for module in sorted(edges):
        visit(module)


def test_the_check_sees_imports_inside_functions(tmp_path):
    """The layers held before only because imports hid inside functions: the check must see those."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def f():\n    from .engine import settle\n    from . import view\n    import rules.facts\n"
    )
    assert imports_of(sample) == {"engine", "view", "facts"}
