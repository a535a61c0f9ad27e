"""The rules pages of the web: ``GET /rules`` (every game and form), ``GET /rules/{game}/{form}`` (the page that
teaches it, every rule with an anchor named by its ID) and ``GET /api/rules/{game}/{form}`` (the same as JSON, with
the house rules of the form's preset in words). The text is the guide's (:mod:`roundgames.guide`), as at the
terminal and in the documentation.
"""

from __future__ import annotations

import html
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.templating import Jinja2Templates

from ..core.errors import RoundgamesError
from ..games.registry import game, rules_for
from ..guide import all_pages, house_rules, page, to_html, to_json

__all__ = ["GUIDE_ROUTES"]

TEMPLATES = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))


def _not_found(message: str) -> HTMLResponse:
    return HTMLResponse(
        f"<!doctype html><meta charset=utf-8><title>No such rules</title><p>{html.escape(message)}. "
        "<a href=/rules>Every game</a>",
        404,
    )


async def rules_index(request: Request) -> Response:
    """Every game and form, each linked to its page."""
    links = "".join(f'<li><a href="/rules/{p.game}/{p.slug}">{p.title}</a></li>' for p in all_pages())
    body = f"<h1>How to play</h1><ul class=rules-index>{links}</ul>"
    return TEMPLATES.TemplateResponse(request, "rules.html", {"title": "How to play", "body": body})


async def rules_game(request: Request) -> Response:
    """``/rules/loo``: the game's first form."""
    try:
        shown = page(request.path_params["game"])
    except RoundgamesError as e:
        return _not_found(str(e))
    return RedirectResponse(f"/rules/{shown.game}/{shown.slug}", status_code=307)


async def rules_page(request: Request) -> Response:
    """The page that teaches a form, as HTML."""
    try:
        shown = page(request.path_params["game"], request.path_params["form"])
    except RoundgamesError as e:
        return _not_found(str(e))
    context = {"title": shown.title, "body": to_html(shown), "json": f"/api/rules/{shown.game}/{shown.slug}"}
    return TEMPLATES.TemplateResponse(request, "rules.html", context)


async def rules_json(request: Request) -> Response:
    """The page as JSON, with the house rules of its preset in words (``house_rules``, a line each)."""
    try:
        shown = page(request.path_params["game"], request.path_params["form"])
    except RoundgamesError as e:
        return JSONResponse({"error": {"field": "form", "message": str(e)}}, status_code=404)
    preset = next(f.preset for f in game(shown.game).forms if f.name == shown.form)
    lines = [rule.line for rule in house_rules(rules_for(shown.game, preset))]
    return JSONResponse({**to_json(shown), "preset": preset, "house_rules": lines})


#: the routes, mounted by :mod:`roundgames.web.app`
GUIDE_ROUTES = [
    Route("/rules", rules_index),
    Route("/rules/{game}", rules_game),
    Route("/rules/{game}/{form}", rules_page),
    Route("/api/rules/{game}/{form}", rules_json),
]
