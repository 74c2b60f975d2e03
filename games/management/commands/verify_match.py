"""Verify a finished match's provably fair randomness (issue 23): `manage.py verify_match <id>`."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games import fairness
from games.models import Match
from games.selectors.fairness import verify_record

MARKS = {True: "ok", False: "FAILED", None: "not checked"}


class Command(BaseCommand):
    help = (
        "Check a finished match: the server seed against its commitment, the "
        "key from the seeds, and a replay of every move from that key."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("match_id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            match = Match.objects.get(id=options["match_id"])
        except Match.DoesNotExist:
            raise CommandError(f"There is no match {options['match_id']}.") from None
        if not match.is_over:
            # The server seed stays secret until the end, here too.
            raise CommandError(
                f"Match {match.id} is still {match.status}: its server seed is "
                f"secret until it ends. Commitment: {match.seed_commitment or '-'}"
            )
        checks = fairness.verify(verify_record(match))
        for check in checks:
            self.stdout.write(
                f"{check.code}: {MARKS[check.ok]}: {check.message % check.params}"
            )
        if any(check.ok is False for check in checks):
            raise CommandError(f"Match {match.id} failed verification.")
        if any(check.ok is None for check in checks):
            raise CommandError(f"Match {match.id} could not be verified.")
        self.stdout.write(self.style.SUCCESS(f"Match {match.id} verified."))
