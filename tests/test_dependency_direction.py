"""The catalogue (cards) depends on the knowledge base (rulings), never the reverse: a version
cites a rulings Source and Entry, and the catalogue links entries to its cards through a hook the
knowledge base offers. This test fails as soon as rulings' code imports or looks up cards."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULINGS = Path(__file__).resolve().parents[1] / "rulings"


def _modules_imported(tree: ast.AST) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in {
            "get_model",
            "import_module",
        }:
            for arg in node.args[:1]:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.add(arg.value)
    return found


def _rulings_sources():
    return [p for p in RULINGS.rglob("*.py") if "migrations" not in p.parts]


@pytest.mark.parametrize("path", _rulings_sources(), ids=lambda p: str(p.relative_to(RULINGS)))
def test_rulings_never_imports_cards(path):
    imported = _modules_imported(ast.parse(path.read_text(encoding="utf-8")))
    wrong = sorted(m for m in imported if m == "cards" or m.startswith("cards."))
    assert not wrong, f"{path.name} imports {wrong}: the knowledge base must not depend on the catalogue"


def test_the_scan_sees_every_kind_of_import():
    assert _modules_imported(ast.parse("import cards.models")) == {"cards.models"}
    assert _modules_imported(ast.parse("from cards import errata")) == {"cards"}
    assert _modules_imported(ast.parse("apps.get_model('cards', 'Card')")) == {"cards"}


def test_cards_uses_rulings_the_allowed_way():
    """The allowed direction is really used (else the rule would say nothing)."""
    cards = Path(__file__).resolve().parents[1] / "cards"
    imported = set().union(*(_modules_imported(ast.parse(p.read_text("utf-8"))) for p in cards.rglob("*.py")))
    assert any(m.startswith("rulings") for m in imported)


def test_no_rulings_model_declares_a_link_to_the_catalogue():
    """Nor in the schema: the entry-card link is declared by the catalogue (Card.entries), so no
    field of a knowledge-base model names a cards model (entry.cards is the reverse side)."""
    from django.apps import apps

    declared = [
        f"{model.__name__}.{field.name}"
        for model in apps.get_app_config("rulings").get_models()
        for field in model._meta.get_fields()
        if not field.auto_created and field.related_model is not None
        and field.related_model._meta.app_label == "cards"
    ]  # fmt: skip
    assert declared == []
    assert (
        apps.get_model("rulings", "Entry")._meta.get_field("cards").related_model._meta.label == "cards.Card"
    )
