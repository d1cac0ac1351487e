"""Errata editing in the Django admin (the "Errata editors" group has add/change on cards and
text versions; other users cannot). Every form asks for a reason, kept by django-simple-history
with who and when. All writes go through cards.errata / cards.services, so the card's text always
follows its newest live version, whatever the path: the card form and its inline, a version's own
form, a revert from either history, the bulk actions and the (soft) delete and restore."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ActionForm
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from simple_history.admin import SimpleHistoryAdmin

from cards import errata, selectors, services
from cards.diff import diff_words, render_html
from cards.models import Card, TextVersion

REASON_HELP = "Why you make this change: shown in the history and on the audit page."
HISTORY_LIST_TEMPLATE = "admin/errata_history_list.html"
VERSION_FORM_FIELDS = ("kind", "text", "date", "note", "source", "source_entry", "heading")


def _text_change(record) -> str:
    """History list column: the word diff of the text against the previous record."""
    previous = record.prev_record
    if previous is None:
        return "(created)"
    if previous.text == record.text:
        return "—"
    return mark_safe(render_html(diff_words(previous.text, record.text)))  # noqa: S308 - escaped


def _version_state(record) -> str:
    if getattr(record, "deleted_at", None):
        return format_html("deleted ({})", record.deleted_reason or "no reason given")
    return "live"


def _source_choices() -> list[tuple[str, str]]:
    return [("", "— none —")] + [
        (slug, f"{title} ({slug})") for slug, title in errata.known_sources().items()
    ]


class SourceChoiceMixin:
    """The version's source is picked from the knowledge base's sources, not typed."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "source" in self.fields:
            field = self.fields["source"]
            choices = _source_choices()
            current = getattr(self.instance, "source", "")
            if current and current not in dict(choices):  # an old typo stays visible until fixed
                choices.append((current, f"{current} (unknown: pick a real source)"))
            self.fields["source"] = forms.ChoiceField(
                choices=choices, required=False, label=field.label, help_text=field.help_text
            )

    def clean_source(self):
        try:
            return errata.check_source(self.cleaned_data.get("source", ""))
        except ValidationError as exc:
            raise forms.ValidationError(exc.messages) from exc


class CardForm(forms.ModelForm):
    change_reason = forms.CharField(label="Reason for this change", max_length=100, help_text=REASON_HELP)

    class Meta:
        model = Card
        fields = errata.CARD_FIELDS  # a card's own fields: its text follows its versions


class VersionInlineForm(SourceChoiceMixin, forms.ModelForm):
    class Meta:
        model = TextVersion
        fields = VERSION_FORM_FIELDS


class VersionForm(SourceChoiceMixin, forms.ModelForm):
    change_reason = forms.CharField(label="Reason for this change", max_length=100, help_text=REASON_HELP)

    class Meta:
        model = TextVersion
        fields = ("card", "position", *VERSION_FORM_FIELDS)


class ReasonActionForm(ActionForm):
    change_reason = forms.CharField(label="Reason", required=False, max_length=100)


class ReasonForm(forms.Form):
    change_reason = forms.CharField(label="Reason", max_length=100, help_text=REASON_HELP)


class HistoryColumnsMixin:
    """History lists with readable column titles and no "None" for a missing reason."""

    object_history_list_template = HISTORY_LIST_TEMPLATE
    history_columns: dict[str, str] = {}

    def history_view(self, request, object_id, extra_context=None):
        columns = [(name, self.history_columns.get(name, name)) for name in self.history_list_display]
        return super().history_view(request, object_id, {**(extra_context or {}), "history_columns": columns})


class TextVersionInline(admin.StackedInline):
    model = TextVersion
    form = VersionInlineForm
    extra = 1
    fields = (
        "kind",
        "text",
        "date",
        "note",
        "source",
        "source_entry",
        "heading",
        "diff_from_previous",
        "created_by",
        "created_at",
    )
    readonly_fields = ("diff_from_previous", "created_by", "created_at")
    autocomplete_fields = ("source_entry",)
    ordering = ("position", "id")
    show_change_link = True
    verbose_name_plural = "text versions (ticking Delete keeps the version, restorable, out of the text)"

    def has_delete_permission(self, request, obj=None):
        # deleting a version is a soft delete, i.e. a change
        return self.has_change_permission(request, obj)

    @admin.display(description="Diff from the previous version")
    def diff_from_previous(self, obj):
        if obj is None or obj.pk is None:
            return "—"
        previous = obj.card.versions.filter(position__lt=obj.position).order_by("-position").first()
        if previous is None:
            return "(first version)"
        return mark_safe(render_html(diff_words(previous.text, obj.text)))  # noqa: S308 - escaped


@admin.register(Card)
class CardAdmin(HistoryColumnsMixin, SimpleHistoryAdmin):
    form = CardForm
    list_display = ("display_name", "game", "type", "subtitle", "restriction", "has_errata")
    list_filter = ("game", "has_errata", "is_special", "subtitle_kind")
    search_fields = ("name", "search_name", "slug", "subtitle", "text")
    prepopulated_fields = {"slug": ("name", "variant")}
    readonly_fields = ("text", "has_errata", "is_special", "timeline")
    fieldsets = (
        (
            None,
            {"fields": errata.CARD_FIELDS},
        ),
        (
            "Current text (the newest live version's)",
            {"fields": ("text", "has_errata", "is_special", "timeline")},
        ),
        ("Why", {"fields": ("change_reason",)}),
    )
    inlines = [TextVersionInline]
    history_list_display = ["text_change"]
    history_columns = {"text_change": "Text change"}

    @admin.display(description="Text change")
    def text_change(self, record):
        return _text_change(record)

    @admin.display(description="Errata timeline")
    def timeline(self, obj):
        if obj is None or obj.pk is None:
            return "—"
        rows = [
            format_html(
                '<p><a href="{}">Compare any two versions</a> · <a href="{}">Audit: the latest changes</a></p>',
                reverse("admin:cards_card_compare", args=[obj.pk]),
                reverse("audit:latest"),
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
        for version in selectors.deleted_versions(obj):
            rows.append(
                format_html(
                    "<div class='deleted-version' style='margin-bottom:.8em;opacity:.7'><strong>deleted {}</strong>"
                    " {} — by {} on {}: {} — <a href='{}'>restore</a><br><del>{}</del></div>",
                    version.kind,
                    version.date or "",
                    version.deleted_by or "unknown",
                    f"{version.deleted_at:%Y-%m-%d %H:%M}",
                    version.deleted_reason,
                    reverse("admin:cards_textversion_restore", args=[version.pk]),
                    version.text,
                )
            )
        return mark_safe("".join(str(r) for r in rows))  # noqa: S308 - parts are escaped

    def _reason(self, request, form=None) -> str:
        if form is not None and form.cleaned_data.get("change_reason"):
            return form.cleaned_data["change_reason"]
        return getattr(request, "_errata_reason", "") or "admin"

    def save_model(self, request, obj, form, change):
        request._errata_reason = self._reason(request, form)
        if obj.pk:  # the text is derived: never taken from a form (or an old history record)
            obj.text, obj.has_errata = Card.objects.filter(pk=obj.pk).values_list("text", "has_errata").get()
        services.save_card(obj, user=request.user, reason=request._errata_reason)

    def save_formset(self, request, form, formset, change):
        reason = self._reason(request, form)
        for instance in formset.save(commit=False):
            errata.save_version(instance, user=request.user, reason=reason)
        for version in formset.deleted_objects:
            errata.delete_version(version, user=request.user, reason=reason)
        formset.save_m2m()

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        errata.sync_card(form.instance, user=request.user, reason=self._reason(request, form))

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        """Reverting a card reverts its whole version history to that moment (see
        cards.errata.revert_card), so the timeline and the text agree afterwards."""
        record = get_object_or_404(Card.history.model, id=object_id, history_id=version_id)
        with transaction.atomic():
            response = super().history_form_view(request, object_id, version_id, extra_context)
            if request.method == "POST" and isinstance(response, HttpResponseRedirect):
                # simple-history's form view saves the card but not its inlines: revert them here
                card = Card.objects.get(pk=object_id)
                errata.revert_card(card, record.history_date, user=request.user, reason=self._reason(request))
                messages.info(
                    request,
                    f"The card and its versions are back as they were on {record.history_date:%Y-%m-%d %H:%M}; "
                    "versions added since are deleted (kept, restorable from the timeline).",
                )
        return response

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


class DeletedFilter(admin.SimpleListFilter):
    title = "state"
    parameter_name = "state"

    def lookups(self, request, model_admin):
        return [("live", "live"), ("deleted", "deleted (kept)")]

    def queryset(self, request, queryset):
        if self.value() == "live":
            return queryset.filter(deleted_at__isnull=True)
        if self.value() == "deleted":
            return queryset.filter(deleted_at__isnull=False)
        return queryset


@admin.register(TextVersion)
class TextVersionAdmin(HistoryColumnsMixin, SimpleHistoryAdmin):
    form = VersionForm
    action_form = ReasonActionForm
    actions = ["delete_selected_versions", "restore_selected_versions"]
    list_display = ("card", "kind", "date", "note", "source", "state", "created_by", "created_at")
    list_filter = (DeletedFilter, "kind", "source", "card__game")
    search_fields = ("card__name", "text", "note")
    autocomplete_fields = ("card", "source_entry")
    readonly_fields = ("state", "diff_from_previous", "created_by", "created_at")
    fields = (
        "card",
        "position",
        *VERSION_FORM_FIELDS,
        "state",
        "diff_from_previous",
        "created_by",
        "created_at",
        "change_reason",
    )
    history_list_display = ["text_change", "state"]
    history_columns = {"text_change": "Text change", "state": "State"}

    def get_queryset(self, request):
        return TextVersion.all_objects.select_related("card", "created_by", "deleted_by")

    def has_delete_permission(self, request, obj=None):
        return False  # versions are soft-deleted (kept): see the actions and the Delete link

    def get_actions(self, request):
        actions = super().get_actions(request)
        if not self.has_change_permission(request):
            return {}
        return actions

    @admin.display(description="Text change")
    def text_change(self, record):
        return _text_change(record)

    @admin.display(description="State")
    def state(self, obj):
        if obj is None or obj.pk is None:
            return "—"
        if not hasattr(obj, "history"):  # a historical record (history list column)
            return _version_state(obj)
        if obj.deleted_at:
            return format_html(
                "deleted by {} on {}: {} — <a href='{}'>restore</a>",
                obj.deleted_by or "unknown",
                f"{obj.deleted_at:%Y-%m-%d %H:%M}",
                obj.deleted_reason,
                reverse("admin:cards_textversion_restore", args=[obj.pk]),
            )
        return format_html(
            "live — <a href='{}'>delete (kept, restorable)</a>",
            reverse("admin:cards_textversion_soft_delete", args=[obj.pk]),
        )

    @admin.display(description="Diff from the previous version")
    def diff_from_previous(self, obj):
        return TextVersionInline.diff_from_previous(None, obj)

    def save_model(self, request, obj, form, change):
        errata.save_version(obj, user=request.user, reason=form.cleaned_data["change_reason"])

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        with transaction.atomic():  # the revert saves the version, then its card: one commit
            return super().history_form_view(request, object_id, version_id, extra_context)

    def _bulk(self, request, queryset, change, verb):
        reason = (request.POST.get("change_reason") or "").strip()
        if not reason:
            self.message_user(request, f"Nothing {verb}: give a reason in the Reason box.", messages.ERROR)
            return
        with transaction.atomic():
            for version in queryset.select_related("card"):
                change(version, user=request.user, reason=reason)
        self.message_user(request, f"{queryset.count()} version(s) {verb}.")

    @admin.action(description="Delete selected versions (kept, restorable)", permissions=["change"])
    def delete_selected_versions(self, request, queryset):
        self._bulk(request, queryset, errata.delete_version, "deleted")

    @admin.action(description="Restore selected deleted versions", permissions=["change"])
    def restore_selected_versions(self, request, queryset):
        self._bulk(request, queryset, errata.restore_version, "restored")

    def get_urls(self):
        extra = [
            path(
                "<int:version_id>/soft-delete/",
                self.admin_site.admin_view(self.reason_view),
                {"action": "delete"},
                name="cards_textversion_soft_delete",
            ),
            path(
                "<int:version_id>/restore/",
                self.admin_site.admin_view(self.reason_view),
                {"action": "restore"},
                name="cards_textversion_restore",
            ),
        ]
        return extra + super().get_urls()

    def reason_view(self, request, version_id, action):
        """Delete (soft) or restore one version, after asking why."""
        version = get_object_or_404(TextVersion.all_objects.select_related("card"), pk=version_id)
        if not self.has_change_permission(request, version):
            raise PermissionDenied
        form = ReasonForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            change = errata.delete_version if action == "delete" else errata.restore_version
            change(version, user=request.user, reason=form.cleaned_data["change_reason"])
            self.message_user(
                request, f"{version} {'deleted (kept, restorable)' if action == 'delete' else 'restored'}."
            )
            return HttpResponseRedirect(reverse("admin:cards_card_change", args=[version.card_id]))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": f"{'Delete' if action == 'delete' else 'Restore'} {version}",
            "version": version,
            "action": action,
            "form": form,
        }
        return TemplateResponse(request, "cards/admin_version_reason.html", context)
