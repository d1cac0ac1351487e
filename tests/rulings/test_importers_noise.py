"""No page furniture reaches an entry; damaged or wrong input fails with a clear message."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rulings.importers import IMPORTERS, SourceFormatError, load_manifest, parse_file, parse_text
from rulings.importers.noise import NOISE_PATTERNS, clean_lines, has_noise

ROOT = Path(__file__).resolve().parents[2]
SOURCES = load_manifest()


@pytest.fixture(scope="module", params=[entry.slug for entry in SOURCES])
def source(request):
    entry = next(entry for entry in SOURCES if entry.slug == request.param)
    return entry, parse_file(entry.path, entry.format)


def test_no_noise_in_any_field_of_any_entry(source):
    manifest, parsed = source
    for entry in parsed.entries:
        for name, value in entry.searchable_fields().items():
            assert not has_noise(value), (manifest.slug, entry.key, name, has_noise(value))
    for term in parsed.terms:
        assert not has_noise(term.name)


def test_every_entry_has_text_and_a_unique_stable_key(source):
    _, parsed = source
    keys = [entry.key for entry in parsed.entries]
    assert len(keys) == len(set(keys))
    assert all(entry.text.strip() for entry in parsed.entries)
    assert [entry.position for entry in parsed.entries] == list(range(len(parsed.entries)))
    known = set(keys)
    assert all(entry.parent_key in known for entry in parsed.entries if entry.parent_key)


def test_reimport_gives_the_same_keys(source):
    manifest, parsed = source
    again = parse_file(manifest.path, manifest.format)
    assert [entry.key for entry in again.entries] == [entry.key for entry in parsed.entries]


def test_the_raw_documents_do_contain_the_noise():
    """The noise list is real: every pattern is found in at least one raw document."""
    raw = "\n".join(entry.path.read_text(encoding="utf-8") for entry in SOURCES)
    missing = [pattern.pattern for pattern in NOISE_PATTERNS if not pattern.search(raw)]
    assert missing == []


def test_cleaner_drops_usenet_furniture_and_signature():
    page = (
        "Google Groups no longer supports new Usenet posts or subscriptions. Historical content remains viewable.\n"
        "Dismiss\n\nSubject line\n\n1,234 views\nSkip to first unread message\n\nSomeone\n\nunread,\n"
        "Aug 1, 1997, 3:00:00\u202fAM8/1/97\nto\n\nBody line one.\n0 new messages\n"
        "Body line two.\n-- \nSignature\nmore signature\n"
    )
    assert [line for line in clean_lines(page) if line] == [
        "Subject line",
        "Body line one.",
        "Body line two.",
    ]


def test_cleaner_drops_download_page_furniture():
    page = "[ Pobierz całość w formacie PDF ]\nText.\n- not a link, kept\n[ Pobierz całość w formacie PDF ]\n- Indeks\n- x.pl\nHosted by uCoz"
    assert clean_lines(page) == ["Text.", "- not a link, kept"]


@pytest.mark.parametrize("fmt", sorted(IMPORTERS))
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("   \n\n \u00a0 \n", "empty"),
        ("Sequence of Play\x00\x01\x02 Exertion Highlander", "NUL"),
        ("Rulings by Term\x07\x08 Annotation", "control characters"),
        ("\ufffd" * 20 + " Missing Link ERRATA FAQ", "replacement"),
    ],
)
def test_damaged_text_is_refused_by_every_importer(fmt, text, message):
    with pytest.raises(SourceFormatError, match=message):
        parse_text(text, fmt)


@pytest.mark.parametrize("fmt", sorted(IMPORTERS))
def test_the_wrong_document_is_refused(fmt):
    wrong = {
        "highlander-core": "inwo-rules-excerpt",
        "highlander-mle": "highlander-core-rules",
        "meccg-crf-terms": "meccg-against-the-shadow-rules-insert",
        "meccg-meas-insert": "highlander-mle-rule-supplement-2007",
        "inwo-excerpt": "meccg-crf6-rulings-by-term",
    }[fmt]
    path = next(entry.path for entry in SOURCES if entry.slug == wrong)
    with pytest.raises(SourceFormatError, match="does not look like|no entries|not a"):
        parse_file(path, fmt)


def test_binary_and_invalid_utf8_files_are_refused(tmp_path):
    binary = tmp_path / "image.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(SourceFormatError, match="NUL bytes"):
        parse_file(binary, "highlander-core")
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("Highlander Sequence of Play Exertion Nazg\u00fbl".encode("latin-1"))
    with pytest.raises(SourceFormatError, match="not valid UTF-8"):
        parse_file(latin1, "highlander-core")
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    with pytest.raises(SourceFormatError, match="empty"):
        parse_file(empty, "inwo-excerpt")
    with pytest.raises(SourceFormatError, match="cannot read"):
        parse_file(tmp_path / "missing.txt", "inwo-excerpt")
    with pytest.raises(SourceFormatError, match="unknown format"):
        parse_text("text", "pdf")


def test_source_format_error_is_an_import_error():
    assert issubclass(SourceFormatError, ImportError)


def test_importers_import_no_django():
    code = "import sys, rulings.importers; assert not [m for m in sys.modules if m.startswith('django')]"
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
