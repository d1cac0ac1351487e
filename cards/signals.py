"""Keep Card.text / has_errata in step with the versions, however a version is saved or deleted
(admin, revert from history, shell)."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from cards.models import Card, TextVersion


@receiver(post_save, sender=TextVersion)
@receiver(post_delete, sender=TextVersion)
def _sync_card_text(sender, instance, raw=False, **kwargs):
    if raw:
        return
    from cards.services import sync_card

    card = Card.objects.filter(pk=instance.card_id).first()
    if card is not None:
        sync_card(card)
