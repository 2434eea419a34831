"""What a value's place in its statement says (``change.py`` asks): whose the statement
is, which thing it names, and whether the relation holds one value at a time or
several. Grammar only: articles, copulas, possessives, prepositions, a few words that
add a value ("also", "another"), and the verbs whose objects add up that the slot
rules already keep (``relations.MULTI_VERBS``). Pure."""

from __future__ import annotations

from hebbs_graph.services.contradict.heuristics.lexicon import (
    BE_FORMS,
    FRAME_FILLERS,
    FUNCTION_WORDS,
    HAVE_FORMS,
    STOPWORDS,
)
from hebbs_graph.services.contradict.heuristics.relations import (
    MULTI_VERBS,
    REPLACING,
    SEVERAL_BEFORE,
)
from hebbs_graph.services.contradict.heuristics.side import Side
from hebbs_graph.services.contradict.heuristics.text import BE, POSS, Token

HAVE = HAVE_FORMS | {"having"}
_INDEFINITE = frozenset({"a", "an", "another", "some", "one"})
_JOINING = frozenset({"and", "or"})
# Personal pronouns as subjects: after "and" they open a new clause, not a list's next item.
_SUBJECTS = frozenset({"i", "you", "he", "she", "we", "they", "it"})
_DEFINITE = frozenset({"the", "my", "your", "his", "her", "its", "our", "their", POSS})
# Words that add a value to those already said; grammar, not relations.
_ADDING = frozenset(
    {
        "also",
        "too",
        "another",
        "other",
        "others",
        "additional",
        "additionally",
        "besides",
        "both",
        "including",
        "among",
        "several",
        "various",
        "either",
        "each",
    }
)
# Words between an article and its noun that do not stop the article from being its.
_MODIFIERS_REACH = 3


def light(token: Token) -> bool:
    """A word that carries no claim of its own (an auxiliary, an article, an adverb of
    time, a preposition)."""
    text = token.text
    return text in STOPWORDS or text in FUNCTION_WORDS or text in FRAME_FILLERS or text == BE


def is_subject(side: Side, lo: int, hi: int) -> bool:
    """The span says whose the statement is: a possessor ("Acme's CEO"), the name after
    "of"/"for" that a copula follows ("the CEO of Acme is Ann", "the lead of project
    Apollo is Ann"), or what a statement opens with, unless the rest of it is a definite
    role ("Ann is the CEO of Acme")."""
    words = [t.text for t in side.tokens]
    if hi < len(words) and words[hi] == POSS:
        return True
    if hi < len(words) and words[hi] in BE_FORMS and _after_of(side, lo):
        return True
    if _owner_of_role(side, lo):
        return True  # "Alice is the lead of project <Apollo>": whose lead, not who leads
    before = words[:lo]
    if any(w in BE_FORMS or w in HAVE for w in before):
        return False  # it stands in the predicate
    opening = all(w in _DEFINITE or w in _INDEFINITE for w in before)
    if not opening and not any(w in BE_FORMS for w in words[hi:]):
        return False  # no copula after it: "plays for <FC Barcelona>"
    return not _definite_role_after(words, hi)


def _owner_of_role(side: Side, lo: int) -> bool:
    """The span ends a definite role that a copula gives its subject: "is the lead of
    project <Apollo>", "is the CEO of <Acme>" (one can hold such roles of several)."""
    words = [t.text for t in side.tokens]
    i, nouns = lo - 1, 0
    while i >= 0 and words[i] not in ("of", "for"):
        if side.tokens[i + 1].opens or (light(side.tokens[i]) and words[i] not in _DEFINITE):
            return False
        nouns += 1
        i -= 1
    if i < 2 or nouns > 2:
        return False
    j = i - 1
    while j >= 0 and not light(side.tokens[j]):
        j -= 1
    return j >= 1 and words[j] in ("the", POSS) and words[j - 1] in BE_FORMS


def _after_of(side: Side, lo: int) -> bool:
    """The span follows "of"/"for", past determiners and one or two common nouns."""
    i, nouns = lo - 1, 0
    while i >= 0 and nouns <= 2 and not side.tokens[i + 1].opens:
        t = side.tokens[i]
        if t.text in ("of", "for"):
            return True
        if t.text in _DEFINITE or t.text in _INDEFINITE:
            i -= 1
            continue
        if light(t) or t.proper or t.number is not None:
            return False
        nouns += 1
        i -= 1
    return False


def _definite_role_after(words: list[str], hi: int) -> bool:
    """After the span: a copula and a definite noun phrase right after it: "is the CEO of
    Acme", "is now Acme's CEO", "became the chair" (not "was triaged by the rota")."""
    i = hi
    while i < len(words) and words[i] in STOPWORDS and words[i] not in BE_FORMS:
        i += 1
    if i >= len(words) or words[i] not in BE_FORMS | {"became"}:
        return False
    i += 1
    while i < len(words) and words[i] in ("now", "currently", "still", "also"):
        i += 1
    rest = words[i : i + 2]
    return bool(rest) and (rest[0] in _DEFINITE or (len(rest) == 2 and rest[1] == POSS))


def names_which(side: Side, lo: int, hi: int, kind: str) -> bool:
    """A name or word right before a common noun says which thing it is ("the Q2
    results", "Sprint 5 planning"), not what the thing's value is."""
    if kind.startswith("number:") or hi >= len(side.tokens):
        return False
    if all(light(t) for t in side.tokens[:lo]):
        return False  # what a statement opens with is followed by its verb
    after = side.tokens[hi]
    return not (light(after) or after.proper or after.number or after.text.endswith("ly"))


def replaced(left: Side, right: Side) -> bool:
    """A marker on one side only says a value was replaced, not added ("instead", "no
    longer", "switched to"; "now" alone does not: "Ann now speaks German")."""
    return any(w in REPLACING for m in left.markers ^ right.markers for w in m.split())


def several(side: Side, lo: int, hi: int) -> bool:
    """The wording says the value is one of several true at once."""
    words = [t.text for t in side.tokens]
    if any(w in _ADDING for i, w in enumerate(words) if not lo <= i < hi):
        return True
    if side.tokens[lo].number is None and _adds_up(words, lo):
        return True
    before = words[lo - 1] if lo > 0 else ""
    after = words[hi : hi + 2]
    inside = any(w in _JOINING for w in words[lo:hi])
    joined = bool(after) and after[0] in _JOINING
    clause = len(after) > 1 and after[1] in _SUBJECTS
    if inside or before in _JOINING or (joined and not clause):
        # "offices in Paris and Berlin", "sells in Spain and France"; not a new clause
        # after it ("i am 34 and i work nights").
        return True
    article = _article_before(side.tokens, lo)
    if article is None or words[article] not in _INDEFINITE or side.tokens[lo].number:
        return False
    if article == lo - 1 or all(w not in FUNCTION_WORDS for w in words[article + 1 : lo]):
        # The value heads the indefinite noun phrase: "is a nurse" (one kind of thing it
        # is) is undecided, "has a dog" (one thing it has) is several.
        verb = article - 1
        while verb >= 0 and words[verb] in STOPWORDS and words[verb] not in BE_FORMS:
            verb -= 1
        return verb >= 0 and words[verb] not in BE_FORMS and words[verb] != "became"
    return True  # the value hangs on an indefinite noun: "an office in Lisbon"


def _adds_up(words: list[str], lo: int) -> bool:
    """The value is the object of a verb whose objects add up, right after it or after
    one preposition: "speaks French", "is fluent in German", "ships to Canada",
    "partners with Globex", "has been to Paris" (not "plays for": one team at a time;
    not the agent of a passive, "is owned by Acme": what adds up is what one owns)."""
    i = lo - 1
    while i >= 0 and (words[i] in _INDEFINITE or words[i] in _DEFINITE):
        i -= 1
    if i < 0:
        return False
    if words[i] in MULTI_VERBS:
        return True
    prep = words[i]
    if prep not in FUNCTION_WORDS or prep == "for" or i == 0:
        return False
    if prep == "by" and i >= 2 and words[i - 2] in BE_FORMS:
        return False  # the agent of a passive ("is owned by"): the verb's subject, not its object
    verb = words[i - 1]
    if verb in MULTI_VERBS or verb in SEVERAL_BEFORE.get(prep, ()):
        return True
    return verb == "been" and prep == "to" and i >= 2 and words[i - 2] in HAVE  # visited


def _article_before(tokens: list[Token], lo: int) -> int | None:
    """The article of the noun phrase the value belongs to: a determiner right before it
    ("a dog", "the Democratic Party"), or one whose noun the value hangs on by a
    preposition ("an office in Lisbon", "the city of London"); not one whose noun a verb
    follows ("the team knows")."""
    words = [t.text for t in tokens]
    i = lo - 1
    reach = 0
    preposition = False
    while i >= 0 and reach <= _MODIFIERS_REACH + 1:
        if tokens[i + 1].opens:
            return None  # "… in a year? <Gerd Müller>": another sentence's article
        w = "" if tokens[i].proper else words[i]  # "Elizabeth A. Fenn": an initial
        if w in _INDEFINITE:
            return i
        if w in _DEFINITE:
            return i if i == lo - 1 or preposition else None
        if w in BE_FORMS or w in HAVE:
            return None
        preposition = preposition or w in FUNCTION_WORDS
        reach += w not in FUNCTION_WORDS
        i -= 1
    return None


def single(side: Side, lo: int, hi: int, kind: str) -> bool:
    """The wording says the relation holds one value at a time: the value follows a
    definite noun phrase or a copula, or is a count or an amount."""
    words = [t.text for t in side.tokens]
    if kind.startswith("number:") and not kind.endswith(("time", "year")):
        return True
    article = _article_before(side.tokens, lo)
    if article is not None and words[article] in _DEFINITE:
        # "the city of <London>"; a common word right after "the" is only a noun phrase
        return kind != "word" or article < lo - 1
    if hi < len(words) and _definite_role_after(words, hi):
        return True  # "<value> is the CEO of Acme"
    if kind == "word":
        return False  # "is happy" / "is tired": a copula alone does not say one state
    i = lo - 1
    while i >= 0 and (words[i] in FUNCTION_WORDS or words[i] in ("now", "currently", "still")):
        i -= 1
    return i >= 0 and words[i] in BE_FORMS  # "… is <value>", "… is in <value>"
