"""What to offer when a question finds nothing: the nearest names the documents know."""

from __future__ import annotations

from rulings.search_query import clean_query
from rulings.textfold import fold

SUGGEST_MIN = 0.3  # trigram word similarity of a name to the query to be suggested


def suggestions(raw_query: str, limit: int = 5) -> dict:
    """For a query that found nothing: the nearest names the documents know (terms and cards, by
    trigram similarity to the query), the best of them as "did you mean"."""
    from django.db.models import F, FloatField, Func, Value

    from rulings.models import Entry, Term

    # The catalogue's cards, reached through the link the knowledge base already declares
    # (Entry.cards), not by importing the catalogue: rulings depends on no other app's code.
    Card = Entry._meta.get_field("cards").related_model  # noqa: N806 - a model class

    folded = fold(clean_query(raw_query))
    if len(folded.strip()) < 3:
        return {"did_you_mean": "", "terms": [], "cards": []}

    def near(model):
        # how much of the name the query holds ("exahustion rules" holds most of "exhaustion")
        likeness = Func(
            F("search_name"), Value(folded), function="word_similarity", output_field=FloatField()
        )
        return list(
            model.objects.annotate(sim=likeness).filter(sim__gte=SUGGEST_MIN).order_by("-sim", "name")[:limit]
        )

    terms, cards = near(Term), near(Card)
    best = max([*terms, *cards], key=lambda named: named.sim, default=None)
    did_you_mean = best.name if best is not None and fold(best.name) != folded else ""
    return {"did_you_mean": did_you_mean, "terms": terms, "cards": cards}
