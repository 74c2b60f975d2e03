"""Moderation of matches in the Django admin.

The admin reads everything and writes nothing itself: matches, seats and
moves are read-only here, and the moderation actions (abort, extend the
deadline, pause and resume a match; hand a seat to a robot or to another
person) call the services, which push the change to open boards and
enqueue robots like any other write. Each action done is recorded twice:
as a table event of the match (the board log says what happened) and in
the admin's own history (who did it, and when). Reports and sanctions
(issue 24): games/admin/moderation.py, its actions games/admin/actions.py.
"""

from __future__ import annotations

from . import matches, moderation, seats
from .base import ReadOnlyAdmin

__all__ = ["ReadOnlyAdmin", "matches", "moderation", "seats"]
