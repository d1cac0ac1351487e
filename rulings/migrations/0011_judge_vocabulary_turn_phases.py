"""The judge vocabulary for the turn's phases as people name them by when they happen: the core
rules name the phases ("Sweep Phase", "Draw/Discard Phase"), a judge asks about "the start of my
turn" or "the end of the turn". Each row's note says where the documents' word comes from. Data
the admins edit (rulings.models_search.JudgeWord), like 0005's and 0008's rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import add_rows, remove_rows

CORE = "Highlander core rules"

# (typed, kind, means, note)
ROWS = [
    *[(typed, "alternative", "begin", f"{CORE}: 'begins their Attack Phase'")
      for typed in ("starts", "started", "starting")],
    *[(f"{at}{edge} of {whose} turn", "rewrite", f"{edge} of turn {phase}", f"{CORE}: {note}")
      for edge, phase, note in (
          ("start", "sweep phase", "'1.) Sweep Phase: ... At the beginning of your next turn'"),
          ("beginning", "sweep phase", "'1.) Sweep Phase: ... At the beginning of your next turn'"),
          ("end", "draw discard phase", "'5.) Draw/Discard Phase ... your turn is over'"),
      )
      for at in ("", "at the ")
      for whose in ("my", "your", "the", "his", "her", "their", "a")],
    # a card's word that tells which kind of effect it is
    *[(f"{says} {word}", "rewrite", f"{word} do effects", f"{CORE}: '{word.title()} Do' effects are 'identified by the Text "
       f"of their instructions, which will have the word '{word}''") for word in ("may", "must")
      for says in ("says", "say", "saying", "word", "text says")],
    # more than one of a thing at once
    *[(typed, "alternative", "multiple", f"{CORE}: 'Multiple Attacks', 'Multiple Defenses'")
      for typed in ("stack", "stacks", "stacking", "several")],
    *[(typed, "rewrite", "multiple", f"{CORE}: 'Multiple Attacks', 'Multiple Defenses'")
      for typed in ("more than one", "two or more")],
]  # fmt: skip


def seed(apps, schema_editor):
    add_rows(apps, ROWS)


def unseed(apps, schema_editor):
    remove_rows(apps, ROWS)


class Migration(migrations.Migration):
    dependencies = [("rulings", "0010_champions")]

    operations = [migrations.RunPython(seed, unseed)]
