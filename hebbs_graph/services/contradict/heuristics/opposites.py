"""Opposite values of one attribute said of one subject: "i am married" / "i am single",
"the shop is open" / "the shop is closed", "my sister is alive" / "my sister is dead".

Which words are opposite values is not a list written here: it is WordNet's (Open English
Wordnet, built into ``opposites.json`` by ``scripts/lexicon/wordnet.py``). WordNet keeps
adjectives in clusters, a head and the satellites similar to it, and an antonym between
two heads names one attribute with two opposite values (marital status: "married" /
"unmarried", with "single", "divorced" and "widowed" in the second cluster). Two words
are opposite values when some cluster of one is the antonym of some cluster of the other
and no cluster holds both.

What is read of a statement is its shape: a subject, a copula, maybe a negation, adverbs
or an article, and the adjective (``i am currently single``, ``i m a single woman``, ``the
store is not open``); a verb of becoming before an adjective alone (``we got married``);
or a verb in the past after "i" or "we" whose participle WordNet has as a state (``i
married a model``). Not read: "it", "they", "you" as a subject (whom they mean changes
from one sentence to the next), an adjective with a complement or a clause after it
("allergic to cats", "sure it works"), an -ing word, a function word. A turn of
conversation written ``speaker: text`` says "i" of its speaker, so two speakers' "i" are
two subjects. Two statements change a value when they give one subject opposite
adjectives (neither negated), or the same adjective with a negation on one side only; a
negated adjective and its opposite agree ("i am not married" / "i am single").

The same reading of a subject gives its amounts (``amounts``, ``other_amount``): a number
after a present copula or "turned", in a unit WordNet measures with or none ("i am 56" /
"hello i am 60 years old"), and a count of a thing had ("we have 3 kids" / "we now have 4
kids"): two of one unit, or of one thing counted, are a changed value too.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from hebbs_graph.services.contradict.heuristics.lexicon import BE_FORMS, NEGATIONS
from hebbs_graph.services.contradict.heuristics.measures import measures
from hebbs_graph.services.contradict.heuristics.roles import light
from hebbs_graph.services.contradict.heuristics.side import side
from hebbs_graph.services.contradict.heuristics.text import POSS, SPEAKER, Token, tokenize

TABLE = Path(__file__).with_name("opposites.json")
ARTICLES = frozenset({"a", "an"})
PRONOUNS = frozenset({"i", "we", "he", "she", "they", "it", "you", "this", "that", "there"})
FIRST_PERSON = frozenset({"i", "we", "my", "our"})
# Whom "it", "they" or "you" mean changes from one sentence to the next ("it's great" /
# "it's tough"): only a first person (the speaker) or a noun is a subject kept across texts.
ANAPHORIC = PRONOUNS - {"i", "we"}
# An adjective with a complement relates the subject to something ("allergic to cats",
# "good at chess", "proud of her"): not a value the subject has alone.
COMPLEMENT = frozenset({"to", "of", "about", "at", "for", "from", "by", "than"})
# Between the copula and its adjective, besides a negation, an article and -ly adverbs.
INTENSIFIERS = frozenset({"so", "very", "still", "now", "also", "too", "just", "already", "quite"})
# A verb group before the copula, read past to find its subject ("i have been", "it
# must be"); "been" is a copula after "have".
AUXILIARIES = frozenset(
    {"have", "has", "had", "will", "would", "must", "can", "could", "should", "may", "might"}
    | {"do", "does", "did", "not", "never", "also", "still", "just", "always", "already"}
    | {"really"}
)
COPULAS = frozenset({"am", "is", "are", "was", "were"})
# Verbs of becoming, read as a copula before an adjective alone ("we got married", "he
# became famous"), never before an article ("i got a new car").
BECOME = frozenset({"got", "get", "gets", "became", "become", "becomes"})
# After the adjective, a clause says what it is about ("i am sure it works", "not sure
# what to do"): the adjective is an attitude, not a value.
CLAUSE = frozenset(
    {"that", "what", "how", "why", "whether", "if", "i", "you", "it", "its", "we", "they"}
    | {"he", "she", "this"}
)
# The subject is read no further back than this many words before the copula.
SUBJECT_WORDS = 2

Reading = tuple[tuple[str, ...], str, bool]  # subject, adjective, negated
# subject, the unit (a measuring noun's singular, "" when unsaid), the number
Amount = tuple[tuple[str, ...], str, float]
# Present copulas only: "i was 12 when …" says what held then, not a value now.
PRESENT = frozenset({"am", "is", "are", "m"})
# "we have 3 kids" / "we now have 4 kids": a count of what is had (present only).
HAVE_PRESENT = frozenset({"have", "has"})
# Between a copula and its number ("i am only 12", "i am a 32 year old woman").
BEFORE_NUMBER = frozenset({"a", "an", "only", "just", "almost", "about", "nearly", "over"})


@lru_cache(maxsize=1)
def _table() -> tuple[dict[str, frozenset[int]], frozenset[tuple[int, int]]]:
    data = json.loads(TABLE.read_text())
    words = {w: frozenset(c) for w, c in data["words"].items()}
    return words, frozenset((a, b) for a, b in data["opposite"])


def opposite(a: str, b: str) -> bool:
    """WordNet gives ``a`` and ``b`` opposite values of one attribute."""
    words, pairs = _table()
    ca, cb = words.get(a), words.get(b)
    if not ca or not cb or ca & cb:
        return False
    return any((min(x, y), max(x, y)) in pairs for x in ca for y in cb)


def _spoken(text: str) -> tuple[str, list[Token]]:
    """Who says it (a turn written ``speaker: text``; "" otherwise) and what is said: the
    tokens the classifier read already (``side`` is cached), without the speaker's."""
    match = SPEAKER.match(text)
    if match is None:
        return "", side(text).tokens
    return match.group(1).strip().lower(), side(text).tokens[len(tokenize(match.group(1))) :]


@lru_cache(maxsize=16384)
def readings(text: str) -> frozenset[Reading]:
    """Each (subject, adjective, negated) the text states with a copula."""
    speaker, tokens = _spoken(text)
    words, _ = _table()
    out: set[Reading] = set()
    for i in range(len(tokens)):
        if _past_state(tokens, i, words):
            # "i married a model", "we divorced": the verb's participle is the state
            subject = _subject(tokens, i, speaker)
            if subject is not None:
                out.add((subject, tokens[i].text, False))
            continue
        kind = _copula(tokens, i)
        if kind is None:
            continue
        subject = _subject(tokens, i, speaker)
        if subject is None:
            continue
        negated, j = False, i + 1
        while j < len(tokens) and j <= i + 4:
            w = tokens[j].text
            if w in NEGATIONS:
                negated = True
            elif not (w in ARTICLES or w in INTENSIFIERS or w.endswith("ly")):
                break
            j += 1
        attributive = j > i + 1 and tokens[j - 1].text in ARTICLES
        if attributive and kind == "become":
            continue  # "i got a new car": a thing got, not a state
        if attributive and j + 1 < len(tokens) and tokens[j + 1].text in words:
            j += 1  # "a little tired": the first modifies the second
        if j < len(tokens) and tokens[j].text in words and not tokens[j].proper:
            after = tokens[j + 1].text if j + 1 < len(tokens) else ""
            if after in COMPLEMENT or after in CLAUSE or light(tokens[j]):
                continue
            if tokens[j].text.endswith("ing"):
                continue  # "i have been working": a verb going on, not a value
            out.add((subject, tokens[j].text, negated))
    return frozenset(out)


@lru_cache(maxsize=16384)
def amounts(text: str) -> frozenset[Amount]:
    """Each (subject, unit, number) the text states with a present copula or "turned":
    "i am 56", "hello i am 60 years old", "i m a 32 year old woman", "my son just turned
    6", "the store is 2 miles away" (a unit is a noun WordNet measures with,
    ``measures.py``); or with a present "have" and what is counted: "we now have 4 kids"
    (unit "have:kid", which only the same thing counted matches)."""
    speaker, tokens = _spoken(text)
    words, _ = _table()
    out: set[Amount] = set()
    for i, t in enumerate(tokens):
        having = t.text in HAVE_PRESENT
        if not (having or t.text in PRESENT or t.text == "turned") or i == 0:
            continue
        if t.text == "m" and tokens[i - 1].text != "i":
            continue
        if _negated_before(tokens, i):
            continue  # "i do not have 3 kids"
        subject = _subject(tokens, i, speaker)
        if subject is None:
            continue
        j = i + 1
        while j < len(tokens) and j <= i + 2 and _before_number(tokens[j].text):
            j += 1
        if j + 1 < len(tokens) and tokens[j - 1].text in ARTICLES and tokens[j].text in words:
            j += 1  # "i am a male 45 year old"
        if j >= len(tokens) or (n := tokens[j].number) is None or n.identifier:
            continue
        if n.unit == "year" or (j + 1 < len(tokens) and tokens[j + 1].number is not None):
            continue  # a year dates ("is 2019"), two numbers are a range or a date
        nxt = tokens[j + 1] if j + 1 < len(tokens) else None
        measured = nxt is not None and measures(nxt.text) and not light(nxt)
        if measured and nxt is not None and n.value != 1 and not nxt.text.endswith("s"):
            # "i turned 18 yesterday": a singular noun after a plural number is no unit,
            # unless a compound after an article ("a 22 year old girl")
            measured = any(tokens[k].text in ARTICLES for k in range(i + 1, j))
        unit = n.unit or (_singular(nxt.text) if nxt is not None and measured else "")
        if having:
            if unit or nxt is None or light(nxt) or nxt.number is not None:
                continue  # "has 40" alone, or an amount: what is had must be named
            unit = "have:" + _singular(nxt.text)  # "we have 3 kids": kids counted
        out.add((subject, unit, n.value))
    return frozenset(out)


def _before_number(word: str) -> bool:
    """Between a copula and its number: "a", "only", "already", "finally"."""
    return word in BEFORE_NUMBER or word in INTENSIFIERS or _adverb(word)


def _adverb(word: str) -> bool:
    return word.endswith("ly") and len(word) > 4


def _negated_before(tokens: list[Token], i: int) -> bool:
    """A negation among the three words before ``i``, in its own sentence ("no" is a
    determiner or an answer, never a verb's negation: "no , i m only 12")."""
    for k in range(i - 1, max(i - 4, -1), -1):
        if tokens[k].text in NEGATIONS and tokens[k].text != "no":
            return True
        if tokens[k].opens:
            break
    return False


def _singular(noun: str) -> str:
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun


def other_amount(older: str, newer: str) -> str | None:
    """Where the two texts give one subject two numbers of one unit (or one unsaid):
    "56 / 60 year (i)"; None when they do not."""
    a, b = amounts(older), amounts(newer)
    for subject, unit, x in sorted(a):
        for s2, u2, y in sorted(b):
            counted = unit.startswith("have:") or u2.startswith("have:")
            if s2 == subject and x != y and (unit == u2 or (not counted and not (unit and u2))):
                said = " ".join(w for w in (f"{x:g} / {y:g}", unit or u2) if w)
                return f"{said} ({_named(subject)})"
    return None


def _copula(tokens: list[Token], i: int) -> str | None:
    """ "be" for a copula, "become" for a verb of becoming ("got married", "became
    famous"), None otherwise."""
    w = tokens[i].text
    if w in BECOME:
        return "become"
    if w == "been":
        return "be" if i > 0 and tokens[i - 1].text in {"have", "has", "had"} else None
    if w in COPULAS or (w == "m" and i > 0 and tokens[i - 1].text == "i"):
        return "be"
    return None


def _past_state(tokens: list[Token], i: int, words: dict[str, frozenset[int]]) -> bool:
    """A verb in the past right after "i" or "we" whose participle WordNet has as a state
    ("i married", "we separated")."""
    w = tokens[i].text
    after = tokens[i + 1].text if i + 1 < len(tokens) else ""
    return (
        w.endswith("ed")
        and w in words
        and i > 0
        and tokens[i - 1].text in {"i", "we"}
        and not tokens[i].opens
        and after not in COMPLEMENT  # "i used to ride"
    )


def _subject(tokens: list[Token], i: int, speaker: str) -> tuple[str, ...] | None:
    """What the copula at ``i`` is said of: a pronoun, or the last words before it ("my
    sister", "the store"); a first person is the speaker's."""
    while (
        i > 0
        and not tokens[i].opens
        and (
            tokens[i - 1].text in AUXILIARIES
            or tokens[i - 1].text in INTENSIFIERS
            or (_adverb(tokens[i - 1].text) and i > 1 and tokens[i - 2].text in PRONOUNS)
        )
    ):
        i -= 1  # "i have been", "it must be", "we now have", "i finally turned"
    if tokens[i].opens or i == 0 or tokens[i - 1].text in BE_FORMS:
        return None  # no subject written ("Must be tough"), or "being"
    start = i
    while start > 0 and i - start < SUBJECT_WORDS and not tokens[start].opens:
        start -= 1
        if tokens[start].text in PRONOUNS:
            break
    # Whose it is belongs to the subject: "Acme's budget", "Acme's new budget".
    owner = next((k for k in (start, start - 1) if k > 0 and tokens[k].text == POSS), None)
    if owner is not None:
        start = owner - 1
    words = tuple(t.text for t in tokens[start:i])
    if not words:
        return None
    if words[-1] in PRONOUNS:
        if words[-1] in ANAPHORIC:
            return None
        words = (words[-1],)
    return (speaker, *words) if FIRST_PERSON & set(words) else words


def opposed(older: str, newer: str) -> str | None:
    """Where the two texts give one subject opposite values of one attribute (see the
    module): "married / single (i)"; None when they do not."""
    a, b = readings(older), readings(newer)
    if not a or not b:
        return None
    for subject, x, nx in sorted(a):
        for s2, y, ny in sorted(b):
            if s2 != subject:
                continue
            if (not nx and not ny and opposite(x, y)) or (x == y and nx != ny):
                return f"{'not ' * nx}{x} / {'not ' * ny}{y} ({_named(subject)})"
    return None


def _named(subject: tuple[str, ...]) -> str:
    return " ".join(w for w in subject if w)
