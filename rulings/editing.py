"""Editors' changes to the knowledge base: a new ruling in a source, an entry superseded by another
from a date on. Each change carries a reason (django-simple-history's change reason) and who made
it. Each function saves and then calls `services.entry_saved` for every entry it changed, so the
search data and the card and term links follow (nothing is left to a signal)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.text import slugify

from rulings.models import Entry, Kind, Source, Status
from rulings.services import entry_saved


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError("say why: every change to the knowledge base needs a reason", code="no_reason")
    return reason


def stamp(entry: Entry, user, reason: str) -> None:
    if user is not None and getattr(user, "is_authenticated", False):
        entry._history_user = user
    entry._change_reason = _reason(reason)


def fill_new_entry(entry: Entry) -> Entry:
    """An editor's entry needs no key or position typed in: it gets a stable key of its own and
    goes at the end of its source; it is in force from today unless a date is given."""
    if not entry.key:
        base = f"editor/{slugify(entry.title or entry.card_name or entry.text[:40]) or 'entry'}"
        taken = set(
            Entry.objects.filter(source=entry.source, key__startswith=base).values_list("key", flat=True)
        )
        entry.key = (
            base
            if base not in taken
            else next(f"{base}-{n}" for n in range(2, 10_000) if f"{base}-{n}" not in taken)
        )
    if not entry.position:
        last = Entry.objects.filter(source=entry.source).aggregate(last=Max("position"))["last"]
        entry.position = (last or 0) + 1
    if entry.valid_from is None:
        entry.valid_from = dt.date.today()
    return entry


@transaction.atomic
def add_ruling(
    source: Source, *, text: str, user=None, reason: str, kind: str = Kind.RULING, title: str = "", **fields
) -> Entry:
    entry = Entry(source=source, kind=kind, text=text, title=title, **fields)
    fill_new_entry(entry)
    entry.full_clean()
    stamp(entry, user, reason)
    entry.save()
    entry_saved(entry)
    return entry


@transaction.atomic
def supersede(entry: Entry, *, by: Entry, on: dt.date, reason: str, user=None) -> Entry:
    """``entry`` stops being in force on ``on``; ``by`` is what replaces it (in force from then on
    at the latest). The "in force on date X" search follows valid_from / valid_to."""
    reason = _reason(reason)
    if by.pk == entry.pk:
        raise ValidationError("an entry cannot supersede itself")
    if by.status != Status.CURRENT:
        raise ValidationError(f"{by} is not current: pick the entry in force")
    if by.source.game != entry.source.game:
        raise ValidationError("the superseding entry must be of the same game")
    if entry.valid_from and on < entry.valid_from:
        raise ValidationError(
            f"the date must be on or after {entry.valid_from} (when the entry came into force)"
        )
    entry.status, entry.superseded_by, entry.valid_to = Status.SUPERSEDED, by, on
    stamp(entry, user, f"superseded by #{by.pk} from {on}: {reason}")
    entry.save()
    if by.valid_from is None or by.valid_from > on:
        by.valid_from = on
        stamp(by, user, f"supersedes #{entry.pk} from {on}: {reason}")
        by.save()
        entry_saved(by)
    entry_saved(entry)
    return entry
