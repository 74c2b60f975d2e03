"""Rewrite the golden playthrough files (STYLE.md B9); review the diff."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from games.rules.playthrough import PLAYTHROUGHS, playthrough_text
from games.rules.registry import RULES_BY_SLUG, default_robot


class Command(BaseCommand):
    help = (
        "Rewrite tests/games/<slug>/playthrough.txt for every game (or the named ones)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slugs", nargs="*", help="Games to rewrite; default: all.")

    def handle(self, *args: Any, **options: Any) -> None:
        directory = Path(settings.BASE_DIR) / "tests" / "games"
        for slug in options["slugs"] or sorted(PLAYTHROUGHS):
            text = playthrough_text(
                RULES_BY_SLUG[slug], robot=default_robot(slug), **PLAYTHROUGHS[slug]
            )
            # The game's test folder: its slug with underscores (dice_stars).
            path = directory / slug.replace("-", "_") / "playthrough.txt"
            changed = not path.exists() or path.read_text() != text
            path.write_text(text)
            self.stdout.write(f"{path}: {'changed' if changed else 'unchanged'}")
