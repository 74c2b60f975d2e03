"""Request and response bodies of the JSON API, declared for its schema.

One module per kind of body; import from here (`games.api.serializers`):

- `fields`: strict fields (a value must be the JSON type the schema says),
  the time control, invitation secret and robot name fields.
- `inputs`: request bodies (create, join, add a robot, submit a move).
- `queries`: query strings (each parameter once, none unknown).
- `matches`: response bodies (a match, its seats and clocks, a game, an error).
- `schema`: schema plumbing (per-game variants as `oneOf` components, and
  each game's declared view, move and legal moves).
"""

from __future__ import annotations

from .fields import (
    BAD_INVITE,
    PRESET_NAMES,
    TIME_CONTROL_SCHEMA,
    InviteField,
    QueryFlagField,
    RobotNameField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    TimeControlField,
)
from .inputs import (
    MatchCreateSchema,
    MatchCreateSerializer,
    MatchJoinSerializer,
    MoveSubmitSerializer,
    RobotAddSerializer,
)
from .matches import (
    STATUS_HELP,
    TO_MOVE_HELP,
    ClockSerializer,
    ErrorSerializer,
    GameSerializer,
    MatchSerializer,
    SeatSerializer,
    TimeControlSerializer,
)
from .queries import (
    REPEATED_PARAMETER,
    UNKNOWN_QUERY_PARAMETER,
    MatchDetailQuerySerializer,
    MatchListQuerySerializer,
    QueryIntegerField,
    QuerySerializer,
)
from .rankings import RankingsQuerySerializer, RankingsSerializer
from .schema import match_create_variants, one_of_components

__all__ = [
    "RankingsQuerySerializer",
    "RankingsSerializer",
    "BAD_INVITE",
    "PRESET_NAMES",
    "REPEATED_PARAMETER",
    "STATUS_HELP",
    "TIME_CONTROL_SCHEMA",
    "TO_MOVE_HELP",
    "UNKNOWN_QUERY_PARAMETER",
    "ClockSerializer",
    "ErrorSerializer",
    "GameSerializer",
    "InviteField",
    "MatchCreateSchema",
    "MatchCreateSerializer",
    "MatchDetailQuerySerializer",
    "MatchJoinSerializer",
    "MatchListQuerySerializer",
    "MatchSerializer",
    "MoveSubmitSerializer",
    "QueryFlagField",
    "QueryIntegerField",
    "QuerySerializer",
    "RobotAddSerializer",
    "RobotNameField",
    "SeatSerializer",
    "StrictBooleanField",
    "StrictCharField",
    "StrictIntegerField",
    "TimeControlField",
    "TimeControlSerializer",
    "match_create_variants",
    "one_of_components",
]
