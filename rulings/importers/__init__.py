"""Importers for the rulings knowledge base: one per document format, all pure Python.

``parse(text)`` in each module returns a :class:`ParsedSource`; :func:`parse_file` reads a file
(refusing binary or damaged input) and dispatches on the format named in the manifest
(``rulings/data/sources.toml``). Nothing in this package imports Django.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import highlander_core, inwo, meas, meccg_crf, mle
from .base import CrossRef, ParsedEntry, ParsedSource, ParsedTerm, SourceFormatError
from .noise import decode

__all__ = [
    "CrossRef",
    "IMPORTERS",
    "ManifestEntry",
    "ParsedEntry",
    "ParsedSource",
    "ParsedTerm",
    "SourceFormatError",
    "load_manifest",
    "parse_file",
    "parse_text",
]

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
MANIFEST = DATA_DIR / "sources.toml"
GAMES = ("highlander", "meccg", "inwo")

IMPORTERS: dict[str, Callable[[str], ParsedSource]] = {
    highlander_core.FORMAT: highlander_core.parse,
    mle.FORMAT: mle.parse,
    meccg_crf.FORMAT: meccg_crf.parse,
    meas.FORMAT: meas.parse,
    inwo.FORMAT: inwo.parse,
}


@dataclass(frozen=True)
class ManifestEntry:
    slug: str
    game: str
    title: str
    authority: str
    date: str  # ISO date, or a year alone
    date_display: str
    format: str
    file: str
    authority_kind: str = ""
    description: str = ""
    edition: str = ""

    @property
    def path(self) -> Path:
        return DATA_DIR / "sources" / self.file


def load_manifest(path: Path | str = MANIFEST) -> list[ManifestEntry]:
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise SourceFormatError(f"{path}: cannot read the sources manifest: {exc}") from exc
    entries = []
    for raw in data.get("source", []):
        try:
            entry = ManifestEntry(**raw)
        except TypeError as exc:
            raise SourceFormatError(f"{path}: bad manifest entry {raw.get('slug')!r}: {exc}") from exc
        if entry.format not in IMPORTERS:
            raise SourceFormatError(f"{path}: {entry.slug}: unknown format {entry.format!r}")
        if entry.game not in GAMES:
            raise SourceFormatError(f"{path}: {entry.slug}: unknown game {entry.game!r}")
        entries.append(entry)
    slugs = [entry.slug for entry in entries]
    if len(set(slugs)) != len(slugs):
        raise SourceFormatError(f"{path}: duplicate source slugs")
    return entries


def parse_text(text: str, fmt: str) -> ParsedSource:
    try:
        importer = IMPORTERS[fmt]
    except KeyError:
        raise SourceFormatError(f"unknown format {fmt!r}; known: {', '.join(sorted(IMPORTERS))}") from None
    return importer(text)


def parse_file(path: Path | str, fmt: str) -> ParsedSource:
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SourceFormatError(f"{path}: cannot read the file: {exc.strerror or exc}") from exc
    return parse_text(decode(data, str(path)), fmt)
