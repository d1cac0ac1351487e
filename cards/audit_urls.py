from django.urls import path

from cards import audit_views

app_name = "audit"

urlpatterns = [path("", audit_views.audit_page, name="latest")]
