"""Tokens handed to unverified accounts before the token endpoint checked them."""

from __future__ import annotations

import importlib

import pytest
from allauth.account.models import EmailAddress
from django.apps import apps
from rest_framework.authtoken.models import Token

pytestmark = pytest.mark.django_db

revocation = importlib.import_module(
    "accounts.migrations.0002_revoke_tokens_of_unverified_accounts"
)


def test_the_migration_revokes_only_tokens_of_unverified_accounts(make_user):
    verified = make_user("vera")
    unverified = make_user("udo")
    EmailAddress.objects.filter(user=unverified).update(verified=False)
    Token.objects.create(user=verified)
    Token.objects.create(user=unverified)

    revocation.revoke(apps, None)

    assert list(Token.objects.values_list("user__username", flat=True)) == ["vera"]


def test_without_mandatory_verification_no_token_is_revoked(make_user, settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "optional"
    unverified = make_user("udo")
    EmailAddress.objects.filter(user=unverified).update(verified=False)
    Token.objects.create(user=unverified)

    revocation.revoke(apps, None)

    assert Token.objects.count() == 1
