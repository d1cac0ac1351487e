"""Admin for search's own data: the judge vocabulary (editable) and the view counts (read-only).
Registered from RulingsConfig.ready(), beside the knowledge base's admin."""

from django.contrib import admin

from rulings.models_search import EntryViews, JudgeWord
from rulings.vocabulary import forget_vocabulary


@admin.register(JudgeWord)
class JudgeWordAdmin(admin.ModelAdmin):
    list_display = ["typed", "kind", "means", "note"]
    list_filter = ["kind"]
    search_fields = ["typed", "means", "note"]

    # Other processes read the change within rulings.search.VOCABULARY_TTL seconds.
    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        forget_vocabulary()

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        forget_vocabulary()

    def delete_queryset(self, request, queryset):
        super().delete_queryset(request, queryset)
        forget_vocabulary()


@admin.register(EntryViews)
class EntryViewsAdmin(admin.ModelAdmin):
    list_display = ["entry", "count", "last_viewed"]
    ordering = ["-count"]
    readonly_fields = ["entry", "count", "last_viewed"]

    def has_add_permission(self, request):
        return False
