"""Notifications (issue 11): the in-site notification centre and the e-mails.

- `services`: `notify` writes the notices (called by the game services at
  their seams, inside their transaction; a new turn rewrites the unread
  "your turn" of its match), marks them read.
- `texts`: what a notice says, in the active language.
- `presence`: whether a person has a page of Spielpost open.
- `schedule`: which notices become e-mails and when (grace period, digest,
  quiet hours), and the sweeps that send them.
- `emails`: composing and sending an e-mail, each recorded
  (`EmailDelivery`) until the mail server took it; `tokens`: one-click
  unsubscribe links.
- `selectors`: the notification page's rows and the API's window; `api`:
  `GET /api/me/notifications/`, `POST /api/me/notifications/read/`.
"""
