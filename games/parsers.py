"""Read JSON that strangers send: the API's bodies and the board's move form.

Python's parser recurses once per nested array or object, so a small body
nested a thousand deep ends in RecursionError (a 500), and anything that
walks the parsed value later recurses as deeply. No move, option set or
request needs more than a few levels, so `loads` refuses deeper text before
parsing it. It also refuses a string holding a lone surrogate (`"\\ud800"`
without its pair): that is no text, and echoing it in an error message
cannot be encoded (a 500). `JSONParser` is the API's JSON parser built on
it (REST_FRAMEWORK DEFAULT_PARSER_CLASSES).

This module must not import rest_framework.views: DRF imports the parser
classes named in its settings while it builds APIView.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Mapping
from typing import IO, Any

from django.utils.translation import gettext_lazy as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError
from rest_framework.parsers import get_encoding  # type: ignore[attr-defined]

# The deepest nesting accepted. A move or a request body has a handful of
# levels; this leaves room without letting anything recurse far.
MAX_DEPTH = 32

# A JSON string (escapes included) or one bracket: brackets inside strings
# are skipped with the string they belong to.
_TOKENS = re.compile(r'"(?:[^"\\]+|\\.)*"|[\[\]{}]', re.DOTALL)

# A UTF-16 surrogate code point. json.loads joins a high and a low escape
# into one character, so any left in a parsed string stands alone.
_SURROGATE = re.compile("[\ud800-\udfff]")


_TOO_DEEP = _("The JSON body is nested more than %(limit)d levels deep.")
_NOT_JSON = _("The body is not valid JSON: %(error)s")
_LONE_SURROGATE = _(
    "The body is not valid JSON: a string holds a lone surrogate "
    "(one half of a UTF-16 pair without the other)."
)


class TooDeep(ValueError):
    """The JSON text nests arrays and objects deeper than allowed."""


class LoneSurrogate(ValueError):
    """A string in the JSON text holds a surrogate escape without its pair."""


def loads(text: str, *, max_depth: int = MAX_DEPTH, strict: bool = True) -> Any:
    """Return the value of the JSON `text`.

    Raises TooDeep when arrays and objects nest more than `max_depth`
    levels, LoneSurrogate when a string or key holds a surrogate without
    its pair (RFC 8259 section 8.2: such a string is not Unicode text), and
    ValueError (json.JSONDecodeError) for any other unreadable text. With
    `strict`, NaN and the infinities are refused too (they are not JSON).
    """
    if _nests_deeper(text, than=max_depth):
        raise TooDeep(f"nested more than {max_depth} levels deep")
    value = json.loads(text, parse_constant=_refuse_constant if strict else None)
    # Fast path: a surrogate arrives only as a \u escape (or raw, which
    # strict UTF-8 decoding never yields).
    if ("\\u" in text or _SURROGATE.search(text)) and _holds_surrogate(value):
        raise LoneSurrogate("a string holds a lone surrogate")
    return value


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, refusing bodies nested more than MAX_DEPTH deep.

    Raises ParseError (a 400 with `detail`) for such a body, as for any
    unreadable one: DRF's own parser recurses into a RecursionError (a 500).
    """

    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        encoding = get_encoding(parser_context or {})
        try:
            text = codecs.getreader(encoding)(stream).read()
            return loads(text, strict=self.strict)
        except TooDeep:
            raise ParseError(_TOO_DEEP % {"limit": MAX_DEPTH}) from None
        except LoneSurrogate:
            raise ParseError(_LONE_SURROGATE) from None
        except ValueError as error:
            raise ParseError(_NOT_JSON % {"error": error}) from None


def _nests_deeper(text: str, *, than: int) -> bool:
    """Return whether `text` nests brackets more than `than` levels deep.

    Exact for valid JSON; for broken text it may count brackets that the
    parser would never reach, which only refuses text that fails anyway.
    """
    # Fast path: no text nests deeper than it has opening brackets.
    if text.count("[") + text.count("{") <= than:
        return False
    depth = 0
    for token in _TOKENS.finditer(text):
        bracket = token.group()
        if bracket in ("[", "{"):
            depth += 1
            if depth > than:
                return True
        elif bracket in ("]", "}"):
            depth -= 1
    return False


def _holds_surrogate(value: Any) -> bool:
    """Return whether any string or key in the parsed `value` holds a surrogate.

    Recurses once per level; `loads` has bounded the depth before.
    """
    if isinstance(value, str):
        return _SURROGATE.search(value) is not None
    if isinstance(value, list):
        return any(_holds_surrogate(item) for item in value)
    if isinstance(value, dict):
        return any(
            _holds_surrogate(key) or _holds_surrogate(item)
            for key, item in value.items()
        )
    return False


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")
