"""The rules sandbox: set up a position, see what the player to move may do and why, apply it.
Nothing is stored but a position the judge shares. Every refusal is a 400 page saying what was
wrong, with the judge's input kept in the form to fix."""

from __future__ import annotations

import json

from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from config.throttling import throttle_view
from sandbox import display, positions, selectors, services
from sandbox.forms import DealForm, PositionForm, ReplayStepForm, first_error
from sandbox.models import SharedPosition
from sandbox.positions import SandboxError
from sandbox.rule_texts import rule_texts

# rules/POSITIONS.md's example: a judge's first position to edit.
EXAMPLE_POSITION = """{
  "pool": "highlander", "turn": 4, "active": 0, "phase": "defense",
  "players": [
    {"ability": 12, "hand": ["upper-left-block", "thrust", "thrust"],
     "endurance": ["lower-right-block", "lower-right-block"]},
    {"ability": 15, "in_play": ["upper-left-attack"], "endurance": ["thrust", "thrust"]}
  ],
  "incoming": [{"card": "upper-left-attack"}]
}"""


def _options_by_rule(options: list[positions.Option], texts: dict) -> list[dict]:
    """The legal actions grouped under the rule that allows them, in the order the engine offers."""
    groups: dict[str, dict] = {}
    for option in options:
        groups.setdefault(option.rule, {"rule": texts[option.rule], "options": []})["options"].append(option)
    return list(groups.values())


def _page(request, duel=None, *, error="", status=200, typed="", played=None, history=None, **extra):
    context = {
        "deal_form": extra.pop("deal_form", None) or DealForm(),
        "replay_form": extra.pop("replay_form", None) or ReplayStepForm(),
        "error": error,
        "typed": typed or EXAMPLE_POSITION,
        "played": played,
        "history": history or (_history(duel, []) if duel is not None else None),
        **extra,
    }
    if duel is not None:
        options = positions.options(duel)
        cited = [o.rule for o in options] + [e["rule"] for e in (played.events if played else [])]
        texts = rule_texts(cited)
        context.update(
            position=display.describe(duel),
            position_json=positions.position_json(duel),
            position_compact=positions.compact_json(duel),
            groups=_options_by_rule(options, texts),
            events=[{**e, "cited": texts[e["rule"]]} for e in played.events] if played else [],
            typed=positions.position_json(duel),
        )
    return render(request, "sandbox/sandbox.html", context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def sandbox(request):
    if request.method == "POST":
        return _posted(request)
    if "duel" in request.GET or "step" in request.GET:
        form = ReplayStepForm(request.GET)
        if not form.is_valid():
            return _page(request, error=first_error(form), status=400, replay_form=form)
        try:
            opened = selectors.replay_step(form.cleaned_data["duel"], form.cleaned_data["step"])
        except SandboxError as refused:
            return _page(request, error=refused.message, status=refused.status, replay_form=form)
        return _page(request, opened.duel, replay_form=form, opened=opened)
    if "seed" in request.GET:
        form = DealForm(request.GET)
        if not form.is_valid():
            return _page(request, error=first_error(form), status=400, deal_form=form)
        data = form.cleaned_data
        duel = positions.deal(data["seed"], (data["deck0"], data["deck1"]))
        return _page(request, duel, deal_form=form, dealt=data)
    return _page(request)


def _posted(request):
    form = PositionForm(request.POST)
    typed = request.POST.get("position", "")[: positions.MAX_POSITION_CHARS]
    if not form.is_valid():
        return _page(request, error=first_error(form), status=400, typed=typed)
    data = form.cleaned_data
    try:
        taken = positions.parse_taken(data["taken"])
        if data["to_step"] is not None:  # back to an earlier step, replayed from where the judge started
            if data["to_step"] > len(taken):
                raise SandboxError(f"'to_step' is {data['to_step']}, but {len(taken)} actions were taken.")
            origin = positions.read_position(data["origin"] or data["position"])
            taken = taken[: data["to_step"]]
            duel, played = positions.replay_taken(origin, taken)
            return _page(request, duel, played=played, history=_history(origin, taken))
        duel = positions.read_position(data["position"])
        if not data["action"]:
            return _page(request, duel, history=_history(duel, []))
        played = positions.play(duel, data["action"])
        origin = positions.read_position(data["origin"]) if data["origin"] else duel
    except SandboxError as refused:
        return _page(request, error=refused.message, status=400, typed=typed)
    return _page(request, played.duel, played=played, history=_history(origin, [*taken, played.action]))


def _history(origin, taken: list[dict]) -> dict:
    """What the page carries to go back: the starting position and the actions taken since."""
    return {
        "origin": positions.compact_json(origin),
        "taken": json.dumps(taken, separators=(",", ":")),
        "steps": [str(action.get("label") or action.get("type", "?"))[:200] for action in taken],
    }


def shared(request, key: str):
    row = get_object_or_404(SharedPosition, key=key)
    try:
        duel = positions.from_position(row.position)
    except SandboxError as refused:  # shared before the engine changed what it accepts
        return _page(request, error=f"This shared position no longer reads: {refused.message}", status=400)
    return _page(request, duel, shared=row)


@require_POST
@throttle_view("sandbox_share", "shared positions")
def share(request):
    form = PositionForm(request.POST)
    typed = request.POST.get("position", "")[: positions.MAX_POSITION_CHARS]
    if not form.is_valid():
        return _page(request, error=first_error(form), status=400, typed=typed)
    try:
        duel = positions.read_position(form.cleaned_data["position"])
    except SandboxError as refused:
        return _page(request, error=refused.message, status=400, typed=typed)
    return redirect(services.share_position(duel), permanent=False)
