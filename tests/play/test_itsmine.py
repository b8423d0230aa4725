"""It's Mine! in the terminal: duels to the end, hot-seat with secret bids, the simple
variant, saving and replaying, and the rendering of its views and events."""

from __future__ import annotations

import io
import itertools
import random
import re
from pathlib import Path
from typing import Any

from rich.console import Console

from asobi.core.bots import choose_for, make_bot
from asobi.core.records import GameRecord, Match, replay, replay_steps
from asobi.core.words import fill
from asobi.games.itsmine import render as itsmine_render
from asobi.games.itsmine.actions import MINES
from asobi.games.itsmine.state import ItsMineState
from asobi.games.itsmine.words import how_each_mine_went
from asobi.play import HUMAN, TerminalGame, renderer_for, replay_record, scripted

from .helpers import invoke, ones


def its_mine(state: object) -> ItsMineState:
    """A Match's state, as It's Mine!'s own (the match holds it as any game's)."""
    assert isinstance(state, ItsMineState)
    return state


# Every SEVEN card code, as a word: suit letter + A, 2–12 or K.
SEVEN_CARD = re.compile(r"\b[HOBCSTK](?:A|K|1[0-2]|[2-9])\b")


def seven_words(text: str) -> set[str]:
    return set(SEVEN_CARD.findall(text))


def random_digits(seed: int, n: int = 3000) -> str:
    """Scripted input choosing moves 1–3 at random (also presses Enter at hand-overs), so
    two humans do not keep showing the same face and the game reaches its end."""
    rng = random.Random(seed)
    return "".join(f"{rng.randint(1, 3)}\n" for _ in range(n))


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=200, color_system=None, highlight=False), out


def stacked(text: str, upper: str, lower: str) -> bool:
    """Whether ``lower`` is printed right under ``upper`` (one card under another)."""
    lines = text.splitlines()
    for above, below in itertools.pairwise(lines):
        at = above.find(f" {upper} ")
        if at >= 0 and below.find(f" {lower}") == at:
            return True
    return False


def rendered(view: dict[str, Any]) -> str:
    screen, out = console()
    itsmine_render.render(view, screen)
    return out.getvalue()


# --- the CLI -------------------------------------------------------------------------------
def test_games_and_rules_know_its_mine() -> None:
    listed = invoke(["games"])
    assert listed.exit_code == 0 and "itsmine" in listed.output
    assert "イッツマイン!" in listed.output
    rules = invoke(["rules", "itsmine"])
    assert rules.exit_code == 0, rules.output
    for term in ("It's Mine!", "鉱山", "オークション", "3枚ボーナス", "シンプル"):
        assert term in rules.output
    assert "-o simple (variant=simple)" in invoke(["play", "--help"]).output
    assert "asobi play itsmine -o simple" in invoke(["--help"]).output


def test_duel_against_a_bot_to_the_end_then_replay(tmp_path: Path) -> None:
    path = tmp_path / "duel.json"
    args = ["play", "itsmine", "--seed", "5", "--bot", "random", "--save", str(path)]
    result = invoke(args, input=ones())
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "It's Mine! イッツマイン!" in out
    assert "Mines 鉱山" in out and "Coffin K" in out and "コフィン" in out
    assert "Game over" in out and "Result 結果" in out
    assert f"saved to {path}" in out

    record = GameRecord.load(path)
    assert record.game == "itsmine" and record.options["variant"] == "basic"
    assert record.outcome is not None
    final = replay(record)
    assert final.outcome() is not None
    details = record.outcome["details"]
    assert details["reason"] in out
    # who takes each mine and why, in the page's words (勝敗 5), not the record's notes
    assert "Who takes each mine, and why:" in out and "nobody used it" not in out
    names = ["seat 0 (you)", "seat 1"]
    for m, _, why in how_each_mine_went(details):
        assert f"{MINES[m].code}: {fill(why.en, names)}" in out
    # the bot's secret choices are never printed, only that it made them
    assert "(random bot) chose a die face in secret" in out
    assert "(random bot): bid" not in out and "(random bot) will show" not in out
    # (that a bonus card went into its hand or out face down is seen, as its hand's size and
    # its removed count show: which card, never)
    assert not re.search(
        r"\(random bot\):? (kept (?!the bonus card)|removed (?!the bonus card)|chose play|"
        r"will lay|will pass)",
        out,
    )

    again = invoke(["replay", str(path), "--all"])
    assert again.exit_code == 0, again.output[-3000:]
    total = len(record.moves)
    assert f"Move {total}/{total}" in again.output
    assert details["reason"] in again.output and "Result 結果" in again.output
    assert "Your hand" not in again.output  # a spectator
    # a spectator is never told a bid's face by the move's code, only by the reveal
    assert "a secret bid" in again.output
    assert not re.search(r"Move \d+/\d+ · seat \d · bid", again.output)

    as_seat = invoke(["replay", str(path), "--all", "--seat", "0"])
    assert as_seat.exit_code == 0 and "Your hand 手札" in as_seat.output
    for number, (seat, code) in enumerate(record.moves, start=1):
        if code.startswith("bid"):
            shown = code if seat == 0 else "a secret bid"
            assert f"Move {number}/{total} · seat {seat} · {shown} " in as_seat.output


def test_the_default_opponent_plays_a_whole_game() -> None:
    result = invoke(["play", "itsmine", "--seed", "2", "--seat", "1"], input=random_digits(2))
    assert result.exit_code == 0, result.output[-3000:]
    assert "Game over" in result.output
    assert "seat 0 (" in result.output and " bot)" in result.output


def test_the_simple_variant(tmp_path: Path) -> None:
    path = tmp_path / "simple.json"
    args = ["play", "itsmine", "-o", "simple", "--seed", "8", "--bot", "random"]
    result = invoke([*args, "--save", str(path)], input=ones())
    assert result.exit_code == 0, result.output[-3000:]
    assert "simple variant シンプル" in result.output
    record = GameRecord.load(path)
    assert record.options["variant"] == "simple"
    assert record.outcome is not None
    details = record.outcome["details"]
    assert details["variant"] == "simple"
    # each mine is worth 10 and no step 7: points are 10 per mine won
    assert details["points"] == [10 * len(m) for m in details["mines"]]
    assert "(−3 ×" not in result.output
    assert replay(record).outcome() is not None

    same = invoke(["play", "itsmine", "-o", "variant=simple", "--seed", "8", "--bot", "random"])
    assert "simple variant シンプル" in same.output


def test_variant_errors_are_clean() -> None:
    for args, fragment in [
        (["play", "itsmine", "-o", "variant=hard"], "variant"),
        (["play", "itsmine", "-o", "simple", "-o", "variant=basic"], "variant once"),
        (["play", "itsmine", "--variant", "simple"], "-o variant=simple (or -o simple)"),
        (["play", "starmine", "-o", "variant=simple"], "no option 'variant'"),
    ]:
        result = invoke(args, input="q\n")
        assert result.exit_code != 0, result.output
        errors = [x for x in result.output.splitlines() if x.startswith("asobi: error:")]
        assert len(errors) == 1 and fragment in errors[0], result.output


# --- hot-seat ----------------------------------------------------------------------------
def test_hotseat_never_shows_the_other_seats_bid_or_hand(tmp_path: Path) -> None:
    path = tmp_path / "hotseat.json"
    args = ["play", "itsmine", "--hotseat", "--seed", "11", "--save", str(path)]
    result = invoke(args, input=random_digits(11))
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output.split("Game over")[0]
    parts = re.split(r"Pass to seat (\d) — press Enter", out)
    screens = [(int(seat), text) for seat, text in zip(parts[1::2], parts[2::2], strict=True)]

    # One screen per run of moves by one seat; the states of a run are what that seat saw.
    record = GameRecord.load(path)
    states = [its_mine(step.state) for step in replay_steps(record)]
    runs: list[tuple[int, int, int]] = []  # (seat, first move, end)
    for i, (seat, _) in enumerate(record.moves):
        if runs and runs[-1][0] == seat:
            runs[-1] = (seat, runs[-1][1], i + 1)
        else:
            runs.append((seat, i, i + 1))
    assert [seat for seat, _ in screens] == [seat for seat, _, _ in runs]

    second_bidder = 0  # screens where the other seat's bid was in and hidden
    checked = 0  # screens with cards of the other seat to hide
    for (seat, screen), (_, first, end) in zip(screens, runs, strict=True):
        other = 1 - seat
        hidden: set[str] = set()
        for state in states[first:end]:
            hidden |= {c.code for c in state.hands[other] if c not in state.known[other]}
            hidden |= {c.code for c in state.bonus_removed[other]}
            if state.bonus_card is not None and state.bonus_seat == other:
                hidden.add(state.bonus_card.code)
        assert not hidden & seven_words(screen), (seat, hidden & seven_words(screen))
        checked += bool(hidden)
        own = states[first].view(seat)["seats"][seat]["hand"]
        assert f"Your hand 手札 ({len(own)}): " + " ".join(own) in screen
        # the other's pending bid: never its face, neither as an event nor on the table
        assert f"seat {other}: bid " not in screen
        assert not re.search(rf"seat {other} [^\n]*your bid", screen)
        assert f"seat {other}: chose play" not in screen
        assert not re.search(rf"(?i)seat {other} will (show|lay|pass)", screen)
        if states[first].bids[other] is not None:
            assert f"Seat {other} chose a die face in secret" in screen
            assert "bid in ✓ (hidden until both are in)" in screen
            second_bidder += 1
        if "your bid:" in screen:  # only one's own bid is shown, hidden from the other
            assert any(states[i].bids[seat] is not None for i in range(first, end + 1))
    assert second_bidder >= 4
    assert checked > 10


# --- the loop, driven directly ----------------------------------------------------------
def test_a_bot_bidding_first_shows_only_that_its_bid_is_in() -> None:
    screen, out = console()
    match = Match("itsmine", {}, 3)
    game = TerminalGame(match, ["random", HUMAN], screen, scripted(["1", "q"], screen), seed=3)
    game.run()
    text = out.getvalue()
    before_my_bid = text.split("seat 1 (you) › ")[0]
    assert "Seat 0 (random bot) chose a die face in secret" in before_my_bid
    assert "seat 0 ⚀ 1 — bid in ✓ (hidden until both are in)" in before_my_bid
    face = match.record.moves[0][1]
    assert face.startswith("bid ")
    assert "seat 0 (random bot): bid" not in text
    assert "(random bot) will show" not in text
    assert "The dice were revealed" in text  # after the human's bid, both are shown together


def test_a_secret_move_of_the_other_seat_is_described_not_coded() -> None:
    renderer = renderer_for("itsmine")
    match = Match("itsmine", {}, 1)
    events = match.play(0, "bid 3")
    assert renderer.move_code("bid 3", 0, events, 0) == "bid 3"
    assert renderer.move_code("bid 3", 0, events, 1) == "a secret bid"
    assert renderer.move_code("bid 3", 0, events, None) == "a secret bid"
    assert itsmine_render.public_code("keep", ["bonus_decided"]).startswith("a bonus card")
    # a public play that draws a bonus card stays public
    assert itsmine_render.public_code("play C6", ["bonus_card"]) == "play C6"
    names = ["seat 0", "seat 1"]
    told = [renderer.event_text(e, names, 1) for e in events if e.visible_to(1)]
    shown = " ".join(t.plain for t in told if t is not None)
    assert shown == "Seat 0 chose a die face in secret"


# --- the rendering -------------------------------------------------------------------------
BONUS_SETUP = {
    "hands": [["C6", "H2"], ["S5", "T9"]],
    "columns": [{"C": ["C4", "C5"]}, {"T": ["T11", "T10"]}],
    "citizens": ["HA", "O2", "B3", "S7", "T6", "K7", "K8", "O3"],
    "last_face": [1, 1],
}


def test_the_table_shows_mines_columns_dice_and_only_what_a_seat_may_see() -> None:
    match = Match("itsmine", {}, 4, BONUS_SETUP)
    match.play(0, "bid 2")
    state = match.state
    mine, theirs = rendered(state.view(0)), rendered(state.view(1))
    for text in (mine, theirs):
        for name in ("ハート", "オニオン", "ブック", "コイン", "スター", "タイム", "コフィン"):
            assert name in text
        assert "Deck 山札: 21 cards" in text and "Bonus pile ボーナスの山: 5 cards" in text
        assert "Citizens 国民カード (8): HA O2 O3 B3 S7 T6 K7 K8" in text
        assert stacked(text, "T11", "T10 ↓")  # seat 1's Time column, in laid order
    assert "your bid: ⚁ 2" in mine and "Your hand 手札 (2): H2 C6" in mine
    assert "seat 0 ⚀ 1 — bid in ✓ (hidden until both are in)" in theirs
    assert "⚁" not in theirs and "your bid" not in theirs
    assert not {"H2", "C6"} & seven_words(theirs)
    assert "Seat 0 hand 手札: 2 cards" in theirs

    match.play(1, "bid 3")  # seat 0 (lower) takes 2, seat 1 takes 1..3, lays first
    for code in ("take HA", "take O2", "take S7", "done", "play S5"):
        match.play(min(match.state.active_seats()), code)
    match.play(0, "play C6")  # the third Coin: the 3-card bonus
    state = its_mine(match.state)
    card = state.bonus_card
    assert card is not None and state.bonus_seat == 0
    mine, theirs = rendered(state.view(0)), rendered(state.view(1))
    assert f"Bonus card ボーナスカード you are looking at: {card.code}" in mine
    assert card.code not in seven_words(theirs)
    assert "3-card bonus 3枚ボーナス" in theirs and "★" in theirs
    assert stacked(mine, "C4", "C5") and stacked(mine, "C5", "C6 ↑")  # ascending

    match.play(0, "remove")
    mine, theirs = rendered(match.state.view(0)), rendered(match.state.view(1))
    assert f"Your removed bonus cards 除外: {card.code}" in mine
    assert card.code not in seven_words(theirs)


def test_final_round_warning_and_the_outcome_breakdown() -> None:
    setup = {
        "deck": [],
        "citizens": [],
        "bonus": [],
        "rest": "box",
        "final_round": True,
        "round": 9,
        "hands": [["H2"], ["S5"]],
        "columns": [{"C": ["C4", "C5"], "B": ["B3"]}, {"C": ["C6", "C7"]}],
    }
    match = Match("itsmine", {}, 1, setup)
    assert "FINAL ROUND 最終ラウンド" in rendered(match.state.view(0))
    screen, out = console()
    # hot-seat: Enter at each hand-over; no citizens to take, so seat 1 (higher) lays
    # first, then seat 0, and the final round is over
    script = ["", "bid 2", "", "bid 3", "play S5", "", "play H2"]
    result = TerminalGame(match, [HUMAN, HUMAN], screen, scripted(script)).run()
    assert result.finished
    text = out.getvalue()
    assert "Round 9 ラウンド" in text and "FINAL ROUND" in text
    outcome = match.state.outcome()
    assert outcome is not None
    final = text.split("Game over")[-1]
    assert "Result 結果" in final and "seat 0 wins 勝利" in final
    assert "Tie chains 保留" in final and "C10 → B9" in final  # the Coin tie defers
    assert "won by 獲得" in final
    assert "H7 B9 C10 = 26" in final and "S11 = 11" in final
    assert str(outcome.details["reason"]) in final
    assert "Result: seat 0 won." in final


def test_an_its_mine_replay_as_each_seat() -> None:
    match = Match("itsmine", {"variant": "simple"}, 21)
    bots = [make_bot("random", "itsmine", s) for s in (0, 1)]
    while match.state.outcome() is None:
        seat = min(match.state.active_seats())
        match.play(seat, choose_for(bots[seat], match.state, seat))
    record = GameRecord.from_json(match.record.to_json())
    for viewer in (0, 1, None):
        screen, out = console()
        assert replay_record(record, screen, viewer=viewer) is not None
        text = out.getvalue()
        assert "Result 結果" in text
        for number, (seat, code) in enumerate(record.moves, start=1):
            if code.startswith(("bid", "keep", "remove")) and seat != viewer:
                assert f"Move {number}/{len(record.moves)} · seat {seat} · {code}" not in text


def test_the_other_seat_learns_only_that_a_bonus_card_was_decided() -> None:
    """The other seat is told that the bonus card went out face down (as the removed count on
    the table shows), never which card."""
    match = Match("itsmine", {}, 4, BONUS_SETUP)
    moves = [(0, "bid 2"), (1, "bid 3"), (0, "take HA"), (0, "take O2"), (1, "take S7")]
    moves += [(1, "done"), (1, "play S5"), (0, "play C6")]
    for seat, code in moves:
        match.play(seat, code)
    card = its_mine(match.state).bonus_card
    assert card is not None
    events = match.play(0, "remove")
    screen, out = console()
    game = TerminalGame(match, [HUMAN, HUMAN], screen, scripted([]))
    game._print_events(0, "remove", events, 1)
    theirs = out.getvalue()
    assert theirs.startswith("• Seat 0 removed the bonus card from the game face down\n")
    assert "Round 2 began" in theirs
    assert card.code not in seven_words(theirs) and "seat 0: remove" not in theirs
    game._print_events(0, "remove", events, 0)
    assert f"You removed {card.code} from the game face down" in out.getvalue()


def test_the_barred_face_is_said_as_the_rulebook_gives_it_round_by_round() -> None:
    """準備: the dice start 「「1」の目を上にして」, so in the first round 1 is barred because
    the dice start on it; from the second round on, the barred face is last round's."""
    match = Match("itsmine", {}, 4)
    first = rendered(match.state.view(0))
    assert "may not show 1 (the face the dice start on)" in first
    assert "last round's face" not in first
    while its_mine(match.state).round == 1:
        seat = min(match.state.active_seats())
        match.play(seat, match.state.legal_actions(seat)[-1].encode())
    later = rendered(match.state.view(0))
    assert "(last round's face" in later and "the dice start on" not in later
