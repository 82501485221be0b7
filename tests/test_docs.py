"""The docs stay usable: the README short, with its figures table near the top, and every relative
link in README.md and docs/*.md reaching a file that exists (and, in a Markdown file, a heading
that exists: GitHub's anchors)."""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted([README, *(ROOT / "docs").glob("*.md")])
README_MOST_LINES = 250
FIGURES_BY_LINE = 150

FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S)
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", re.M)


def prose(text: str) -> str:
    """The text without its code: fenced blocks and code spans can hold anything."""
    text = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return CODE_SPAN.sub("code", text)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its rendered text lowercased, punctuation dropped (letters,
    digits, spaces, hyphens and underscores kept), spaces made hyphens."""
    text = heading.replace("`", "")
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link in a heading: its text
    text = re.sub(r"[*_]{1,3}(\S(?:.*?\S)?)[*_]{1,3}", r"\1", text)  # emphasis
    kept = "".join(ch for ch in text.lower()
                   if ch in " -_" or unicodedata.category(ch)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    found = set()
    for heading in HEADING.findall(FENCE.sub("", path.read_text("utf-8"))):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def relative_links(path: Path) -> list[str]:
    links = LINK.findall(prose(path.read_text("utf-8")))
    return [link for link in links if not re.match(r"[a-z][a-z0-9+.-]*:", link, re.I)]


def test_the_readme_is_short_with_its_figures_near_the_top():
    lines = README.read_text("utf-8").splitlines()
    assert len(lines) <= README_MOST_LINES, f"README.md has {len(lines)} lines (at most {README_MOST_LINES})"
    starts = [number for number, line in enumerate(lines, 1) if re.match(r"\|\s*figure\s*\|", line)]
    assert starts, "README.md has no figures table (a table whose first column is 'figure')"
    assert starts[0] <= FIGURES_BY_LINE, f"the figures table starts at line {starts[0]} (by {FIGURES_BY_LINE})"


def test_the_docs_have_links_to_check():
    assert len(relative_links(README)) >= 10
    assert (ROOT / "docs" / "RELIABILITY.md") in DOCS and (ROOT / "docs" / "DESIGN.md") in DOCS


@pytest.mark.parametrize("doc", DOCS, ids=[str(p.relative_to(ROOT)) for p in DOCS])
def test_every_relative_link_reaches_a_file_and_heading(doc):
    broken = []
    for link in relative_links(doc):
        target, _, anchor = link.partition("#")
        path = (doc.parent / target).resolve() if target else doc
        if not path.exists():
            broken.append(f"{link}: no {path.relative_to(ROOT) if ROOT in path.parents else path}")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(f"{link}: no heading #{anchor} in {path.relative_to(ROOT)}")
    assert not broken, f"{doc.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_anchor_rule_reads_headings_as_github_does():
    assert slug("3x16: what each level's variety costs") == "3x16-what-each-levels-variety-costs"
    assert slug("The table's parts (py/ludotheque/web/)") == "the-tables-parts-pyludothequeweb"
    assert slug("Ready time against a bare PyScript page") == "ready-time-against-a-bare-pyscript-page"
    assert slug("Tried as a family") == "tried-as-a-family"
    assert slug("`make test`'s time") == "make-tests-time"
