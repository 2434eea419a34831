"""The ``Hebbs-Bookmarks`` header: Neo4j bookmarks carried between requests (decision 0030).

Every answer whose request ran a Neo4j transaction names the bookmarks it produced; a
request may send bookmarks back, and its reads (and writes) then wait until the Neo4j
member serving them has applied those transactions. So a client that carries the header
reads its own writes whichever worker, host or cluster member serves it next.

On the wire the value is an HTTP list (RFC 9110 section 5.6.1): comma-separated tokens,
each one bookmark as unpadded base64url of its UTF-8 text. The tokens are opaque to a
client; a list lets it keep the newest without decoding anything (``merge``), and
base64url keeps Neo4j's ``+``, ``/`` and ``=`` out of the header.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable

from hebbs_graph.errors import InvalidInput

HEADER = "Hebbs-Bookmarks"
# A request carries at most this many bookmarks, each token at most MAX_TOKEN characters
# and the whole value at most MAX_VALUE (under nginx's default 8 KiB for a header line).
MAX_BOOKMARKS = 64
MAX_TOKEN = 512
MAX_VALUE = 6 * 1024
# One token: unpadded base64url.
TOKEN_PATTERN = r"[A-Za-z0-9_-]{1,512}"
VALUE_PATTERN = rf"^{TOKEN_PATTERN}(\s*,\s*{TOKEN_PATTERN})*$"
_TOKEN = re.compile(rf"^{TOKEN_PATTERN}$")


def tokens(value: str | None) -> list[str]:
    """The tokens of a header value, in order, repeats dropped (no checks: a client's)."""
    found: list[str] = []
    for part in (value or "").split(","):
        token = part.strip()
        if token and token not in found:
            found.append(token)
    return found


def encode(bookmarks: Iterable[str]) -> str:
    """The header value naming ``bookmarks`` (sorted: the same set, the same value)."""
    return ", ".join(
        sorted(base64.urlsafe_b64encode(b.encode()).decode().rstrip("=") for b in bookmarks)
    )


def decode(value: str | None) -> list[str]:
    """The bookmarks a request sent; a value that is not a list of tokens this API could
    have sent is refused (InvalidInput naming the header)."""
    if value is None or not value.strip():
        return []
    if len(value) > MAX_VALUE:
        raise _refused(f"is {len(value)} characters long; at most {MAX_VALUE} are read")
    found = tokens(value)
    if len(found) > MAX_BOOKMARKS:
        raise _refused(f"names {len(found)} bookmarks; at most {MAX_BOOKMARKS} are read")
    bookmarks = []
    for token in found:
        if not _TOKEN.match(token):
            raise _refused("is not a comma-separated list of base64url tokens")
        try:
            raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
            text = raw.decode("ascii")
        except (binascii.Error, ValueError):
            raise _refused("holds a token that is not a bookmark this API sent") from None
        if not text.isprintable() or not text:
            raise _refused("holds a token that is not a bookmark this API sent")
        bookmarks.append(text)
    return bookmarks


def merge(held: list[str], sent: str | None, received: str | None) -> list[str]:
    """What a client holds after an answer: the tokens it sent are replaced by the ones
    the answer names (they follow them), the others kept (answers to requests in flight
    at once each add theirs). Newest last; at most MAX_BOOKMARKS (the oldest go)."""
    fresh = tokens(received)
    if not fresh:
        return held
    gone = set(tokens(sent)) | set(fresh)
    kept = [t for t in held if t not in gone] + fresh
    return kept[-MAX_BOOKMARKS:]


def _refused(why: str) -> InvalidInput:
    return InvalidInput(f"the {HEADER} header {why}", details={"field": HEADER})
