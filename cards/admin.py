"""Errata editing in the Django admin (the "Errata editors" group has add/change on cards and
text versions; other users cannot). Every change is kept by django-simple-history: the History
button lists who changed what and when, with word diffs, and any record can be reverted."""

from __future__ import annotations

from django.contrib import admin
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from simple_history.admin import SimpleHistoryAdmin

from cards import selectors
from cards.diff import diff_words, render_html
from cards.models import Card, TextVersion


def _text_change(record) -> str:
    """History list column: the word diff of the text against the previous record."""
    previous = record.prev_record
    if previous is None:
        return "(created)"
    if previous.text == record.text:
        return "—"
    return mark_safe(render_html(diff_words(previous.text, record.text)))  # noqa: S308 - escaped


class TextVersionInline(admin.StackedInline):
    model = TextVersion
    extra = 1
    fields = (
        "kind",
        "text",
        "date",
        "note",
        "source",
        "heading",
        "diff_from_previous",
        "created_by",
        "created_at",
    )
    readonly_fields = ("diff_from_previous", "created_by", "created_at")
    ordering = ("position", "id")
    show_change_link = True

    @admin.display(description="Diff from the previous version")
    def diff_from_previous(self, obj):
        if obj is None or obj.pk is None:
            return "—"
        previous = obj.card.versions.filter(position__lt=obj.position).order_by("-position").first()
        if previous is None:
            return "(first version)"
        return mark_safe(render_html(diff_words(previous.text, obj.text)))  # noqa: S308 - escaped


@admin.register(Card)
class CardAdmin(SimpleHistoryAdmin):
    list_display = ("display_name", "game", "type", "subtitle", "restriction", "has_errata")
    list_filter = ("game", "has_errata", "is_special", "subtitle_kind")
    search_fields = ("name", "search_name", "slug", "subtitle", "text")
    prepopulated_fields = {"slug": ("name", "variant")}
    readonly_fields = ("text", "has_errata", "is_special", "timeline")
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "game",
                    "name",
                    "variant",
                    "slug",
                    "type",
                    "subtitle",
                    "subtitle_kind",
                    "restriction",
                    "attributes",
                )
            },
        ),
        ("Current text (the latest version's)", {"fields": ("text", "has_errata", "is_special", "timeline")}),
    )
    inlines = [TextVersionInline]
    history_list_display = ["text_change"]

    @admin.display(description="Text change")
    def text_change(self, record):
        return _text_change(record)

    @admin.display(description="Errata timeline")
    def timeline(self, obj):
        if obj is None or obj.pk is None:
            return "—"
        rows = [
            format_html(
                '<p><a href="{}">Compare any two versions</a></p>',
                reverse("admin:cards_card_compare", args=[obj.pk]),
            )
        ]
        for item in selectors.timeline(obj):
            version = item.version
            rows.append(
                format_html(
                    "<div style='margin-bottom:.8em'><strong>{}</strong> {} {}<br>{}</div>",
                    version.kind,
                    version.date or "",
                    f"[{version.note}]" if version.note else "",
                    item.diff_html,
                )
            )
        return mark_safe("".join(str(r) for r in rows))  # noqa: S308 - parts are escaped

    def save_formset(self, request, form, formset, change):
        instances = formset.save(commit=False)
        for instance in instances:
            if isinstance(instance, TextVersion) and instance.pk is None:
                instance.created_by = request.user
            instance.save()
        for obj in formset.deleted_objects:
            obj.delete()
        formset.save_m2m()

    def get_urls(self):
        extra = [
            path(
                "<int:card_id>/compare/",
                self.admin_site.admin_view(self.compare_view),
                name="cards_card_compare",
            )
        ]
        return extra + super().get_urls()

    def compare_view(self, request, card_id):
        """A word diff between any two versions of the card (?a=<id>&b=<id>)."""
        card = get_object_or_404(Card, pk=card_id)
        if not self.has_view_or_change_permission(request, card):
            from django.core.exceptions import PermissionDenied

            raise PermissionDenied
        versions = selectors.versions_of(card)
        a = request.GET.get("a") or (versions[0].pk if versions else "")
        b = request.GET.get("b") or (versions[-1].pk if versions else "")
        compared = selectors.compare(card, a, b)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "card": card,
            "versions": versions,
            "a": str(a),
            "b": str(b),
            "compared": compared,
            "title": f"Compare versions of {card.display_name}",
        }
        return TemplateResponse(request, "cards/admin_compare.html", context)


@admin.register(TextVersion)
class TextVersionAdmin(SimpleHistoryAdmin):
    list_display = ("card", "kind", "date", "note", "source", "created_by", "created_at")
    list_filter = ("kind", "source", "card__game")
    search_fields = ("card__name", "text", "note")
    autocomplete_fields = ("card",)
    readonly_fields = ("diff_from_previous", "created_by", "created_at")
    history_list_display = ["text_change"]

    @admin.display(description="Text change")
    def text_change(self, record):
        return _text_change(record)

    @admin.display(description="Diff from the previous version")
    def diff_from_previous(self, obj):
        return TextVersionInline.diff_from_previous(None, obj)

    def save_model(self, request, obj, form, change):
        if obj.pk is None:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
