from __future__ import annotations

import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api_for_token():
    def make(key):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        return client

    return make
