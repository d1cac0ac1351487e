"""Admin for search's own data: the judge vocabulary and the asked questions (editable) and the
view counts (read-only). Registered from RulingsConfig.ready(), beside the knowledge base's admin."""

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError

from rulings.asked import analyse_asked, asked_saved, words_of
from rulings.models_search import AskedOrigin, AskedQuestion, EntryViews, JudgeWord
from rulings.search_query import SearchError, clean_query
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
        """The question as search reads a query: control characters dropped, at most its length."""
        try:
            text = clean_query(self.cleaned_data["text"])
        except SearchError as exc:
            raise ValidationError(str(exc)) from exc
        if not words_of(text):  # alike to no question: it would never lift its answer
            raise ValidationError("The question has no words search reads.")
        return text


@admin.register(AskedQuestion)
class AskedQuestionAdmin(admin.ModelAdmin):
    """An editor adds the questions judges asked, each with the entry that answered it. The bundled
    ones come from the search evaluation's file at every import, so they are read-only here (an
    edit would be undone by the next start); an editor's own are kept by every import."""

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
        return super().has_change_permission(request, obj) and not _bundled(obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not _bundled(obj)


def _bundled(question: AskedQuestion | None) -> bool:
    return question is not None and question.origin == AskedOrigin.BUNDLED


@admin.register(EntryViews)
class EntryViewsAdmin(admin.ModelAdmin):
    list_display = ["entry", "count", "last_viewed"]
    ordering = ["-count"]
    readonly_fields = ["entry", "count", "last_viewed"]

    def has_add_permission(self, request):
        return False
