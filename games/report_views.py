"""The pages' report form (issue 24, "Reports"): `POST /reports/`.

The small form under a profile and a match page (templates/games/
_report_form.html, rendered by the `report_form` tag) posts here; the
report goes through the same service as `POST /api/reports/`. The person
is sent back to the page they reported from, with a message.
`GET /reports/chat-line/<id>/` is that form for one chat line, reached by
the line's "Report" link; the report keeps the lines around it
(moderation_reports).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import User
from games.chat.selectors import chat_entry_for
from games.exceptions import MatchError
from games.models import ChatLine, Match, Report
from games.selectors import match_visible_to
from games.selectors.profiles import player_by_name
from games.services.moderation_reports import NO_SUCH_PERSON, report_file


@require_POST
@login_required
def report_submit(request: HttpRequest) -> HttpResponse:
    """File the posted report and go back to `next` (a page of this site) with a message."""
    assert isinstance(request.user, User)
    post = request.POST
    back = post.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    try:
        reported = None
        if post.get("player"):
            try:
                reported = player_by_name(name=post["player"])
            except User.DoesNotExist:
                raise MatchError(NO_SUCH_PERSON) from None
        report_file(
            reporter=request.user,
            kind=post.get("kind", ""),
            reason=post.get("reason", ""),
            text=post.get("text", ""),
            reported=reported,
            chat_line_id=_int_or_none(post.get("chat_line")),
            match_id=_int_or_none(post.get("match")),
        )
    except MatchError as refusal:
        messages.error(request, str(refusal.message))
    else:
        messages.success(request, _("Thank you: a moderator will look at your report."))
    return redirect(back)


def _int_or_none(value: str | None) -> int | None:
    """Return `value` as a positive int, or None when it is not one."""
    return int(value) if value and value.isdigit() and len(value) < 12 else None


@login_required
def chat_line_report(request: HttpRequest, line_id: int) -> HttpResponse:
    """Show the report form for chat line `line_id`, the line quoted above it.

    404 for a line the person cannot read (hidden, muted or blocked author,
    a match they may not see or whose chat is for its players) and for
    their own line. The form posts to `report_submit` and comes back to
    the line's match (or the lobby).
    """
    assert isinstance(request.user, User)
    match_id = (
        ChatLine.objects.filter(id=line_id).values_list("match_id", flat=True).first()
    )
    line = chat_entry_for(line_id=line_id, viewer_id=request.user.pk)
    if line is None or line.author_id == request.user.pk:
        raise Http404
    if match_id is not None:
        match = Match.objects.get(id=match_id)
        if not match_visible_to(
            match=match, user=request.user, session=request.session
        ):
            raise Http404
        back = reverse("games:match_detail", kwargs={"match_id": match_id})
    else:
        back = reverse("games:lobby")
    return render(
        request,
        "games/report_chat_line.html",
        {
            "line": line,
            "back": back,
            "shown": True,
            "open": True,
            "kinds": [(Report.Kind.CHAT_LINE, Report.Kind.CHAT_LINE.label)],
            "players": [],
            "reasons": Report.Reason.choices,
            "next": back,
            "chat_line": line.id,
        },
    )
