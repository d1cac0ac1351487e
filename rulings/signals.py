"""Keep card links and search data right when cards or entries change outside the importer."""

from __future__ import annotations

from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver


@receiver(pre_save, sender="cards.Card", dispatch_uid="rulings-card-old-name")
def remember_card_name(sender, instance, **kwargs):
    old = sender.objects.filter(pk=instance.pk).values_list("name", "game").first() if instance.pk else None
    instance._rulings_old_name = old


@receiver(post_save, sender="cards.Card", dispatch_uid="rulings-relink-card")
def relink_card(sender, instance, created, **kwargs):
    """A new card, or a renamed one: recompute the links of the entries that name it (or named it)."""
    if kwargs.get("raw"):
        return
    if not created and getattr(instance, "_rulings_old_name", None) == (instance.name, instance.game):
        return
    from rulings.services import link_card

    link_card(instance)
