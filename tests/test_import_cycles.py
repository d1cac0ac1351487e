"""No import cycles among the modules of the Django apps: a module never imports, at the top or
inside a function, one that imports it back (however many modules the loop runs through). An
import hidden inside a function still ties the two modules together; the cycle only waits for the
first call to bite. The rules package has its own, stricter test (tests/rules/test_rules_layers.py)."""

from __future__ import annotations

import pytest

from tests.import_graph import cycles, graph

PACKAGES = ["games", "config", "rulings", "cards", "sandbox"]


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle(package):
    assert cycles(graph(package)) == []


def test_the_check_sees_a_cycle_through_a_function_level_import(tmp_path):
    """The check itself can fail: two modules, one importing the other inside a function."""
    package = tmp_path / "sample"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "tasks.py").write_text("from sample.actions import run\n")
    (package / "actions.py").write_text("def run():\n    from .tasks import later\n")
    assert cycles(graph("sample", tmp_path)) == [["sample.actions", "sample.tasks"]]
