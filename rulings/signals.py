"""Keep search data right when entries change outside the importer. (Cards relink the entries
naming them explicitly, in cards.services.save_card: the knowledge base does not know the catalogue.)"""

from __future__ import annotations

from django.db.models.signals import post_save
from django.dispatch import receiver

from rulings.models import Entry


@receiver(post_save, sender=Entry, dispatch_uid="rulings-refresh-entry")
def refresh_entry(sender, instance, **kwargs):
    if kwargs.get("raw") or getattr(instance, "_bulk_import", False):
        return
    from rulings.search import refresh_lexicon, refresh_search
    from rulings.services import link_cards, link_terms

    refresh_search(Entry.objects.filter(pk=instance.pk))
    refresh_lexicon()
    link_cards([instance])
    link_terms([instance])
