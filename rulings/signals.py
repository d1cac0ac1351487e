"""Keep card links and search data right when cards or entries change outside the importer."""

from __future__ import annotations

from django.db.models.signals import post_save
from django.dispatch import receiver

from rulings.models import Entry


@receiver(post_save, sender="cards.Card", dispatch_uid="rulings-relink-card")
def relink_card(sender, instance, created, **kwargs):
    if kwargs.get("raw"):
        return
    from rulings.services import link_card

    link_card(instance)


@receiver(post_save, sender=Entry, dispatch_uid="rulings-refresh-entry")
def refresh_entry(sender, instance, **kwargs):
    if kwargs.get("raw") or getattr(instance, "_bulk_import", False):
        return
    from rulings.search import refresh_search
    from rulings.services import link_cards, link_terms

    refresh_search(Entry.objects.filter(pk=instance.pk))
    link_cards([instance])
    link_terms([instance])
