"""The staff audit page (thin: the reading is in cards.audit)."""

from __future__ import annotations

from django import forms
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import permission_required
from django.shortcuts import render

from cards import audit


class AuditFilter(forms.Form):
    kind = forms.ChoiceField(
        choices=[("", "all")] + [(key, title) for key, (title, _, _) in audit.KINDS.items()], required=False
    )
    user = forms.CharField(required=False, max_length=150)
    since = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def clean_user(self):
        name = self.cleaned_data["user"].strip()
        if name and not get_user_model().objects.filter(username=name).exists():
            raise forms.ValidationError(f"no user named {name[:40]!r}")
        return name


@staff_member_required
@permission_required("cards.view_card", raise_exception=True)
def audit_page(request):
    form = AuditFilter(request.GET or None)
    changes, status = [], 200
    if form.is_bound and not form.is_valid():
        status = 400
    else:
        data = form.cleaned_data if form.is_bound else {}
        changes = audit.latest_changes(
            kinds=[data["kind"]] if data.get("kind") else None,
            username=data.get("user", ""),
            since=data.get("since"),
            until=data.get("until"),
        )
    return render(
        request, "cards/audit.html", {"form": form, "changes": changes, "title": "Audit"}, status=status
    )
