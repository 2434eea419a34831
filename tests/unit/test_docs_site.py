"""The README stays a README and the docs stay a site: the README is at most 12,000
characters and its links lead to files that exist; every page under docs/ (decision
records included) is in mkdocs.yml's nav, and every page the nav names exists.
`mkdocs build --strict` in scripts/test checks the links between the pages."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
MKDOCS = ROOT / "mkdocs.yml"
README_MAX = 12_000  # bytes, as `wc -c README.md` counts them

# A nav entry: "- page.md" or "- Title: page.md", at any depth.
NAV_ENTRY = re.compile(r"^\s*- (?:[^:\n]+: )?([\w./-]+\.md)\s*$", re.M)


def nav_pages() -> list[str]:
    text = MKDOCS.read_text(encoding="utf-8")
    return NAV_ENTRY.findall(text[text.index("\nnav:") :])


def test_the_readme_stays_short() -> None:
    size = len(README.read_bytes())
    assert size <= README_MAX, f"README.md is {size} bytes: move text into docs/"


def test_the_readme_keeps_its_two_commands_and_the_browser_section() -> None:
    text = README.read_text(encoding="utf-8")
    assert "\n./scripts/run     # set up" in text
    assert "\n./scripts/test    # set up" in text
    for heading in ("## Five-minute tour", "## Look at the graph in Neo4j Browser"):
        assert f"\n{heading}\n" in text, heading


def test_the_readme_links_lead_somewhere() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    local = [t for t in targets if not re.match(r"[a-z]+:", t) and not t.startswith("#")]
    assert local, "the README links into docs/"
    missing = [t for t in local if not (ROOT / t.split("#")[0]).exists()]
    assert not missing, f"README.md links to files that do not exist: {missing}"


def test_every_docs_page_is_in_the_nav_and_every_nav_page_exists() -> None:
    named = nav_pages()
    assert len(named) == len(set(named)), "a page is in the nav twice"
    pages = {p.relative_to(DOCS).as_posix() for p in DOCS.glob("*.md")}
    pages |= {p.relative_to(DOCS).as_posix() for p in DOCS.glob("decisions/*.md")}
    assert pages - set(named) == set(), "pages missing from mkdocs.yml's nav"
    assert set(named) - pages == set(), "nav entries without a page"
