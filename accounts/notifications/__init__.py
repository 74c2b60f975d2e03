"""Notifications (issue 11): the in-site notification centre and the e-mails.

- `services`: `notify` writes the notices (called by the game services at
  their seams, inside their transaction), marks them read.
- `texts`: what a notice says, in the active language.
- `presence`: whether a person has a page of Spielpost open.
- `schedule`: which notices become e-mails and when (grace period, digest,
  quiet hours), and the sweeps that send them.
- `emails`: composing and sending an e-mail; `tokens`: one-click
  unsubscribe links.
"""
