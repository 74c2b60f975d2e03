"""allauth's pages speak the site's words, in English and German (issue 21).

The site says "Log in", "Sign up", "Log out" and "e-mail" ("Anmelden",
"Registrieren", "E-Mail"); allauth's own pages said "Sign In", "Login:",
"Remember Me", "Confirm Email Address" (German "Anmeldung:"). Every page a
person meets on the way in is rendered in both languages, and its visible
text (placeholders included) holds none of allauth's words.
"""

from __future__ import annotations

import html
import re

import pytest
from django.core import mail

pytestmark = pytest.mark.django_db

PASSWORD = "a long and unusual passphrase 42"
CONFIRM_LINK = re.compile(r"https?://[^/\s]+(/accounts/confirm-email/[^\s]+/)")
RESET_LINK = re.compile(r"https?://[^/\s]+(/accounts/password/reset/key/[^\s]+/)")

WRONG = {
    "en": re.compile(
        r"Sign ?In|sign in|Sign Up|Sign Out|sign out|Login:|Remember Me|"
        r"\bemail\b|Email",
    ),
    "de": re.compile(r"Anmeldung|Login|\bEmail\b|eMail|\bE-mail\b"),
}
RIGHT = {"en": ("Log in", "Sign up", "e-mail"), "de": ("Anmelden", "Registrieren")}


def _visible(page: str) -> str:
    """Return the text a person reads: the page's text and placeholders."""
    main = page.split("<main", 1)[1].split("</main>", 1)[0]
    placeholders = " ".join(re.findall(r'placeholder="([^"]*)"', main))
    text = re.sub(r"<[^>]+>", " ", main.split(">", 1)[1])
    return " ".join(html.unescape(f"{text} {placeholders}").split())


def _pages(client_for, alice, language):
    """Yield (name, response) for every page on the way in."""
    client = client_for(HTTP_ACCEPT_LANGUAGE=language)
    yield "login", client.get("/accounts/login/")
    yield "signup", client.get("/accounts/signup/")
    yield "password reset", client.get("/accounts/password/reset/")
    done = client.post("/accounts/password/reset/", {"email": alice.email}, follow=True)
    yield "password reset done", done
    path = RESET_LINK.search(mail.outbox[-1].body).group(1)
    yield "new password", client.get(path, follow=True)
    yield "bad reset link", client.get("/accounts/password/reset/key/1-nonsense/")
    client_for().post(
        "/accounts/signup/",
        {
            "email": f"dora-{language}@example.com",
            "username": f"dora_{language}",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    path = CONFIRM_LINK.search(mail.outbox[-1].body).group(1)
    yield "e-mail confirmation", client.get(path)
    yield "bad confirmation", client.get("/accounts/confirm-email/nonsense/")
    alice.language = language
    alice.save(update_fields=["language"])
    logged_in = client_for(alice, HTTP_ACCEPT_LANGUAGE=language)
    yield "log out", logged_in.get("/accounts/logout/")
    # The two pages the profile links to.
    yield "e-mail addresses", logged_in.get("/accounts/email/")
    yield "change password", logged_in.get("/accounts/password/change/")


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_way_in_speaks_the_sites_words(client_for, alice, language):
    alice.email = "alice@example.com"
    alice.save(update_fields=["email"])
    seen = ""
    for name, response in _pages(client_for, alice, language):
        assert response.status_code == 200, name
        text = _visible(response.content.decode())
        wrong = WRONG[language].findall(text)
        assert not wrong, (name, wrong, text)
        seen += text
    for word in RIGHT[language]:
        assert word in seen


def test_removing_an_address_asks_first(alice_client, settings):
    """allauth's page asked "really remove?" from an inline script, which the
    Content-Security-Policy forbids: the button says its question in
    data-confirm, and the site's own script asks it before the form is sent."""
    page = alice_client.get("/accounts/email/").content.decode()
    remove = re.search(r'<button[^>]*name="action_remove"[^>]*>', page)
    assert remove is not None
    assert 'data-confirm="Do you really want to remove' in remove.group(0)
    assert "<script>" not in page
    script = (settings.BASE_DIR / "static" / "js" / "spielpost.js").read_text()
    assert "dataset?.confirm" in script
    assert "window.confirm" in script


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_way_in_e_mails_speak_the_sites_words(client_for, alice, language):
    """The sign-up confirmation and the new-password e-mails (allauth's own
    said "Please Confirm Your Email Address", "Password Reset Email")."""
    alice.email = "alice@example.com"
    alice.save(update_fields=["email"])
    for _name, _response in _pages(client_for, alice, language):
        pass
    assert len(mail.outbox) >= 2
    for message in mail.outbox:
        # Addresses and links are not words (/accounts/confirm-email/...).
        text = re.sub(r"https?://\S+|\S+@\S+", "", f"{message.subject}\n{message.body}")
        wrong = WRONG[language].findall(text)
        assert not wrong, (message.subject, wrong, text)
    # The sign-up in _pages comes from a browser without a language: English.
    subjects = " ".join(message.subject for message in mail.outbox)
    assert "Please confirm your e-mail address" in subjects
    expected = {"en": "Choose a new password", "de": "Neues Passwort wählen"}
    assert expected[language] in subjects
