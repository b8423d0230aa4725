"""Rummy City in the terminal: games between bots and against a scripted human to the end,
the solo score attack, a replaceable building catalogue (-o catalogue=FILE), the rules page, and
what the rendering shows each seat.

The central check: every card code on a rendered table or in an event line is one the seat
may see — its own hand, the row's face-up cards and the face-down ones it looked at (the
School), the combinations, the cards on the Bank and the Police station, the solo discards
and the cards it saw go into the other hand. So the other hand, the face-down cards of the
row and the School's range of the other player never reach the screen.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from asobi.core.cards import FRENCH52
from asobi.core.events import Event
from asobi.core.records import GameRecord, Match, replay, replay_steps
from asobi.games.rummycity import render as rc_render
from asobi.games.rummycity.buildings import DEFAULT_FILE, catalogue_of, default_data
from asobi.games.rummycity.state import RummyCityState
from asobi.play import renderer_for, replay_record

from .helpers import assert_screens_show_only_visible_cards, decision_screens, invoke
from .test_cli import assert_clean_error

CODES = {c.code for c in FRENCH52.cards}
RULES_PY = Path(rc_render.__file__).with_name("rules.py")
RULES_MD = Path(rc_render.__file__).with_name("rules.md")
# Cycled as input: the highest move number that exists is chosen (the others are refused
# and asked again), so the scripted player builds, lays and places as well as drawing.
CYCLE = "9\n6\n4\n3\n2\n1\n"
NAMES = ["seat 0", "seat 1"]


def french_words(text: str) -> set[str]:
    """Every French 52 card code that appears as a word in ``text``."""
    return set(re.findall(r"\b[SHDC](?:A|J|Q|K|10|[2-9])\b", text)) & CODES


def visible(state: RummyCityState, seat: int | None) -> set[str]:
    """The cards ``seat`` (None: a spectator) may see in ``state``."""
    me = state.players if seat is None else seat
    cards = {c for c in state.row if c not in state.face_down}
    if seat is not None:
        cards |= state.seen[seat] | set(state.hands[seat])
        if seat == state.turn:
            cards |= set(state.looked)
    for owner in range(state.players):
        if owner != seat:
            cards |= state.known[me][owner]
    cards |= {c for combos in state.laid for combo in combos for c in combo.cards}
    cards |= {p.card for p in state.chosen}
    cards |= set(state.deposits.values()) | set(state.discards)
    return {c.code for c in cards}


def console(width: int = 200) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=width, color_system=None, highlight=False), out


def rendered(view: dict[str, Any], width: int = 200) -> str:
    screen, out = console(width)
    rc_render.render(view, screen)
    return out.getvalue()


def told(events: Sequence[Event], viewer: int | None, names: Sequence[str] = NAMES) -> str:
    renderer = renderer_for("rummycity")
    lines = [renderer.event_text(e, names, viewer) for e in events if e.visible_to(viewer)]
    return "\n".join(line.plain for line in lines if line is not None)


def city(match: Match) -> RummyCityState:
    assert isinstance(match.state, RummyCityState)
    return match.state


def panels(text: str) -> list[str]:
    """Every rendered table in ``text``, in order (the result panels are left out)."""
    found: list[str] = []
    current: list[str] | None = None
    for line in text.splitlines():
        if current is None:
            at = line.find("╭")
            if at >= 0 and "Rummy City" in line[at:]:
                current = [line[at:]]
        else:
            current.append(line)
            if line.lstrip().startswith("╰"):
                found.append("\n".join(current))
                current = None
    return found


def states_before(record: GameRecord) -> list[RummyCityState]:
    """``[i]``: the state before move ``i`` (0-based); the last is the final state."""
    states = []
    for step in replay_steps(record):
        assert isinstance(step.state, RummyCityState)
        states.append(step.state)
    return states


def assert_shows_only_what_is_visible(
    tables: Sequence[str], states: Sequence[RummyCityState], seat: int | None
) -> None:
    assert len(tables) == len(states), (len(tables), len(states))
    for table, state in zip(tables, states, strict=True):
        shown = french_words(table)
        leaked = shown - visible(state, seat)
        assert not leaked, (seat, leaked, table)
        if seat is not None:
            hand = [c.code for c in state.hands[seat]]
            assert f"Your hand 手札 ({len(hand)}): " in table
            assert set(hand) <= shown


def assert_screens_show_only_what_is_visible(
    screens: Sequence[str], states: Sequence[RummyCityState], seat: int
) -> None:
    """The shared screen check (helpers.py) with this game's cards; the first screen shows
    the whole table."""
    assert "╭" in screens[0]
    assert_screens_show_only_visible_cards(screens, states, seat, french_words, visible)


def emitted_kinds() -> set[str]:
    """Every event kind the engine emits, read from its source."""
    return set(re.findall(r"(?:public|private)\(\s*\"(\w+)\"", RULES_PY.read_text("utf-8")))


def random_game(players: int, seed: int, target: int = 50) -> tuple[Match, list[Any]]:
    """A game of random legal moves; returns the match and, per move, (seat, events, the
    state before, the state after)."""
    match = Match("rummycity", {"players": players, "target": target}, seed)
    rng = random.Random(seed)
    steps = []
    while match.state.outcome() is None:
        seat = min(match.state.active_seats())
        before = city(match).clone()
        events = match.play(seat, rng.choice(match.state.legal_actions(seat)))
        steps.append((seat, events, before, city(match).clone()))
    return match, steps


# --- the CLI -------------------------------------------------------------------------------
def test_games_rules_and_help_know_rummy_city() -> None:
    listed = invoke(["games"])
    assert listed.exit_code == 0 and "rummyci" in listed.output
    assert "ラミーシティ" in listed.output and "1 (solo), 2" in listed.output
    rules = invoke(["rules", "rummycity"])
    assert rules.exit_code == 0, rules.output
    for term in (
        "Rummy City",
        "テプ",
        "ラン",
        "ミックスラン",
        "セット",
        "K-A-2 never",
        "ラウンドの終了",
        "決算",
        "付け札",
        "50+ tepu",
        "延長戦",
        "ソロプレイルール",
        "draw 3",
        "look",
        "take 2",
        "build park",
        "lay S4",
        "meld run",
        "place bank S7",
        "layoff H5 1",
        "return park",
        "-o catalogue=FILE",
        "reconstruction",
        "Police station 警察署",
    ):
        assert term in rules.output, term
    main_help = invoke(["--help"]).output
    for example in (
        "asobi play rummycity",
        "asobi play rummycity --solo",
        "asobi play rummycity -o catalogue=my_buildings.toml",
    ):
        assert example in main_help, example
    play_help = invoke(["play", "--help"]).output
    assert "-o catalogue=my_buildings.toml" in play_help and "ラミーシティ" in play_help


def test_the_rules_table_is_the_default_catalogue() -> None:
    """The buildings table of ``rules.md`` is written by hand from ``catalogue.toml``."""
    rows = re.findall(
        r"^\| `(\w+)` \| (.+?) \| (.) \| (\S+) \| (.+?) \|$",
        RULES_MD.read_text("utf-8"),
        flags=re.M,
    )
    buildings = catalogue_of(default_data()).buildings
    assert [r[0] for r in rows] == [b.id for b in buildings], DEFAULT_FILE
    for (bid, name, mark, recipe, effect), b in zip(rows, buildings, strict=True):
        assert name == f"{b.en} {b.ja}", bid
        assert mark == b.symbol, bid
        assert recipe == b.recipe.text, bid
        income = re.search(r"income (\d+)", effect)
        assert (int(income[1]) if income else 0) == b.income, bid
        assert ("may pass" in effect) == (b.mark == "spade"), bid
        assert ("draw limit +1" in effect) == (b.mark == "heart"), bid


def test_the_japanese_rules_table_is_the_default_catalogue() -> None:
    """The buildings table of ``rules.ja.md``, as the English one: written from
    ``catalogue.toml`` by hand, each building by its Japanese name."""
    rows = re.findall(
        r"^\| `(\w+)` \| (.+?) \| (.) \| (\S+) \| (.+?) \|$",
        RULES_MD.with_name("rules.ja.md").read_text("utf-8"),
        flags=re.M,
    )
    buildings = catalogue_of(default_data()).buildings
    assert [r[0] for r in rows] == [b.id for b in buildings], DEFAULT_FILE
    for (bid, name, mark, recipe, effect), b in zip(rows, buildings, strict=True):
        assert (name, mark, recipe) == (b.ja, b.symbol, b.recipe.text), bid
        income = re.search(r"収入(\d+)", effect)
        assert (int(income[1]) if income else 0) == b.income, bid
        assert ("パスできる" in effect) == (b.mark == "spade"), bid
        assert ("引く上限+1" in effect) == (b.mark == "heart"), bid


@pytest.mark.slow
def test_bots_play_a_whole_game_through_the_cli_then_replay(tmp_path: Path) -> None:
    path = tmp_path / "city.json"
    args = ["play", "rummycity", "--seat-types", "bot,bot", "--bot", "random", "--seed", "5"]
    result = invoke([*args, "-o", "target=12", "--save", str(path)])
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "Rummy City ラミーシティ · two towns" in out
    assert "Game over" in out and "Result 結果" in out
    assert "seat 1 (random bot)" in out and "Your hand" not in out
    assert "Settlement of round 1:" in out
    record = GameRecord.load(path)
    assert record.game == "rummycity" and record.options["players"] == 2
    assert record.outcome is not None
    assert replay(record).outcome() is not None
    assert str(record.outcome["details"]["reason"]) in out

    spectator = invoke(["replay", str(path), "--all"])
    assert spectator.exit_code == 0, spectator.output[-3000:]
    total = len(record.moves)
    assert f"Move {total}/{total}" in spectator.output and "Result 結果" in spectator.output
    assert "Your hand" not in spectator.output
    shown = re.findall(r"Move (\d+)/\d+ · seat (\d) · ([^─\n]+?) ─", spectator.output)
    # every move is public, so the spectator sees each code
    assert [(int(s), c) for _, s, c in shown] == [(s, c) for s, c in record.moves]


@pytest.mark.slow
def test_a_scripted_human_against_the_random_bot_sees_only_its_own(tmp_path: Path) -> None:
    path = tmp_path / "human.json"
    args = ["play", "rummycity", "--bot", "random", "--seed", "3", "-o", "target=20"]
    result = invoke([*args, "--save", str(path)], input=CYCLE * 1500)
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "Game over" in out and "Result 結果" in out
    record = GameRecord.load(path)
    assert record.outcome is not None
    codes = [code for seat, code in record.moves if seat == 0]
    assert any(c.startswith("build") for c in codes), "the human built nothing"
    assert any(c.startswith("lay ") for c in codes)
    states = states_before(record)
    mine = [states[i] for i, (seat, _) in enumerate(record.moves) if seat == 0]
    assert_screens_show_only_what_is_visible(decision_screens(out), mine, 0)
    assert_shows_only_what_is_visible(panels(out)[-1:], states[-1:], 0)
    # the bot's face-down cards are never named to the human: only the human's own
    # face-down draws and looks are told ("only you see it")
    secrets = [ln for ln in out.splitlines() if "(only you see" in ln]
    assert secrets and all(ln.startswith("• You ") for ln in secrets), secrets
    assert re.search(r"Seat 1 \(random bot\) drew \d cards? from the row", out)


@pytest.mark.slow
def test_the_solo_score_attack_through_the_cli(tmp_path: Path) -> None:
    path = tmp_path / "solo.json"
    result = invoke(
        ["play", "rummycity", "--solo", "--seed", "4", "--save", str(path)], input=CYCLE * 1500
    )
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "Rummy City ラミーシティ · solo score attack ソロ" in out
    assert "Round ラウンド 1 of 3" in out and "Discards 捨て札" in out
    assert "Score attack スコアアタック" in out and "Final score:" in out
    assert "Station 駅" not in out and "Post office 郵便局" not in out
    record = GameRecord.load(path)
    assert record.options["players"] == 1 and record.outcome is not None
    states = states_before(record)
    assert_screens_show_only_what_is_visible(decision_screens(out), states[:-1], 0)
    assert_shows_only_what_is_visible(panels(out)[-1:], states[-1:], 0)
    again = invoke(["replay", str(path), "--all"])
    assert again.exit_code == 0 and "Score attack スコアアタック" in again.output
    assert "Your hand 手札" in again.output


@pytest.mark.slow
def test_hotseat_hides_each_hand_from_the_other_town(tmp_path: Path) -> None:
    path = tmp_path / "hotseat.json"
    args = ["play", "rummycity", "--hotseat", "--seed", "7", "-o", "target=10"]
    result = invoke([*args, "--save", str(path)], input=CYCLE * 3000)
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output.split("Game over 終了")[0]
    parts = re.split(r"Pass to seat (\d) — press Enter", out)
    screens = [(int(seat), text) for seat, text in zip(parts[1::2], parts[2::2], strict=True)]
    record = GameRecord.load(path)
    assert record.outcome is not None
    states = states_before(record)
    runs: list[tuple[int, int, int]] = []  # (seat, first move, end)
    for i, (seat, _) in enumerate(record.moves):
        if runs and runs[-1][0] == seat:
            runs[-1] = (seat, runs[-1][1], i + 1)
        else:
            runs.append((seat, i, i + 1))
    assert [seat for seat, _ in screens] == [seat for seat, _, _ in runs]
    for (seat, screen), (_, first, end) in zip(screens, runs, strict=True):
        assert_screens_show_only_what_is_visible(decision_screens(screen), states[first:end], seat)
        # what happened while away: never the other seat's face-down cards
        secrets = [ln for ln in screen.splitlines() if "(only you see" in ln]
        assert all(ln.startswith("• You ") for ln in secrets), secrets
    assert any("While you were away:" in screen for _, screen in screens)


MY_CATALOGUE = """
[[building]]
id = "hut"
en = "Hut"
ja = "小屋"
mark = "♠"
recipe = "3Run"

[[building]]
id = "well"
en = "Well"
ja = "井戸"
mark = "club"
recipe = "Set3"
income = 1

[[building]]
id = "plaza"
en = "Plaza"
ja = "広場"
mark = "♦"
recipe = "MIX3"
effect = "market"
"""


@pytest.mark.slow
def test_a_catalogue_file_replaces_the_buildings(tmp_path: Path) -> None:
    path = tmp_path / "my_buildings.toml"
    path.write_text(MY_CATALOGUE, encoding="utf-8")
    saved = tmp_path / "game.json"
    args = ["play", "rummycity", "--seat-types", "bot,bot", "--bot", "random", "--seed", "2"]
    short = ["-o", "target=15", "-o", "round_limit=3"]
    result = invoke([*args, "-o", f"catalogue={path}", *short, "--save", str(saved)])
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "Game over" in out
    assert "Hut 小屋" in out and "Well 井戸" in out and "Plaza 広場" in out
    assert "Park 公園" not in out and "Bank 銀行" not in out
    # the record holds the catalogue itself: it replays without the file
    record = GameRecord.load(saved)
    ids = [b["id"] for b in record.options["catalogue"]["building"]]
    assert ids == ["hut", "well", "plaza"]
    path.unlink()
    again = invoke(["replay", str(saved), "--all"])
    assert again.exit_code == 0, again.output[-3000:]
    assert "Hut 小屋" in again.output and "Result 結果" in again.output

    as_json = tmp_path / "my_buildings.json"
    as_json.write_text(
        json.dumps(
            {"building": [{"id": "hut", "en": "Hut", "ja": "小屋", "mark": "♠", "recipe": "3Run"}]}
        ),
        encoding="utf-8",
    )
    result = invoke([*args, "-o", f"catalogue={as_json}", *short])
    assert result.exit_code == 0, result.output[-3000:]
    assert "Hut 小屋" in result.output


def test_a_bad_catalogue_is_a_clean_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(MY_CATALOGUE.replace('"Set3"', '"♠9Flush"'), encoding="utf-8")
    args = ["play", "rummycity", "--seat-types", "bot,bot", "--bot", "random"]
    assert_clean_error(invoke([*args, "-o", f"catalogue={bad}"]), "bad.toml", "recipe")
    broken = tmp_path / "broken.toml"
    broken.write_text("[[building]\nid = ", encoding="utf-8")
    assert_clean_error(invoke([*args, "-o", f"catalogue={broken}"]), "broken.toml", "not valid")
    twice = tmp_path / "twice.toml"
    twice.write_text(MY_CATALOGUE + MY_CATALOGUE, encoding="utf-8")
    assert_clean_error(invoke([*args, "-o", f"catalogue={twice}"]), "used twice")
    missing = tmp_path / "missing.toml"
    assert_clean_error(invoke([*args, "-o", f"catalogue={missing}"]), "missing.toml")
    assert_clean_error(
        invoke(["play", "starmine", "-o", f"catalogue={bad}"]), "starmine", "no option 'catalogue'"
    )
    good = tmp_path / "good.toml"
    good.write_text(MY_CATALOGUE, encoding="utf-8")
    assert_clean_error(
        invoke([*args, "-o", f"catalogue={bad}", "-o", f"catalogue={good}"]), "catalogue once"
    )


# --- the rendering and the events -----------------------------------------------------------
@pytest.mark.slow
def test_random_positions_show_each_seat_only_what_it_may_see() -> None:
    """Tables of random games for each seat and a spectator, and the event lines each is
    told: no card it may not see; its own hand always; the other hand's known cards."""
    for players, seed in ((2, 1), (2, 8), (1, 5)):
        match, steps = random_game(players, seed)
        viewers: list[int | None] = [*range(players), None]
        for i, (_, events, before, after) in enumerate(steps):
            # what a public event names (a card laid off as the round ends) may be gone
            # from the table by the end of the move
            public = french_words(" ".join(str(e.data) for e in events if e.to is None))
            for viewer in viewers:
                text = told(events, viewer, NAMES[:players] if players == 2 else ["you"])
                shown = french_words(text)
                allowed = visible(before, viewer) | visible(after, viewer) | public
                assert shown <= allowed, (viewer, shown - allowed, text)
            if i % 13:
                continue
            for viewer in viewers:
                table = rendered(after.view(viewer))
                assert_shows_only_what_is_visible([table], [after], viewer)
                for other in range(players):
                    if other != viewer:
                        me = players if viewer is None else viewer
                        known = {c.code for c in after.known[me][other]}
                        assert known <= french_words(table)
                down = sum(
                    1
                    for c in after.row
                    if c in after.face_down and (viewer is None or c not in after.seen[viewer])
                )
                rows = [ln for ln in table.splitlines() if re.match(r"│\s+\d+–\d+ ", ln)]
                assert sum(ln.count("??") for ln in rows) == down, table
        final = rendered(city(match).view(0))
        assert "Game over 終了" in final and "Result 結果" in final


def test_every_event_kind_has_a_text() -> None:
    kinds = emitted_kinds()
    assert {"draw", "drew", "look", "looked", "take", "layoff", "settled"} <= kinds
    examples: dict[str, dict[str, Any]] = {}
    for players, seed in ((2, 1), (2, 2), (2, 3), (1, 1), (1, 2)):
        _, steps = random_game(players, seed)
        for _, events, _, _ in steps:
            for event in events:
                examples.setdefault(event.kind, event.to_json())
    examples.setdefault("overtime", {"kind": "overtime", "seat": None, "tepu": [51, 51]})
    assert kinds <= set(examples), kinds - set(examples)
    for lang in ("en", "ja"):
        renderer = renderer_for("rummycity", lang=lang)
        assert renderer.words is not None  # the phrasebook, as in the browser
        for kind in sorted(kinds):
            words = renderer.words.event(examples[kind])
            if kind == "game_over" or kind in renderer.words.said_elsewhere:
                assert words is None  # the outcome, or a combination's line, says it
                continue
            assert words is not None, kind
            for viewer in (0, 1, None):
                text = renderer.say(words, NAMES, viewer).plain
                assert text and "{" not in text and "=" not in text, (kind, text)
    book = renderer_for("rummycity").words
    assert book is not None
    gains = {
        why: book.event({"kind": "gain", "seat": 0, "tepu": 2, "why": why})
        for why in ("mine", "market", "post_office")
    }
    assert "the Mine" in str(gains["mine"]) and "鉱山" in str(gains["mine"])
    assert "the Market" in str(gains["market"]) and "市場" in str(gains["market"])
    assert "the Post office" in str(gains["post_office"]) and "郵便局" in str(gains["post_office"])


SCHOOL_SETUP = {
    "hands": [["H2", "S9"], ["C9", "C10"]],
    "buildings": [["school"], []],
    "row": ["S3", "?D9", "C4", "?H7", "SK", "?DA"],
    "turn": 0,
}


def test_the_school_range_and_face_down_cards_are_the_lookers_alone() -> None:
    match = Match("rummycity", {"players": 2}, 1, SCHOOL_SETUP)
    mine, theirs = rendered(city(match).view(0)), rendered(city(match).view(1))
    assert "look at the top 4 (School 学校)" in mine
    assert "D9" not in french_words(mine) and "D9" not in french_words(theirs)
    events = match.play(0, "look")
    assert "Seat 0 looked at the top 4 cards of the row (the School)" in told(events, 1)
    assert "You looked at S3 D9 C4 H7 (only you see" in told(events, 0)
    assert not {"D9", "H7"} & french_words(told(events, 1) + told(events, None))
    mine, theirs = rendered(city(match).view(0)), rendered(city(match).view(1))
    assert "School 学校: you looked at the top 4: 1 S3  2 D9  3 C4  4 H7" in mine
    assert "(D9)" in mine and "(H7)" in mine and "you looked at it (学校)" in mine
    assert "seat 0 is looking at the top 4 cards of the row (School 学校)" in theirs
    assert "??*" in theirs and "the other town looked at it" in theirs
    assert not {"D9", "H7"} & french_words(theirs)
    spectator = rendered(city(match).view(None))
    assert not {"D9", "H7"} & french_words(spectator)

    match.play(0, "take 2")
    assert "taken so far: positions 2" in rendered(city(match).view(1))
    assert "2 D9 taken" in rendered(city(match).view(0))
    events = match.play(0, "take 3")
    events += match.play(0, "done")
    assert "Seat 0 drew 2 cards from the row: C4 and 1 face down" in told(events, 1)
    assert "You drew D9 face down (only you see it)" in told(events, 0)
    assert "D9" not in french_words(told(events, 1))
    theirs = rendered(city(match).view(1))
    assert "known: C4" in theirs and "D9" not in french_words(theirs)
    assert "(H7)" in rendered(city(match).view(0))  # still in the row, still looked at


SETTLE_SETUP = {
    "hands": [["H5", "H4", "S2"], ["C9"]],
    "laid": [[], ["run H6 H7 H8"]],
    "row": ["D2"],
    "rest": "box",
    "turn": 0,
    "tepu": [1, 7],
}


def test_lay_offs_name_the_combination_by_number_and_settlement_is_told() -> None:
    match = Match("rummycity", {"players": 2}, 1, SETTLE_SETUP)
    events = match.play(0, "draw 1")
    # Four cards might make a combination, as far as the others know: seat 0 ends its
    # final turn itself (ruling 21).
    events += match.play(0, "end")
    text = told(events, None)
    assert "Seat 0 drew the last card: the round ends" in text
    assert "Settlement: each town may lay off cards" in text
    table = rendered(city(match).view(0))
    assert "seat 0 (you) to act — settlement 決算: lay off 付け札" in table
    assert "1. Run ラン H6 H7 H8 → no building (final turn)" in table
    assert "layoff CARD N" in table
    assert rc_render.action_text("layoff H5 1").plain == (
        "layoff H5 1 (付け札 onto their combination 1)"
    )
    events = match.play(0, "layoff H5 1")
    assert "Seat 0 laid off H5 onto combination 1 (laid by you)" in told(events, 1)
    assert "Seat 0 laid off H5 onto combination 1 (laid by seat 1)" in told(events, None)
    events = match.play(0, "layoff H4 1")  # a chain: H4 fits once H5 is on
    events += match.play(0, "end")  # the run is still open: seat 0 says it is done
    text = told(events, None)
    # 2 cards left (S2 D2) but 1 tepu: all of it is paid (a short purse), then no gains
    assert (
        "Settlement of round 1: seat 0 paid 1 for 2 cards left (all the tepu held), "
        "gained 0 for combinations and 0 income: 0 tepu"
    ) in text
    assert "Round 2: 2 cards each" in text
    table = rendered(city(match).view(1))
    assert "round 1  seat 0: −1 of 2 +0 +0 = 0" in table


def test_combinations_read_in_order_and_wild_cards_fill_the_gaps() -> None:
    order = rc_render.ordered_cards
    assert order({"kind": "run", "cards": ["HK", "HA", "HQ"]}) == ["HQ", "HK", "HA"]
    assert order({"kind": "run", "cards": ["H3", "HA", "H2"]}) == ["HA", "H2", "H3"]
    assert order({"kind": "set", "cards": ["C4", "S4", "H4"]}) == ["S4", "H4", "C4"]
    wild = {"kind": "mix", "cards": ["D8", "S2", "S10"], "standing": {"S2": "wild (警察署)"}}
    assert order(wild) == ["D8", "S2", "S10"]
    line = rc_render.combination_text(2, wild, {}).plain
    assert line == "2. MIX Run ミックスラン D8 S2 S10 → no building (final turn) (S2 wild 警察署)"
    suitless = {
        "kind": "run",
        "cards": ["D5", "D6", "S7"],
        "building": "market",
        "standing": {"S7": "any suit (銀行)"},
    }
    line = rc_render.combination_text(1, suitless, {}).plain
    assert line == "1. Run ラン D5 D6 S7 → Market 市場 (S7 any suit 銀行)"


def test_buildings_deposits_and_the_making_are_shown() -> None:
    setup = {
        "hands": [["S4", "S5", "S6", "H7", "C3", "C4", "C5"], ["C2"]],
        "buildings": [["park", "bank"], ["police"]],
        "deposits": {"bank": "S7", "police": "HQ"},
        "turn": 0,
    }
    match = Match("rummycity", {"players": 2}, 1, setup)
    state = city(match)
    table = rendered(state.view(1))
    assert "♣ Bank 銀行 Set3 holds S7: 7s any suit" in table
    assert "♣ Police station 警察署 Set4 holds HQ: Qs wild" in table
    assert "♠ Park 公園 ♠3Run" in table
    castle = state.building("castle")
    assert re.search(rf"castle +♣ Castle お城 +♠5\+Run +supply +\+{castle.income} at 決算", table)
    assert re.search(r"police +♣ Police station 警察署 +Set4 +you +holds HQ", table)
    assert "seat 0 to act — draw 1–3 from the row (山札を引く), or build up to 3" in table
    assert ", or pass (パス ♠)" in table
    assert f"Row 山札: {len(state.row)} cards" in table
    match.play(0, "build shrine")
    match.play(0, "lay S4")
    events = match.play(0, "lay S5")
    # No line a card: the making below shows it, and the log tells the combination once down.
    assert "laid S5" not in told(events, 1)
    table = rendered(city(match).view(1))
    assert "Being laid by seat 0 組み合わせ: Run ラン ♠4Run for the Shrine 神社: S4 S5" in table
    assert "seat 0 to act — lay the cards of the combination" in table
    match.play(0, "lay S6")
    match.play(0, "lay H7")  # a 7: any suit with S7 on the Bank
    events = match.play(0, "done")
    text = told(events, 1)
    assert "Seat 0 laid down a Run: S4 S5 S6 H7" in text
    assert "Seat 0 built the Shrine" in text
    table = rendered(city(match).view(1))
    assert "1. Run ラン S4 S5 S6 H7 → Shrine 神社 (H7 any suit 銀行)" in table
    assert "build again (1 of 3 this turn) or end the turn" in table


def test_action_texts_and_public_codes() -> None:
    text = rc_render.action_text
    assert text("build park").plain == "build park (建てる Park 公園, ♠3Run)"
    assert (
        text("place bank S7").plain == "place bank S7 (on the Bank 銀行 for good: 7s are any suit)"
    )
    assert text("place police HQ").plain.endswith("Qs are wild)")
    assert text("draw 3").plain == "draw 3 (山札を引く: the top 3 of the row)"
    assert text("take 2").plain == "take 2 (School 学校: card 2 of those looked at)"
    assert text("meld set").plain == "meld set (a Set セット that claims no building: final turn)"
    assert text("return park").plain.startswith("return park (Park 公園 back to the supply")
    for code in ("look", "take 2", "draw 3", "build park", "lay S4", "layoff H5 1", "pass"):
        assert rc_render.public_code(code, ["looked"]) == code
    renderer = renderer_for("rummycity")
    match = Match("rummycity", {"players": 2}, 1, SCHOOL_SETUP)
    events = match.play(0, "look")
    assert renderer.move_code("look", 0, events, 1) == "look"
    events = match.play(0, "take 2")
    assert renderer.move_code("take 2", 0, events, None) == "take 2"


@pytest.mark.slow
def test_a_replay_shows_each_viewer_only_what_it_may_see() -> None:
    match, _ = random_game(2, 12, target=15)
    record = GameRecord.from_json(match.record.to_json())
    states = states_before(record)
    for viewer in (None, 1):
        screen, out = console()
        assert replay_record(record, screen, viewer=viewer) is not None
        text = out.getvalue()
        assert "Result 結果" in text
        assert_shows_only_what_is_visible(panels(text), states, viewer)
