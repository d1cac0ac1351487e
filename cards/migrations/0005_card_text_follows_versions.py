"""The database checks the errata invariant itself: at commit, a card's text must be the text of its
newest live (not soft-deleted) version ('' with none) and has_errata must say whether a live erratum
exists. Deferred, so a transaction may pass through states in between (add a version, then sync the
card); only what is committed must hold. A path that forgets cards.errata.sync_card cannot commit."""

from django.db import migrations

CHECK_FUNCTION = """
CREATE OR REPLACE FUNCTION cards_check_card_text() RETURNS trigger AS $$
DECLARE
    wanted_card bigint;
    current_text text;
    current_errata boolean;
    newest_text text;
    live_errata boolean;
BEGIN
    IF TG_TABLE_NAME = 'cards_card' THEN
        wanted_card := NEW.id;
    ELSIF TG_OP = 'DELETE' THEN
        wanted_card := OLD.card_id;
    ELSE
        wanted_card := NEW.card_id;
    END IF;
    SELECT text, has_errata INTO current_text, current_errata FROM cards_card WHERE id = wanted_card;
    IF NOT FOUND THEN
        RETURN NULL;  -- the card itself was deleted
    END IF;
    SELECT v.text INTO newest_text FROM cards_textversion v
     WHERE v.card_id = wanted_card AND v.deleted_at IS NULL
     ORDER BY v.position DESC, v.id DESC LIMIT 1;
    SELECT EXISTS (SELECT 1 FROM cards_textversion v WHERE v.card_id = wanted_card
                    AND v.deleted_at IS NULL AND v.kind = 'erratum') INTO live_errata;
    IF current_text IS DISTINCT FROM COALESCE(newest_text, '') OR current_errata IS DISTINCT FROM live_errata THEN
        RAISE EXCEPTION 'card % contradicts its errata: its text must be its newest live version''s', wanted_card
            USING ERRCODE = 'check_violation',
                  HINT = 'change versions through cards.errata (it calls sync_card)';
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
"""

TRIGGERS = """
CREATE CONSTRAINT TRIGGER cards_card_text_follows_versions
    AFTER INSERT OR UPDATE ON cards_card DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION cards_check_card_text();
CREATE CONSTRAINT TRIGGER cards_version_change_keeps_card_text
    AFTER INSERT OR UPDATE OR DELETE ON cards_textversion DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION cards_check_card_text();
"""

DROP = """
DROP TRIGGER IF EXISTS cards_card_text_follows_versions ON cards_card;
DROP TRIGGER IF EXISTS cards_version_change_keeps_card_text ON cards_textversion;
DROP FUNCTION IF EXISTS cards_check_card_text();
"""


def settle_existing_cards(apps, schema_editor):
    """Make rows written before the rule follow it: a text with no version becomes the printed
    version (nothing is lost); any other card takes its newest version's text."""
    Card = apps.get_model("cards", "Card")
    TextVersion = apps.get_model("cards", "TextVersion")
    for card in Card.objects.all().iterator():
        versions = list(TextVersion.objects.filter(card=card, deleted_at__isnull=True).order_by("position", "id"))
        if not versions and card.text:
            TextVersion.objects.create(card=card, kind="printed", text=card.text, position=0)
            continue
        text = versions[-1].text if versions else ""
        has_errata = any(v.kind == "erratum" for v in versions)
        if (card.text, card.has_errata) != (text, has_errata):
            Card.objects.filter(pk=card.pk).update(text=text, has_errata=has_errata)


class Migration(migrations.Migration):
    dependencies = [("cards", "0004_soft_delete_versions")]

    operations = [
        migrations.RunPython(settle_existing_cards, migrations.RunPython.noop),
        migrations.RunSQL(CHECK_FUNCTION + TRIGGERS, DROP),
    ]
