"""Chat at a match and in the lobby (issue 24, Chat).

`services.chat_post` is the one write path for a person's line;
`selectors.chat_page` reads the lines a viewer may read, newest page
first. Plain text: a line is stored as written (control characters made
spaces) and escaped wherever it is shown; links become clickable only for
authors whose account is older than a day (`ChatEntry.links`).
"""
