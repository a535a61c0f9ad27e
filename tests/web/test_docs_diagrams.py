"""The state diagrams of the architecture page, drawn in a real browser (the system Chromium through Playwright) on
the site that `roundgames serve` serves at /docs/: each ```mermaid fence becomes a drawing (an SVG naming every
state of its fence), with Mermaid served by the site itself (the theme would fetch it from a CDN otherwise), only
on a page that has a diagram, with no request refused by the Content-Security-Policy and none leaving the site.
Screenshot: docs-state-diagram."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
from playwright.sync_api import Page, expect

from docs_build import ROOT

from .test_browser import no_script_errors, track
from .test_docs_served import refusals

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors"]  # a fixture of test_browser.py, used here by name

PAGE = "contributing/architecture/"
SOURCE = ROOT / "docs" / "contributing" / "architecture.md"
MERMAID = "/docs/assets/javascripts/mermaid/mermaid.min.js"
#: a fence of the page: its diagram's text
FENCE = re.compile(r"^```mermaid\n(?P<body>.*?)^```", re.S | re.M)
#: a state of a state diagram: a word on either side of an arrow, the start and end marker ``[*]`` left out
STATE = re.compile(r"(?:^\s*|-->\s*)(?P<name>[A-Za-z_]\w*)\b", re.M)


def diagrams() -> list[set[str]]:
    """The states of each diagram of the page's source, in the page's order (``stateDiagram-v2`` is no state)."""
    found = [
        {m["name"] for m in STATE.finditer(f["body"])} - {"stateDiagram"} for f in FENCE.finditer(SOURCE.read_text())
    ]
    assert found and all(found), f"no state diagram in {SOURCE}"
    return found


def _texts(node: dict[str, Any]) -> Iterator[str]:
    if node.get("nodeType") == 3:
        yield node["nodeValue"]
    for child in [*node.get("children", []), *node.get("shadowRoots", [])]:
        yield from _texts(child)


def _svgs(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    if node.get("localName") == "svg":
        yield node
        return
    for child in [*node.get("children", []), *node.get("shadowRoots", [])]:
        yield from _svgs(child)


def drawings(page: Page) -> list[str]:
    """The text of each SVG drawn in a ``div.mermaid``, in the page's order. The theme puts each drawing in a
    closed shadow root, which no script of the page can read: the browser's own view of the document can."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
    finally:
        cdp.detach()
    out: list[str] = []

    def walk(node: dict[str, Any]) -> None:
        attributes = node.get("attributes", [])
        classes = dict(zip(attributes[::2], attributes[1::2], strict=True)).get("class", "").split()
        if node.get("localName") == "div" and "mermaid" in classes:
            out.extend(" ".join(_texts(svg)) for svg in _svgs(node))
            return
        for child in [*node.get("children", []), *node.get("shadowRoots", [])]:
            walk(child)

    walk(root)
    return out


def test_the_architecture_pages_state_diagrams_are_drawn_from_the_site_itself(
    page: Page, server_factory: Callable[..., WebServer], site: Path, shot: Callable[..., Path]
) -> None:
    # a process of its own: the site's folder is read from its environment as the app loads
    server = server_factory(env={"ROUNDGAMES_DOCS_SITE": str(site)}, process=True)
    refused = refusals(track(page))
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    off_site: list[str] = []
    page.on("request", lambda r: None if r.url.startswith((server.url + "/", "data:")) else off_site.append(r.url))
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(f"{request.url}: {request.failure}"))

    expected = diagrams()
    page.goto(server.url + "/docs/" + PAGE)
    # The theme replaces each fence (a <pre class="mermaid">) by a <div class="mermaid"> once it is drawn.
    expect(page.locator("div.mermaid")).to_have_count(len(expected))
    expect(page.locator("pre.mermaid")).to_have_count(0)
    drawn = drawings(page)
    assert len(drawn) == len(expected), drawn
    for states, text in zip(expected, drawn, strict=True):
        missing = {state for state in states if not re.search(rf"\b{state}\b", text)}
        assert not missing, f"states not drawn: {missing} in {text!r}"
    for box in (page.locator("div.mermaid").nth(i).bounding_box() for i in range(len(expected))):
        assert box is not None and box["height"] > 200 and box["width"] > 200, box
    page.locator("div.mermaid").first.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -80)")  # the heading above the diagram too
    shot(page, "docs-state-diagram", full_page=False)
    assert server.url + MERMAID in requested

    # A page without a diagram does not load the 3.5 MB of Mermaid.
    requested.clear()
    page.goto(server.url + "/docs/laws/loo/")
    expect(page.locator(".md-content h1")).not_to_be_empty()
    assert requested and server.url + MERMAID not in requested
    assert off_site == [] and failed == [] and refused == []


def test_the_docs_may_style_inline_and_the_table_may_not_while_neither_runs_inline_script(
    server_factory: Callable[..., WebServer], site: Path
) -> None:
    # a process of its own: the site's folder is read from its environment as the app loads
    server = server_factory(env={"ROUNDGAMES_DOCS_SITE": str(site)}, process=True)
    policies = {
        path: dict(
            directive.strip().split(" ", 1)
            for directive in httpx.get(server.url + path, trust_env=False).headers["content-security-policy"].split(";")
        )
        for path in ("/", "/docs/" + PAGE)
    }
    assert policies["/"]["style-src"] == "'self'"
    assert policies["/docs/" + PAGE]["style-src"] == "'self' 'unsafe-inline'"
    for policy in policies.values():
        assert policy["script-src"] == "'self'" and policy["default-src"] == "'self'"
