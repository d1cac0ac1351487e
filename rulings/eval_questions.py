"""The search evaluation's questions (rulings/data/search_eval.toml), each with the entries that
answer it, named by source and entry key. Read by the evaluation (rulings.evaluation) and by the
asked questions search learns from (rulings.asked: every question but the held-out half's)."""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass
from pathlib import Path

EVAL_FILE = Path(__file__).resolve().parent / "data" / "search_eval.toml"
ASKED_FOLDS = 20
ASKED_RUN = 40  # about one probe round


@dataclass(frozen=True)
class Question:
    ask: str
    answers: tuple[tuple[str, str], ...]  # (source slug, entry key)
    held_out: bool
    fold: str = ""  # of the tuning half: "A" (positions 0, 4, 8...) or "B" (2, 6, 10...)
    added: bool = False  # written later to test a generalisation ([[tuning]]): the tuning half only
    probe: bool = False  # a fresh question of a probe round ([[probe]]): scored apart
    # Search learns from the questions of the tuning half and the probes (rulings.asked): each is
    # scored with its block of ASKED_FOLDS left out of the asked questions (-1: the held-out half,
    # never among them, scored with all of them).
    asked_fold: int = -1


def load_questions(path: Path = EVAL_FILE) -> list[Question]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    sources = data["sources"]
    questions = []
    for position, item in enumerate(data["q"]):
        held_out = position % 2 == 1
        fold = "" if held_out else "AB"[position // 2 % 2]
        questions.append(Question(item["ask"], _answers(item, sources), held_out, fold))
    for position, item in enumerate(data.get("tuning", [])):  # added to the tuning half only
        questions.append(
            Question(item["ask"], _answers(item, sources), False, "AB"[position % 2], added=True)
        )
    questions += [
        Question(item["ask"], _answers(item, sources), False, probe=True) for item in data.get("probe", [])
    ]
    return _with_asked_folds(questions)


def _with_asked_folds(questions: list[Question]) -> list[Question]:
    """The questions search may learn from in runs of ASKED_RUN consecutive questions, dealt to the
    ASKED_FOLDS blocks in turn. A question's block depends on the questions before it alone, so a
    round added to the file leaves every earlier question in its block (blocks cut into ASKED_FOLDS
    equal shares moved with each round, and questions in and out of the first five with them); a
    question on the same entries as the one before stays in its block, so the questions a probe
    round wrote about one entry fall in one, and none is scored with a sibling from its own round
    among the asked questions."""
    learned = [i for i, question in enumerate(questions) if not question.held_out]
    previous = None
    for count, i in enumerate(learned):
        fold = count // ASKED_RUN % ASKED_FOLDS
        if previous is not None and questions[previous].answers == questions[i].answers:
            fold = questions[previous].asked_fold  # a round's questions on one entry stay together
        questions[i] = dataclasses.replace(questions[i], asked_fold=fold)
        previous = i
    return questions


def _answers(item: dict, sources: dict[str, str]) -> tuple[tuple[str, str], ...]:
    answers = []
    for answer in item["answer"]:
        short, _, key = answer.partition(":")
        answers.append((sources[short], key))
    return tuple(answers)
