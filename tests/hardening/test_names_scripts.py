"""Visitor names in scripts that write vowels as combining signs (Devanagari) are names; a name in one script
that looks exactly like another visitor's in another (`јое`, all Cyrillic, beside `joe`) is refused.
Reproduced before the fix: `प्रिया` was refused for its vowel sign, and `/user јое` opened a second visitor
(on a kiosk: offered to choose a PIN) who looks like joe on every screen."""

from __future__ import annotations

import pytest

from museum_tui import config
from museum_tui.conversation.events import UserSwitched
from museum_tui.memory import UserNameError, check_user_name
from museum_tui.memory.usernames import skeleton
from tests.hardening.test_kiosk import asked, bob_visits, choose, kiosk, run, values

DEVANAGARI = ["प्रिया", "सिद्धार्थ", "अनिल", "राजेश"]
CYRILLIC_JOE = "\u0458\u043e\u0435"  # ј о е: three Cyrillic letters


@pytest.mark.parametrize("name", DEVANAGARI)
def test_devanagari_names_with_vowel_signs_are_names(name: str) -> None:
    assert check_user_name(name) == name


@pytest.mark.parametrize("name", ["\u093f\u0905", "-\u093f", "a\u093f", "\u0905\u093f\u0902\u0902\u0902"])
def test_a_sign_on_nothing_or_on_another_script_or_piled_up_is_refused(name: str) -> None:
    with pytest.raises(UserNameError):
        check_user_name(name)


async def test_a_devanagari_visitor_is_saved_and_comes_back() -> None:
    s = kiosk(on=False)
    assert any(isinstance(e, UserSwitched) for e in await run(s, "/user प्रिया"))
    await run(s, "I'm allergic to kiwi")
    await s.aclose()
    assert (config.users_dir() / "प्रिया.toml").exists()
    again = kiosk(on=False)
    await run(again, "/user प्रिया")
    assert "kiwi" in values(again)
    await again.aclose()


def test_the_cyrillic_name_has_the_latin_names_skeleton() -> None:
    assert check_user_name(CYRILLIC_JOE) == CYRILLIC_JOE, "one script: a name in itself"
    assert skeleton(CYRILLIC_JOE) == skeleton("joe") and skeleton("joe") != skeleton("zoe")


async def test_a_look_alike_of_a_saved_visitor_is_refused() -> None:
    s = kiosk(on=False)
    await run(s, "/user joe")
    await run(s, "I'm deaf")
    await s.aclose()
    other = kiosk(on=False)
    refused = asked(await run(other, f"/user {CYRILLIC_JOE}"))
    assert not refused.ok and "looks exactly like another visitor" in refused.text
    assert other.user != CYRILLIC_JOE
    assert any(isinstance(e, UserSwitched) for e in await run(other, "/user joe")), "joe himself still opens"
    await other.aclose()


async def test_a_kiosk_offers_no_pin_for_a_look_alike_of_a_visitor_with_one() -> None:
    s = kiosk()
    asked(await run(s, "/user joe"))
    await choose(s, "2468")  # joe chose a PIN and has said nothing yet: no memory saved
    await s.aclose()
    await bob_visits()
    thief = kiosk()
    refused = asked(await run(thief, f"/user {CYRILLIC_JOE}"))
    assert not refused.ok and refused.kind == "text" and "looks exactly like" in refused.text
    await thief.aclose()
