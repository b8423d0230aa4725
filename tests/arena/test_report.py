"""asobi report (issue 9): a balance report from a simulation, in Markdown and as one
self-contained HTML page with its plots."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest

from asobi.arena import report
from asobi.arena.simulate import Simulation, prepare, read_games, run_simulation
from asobi.core.registry import all_specs, get_spec
from asobi.core.words import Words


def simulate(folder: Path, plan: Simulation) -> Path:
    spec = get_spec(plan.game)
    prepare(folder, plan, "asobi simulate test")
    run_simulation(folder, plan, plan.jobs(lambda o: spec.options(o).players))
    return folder


def game(ranks: list[int], first: int | None, scores: list[float] | None = None) -> dict[str, Any]:
    n = len(ranks)
    return {
        "variant": "",
        "lineup": ["greedy"] * n,
        "first_player": first,
        "outcome": {"ranks": ranks, "scores": scores or [0.0] * n, "details": {}},
        "decisions": [10] * n,
        "choices": [30] * n,
        "forced": [1] * n,
        "facts": {"game": {}, "seats": [], "holdings": [], "holding": ""},
    }


def cells(section: report.Section) -> list[list[str]]:
    return section.tables[0].rows


def test_seat_advantage_counts_places_in_turn_order_not_seats() -> None:
    """Position 1 is whoever took the first turn: seat 1 when the game says it started."""
    games = [game([1, 2], first=1), game([1, 2], first=0), game([2, 1], first=1)]
    # first players: seat 1 (lost), seat 0 (won), seat 1 (won): 2 of 3 to position 1
    (row,) = cells(report.seat_advantage({"": games}, plot=False))
    assert row[1].startswith("66.7%") and row[2].startswith("33.3%")


def test_a_tie_for_first_shares_the_win() -> None:
    (row,) = cells(report.seat_advantage({"": [game([1, 1], first=0)]}, plot=False))
    assert row[1].startswith("50.0%") and row[2].startswith("50.0%")
    (overview,) = cells(report.overview({"": [game([1, 1], first=0), game([1, 2], first=0)]}))
    assert overview[2].startswith("50.0%")  # draws


def test_shares_carry_their_95_percent_interval() -> None:
    assert report.share(50, 100) == "50.0% [40.4, 59.6%]"
    assert report.share(0, 0) == "–"


def test_holdings_rank_things_by_how_often_their_holder_wins() -> None:
    games = []
    for ranks, held in (([1, 2], [["castle"], ["park"]]), ([2, 1], [["park"], ["castle"]])):
        g = game(ranks, first=0)
        g["facts"] = {"game": {}, "seats": [{}, {}], "holdings": held, "holding": "building"}
        games.append(g)
    section = report.holdings({"": games}, plot=False)
    assert section is not None and section.title == "Which buildings win games"
    assert [row[0] for row in cells(section)] == ["`castle`", "`park`"]
    assert cells(section)[0][2].startswith("100.0%")


def test_holdings_are_named_and_those_never_held_listed() -> None:
    """Issue 34: mines, papers, buildings and boards by their names, not codes like S11;
    a thing nobody held is a row too (Carrotein's seventh board)."""
    g = game([1, 2], first=0)
    g["facts"] = {"game": {}, "seats": [{}, {}], "holdings": [["S11"], []], "holding": "mine"}
    names = {"H7": Words("Heart 7", "ハート7"), "S11": Words("Star 11", "スター11")}
    section = report.holdings({"": [g]}, plot=False, names=names)
    assert section is not None
    assert cells(section) == [
        ["Star 11 (スター11)", "1.00", report.share(1, 1)],
        ["Heart 7 (ハート7)", "0.00", "–"],
    ]


@pytest.mark.parametrize("values", [[0, 1, 2, 7], [3, 250], [-12, 0, 64], [5]])
def test_histogram_bins_line_up_with_whole_numbers(values: list[int]) -> None:
    """Issue 34: 40 bins over whole-number scores gave some bins one value more than their
    neighbours (dips a designer could read as real). Every bin now spans the same whole
    numbers, each well inside it."""
    edges = report._bins([float(v) for v in values])
    widths = {b - a for a, b in itertools.pairwise(edges)}
    assert len(widths) == 1 and float(widths.pop()).is_integer()
    assert all(float(e + 0.5).is_integer() for e in edges)
    assert edges[0] < min(values) and max(values) < edges[-1]
    assert len(edges) <= 62
    assert report._bins([0.5, 1.25]) == 60  # not whole numbers: equal bins


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A few random games of every game, each reported."""
    folders = {}
    for spec in all_specs():
        folder = tmp_path_factory.mktemp(spec.id)
        games = 1 if spec.id == "carrotein" else 4
        simulate(folder, Simulation(spec.id, ("random",), games=games, seed=1))
        report.write(folder)
        folders[spec.id] = folder
    return folders


@pytest.mark.parametrize("game_id", ["starmine", "itsmine", "laminate", "rummycity", "carrotein"])
def test_every_game_gets_a_report_with_its_own_facts(
    reports: dict[str, Path], game_id: str
) -> None:
    text = (reports[game_id] / "report.md").read_text()
    spec = get_spec(game_id)
    assert text.startswith(f"# {spec.name_en} ({spec.name_ja}): balance report")
    for title in ("Overview", "Seat advantage", "Scores and game length", "What winners do"):
        assert f"## {title}" in text
    own = {
        "starmine": "| main row |",  # which rows decide games
        "itsmine": "tie chains",  # mines taken and tie chains
        "laminate": "cited by others",  # papers and citations
        "rummycity": "## Which buildings win games",  # buildings owned by winners
        "carrotein": "points from boards",  # boards against chips
    }[game_id]
    assert own in text
    assert "Made with `asobi simulate test`" in text


@pytest.mark.parametrize("game_id", ["itsmine", "laminate", "rummycity", "carrotein"])
def test_every_thing_held_is_named_and_every_one_listed(
    reports: dict[str, Path], game_id: str
) -> None:
    """What a game's facts hold (mines, papers, buildings, boards) is named in both
    languages by the game's own tables, and its report lists every one: all seven
    Carrotein boards, all seven mines."""
    spec = get_spec(game_id)
    assert spec.holding_names is not None
    names = spec.holding_names(spec.options({}))
    held = {
        t for g in read_games(reports[game_id]) for seat in g["facts"]["holdings"] for t in seat
    }
    assert held <= set(names)
    text = (reports[game_id] / "report.md").read_text()
    for name in names.values():
        assert f"| {name.en} ({name.ja}) |" in text
    if game_id in ("carrotein", "itsmine"):
        assert len(names) == 7


def test_the_html_page_is_self_contained(reports: dict[str, Path]) -> None:
    page = (reports["itsmine"] / "report.html").read_text()
    assert page.startswith("<!doctype html>")
    assert page.count("src='data:image/png;base64,") >= 3  # seats, distributions, mines
    assert not re.search(r"(src|href)=['\"]https?:", page)  # nothing fetched
    assert "<th>position 1</th>" in page


def test_a_report_of_an_unplayed_simulation_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"no simulation\.json"):
        report.build(tmp_path)
    prepare(tmp_path, Simulation("starmine", ("random",), games=1))
    assert list(read_games(tmp_path)) == []
    with pytest.raises(ValueError, match="no games played yet"):
        report.build(tmp_path)
