"""Names at a web table (docs/web.md, "Names"): a name is kept in its NFKC form, and one that looks like a name
already at the table (a Cyrillic or Greek look-alike, fullwidth or mathematical letters, combining accents, another
case) is refused, naming the field, the value and whose name it looks like; a name with a character nobody can
see is refused outright. Through ``POST /api/tables/{id}/sit``, as the browser sits down.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from roundgames.web.app import create_app
from roundgames.web.thinking import InlineThinker
from roundgames.web.timing import ManualClock

Sit = Callable[[int, str], Awaitable[httpx.Response]]


def at_a_table(tmp_path: Path, body: Callable[[Sit, httpx.AsyncClient, str], Awaitable[None]]) -> None:
    """Run ``body`` with a way to sit at a new table of six seats for people, and the table's id."""

    async def main() -> None:
        app = create_app(str(tmp_path / "t.sqlite3"), idle_seconds=600, clock=ManualClock(), thinker=InlineThinker())
        server = app.state.server
        await server.open()
        try:
            transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 1234))
            async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
                made = await http.post("/api/tables", json={"game": "loo", "players": 6, "people": 6})
                assert made.status_code == 201, made.text
                table = made.json()["id"]

                async def sit(seat: int, name: str) -> httpx.Response:
                    return await http.post(f"/api/tables/{table}/sit", json={"seat": seat, "name": name})

                await body(sit, http, table)
        finally:
            await server.close()

    asyncio.run(main())


def refusal(answer: httpx.Response) -> dict[str, Any]:
    assert answer.status_code == 400, answer.text
    error: dict[str, Any] = answer.json()["error"]
    assert error["field"] == "name", error
    return error


async def seated_names(http: httpx.AsyncClient, table: str) -> list[str | None]:
    info = (await http.get(f"/api/tables/{table}")).json()
    return [s["name"] for s in info["seats"]]


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("\u0410nn", "U+0410 CYRILLIC CAPITAL LETTER A"),  # Аnn
        ("A\u043dn", "U+043D CYRILLIC SMALL LETTER EN"),  # Aнn: н is no n, but its capital Н is H: not a look-alike
        ("\u0391nn", "U+0391 GREEK CAPITAL LETTER ALPHA"),  # Αnn
        ("\uff21\uff4e\uff4e", None),  # Ａｎｎ, fullwidth: kept as Ann, so it is Ann's name again
        ("\U0001d400\U0001d427\U0001d427", None),  # 𝐀𝐧𝐧, mathematical bold
        ("A\u0301nn", "U+00C1 LATIN CAPITAL LETTER A WITH ACUTE"),  # Ánn with a combining accent (NFKC composes it)
        ("Ãn\u0308n", "U+00C3 LATIN CAPITAL LETTER A WITH TILDE"),
        ("ANN", None),
        ("  Ann ", None),
    ],
)
def test_a_name_that_looks_like_one_at_the_table_is_refused_naming_whose(
    tmp_path: Path, name: str, why: str | None
) -> None:
    async def body(sit: Sit, http: httpx.AsyncClient, table: str) -> None:
        assert (await sit(0, "Ann")).status_code == 200
        answer = await sit(1, name)
        if name == "A\u043dn":  # the Cyrillic small en does not print as n: a name of its own
            assert answer.status_code == 200, answer.text
            return
        error = refusal(answer)
        kept = " ".join(unicodedata.normalize("NFKC", name).split())  # the name as it would be kept
        assert error["message"].startswith(f"name: {kept!r} "), error
        assert "Ann's name at this table (seat 1)" in error["message"], error
        if why is not None:
            assert f"it differs only in {why}" in error["message"], error
        assert (await seated_names(http, table))[1] is None  # nothing changed: seat 2 is still open

    at_a_table(tmp_path, body)


@pytest.mark.parametrize(
    ("name", "what"),
    [
        ("A\u200dnn", "U+200D ZERO WIDTH JOINER"),
        ("\u202eAnn", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("Bob\u2066", "U+2066 LEFT-TO-RIGHT ISOLATE"),
        ("Bo\u00adb", "U+00AD SOFT HYPHEN"),
        ("\u3164", "U+3164 HANGUL FILLER"),
        ("Bob\ufe0f", "U+FE0F VARIATION SELECTOR-16"),
        ("Bo\u034fb", "U+034F COMBINING GRAPHEME JOINER"),
        ("Bob\x07", "U+0007 (a control character)"),
    ],
)
def test_a_name_with_a_character_nobody_can_see_is_refused(tmp_path: Path, name: str, what: str) -> None:
    async def body(sit: Sit, http: httpx.AsyncClient, table: str) -> None:
        error = refusal(await sit(0, name))
        assert error["message"] == (
            f"name: {name!r} holds {what}, which nobody can see: a name is what everybody reads"
        ), error
        assert await seated_names(http, table) == [None] * 6

    at_a_table(tmp_path, body)


def test_names_are_kept_normalised_and_the_table_s_own_labels_are_refused_in_any_form(tmp_path: Path) -> None:
    """Fullwidth and mathematical letters are kept as the plain ones, spaces collapsed; a name that prints as a
    bot's label is refused however it is written; a name of combining marks alone, or with marks stacked on a
    letter, is refused; names of other scripts, and accented names beside unaccented others, sit."""

    async def body(sit: Sit, http: httpx.AsyncClient, table: str) -> None:
        answer = await sit(0, "\uff22\uff4f\uff42\u3000  \U0001d5e6\U0001d5ee\U0001d5ff\U0001d5ff\U0001d5f2")
        assert answer.status_code == 200, answer.text
        assert (await seated_names(http, table))[0] == "Bob Sarre"  # fullwidth and sans-serif bold letters
        for label in ("Ｂｏｔ 3", "Sеat 2", "ѕpectator"):  # fullwidth, a Cyrillic е, a Cyrillic ѕ
            assert "is kept for the table's own labels" in refusal(await sit(1, label))["message"], label
        assert refusal(await sit(1, "\u0301\u0301"))["message"].endswith("has nothing to read")
        stacked = refusal(await sit(1, "Cy\u0301\u0302\u0303"))["message"]
        assert stacked.endswith("stacks more than 2 marks on one letter"), stacked
        for seat, name in enumerate(["Анна", "Zoë", "Δήμητρα", "Chloé"], start=1):
            assert (await sit(seat, name)).status_code == 200, name
        assert refusal(await sit(5, "Chloe"))["message"].startswith("name: 'Chloe' looks like Chloé's name")

    at_a_table(tmp_path, body)


@pytest.mark.parametrize(
    ("first", "name", "why"),
    [
        ("Ivan", "\u04c0van", "U+04C0 CYRILLIC LETTER PALOCHKA"),  # Ӏvan: the palochka is a stroke, as I is
        ("Ivan", "\u01c0van", "U+01C0 LATIN LETTER DENTAL CLICK"),  # ǀvan
        ("Ivan", "lvan", "U+006C LATIN SMALL LETTER L, U+0049 LATIN CAPITAL LETTER I"),
        ("Ivan", "1van", "U+0031 DIGIT ONE, U+0049 LATIN CAPITAL LETTER I"),
        ("Ivan", "|van", "U+007C VERTICAL LINE, U+0049 LATIN CAPITAL LETTER I"),
        ("Bob", "B0b", "U+0030 DIGIT ZERO, U+006F LATIN SMALL LETTER O"),
        ("Al", "AI", "U+0049 LATIN CAPITAL LETTER I, U+006C LATIN SMALL LETTER L"),
        ("Kim", "Kirn", "U+0072 LATIN SMALL LETTER R, U+006E LATIN SMALL LETTER N, U+006D LATIN SMALL LETTER M"),
        ("Kirn", "Kim", "U+006D LATIN SMALL LETTER M, U+0072 LATIN SMALL LETTER R, U+006E LATIN SMALL LETTER N"),
    ],
)
def test_strokes_zero_and_rn_that_print_like_a_name_at_the_table_are_refused_spelling_out_the_difference(
    tmp_path: Path, first: str, name: str, why: str
) -> None:
    """In many fonts I, l, 1, | and the palochka are one upright stroke, 0 is o and rn is m: such a name passes for
    the one at the table, and is refused, the characters that differ spelt out (the reader cannot see them)."""

    async def body(sit: Sit, http: httpx.AsyncClient, table: str) -> None:
        assert (await sit(0, first)).status_code == 200
        error = refusal(await sit(1, name))
        assert error["message"] == (
            f"name: {name!r} looks like {first}'s name at this table (seat 1); it differs only in {why}"
        ), error
        assert (await seated_names(http, table))[1] is None

    at_a_table(tmp_path, body)


def test_the_table_s_labels_are_refused_written_with_strokes_and_rings_and_near_names_still_sit(
    tmp_path: Path,
) -> None:
    """ "B0t 1", "Seat l0" print as the table's own labels; names that merely share letters with others sit."""

    async def body(sit: Sit, http: httpx.AsyncClient, table: str) -> None:
        for label in ("Bot 1", "B0t l", "Seat l0", "Seat |"):
            assert "is kept for the table's own labels" in refusal(await sit(0, label))["message"], label
        for seat, name in enumerate(["Ivan", "Ivana", "Bob", "Bo", "Kim", "Kimi"]):
            assert (await sit(seat, name)).status_code == 200, name
        assert await seated_names(http, table) == ["Ivan", "Ivana", "Bob", "Bo", "Kim", "Kimi"]

    at_a_table(tmp_path, body)
