"""Word lists of the heuristic contradiction classifier. Pure data, matched on whole words."""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that negate their clause. Contractions are split first ("isn't" -> "is not").
NEGATIONS = _words("neither never no nobody none nor not nothing nowhere without")

# Opposites: each entry is two word families ("|"-separated forms). A pair counts when
# one family appears only in one text and the other family only in the other.
# fmt: off
ANTONYMS: tuple[tuple[str, str], ...] = (
    ("reliable|reliably|reliability", "unreliable|unreliability"),
    ("succeed|succeeded|succeeds|success|successful|successfully", "fail|failed|fails|failure|unsuccessful"),
    ("pass|passed|passes|passing", "fail|failed|fails|failing"),
    ("increase|increased|increases|increasing", "decrease|decreased|decreases|decreasing|reduce|reduced"),
    ("rise|rose|risen|rises|rising", "fall|fell|fallen|falls|falling|drop|dropped"),
    ("grow|grew|grown|growing|growth", "shrink|shrank|shrunk|shrinking|decline|declined"),
    ("safe|safely|safety", "unsafe|dangerous"),
    ("fast|faster|quick|quickly", "slow|slower|slowly"),
    ("accept|accepted|accepts|acceptance", "reject|rejected|rejects|rejection|decline|declined"),
    ("approve|approved|approves|approval", "reject|rejected|deny|denied|disapprove|disapproved"),
    ("available|availability", "unavailable|unavailability"),
    ("high|higher|highest", "low|lower|lowest"),
    ("enable|enabled|enables", "disable|disabled|disables"),
    ("online", "offline"),
    ("open|opened|opens", "closed|close|closes|shut"),
    ("true", "false"),
    ("valid", "invalid"),
    ("win|won|wins|winning", "lose|lost|loses|losing"),
    ("profit|profitable", "loss|unprofitable"),
    ("full", "empty"),
    ("active", "inactive"),
    ("secure|secured", "insecure|unsecured"),
    ("stable", "unstable"),
    ("public", "private"),
    ("correct|right", "incorrect|wrong"),
    ("large|big|bigger|larger", "small|smaller|tiny"),
    ("expensive|costly", "cheap|inexpensive"),
    ("early|earlier", "late|later"),
    ("strong|stronger", "weak|weaker"),
    ("positive", "negative"),
    ("good|better|best", "bad|worse|worst"),
    ("agree|agrees|agreed", "disagree|disagrees|disagreed"),
    ("support|supports|supported", "oppose|opposes|opposed"),
    ("present", "absent"),
    ("allow|allowed|allows|permitted", "forbid|forbidden|prohibit|prohibited|ban|banned|block|blocked"),
    ("include|included|includes", "exclude|excluded|excludes"),
    ("legal", "illegal"),
    ("experienced", "inexperienced"),
    ("healthy", "sick|ill|unhealthy"),
    ("happy|satisfied", "unhappy|dissatisfied|unsatisfied"),
    ("always", "never"),
    ("mandatory|required", "optional"),
    ("start|started|starts", "stop|stopped|stops"),
    ("hire|hired", "fire|fired|lay"),
    ("buy|bought|buys", "sell|sold|sells"),
    ("easy|easier", "difficult|hard|harder"),
    ("improve|improved|improves", "worsen|worsened|degrade|degraded"),
    ("maximum|max", "minimum|min"),
    ("remote", "onsite|in-office"),
    ("permanent", "temporary"),
    ("encrypted", "unencrypted|plaintext"),
    ("compliant", "noncompliant|non-compliant"),
    ("alive", "dead"),
    ("up", "down"),
)
# fmt: on

# Prefixes that turn a word into its opposite ("available" / "unavailable"), for words
# not in the list above. The stem must be this long so "do" / "undo" style noise stays out.
NEGATING_PREFIXES = ("un", "in", "im", "il", "ir", "dis", "non", "non-")
MIN_PREFIXED_STEM = 5

# Markers that an update, not a clash, is being stated. Single words and phrases.
# fmt: off
REVISION_MARKERS: tuple[tuple[str, ...], ...] = tuple(
    tuple(m.split())
    for m in (
        "used to", "previously", "formerly", "no longer", "anymore", "any more", "updated",
        "update", "changed", "correction", "corrected", "revised", "now", "instead",
        "switched", "replaced", "rescheduled", "postponed", "pushed to", "moved to",
        "as of", "from now on", "has since", "since then", "originally", "initially",
        "not anymore",
    )
)
# fmt: on

# Verbs that set a new value; in a statement frame they stand where "is" would.
# fmt: off
SETTING_PHRASES: tuple[tuple[str, ...], ...] = tuple(
    tuple(m.split())
    for m in (
        "changed to", "updated to", "moved to", "switched to", "set to", "pushed to",
        "postponed to", "rescheduled to", "rescheduled for", "revised to", "increased to",
        "decreased to", "reduced to", "raised to", "lowered to", "extended to", "cut to",
    )
)
# fmt: on

# Words a frame comparison ignores: they change the tone or time, not the claim.
FRAME_FILLERS = _words(
    "a actually also an anymore corrected correction currently did do does formerly "
    "had has have initially instead just note now officially originally please "
    "previously really recently revised shall should since so still that the then "
    "today update updated used will would"
)

BE_FORMS = frozenset({"is", "are", "was", "were", "be", "been", "being", "am"})
HAVE_FORMS = frozenset({"has", "have", "had"})

# Pronouns after which "'s" means "is" ("it's"); elsewhere it marks a possessive.
BE_CONTRACTING = _words("everyone he here it she that there this what where who")

# Words that carry no claim of their own (for the shared-context measure).
STOPWORDS = _words(
    "'s a about actually after again all also am an and another any are as at be been "
    "before being both but by can could currently did do does during each either "
    "every everyone everything for from get gets go goes going got had has have he "
    "her here him his how i if in into is it its just least less many may me might "
    "more most much must my now of on one only onto or other our out over own per "
    "really same shall she should since so some somebody someone something still such "
    "than that the their them then there these they this those to too under until up "
    "us very via was we went were what when where which while who whom why will with "
    "would yet you your"
)

# Prepositions and conjunctions: a span holding one is a clause, not a value.
FUNCTION_WORDS = _words(
    "about after and as at because before but by during for from if in into of on or "
    "since than to until via when while with"
)

# Nouns after which a number names a thing ("sprint 5", "room 101") rather than measures it.
IDENTIFIER_NOUNS = _words(
    "apartment batch bay bug build building case chapter cohort day episode exit "
    "figure floor gate gen generation grade id invoice issue item lane level line lot "
    "no number order page part phase platform pr q quarter release rfc room round "
    "route season section sprint stage step suite table terminal ticket tier track "
    "unit v version wave week"
)

# Closed classes of values: two different members in the same frame disagree.
WEEKDAYS = _words("monday tuesday wednesday thursday friday saturday sunday")
MONTHS = _words(
    "january february march april may june july august september october november december"
)
COLORS = _words(
    "black blue brown gray green grey navy orange pink purple red teal violet white yellow"
)

# Words that may open a statement capitalised without naming who or what it is about.
NOT_SUBJECTS = _words(
    "afterwards apparently earlier eventually finally however last lately later "
    "meanwhile next overall this today tomorrow tonight yesterday"
)

# fmt: off
NUMBER_WORDS = {
    "zero": 0, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty":
    20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
    "ninety": 90, "hundred": 100, "dozen": 12
}
# fmt: on
