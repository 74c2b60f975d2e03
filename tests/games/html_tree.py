"""A small HTML tree for page tests: find elements, read their text.

`html_tree(html)` parses a page into `Node`s (tag, attributes, children,
parent). Enough to ask "which buttons are in this column head" or "where
does this symbol sit, and what does a screen reader read around it",
without a browser.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any


class Node:
    """An element: `tag`, `attrs`, `children` (nodes and text), `parent`."""

    def __init__(
        self, tag: str, attrs: dict[str, str | None], parent: Node | None = None
    ) -> None:
        self.tag = tag
        self.attrs = attrs
        self.parent = parent
        self.children: list[Node | str] = []

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def ancestors(self) -> Iterator[Node]:
        """Yield this node, its parent, and so on up to the root."""
        node: Node | None = self
        while node is not None:
            yield node
            node = node.parent

    def descendants(self) -> Iterator[Node]:
        """Yield every element below this node, in page order."""
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.descendants()

    def text(self) -> str:
        """Return the text below this node, whitespace collapsed."""
        parts = [c if isinstance(c, str) else c.text() for c in self.children]
        return " ".join(" ".join(parts).split())

    def spoken(self) -> str:
        """Return the text a screen reader reads: no aria-hidden parts."""
        parts = [
            c if isinstance(c, str) else c.spoken()
            for c in self.children
            if isinstance(c, str) or c.attrs.get("aria-hidden") != "true"
        ]
        return " ".join(" ".join(parts).split())

    def texts(self) -> Iterator[tuple[str, Node]]:
        """Yield (text, parent node) for every text piece below this node."""
        for child in self.children:
            if isinstance(child, str):
                yield child, self
            else:
                yield from child.texts()

    def all(
        self, tag: str | None = None, cls: str | None = None, **attrs: str
    ) -> list[Node]:
        """Return every descendant with `tag`, class `cls` and `attrs` (data_x = data-x)."""
        wanted = {key.replace("_", "-"): value for key, value in attrs.items()}
        return [
            node
            for node in self.descendants()
            if (tag is None or node.tag == tag)
            and (cls is None or cls in node.classes)
            and all(node.attrs.get(k) == v for k, v in wanted.items())
        ]

    def one(self, tag: str | None = None, cls: str | None = None, **attrs: str) -> Node:
        """Return the one descendant that `all` finds; fail on none or several."""
        found = self.all(tag, cls, **attrs)
        assert len(found) == 1, f"expected one {tag}.{cls} {attrs}, found {len(found)}"
        return found[0]

    def moves(self) -> list[Any]:
        """Return the moves the forms below this node post, in page order."""
        return [
            json.loads(i.attrs["value"] or "null")
            for i in self.all("input", name="move")
        ]


class _TreeBuilder(HTMLParser):
    VOID = {"input", "br", "img", "meta", "link", "hr", "source"}

    def __init__(self) -> None:
        super().__init__()
        self.root = Node("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs), parent=self.stack[-1])
        self.stack[-1].children.append(node)
        if tag not in self.VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def html_tree(html: str) -> Node:
    """Return the root of `html` parsed into nodes."""
    builder = _TreeBuilder()
    builder.feed(html)
    return builder.root


def form_data(form: Node) -> dict[str, list[str]]:
    """Return what `form` posts: its inputs, of checkboxes only the ticked ones."""
    data: dict[str, list[str]] = {}
    for field in form.all("input"):
        if field.attrs.get("type") == "checkbox" and "checked" not in field.attrs:
            continue
        data.setdefault(field.attrs["name"] or "", []).append(
            field.attrs["value"] or ""
        )
    return data
