"""Words, numbers and statement frames: the text side of the heuristic classifier.

Everything here works on whole tokens, never on substrings: "knows" holds no "no".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from hebbs_graph.services.contradict.heuristics.lexicon import (
    BE_CONTRACTING,
    BE_FORMS,
    FRAME_FILLERS,
    FUNCTION_WORDS,
    HAVE_FORMS,
    IDENTIFIER_NOUNS,
    MONTHS,
    NEGATIONS,
    NOT_SUBJECTS,
    NUMBER_WORDS,
    REVISION_MARKERS,
    SETTING_PHRASES,
    STOPWORDS,
    WEEKDAYS,
)

_TOKEN = re.compile(
    # An ISO date ("2024-05-01", "2024-05-01T10:42"): one date, not three numbers.
    r"(?P<date>\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d)?)?)\b"
    r"|(?P<num>[$€£]?\d+(?:,\d{3})*(?:\.\d+)?(?::\d\d)?(?:\s?(?:am|pm)\b|k\b|m\b|bn\b|%|st\b|nd\b|rd\b|th\b)?)"
    # Letters of any script ("École", "Phạm"), then letters and digits.
    r"|(?P<word>[^\W\d_][^\W_]*(?:['’][^\W\d_]+)*(?:-[^\W_]+)*)"
    r"|(?P<punct>[.!?;:#])",
    re.IGNORECASE,
)
# A list's marker before an item: "12. ", "3) ", "(4) ", "[5] ", "#6 ", up to four digits,
# but not a year of 1900-2099 ("2023. Acme was founded." opens a sentence about a year).
_ITEM = r"(?!(?:19|20)\d\d\b)\d{1,4}"
_LIST_MARKER = re.compile(rf"^\s*(?:{_ITEM}[.)]|\({_ITEM}\)|\[{_ITEM}\]|#{_ITEM}[.:)]?)\s+")
# A stamp before a note: a bracketed tag with a number in it ("[2024-05-01]", "[10:42]",
# "(session 3)"), or a date or time followed by a separator ("2024-05-01: ", "10:42 - ").
# It says when or where the note was taken, not what it says.
_STAMP = re.compile(
    r"^\s*(?:[\[(][^\])\n]{0,30}\d[^\])\n]{0,30}[\])]"
    r"|\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d)?)?\s*[:,\-–—]|\d{1,2}:\d\d\s*[:\-–—])\s*"
)
# A note's value after its key, at most ("CEO of Apple: Luiz Inácio Lula da Silva").
MAX_VALUE_WORDS = 6
MAX_VALUE_CHARS = 160
_BE_OR_HAVE = BE_FORMS | HAVE_FORMS
# A turn written ``speaker: text``.
SPEAKER = re.compile(r"^\s*([A-Za-z][\w .'-]{0,40}?):\s")
_CODE = re.compile(r"^[a-z]{1,2}\d+$")
_CURRENCY = {"$": "usd", "€": "eur", "£": "gbp"}
_MULTIPLIER = {"k": 1e3, "m": 1e6, "bn": 1e9}
_SENTENCE_END = {".", "!", "?", ";", ":"}
_TITLES = frozenset({"Mr", "Mrs", "Ms", "Dr", "St", "Jr", "Sr", "Prof", "Mt", "Ft", "Gen", "Col"})
BE = "BE"
POSS = "'s"


@dataclass(frozen=True)
class Number:
    value: float
    unit: str | None  # usd, eur, gbp, %, time, year, date (ISO), or None
    identifier: bool  # "sprint 5": a name, not a measure

    @property
    def canon(self) -> str:
        """The number as written, every digit kept ("1234567": ":g" kept six, so
        1,234,567 and 1,234,568 read as one amount, and two days of one month as one date)."""
        if self.unit == "date":
            return f"date{int(self.value)}"
        return f"{self.unit or ''}{self.value:.15g}"


@dataclass(frozen=True)
class Token:
    text: str  # lowercased; numbers in canonical form
    proper: bool  # a capitalised name (not merely sentence-initial) or an acronym
    number: Number | None = None
    capital: bool = False  # written with a capital, sentence-initial or not
    opens: bool = False  # the first token of a sentence
    asks: bool = False  # the last token of a question


def tokenize(text: str) -> list[Token]:
    """Lowercased tokens with contractions split ("isn't" -> is, not; "Acme's" -> acme, 's),
    without a stamp or a list's marker before the text ("[2024-05-01] …", "12. The CEO of
    Apple is …": they say when the note was taken or count the list, nothing of Apple)."""
    text = _LIST_MARKER.sub("", _STAMP.sub("", text, count=1), count=1)
    tokens: list[Token] = []
    sentence_start = True
    previous_punct = ""
    previous_word = ""
    for match in _TOKEN.finditer(text):
        raw = match.group(0)
        if match.lastgroup == "punct":
            # The stop after an initial or a short title ("Elizabeth A. Fenn", "St. Louis")
            # does not end the sentence.
            abbreviation = raw == "." and (len(previous_word) == 1 or previous_word in _TITLES)
            sentence_start = sentence_start or (raw in _SENTENCE_END and not abbreviation)
            if raw == "?" and tokens:
                tokens[-1] = replace(tokens[-1], asks=True)
            previous_punct = raw
            previous_word = ""
            continue
        previous_word = raw
        first = len(tokens)
        if match.lastgroup == "date":
            date = Number(float(raw[:10].replace("-", "")), "date", False)
            tokens.append(Token(date.canon, False, date))
        elif match.lastgroup == "num":
            after_hash = previous_punct == "#"
            tokens.append(_number_token(raw, tokens, identifier=after_hash))
        else:
            tokens += _word_tokens(raw, sentence_start)
        if sentence_start and first < len(tokens):
            tokens[first] = replace(tokens[first], opens=True)
        sentence_start = False
        previous_punct = ""
    return tokens


@lru_cache(maxsize=65536)
def _word_tokens(raw: str, sentence_start: bool) -> tuple[Token, ...]:
    word = raw.replace("’", "'")
    lower = word.lower()
    proper = (word[0].isupper() and not sentence_start) or (
        word != lower and sum(c.isupper() for c in word) >= 2
    )
    if _CODE.match(lower):  # "Q3", "v2", "p95": names of things, not values
        proper = False
    if lower in NUMBER_WORDS:
        return (Token(str(NUMBER_WORDS[lower]), False, Number(NUMBER_WORDS[lower], None, False)),)
    if lower == "cannot":
        return (Token("can", False), Token("not", False))
    if lower.endswith("n't"):
        base = {"won": "will", "ca": "can", "sha": "shall"}.get(lower[:-3], lower[:-3])
        return (Token(base, False), Token("not", False))
    capital = word[0].isupper()
    base, _, suffix = lower.partition("'")
    if not suffix:
        return (Token(lower, proper, capital=capital),)
    tail = {"re": "are", "ve": "have", "ll": "will", "d": "would", "m": "am"}.get(suffix)
    if suffix == "s":
        tail = "is" if base in BE_CONTRACTING else POSS
    head = Token(base, proper, capital=capital)
    return (head, Token(tail, False)) if tail else (head,)


def _number_token(raw: str, before: list[Token], *, identifier: bool) -> Token:
    text = raw.lower().replace(" ", "")
    unit: str | None = None
    if text[0] in _CURRENCY:
        unit, text = _CURRENCY[text[0]], text[1:]
    if text.endswith(("am", "pm")) or ":" in text:
        value = _minutes_of_day(text)
        number = Number(value, "time", False)
        return Token(number.canon, False, number)
    if text[-2:] in ("st", "nd", "rd", "th"):  # "3rd", "31st": an ordinal
        number = Number(float(text[:-2].replace(",", "")), "ordinal", False)
        return Token(number.canon, False, number)
    scale = 1.0
    for suffix, factor in _MULTIPLIER.items():
        if text.endswith(suffix):
            text, scale = text[: -len(suffix)], factor
    if text.endswith("%"):
        unit, text = "%", text[:-1]
    value = float(text.replace(",", "")) * scale
    if unit is None and 1900 <= value <= 2100 and value.is_integer() and "," not in raw:
        unit = "year"
    identifier = identifier or bool(before and before[-1].text in IDENTIFIER_NOUNS)
    number = Number(value, unit, identifier)
    return Token(number.canon, False, number)


def _minutes_of_day(text: str) -> float:
    pm = text.endswith("pm")
    clock = text.removesuffix("am").removesuffix("pm")
    hours, _, minutes = clock.partition(":")
    hour = int(hours.replace(",", "")) % 12 if text.endswith(("am", "pm")) else int(hours)
    return (hour + (12 if pm else 0)) * 60 + int(minutes or 0)


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A crude suffix stripper, enough to match "approved" with "approve"."""
    w = word.lower()
    for suffix in ("ing", "ed", "es", "s", "ly"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3 and not w.endswith("ss"):
            w = w[: -len(suffix)]
            break
    return w[:-1] if w.endswith("e") and len(w) > 3 else w


def frame_key(token: Token) -> str:
    """A frame token as two frames are aligned on: BE for a copula, names and numbers as
    written, other words stemmed."""
    if token.text in BE_FORMS or token.text == BE:
        return BE
    if token.number is not None or token.proper:
        return token.text
    return stem(token.text)


def is_content(token: Token) -> bool:
    return token.number is None and token.text not in STOPWORDS and token.text != POSS


class Phrases:
    """Phrases of whole words, indexed by their first word (built once, at import: an
    index built or looked up per call cost more than the matching itself)."""

    def __init__(self, phrases: tuple[tuple[str, ...], ...]) -> None:
        self.by_first: dict[str, list[tuple[str, ...]]] = {}
        for phrase in phrases:
            self.by_first.setdefault(phrase[0], []).append(phrase)

    def find(self, words: list[str]) -> list[tuple[int, int]]:
        """(start, end) of every occurrence of any phrase."""
        by_first = self.by_first
        spans: list[tuple[int, int]] = []
        for i, word in enumerate(words):
            for phrase in by_first.get(word, ()):
                if tuple(words[i : i + len(phrase)]) == phrase:
                    spans.append((i, i + len(phrase)))
        return spans


_MARKERS = Phrases(REVISION_MARKERS + SETTING_PHRASES)
_SETTING = Phrases(SETTING_PHRASES)
_USED_TO = Phrases((("used", "to"),))


def unspoken(a: str, b: str) -> tuple[str, str]:
    """Two turns of one speaker (``Caroline: …``) without the speaker's label: whose turn
    it is names no relation the two share ("Caroline: Wow, Mel. That must've been
    breathtaking!" / "Caroline: Wow, Mel! Any more paintings coming up?" say nothing of
    one thing). A label that both texts follow with a value alone is the key of a note and
    names the relation ("CEO of Apple: Tim Cook", "Budget: $50k", "Favorite color: blue"):
    it stays, as do the labels of two speakers' turns and of texts with no label."""
    ma, mb = SPEAKER.match(a), SPEAKER.match(b)
    if ma is None or mb is None or ma.group(1).strip().lower() != mb.group(1).strip().lower():
        return a, b
    ra, rb = a[ma.end() :], b[mb.end() :]
    return (a, b) if _value_alone(ra) and _value_alone(rb) else (ra, rb)


@lru_cache(maxsize=16384)
def _value_alone(text: str) -> bool:
    """A few words that are all a value: names, numbers, content words, no verb "be" or
    "have", no function word, neither exclaimed nor asked ("Jony Ive", "$50k", "navy
    blue"; not "You too!", "Bye Nate!": what one says, not a value one notes)."""
    if len(text) > MAX_VALUE_CHARS or "!" in text or "?" in text:
        return False  # a long text is no value alone: not worth reading it for that
    tokens = tokenize(text)
    return 0 < len(tokens) <= MAX_VALUE_WORDS and all(
        t.number is not None or (is_content(t) and t.text not in _BE_OR_HAVE) for t in tokens
    )


def revision_markers(tokens: list[Token]) -> list[str]:
    """Words that state an update ("used to", "now", "changed to", "extended to", ...)."""
    words = [t.text for t in tokens]
    return sorted({" ".join(words[s:e]) for s, e in marker_spans(tokens)})


def marker_spans(tokens: list[Token]) -> list[tuple[int, int]]:
    """Where the revision markers stand, as (start, end) token positions."""
    return list(_MARKERS.find([t.text for t in tokens]))


def frame(tokens: list[Token], drop: frozenset[str] = frozenset()) -> list[Token]:
    """The statement frame: setting verbs and copulas become BE, fillers go.

    "The office used to be in Berlin" and "The office moved to Munich" both become
    office BE (in) <place>, so they can be compared slot by slot.
    """
    return [t for t, _ in framed(tokens, drop)]


def framed(tokens: list[Token], drop: frozenset[str] = frozenset()) -> list[tuple[Token, int]]:
    """The frame's tokens, each with the position in ``tokens`` it stands for."""
    words = [t.text for t in tokens]
    setting = dict(_SETTING.find(words))
    used_to = {i for i, _ in _USED_TO.find(words)}
    out: list[tuple[Token, int]] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if i in setting:
            out.append((Token(BE, False), i))
            i = setting[i]
            continue
        if i in used_to:
            i += 2
            continue
        if token.text in BE_FORMS:
            out.append((Token(BE, False), i))
        elif token.text not in FRAME_FILLERS and token.text not in drop:
            out.append((token, i))
        i += 1
    return [
        (t, at)
        for n, (t, at) in enumerate(out)
        if not (t.text == BE and n and out[n - 1][0].text == BE)
    ]


# Determiners skipped between "of"/"for" and the name that follows ("for the Acme account").
_DETERMINERS = frozenset({"a", "an", "the", "our", "their", "its", "this", "that"})
MAX_SUBJECT_TOKENS = 3


@dataclass(frozen=True)
class Subjects:
    """Who or what a statement says it is about, by the form that says so. Each holds
    the words (lowercased, as in the frame) of every mention of that form."""

    possessors: frozenset[str]  # "Acme's budget", "the customer's budget"
    named_after: frozenset[str]  # "the budget for Acme", "the budget of the Acme account"
    lead: frozenset[str]  # the name a statement opens with: "Alice Smith works at ..."

    def forms(self) -> tuple[frozenset[str], ...]:
        return (self.possessors, self.named_after, self.lead)

    @property
    def words(self) -> frozenset[str]:
        return self.possessors | self.named_after | self.lead


def _name_like(token: Token) -> bool:
    return token.number is None and token.text not in WEEKDAYS and token.text not in MONTHS


def _capitalised_name(token: Token) -> bool:
    return (token.proper or token.capital) and _name_like(token) and token.text not in STOPWORDS


def subjects(tokens: list[Token]) -> Subjects:
    """The subject mentions of a statement (see ``Subjects``)."""
    possessors: set[str] = set()
    named: set[str] = set()
    lead: set[str] = set()
    for i, token in enumerate(tokens):
        if token.text == POSS and i:
            # The possessor and the capitalised words before it ("Alice Smith's").
            j = i - 1
            possessors.add(tokens[j].text)
            while j > 0 and i - j < MAX_SUBJECT_TOKENS and _capitalised_name(tokens[j - 1]):
                j -= 1
                possessors.add(tokens[j].text)
        elif token.text in ("of", "for"):
            j = i + 1
            while j < len(tokens) and tokens[j].text in _DETERMINERS:
                j += 1
            run: list[str] = []
            while j < len(tokens) and len(run) < MAX_SUBJECT_TOKENS and tokens[j].proper:
                if not _name_like(tokens[j]):
                    break
                run.append(tokens[j].text)
                j += 1
            named.update(run)
    if tokens and _opens_with_name(tokens[0]):
        lead.add(tokens[0].text)
        for token in tokens[1:MAX_SUBJECT_TOKENS]:
            if not token.proper or not _name_like(token):
                break
            lead.add(token.text)
    return Subjects(frozenset(possessors), frozenset(named), frozenset(lead))


def _opens_with_name(token: Token) -> bool:
    """A capitalised first word that is not a function word, time word, adverb or value:
    at the start of a sentence it may be a name ("Alice", "Acme") or a thing
    ("Revenue"), both the subject."""
    text = token.text
    return (
        token.capital
        and _name_like(token)
        and not text.endswith("ly")
        and text not in STOPWORDS
        and text not in FUNCTION_WORDS
        and text not in FRAME_FILLERS
        and text not in NEGATIONS
        and text not in NOT_SUBJECTS
        and text not in BE_FORMS
    )
