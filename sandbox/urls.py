from django.urls import path, re_path

from sandbox import views

app_name = "sandbox"

urlpatterns = [
    path("", views.sandbox, name="sandbox"),
    path("share/", views.share, name="share"),
    re_path(r"^p/(?P<key>[0-9a-f]{16,64})/$", views.shared, name="shared"),
]
