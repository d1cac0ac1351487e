"""What a rule id the engine cites says, for a judge: the rulebook sentence the engine quotes
(rules/explain.py), else the opening of the knowledge base's entry for that section, with a link
to the entry; for a card's own text (`card/<key>`), the card's text and its catalogue page.

The engine's ids name the rulebook's sections in short (`core/advanced/power-blows` is the core
rules' "Advanced Concepts > Exertions > Power Blows"); an id is matched to the entry whose key ends
with its most specific part, walking up to the section above when a part has no entry of its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import rules
from rules import explain

# The engine's id prefix -> the bundled source those rules come from.
SOURCE_OF_PREFIX = {"core": "highlander-core-rules", "mle": "highlander-mle-rule-supplement-2007"}
EXCERPT_CHARS = 280


@dataclass(frozen=True)
class RuleText:
    rule: str
    text: str = ""  # the sentence, or the opening of the entry or card text
    url: str = ""  # the entry's permalink or the card's page
    where: str = ""  # the entry's section or the card's name


def _excerpt(text: str) -> str:
    text = " ".join(text.split())
    if len(text) <= EXCERPT_CHARS:
        return text
    return text[:EXCERPT_CHARS].rsplit(" ", 1)[0] + " …"


def _sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.!?])\s+", " ".join(text.split()))


def _best_sentence(rule: str, entries: list[dict]) -> tuple[str, dict | None]:
    """Of the sentences of a section and the sections under it, the one that says most of what
    the rule id names ('sweep-phase/defense-discard' -> the sentence on discarding a defense, in
    the sweep's May Do section), with the entry it is from; else the section's opening."""
    # Later parts of the id are more specific, so they weigh more; a word's stem is enough.
    words = [w[:-1] for part in rule.split("/")[1:] for w in part.split("-") if len(w) > 3]

    def score(sentence: str) -> int:
        lowered = sentence.lower()
        return sum(i + 1 for i, stem in enumerate(words) if stem in lowered)

    scored = [
        (score(sentence), sentence, entry) for entry in entries for sentence in _sentences(entry["text"])
    ]
    best = max(scored, key=lambda item: item[0], default=(0, "", None))
    if best[0]:
        return _excerpt(best[1]), best[2]
    return (_excerpt(entries[0]["text"]), entries[0]) if entries else ("", None)


def _part_matches(entry_key: str, part: str) -> int:
    """How well an entry key's last part matches a part of a rule id: 2 the same, 1 a hyphen-bounded
    piece of it ('sequence-of-play' in 'the-sequence-of-play'), 0 not at all."""
    last = entry_key.rsplit("/", 1)[-1]
    if last == part:
        return 2
    return 1 if f"-{part}-" in f"-{last}-" else 0


def _entry_for(rule: str, entries: list[dict]) -> dict | None:
    parts = rule.split("/")[1:]
    for part in reversed(parts):
        scored = [(_part_matches(e["key"], part), e) for e in entries]
        best = [(score, e) for score, e in scored if score]
        if best:
            # The closest match, then the shallowest section, then the first in the document.
            return min(best, key=lambda se: (-se[0], se[1]["key"].count("/"), se[1]["position"]))[1]
    return None


def rule_texts(rule_ids: Iterable[str]) -> dict[str, RuleText]:
    from cards.selectors import known_slugs
    from rulings.models import Entry, Kind, Status

    wanted = sorted(set(rule_ids))
    sentences = getattr(explain, "SENTENCES", {})
    slugs = sources = None
    out: dict[str, RuleText] = {}
    for rule in wanted:
        prefix = rule.split("/", 1)[0]
        if prefix == "card":
            key = rule.split("/", 1)[-1]
            definition = rules.cardpool().get(key)
            if slugs is None:
                slugs = known_slugs()
            out[rule] = RuleText(
                rule,
                _excerpt(definition.text) if definition else "",
                f"/cards/{key}/" if key in slugs else "",
                definition.name if definition else "",
            )
            continue
        if sources is None:  # one query for every rule on the page
            sources = {slug: [] for slug in SOURCE_OF_PREFIX.values()}
            # Rule sections only: the engine cites an erratum through its card (`card/<key>`).
            rows = Entry.objects.filter(source__slug__in=sources, status=Status.CURRENT, kind=Kind.RULE)
            for row in rows.values("pk", "key", "position", "section", "text", "source__slug"):
                sources[row["source__slug"]].append(row)
        entries = sources.get(SOURCE_OF_PREFIX.get(prefix, ""), [])
        entry = _entry_for(rule, entries)
        text = sentences.get(rule, "")
        if entry and not text:
            section = [entry] + [e for e in entries if e["key"].startswith(entry["key"] + "/")]
            text, entry = _best_sentence(rule, section)
        url = f"/rulings/entries/{entry['pk']}/" if entry else ""
        out[rule] = RuleText(rule, text, url, entry["section"] if entry else "")
    return out
