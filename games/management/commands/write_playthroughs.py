"""Rewrite the golden playthrough files (STYLE.md B9); review the diff."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.rules.playthrough import entry_playthrough_text, playthrough_path
from games.rules.registry import game_entry, game_slugs


class Command(BaseCommand):
    help = (
        "Rewrite tests/games/<slug>/playthrough.txt for every game (or the named ones)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slugs", nargs="*", help="Games to rewrite; default: all.")

    def handle(self, *args: Any, **options: Any) -> None:
        for slug in options["slugs"] or sorted(game_slugs()):
            text = entry_playthrough_text(game_entry(slug))
            path = playthrough_path(slug)
            changed = not path.exists() or path.read_text() != text
            path.write_text(text)
            self.stdout.write(f"{path}: {'changed' if changed else 'unchanged'}")
