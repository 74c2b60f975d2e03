"""Friends and invitations (issue 24): the friends list and inviting into a match.

`invitations`: the one write path for `games.models.Invitation` (send,
accept, decline, withdraw). `selectors`: the friends list (whom a person
follows, who of them is online, their visible open and running matches)
and a person's pending invitations. `views`: the friends page and its
forms. The API's doors are games/api/views/friends.py.
"""
