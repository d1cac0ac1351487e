"""Hostile input, refused in one place with a 4xx that names what was wrong.

- `RefuseHostileInputMiddleware` looks at every request before any view: the path, each
  query parameter, each header and each form field. A control character (NUL and the other C0
  characters, DEL) is refused with 400 naming where it was; form fields may hold tab and line
  breaks (a pasted deck list). A whole number in the path too big for the database (bigint) is a
  404, not a database error.
- `DepthLimitedJSONParser` is the API's JSON parser: it refuses JSON nested deeper than
  `MAX_JSON_DEPTH` and strings with control characters, naming the JSON path.
- `refuse_control_characters` is the shared check, for serializer fields too.

PostgreSQL cannot store NUL in text, and psycopg raises on it before any query runs: without this,
a NUL anywhere a query reads is a 500.
"""

from __future__ import annotations

import json
import re

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_JSON_DEPTH = 32
BIGINT_MAX = 2**63 - 1

# C0 controls and DEL; text fields may hold tab, line feed and carriage return.
CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f]")
CONTROL_CHARACTERS_IN_TEXT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def control_character_problem(value: str, where: str, text: bool = False) -> str | None:
    """A message naming `where` when `value` holds a control character, else None."""
    pattern = CONTROL_CHARACTERS_IN_TEXT if text else CONTROL_CHARACTERS
    match = pattern.search(value)
    if match is None:
        return None
    return f"{where} contains a control character (U+{ord(match.group()):04X}), which is not allowed."


def refuse_control_characters(value: str, text: bool = False) -> str:
    """Validator for serializer and form fields: control characters are refused."""
    from django.core.exceptions import ValidationError

    problem = control_character_problem(value, "This value", text=text)
    if problem:
        raise ValidationError(problem)
    return value


class RefuseHostileInputMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        problem = self.problem(request)
        response = refusal(request, problem) if problem else self.get_response(request)
        # Django sets Referrer-Policy itself; Permissions-Policy it does not know.
        policy = getattr(settings, "PERMISSIONS_POLICY", "")
        if policy and "Permissions-Policy" not in response:
            response["Permissions-Policy"] = policy
        return response

    @staticmethod
    def problem(request) -> str | None:
        found = control_character_problem(request.path, "The address (path)")
        if found:
            return found
        for name, values in request.GET.lists():
            found = control_character_problem(name, "A query parameter name")
            for value in values:
                found = found or control_character_problem(value, f"The query parameter {name!r}")
            if found:
                return found
        for key, value in request.META.items():
            if key.startswith("HTTP_") and isinstance(value, str):
                header = key[5:].replace("_", "-").title()
                found = control_character_problem(value, f"The header {header}")
                if found:
                    return found
        if request.method == "POST" and request.content_type in (
            "application/x-www-form-urlencoded",
            "multipart/form-data",
        ):
            for name, values in request.POST.lists():
                found = control_character_problem(name, "A form field name")
                for value in values:
                    found = found or control_character_problem(value, f"The field {name!r}", text=True)
                if found:
                    return found
        return None

    def process_view(self, request, view_func, view_args, view_kwargs):
        # `<int:...>` in a URL takes any run of digits; past bigint the database would raise.
        for name, value in view_kwargs.items():
            if isinstance(value, int) and not -BIGINT_MAX <= value <= BIGINT_MAX:
                return refusal(request, f"{name} {value} is out of range: there is no such object.", 404)
        return None


def is_api(request) -> bool:
    """Whether the request is the API's, whose every answer is JSON."""
    return request.path.startswith("/api/")


def refusal(request, message: str, status: int = 400):
    if is_api(request):
        return JsonResponse({"detail": message}, status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def json_path(parts: tuple) -> str:
    """('actions', 0, 'card') → "actions[0]['card']"; ('name',) → "'name'"; () → "the body"."""
    if not parts:
        return "the body"
    head = str(parts[0]) if len(parts) > 1 else repr(str(parts[0]))
    return head + "".join(f"[{p}]" if isinstance(p, int) else f"[{str(p)!r}]" for p in parts[1:])


def json_problem(data, max_depth: int = MAX_JSON_DEPTH) -> str | None:
    """Walk parsed JSON without recursion: too deep, or a string with a control character."""
    stack = [(data, (), 1)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, (dict, list)) and depth > max_depth:
            return f"JSON is nested too deeply at {json_path(path)} (at most {max_depth} levels)."
        if isinstance(value, dict):
            for key, item in value.items():
                found = control_character_problem(key, f"A JSON key in {json_path(path)}")
                if found:
                    return found
                stack.append((item, (*path, key), depth + 1))
        elif isinstance(value, list):
            stack.extend((item, (*path, i), depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str):
            found = control_character_problem(value, f"The field {json_path(path)}", text=True)
            if found:
                return found
    return None


def _checked(load):
    """Parsed JSON, or ValueError when it is too deep to parse or holds what json_problem refuses."""
    try:
        data = load()
    except RecursionError:
        raise ValueError(f"JSON is nested too deeply (at most {MAX_JSON_DEPTH} levels).") from None
    problem = json_problem(data)
    if problem:
        raise ValueError(problem)
    return data


class DepthLimitedJSONParser(JSONParser):
    """DRF's JSON parser, refusing (400) what would make a view fail later."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return _checked(
                lambda: super(DepthLimitedJSONParser, self).parse(stream, media_type, parser_context)
            )
        except ValueError as exc:  # malformed JSON is already a ParseError from DRF
            raise ParseError(str(exc)) from None


def loads_limited(text: str):
    """json.loads for form fields that carry JSON (the board's move form): ValueError when refused."""
    return _checked(lambda: json.loads(text))


def client_ip(request) -> str:
    """The address sign-in failures are counted by. Behind our TLS proxy (BEHIND_TLS_PROXY) every
    request comes from the proxy, which appends the real client to X-Forwarded-For: take the last."""
    if getattr(settings, "SECURE_PROXY_SSL_HEADER", None):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded.strip():
            return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "")


def sign_in_username(request, credentials) -> str | None:
    """The user name sign-in failures are counted under. axes keeps it in 255 characters and would
    fail (500) on a longer one, which Django's login form lets through; no real name is that long."""
    source = credentials if credentials else getattr(request, "POST", {})
    username = source.get("username") if source else None
    return username[:255] if isinstance(username, str) else username
