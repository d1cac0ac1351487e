"""The rules package reads bottom-up: no module imports from a layer above its own, and no two modules import
each other, counting imports made inside functions (docs/DESIGN.md, "Rules package")."""

from pathlib import Path

from tests import import_graph

ROOT = Path(__file__).resolve().parents[2]

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


def _short(module: str) -> str:
    return "__init__" if module == "rules" else module.removeprefix("rules.")


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each rules module (by its file's stem) -> the rules modules it imports, wherever the import
    statement stands (the import reader of tests/import_graph.py)."""
    return {
        _short(module): {_short(other) for other in imported}
        for module, imported in import_graph.graph("rules", root).items()
    }


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
    assert import_graph.cycles(import_graph.graph("rules")) == []


def test_the_check_sees_imports_inside_functions(tmp_path):
    """The layers held before only because imports hid inside functions: the check must see those."""
    package = tmp_path / "rules"
    package.mkdir()
    for name in ("__init__", "engine", "view", "facts"):
        (package / f"{name}.py").write_text("")
    (package / "sample.py").write_text(
        "def f():\n    from .engine import settle\n    from . import view\n    import rules.facts\n"
    )
    assert graph(tmp_path)["sample"] == {"engine", "view", "facts"}
