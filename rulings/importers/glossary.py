"""A game's glossary derived from its rule documents (Highlander has no glossary of its own).

Two sources of terms, both read from the document, none listed by hand:

* the headed sections: "Power Blocks" is the term "Power Block", "Exertions" is "Exertion",
  "Weapons of Choice" is "Weapon of Choice", "Combat Trick Rules" is "Combat Trick". A heading
  "X Cards" names the term "X Card", or "X" when the document mostly uses X on its own
  ("Persona Cards": the document speaks of "a Persona"). Chapters, the card anatomy's parts that
  are only words ("Title", "Text"), headings of a procedure ("Searching for an Attack") and
  comparisons ("Damage vs. Loss of Ability") are not terms;
* the concepts the text defines: "Your deck of cards is your Endurance", "This amount is known
  as your Ability", "... and are Master Cards", "A Vehicle is defined to be ...".
"""

from __future__ import annotations

import re

from .base import ParsedEntry, ParsedTerm, slugify

SEP = " \u203a "
NAME = r"[A-Z][\w'-]*(?: (?:of )?[A-Z][\w'-]*){0,2}"
DEFINITIONS = [
    re.compile(rf"\bis your ({NAME})"),  # "Your deck of cards is your Endurance."
    re.compile(rf"\bknown as (?:your |an? |the )?({NAME})"),  # "known as your Ability"
    re.compile(rf"\bare ({NAME}) Cards\b"),  # "... and are Master Cards." -> "Master Card"
    re.compile(rf"(?:^|[.!?]\s+)(?:A|An) ({NAME}) is (?:any|defined|a|an|the|still)\b"),
]
# Headings that are not concepts: the parts of a card that are plain words, and the documents' own
# framing. Procedures ("Searching ...", "Exerting ...") and comparisons are recognised by form.
NOT_TERMS = {"title", "text", "sub-title", "introduction", "logos", "errata and clarifications"}
ALONE_SHARE = 0.75  # "X Cards" names "X" when X stands alone in this share of its uses


def singular(name: str) -> str:
    """ "Power Blocks" -> "Power Block", "Weapons of Choice" -> "Weapon of Choice", "Allies" -> "Ally"."""
    words = name.split(" ")
    index = words.index("of") - 1 if "of" in words[1:] else len(words) - 1
    word = words[index]
    if re.search(r"[^aeiou]ies$", word):
        word = word[:-3] + "y"
    elif re.search(r"(ss|us|is|Arts)$", word):
        pass
    elif word.endswith("s") and len(word) > 3:
        word = word[:-1]
    words[index] = word
    return " ".join(words)


def plural(name: str) -> str:
    """ "Power Block" -> "Power Blocks", "Ally" -> "Allies", "Weapon of Choice" -> "Weapons of Choice"."""
    words = name.split(" ")
    index = words.index("of") - 1 if "of" in words[1:] else len(words) - 1
    word = words[index]
    if re.search(r"[^aeiou]y$", word):
        word = word[:-1] + "ies"
    elif re.search(r"(s|x|ch|sh)$", word):
        word += "es"
    else:
        word += "s"
    words[index] = word
    return " ".join(words)


def _from_heading(title: str, document: str) -> str:
    name = re.sub(r"\s*\([^)]*\)", "", title).strip()
    name = re.sub(r"\s+Rules$", "", name)
    name = re.sub(r"^New\s+", "", name)
    words = name.split()
    if (
        not words
        or name.lower() in NOT_TERMS
        or len(words) > 4
        or re.search(r"\bvs\.?\b|[/&\"]", name)
        or words[0].endswith("ing")  # a procedure: "Searching for an Attack", "Removing Cards ..."
        or words[0] in {"Other", "The"}
    ):
        return ""
    name = singular(name)
    if name.endswith(" Card"):
        stem = name[: -len(" Card")]
        uses = len(re.findall(rf"\b{re.escape(stem)}\b", document))
        with_card = len(re.findall(rf"\b{re.escape(stem)} [Cc]ards?\b", document))
        if uses and (uses - with_card) / uses >= ALONE_SHARE:
            name = stem
    return name


def derive_terms(entries: list[ParsedEntry], document: str) -> list[ParsedTerm]:
    """The glossary of a rule document; each rule entry is also given the term of its own heading."""
    names: dict[str, str] = {}  # slug -> name, in document order

    def add(name: str) -> str:
        slug = slugify(name)
        if slug and slug not in names:
            names[slug] = name
        return slug

    for entry in entries:
        if entry.kind != "rule":
            continue
        if SEP in entry.section and entry.title:  # a headed section, not a chapter's own text
            name = _from_heading(entry.title, document)
            if name:
                slug = add(name)
                if slug not in entry.terms:
                    entry.terms.append(slug)
        for index, pattern in enumerate(DEFINITIONS):
            for match in pattern.finditer(entry.text):
                name = match.group(1).strip() + (" Card" if index == 2 else "")
                add(singular(name))
    # "Edge" (a heading) and "Edge Card" (another): one term, "Edge Card"
    merged = {
        slug: slugify(f"{name} Card") for slug, name in names.items() if slugify(f"{name} Card") in names
    }
    for entry in entries:
        entry.terms = list(dict.fromkeys(merged.get(slug, slug) for slug in entry.terms))
    return [ParsedTerm(slug=slug, name=name) for slug, name in names.items() if slug not in merged]
