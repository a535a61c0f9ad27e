"""Names that imitate a Latin name at the table with letters or digits of other scripts, as Unicode's confusables
data (UTS #39) lists them, are refused, naming the characters; so are marks stacked on a letter (whatever their
combining class) and the Khitan small script filler, which nobody sees. A name of another script that imitates no
name at the table sits. Through ``POST /api/tables/{id}/sit``, as the browser sits down (docs/web.md, "Names")."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from roundgames.web.names import MAX_MARKS
from test_web_names import Sit, at_a_table, refusal

#: (the Latin name at the table, its look-alike, the character that makes it one), a script each
LOOK_ALIKES = [
    ("Ann", "\ua4eenn", "U+A4EE LISU LETTER A"),  # ꓮnn
    ("Bob", "\ua4d0ob", "U+A4D0 LISU LETTER BA"),  # ꓐob
    ("Ann", "\u13aann", "U+13AA CHEROKEE LETTER GO"),  # Ꭺnn
    ("Sam", "\u13daam", "U+13DA CHEROKEE LETTER DU"),  # Ꮪam
    ("Otto", "\u0555tto", "U+0555 ARMENIAN CAPITAL LETTER OH"),  # Օtto
    ("John", "Jo\u0570n", "U+0570 ARMENIAN SMALL LETTER HO"),  # Joհn
    ("Otto", "\u2c9etto", "U+2C9E COPTIC CAPITAL LETTER O"),  # Ⲟtto
    ("Pip", "\u2ca2ip", "U+2CA2 COPTIC CAPITAL LETTER RO"),  # Ⲣip
    ("Bob", "B\u0966b", "U+0966 DEVANAGARI DIGIT ZERO"),  # B०b
    ("Bob", "B\u09e6b", "U+09E6 BENGALI DIGIT ZERO"),  # B০b
    ("Bob", "B\u0a66b", "U+0A66 GURMUKHI DIGIT ZERO"),  # B੦b
    ("Bob", "B\u1040b", "U+1040 MYANMAR DIGIT ZERO"),  # B၀b
    ("Ivan", "\ua4f2van", "U+A4F2 LISU LETTER I"),  # ꓲvan: a stroke, as I and l are
    ("Ivan", "\u2d4fvan", "U+2D4F TIFINAGH LETTER YAN"),  # ⵏvan
]


@pytest.mark.parametrize(("first", "name", "what"), LOOK_ALIKES, ids=[w for _, _, w in LOOK_ALIKES])
def test_a_look_alike_from_another_script_is_refused_beside_the_latin_name(
    tmp_path: Path, first: str, name: str, what: str
) -> None:
    async def body(sit: Sit, http: httpx.AsyncClient, table: str) -> None:
        assert (await sit(0, first)).status_code == 200
        error = refusal(await sit(1, name))
        assert error["message"].startswith(f"name: {name!r} looks like {first}'s name at this table (seat 1)")
        assert what in error["message"]
        assert (await sit(1, name.replace(name[0], "Z", 1) + "x")).status_code == 200  # unlike any: it sits

    at_a_table(tmp_path, body)


def test_the_look_alike_sat_first_refuses_the_latin_name_after_it(tmp_path: Path) -> None:
    async def body(sit: Sit, http: httpx.AsyncClient, table: str) -> None:
        assert (await sit(0, "\u13aann")).status_code == 200  # Ꭺnn, Cherokee
        assert "U+13AA CHEROKEE LETTER GO" in refusal(await sit(1, "Ann"))["message"]

    at_a_table(tmp_path, body)


@pytest.mark.parametrize(
    "marks",
    [
        "\u20dd" * (MAX_MARKS + 1),  # enclosing circles: no combining class, still marks
        "\u0489" * (MAX_MARKS + 1),  # Cyrillic millions signs (enclosing)
        "\u0f71\u0f72\u0f7a\u0f7c",  # Tibetan vowel signs, stacked
    ],
)
def test_marks_stacked_on_a_letter_are_refused_whatever_their_class(tmp_path: Path, marks: str) -> None:
    async def body(sit: Sit, http: httpx.AsyncClient, table: str) -> None:
        error = refusal(await sit(0, "Ann" + marks))
        assert f"stacks more than {MAX_MARKS} marks on one letter" in error["message"]

    at_a_table(tmp_path, body)


def test_a_mark_without_a_combining_class_does_not_make_a_name_differ(tmp_path: Path) -> None:
    async def body(sit: Sit, http: httpx.AsyncClient, table: str) -> None:
        assert (await sit(0, "Ann")).status_code == 200
        assert "looks like Ann's name" in refusal(await sit(1, "An\u20ddn"))["message"]  # An⃝n

    at_a_table(tmp_path, body)


def test_the_khitan_filler_is_refused_as_a_character_nobody_sees(tmp_path: Path) -> None:
    async def body(sit: Sit, http: httpx.AsyncClient, table: str) -> None:
        error = refusal(await sit(0, "Ann\U00016fe4"))
        assert "U+16FE4 KHITAN SMALL SCRIPT FILLER" in error["message"] and "nobody can see" in error["message"]

    at_a_table(tmp_path, body)


def test_names_in_other_scripts_that_imitate_nobody_sit(tmp_path: Path) -> None:
    async def body(sit: Sit, http: httpx.AsyncClient, table: str) -> None:
        for seat, name in enumerate(["Ann", "\u0531\u0576\u056b", "\u0905\u0928\u093f\u0932", "\u13a0\u13cf\u13a9"]):
            answer = await sit(seat, name)  # Ann, Անի (Armenian), अनिल (Devanagari), ᎠᏏᎩ (Cherokee)
            assert answer.status_code == 200, answer.text

    at_a_table(tmp_path, body)
