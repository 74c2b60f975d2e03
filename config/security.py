"""The Content-Security-Policy header of every response.

Pages load only the site's own scripts: no inline script, no inline event
handler, no eval (htmx's `allowEval` is off in templates/_base.html, and
its indicator styles are not injected). Inline styles stay allowed: the
boards place tokens and colour them through `style` attributes.
Django 5.2 has no CSP of its own (it comes in 6.0); settings name the
policy (`CONTENT_SECURITY_POLICY`) and, per path prefix, another one
(`CONTENT_SECURITY_POLICY_BY_PATH`), e.g. for the API's Swagger UI.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase

HEADER = "Content-Security-Policy"


def policy_for(path: str) -> str:
    """Return the policy for a request to `path` ("" for none).

    The longest prefix in CONTENT_SECURITY_POLICY_BY_PATH wins; else
    CONTENT_SECURITY_POLICY.
    """
    by_path: dict[str, str] = getattr(settings, "CONTENT_SECURITY_POLICY_BY_PATH", {})
    for prefix in sorted(by_path, key=len, reverse=True):
        if path.startswith(prefix):
            return by_path[prefix]
    return str(getattr(settings, "CONTENT_SECURITY_POLICY", ""))


class ContentSecurityPolicyMiddleware:
    """Add the Content-Security-Policy header, unless the view set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        policy = policy_for(request.path)
        if policy and HEADER not in response:
            response[HEADER] = policy
        return response
