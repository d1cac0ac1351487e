"""The card API: ``GET /api/cards/?q=`` (the search language) and ``GET /api/cards/<slug>/``."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import generics, serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response

from cards import kb, selectors
from cards.models import Card, TextVersion
from cards.query import QuerySyntaxError
from cards.search import search


class CardSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField()

    class Meta:
        model = Card
        fields = ["slug", "name", "game", "type", "subtitle", "text", "has_errata", "url"]

    @extend_schema_field(OpenApiTypes.URI)
    def get_url(self, card) -> str:
        request = self.context.get("request")
        url = card.get_absolute_url()
        return request.build_absolute_uri(url) if request else url


class EntrySummarySerializer(serializers.Serializer):
    """The schema of `kb.entry_summary`: a ruling as the card API names it."""

    id = serializers.IntegerField()
    kind = serializers.CharField()
    title = serializers.CharField()
    text = serializers.CharField()
    source = serializers.CharField(allow_null=True)
    source_title = serializers.CharField()
    url = serializers.CharField()


class VersionSerializer(serializers.ModelSerializer):
    source_entry = serializers.SerializerMethodField()
    created_by = serializers.SerializerMethodField()

    class Meta:
        model = TextVersion
        fields = ["kind", "text", "date", "note", "source", "source_entry", "created_by", "created_at"]

    @extend_schema_field(EntrySummarySerializer(allow_null=True))
    def get_source_entry(self, version):
        return kb.entry_summary(getattr(version, "source_entry", None))

    def get_created_by(self, version) -> str | None:
        return version.created_by.get_username() if version.created_by else None


class CardDetailSerializer(CardSerializer):
    versions = serializers.SerializerMethodField()
    rulings = serializers.SerializerMethodField()

    class Meta(CardSerializer.Meta):
        fields = CardSerializer.Meta.fields + [
            "variant",
            "subtitle_kind",
            "restriction",
            "attributes",
            "is_special",
            "versions",
            "rulings",
        ]

    @extend_schema_field(VersionSerializer(many=True))
    def get_versions(self, card):
        return VersionSerializer(selectors.versions_of(card), many=True, context=self.context).data

    @extend_schema_field(EntrySummarySerializer(many=True))
    def get_rulings(self, card):
        return [kb.entry_summary(e) for e in selectors.rulings_for(card)]


class CardPagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500

    def get_paginated_response(self, data):
        response = super().get_paginated_response(data)
        response.data["did_you_mean"] = getattr(self, "did_you_mean", None)
        return response


class CardList(generics.ListAPIView):
    """Cards matching ``q`` (the card search language; see the card search page for the syntax)."""

    serializer_class = CardSerializer
    pagination_class = CardPagination
    filter_backends: list = []

    @extend_schema(
        parameters=[OpenApiParameter("q", str, description='e.g. t:attack game:highlander o:"power blow"')]
    )
    def get(self, request, *args, **kwargs):
        try:
            self.result = search(request.query_params.get("q", ""))
        except QuerySyntaxError as exc:
            return Response({"detail": exc.message, **exc.as_dict()}, status=status.HTTP_400_BAD_REQUEST)
        self.paginator.did_you_mean = self.result.did_you_mean
        return self.list(request, *args, **kwargs)

    def get_queryset(self):
        return self.result.cards


class CardDetail(generics.RetrieveAPIView):
    serializer_class = CardDetailSerializer
    queryset = Card.objects.all()
    lookup_field = "slug"
    filter_backends: list = []
