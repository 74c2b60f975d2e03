"""The German catalogue: complete, well-formed, compiled, and really used.

The .po file is parsed with a tiny reader (no polib dependency). After adding
or changing a marked string, run `manage.py makemessages -l de --no-obsolete`
(ignoring .venv, staticfiles, tests and bench), translate the new entries and
run `manage.py compilemessages`; these tests fail until the German catalogue
and the committed django.mo catch up. A game's own translated texts are
tested in its folder (tests/games/<game>/test_translations.py).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

PO_PATH = Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES" / "django.po"
MO_PATH = PO_PATH.with_suffix(".mo")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]")


@dataclass
class Entry:
    msgid: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False


def _parse_po(text: str) -> list[Entry]:
    """Return the entries of a .po file (header included, msgid "")."""
    entries: list[Entry] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        entry = Entry()
        current: tuple[str, int] | None = None
        for line in block.splitlines():
            line = line.strip()
            if line.startswith("#~"):
                entry.obsolete = True
                continue
            if line.startswith("#,"):
                entry.flags |= {f.strip() for f in line[2:].split(",")}
                continue
            if line.startswith("#") or not line:
                continue
            match = re.match(
                r"^(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])? (\".*\")$", line
            )
            if match:
                keyword, index, value = match.groups()
                current = (keyword, int(index or 0))
                text_value = ast.literal_eval(value)
            else:
                assert current is not None, f"unexpected line in {PO_PATH}: {line!r}"
                text_value = ast.literal_eval(line)
            keyword, index = current
            if keyword == "msgctxt":
                entry.msgctxt = (entry.msgctxt or "") + text_value
            elif keyword == "msgid":
                entry.msgid += text_value
            elif keyword == "msgid_plural":
                entry.msgid_plural = (entry.msgid_plural or "") + text_value
            elif keyword == "msgstr":
                entry.msgstr[index] = entry.msgstr.get(index, "") + text_value
        entries.append(entry)
    return entries


@pytest.fixture(scope="module")
def entries() -> list[Entry]:
    return [e for e in _parse_po(PO_PATH.read_text(encoding="utf-8")) if not e.obsolete]


@pytest.fixture(scope="module")
def messages(entries) -> list[Entry]:
    return [e for e in entries if e.msgid]


def test_header_declares_german(entries):
    header = next(e for e in entries if e.msgid == "")
    text = header.msgstr[0]
    assert "Language: de\n" in text
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in text
    assert "charset=UTF-8" in text
    assert "fuzzy" not in header.flags


def test_catalogue_is_not_empty(messages):
    assert len(messages) > 100


def test_every_msgid_is_translated_and_not_fuzzy(messages):
    problems = []
    for entry in messages:
        if "fuzzy" in entry.flags:
            problems.append(f"fuzzy: {entry.msgid!r}")
        forms = 2 if entry.msgid_plural is not None else 1
        for index in range(forms):
            if not entry.msgstr.get(index, "").strip():
                problems.append(f"empty msgstr[{index}]: {entry.msgid!r}")
    assert not problems, "\n".join(problems)


def test_placeholders_are_kept(messages):
    problems = []
    for entry in messages:
        for index, text in entry.msgstr.items():
            source = entry.msgid_plural if index and entry.msgid_plural else entry.msgid
            if sorted(PLACEHOLDER.findall(text)) != sorted(PLACEHOLDER.findall(source)):
                problems.append(f"{entry.msgid!r} -> {text!r}")
    assert not problems, "\n".join(problems)


def _engine_msgids() -> set[str]:
    """Return every string the rules engines mark with gettext_noop(...)."""
    found: set[str] = set()
    for path in (Path(settings.BASE_DIR) / "games" / "rules").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "gettext_noop"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


def test_every_engine_text_is_in_the_catalogue(messages):
    engine_ids = _engine_msgids()
    # The scan must see both games' texts, or it proves nothing.
    assert "%(player)s plays %(knonster)s +%(steps)d." in engine_ids
    assert "Take the stars" in engine_ids
    known = {entry.msgid for entry in messages}
    assert not sorted(engine_ids - known), "run makemessages and translate"


def test_compiled_catalogue_matches_the_po(messages):
    """django.mo is committed: it must hold every current translation."""
    assert MO_PATH.exists()
    with translation.override("de"):
        stale = [
            entry.msgid
            for entry in messages
            if entry.msgid_plural is None
            and (
                translation.gettext(entry.msgid)
                if entry.msgctxt is None
                else translation.pgettext(entry.msgctxt, entry.msgid)
            )
            != entry.msgstr[0]
        ]
    assert not stale, "run compilemessages: " + repr(stale[:5])


@pytest.mark.django_db
def test_lobby_speaks_german_to_a_german_player(client, make_user):
    user = make_user("dora", display_name="Dora", language="de")
    client.force_login(user)
    html = client.get("/play/").content.decode()
    assert '<html lang="de">' in html
    assert "Spielen" in html
    assert "Neue Partie" in html
    assert "New match" not in html


@pytest.mark.django_db
def test_anonymous_visitor_can_choose_german(client):
    response = client.post(
        "/i18n/setlang/", {"language": "de", "next": "/"}, follow=True
    )
    html = response.content.decode()
    assert "Brettspiele wie per Post." in html
    assert "Anmelden" in html


# `{% translate "text" %}` and `{% translate "text" context "ctx" %}` (also
# with `as name`), in double or single quotes.
TRANSLATE_TAG = re.compile(
    r"""{%\s*(?:translate|trans)\s+(?P<q>["'])(?P<msgid>.*?)(?P=q)"""
    r"""(?:\s+context\s+(?P<cq>["'])(?P<context>.*?)(?P=cq))?"""
)


def test_every_translate_tag_of_the_templates_is_in_the_catalogue(messages):
    # A tag whose msgid (and context) the catalogue lacks shows English to
    # German players; makemessages adds it, but only when someone runs it.
    known = {(e.msgctxt, e.msgid) for e in messages}
    missing, seen = [], 0
    for path in sorted((Path(settings.BASE_DIR) / "templates").rglob("*.html")):
        for match in TRANSLATE_TAG.finditer(path.read_text(encoding="utf-8")):
            seen += 1
            key = (match["context"], match["msgid"])
            if key not in known:
                missing.append(f"{path.name}: {key}")
    # The scan must see the templates' tags, or it proves nothing.
    assert seen > 300
    assert not missing, "not in django.po:\n" + "\n".join(missing)
