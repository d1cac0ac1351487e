"""The summary counts at the top of rules/COVERAGE.md's two clause tables say what the rows say: a row
is "not yet" (or "refused, not yet"), "cannot arise" (or "refused: cannot arise"), or names its test."""

from __future__ import annotations

import re
from pathlib import Path

COVERAGE = (Path(__file__).resolve().parents[2] / "rules" / "COVERAGE.md").read_text()


def _rows(start: str, end: str) -> list[str]:
    section = COVERAGE[COVERAGE.index(start) : COVERAGE.index(end)]
    return [
        [cell.strip() for cell in line.strip().strip("|").split(" | ")][-1]
        for line in section.splitlines()
        if line.startswith("| ") and not line.startswith(("| Line |", "| # |", "| Clause |"))
    ]


def _counts(statuses: list[str]) -> tuple[int, int, int, int]:
    not_yet = sum(1 for s in statuses if s.startswith(("not yet", "refused, not yet")))
    cannot = sum(1 for s in statuses if s.startswith(("cannot arise", "refused: cannot arise")))
    return len(statuses), len(statuses) - not_yet - cannot, not_yet, cannot


def test_core_summary_counts_match_the_rows():
    statuses = _rows("## Core rulebook", "Notes on the core rows")
    total, enforced, not_yet, cannot = _counts(statuses)
    line = f"core: {total} clauses, {enforced} enforced with a test, {not_yet} not yet, {cannot} cannot arise"
    assert line in COVERAGE


def test_supplement_summary_counts_match_the_rows():
    statuses = _rows("## Supplement", "Not counted (no play behaviour)")
    total, enforced, not_yet, cannot = _counts(statuses)
    line = (
        f"**supplement: {total} clauses, {enforced} enforced with a test, {not_yet} not yet, "
        f"{cannot} cannot arise**"
    )
    assert line in re.sub(r"\s+", " ", COVERAGE)
    assert all(not s.startswith("refused:") or s.startswith("refused: cannot arise") for s in statuses)
