"""Admin for search's own data: the judge vocabulary and the asked questions (editable), the
answers judges reported (accepted or rejected here) and the view counts (read-only). Registered from RulingsConfig.ready(), beside the knowledge base's admin."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.utils.html import format_html
from django.utils.text import capfirst

from rulings.asked import (
    QuestionRefused,
    accept_reports,
    analyse_asked,
    asked_saved,
    asked_text,
    reject_reports,
)
from rulings.models_search import (
    AnswerReport,
    AskedOrigin,
    AskedQuestion,
    EntryViews,
    JudgeWord,
)
from rulings.vocabulary import forget_vocabulary


@admin.register(JudgeWord)
class JudgeWordAdmin(admin.ModelAdmin):
    list_display = ["typed", "kind", "means", "note"]
    list_filter = ["kind"]
    search_fields = ["typed", "means", "note"]

    # Other processes read the change within rulings.search.VOCABULARY_TTL seconds; the asked
    # questions' words (their alternatives) are read again at once, with the vocabulary as changed.
    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        _vocabulary_changed()

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        _vocabulary_changed()

    def delete_queryset(self, request, queryset):
        super().delete_queryset(request, queryset)
        _vocabulary_changed()


def _vocabulary_changed() -> None:
    forget_vocabulary()
    analyse_asked()


class AskedQuestionForm(forms.ModelForm):
    class Meta:
        model = AskedQuestion
        fields = ["source", "key", "text"]

    def clean_text(self):
        """The question as search reads a query (rulings.asked.asked_text, as a judge's report)."""
        try:
            return asked_text(self.cleaned_data["text"])
        except QuestionRefused as refused:
            raise ValidationError(f"{capfirst(str(refused))}.") from refused


@admin.register(AskedQuestion)
class AskedQuestionAdmin(admin.ModelAdmin):
    """An editor adds the questions judges asked, each with the entry that answered it. The bundled
    ones come from the search evaluation's file at every import, so they are read-only here (an
    edit would be undone by the next start), as are those of accepted answer reports (kept with
    their report); an editor's own are kept by every import."""

    list_display = ["text", "source", "key", "origin"]
    list_filter = ["origin", "source"]
    search_fields = ["text", "key"]
    form = AskedQuestionForm
    fields = ["source", "key", "text", "origin"]
    readonly_fields = ["origin"]

    def save_model(self, request, obj, form, change):
        obj.origin = AskedOrigin.EDITOR
        super().save_model(request, obj, form, change)
        asked_saved(obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and not _kept_elsewhere(obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not _kept_elsewhere(obj)


def _kept_elsewhere(question: AskedQuestion | None) -> bool:
    """A bundled question (the next import would undo an edit) or a judge's (its report, under
    "Answer reports", is accepted exactly while it stands: rejecting the report takes it back)."""
    return question is not None and question.origin in (AskedOrigin.BUNDLED, AskedOrigin.JUDGE)


@admin.register(AnswerReport)
class AnswerReportAdmin(admin.ModelAdmin):
    """What judges said answered their question. An editor reads each and accepts those search
    should learn from (each becomes an asked question of its entry) or rejects them; the reports
    themselves are the judges' words, so they are not edited here."""

    list_display = ["text", "answering_entry", "times", "status", "last_reported"]
    list_filter = ["status", "entry__source"]
    search_fields = ["text", "entry__key"]
    list_select_related = ["entry", "entry__source"]
    readonly_fields = ["text", "answering_entry", "times", "status", "first_reported", "last_reported"]
    fields = readonly_fields
    actions = ["accept", "reject"]

    @admin.display(description="Entry", ordering="entry__key")
    def answering_entry(self, report):
        entry = report.entry
        return format_html('<a href="{}">{}: {}</a>', entry.get_absolute_url(), entry.source.slug, entry.key)

    @admin.action(description="Accept: search learns from the selected questions")
    def accept(self, request, queryset):
        accepted, kept = accept_reports(queryset.select_related("entry"))  # the pending ones
        self.message_user(request, f"{accepted} accepted as asked questions.", messages.SUCCESS)
        if kept:
            self.message_user(
                request, f"{kept} left waiting: their entry has no version in force.", messages.WARNING
            )

    @admin.action(description="Reject the selected reports")
    def reject(self, request, queryset):
        rejected = reject_reports(queryset.select_related("entry"))
        self.message_user(request, f"{rejected} rejected.", messages.SUCCESS)

    def has_add_permission(self, request):
        return False


@admin.register(EntryViews)
class EntryViewsAdmin(admin.ModelAdmin):
    list_display = ["entry", "count", "last_viewed"]
    ordering = ["-count"]
    readonly_fields = ["entry", "count", "last_viewed"]

    def has_add_permission(self, request):
        return False
