from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from rulings.models import Entry, Source, Term


@admin.register(Source)
class SourceAdmin(admin.ModelAdmin):
    list_display = ["title", "game", "authority", "date_display", "imported_at"]
    list_filter = ["game"]
    search_fields = ["title", "slug"]


@admin.register(Term)
class TermAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "slug"]
    list_filter = ["game"]
    search_fields = ["name"]


@admin.register(Entry)
class EntryAdmin(SimpleHistoryAdmin):
    list_display = ["__str__", "source", "kind", "status", "section", "number"]
    list_filter = ["source__game", "kind", "status", "source"]
    search_fields = ["text", "question", "card_name", "section", "key"]
    raw_id_fields = ["superseded_by", "parent"]
    autocomplete_fields = ["terms"]
    filter_horizontal = ["cards"]
    readonly_fields = ["created_at", "updated_at"]

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        from rulings.services import entry_saved

        entry_saved(form.instance)  # search data, lexicon, card and term links: after the m2m are saved
