"""Reading LoCoMo (locomo10.json): turns, session dates, questions, repaired evidence.

The data is CC BY-NC and stays outside the repository; this module only reads it.
Shape and quirks are described in ``shared/data/README.md``:

- a conversation holds ``session_N`` lists of turns and ``session_N_date_time`` strings;
  a date is trusted only where its session exists (conv-26 lists dates for sessions
  that are not there);
- evidence ids are sometimes malformed: several ids in one string (split on ``;`` and
  spaces), ``D:11:26`` for ``D11:26``, ``D30:05`` for ``D30:5``; a few cannot be
  resolved at all and are dropped; a question left without any valid evidence is
  left out of the scores and counted.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

# The official code's mapping, which the paper's per-category counts confirm.
CATEGORIES = {
    4: "single-hop",
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    5: "adversarial",
}
CATEGORY_ORDER = ["single-hop", "multi-hop", "temporal", "open-domain", "adversarial"]

_SESSION = re.compile(r"^session_(\d+)$")
_EVIDENCE = re.compile(r"^D:?(\d+):0*(\d+)$")


@dataclass(frozen=True)
class Turn:
    dia_id: str
    session: int
    index: int  # position inside its session, from 0
    speaker: str
    text: str
    caption: str | None
    occurred_at: datetime

    def content(self) -> str:
        """What gets remembered: ``speaker: text``, plus the photo's caption if one was shared.

        LoCoMo's speakers share photos; the dataset keeps only a BLIP caption of each, so
        the caption is appended in brackets (``[photo: a photo of …]``): it is what an
        agent that saw the message would have been told about the picture.
        """
        return f"{self.speaker}: {self.said()}"

    def said(self) -> str:
        """The turn's words without the speaker, as a conversation message carries them."""
        return f"{self.text} [photo: {self.caption}]" if self.caption else self.text


@dataclass(frozen=True)
class Question:
    conversation: str
    index: int
    text: str
    category: str
    evidence: tuple[str, ...]


@dataclass
class Conversation:
    sample_id: str
    speakers: tuple[str, str]
    turns: list[Turn]
    questions: list[Question]
    dropped_evidence: list[str] = field(default_factory=list)
    questions_without_evidence: list[str] = field(default_factory=list)


def parse_session_date(text: str) -> datetime:
    """``1:56 pm on 8 May, 2023`` → an aware UTC datetime."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def repair_evidence(raw: list[str], known: set[str]) -> tuple[list[str], list[str]]:
    """(valid dia_ids in order, without repeats; the ids that could not be resolved)."""
    valid: dict[str, None] = {}
    dropped: list[str] = []
    for item in raw:
        for piece in re.split(r"[;\s]+", item.strip()):
            if not piece:
                continue
            match = _EVIDENCE.match(piece)
            dia_id = f"D{match.group(1)}:{match.group(2)}" if match else piece
            if dia_id in known:
                valid.setdefault(dia_id, None)
            else:
                dropped.append(piece)
    return list(valid), dropped


def _turns(raw: dict[str, object]) -> list[Turn]:
    sessions = sorted(
        (int(m.group(1)), key) for key in raw if (m := _SESSION.match(key)) and raw[key]
    )
    turns: list[Turn] = []
    last_date: datetime | None = None
    for number, key in sessions:
        date_text = raw.get(f"{key}_date_time")
        if isinstance(date_text, str):
            start = parse_session_date(date_text)
        else:  # no date for this session: a day after the previous one
            start = (last_date or datetime(2023, 1, 1, tzinfo=UTC)) + timedelta(days=1)
        last_date = start
        items = raw[key]
        assert isinstance(items, list)
        for i, t in enumerate(items):
            turns.append(
                Turn(
                    dia_id=t["dia_id"],
                    session=number,
                    index=i,
                    speaker=t["speaker"],
                    text=t["text"],
                    caption=t.get("blip_caption"),
                    # Seconds apart inside a session, so the timeline keeps turn order.
                    occurred_at=start + timedelta(seconds=i),
                )
            )
    return turns


def _conversation(item: dict[str, object]) -> Conversation:
    raw = item["conversation"]
    assert isinstance(raw, dict)
    sample_id = str(item["sample_id"])
    turns = _turns(raw)
    known = {t.dia_id for t in turns}
    conv = Conversation(sample_id, (raw["speaker_a"], raw["speaker_b"]), turns, [])
    qa = item["qa"]
    assert isinstance(qa, list)
    for n, q in enumerate(qa):
        evidence, dropped = repair_evidence(q.get("evidence") or [], known)
        conv.dropped_evidence += dropped
        category = CATEGORIES[int(q["category"])]
        if not evidence:
            conv.questions_without_evidence.append(f"{sample_id}#{n} ({category})")
            continue
        conv.questions.append(Question(sample_id, n, q["question"], category, tuple(evidence)))
    return conv


def load(path: Path) -> list[Conversation]:
    with path.open(encoding="utf-8") as fh:
        data = json.load(fh)
    return [_conversation(item) for item in data]
