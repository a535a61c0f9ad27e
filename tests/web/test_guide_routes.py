"""The rules pages through HTTP to a real `roundgames serve`: each form's page with every rule's anchor, its JSON,
the create form's options in words, and a table's rules in words with the address of its page."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import httpx
import pytest

from .webclient import create

if TYPE_CHECKING:
    from conftest import WebServer


def get(server: WebServer, path: str, **more: object) -> httpx.Response:
    return httpx.get(server.url + path, timeout=10, trust_env=False, **more)  # type: ignore[arg-type]


FORMS = [("loo", "three-card"), ("loo", "five-card"), ("loo", "irish"), ("nap", "nap")]


@pytest.mark.parametrize(("game", "form"), FORMS)
def test_each_rules_page_teaches_its_form_with_every_rule_anchored_by_id(
    server: WebServer, game: str, form: str
) -> None:
    got = get(server, f"/rules/{game}/{form}")
    assert got.status_code == 200 and got.headers["content-type"] == "text/html; charset=utf-8"
    body = got.text
    for key in ("deal", "declaring", "play", "payments", "example", "rules"):
        assert f'<section id="{key}">' in body, key
    anchors = re.findall(r'<dt id="([A-Z0-9-a-z]+)">', body)
    prefix = "NAP" if game == "nap" else "LOO"
    assert len(anchors) > 40 and all(a.startswith(prefix) for a in anchors)
    assert re.search(r'data-card="[2-9TJQKA][SHDC]"', body) and "{" not in body.split("<main", 1)[1]
    assert '<script type="module" src="/static/guide.js">' in body


def test_the_json_of_a_page_has_its_sections_rules_and_preset_house_rules(server: WebServer) -> None:
    got = get(server, "/api/rules/loo/five-card").json()
    assert got["title"] == "Five-card Loo" and got["url"] == "/rules/loo/five-card" and got["preset"] == "five-card"
    assert [s["key"] for s in got["sections"]] == ["deal", "declaring", "play", "payments", "example"]
    ids = [r["id"] for group in got["rules"] for r in group["rules"]]
    assert "LOO5-4" in ids and "LOO-PLAY-4" in ids
    assert "Pam is the knave of clubs." in got["house_rules"]


def test_an_unknown_game_or_form_is_a_404_naming_the_valid_ones(server: WebServer) -> None:
    page = get(server, "/rules/loo/four-card")
    assert page.status_code == 404 and "(valid: three-card, five-card, irish)" in page.text
    assert "<script" not in get(server, "/rules/loo/%3Cscript%3E").text  # escaped
    api = get(server, "/api/rules/whist/x")
    assert api.status_code == 404 and "unknown game 'whist'" in api.json()["error"]["message"]
    moved = get(server, "/rules/nap", follow_redirects=False)
    assert moved.status_code == 307 and moved.headers["location"] == "/rules/nap/nap"
    index = get(server, "/rules").text
    assert all(f'href="/rules/{g}/{f}"' in index for g, f in FORMS)


def test_the_options_carry_a_label_and_a_sentence_for_each_choice_beside_the_old_fields(server: WebServer) -> None:
    loo = get(server, "/api/options").json()["games"]["loo"]
    mode = loo["options"]["loo_mode"]
    assert mode["values"] == ["limited", "unlimited", "mixed"] and mode["default"] == "limited" and mode["doc"]
    assert mode["label"] == "Loos" and mode["forms"] == []
    assert {"value": "unlimited", "sentence": "Unlimited loo: a looed player pays the whole pool."} in mode["words"]
    assert loo["options"]["pam"]["forms"] == ["five_card"]
    assert loo["options"]["loo_cap"]["number"] == "A loo costs at most {n} counters."
    assert loo["forms"]["peel"] == "three_card"


def test_a_tables_rules_are_in_words_with_the_address_of_its_page(server: WebServer) -> None:
    made = create(server.url, game="loo", players=3, people=1, options={"loo_mode": "unlimited"})
    info = get(server, f"/api/tables/{made['id']}").json()
    assert info["rules_page"] == "/rules/loo/three-card"
    assert "Unlimited loo: a looed player pays the whole pool. (house rule)" in info["rules"]
    text = "\n".join(info["rules"])
    assert not re.search(r'= "|\bnull\b|\btrue\b|Pam', text)
