from django.urls import path

from rulings import views

app_name = "rulings"

urlpatterns = [
    path("", views.search_page, name="search"),
    path("entries/<int:pk>/", views.entry_page, name="entry"),
    path("entries/<int:pk>/answered/", views.report_answer, name="answered"),
    path("sources/<slug:slug>/", views.source_page, name="source"),
    path("terms/<str:game>/<slug:slug>/", views.term_page, name="term"),
    path("feed/", views.EntriesFeed(), name="feed"),
]
