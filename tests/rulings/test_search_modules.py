"""rulings/search.py was split by what each part does (reading the query, ranking, facets, shaping
the results): no part grows back past a readable size, and each imports only the search modules
below it (no module of rulings takes part in an import cycle: tests/test_import_cycles.py)."""

from __future__ import annotations

from pathlib import Path

from tests.import_graph import graph

RULINGS = Path(__file__).resolve().parents[2] / "rulings"
SEARCH_MODULES = [
    "search", "search_facets", "search_rerank", "search_ranking", "search_query", "search_lexicon", "search_memory",
    "search_sql",
]  # fmt: skip


def _graph() -> dict[str, set[str]]:
    """rulings' modules by their short name -> the rulings modules each imports (the cycles among
    them, search modules included, are tests/test_import_cycles.py's)."""
    return {
        name.removeprefix("rulings."): {other.removeprefix("rulings.") for other in imported}
        for name, imported in graph("rulings").items()
    }


def test_the_search_modules_stay_readable_and_layered():
    imports = _graph()
    for position, module in enumerate(SEARCH_MODULES):
        lines = len((RULINGS / f"{module}.py").read_text(encoding="utf-8").splitlines())
        assert lines <= 400, f"rulings/{module}.py has {lines} lines"
        # each search module imports only the search modules listed after it
        assert imports[module] & set(SEARCH_MODULES) <= set(SEARCH_MODULES[position + 1 :]), module
