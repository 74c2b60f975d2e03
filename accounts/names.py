"""Which names a player may go by: the one check behind sign-up and profile.

A name is shown at the table beside robots' seats ("Robot 2 (Random robot)")
and other players' names, so it must not pass for either, nor for Spielpost's
staff. Names are compared by what they look like, not by their code points:
each is reduced to a key by the Unicode TR39 skeleton (disarm's
`skeleton_key`: NFKC, invisible characters dropped, look-alike letters such
as Cyrillic "а" folded to their Latin prototype, case folded, digits 1 and 0
folded to l and o), with separators and punctuation dropped.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator

import disarm
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from games.rules import registry

from .models import User

INVISIBLE_CHARACTERS = _(
    "Use visible characters only: no control, formatting or invisible ones."
)
NO_LETTER = _("A name needs at least one letter or digit.")
LOOKS_LIKE_A_ROBOT = _("Names that look like a robot's are kept for robots.")
LOOKS_LIKE_STAFF = _("Names that look like Spielpost staff are kept for the team.")
LOOKS_LIKE_A_PLAYER = _("This name looks too much like another player's.")

# General categories that never show as a glyph of their own: controls,
# formatting (zero-width, bidi overrides, soft hyphen), private use,
# surrogates, unassigned code points, line and paragraph separators.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
# Letters, marks and symbols that render as blank space although their
# category says otherwise: Hangul fillers, the combining grapheme joiner,
# Khmer inherent vowels, Mongolian variation selectors, braille blank.
_BLANK_LOOKING = frozenset(
    "\u115f\u1160\u3164\uffa0\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800"
)
_IDEOGRAPHIC_VARIATION_SELECTORS = range(0xE0100, 0xE01F0)

# Robot seats are labelled "Robot <n> (<robot's label>)" (games.models.Seat)
# in every language: names containing these words, in any language the site
# speaks, are refused.
_ROBOT_WORDS = (gettext_noop("Robot"), gettext_noop("free seat"))
# Contained anywhere in a name: rare enough in real names to refuse outright.
_STAFF_PHRASES = ("spielpost", "moderator", "administrator")
# Refused as a word of the name (or the whole name): short words that are
# also parts of ordinary names ("Badminton", "Staffan", "Modest").
_STAFF_WORDS = (
    "admin",
    "administratorin",
    "mod",
    "moderatorin",
    "official",
    "offiziell",
    "staff",
    "support",
    "sysop",
    "system",
    "webmaster",
)
# Capital I and small l look alike in most sans-serif fonts ("AIice" for
# "Alice"), and case folding turns the I into i: i and l count as one letter.
_SAME_LOOK = str.maketrans({"i": "l"})
_WORD = re.compile(r"[^\W\d_]+|\d+")


def player_name_validate(name: str, *, user: User | None = None) -> None:
    """Raise ValidationError unless `name` may be shown as a player's name.

    `name` is a username or display name as typed (forms strip surrounding
    whitespace first). `user` is the player who wants it (None while signing
    up): their own names are not another player's, and staff may use staff
    words. The error's `code` is one of "invisible", "no_letter", "robot",
    "staff" or "player"; its message says which rule the name broke.
    """
    if any(_is_invisible(char) for char in name):
        raise ValidationError(INVISIBLE_CHARACTERS, code="invisible")
    if not any(unicodedata.category(char)[0] in "LN" for char in name):
        raise ValidationError(NO_LETTER, code="no_letter")
    looks = _keys([name])
    if any(phrase in key for key in looks for phrase in _robot_phrases()):
        raise ValidationError(LOOKS_LIKE_A_ROBOT, code="robot")
    if not (user is not None and user.is_staff) and _looks_like_staff(name):
        raise ValidationError(LOOKS_LIKE_STAFF, code="staff")
    if _looks_like_a_player(looks, exclude=user):
        raise ValidationError(LOOKS_LIKE_A_PLAYER, code="player")


# ---------------------------------------------------------------------------
# Helpers


def _is_invisible(char: str) -> bool:
    return (
        unicodedata.category(char) in _INVISIBLE_CATEGORIES
        or char in _BLANK_LOOKING
        or ord(char) in _IDEOGRAPHIC_VARIATION_SELECTORS
    )


def _skeletons(name: str) -> Iterator[str]:
    """Yield the TR39 skeletons of `name` as written and case-folded.

    Both, because the confusables table maps some capitals and not their
    small letters (Greek "Λ" passes for "A", "λ" for nothing).
    """
    for variant in (name, name.casefold()):
        yield disarm.skeleton_key(variant, digit_policy="tr39").translate(_SAME_LOOK)


def _keys(names: Iterable[str]) -> set[str]:
    """Return the names' keys: their skeletons, letters and digits only."""
    return {
        key
        for name in names
        for key in ("".join(_WORD.findall(skeleton)) for skeleton in _skeletons(name))
        if key
    }


def _robot_phrases() -> set[str]:
    """Return the keys of the robots' words and labels in every language."""
    labels = [
        robot.label
        for entry in registry.GAMES.values()
        for robot in entry.robots.values()
    ]
    phrases = []
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            phrases += [
                translation.gettext(msgid) for msgid in (*_ROBOT_WORDS, *labels)
            ]
    return _keys(phrases)


def _looks_like_staff(name: str) -> bool:
    words = _keys(_STAFF_WORDS)
    phrases = _keys(_STAFF_PHRASES)
    for skeleton in _skeletons(name):
        parts = _WORD.findall(skeleton)
        whole = "".join(parts)
        if whole in words or any(part in words for part in parts):
            return True
        if any(phrase in whole for phrase in phrases):
            return True
    return False


def _looks_like_a_player(looks: set[str], *, exclude: User | None) -> bool:
    """Return whether another user's username or display name looks the same.

    Reads every other user's names: sign-ups and profile changes are rare,
    and a stored key would go stale whenever the confusables data changes.
    """
    others = User.objects.all()
    if exclude is not None and exclude.pk is not None:
        others = others.exclude(pk=exclude.pk)
    names = others.values_list("username", "display_name")
    return any(looks & _keys(pair) for pair in names.iterator(chunk_size=2000))
