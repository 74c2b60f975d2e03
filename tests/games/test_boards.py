"""A game's board helpers and static files come from its folder, through one library.

games/templatetags/boards.py calls a game's pure helpers by "<slug>.<name>"
(games/boards.py `board_for`, the game's `BoardHelpers`) and includes the
stylesheets and scripts the game declares. These tests register a
made-up game's helpers and name no real game; the last ones check every
registered game: its files exist, and the platform's templates, template
tags and shared static files never name it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.template import Context, Template, TemplateSyntaxError
from django.template.loader import render_to_string
from django.utils import translation

from games import boards
from games.rules import Message, registry
from games.rules.base.board import BoardHelpers
from tests.games import toy

ROOT = Path(__file__).resolve().parents[2]
SLUG = "made-up"


def _shout(value: object) -> str:
    return str(value).upper()


def _between(a: object, b: object, c: object = "") -> str:
    return f"{a}<{b}>{c}"


@pytest.fixture
def made_up(monkeypatch):
    helpers = BoardHelpers(
        board={"shout": _shout, "between": _between},
        rules_page={
            "points": lambda: {"bonus": 10},
            "yes": lambda _value: Message("Yes"),
        },
        stylesheets=("games/made-up/board.css",),
        scripts=("games/made-up/board.js",),
    )
    # The Toy's entry with these helpers, under a name of its own.
    monkeypatch.setitem(registry.GAMES, SLUG, replace(toy.ENTRY, board=helpers))
    return helpers


def _render(source: str, **context: object) -> str:
    return Template("{% load boards %}" + source).render(Context(context))


def test_a_filter_calls_the_games_helper_by_name(made_up):
    assert _render('{{ word|board:"made-up.shout" }}', word="hi") == "HI"


def test_a_tag_calls_a_helper_with_any_arguments_and_escapes_unless_stored(made_up):
    assert _render('{% board_call "made-up.between" 1 2 3 %}') == "1&lt;2&gt;3"
    assert _render('{% board_call "made-up.between" 1 2 as x %}{{ x|safe }}') == "1<2>"
    assert _render('{% board_call "made-up.points" as n %}{{ n.bonus }}') == "10"


def test_a_message_from_a_helper_is_translated(made_up):
    with translation.override("de"):
        assert _render('{{ 1|board:"made-up.yes" }}') == translation.gettext("Yes")


def test_an_unknown_helper_or_game_is_a_template_error(made_up):
    with pytest.raises(TemplateSyntaxError, match="made-up.nope"):
        _render('{{ 1|board:"made-up.nope" }}')
    with pytest.raises(TemplateSyntaxError, match="no-game.shout"):
        _render('{{ 1|board:"no-game.shout" }}')


def test_the_pages_include_the_games_declared_files_in_order(made_up):
    html = render_to_string("games/_game_assets.html", {"slug": SLUG})

    assert re.findall(r'<link rel="stylesheet" href="([^"]+)">', html) == [
        "/static/games/made-up/board.css"
    ]
    assert re.findall(r'<script src="([^"]+)" defer></script>', html) == [
        "/static/games/made-up/board.js"
    ]


def test_the_rules_page_takes_the_stylesheets_only(made_up):
    html = render_to_string(
        "games/_game_assets.html", {"slug": SLUG, "styles_only": True}
    )

    assert "/static/games/made-up/board.css" in html
    assert "<script" not in html


def test_a_game_without_helpers_gets_no_files():
    assert boards.board_for("no-such-game") == BoardHelpers()
    assert render_to_string("games/_game_assets.html", {"slug": "no-such-game"}) == ""


@pytest.mark.parametrize("slug", registry.game_slugs())
def test_every_declared_file_exists_under_the_games_static_folder(slug):
    helpers = boards.board_for(slug)
    for path in (*helpers.stylesheets, *helpers.scripts):
        assert path.startswith(f"games/{slug}/"), path
        assert finders.find(path), f"{path} is missing"


def _platform_files() -> list[Path]:
    return [
        *sorted((ROOT / "games" / "templatetags").glob("*.py")),
        *sorted((ROOT / "static" / "css").glob("*.css")),
        *sorted((ROOT / "static" / "js").glob("*.js")),
        *sorted((ROOT / "templates" / "games").glob("*.html")),
        ROOT / "templates" / "_base.html",
        ROOT / "games" / "boards.py",
    ]


@pytest.mark.parametrize("slug", registry.game_slugs())
def test_the_platforms_board_files_never_name_a_game(slug):
    names = {slug, slug.replace("-", "_"), registry.rules_for(slug).info.name}
    pattern = re.compile("|".join(re.escape(name) for name in names), re.IGNORECASE)
    for path in _platform_files():
        text = path.read_text()
        found = pattern.search(text)
        assert found is None, f"{path.relative_to(ROOT)} names {found and found[0]!r}"
