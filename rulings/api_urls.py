from django.urls import include, path
from rest_framework.routers import DefaultRouter

from rulings.api import EntryViewSet, SearchView

router = DefaultRouter()
router.register("entries", EntryViewSet, basename="rulings-entry")

urlpatterns = [
    path("search/", SearchView.as_view(), name="rulings-search-api"),
    path("", include(router.urls)),
]
