"""Turn e-mails keep Race's secrets (moved from tests/accounts/test_emails.py).

The platform's e-mail tests run on the Toy, which hides nothing; that an
e-mail tells the opponent's move but not their drawn card or favourites
needs Race's secrets.
"""

from __future__ import annotations

import pytest

from games import services
from games.models import Match, Notification
from games.rules.race.cards import NAMES
from games.selectors import board_context, match_for_viewer
from tests.accounts import conftest as accounts_conftest
from tests.accounts.emails import duel, email_deliver, email_parts, turn_notice
from tests.games.helpers import legal_json, seats_to_move, state_of

pytestmark = pytest.mark.django_db

Kind = Notification.Kind
# The SMTP server fixture of the e-mail tests.
smtp = accounts_conftest.smtp


def _choose(match, user, position, index):
    services.move_submit(
        match_id=match.id,
        user=user,
        move_data=legal_json(match, position)[index],
        expected_version=match.version,
    )
    match.refresh_from_db()


def _play_phase(alice, bob) -> Match:
    """Return a 2-seat Race in its play phase: alice chose first, bob last (v2)."""
    match = duel(alice, bob, game_slug="race")
    _choose(match, alice, 0, 0)
    # A different pair: the same two favourites for both would deal again.
    _choose(match, bob, 1, 5)
    assert match.version == 2
    return match


def test_the_email_tells_the_opponents_move_but_not_their_drawn_card(smtp, alice, bob):
    match = _play_phase(alice, bob)
    users = {0: alice, 1: bob}
    # Play until a move draws a card: its log has the card for the mover only.
    for _turn in range(40):
        (mover,) = seats_to_move(match)
        _choose(match, users[mover], mover, 0)
        _m, mover_seat = match_for_viewer(match_id=match.id, user=users[mover])
        mover_lines = [
            line
            for entry in board_context(match=match, seat=mover_seat).log
            if entry.seq == match.version
            for line in entry.lines
        ]
        secret = [line for line in mover_lines if line.startswith("You draw")]
        if secret:
            break
    assert secret
    other = 1 - mover
    notice = turn_notice(users[other], match)
    assert notice.params["version"] == match.version

    email_deliver(users[other], [notice.id])

    text, html = email_parts(smtp.messages[0][1])
    assert f"{users[mover].name} plays" in text or "discards" in text
    assert "Your move, " in text
    for line in secret:
        assert line not in text
        assert line not in html


def test_an_email_to_alice_never_names_bobs_secret_favourites(smtp, alice, bob):
    match = _play_phase(alice, bob)
    bobs = [NAMES[knonster] for knonster in state_of(match).favourites[1]]
    params = {"game": "race", "opponents": ["Bob"], "version": 2}
    # The notice of the turn that bob's choice (version 2) began, for each.
    for_alice = Notification.objects.create(
        user=alice, kind=Kind.YOUR_TURN, match=match, params={**params, "seat": 0}
    )
    for_bob = Notification.objects.create(
        user=bob, kind=Kind.YOUR_TURN, match=match, params={**params, "seat": 1}
    )

    email_deliver(alice, [for_alice.id])
    email_deliver(bob, [for_bob.id])

    alice_text, alice_html = email_parts(smtp.messages[0][1])
    bob_text, _html = email_parts(smtp.messages[1][1])
    assert "Bob has chosen their favourites." in alice_text
    for name in bobs:
        assert name not in alice_text
        assert name not in alice_html
    # Bob's own e-mail tells him his choice: the secret is in that move.
    assert all(name in bob_text for name in bobs)
