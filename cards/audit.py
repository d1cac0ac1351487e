"""The audit trail: the latest changes to cards, their text versions and the knowledge base's
entries, read from django-simple-history's records (who, what, when, why, word diff), with the
admin page that restores each record."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from cards.models import Card, TextVersion
from rulings.diff import diff_words, render_html
from rulings.models import Entry

KINDS = {
    "card": ("Card", Card, "admin:cards_card_simple_history"),
    "version": ("Text version", TextVersion, "admin:cards_textversion_simple_history"),
    "entry": ("Ruling entry", Entry, "admin:rulings_entry_simple_history"),
}
ACTIONS = {"+": "created", "~": "changed", "-": "deleted"}


@dataclass
class Change:
    kind: str
    label: str
    action: str
    when: dt.datetime
    who: str
    why: str
    diff: SafeString
    restore_url: str


def _diff(record) -> SafeString:
    previous = record.prev_record
    if previous is None:
        return mark_safe("")  # noqa: S308 - empty
    if previous.text == record.text:
        return mark_safe("")  # noqa: S308 - empty
    return mark_safe(render_html(diff_words(previous.text, record.text)))  # noqa: S308 - render_html escapes


def _label(kind: str, record) -> str:
    if kind == "card":
        return record.name
    if kind == "version":
        card = Card.objects.filter(pk=record.card_id).values_list("name", flat=True).first() or "?"
        deleted = " (deleted)" if record.deleted_at else ""
        return f"{card}: {record.kind} {record.date or ''}{deleted}".strip()
    return f"{record.kind}: {record.title or record.card_name or record.section or record.key}"


def latest_changes(
    *,
    kinds=None,
    username: str = "",
    since: dt.date | None = None,
    until: dt.date | None = None,
    limit: int = 50,
) -> list[Change]:
    """The newest ``limit`` changes of the chosen kinds (all by default), newest first."""
    records = []
    for kind in kinds or KINDS:
        model = KINDS[kind][1]
        history = model.history.select_related("history_user").order_by("-history_date")
        if username:
            history = history.filter(history_user__username=username)
        if since:
            history = history.filter(history_date__date__gte=since)
        if until:
            history = history.filter(history_date__date__lte=until)
        records += [(kind, record) for record in history[:limit]]
    records.sort(key=lambda pair: pair[1].history_date, reverse=True)
    changes = []
    for kind, record in records[:limit]:
        title, _, url_name = KINDS[kind]
        changes.append(
            Change(
                kind=title,
                label=_label(kind, record),
                action=ACTIONS.get(record.history_type, record.history_type),
                when=record.history_date,
                who=record.history_user.get_username() if record.history_user else "",
                why=record.history_change_reason or "",
                diff=_diff(record),
                restore_url=reverse(url_name, args=[record.id, record.history_id]),
            )
        )
    return changes
