"""Verifying a match's provably fair randomness (issue 23): the pure checks,
`manage.py verify_match`, the verify page and the stand-alone script."""

from __future__ import annotations

import hashlib
import hmac
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from games import fairness, services
from games.models import Match
from games.selectors.fairness import verify_record
from tests.games.helpers import legal_json, seats_to_move

pytestmark = pytest.mark.django_db

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "verify_match.py"


def _finished_duel(alice, bob) -> Match:
    """A finished 2-seat Toy match: Bob seeds "bob's seed"; each banks after two rolls."""
    match = services.match_create(
        user=alice, game_slug="toy", seats=2, client_seed="alice-seed"
    )
    services.seat_claim(match_id=match.id, user=bob, client_seed="bob's seed")
    users = {0: alice, 1: bob}
    for _ in range(500):
        match.refresh_from_db()
        if match.is_over:
            return match
        seat = min(seats_to_move(match))
        legal = legal_json(match, seat)
        bank = {"kind": "bank"} in legal and match.game_state().pending >= 8
        services.move_submit(
            match_id=match.id,
            user=users[seat],
            move_data={"kind": "bank"} if bank else {"kind": "roll"},
            expected_version=match.version,
        )
    raise AssertionError("the duel did not end")


@pytest.fixture
def duel(alice, bob, toy):
    return _finished_duel(alice, bob)


def _words(key: str, draw: int) -> list[int]:
    # The first block of a draw, by the README's recipe (not the module's).
    digest = hmac.new(
        bytes.fromhex(key), draw.to_bytes(8, "big") + bytes(8), hashlib.sha256
    ).digest()
    return [int.from_bytes(digest[i : i + 8], "big") for i in range(0, 32, 8)]


def _rolls(match: Match) -> list[int]:
    """The faces the stored events show, in order."""
    faces = []
    for move in match.moves.order_by("seq"):
        faces += [e["data"]["face"] for e in move.events if "face" in e["data"]]
    return faces


def test_a_finished_match_passes_every_check(duel):
    checks = fairness.verify(verify_record(duel))

    assert [(c.code, c.ok) for c in checks] == [
        ("commitment", True),
        ("client_seeds", True),
        ("key", True),
        ("replay", True),
        ("final_state", True),
    ]
    key = hmac.new(
        bytes.fromhex(duel.server_seed),
        b"alice-seed\nbob's seed",
        hashlib.sha256,
    ).hexdigest()
    assert checks[2].params["key"] == key


def test_a_wrong_server_seed_fails_the_commitment(duel):
    record = verify_record(duel) | {"server_seed": "00" * 32}
    checks = fairness.verify(record)
    assert [(c.code, c.ok) for c in checks] == [
        ("commitment", False),
        ("client_seeds", True),
    ]


def test_other_client_seeds_fail_the_replay(duel):
    record = verify_record(duel)
    record["client_seeds"] = ["alice-seed", "someone else's"]
    checks = {c.code: c.ok for c in fairness.verify(record)}
    assert checks["client_seeds"] is False
    # Other seeds, another key: the stored rolls do not follow from it.
    assert checks["replay"] is False or checks["final_state"] is False


def test_a_tampered_roll_fails_the_replay(duel):
    record = verify_record(duel)
    event = next(e for m in record["moves"] for e in m["events"] if "face" in e["data"])
    event["data"]["face"] = event["data"]["face"] % 6 + 1
    checks = {c.code: c.ok for c in fairness.verify(record)}
    assert checks["commitment"] is True
    assert checks["replay"] is False


def test_a_running_match_record_holds_no_server_seed(started_match):
    record = verify_record(started_match)
    assert record["server_seed"] == ""
    assert "moves" not in record
    assert "state" not in record
    assert started_match.server_seed not in json.dumps(record)
    assert fairness.verify(record)[0].ok is None


def test_the_command_verifies_a_finished_match(duel, capsys):
    call_command("verify_match", str(duel.id))
    out = capsys.readouterr().out
    assert "commitment: ok" in out
    assert f"Match {duel.id} verified." in out


def test_the_command_refuses_a_running_match_without_its_seed(started_match):
    with pytest.raises(CommandError) as refusal:
        call_command("verify_match", str(started_match.id))
    assert started_match.seed_commitment in str(refusal.value)
    assert started_match.server_seed not in str(refusal.value)


def test_the_command_fails_a_tampered_match(duel):
    Match.objects.filter(id=duel.id).update(seed_commitment="ab" * 32)
    with pytest.raises(CommandError, match="failed verification"):
        call_command("verify_match", str(duel.id))


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_verify_page_of_a_finished_match_shows_seeds_and_checks(
    duel, client, language
):
    with translation.override(language):
        page = client.get(
            f"/matches/{duel.id}/verify/", HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()
    assert duel.server_seed in page
    assert duel.seed_commitment in page
    assert "bob&#x27;s seed" in page
    assert page.count('class="ok"') == 5
    assert 'class="failed"' not in page
    word = {"en": "correct", "de": "stimmt"}[language]
    assert word in page


def test_the_verify_page_of_a_running_match_shows_only_the_commitment(
    started_match, client
):
    page = client.get(f"/matches/{started_match.id}/verify/").content.decode()
    assert started_match.seed_commitment in page
    assert started_match.server_seed not in page
    assert "not over yet" in page
    for seat in started_match.seats.all():
        assert seat.client_seed not in page


def test_the_verify_page_of_a_private_match_is_404_to_strangers(private, carol_client):
    assert carol_client.get(f"/matches/{private.id}/verify/").status_code == 404


def test_the_board_links_the_commitment_to_the_verify_page(started_match, client):
    page = client.get(f"/matches/{started_match.id}/").content.decode()
    assert started_match.seed_commitment in page
    assert f"/matches/{started_match.id}/verify/" in page


def test_the_stand_alone_script_checks_a_finished_match_by_hand(duel, tmp_path):
    record = verify_record(duel)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))

    result = subprocess.run(
        [sys.executable, str(SCRIPT), str(path), "--json", "--draws", "4"],
        capture_output=True,
        text=True,
        check=False,
        # Stand-alone: no project on the path, no Django settings.
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin"},
    )

    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    key = hmac.new(
        bytes.fromhex(duel.server_seed), b"alice-seed\nbob's seed", hashlib.sha256
    ).hexdigest()
    assert report["commitment_ok"] is True
    assert report["commitment"] == duel.seed_commitment
    assert report["key"] == key
    # Draw n is the n-th roll of the match: 1 + the first word mod 6 (no
    # word of these draws is rejected, checked here).
    by_hand = []
    for n in range(4):
        word = _words(key, n)[0]
        assert word < 2**64 - 2**64 % 6
        by_hand.append(1 + word % 6)
    assert [d["dice"] for d in report["draws"]] == [[face] for face in by_hand]
    assert by_hand == _rolls(duel)[:4]


def test_the_stand_alone_script_fails_a_wrong_commitment(duel, tmp_path):
    record = verify_record(duel) | {"seed_commitment": "00" * 32}
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "-"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "commitment: FAILED" in result.stdout
    assert "not replayed" in result.stdout


def test_the_stand_alone_script_shuffles_as_the_engines_do(tmp_path):
    from games.rules import Rng

    key = "5a" * 32
    record = {
        "server_seed": "11" * 32,
        "seed_commitment": fairness.commitment("11" * 32),
        "client_seeds": ["a", "b"],
    }
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "-", "--json", "--deck", "52", "--dice", "0"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(result.stdout)
    key = fairness.key_derive("11" * 32, ["a", "b"])
    for draw in report["draws"]:
        expected, _ = Rng(draws=draw["draw"], key=key).shuffled(range(52))
        assert draw["deck"] == list(expected)


def test_the_pure_module_imports_no_django():
    import ast

    tree = ast.parse((SCRIPT.parents[1] / "games" / "fairness.py").read_text())
    names = [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    ] + [
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    ]
    assert not [n for n in names if n.split(".")[0] in {"django", "rest_framework"}]
    assert not [
        n for n in names if n.startswith("games.") and not n.startswith("games.rules")
    ]


def test_the_scripts_deck_order_is_a_race_deal_as_the_readme_says():
    from games.rules.race import cards
    from games.rules.registry import rules_for

    record = {
        "server_seed": "22" * 32,
        "seed_commitment": fairness.commitment("22" * 32),
        "client_seeds": ["x", "y", "z"],
    }
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "-", "--json", "--draws", "1", "--deck", "60"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        check=True,
    )
    order = json.loads(result.stdout)["draws"][0]["deck"]
    deck = [cards.DECK[i] for i in order]
    race = rules_for("race")
    key = fairness.key_derive("22" * 32, ["x", "y", "z"])
    state = race.new_state(seats=3, options=race.validate_options({}, 3), seed=key)

    for seat in range(3):
        dealt = deck[seat * 14 : (seat + 1) * 14]
        assert sorted(state.hands[seat]) == sorted(dealt)
