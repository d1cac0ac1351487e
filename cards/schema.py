"""The card file format shared by ``import_cards`` / ``export_cards`` and ``cards/data/``.

Pure Python: reading JSON or CSV into rows with their line numbers, and validating a row.
See ``cards/README.md`` for the documented schema.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field

import rules
from rulings.textfold import fold as fold_text

GAMES = ("highlander", "meccg", "inwo")
SUBTITLE_KINDS = ("", "persona", "weapon", "faction")
VERSION_KINDS = ("printed", "erratum", "clarification")
FIELDS = (
    "game",
    "name",
    "variant",
    "slug",
    "type",
    "subtitle",
    "subtitle_kind",
    "restriction",
    "attributes",
    "text",
    "versions",
)
REQUIRED = ("game", "name")
VERSION_FIELDS = ("kind", "text", "date", "note", "source", "heading")
CSV_JSON_COLUMNS = ("attributes", "versions")

_SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_GRID_RE = re.compile(r"^[X-]{3}/[X-]{3}/[X-]{3}$")
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def fold(text: str) -> str:
    """Accents and case folded: 'Nazgûl' -> 'nazgul'. The knowledge base's own folding, so a
    card's search name and the ruling text it is matched in are folded alike."""
    return fold_text(text or "")


def slugify(text: str) -> str:
    """The slug contract shared with ``rules/`` (its own function, so the two cannot drift):
    ASCII-folded, lower-cased, runs of non-alphanumerics -> '-', trimmed."""
    return rules.slugify(text or "")


def make_slug(game: str, name: str, variant: str = "", taken=()) -> str:
    """``name[-variant]``; a non-Highlander card whose slug is already taken gets ``-<game>``."""
    slug = slugify(name) + (f"-{slugify(variant)}" if variant else "")
    if game != "highlander" and slug in taken:
        slug = f"{slug}-{game}"
    return slug


@dataclass
class Row:
    line: int
    data: dict
    errors: list = field(default_factory=list)


class FileFormatError(ValueError):
    """The file cannot be read at all (not JSON, not a list, no CSV header...)."""

    def __init__(self, message: str, line: int = 0):
        self.line = line
        super().__init__(f"line {line}: {message}" if line else message)


def read_rows(text: str, fmt: str) -> list[Row]:
    if fmt == "json":
        return _read_json(text)
    if fmt == "csv":
        return _read_csv(text)
    raise FileFormatError(f"unknown format {fmt!r}: use json or csv")


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _read_json(text: str) -> list[Row]:
    decoder = json.JSONDecoder()
    i = _skip_ws(text, 0)
    if i >= len(text) or text[i] != "[":
        raise FileFormatError(
            "a JSON card file is a list of card objects: it must start with '['", _line_of(text, i)
        )
    rows: list[Row] = []
    i = _skip_ws(text, i + 1)
    if i < len(text) and text[i] == "]":
        return rows
    while True:
        try:
            obj, end = decoder.raw_decode(text, i)
        except json.JSONDecodeError as exc:
            raise FileFormatError(f"invalid JSON: {exc.msg}", exc.lineno) from None
        rows.append(Row(_line_of(text, i), obj))
        i = _skip_ws(text, end)
        if i < len(text) and text[i] == ",":
            i = _skip_ws(text, i + 1)
            continue
        if i < len(text) and text[i] == "]":
            if _skip_ws(text, i + 1) != len(text):
                raise FileFormatError("unexpected text after the closing ']'", _line_of(text, i + 1))
            return rows
        raise FileFormatError("expected ',' or ']' after a card", _line_of(text, i))


def _skip_ws(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t\r\n\ufeff":
        i += 1
    return i


def _read_csv(text: str) -> list[Row]:
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    if not reader.fieldnames:
        raise FileFormatError("the CSV file has no header row", 1)
    unknown = [c for c in reader.fieldnames if c not in FIELDS]
    if unknown:
        raise FileFormatError(f"unknown CSV column(s): {', '.join(unknown)} (known: {', '.join(FIELDS)})", 1)
    rows: list[Row] = []
    start = reader.line_num + 1
    for record in reader:
        row = Row(start, {})
        for key, value in record.items():
            if key is None:
                row.errors.append("more cells than header columns")
                continue
            value = value if value is not None else ""
            if key in CSV_JSON_COLUMNS:
                if value.strip():
                    try:
                        value = json.loads(value)
                    except json.JSONDecodeError as exc:
                        row.errors.append(f"{key}: not valid JSON ({exc.msg})")
                        continue
                else:
                    value = {} if key == "attributes" else []
            elif key == "restriction":
                value = value.strip()
                value = None if value == "" else (int(value) if value.lstrip("-").isdigit() else value)
            row.data[key] = value
        rows.append(row)
        start = reader.line_num + 1
    return rows


def validate_row(data) -> list[str]:
    """Every problem with one card row, as readable reasons (empty when valid)."""
    if not isinstance(data, dict):
        return ["a card must be an object with keys " + ", ".join(FIELDS)]
    errors = []
    unknown = [k for k in data if k not in FIELDS]
    if unknown:
        errors.append(f"unknown field(s): {', '.join(map(str, unknown))}")
    for key in REQUIRED:
        if not isinstance(data.get(key), str) or not data.get(key, "").strip():
            errors.append(f"{key} is required")
    game = data.get("game")
    if isinstance(game, str) and game.strip() and game not in GAMES:
        errors.append(f"game must be one of {', '.join(GAMES)} (got {game!r})")
    for key in ("variant", "type", "subtitle", "subtitle_kind", "text", "slug"):
        if key in data and data[key] is not None and not isinstance(data[key], str):
            errors.append(f"{key} must be text")
    if data.get("subtitle_kind") not in (None, *SUBTITLE_KINDS):
        errors.append(
            f"subtitle_kind must be one of persona, weapon, faction or empty (got {data['subtitle_kind']!r})"
        )
    slug = data.get("slug")
    if isinstance(slug, str) and slug and not _SLUG_RE.match(slug):
        errors.append(f"slug {slug!r} must be lower-case letters, digits and single hyphens")
    restriction = data.get("restriction")
    if restriction is not None and (
        isinstance(restriction, bool) or not isinstance(restriction, int) or restriction < 0
    ):
        errors.append(f"restriction must be a whole number or empty (got {restriction!r})")
    attributes = data.get("attributes", {})
    if not isinstance(attributes, dict):
        errors.append("attributes must be an object")
    elif "grid" in attributes and not (
        isinstance(attributes["grid"], str) and _GRID_RE.match(attributes["grid"])
    ):
        errors.append(f"attributes.grid must look like X--/X--/X-- (got {attributes['grid']!r})")
    versions = data.get("versions", [])
    if not isinstance(versions, list):
        errors.append("versions must be a list")
        versions = []
    for n, version in enumerate(versions, 1):
        errors.extend(f"versions[{n}]: {e}" for e in _validate_version(version))
    return errors


def _validate_version(version) -> list[str]:
    if not isinstance(version, dict):
        return ["a version must be an object"]
    errors = []
    unknown = [k for k in version if k not in VERSION_FIELDS]
    if unknown:
        errors.append(f"unknown field(s): {', '.join(unknown)}")
    if version.get("kind") not in VERSION_KINDS:
        errors.append(f"kind must be one of {', '.join(VERSION_KINDS)} (got {version.get('kind')!r})")
    if not isinstance(version.get("text", ""), str):
        errors.append("text must be text")
    date = version.get("date")
    if date not in (None, "") and not (isinstance(date, str) and _DATE_RE.match(date) and _valid_date(date)):
        errors.append(f"date must be YYYY-MM-DD or empty (got {date!r})")
    for key in ("note", "source", "heading"):
        if version.get(key) is not None and not isinstance(version.get(key), str):
            errors.append(f"{key} must be text")
    return errors


def _valid_date(value: str) -> bool:
    import datetime

    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def check_rows(rows: list[Row]) -> list[Row]:
    """Validate every row, including duplicates across rows; returns the rows (errors filled in)."""
    seen_keys: dict = {}
    seen_slugs: dict = {}
    for row in rows:
        row.errors.extend(validate_row(row.data))
        if row.errors:
            continue
        key = (row.data["game"], row.data["name"], row.data.get("variant") or "")
        if key in seen_keys:
            row.errors.append(f"the same game, name and variant as line {seen_keys[key]}")
        seen_keys.setdefault(key, row.line)
        slug = row.data.get("slug")
        if slug:
            if slug in seen_slugs:
                row.errors.append(f"slug {slug!r} is already used on line {seen_slugs[slug]}")
            seen_slugs.setdefault(slug, row.line)
    return rows
