"""`chat_line_posted`: sent after commit for each new line (kwarg `line`).

The live push (games.broadcast) listens to it, so the chat service does not
import the socket layer.
"""

from __future__ import annotations

from django.dispatch import Signal

chat_line_posted = Signal()
