"""JSON API of the knowledge base: search, and entries (filterable, paginated)."""

from __future__ import annotations

import datetime as dt

from django_filters import rest_framework as filters
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status, viewsets
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_schema import Problem
from rulings.labels import label
from rulings.models import Entry, Game, Kind, Status
from rulings.search import ABOUT, AT_LEAST, EXACT, Filters, SearchError, find
from rulings.selectors import listed


def source_dict(source) -> dict:
    return {
        "slug": source.slug,
        "title": source.title,
        "authority": source.authority,
        "date": source.date.isoformat() if source.date else None,
    }


def result_dict(entry: Entry, request=None) -> dict:
    url = entry.get_absolute_url()
    cards = getattr(entry, "card_refs", None)  # the search brings them along with each result
    if cards is None:
        cards = [{"slug": card.slug, "name": card.name} for card in entry.cards.all()]
    return {
        "id": entry.pk,
        "url": request.build_absolute_uri(url) if request else url,
        "kind": entry.kind,
        "label": label(entry),  # what the pages call it: never empty, never "Untitled section"
        "in_force": entry.status == Status.CURRENT,
        "game": entry.source.game,
        "source": source_dict(entry.source),
        "section": entry.section,
        "number": entry.number,
        "question": entry.question,
        "text": entry.text,
        "cards": cards,
        "highlight": getattr(entry, "highlight", "") or "",
        "score": round(float(getattr(entry, "score", 0.0) or 0.0), 4),
    }


def filters_from(params) -> Filters:
    as_of = params.get("as_of") or ""
    try:
        as_of_date = dt.date.fromisoformat(as_of) if as_of else None
    except ValueError as exc:
        raise SearchError(f"as_of must be a date (YYYY-MM-DD), not {as_of[:40]!r}") from exc
    return Filters(
        game=params.get("game", ""),
        kind=params.get("kind", ""),
        source=params.get("source", ""),
        card=params.get("card", ""),
        term=params.get("term", ""),
        status=params.get("status", ""),
        as_of=as_of_date,
    )


class CardRefSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()


class SourceRefSerializer(serializers.Serializer):
    """The schema of `source_dict`."""

    slug = serializers.CharField()
    title = serializers.CharField()
    authority = serializers.CharField()
    date = serializers.DateField(allow_null=True)


class SearchResultSerializer(serializers.Serializer):
    """The schema of `result_dict`."""

    id = serializers.IntegerField()
    url = serializers.URLField()
    kind = serializers.ChoiceField(choices=Kind.choices)
    label = serializers.CharField(help_text="what the pages call the entry: never empty")
    in_force = serializers.BooleanField()
    game = serializers.ChoiceField(choices=Game.choices)
    source = SourceRefSerializer()
    section = serializers.CharField(allow_blank=True)
    number = serializers.CharField(allow_blank=True)
    question = serializers.CharField(allow_blank=True)
    text = serializers.CharField(allow_blank=True)
    cards = CardRefSerializer(many=True)
    highlight = serializers.CharField(allow_blank=True, help_text="HTML: the words found, in <mark>")
    score = serializers.FloatField()


class CorrectionSerializer(serializers.Serializer):
    typed = serializers.CharField(help_text="a word the rulings do not use, or two they write as one")
    read_as = serializers.CharField(help_text="what was searched instead")


class SearchAnswerSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    count_is = serializers.ChoiceField(choices=[EXACT, ABOUT, AT_LEAST])
    corrections = CorrectionSerializer(many=True)
    left_out = serializers.ListField(child=serializers.CharField(), help_text="typed words no ruling uses")
    named_game = serializers.ChoiceField(choices=Game.choices, allow_null=True)
    named_source = serializers.CharField(
        allow_null=True, help_text="the slug of the source the question names"
    )
    unmatched_game = serializers.ChoiceField(
        choices=Game.choices,
        allow_null=True,
        help_text="the game the question names, none of whose entries matched: all games were searched",
    )
    unmatched_source = serializers.CharField(
        allow_null=True,
        help_text="the slug of the source the question names, none of whose entries matched",
    )
    results = SearchResultSerializer(many=True)


class SearchView(APIView):
    """GET /api/rulings/search/?q=&game=&kind=&source=&card=&term=&status=&as_of=&limit="""

    @extend_schema(
        summary="Entries answering a question, best first",
        parameters=[
            OpenApiParameter(
                "q",
                str,
                description="A question in a judge's words, or with operators"
                ' ("power blow" as a phrase, -word to exclude, OR); at most 500 characters',
            ),
            OpenApiParameter("game", str, enum=Game.values),
            OpenApiParameter(
                "kind", str, description=f"one or more of {', '.join(Kind.values)}, comma-separated"
            ),
            OpenApiParameter("source", str, description="a source's slug"),
            OpenApiParameter("card", str, description="a card's slug: the entries about it"),
            OpenApiParameter("term", str, description="a term's slug: the entries under it"),
            OpenApiParameter(
                "status", str, enum=[*Status.values, "any"], description="the entries in force when not given"
            ),
            OpenApiParameter("as_of", OpenApiTypes.DATE, description="the entries in force on that date"),
            OpenApiParameter("limit", int, description="1 to 100 (default 20)"),
        ],
        responses={200: SearchAnswerSerializer, 400: Problem},
    )
    def get(self, request):
        params = request.query_params
        try:
            limit = max(1, min(int(params.get("limit", 20)), 100))
        except ValueError:
            return Response({"detail": "limit must be a number"}, status=status.HTTP_400_BAD_REQUEST)
        try:
            found = find(params.get("q", ""), filters_from(params), limit=limit)
        except SearchError as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        # count_is: "exact", "about" (estimated) or "at_least" (the count stops there)
        return Response(
            {
                "count": found.count,
                "count_is": found.count_is,
                # words the rulings do not use, and what was searched instead ("mysterius": "mysterious")
                "corrections": [
                    {"typed": fixed.typed, "read_as": fixed.read_as} for fixed in found.corrections
                ],
                # typed words no ruling uses, left out of the search ("xylophone")
                "left_out": found.left_out,
                # the game the question names ("who goes first in inwo"), whose entries alone were
                # searched; null when it names none, a game is chosen, or the named one has no match
                "named_game": found.named_game or None,
                # the same for the source it names ("what does the crf say about hazards")
                "named_source": found.named_source or None,
                # the game or source the question names when none of its entries matched: the
                # results are from the others ("what does meccg stand for")
                "unmatched_game": found.unmatched_game or None,
                "unmatched_source": found.unmatched_source or None,
                "results": [result_dict(entry, request) for entry in found.entries],
            }
        )


class EntrySerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="source.game")
    source = serializers.SerializerMethodField()
    cards = CardRefSerializer(many=True)
    terms = serializers.SlugRelatedField(many=True, read_only=True, slug_field="slug")
    url = serializers.CharField(source="get_absolute_url")

    class Meta:
        model = Entry
        fields = [
            "id", "url", "key", "kind", "status", "game", "source", "section", "title", "number", "question",
            "answer", "text", "card_name", "card_variant", "card_group", "card_type", "change_note", "flags",
            "cross_refs", "parent", "superseded_by", "valid_from", "valid_to", "position", "cards", "terms",
        ]  # fmt: skip

    @extend_schema_field(SourceRefSerializer)
    def get_source(self, entry):
        return source_dict(entry.source)


class EntryFilter(filters.FilterSet):
    game = filters.CharFilter(field_name="source__game")
    source = filters.CharFilter(field_name="source__slug")
    card = filters.CharFilter(field_name="cards__slug")
    term = filters.CharFilter(field_name="terms__slug")

    class Meta:
        model = Entry
        fields = ["kind", "status", "game", "source", "card", "term", "number"]


class Pages(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


class EntryViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = (
        listed(Entry.objects.select_related("source"))
        .prefetch_related("cards", "terms")
        .order_by("source", "position")
    )
    serializer_class = EntrySerializer
    filterset_class = EntryFilter
    pagination_class = Pages
