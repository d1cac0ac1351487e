"""The rulings pages' lists: entries (search results, the most read, the recent rulings), and
the search page's filter options, facets and source links."""

from html import escape

from django import template
from django.utils.formats import date_format
from django.utils.safestring import SafeData, mark_safe

from config.reversing import SLUG_MARK, url_filler

register = template.Library()


def _text(value) -> str:
    """A value as HTML: escaped, unless marked safe (a result's highlighted passage, made by
    rulings/highlight.py from escaped text)."""
    return str(value) if isinstance(value, SafeData) else escape(str(value))


def _line(line: dict) -> str:
    number = f" {_text(line['number'])}" if line["number"] else ""
    if line["in_force"]:
        force = '<span class="in-force">in force</span>'
    else:
        since = f" since {_text(date_format(line['valid_to']))}" if line["valid_to"] else ""
        force = f'<span class="not-in-force">not in force: {_text(line["status"])}{since}</span>'
    views = line["views"]
    read = f' · <span class="views">read {views} time{"s" if views != 1 else ""}</span>' if views else ""
    text = f"\n  <p>{_text(line['text'])}</p>" if line["text"] is not None else ""
    return (
        '<li class="result">\n'
        f'  <a class="result-title" href="{_text(line["url"])}"><strong>{_text(line["kind"])}</strong>{number}:'
        f" {_text(line['label'])}</a>\n"
        f'  <p class="result-meta"><a class="result-source" href="{_text(line["source_url"])}">{_text(line["source"])}</a>'
        f' · <span class="result-authority">{_text(line["authority"])}</span>'
        f' · <span class="result-date">{_text(line["date"])}</span> · {force}{read}</p>{text}\n'
        "</li>"
    )


@register.simple_tag
def entry_lines(lines: list[dict]):
    """Entries as list items (rulings.lines builds their values): one tag for the list, not a
    template included per line (thirty includes of twenty lookups each were most of the search
    page's rendering)."""
    return mark_safe("\n".join(_line(line) for line in lines))  # noqa: S308 (each value escaped)


# The search page's form and links, each list one tag rather than a template loop: a loop's
# iteration (its context, `forloop`, an `if` per item) cost 15-20 us, and the page's three selects,
# its facets and its source links were half of its own template (0.5 of 1.0 ms).


@register.simple_tag
def select_options(choices, selected: str):
    """A filter's options: "any" first, then each (value, label), the chosen one selected."""
    options = ['<option value="">any</option>']
    for value, label in choices:
        chosen = " selected" if value == selected else ""
        options.append(f'<option value="{_text(value)}"{chosen}>{_text(label)}</option>')
    return mark_safe("".join(options))  # noqa: S308 (each value escaped)


@register.simple_tag
def facet_links(items: list[dict]):
    """A facet's values as links that choose (or, chosen, clear) each, with how many entries
    each holds (rulings.views._facets builds them)."""
    links = []
    for item in items:
        current, tick = (' aria-current="true"', "✓ ") if item["selected"] else ("", "")
        links.append(
            f'<a href="{_text(item["url"])}"{current}>{tick}{_text(item["label"])} ({_text(item["count"])})</a>'
        )
    return mark_safe(" · ".join(links))  # noqa: S308 (each value escaped)


@register.simple_tag
def source_links(sources):
    """The sources as links to their pages, separated by middle dots."""
    source_url = url_filler("rulings:source", SLUG_MARK)
    links = (f'<a href="{_text(source_url(source.slug))}">{_text(source.title)}</a>' for source in sources)
    return mark_safe(" · ".join(links))  # noqa: S308 (each value escaped)
