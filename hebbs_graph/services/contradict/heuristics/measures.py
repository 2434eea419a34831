"""Nouns that measure rather than count: a number before them gives an amount ("100
years", "5 miles", "45 minutes"), not a count of things ("two kids", "3 dogs").

Which nouns measure is WordNet's (Open English Wordnet, built into ``measures.json`` by
``scripts/lexicon/wordnet.py``): every noun of its time file and every hyponym of "unit
of measurement". Not a list written here.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

TABLE = Path(__file__).with_name("measures.json")


@lru_cache(maxsize=1)
def _words() -> frozenset[str]:
    return frozenset(json.loads(TABLE.read_text())["words"])


@lru_cache(maxsize=8192)
def measures(noun: str) -> bool:
    """``noun`` (singular or a regular plural) is a unit of time or of measurement."""
    words = _words()
    forms = {noun}
    if noun.endswith("ies"):
        forms.add(noun[:-3] + "y")
    if noun.endswith("es"):
        forms.add(noun[:-2])
    if noun.endswith("s"):
        forms.add(noun[:-1])
    return bool(forms & words)
