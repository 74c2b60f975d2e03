from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.core.management import call_command

from accounts.management.commands.demo_accounts import DEMO_PASSWORD
from accounts.models import User

pytestmark = pytest.mark.django_db


def test_creates_verified_demo_players_and_an_admin(capsys):
    call_command("demo_accounts")

    users = {u.username: u for u in User.objects.all()}
    assert set(users) == {"alice", "bob", "carol", "admin"}
    assert users["carol"].language == "de"
    assert users["admin"].is_superuser
    assert users["admin"].is_staff
    assert not users["alice"].is_staff
    assert all(u.check_password(DEMO_PASSWORD) for u in users.values())
    # Verified and primary, or mandatory verification would lock them out.
    assert EmailAddress.objects.filter(verified=True, primary=True).count() == 4
    assert "alice, bob, carol" in capsys.readouterr().out


def test_running_it_twice_changes_nothing(client):
    call_command("demo_accounts")
    alice = User.objects.get(username="alice")
    alice.set_password("changed by alice")
    alice.save()

    call_command("demo_accounts")

    assert User.objects.count() == 4
    assert EmailAddress.objects.count() == 4
    # An existing player's password is left alone.
    assert User.objects.get(username="alice").check_password("changed by alice")


def test_demo_players_can_log_in(client):
    call_command("demo_accounts")

    client.post("/accounts/login/", {"login": "bob", "password": DEMO_PASSWORD})

    assert "_auth_user_id" in client.session
