"""Neo4j bookmarks taken apart for tests: the transaction a bookmark names, and one that
names a later transaction (a bookmark "from the future", which Neo4j must wait for).

A bookmark of Neo4j 5 and later is ``FB:`` and base64 of PackStream: a list header
holding one entry per database, each the database's 16-byte id, the id of its last
transaction and a list (empty here). That is Neo4j's own format, not a contract; the
tests that use it check it still holds first (``parse``).
"""

from __future__ import annotations

import base64
import struct

from hebbs_graph.models import bookmarks as wire

_INTS = {0xC8: ">b", 0xC9: ">h", 0xCA: ">i", 0xCB: ">q"}


def parse(bookmark: str) -> tuple[bytes, int, bytes]:
    """(the head up to the transaction id, the id, what follows it) of a one-database
    bookmark."""
    prefix, _, body = bookmark.partition(":")
    assert prefix == "FB", bookmark
    raw = base64.b64decode(body)
    assert raw[0] == 0x91, raw.hex()  # one database
    assert raw[1:3] == b"\xcc\x10", raw.hex()  # its 16-byte id
    marker = raw[19]
    if marker < 0x80:
        return raw[:19], marker, raw[20:]
    fmt = _INTS[marker]
    size = struct.calcsize(fmt)
    (tx,) = struct.unpack(fmt, raw[20 : 20 + size])
    return raw[:19], tx, raw[20 + size :]


def tx_id(bookmark: str) -> int:
    return parse(bookmark)[1]


def ahead(bookmark: str, transactions: int) -> str:
    """The bookmark of the transaction ``transactions`` after the one ``bookmark`` names."""
    head, tx, tail = parse(bookmark)
    raw = head + b"\xcb" + struct.pack(">q", tx + transactions) + tail
    return "FB:" + base64.b64encode(raw).decode()


def header(*bookmarks: str) -> dict[str, str]:
    return {wire.HEADER: wire.encode(bookmarks)}


def received(value: str | None) -> list[str]:
    """The bookmarks an answer's header names."""
    return wire.decode(value)
