"""The site's own error pages where Django would not show them.

Django renders 404.html, 403.html, 400.html and 500.html itself when DEBUG
is off. Two cases remain, handled here for pages (never for the JSON API,
whose errors are JSON, nor for static files):

- 405: `require_GET` and `require_POST` answer with an empty body, in any
  mode; a person who opens a form's address gets 405.html instead.
- 404 under DEBUG (`make run`): Django shows its yellow technical page,
  with the URL patterns; the demo shows the site's 404.html instead. 500
  keeps Django's traceback under DEBUG: that one is for the developer.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render

API_PREFIX = "/api/"


class ErrorPageMiddleware:
    """Replace an empty 405 (always) and the technical 404 (DEBUG) with the site's pages."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        status = response.status_code
        if status not in (404, 405) or not _is_page(request, response):
            return response
        if (
            status == 405
            and isinstance(response, HttpResponse)
            and not response.content
        ):
            page = render(request, "405.html", status=405)
            if response.has_header("Allow"):
                page["Allow"] = response["Allow"]
            return page
        if status == 404 and settings.DEBUG:
            return render(request, "404.html", status=404)
        return response


def _is_page(request: HttpRequest, response: HttpResponseBase) -> bool:
    """Whether `response` answers a page request (not the API, nor a file)."""
    path = request.path_info
    static = str(settings.STATIC_URL or "/static/")
    if path.startswith((API_PREFIX, static)) or response.streaming:
        return False
    return response.get("Content-Type", "text/html").startswith("text/html")
