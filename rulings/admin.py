"""Knowledge-base editing in the admin: sources, rulings and their history. As for card errata,
every change asks for a reason and keeps who and when (django-simple-history); an entry is
superseded (with a date and a reason) rather than deleted, and any record can be reverted."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.contrib.admin.widgets import AdminDateWidget, AutocompleteSelect
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from simple_history.admin import SimpleHistoryAdmin

from rulings import editing
from rulings.diff import diff_words, render_html
from rulings.models import Entry, Source, Status, Term
from rulings.services import entry_saved

REASON_HELP = "Why you make this change: shown in the history and on the audit page."


@admin.register(Source)
class SourceAdmin(admin.ModelAdmin):
    list_display = ["title", "slug", "game", "authority", "date_display", "imported_at"]
    list_filter = ["game"]
    search_fields = ["title", "slug"]
    readonly_fields = ["content_sha256", "imported_at"]


@admin.register(Term)
class TermAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "slug"]
    list_filter = ["game"]
    search_fields = ["name"]


class EntryForm(forms.ModelForm):
    change_reason = forms.CharField(label="Reason for this change", max_length=100, help_text=REASON_HELP)

    class Meta:
        model = Entry
        fields = (
            "source",
            "kind",
            "key",
            "status",
            "superseded_by",
            "valid_from",
            "valid_to",
            "section",
            "title",
            "number",
            "question",
            "answer",
            "text",
            "card_name",
            "card_variant",
            "change_note",
            "terms",
        )
        help_texts = {"key": "Leave empty for a new ruling: one is made from its title."}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["key"].required = False


class SupersedeForm(forms.Form):
    superseded_by = forms.ModelChoiceField(
        queryset=Entry.objects.filter(status=Status.CURRENT).select_related("source"),
        label="Superseded by",
        widget=AutocompleteSelect(Entry._meta.get_field("superseded_by"), admin.site),
    )
    on = forms.DateField(label="No longer in force from", widget=AdminDateWidget)
    change_reason = forms.CharField(label="Reason", max_length=100, help_text=REASON_HELP)


def _text_change(record) -> str:
    previous = record.prev_record
    if previous is None:
        return "(created)"
    if previous.text == record.text:
        return "—"
    return mark_safe(render_html(diff_words(previous.text, record.text)))  # noqa: S308 - escaped


@admin.register(Entry)
class EntryAdmin(SimpleHistoryAdmin):
    form = EntryForm
    list_display = ["__str__", "source", "kind", "status", "valid_from", "valid_to", "number"]
    list_filter = ["source__game", "kind", "status", "source"]
    list_select_related = ["source"]
    # the autocomplete of a card version's source entry searches these
    search_fields = [
        "title",
        "card_name",
        "source__title",
        "source__slug",
        "text",
        "question",
        "section",
        "key",
    ]
    raw_id_fields = ["parent"]
    autocomplete_fields = ["terms", "superseded_by"]
    readonly_fields = ["linked_cards", "supersede_link", "created_at", "updated_at"]
    object_history_list_template = "admin/errata_history_list.html"
    history_list_display = ["text_change", "status"]

    def get_search_results(self, request, queryset, search_term):
        queryset, duplicates = super().get_search_results(
            request, queryset.select_related("source"), search_term
        )
        return queryset, duplicates

    def history_view(self, request, object_id, extra_context=None):
        columns = [("text_change", "Text change"), ("status", "Status")]
        return super().history_view(request, object_id, {**(extra_context or {}), "history_columns": columns})

    @admin.display(description="Text change")
    def text_change(self, record):
        return _text_change(record)

    @admin.display(description="Cards it names (computed from its text)")
    def linked_cards(self, obj):
        if obj is None or obj.pk is None:
            return "—"
        return format_html_join(", ", "{}", ((card,) for card in obj.cards.all())) or "—"

    @admin.display(description="Supersede")
    def supersede_link(self, obj):
        if obj is None or obj.pk is None or obj.status != Status.CURRENT:
            return "—"
        return format_html(
            "<a href='{}'>Mark superseded by another entry…</a>",
            reverse("admin:rulings_entry_supersede", args=[obj.pk]),
        )

    def save_model(self, request, obj, form, change):
        if not change or not obj.key:
            editing.fill_new_entry(obj)
        editing.stamp(obj, request.user, form.cleaned_data["change_reason"])
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        entry_saved(form.instance)  # search data, lexicon, card and term links: after the m2m are saved

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        response = super().history_form_view(request, object_id, version_id, extra_context)
        if request.method == "POST" and response.status_code == 302:
            # A revert saves the entry but no related forms, so save_related does not index it.
            entry_saved(Entry.objects.get(pk=object_id))
        return response

    def get_urls(self):
        extra = [
            path(
                "<int:entry_id>/supersede/",
                self.admin_site.admin_view(self.supersede_view),
                name="rulings_entry_supersede",
            )
        ]
        return extra + super().get_urls()

    def supersede_view(self, request, entry_id):
        entry = get_object_or_404(Entry.objects.select_related("source"), pk=entry_id)
        if not self.has_change_permission(request, entry):
            raise PermissionDenied
        form = SupersedeForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                editing.supersede(
                    entry,
                    by=form.cleaned_data["superseded_by"],
                    on=form.cleaned_data["on"],
                    reason=form.cleaned_data["change_reason"],
                    user=request.user,
                )
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                self.message_user(request, f"{entry} is superseded from {form.cleaned_data['on']}.")
                return HttpResponseRedirect(reverse("admin:rulings_entry_change", args=[entry.pk]))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": f"Supersede {entry}",
            "entry": entry,
            "form": form,
            "media": self.media + form.media,
        }
        return TemplateResponse(request, "rulings/admin_supersede.html", context)
