from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from accounts import names
from accounts.names import player_name_validate

pytestmark = pytest.mark.django_db


def _refusal(name, **kwargs):
    with pytest.raises(ValidationError) as refused:
        player_name_validate(name, **kwargs)
    return refused.value.code


@pytest.mark.parametrize(
    "name",
    [
        "Robot 2 (Random robot)",
        "Robot 3 (Eager robot)",
        "Robot 4 (Greedy robot)",
        "Roboter 2 (Zufallsroboter)",
        "Gieriger Roboter",
        "Random robot",
        "robot",
        "R0B0T 2",
        "Rоbоt 2",  # Cyrillic о
        "ｒｏｂｏｔ",  # fullwidth
        "Ro-bot",
        "free seat",
        "freier Platz",
    ],
)
def test_names_like_a_robot_seat_are_refused(name):
    assert _refusal(name) == "robot"


@pytest.mark.parametrize(
    "name",
    [
        "admin",
        "Admin",
        "ADMIN 2",
        "аdmin",  # Cyrillic а
        "ad\u0301min",
        "Spielpost",
        "Spielpost-Team",
        "SPlELPOST",
        "The Moderator",
        "Moderatorin Anna",
        "staff",
        "System",
        "Support",
        "Administrator",
    ],
)
def test_names_like_staff_are_refused(name):
    assert _refusal(name) == "staff"


def test_staff_may_use_staff_words(make_user):
    moderator = make_user("mod1", is_staff=True)

    player_name_validate("Moderator Mo", user=moderator)


@pytest.mark.parametrize(
    "name",
    [
        "alice",
        "ALICE",
        "Alice",
        "аlice",  # Cyrillic а
        "ΑLICE",  # Greek Alpha
        "AL1CE",
        "AIice",  # capital I for small l
        "a l i c e",
        "Bob",  # bob's display name
        "B0B",
        "bob",
    ],
)
def test_names_like_another_players_are_refused(alice, bob, name):
    assert _refusal(name) == "player"


def test_a_player_may_keep_looking_like_themselves(alice):
    player_name_validate("ALICE", user=alice)
    player_name_validate("аlice", user=alice)


@pytest.mark.parametrize(
    "name",
    [
        "a\u200bb",  # zero-width space
        "\u202eecila",  # right-to-left override
        "Bob\u2066",  # bidi isolate
        "Ann\x07",  # control character
        "\u3164",  # Hangul filler: a letter that shows nothing
        "\u2800",  # braille blank
        "Ann\u2028Lee",  # line separator
        "\ue000",  # private use
    ],
)
def test_invisible_characters_are_refused(name):
    assert _refusal(name) == "invisible"


@pytest.mark.parametrize("name", ["   ", "\u3000", "...", "-", "!?"])
def test_a_name_needs_a_letter_or_digit(name):
    assert _refusal(name) == "no_letter"


@pytest.mark.parametrize(
    "name",
    [
        "Dora",
        "Dora D.",
        "Jürgen",
        "Борис",
        "李小龙",
        "Badminton Bob",
        "Staffan",
        "Roberta",
        "Modesty",
        "Queen Alice",
        "Systemic Sam",
    ],
)
def test_ordinary_names_pass(alice, bob, name):
    player_name_validate(name)


def test_the_messages_name_the_rule():
    assert str(names.LOOKS_LIKE_A_ROBOT) == (
        "Names that look like a robot's are kept for robots."
    )
    with pytest.raises(ValidationError) as refused:
        player_name_validate("Robot 1")
    assert refused.value.messages == [str(names.LOOKS_LIKE_A_ROBOT)]
