"""Laminate Rummy in the terminal: games against bots to the end, hot-seat with hidden hands,
the rules page, saving and replaying, and what the rendering shows each seat.

The central check: every card code on a rendered table is one the seat may see — its own
hand, the discards, the cards on the papers, the cards it knows to be in another hand, and
the two cards it drew itself. So another seat's hand, another researcher's drawn cards and a
publication in progress never reach the screen.
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from asobi.core.bots import choose_for, make_bot
from asobi.core.cards import SEVEN
from asobi.core.records import GameRecord, Match, replay, replay_steps
from asobi.games.laminate import render as laminate_render
from asobi.games.laminate.state import LaminateState
from asobi.play import HUMAN, TerminalGame, renderer_for, replay_record, scripted

from .helpers import assert_screens_show_only_visible_cards, decision_screens, invoke

CODES = {c.code for c in SEVEN.cards}
# Cycled as input: the highest move number that exists is chosen (the others are refused
# and asked again), so the scripted player publishes, cites and thanks as well as drawing;
# at a hot-seat hand-over any line is Enter.
CYCLE = "9\n6\n4\n3\n2\n1\n"
PRIVATE_STEP = re.compile(r"(publish|lay|cite|give) |done$")


def seven_words(text: str) -> set[str]:
    """Every SEVEN card code that appears as a word in ``text``."""
    return set(re.findall(r"\b[HOBCSTK](?:A|K|1[0-2]|[2-9])\b", text)) & CODES


def visible(state: LaminateState, seat: int | None) -> set[str]:
    """The cards ``seat`` (None: a spectator) may see in ``state``."""
    me = state.n if seat is None else seat
    cards = set(state.discards)
    for papers in state.papers:
        for paper in papers:
            cards |= set(paper.cards)
    for owner in range(state.n):
        cards |= set(state.hands[owner]) if owner == seat else state.known[me][owner]
    if seat is not None and seat == state.turn:
        cards |= set(state.drawn)
    return {c.code for c in cards}


def panels(text: str) -> list[str]:
    """Every rendered table in ``text``, in order (the result panels are left out)."""
    found: list[str] = []
    current: list[str] | None = None
    for line in text.splitlines():
        if current is None:
            at = line.find("╭")
            if at >= 0 and "Laminate Rummy" in line[at:]:
                current = [line[at:]]
        else:
            current.append(line)
            if line.lstrip().startswith("╰"):
                found.append("\n".join(current))
                current = None
    return found


def assert_shows_only_what_is_visible(
    tables: Sequence[str], states: Sequence[LaminateState], seat: int | None
) -> None:
    assert len(tables) == len(states), (len(tables), len(states))
    for table, state in zip(tables, states, strict=True):
        shown = seven_words(table)
        leaked = shown - visible(state, seat)
        assert not leaked, (seat, leaked, table)
        if seat is not None:
            hand = [c.code for c in state.hands[seat]]
            assert f"Your hand 手札 ({len(hand)}): " in table
            assert set(hand) <= shown
            assert f"seat {seat} (you)" in table


def assert_screens_show_only_what_is_visible(
    screens: Sequence[str], states: Sequence[LaminateState], seat: int
) -> None:
    """The shared screen check (helpers.py) with this game's cards; the first screen shows
    the whole table."""
    assert f"seat {seat} (you)" in screens[0]
    assert_screens_show_only_visible_cards(screens, states, seat, seven_words, visible)


def assert_told_only_own_secrets(text: str) -> None:
    """The lines of events in ``text`` tell the reader ("you") only its own secrets: the
    cards it drew itself ("the cards drawn", right after its own draw), the card it kept,
    and the cards given as thanks by it or to it (after the publication that says them)."""
    bullets = [line for line in text.splitlines() if "• " in line]
    assert not re.search(r"• Seat \d[^•]* kept ", text)
    published = ""
    for before, line in itertools.pairwise(bullets):
        if " published “" in before:
            published = before
        if "• the cards drawn: " in line:
            assert "• You researched: drew" in before, (before, line)
        if re.search(r"• (You|Seat \d) received ", line):
            assert before == published or " received " in before, (before, line)
            assert "• You published" in published or "• You received " in line, (published, line)


def console(width: int = 200) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=width, color_system=None, highlight=False), out


def rendered(view: dict[str, Any]) -> str:
    screen, out = console()
    laminate_render.render(view, screen)
    return out.getvalue()


def laminate_state(match: Match) -> LaminateState:
    state = match.state
    assert isinstance(state, LaminateState)
    return state


def states_before(record: GameRecord) -> list[LaminateState]:
    """``[i]``: the state before move ``i`` (0-based); the last is the final state."""
    states = []
    for step in replay_steps(record):
        assert isinstance(step.state, LaminateState)
        states.append(step.state)
    return states


# --- the CLI -------------------------------------------------------------------------------
def test_games_rules_and_help_know_laminate() -> None:
    listed = invoke(["games"])
    assert listed.exit_code == 0 and "laminate" in listed.output
    assert "ラミネートラミー" in listed.output and "3–5 players" in listed.output
    rules = invoke(["rules", "laminate"])
    assert rules.exit_code == 0, rules.output
    for term in (
        "Laminate Rummy",
        "論文",
        "研究",
        "査読",
        "引用",
        "エンドフラグ",
        "publish kind3",
        "lay X",
        "cite X",
        "give X",
        "keep X",
        "100+",
        "オールイーブン",
    ):
        assert term in rules.output, term
    assert "asobi play laminate --players 3" in invoke(["--help"]).output
    play_help = invoke(["play", "--help"]).output
    assert "laminate" in play_help and "ラミネートラミー" in play_help


@pytest.mark.slow
def test_a_game_against_bots_to_the_end_then_replay(tmp_path: Path) -> None:
    path = tmp_path / "laminate.json"
    args = ["play", "laminate", "--players", "3", "--seed", "3", "--bot", "random"]
    result = invoke([*args, "-o", "end_points=10", "--save", str(path)], input=CYCLE * 1000)
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "Laminate Rummy ラミネートラミー · 3 players" in out
    assert "Game over" in out and "Result 結果" in out
    assert f"saved to {path}" in out

    record = GameRecord.load(path)
    assert record.game == "laminate" and record.options["players"] == 3
    assert record.outcome is not None
    assert replay(record).outcome() is not None
    assert str(record.outcome["details"]["reason"]) in out
    codes = [code for seat, code in record.moves if seat == 0]
    assert any(c.startswith("publish") for c in codes), "the human published nothing"
    assert any(c.startswith(("lay", "cite")) for c in codes)

    # What is shown at each of the human's decisions (the whole table at the first, then
    # what changed), then the final table, names only what seat 0 may see; its hand is shown
    # whenever it changed.
    states = states_before(record)
    mine = [states[i] for i, (seat, _) in enumerate(record.moves) if seat == 0]
    assert_screens_show_only_what_is_visible(decision_screens(out), mine, 0)
    assert len(panels(out)) == 2  # the whole table at the first decision and at the end
    assert_shows_only_what_is_visible(panels(out)[-1:], states[-1:], 0)
    assert "You drew 研究: " in out  # the human's own two cards, while keeping one

    # The bots' secrets never reach the screen: their drawn and kept cards, the steps of
    # their publications, the cards they give one another.
    assert_told_only_own_secrets(out)
    assert not re.search(r"\(random bot\): (publish|lay|cite|done|give) ", out)
    assert "(random bot) researched: drew 2 cards from the deck" in out
    assert "the cards drawn: " in out  # the human's own, each after its draw

    spectator = invoke(["replay", str(path), "--all"])
    assert spectator.exit_code == 0, spectator.output[-3000:]
    total = len(record.moves)
    assert f"Move {total}/{total}" in spectator.output and "Result 結果" in spectator.output
    assert "Your hand" not in spectator.output
    for number, (seat, code) in enumerate(record.moves, start=1):
        line = f"Move {number}/{total} · seat {seat} · {code}"
        secret = code.startswith("keep") or PRIVATE_STEP.match(code)
        assert (line in spectator.output) == (not secret), line


def test_the_default_bots_play_five_seats_to_the_end() -> None:
    screen, out = console(120)
    match = Match("laminate", {"players": 5}, 9)
    seats = [HUMAN, "greedy", "greedy", "greedy", "greedy"]
    result = TerminalGame(
        match, seats, screen, scripted(CYCLE.split() * 1500, screen), seed=9
    ).run()
    assert result.finished, out.getvalue()[-3000:]
    text = out.getvalue()
    assert "Game over" in text and "Result 結果" in text
    assert "5 players" in text and "seat 4 (greedy bot)" in text
    record = match.record
    states = states_before(record)
    mine = [states[i] for i, (seat, _) in enumerate(record.moves) if seat == 0]
    assert_screens_show_only_what_is_visible(decision_screens(text), mine, 0)
    assert_shows_only_what_is_visible(panels(text)[-1:], states[-1:], 0)


# --- hot-seat ----------------------------------------------------------------------------
@pytest.mark.slow
def test_hotseat_hides_each_hand_from_the_other_players(tmp_path: Path) -> None:
    path = tmp_path / "hotseat.json"
    args = ["play", "laminate", "--players", "5", "--hotseat", "--seed", "7"]
    result = invoke([*args, "-o", "end_points=6", "--save", str(path)], input=CYCLE * 1500)
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output.split("Game over 終了")[0]
    parts = re.split(r"Pass to seat (\d) — press Enter", out)
    screens = [(int(seat), text) for seat, text in zip(parts[1::2], parts[2::2], strict=True)]

    # One screen per run of moves by one seat: the whole table, then what changed at each
    # later decision of the run.
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
        # what happened while away: never another seat's drawn or kept cards, nor a gift
        # between two other seats
        assert_told_only_own_secrets(screen)
    assert any("While you were away:" in screen for _, screen in screens)
    assert any(" published “" in screen for _, screen in screens)
    assert any(re.search(r"• (You|Seat \d) received ", screen) for _, screen in screens)


# --- replay ------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_replay_shows_each_viewer_only_what_it_may_see() -> None:
    match = Match("laminate", {"players": 3, "end_points": 6}, 12)
    bots = [make_bot("random", "laminate", s) for s in range(3)]
    while match.state.outcome() is None:
        seat = min(match.state.active_seats())
        match.play(seat, choose_for(bots[seat], match.state, seat))
    record = GameRecord.from_json(match.record.to_json())
    states = states_before(record)
    assert any(code.startswith("give") for _, code in record.moves)
    for viewer in (None, 2):
        screen, out = console()
        assert replay_record(record, screen, viewer=viewer) is not None
        text = out.getvalue()
        assert "Result 結果" in text
        # one table after the start and after every move
        assert_shows_only_what_is_visible(panels(text), states, viewer)
        total = len(record.moves)
        for number, (seat, code) in enumerate(record.moves, start=1):
            line = f"Move {number}/{total} · seat {seat} · {code}"
            secret = code.startswith("keep") or PRIVATE_STEP.match(code)
            assert (line in text) == (seat == viewer or not secret), line


# --- the rendering and the events -----------------------------------------------------------
THANKS_SETUP = {
    "hands": [["O7", "C7", "H2", "S9"], ["B4"], ["T6", "K8"]],
    "papers": [
        [{"paper": "kind3", "cards": ["H7"]}],
        [{"paper": "sum49", "cards": ["B7"]}, {"paper": "flush4", "cards": ["C8", "C9", "C10"]}],
        [{"paper": "ak", "cards": ["K7"]}],
    ],
    "discards": ["S6"],
}


def test_a_publication_in_progress_is_shown_to_its_author_alone() -> None:
    match = Match("laminate", {"players": 3}, 1, THANKS_SETUP)
    for code in ("publish kind5", "lay O7", "cite B7", "lay C7", "cite K7", "cite H7"):
        assert match.play(0, code) == []  # nothing for anyone until the paper is out
    mine, theirs = rendered(match.state.view(0)), rendered(match.state.view(1))
    assert "Your paper in progress 論文発表: five of a kind 5カード" in mine
    assert "Your hand 手札 (4): H2 S9 · laid in your paper: O7 C7" in mine
    assert "to seat 1 for B7: your next 'give'" in mine and "to seat 2 for K7: —" in mine
    assert "seat 0 (you) to act — thanks お礼: give a hand card" in mine
    assert "paper in progress" not in theirs and "laid in your paper" not in theirs
    assert "Turn 1 · seat 0 to act — research 研究" in theirs
    assert not {"O7", "C7", "H2", "S9"} & seven_words(theirs)
    assert "Your hand 手札 (1): B4" in theirs

    match.play(0, "give H2")
    events = match.play(0, "give S9")
    names = ["seat 0", "seat 1", "seat 2"]

    def told(viewer: int | None) -> str:
        renderer = renderer_for("laminate")
        lines = [renderer.event_text(e, names, viewer) for e in events if e.visible_to(viewer)]
        return "\n".join(line.plain for line in lines if line is not None)

    spectator, giver, first, second = told(None), told(0), told(1), told(2)
    published = (
        " published “Five of a kind” (4 points): laid O7 C7, cited B7 (by seat 1), "
        "K7 (by seat 2), H7 (own paper) — under review"
    )
    assert "Seat 0" + published in spectator and "You" + published in giver
    assert "cited B7 (by you), K7 (by seat 2)" in first
    thanks = "— under review; gave as thanks: 1 card to seat 1, 1 card to seat 2"
    assert thanks in spectator and thanks in giver
    assert not {"H2", "S9"} & seven_words(spectator)
    assert "Seat 1 received H2" in giver and "Seat 2 received S9" in giver
    assert "gave as thanks: 1 card to you, 1 card to seat 2" in first
    assert "You received H2" in first and "S9" not in seven_words(first)
    assert "You received S9" in second and "H2" not in seven_words(second)
    assert "Turn 2: seat 1" in spectator

    table = rendered(match.state.view(1))
    assert "… five of a kind 5カード (4 pts) 査読中: O7 C7 (1 review to go)" in table
    assert "Your hand 手札 (2): H2 B4" in table
    assert "Citable cards 引用できる: yours (free): B7 · seat 0: H7 · seat 2: K7" in table


def test_the_end_condition_the_end_flag_and_the_outcome() -> None:
    setup = {
        "hands": [["O7", "C7", "H2", "S9", "T6"], ["B4"], ["T7", "K8"]],
        "papers": [
            [
                {"paper": "kind3", "cards": ["H7"]},
                {"paper": "threes3", "cards": ["H6"]},
                {"paper": "flush6", "cards": ["S10"]},
            ],
            [{"paper": "sum49", "cards": ["B7"]}],
            [{"paper": "ak", "cards": ["K7"]}],
        ],
        "deck": ["S7", "S8"],
        "discards": ["S6"],
        "rest": "box",
    }
    match = Match("laminate", {"players": 3}, 1, setup)
    names = ["seat 0", "seat 1", "seat 2"]
    renderer = renderer_for("laminate")
    # 15 points already, but the condition is checked at the end of one's own turn
    table = rendered(match.state.view(1))
    assert "End condition ゲーム終了条件: not met" in table and "leading: seat 0 with 15" in table

    for code in ("publish kind5", "lay O7", "lay C7", "cite B7", "cite K7", "cite H7"):
        match.play(0, code)
    match.play(0, "give H2")
    events = match.play(0, "give S9")
    text = "\n".join(
        t.plain for t in (renderer.event_text(e, names, None) for e in events) if t is not None
    )
    assert "Seat 0 met the end condition with 15 points" in text
    assert "the End Flag goes to seat 0" in text
    table = rendered(match.state.view(0))
    assert "the End Flag エンドフラグ: lay a hand card with it" in table
    events = match.play(0, "flag T6")
    text = "\n".join(
        t.plain for t in (renderer.event_text(e, names, 1) for e in events) if t is not None
    )
    assert "Seat 0 laid T6 with the End Flag (a complete paper, 1 point)" in text
    table = rendered(match.state.view(1))
    assert "met by seat 0 ⚑ — 4 more turns after this one; the game ends after seat 2's turn" in (
        table
    )
    assert "⚑ End Flag エンドフラグ 1 pt 完成: T6" in table
    assert "seat 0: H7 H6 S10 T6" in table  # the End Flag's card is citable

    match.play(1, "draw")
    state = laminate_state(match)
    assert "seat 1 is choosing between 2 drawn cards (hidden)" in rendered(state.view(2))
    drawn = [c.code for c in state.drawn]
    assert not set(drawn) & seven_words(rendered(state.view(2)))
    assert f"You drew 研究: {drawn[0]} {drawn[1]}" in rendered(state.view(1))
    match.play(1, f"keep {drawn[0]}")
    while match.state.outcome() is None:
        seat = min(match.state.active_seats())
        match.play(seat, match.state.legal_actions(seat)[0])
    final = rendered(match.state.view(None))
    assert "Game over 終了 — the end condition was met" in final
    assert "Result 結果" in final and "seat 0 wins 勝利" in final
    assert "End Flag エンドフラグ 1" in final.split("Result 結果")[1]
    assert "Most points wins; on a tie, the fewest complete papers" in final


def test_public_codes_keep_the_secret_moves_secret() -> None:
    public = laminate_render.public_code
    assert public("keep S7", ["kept"]) == "keep one of the two cards drawn (which is secret)"
    for code in ("publish kind3", "lay O7", "cite H7", "done", "give T12"):
        assert not seven_words(public(code, [])) and "kind3" not in public(code, ["gift"])
    for code in ("draw", "take", "review S9", "flag B4", "pass", "discard K9"):
        assert public(code, ["drawn"]) == code
    renderer = renderer_for("laminate")
    match = Match("laminate", {"players": 3}, 1, THANKS_SETUP)
    events = match.play(0, "draw")
    assert renderer.move_code("draw", 0, events, 1) == "draw"
    code = f"keep {laminate_state(match).drawn[0]}"
    events = match.play(0, code)
    assert renderer.move_code(code, 0, events, 0) == code
    assert renderer.move_code(code, 0, events, 1).startswith("keep one of")
    assert renderer.move_code(code, 0, events, None).startswith("keep one of")


def test_action_texts_say_what_a_move_does() -> None:
    text = laminate_render.action_text
    assert text("publish pairs3").plain == "publish pairs3 (three pairs スリーペア, 2 pts)"
    assert text("publish sum49").plain == "publish sum49 (49, 2 pts)"
    assert text("draw").plain.startswith("draw (research 研究")
    assert text("cite H7").plain == "cite H7 (引用: a complete paper's card)"
    assert text("give T12").plain == "give T12 (thanks お礼)"


def test_a_sum_paper_in_progress_shows_its_total() -> None:
    hand = ["KK", "K12", "K11", "K10", "K9", "T12", "T11", "S11", "K8", "C10", "HA"]
    match = Match("laminate", {"players": 3}, 1, {"hands": [hand, ["B4"], ["T7"]]})
    match.play(0, "publish sum100")
    for code in hand[:9]:
        match.play(0, f"lay {code}")
    table = rendered(match.state.view(0))
    assert "Your paper in progress 論文発表: 100+ (6 pts; ranks total 100 or more)" in table
    assert "ranks total 97 (100 or more to finish: not yet)" in table
    match.play(0, "lay C10")  # 107: more cards may follow, or done
    assert [a.encode() for a in match.state.legal_actions(0)] == ["lay HA", "done"]
    assert "ranks total 107 (100 or more to finish: 'done' when you are finished)" in rendered(
        match.state.view(0)
    )
    assert "100+" not in rendered(match.state.view(1)).split("Researchers")[1]


def test_the_papers_and_the_result_fit_80_columns() -> None:
    """At 80 columns each row of the papers in the centre is one line, both halves side by
    side; the Result's header is one line (its marks' legend under the table)."""
    match = Match("laminate", {"players": 3}, 2)
    bots = [make_bot("greedy", "laminate", seed) for seed in range(3)]
    screen, out = console(80)
    laminate_render.render(match.state.view(0), screen)
    rows = [line for line in out.getvalue().splitlines() if "straight5" in line]
    assert len(rows) == 1 and rows[0].count("/") == 2, out.getvalue()
    while not match.state.is_over:
        seat = min(match.state.active_seats())
        match.play(seat, choose_for(bots[seat], match.state, seat))
    screen, out = console(80)
    laminate_render.render(match.state.view(0), screen)
    result = out.getvalue().split("Result")[1]
    assert re.search(r"rank +seat +points 点 +complete +papers 論文", result), result
    assert "✓ complete 完成 · … under review 査読中 (0 pts)" in result
