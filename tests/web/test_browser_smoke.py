"""The browser plumbing alone, without our server: the system Chromium starts, lays out an inline SVG and screenshots it."""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, expect

CARD = """<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>smoke</title></head>
<body style="margin:0;background:#fff">
<svg id="card" xmlns="http://www.w3.org/2000/svg" width="120" height="168" viewBox="0 0 120 168">
  <rect x="2" y="2" width="116" height="164" rx="10" fill="#fff" stroke="#000" stroke-width="2"/>
  <text id="rank" x="14" y="34" font-size="28" font-family="sans-serif" fill="#c00">Q</text>
  <text id="suit" x="60" y="100" font-size="56" font-family="sans-serif" fill="#c00" text-anchor="middle">♥</text>
  <text id="name" x="60" y="150" font-size="14" font-family="sans-serif" text-anchor="middle">Queen of hearts</text>
</svg>
</body></html>
"""

DATA_URL = "data:text/html;charset=utf-8," + urllib.parse.quote(CARD)

EXPECTED = {"phone": (360, 740, True), "desktop": (1280, 800, False)}


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_system_chromium_renders_an_inline_svg(
    size: str, new_context: Callable[..., BrowserContext], shot: Callable[..., Path]
) -> None:
    page = new_context(size).new_page()
    page.goto(DATA_URL)

    width, height, touch = EXPECTED[size]
    assert page.evaluate("[window.innerWidth, window.innerHeight]") == [width, height]
    assert page.evaluate("navigator.maxTouchPoints > 0") is touch

    card = page.locator("#card")
    expect(card).to_be_visible()
    expect(page.locator("#name")).to_have_text("Queen of hearts")
    expect(page.locator("#rank")).to_have_text("Q")
    expect(page.locator("#suit")).to_have_text("♥")
    # The text was laid out with a font: its glyphs have an advance, and the card has its size on the page.
    length = page.evaluate("document.getElementById('name').getComputedTextLength()")
    assert length > 50
    box = card.bounding_box()
    assert box is not None
    assert (box["width"], box["height"]) == (120, 168)

    path = shot(page, f"smoke-svg-{size}")
    assert path.parent.name == "screenshots"
    assert path.parent.parent.name == "build"
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) > 1000
