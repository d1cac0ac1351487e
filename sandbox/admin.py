from django.contrib import admin

from sandbox.models import SharedPosition


@admin.register(SharedPosition)
class SharedPositionAdmin(admin.ModelAdmin):
    """Staff may look at and remove shared positions; a position is only made by sharing it."""

    list_display = ("key", "created_at")
    search_fields = ("key",)
    readonly_fields = ("key", "position", "created_at")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
