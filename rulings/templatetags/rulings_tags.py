"""The rulings pages' lists of entries (search results, the most read, the recent rulings)."""

from html import escape

from django import template
from django.utils.formats import date_format
from django.utils.safestring import SafeData, mark_safe

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
