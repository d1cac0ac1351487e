"""URLs for the rows of a list, reversed once per list rather than once per row.

``reverse()`` resolves the pattern, quotes the arguments and checks them against the pattern's
converters: 20-60 us a call, paid for every row of every list (the lobby's, the search results').
A list's rows differ only in an id or a slug, so the pattern is reversed once with a marker in
the argument's place and each row's value put in by string formatting."""

from __future__ import annotations

from collections.abc import Callable

from django.urls import reverse

ID_MARK = 987654321987  # stands for an id in a reversed pattern: no row of ours has it
SLUG_MARK = "slug-mark-0f3c"  # stands for a slug: no source or card is called that


def url_filler(name: str, mark: int | str = ID_MARK) -> Callable[[object], str]:
    """A function filling one argument into the URL pattern `name`: ``reverse`` once (it honours
    the script prefix and the request's URLconf), the argument put in by formatting. `mark` is a
    value no real URL holds, valid for the pattern's converter (``ID_MARK`` for an id,
    ``SLUG_MARK`` for a slug); the values filled in must be ones the converter accepts as they
    are (ids, slugs), since they are not checked again."""
    before, _, after = reverse(name, args=[mark]).rpartition(str(mark))
    return lambda value: f"{before}{value}{after}"
