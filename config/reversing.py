"""URLs for the rows of a list, reversed once per list rather than once per row.

``reverse()`` resolves the pattern, quotes the arguments and checks them against the pattern's
converters: 20-60 us a call, paid for every row of every list (the lobby's, the search results').
A list's rows differ only in an id or a slug, so the pattern is reversed once with a marker in
the argument's place and each row's value put in by string formatting."""

from __future__ import annotations

from collections.abc import Callable

from django.urls import reverse


def url_filler(name: str, mark: int | str) -> Callable[[object], str]:
    """A function filling one argument into the URL pattern `name`: ``reverse`` once (it honours
    the script prefix and the request's URLconf), the argument put in by formatting. `mark` is a
    value no real URL holds, valid for the pattern's converter; the values filled in must be ones
    the converter accepts as they are (ids, slugs), since they are not checked again."""
    before, _, after = reverse(name, args=[mark]).rpartition(str(mark))
    return lambda value: f"{before}{value}{after}"
