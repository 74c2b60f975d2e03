"""Limit/offset pages of the JSON API: the links to the next and previous page."""

from __future__ import annotations

from rest_framework.utils.urls import remove_query_param, replace_query_param


def page_links(
    url: str, *, offset: int, limit: int, count: int
) -> dict[str, str | None]:
    """Return `{"next": url | None, "previous": url | None}` for a page.

    `url` is the request's absolute address; the page holds at most `limit`
    of `count` items from `offset` (0-based). The links keep every other
    query parameter, set `limit` and drop `offset` on the first page.
    """
    return {
        "next": _page_url(url, offset + limit, limit)
        if offset + limit < count
        else None,
        "previous": _page_url(url, max(offset - limit, 0), limit)
        if offset > 0
        else None,
    }


def _page_url(url: str, offset: int, limit: int) -> str:
    url = replace_query_param(url, "limit", limit)
    if offset == 0:
        return str(remove_query_param(url, "offset"))
    return str(replace_query_param(url, "offset", offset))
