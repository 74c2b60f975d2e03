from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_reports_every_component_ok(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {
        "ok": True,
        "database": "ok",
        "channel_layer": "ok",
        "broker": "ok",
    }


def test_answers_503_when_the_database_is_down(client, monkeypatch):
    def down():
        raise ConnectionError("database unreachable")

    monkeypatch.setattr("games.health._database", down)

    response = client.get("/healthz")

    # A load balancer takes the instance out on 503; 200 would hide it.
    assert response.status_code == 503
    body = response.json()
    assert body["ok"] is False
    assert body["database"].startswith("error: ConnectionError")
    assert body["channel_layer"] == "ok"


def test_answers_503_when_the_broker_is_down(client, monkeypatch):
    def down():
        raise OSError("connection refused")

    monkeypatch.setattr("games.health._broker", down)

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["broker"].startswith("error: OSError")


def test_needs_no_login_and_refuses_post(client):
    assert client.post("/healthz").status_code == 405
