from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.html import escape
from rest_framework.authtoken.models import Token

from accounts.names import (
    INVISIBLE_CHARACTERS,
    LOOKS_LIKE_A_PLAYER,
    LOOKS_LIKE_A_ROBOT,
    LOOKS_LIKE_STAFF,
)

pytestmark = pytest.mark.django_db


def test_the_profile_page_shows_the_api_token(alice_client, alice):
    response = alice_client.get("/profile/")

    assert response.status_code == 200
    token = Token.objects.get(user=alice)
    assert (
        f'<code class="token" id="api-token">{token.key}</code>'
        in response.content.decode()
    )


def test_the_profile_needs_a_login(client):
    response = client.get("/profile/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_saving_the_profile_stores_name_and_language(alice_client, alice):
    response = alice_client.post(
        "/profile/", {"display_name": "Queen Alice", "language": "de"}
    )

    assert (response.status_code, response["Location"]) == (302, "/profile/")
    alice.refresh_from_db()
    assert alice.display_name == "Queen Alice"
    assert alice.language == "de"


def test_the_site_says_what_it_e_mails_and_the_profile_sets_it(client_for, alice):
    # Issue 11: turn e-mails exist now; the home page says so and the profile
    # offers the settings (the two old flags are gone).
    home = client_for().get("/").content.decode()
    profile = client_for(alice).get("/profile/").content.decode()

    assert "e-mails you when it is your turn" in home
    assert 'id="email"' in profile
    for html in (home, profile):
        assert "email_on_turn" not in html
        assert "email_reminders" not in html


def test_an_invalid_profile_is_shown_again_with_400(alice_client, alice):
    response = alice_client.post(
        "/profile/", {"display_name": "x" * 41, "language": "xx"}
    )

    assert response.status_code == 400
    alice.refresh_from_db()
    assert alice.display_name == "Alice"


def test_regenerating_the_token_replaces_it(alice_client, alice, api_for_token):
    alice_client.get("/profile/")  # creates the first token
    old = Token.objects.get(user=alice).key

    response = alice_client.post("/profile/token/")

    new = Token.objects.get(user=alice).key
    assert response.status_code == 302
    assert new != old
    # The old token stops working at once; the new one works.
    assert api_for_token(old).get("/api/matches/").status_code == 401
    assert api_for_token(new).get("/api/matches/").status_code == 200


def test_regenerating_needs_post(alice_client):
    assert alice_client.get("/profile/token/").status_code == 405


def test_a_german_player_gets_german_pages(client_for, make_user):
    client = client_for(make_user("dora", language="de"))

    html = client.get("/play/").content.decode()

    assert '<html lang="de">' in html
    with translation.override("de"):
        log_out = translation.gettext("Log out")
    # Once the catalogue translates it, the German text must be on the page.
    if log_out != "Log out":
        assert log_out in html
        assert "Log out" not in html


def test_an_english_player_keeps_english_pages_with_a_german_browser(client_for, alice):
    html = client_for(alice, HTTP_ACCEPT_LANGUAGE="de").get("/play/").content.decode()

    assert '<html lang="en">' in html


def test_saving_german_shows_the_next_page_in_german(alice_client):
    response = alice_client.post(
        "/profile/", {"display_name": "", "language": "de"}, follow=True
    )

    assert '<html lang="de">' in response.content.decode()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Robot 3 (Eager robot)", LOOKS_LIKE_A_ROBOT),
        ("Roboter 3 (Eifriger Roboter)", LOOKS_LIKE_A_ROBOT),
        ("Moderator", LOOKS_LIKE_STAFF),
        ("Вob", LOOKS_LIKE_A_PLAYER),  # Cyrillic В, bob's display name
        ("BOB", LOOKS_LIKE_A_PLAYER),
        ("\u3164", INVISIBLE_CHARACTERS),
    ],
)
def test_the_profile_refuses_a_name_that_passes_for_someone_else(
    alice_client, alice, bob, name, message
):
    response = alice_client.post("/profile/", {"display_name": name, "language": "en"})

    assert response.status_code == 400
    assert escape(str(message)) in response.content.decode()
    alice.refresh_from_db()
    assert alice.display_name == "Alice"


def test_the_profile_lets_a_player_look_like_their_own_username(alice_client, alice):
    response = alice_client.post(
        "/profile/", {"display_name": "ALICE", "language": "en"}
    )

    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.display_name == "ALICE"


def test_an_older_name_may_be_kept_while_changing_the_language(alice_client, alice):
    # Given before the check existed; only a new name is checked.
    alice.display_name = "Robot Alice"
    alice.save()

    response = alice_client.post(
        "/profile/", {"display_name": "Robot Alice", "language": "de"}
    )

    assert response.status_code == 302
