"""Writes to accounts: profile changes and API tokens."""

from __future__ import annotations

from django.db import transaction
from rest_framework.authtoken.models import Token

from .models import User


def api_token_get_or_create(*, user: User) -> Token:
    """Return the user's API token, creating one on first use."""
    token, _ = Token.objects.get_or_create(user=user)
    return token


def api_token_regenerate(*, user: User) -> Token:
    """Replace the user's API token; the old one stops working at once."""
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user)
