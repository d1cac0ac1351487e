"""How well search answers a judge's questions: recall@1, recall@5 and MRR over the questions in
rulings/data/search_eval.toml, each with the entries that answer it (named by source and entry
key, which survive a re-import). Even positions of ``[[q]]`` form the tuning half, odd ones the
held-out half; the questions of ``[[tuning]]`` were added to the tuning half alone. The tuning half
is split in two folds (A and B): a change is kept only if it does not hurt either. The questions of
``[[probe]]`` are scored apart: rounds of fresh questions, each written from a randomly drawn entry
before searching (how issue #14 measures "the answer first for 19 in 20").
Each half is also scored per kind of question, read from the question itself (the data carries
no labels): "misspelled" when search corrected one of its words, else "short" up to
``SHORT_WORDS`` words, "long" from ``LONG_WORDS`` words, "casual" in between.

    make eval                     # a throw-away database: migrate, import the sources, score
    .venv/bin/python -m rulings.evaluation [--misses]   # the same; --misses lists the tuning misses

The held-out half's misses are never listed: it stays a fair estimate only if nobody tunes on it;
nor are the probes', whose later rounds are meant to be met fresh.

Search learns from the questions of the tuning half and the probes (rulings.asked: a question much
like one asked before finds its answer first), so each of them is scored with its block of
``ASKED_FOLDS`` left out of the asked questions, as a question never asked; the held-out half,
never among them, with all of them.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from rulings.eval_questions import ASKED_FOLDS, EVAL_FILE, Question, load_questions

if TYPE_CHECKING:
    from rulings.search import Analysis

__all__ = ["EVAL_FILE", "Question", "evaluate", "load_questions", "report"]

DEPTH = 5  # results looked at per question
# Also asked: is the answer among the first CEILING at all? What a re-ranking of the first results
# could reach, and what a faster candidate stage must keep.
CEILING = 20
SHORT_WORDS, LONG_WORDS = 4, 12  # a question of at most / at least this many words
KINDS = ("casual", "misspelled", "short", "long")


@dataclass
class Score:
    name: str
    questions: int = 0
    ranks: list[int | None] = field(default_factory=list)  # 1-based rank of the first answer
    misses: list[str] = field(default_factory=list)
    kinds: dict[str, Score] = field(default_factory=dict)  # the same, per kind of question
    folds: dict[str, Score] = field(default_factory=dict)  # the same, per fold (tuning half only)

    def recall(self, k: int) -> float:
        return sum(1 for r in self.ranks if r is not None and r <= k) / max(len(self.ranks), 1)

    @property
    def mrr(self) -> float:  # over the first DEPTH results, as the numbers before recall@20 were
        return sum(1 / r for r in self.ranks if r and r <= DEPTH) / max(len(self.ranks), 1)

    def line(self) -> str:
        return (
            f"{self.name:<22} {len(self.ranks):>4} questions   recall@1 {self.recall(1):.3f}"
            f"   recall@5 {self.recall(5):.3f}   MRR {self.mrr:.3f}   recall@{CEILING} {self.recall(CEILING):.3f}"
        )


def evaluate(questions: list[Question]) -> tuple[Score, Score, Score]:
    """Score the search service (what the pages and the API call) on the questions: (tuning,
    held-out, probes), each tuning question also in its fold's score (``folds``: a change is kept only if
    it helps, or does not hurt, both), from the first CEILING results (the first DEPTH shown for a miss). A question whose answer is not in the database is an error, not a miss.
    The bundled asked questions are loaded for each block of them in turn, with the block's own
    questions left out, to score those; then all of them, to score the held-out half. The database
    is left with all of them, as the import loads them."""
    from rulings.asked import load_bundled_questions
    from rulings.models import Entry, Status
    from rulings.search import find

    wanted = {answer for question in questions for answer in question.answers}
    ids = {
        (slug, key): pk
        for slug, key, pk in Entry.objects.filter(status=Status.CURRENT).values_list(
            "source__slug", "key", "pk"
        )
        if (slug, key) in wanted
    }
    missing = sorted(wanted - ids.keys())
    if missing:
        raise LookupError(f"answers not in the database: {missing[:5]} ({len(missing)} in all)")
    tuning, held_out, probes = Score("tuning"), Score("held-out"), Score("probes")
    for half in (tuning, held_out, probes):
        half.kinds = {kind: Score(f"  {kind}") for kind in KINDS}
    tuning.folds = {fold: Score(f"  fold {fold}") for fold in "AB"}
    scored: dict[int, tuple[int | None, list, Analysis | None]] = {}
    known: dict[str, list] = {}  # each question's words, read at the first load
    for block in [*range(ASKED_FOLDS), -1]:
        load_bundled_questions(
            leave_out=frozenset(question.ask for question in questions if question.asked_fold == block),
            known=known,
        )
        for i, question in enumerate(questions):
            if question.asked_fold == block:
                expected = {ids[answer] for answer in question.answers}
                found = find(question.ask, limit=CEILING)
                rank = next((r for r, entry in enumerate(found.entries, 1) if entry.pk in expected), None)
                scored[i] = rank, found.entries, found.analysis
    for i, question in enumerate(questions):
        score = probes if question.probe else held_out if question.held_out else tuning
        rank, results, analysis = scored[i]
        score.ranks.append(rank)
        score.kinds[kind_of(question.ask, analysis)].ranks.append(rank)
        if question.fold:
            score.folds[question.fold].ranks.append(rank)
        if rank != 1:
            got = "; ".join(f"{entry.source.slug[:10]}:{entry.key[:60]}" for entry in results[:3])
            score.misses.append(
                f"  [{rank or '-'}] {question.ask!r}\n      want {question.answers[0][1]}\n      got  {got}"
            )
    return tuning, held_out, probes


def kind_of(ask: str, analysis: Analysis | None) -> str:
    """The kind of a question, from its words and what search made of them."""
    if analysis is not None and any(word.corrected for word in analysis.words):
        return "misspelled"
    words = len(ask.split())
    if words <= SHORT_WORDS:
        return "short"
    return "long" if words >= LONG_WORDS else "casual"


def report(questions: list[Question], show_misses: bool = False) -> tuple[Score, Score, Score]:
    tuning, held_out, probes = evaluate(questions)
    for half in (tuning, held_out, probes):
        print(half.line())
        for fold in half.folds.values():
            print(fold.line())
        for kind in half.kinds.values():
            if kind.ranks:
                print(kind.line())
    if show_misses and tuning.misses:
        print("\ntuning questions not answered first:")
        print("\n".join(tuning.misses))
    return tuning, held_out, probes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list the tuning questions not answered first")
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "benchmarks"))
    import _scratch_db as scratch_db  # the benchmarks' throw-away database on the embedded server

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    os.environ.setdefault("JT_MANIFEST_STATIC", "0")
    name = f"eval_search_{os.getpid()}"
    scratch_db.create(name)
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        call_command("import_sources", verbosity=0)
        report(load_questions(), show_misses=args.misses)
    finally:
        scratch_db.drop(name)


if __name__ == "__main__":
    main()
