"""Every relative link in the README and the docs leads to a file or folder of the repository,
and every link to a heading (``page.md#heading``) to a heading that page has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])

LINK = re.compile(r"\]\(([^)\s]+)\)")  # [text](target)
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)  # links shown as code are not links


def anchors(page: Path) -> set[str]:
    """GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces as -."""
    found = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def links(page: Path) -> list[str]:
    text = CODE.sub("", page.read_text(encoding="utf-8"))
    return [t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        path, _, heading = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        found = where.exists() and ROOT in where.parents
        if heading and found and where.suffix == ".md":
            found = heading in anchors(where)
        if not found:
            broken.append(target)
    assert not broken, f"{page.relative_to(ROOT)}: links that lead nowhere: {broken}"


@pytest.mark.parametrize("topic", ["strength", "performance"])
def test_the_reference_pages_and_their_lab_notebooks_are_checked(topic: str) -> None:
    assert ROOT / "docs" / f"{topic}.md" in PAGES
    assert ROOT / "docs" / "lab" / f"{topic}-history.md" in PAGES
