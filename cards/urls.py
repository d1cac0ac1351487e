from django.urls import path

from cards import views

app_name = "cards"

urlpatterns = [
    path("", views.card_search, name="search"),
    path("<slug:slug>/", views.card_detail, name="detail"),
    path("<slug:slug>/preview/", views.card_preview, name="preview"),
]
