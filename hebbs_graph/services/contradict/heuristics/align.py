"""Word-level alignment of two short statement frames (pure, no dependencies).

``opcodes(a, b)`` gives exactly what ``difflib.SequenceMatcher(a=a, b=b,
autojunk=False).get_opcodes()`` gives, by the same algorithm (the longest matching block
first, earliest in ``a``, then earliest in ``b``; then the same on each side of it),
written for frames of a dozen words: no Match objects and no junk handling (there is
none without ``isjunk`` and ``autojunk``). The value signal aligns every neighbour pair
a write finds, and difflib's general machinery was half the classifier's time.
"""

from __future__ import annotations

from collections.abc import Sequence

Opcode = tuple[str, int, int, int, int]


def opcodes(a: Sequence[str], b: Sequence[str]) -> list[Opcode]:
    """How to turn ``a`` into ``b``: (tag, i1, i2, j1, j2) with tag equal, replace,
    delete or insert, as difflib's get_opcodes."""
    positions: dict[str, list[int]] = {}
    for j, word in enumerate(b):
        positions.setdefault(word, []).append(j)
    blocks: list[tuple[int, int, int]] = []
    # A stack, as difflib's queue: texts are checked whole, and a long one with many
    # small matching blocks would nest too deep for recursion.
    todo = [(0, len(a), 0, len(b))]
    while todo:
        alo, ahi, blo, bhi = todo.pop()
        i, j, k = _longest(a, positions, alo, ahi, blo, bhi)
        if k:
            blocks.append((i, j, k))
            if alo < i and blo < j:
                todo.append((alo, i, blo, j))
            if i + k < ahi and j + k < bhi:
                todo.append((i + k, ahi, j + k, bhi))
    blocks.sort()
    out: list[Opcode] = []
    i = j = 0
    for ai, bj, size in _merged(blocks, len(a), len(b)):
        if i < ai and j < bj:
            out.append(("replace", i, ai, j, bj))
        elif i < ai:
            out.append(("delete", i, ai, j, bj))
        elif j < bj:
            out.append(("insert", i, ai, j, bj))
        i, j = ai + size, bj + size
        if size:
            out.append(("equal", ai, i, bj, j))
    return out


def _longest(
    a: Sequence[str],
    positions: dict[str, list[int]],
    alo: int,
    ahi: int,
    blo: int,
    bhi: int,
) -> tuple[int, int, int]:
    """The longest block common to a[alo:ahi] and b[blo:bhi], earliest in a, then in b
    (difflib's find_longest_match without junk)."""
    besti, bestj, bestsize = alo, blo, 0
    runs: dict[int, int] = {}  # j -> length of the match ending at (i - 1, j)
    for i in range(alo, ahi):
        extended: dict[int, int] = {}
        for j in positions.get(a[i], ()):
            if j < blo:
                continue
            if j >= bhi:
                break
            k = extended[j] = runs.get(j - 1, 0) + 1
            if k > bestsize:
                besti, bestj, bestsize = i - k + 1, j - k + 1, k
        runs = extended
    return besti, bestj, bestsize


def _merged(blocks: list[tuple[int, int, int]], la: int, lb: int) -> list[tuple[int, int, int]]:
    """Adjacent blocks joined, and the (la, lb, 0) sentinel at the end."""
    out: list[tuple[int, int, int]] = []
    i1 = j1 = k1 = 0
    for i2, j2, k2 in blocks:
        if i1 + k1 == i2 and j1 + k1 == j2:
            k1 += k2
        else:
            if k1:
                out.append((i1, j1, k1))
            i1, j1, k1 = i2, j2, k2
    if k1:
        out.append((i1, j1, k1))
    out.append((la, lb, 0))
    return out
