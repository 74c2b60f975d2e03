"""URLs of the servers that bench/load.py starts: the site's and one more.

`POST /bench/commit/<row>/` is the floor under a move: lock one row of a
bench table (`SELECT ... FOR UPDATE`), update it and commit, through the
same server, middleware and database connection handling as the API, with
no authentication, rules or rendering. bench/loadbench/fixtures.py
creates the table. Only bench/loadbench/server_settings.py points here.
"""

from __future__ import annotations

from django.db import connection, transaction
from django.http import HttpRequest, JsonResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from config.urls import urlpatterns as site_urlpatterns

BENCH_TABLE = "load_bench_row"


@csrf_exempt
@require_POST
def row_commit(request: HttpRequest, row: int) -> JsonResponse:
    """Lock row `row` of the bench table, bump its counter and commit."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"SELECT n FROM {BENCH_TABLE} WHERE id = %s FOR UPDATE", [row])
        cursor.execute(
            f"UPDATE {BENCH_TABLE} SET n = n + 1 WHERE id = %s RETURNING n", [row]
        )
        result = cursor.fetchone()
    if result is None:
        return JsonResponse({"detail": "No such row."}, status=404)
    return JsonResponse({"n": result[0]})


urlpatterns = [path("bench/commit/<int:row>/", row_commit), *site_urlpatterns]
