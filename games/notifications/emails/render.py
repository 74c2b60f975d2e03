"""Rendering an e-mail: the shared layout, plain text and HTML, and its headers.

`message_render` renders a template of templates/notifications/email/ (one
shared layout) with the e-mail's entries (`EmailItem`) and visible
unsubscribe links (`StopLink`) into a message to the person, with the
RFC 8058 one-click unsubscribe headers and those that keep vacation
auto-replies away.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string

from accounts.models import User

from .links import absolute_url, settings_url

TEMPLATES = "notifications/email"


@dataclass(frozen=True, slots=True)
class EmailItem:
    """One entry of an e-mail, already in the person's language.

    `title`: its headline ("Your turn in Race #12"); `text`: one line of
    situation or detail ("" for none); `url`: the absolute link of its
    button, labelled `button`; `seconds_left`: on the person's running
    clock (None: none runs for them), to put the most urgent first.
    """

    title: str
    text: str
    url: str
    button: str
    seconds_left: int | None = None


@dataclass(frozen=True, slots=True)
class StopLink:
    """A visible unsubscribe link of an e-mail: its text and absolute URL."""

    label: str
    url: str


def message_render(
    user: User,
    *,
    template: str,
    subject: str,
    heading: str,
    items: list[EmailItem],
    stops: list[StopLink],
    titled: bool = True,
) -> EmailMultiAlternatives:
    """Render `template` (.txt and .html) into an e-mail to `user`.

    Call with the person's language active. The first of `stops` goes into
    the List-Unsubscribe headers. `titled=False` leaves out the entries'
    titles (one notice: the heading says it already).
    """
    context: dict[str, Any] = {
        "subject": subject,
        "heading": heading,
        "name": user.name,
        "items": items,
        "titled": titled,
        "stops": stops,
        "settings_url": settings_url(),
        "site_url": absolute_url("/"),
        "language": user.language,
    }
    text = _tidy(render_to_string(f"{TEMPLATES}/{template}.txt", context))
    html = render_to_string(f"{TEMPLATES}/{template}.html", context)
    message = EmailMultiAlternatives(
        subject=subject,
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[user.email],
        headers={
            # RFC 8058: mail providers POST "List-Unsubscribe=One-Click" to
            # the HTTPS URL, without cookies; the token authenticates.
            "List-Unsubscribe": f"<{stops[0].url}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            # RFC 3834: no vacation auto-replies to a machine's e-mail.
            "Auto-Submitted": "auto-generated",
            "X-Auto-Response-Suppress": "All",
            "Content-Language": user.language,
        },
    )
    message.attach_alternative(html, "text/html")
    return message


def _tidy(text: str) -> str:
    """Strip the template's trailing spaces and runs of blank lines."""
    lines = [line.rstrip() for line in text.strip().splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)) + "\n"
