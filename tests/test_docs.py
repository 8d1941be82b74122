"""The repository's documents stand on their own: every relative link and every citation of a
document reaches a file and heading that exist, nothing points into a folder a player who clones
the game does not have, and the tables of docs/rules.md are the catalogue's numbers."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from game.core.rules.fatigue import fatigue_points
from game.core.rules.morale import ose_rating
from game.core.rules.tables import save_vs_paralyzation, thac0
from game.scenario.catalogue import CATALOGUE, load

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "maps" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TEXT_SUFFIXES = {".md", ".py", ".toml", ".tmx", ".tsx"}
OUTSIDE = ("../shared", "/work/shared")

_FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.DOTALL | re.MULTILINE)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_CITED = re.compile(r"\bdocs/([\w-]+\.md)(#[\w-]+)?")
# A document and one of its headings, in words: `docs/network.md, "Faults"`, `maps/README.md "Units"`,
# `README.md's "How to play"`; a quotation may run over lines (and over a comment's `#`).
_DOCUMENT = r"(?<![\w/.])((?:maps/|bench/)?README\.md|docs/[\w-]+\.md)"
_QUOTED = re.compile(_DOCUMENT + r"(?:'s)?,?\s+\"([^\"\n]+(?:\n[ \t#]*[^\"\n]+)?)\"")
_ANCHORED = re.compile(_DOCUMENT + r"(#[\w-]+)")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(doc: Path) -> set[str]:
    """The anchors of a markdown file's headings (a repeated heading gets -1, -2, ...)."""
    seen: dict[str, int] = {}
    out: set[str] = set()
    for line in _FENCE.sub("", doc.read_text(encoding="utf-8")).splitlines():
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        base = slug(m.group(1))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def links(doc: Path) -> list[str]:
    """The targets of a markdown file's links and images, outside code."""
    text = _CODE_SPAN.sub("", _FENCE.sub("", doc.read_text(encoding="utf-8")))
    return _LINK.findall(text)


def broken(target: str, base: Path) -> str | None:
    """Why a link target, relative to folder `base` (or `#anchor` in file `base`), is broken."""
    if re.match(r"[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
        return None  # a web address: not this test's business
    path, _, anchor = target.partition("#")
    file = (base.parent if base.is_file() else base) / path if path else base
    file = file.resolve()
    if not file.is_relative_to(ROOT):
        return f"{target}: outside the repository"
    if not file.exists():
        return f"{target}: no such file"
    if anchor and file.suffix == ".md" and anchor not in anchors(file):
        return f"{target}: no heading #{anchor} in {file.relative_to(ROOT)}"
    return None


def headings(doc: Path) -> list[str]:
    """The words of a markdown file's headings, without their markup, in lower case."""
    text = _FENCE.sub("", doc.read_text(encoding="utf-8"))
    found = re.findall(r"^#{1,6}\s+(.*?)\s*#*\s*$", text, re.MULTILINE)
    return [" ".join(h.replace("`", "").replace("*", "").split()).lower() for h in found]


def cited_heading_missing(document: str, quoted: str) -> str | None:
    """Why a citation of `document` (a path from the repository's root) and a heading quoted in
    words is broken: the file is gone, or none of its headings is, or begins with, those words
    (a heading may go on, as bench/README.md's "Matches (`rout match A B`, issue 36)")."""
    file = ROOT / document
    if not file.exists():
        return f"{document}: no such file"
    words = " ".join(re.sub(r"\n[ \t#]*", " ", quoted).split()).lower()
    if any(h == words or h.startswith(words + " ") for h in headings(file)):
        return None
    return f'{document}, "{quoted}": no such heading'


def repo_text_files(*tops: str) -> list[Path]:
    out: list[Path] = []
    for top in tops:
        p = ROOT / top
        out += [p] if p.is_file() else sorted(f for f in p.rglob("*") if f.suffix in TEXT_SUFFIXES)
    return out


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_reaches_a_file_and_heading(doc: Path) -> None:
    problems = [why for t in links(doc) if (why := broken(t, doc))]
    assert not problems, f"{doc.relative_to(ROOT)}: {problems}"


def test_the_link_check_finds_a_missing_file_and_a_missing_heading(tmp_path: Path) -> None:
    """The check above can fail: a link to a missing file or heading is caught, a good one is not."""
    doc = ROOT / "docs" / "rules.md"
    assert broken("decisions.md", doc) is None
    assert broken("#victory", doc) is None
    assert broken("no_such_file.md", doc) == "no_such_file.md: no such file"
    assert broken("#no-such-heading", doc) == "#no-such-heading: no heading #no-such-heading in docs/rules.md"
    assert broken("https://example.org/x.md", doc) is None
    (tmp_path / "a.md").write_text("# Arcs: front, flank and rear\n\n[x](b.md) `[y](c.md)`\n", encoding="utf-8")
    assert anchors(tmp_path / "a.md") == {"arcs-front-flank-and-rear"}
    assert links(tmp_path / "a.md") == ["b.md"]  # a link inside code is no link


CITING = ("README.md", "docs", "maps", "game", "tests", "tools", "bench", "pyproject.toml", ".ci")


def citations(text: str) -> list[tuple[str, str]]:
    """The (document, heading in words or #anchor) pairs a text cites."""
    return [*_QUOTED.findall(text), *_ANCHORED.findall(text)]


def test_every_citation_of_a_document_names_a_heading_it_has() -> None:
    """Code, comments, help texts and documents cite a document's section by its words
    (`docs/scenarios.md, "Points"`) or by its anchor (`docs/architecture.md#layout`): each names
    a heading the document has, so a section moved out of the README is followed everywhere."""
    problems = []
    files = [f for f in repo_text_files(*CITING) if f.name != "test_docs.py"]
    files += sorted((ROOT / ".ci").iterdir())
    for f in files:
        for document, cited in citations(f.read_text(encoding="utf-8", errors="replace")):
            if cited.startswith("#"):
                why = broken(cited, ROOT / document) if (ROOT / document).exists() else f"{document}: no such file"
            else:
                why = cited_heading_missing(document, cited)
            if why:
                problems.append(f"{f.relative_to(ROOT)}: {why}")
    assert not problems, problems


def test_the_citation_check_finds_a_missing_heading() -> None:
    """The check above can fail, and reads a quotation over a comment's line break."""
    q = '"'
    found = citations(f"(docs/rules.md, {q}Reach and threatened\n# squares{q}; README.md#nowhere)")
    assert found == [("docs/rules.md", "Reach and threatened\n# squares"), ("README.md", "#nowhere")]
    assert cited_heading_missing("docs/rules.md", found[0][1]) is None
    assert cited_heading_missing("docs/rules.md", "Reach") is None  # the start of a heading's words
    assert cited_heading_missing("docs/rules.md", "Reac") == 'docs/rules.md, "Reac": no such heading'
    assert cited_heading_missing("docs/" + "nothing.md", "Points") == "docs/" + "nothing.md: no such file"
    assert broken("#nowhere", ROOT / "README.md") == "#nowhere: no heading #nowhere in README.md"


def test_code_citations_of_a_document_reach_it_and_its_heading() -> None:
    """A comment citing a document and its section (as docs/rules.md#hazards) cites what exists."""
    problems = []
    for f in repo_text_files("game", "tests"):
        if f.suffix != ".py":
            continue
        for name, anchor in _CITED.findall(f.read_text(encoding="utf-8")):
            why = broken(f"{name}{anchor}", ROOT / "docs")
            if why:
                problems.append(f"{f.relative_to(ROOT)}: {why}")
    assert not problems, problems


def test_nothing_points_outside_the_repository() -> None:
    """A player who clones or installs the game has no shared folder beside it."""
    problems = []
    for f in repo_text_files("README.md", "docs", "maps", "game"):
        text = f.read_text(encoding="utf-8", errors="replace")
        problems += [f"{f.relative_to(ROOT)}: mentions {o}" for o in OUTSIDE if o in text]
        if "RULES.md" in text:
            problems.append(f"{f.relative_to(ROOT)}: cites RULES.md, which the repository lacks (docs/rules.md)")
    assert not problems, problems


def _rows(heading: str) -> dict[str, list[str]]:
    """The table rows under a heading of docs/rules.md, by their first cell's `key`."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text.split(f"\n{heading}\n", 1)[1].split("\n#", 1)[0]
    out = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and re.fullmatch(r"`\w+`", cells[0]):
            out[cells[0].strip("`")] = cells[1:]
    return out


def test_the_weapon_tables_are_the_catalogues() -> None:
    """docs/rules.md#weapons lists every weapon of the catalogue with its damage, reach (squares:
    max(1, ceil(feet / 5))) and knockdown die, or its ranges and shots."""
    rows = _rows("### Weapons")
    with CATALOGUE.open("rb") as f:
        weapons = tomllib.load(f)["weapons"]
    assert set(rows) == set(weapons), "docs/rules.md#weapons lists other weapons than the catalogue"
    for key, w in weapons.items():
        if w["kind"] == "melee":
            reach = w.get("reach_ft", 0)
            want = [w["damage"], str(reach), str(max(1, -(-reach // 5))), w.get("knockdown") or "none"]
        else:
            want = [w["damage"], " / ".join(map(str, w["range"])), str(w.get("rate", 1))]
        assert rows[key][1:] == want, key


def test_the_creature_table_is_the_catalogues() -> None:
    """docs/rules.md#creatures gives each kind's size, hp, AC, THAC0, save, fatigue and morale."""
    rows = _rows("### Creatures")
    assert set(rows) == set(load()), "docs/rules.md#creatures lists other kinds than the catalogue"
    for key, k in load().items():
        size, _, hp, ac, mv, to_hit, save, fatigue, morale, weapons = rows[key]
        assert (size, hp, ac, mv.split()[0]) == (str(k.size), str(k.hp), str(k.ac), str(k.mv)), key
        assert (to_hit, save, fatigue) == (str(thac0(k)), str(save_vs_paralyzation(k)), str(fatigue_points(k))), key
        assert morale == f"{k.morale} / {ose_rating(k)}", key
        assert weapons == ", ".join(f"`{w.key}`" for w in k.weapons), key


def _shell_blocks(doc: Path) -> list[str]:
    """The commands of a markdown file's ```sh blocks, each block's lines joined."""
    blocks = re.findall(r"^```sh\n(.*?)^```", doc.read_text(encoding="utf-8"), re.DOTALL | re.MULTILINE)
    return [b.strip() for b in blocks]


def test_the_readme_is_a_landing_page_with_the_two_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37: the README is what a newcomer reads first, under 150 lines, and its two commands
    work: the first sets up the extras pyproject.toml declares and plays the bundled default map,
    the second is the test command .ci/run runs."""
    readme = ROOT / "README.md"
    assert len(readme.read_text(encoding="utf-8").splitlines()) < 150, "the manual belongs in docs/"
    setup, tests = _shell_blocks(readme)
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    install = re.search(r"pip install -e '\.\[([\w,]+)\]'", setup)
    assert install and set(install.group(1).split(",")) <= set(extras), setup
    play = setup.rsplit("&&", 1)[1].split()
    assert play[:2] == ["rout", "play"], setup
    from game.cli.main import build_parser  # noqa: PLC0415

    monkeypatch.chdir(ROOT)
    args = build_parser().parse_args(play[1:])
    assert (ROOT / args.map).is_file() and args.mode == "solo", args
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert any(line.startswith(tests + " ") or line == tests for line in ci), f".ci/run does not run {tests!r}"
