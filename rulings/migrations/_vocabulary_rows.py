"""How the judge vocabulary's data migrations (0008 and after) add their rows and take them back.
Django loads no migration from a module whose name starts with "_": this one is a helper of those
migrations, and what it does is part of what they did (change it, and they change)."""

import functools


def add_rows(apps, rows) -> None:
    """Add the (typed, kind, means, note) rows; a row an admin already added stays as they wrote it."""
    JudgeWord = apps.get_model("rulings", "JudgeWord")
    JudgeWord.objects.bulk_create(
        [JudgeWord(typed=typed, kind=kind, means=means, note=note[:200]) for typed, kind, means, note in rows],
        ignore_conflicts=True,
    )


def remove_rows(apps, rows) -> None:
    """Remove the rows as added (one an admin has since edited stays)."""
    JudgeWord = apps.get_model("rulings", "JudgeWord")
    for typed, kind, means, _ in rows:
        JudgeWord.objects.filter(typed=typed, kind=kind, means=means).delete()


def change_means(apps, changes, *, undo: bool = False) -> None:
    """Change each (typed, kind, means before, means after) row to its means after (undo: back to
    before); a row an admin has changed since stays as they wrote it."""
    JudgeWord = apps.get_model("rulings", "JudgeWord")
    for typed, kind, before, after in changes:
        old, new = (after, before) if undo else (before, after)
        JudgeWord.objects.filter(typed=typed, kind=kind, means=old).update(means=new)


def _seed(apps, schema_editor, rows, changes=(), removed=()) -> None:
    add_rows(apps, rows)
    change_means(apps, changes)
    remove_rows(apps, removed)


def _unseed(apps, schema_editor, rows, changes=(), removed=()) -> None:
    add_rows(apps, removed)
    remove_rows(apps, rows)
    change_means(apps, changes, undo=True)


def rows_operation(rows, changes=(), removed=()):
    """The migration's one operation: add the rows, change the means of earlier ones and remove
    earlier rows (as they were added: one an admin has edited since stays), or undo all three when
    unapplied (partials of importable functions, which Django's migration writer and
    squashmigrations can serialize)."""
    from django.db import migrations

    return migrations.RunPython(
        functools.partial(_seed, rows=rows, changes=changes, removed=removed),
        functools.partial(_unseed, rows=rows, changes=changes, removed=removed),
    )
