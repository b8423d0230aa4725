"""A calm terminal (issue 33, item 8): the whole table at a player's first decision and on
``v``, then only the parts of it that changed; a meld listed once with its points, then the
rows it may go to; a legal move's code never taken for a command."""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Sequence
from typing import Any

from rich.console import Console

from asobi.core.records import Match, replay_steps
from asobi.games.starmine import render as starmine_render
from asobi.play import HUMAN, TerminalGame, renderer_for, scripted

from .helpers import FINALE_UNDER_THE_OPENING, decision_screens

# Starmine, seed 3, seat 0 first: its hand is Y1 G4 G5 W1 and G2 lies on the discards.
DUEL = ("starmine", {"players": 2, "start_player": 0}, 3)


def play(
    game: str,
    options: dict[str, Any],
    seed: int,
    answers: Sequence[str],
    setup: dict[str, Any] | None = None,
) -> tuple[str, Match]:
    """Seat 0 typing ``answers`` against random bots; what the terminal printed (prompts and
    answers echoed) and the match."""
    out = io.StringIO()
    screen = Console(file=out, width=200, color_system=None, highlight=False)
    match = Match(game, options, seed, setup)
    seats = [HUMAN] + ["random"] * (match.state.players - 1)
    TerminalGame(match, seats, screen, scripted(answers, screen), seed=seed).run()
    return out.getvalue(), match


def panels(text: str) -> int:
    """How many times the whole table (its framed panel) was printed."""
    return len(re.findall(r"^╭.*Starmine", text, flags=re.M))


# --- what changed ------------------------------------------------------------------------
def test_the_whole_table_first_then_only_the_parts_that_changed() -> None:
    """After discarding Y1, the next decision (draw 2) shows the new status, the discards
    and the hand, and names the parts left out; the rows, the deck and the other hand did
    not change and are not printed again."""
    text, match = play(*DUEL, ["discard Y1", "q"])
    first, second = decision_screens(text)
    assert panels(first) == 1 and "opening オープニング" in first
    assert panels(second) == 0
    assert "• You discarded Y1" in second
    assert "seat 0 (you) to act — draw 2 more cards from the deck or discards" in second
    assert "Discards 捨て札: G2 Y1  oldest first" in second
    assert "Your hand 手札: G4 G5 W1" in second
    assert "Unchanged: deck 山札, rows 列, seat 1's hand\n" in second
    assert second.endswith("1 draw deck   2 draw G2")  # then the moves, then the prompt
    for unchanged in ("Deck 山札:", "opening オープニング", "Seat 1 hand"):
        assert unchanged not in second, unchanged
    assert match.record.moves == [(0, "discard Y1")]


def test_v_shows_the_whole_table_again() -> None:
    """``v`` (or ``view``) prints the whole table and the moves again; the next decision
    then shows what changed since that table."""
    for word in ("v", "view"):
        text, _ = play(*DUEL, ["discard Y1", word, "q"])
        assert panels(text) == 2
        again = text.split(f"): {word}\n")[1]
        assert "opening オープニング" in again and "Deck 山札: 21 cards" in again
        assert "1 draw deck   2 draw G2" in again


def test_the_prompt_and_help_name_v_for_the_whole_table() -> None:
    text, _ = play(*DUEL, ["?", "q"])
    assert "› number 1–8 or a move code (v table 盤面, ? help): " in text
    assert "v: the whole table 盤面" in text


def test_a_game_without_sections_is_printed_whole_when_it_changed() -> None:
    """A game whose render module has no ``sections``: its whole table is one part, printed
    again (unframed) whenever anything in it changed."""
    out = io.StringIO()
    screen = Console(file=out, width=200, color_system=None, highlight=False)
    match = Match(*DUEL)
    game = TerminalGame(match, [HUMAN, "random"], screen, scripted(["1", "q"], screen), seed=3)
    game.renderer = dataclasses.replace(game.renderer, sections_fn=None)
    game.run()
    first, second = decision_screens(out.getvalue())
    assert panels(first) == 1 and panels(second) == 1
    assert "Unchanged" not in second and "Your hand 手札: G4 G5 W1" in second


def test_a_hand_over_shows_the_next_seat_its_whole_table() -> None:
    """Hot-seat: the screen is cleared at each hand-over, so each seat's first decision
    after it shows its whole table, never a difference against a screen it no longer has."""
    out = io.StringIO()
    screen = Console(file=out, width=200, color_system=None, highlight=False)
    answers = ["", "discard Y1", "draw deck", "draw deck", "", "q"]
    TerminalGame(Match(*DUEL), [HUMAN, HUMAN], screen, scripted(answers, screen), seed=3).run()
    screens = decision_screens(out.getvalue())
    assert [panels(s) for s in screens] == [1, 0, 0, 1]
    assert "Pass to seat 1" in screens[-1] and "Your hand 手札: " in screens[-1]


# --- moves grouped, points first ---------------------------------------------------------
def test_starmine_lists_each_meld_once_with_its_points_then_its_rows() -> None:
    """16 legal moves (4 discards, 4 melds × 3 rows) read as 8 numbered lines: each meld
    once, with the points it would score (§5 ブーストカードについて: "ブーストカードを使用して
    揃えた役の評価点は-1点されます"), then the rows it may go to."""
    text, match = play(*DUEL, ["q"])
    assert len(match.state.legal_actions(0)) == 16
    assert "› number 1–8 or a move code" in text
    assert "5 sequence G4 G5 W1  6 points (−1 for the boost) → opening · main · finale" in text
    assert "6 pair Y1 W1  2 points (−1 for the boost) → opening · main · finale" in text
    assert "place opening" not in text and "place main" not in text


def test_a_melds_number_then_its_row_places_it() -> None:
    """A meld's number asks for its row: by number or by name; Enter goes back to every
    move; anything else is refused and asked again."""
    for answers, code in (
        (["5", "2"], "place main seq G4 G5 W1"),
        (["5", "Finale"], "place finale seq G4 G5 W1"),
        (["6", "", "5", "9", "1"], "place opening seq G4 G5 W1"),
    ):
        text, match = play(*DUEL, [*answers, "q"])
        assert match.record.moves[0] == (0, code), answers
        assert "› sequence G4 G5 W1  6 points (−1 for the boost) → 1 opening · 2 main · " in text
    assert "Refused: choose 1–3 or one of opening, main, finale" in text
    assert "You placed a sequence G4 G5 W1 on the opening row (6 points)" in text


def test_a_typed_code_needs_no_second_step() -> None:
    _, match = play(*DUEL, ["place finale pair G5 W1", "q"])
    assert match.record.moves[0] == (0, "place finale pair G5 W1")


def test_answering_1_at_every_prompt_plays_the_first_legal_move_as_before() -> None:
    """The lines keep the legal moves' order (a meld's line where its first row was), so
    "1", and "1" again for a meld's row, is still the first legal move."""
    text, match = play("starmine", {"players": 2, "start_player": 0}, 5, ["1"] * 300)
    states = [step.state for step in replay_steps(match.record)]
    moves = zip(states[:-1], match.record.moves, strict=True)
    mine = [(state, code) for state, (seat, code) in moves if seat == 0]
    assert mine and any(code.startswith("place ") for _, code in mine)
    for state, code in mine:
        assert code == state.legal_actions(0)[0].encode()
    assert "→ opening · main · finale" in text


def test_a_boost_melds_points_follow_the_games_boost_penalty() -> None:
    """The points beside a meld are the ones the rules will give it: the rulebook charges a
    meld made with boosts 1 (``per_meld``); the house rule ``per_boost`` 1 a boost."""
    code = "place main seq G4 W1 W2"
    per_meld = starmine_render.group(code, {"boost_penalty": "per_meld"})
    per_boost = starmine_render.group(code, {"boost_penalty": "per_boost"})
    plain = starmine_render.group("place opening three R2 Y2 G2", {"boost_penalty": "per_meld"})
    assert per_meld is not None and per_boost is not None and plain is not None
    assert per_meld[0].plain == "sequence G4 W1 W2  6 points (−1 for 2 boosts)"
    assert per_boost[0].plain == "sequence G4 W1 W2  5 points (−2 for 2 boosts)"
    assert plain[0].plain == "three of a kind R2 Y2 G2  5 points" and plain[1] == "opening"
    assert starmine_render.group("discard G4", {"boost_penalty": "per_meld"}) is None
    for penalty, points in (("per_meld", 6), ("per_boost", 5)):
        setup = {"hands": [["G4", "W1", "W2", "R7"], ["Y1", "Y2", "Y3", "G6"]]}
        options = {"players": 2, "start_player": 0, "boost_penalty": penalty}
        text, _ = play("starmine", options, 3, [code, "q"], setup)
        assert f"sequence G4 W1 W2  {points} points" in text
        assert f"You placed a sequence G4 W1 W2 on the main row ({points} points)" in text


def test_a_move_with_a_caution_is_listed_alone_with_its_code() -> None:
    """ソロ §3 C ③: a placement the game cautions against is not folded into its meld's
    line: it stands alone, its code in full and marked; the caution the placements share is
    said once, above the list."""
    text, _ = play("starmine", {"players": 1}, 0, ["open", "q"], FINALE_UNDER_THE_OPENING)
    listed = text.split("): open\n")[1]
    assert listed.count("⚠ ends the launch") == 1
    assert re.search(r"\d+ place finale three R5 Y5 G5\s+⚠", listed)
    assert re.search(r"\d+ three of a kind R5 Y5 G5  5 points → main\b", listed)


# --- codes before commands ---------------------------------------------------------------
def test_a_legal_moves_code_is_played_even_where_it_reads_as_a_command() -> None:
    """Rummy City's School move is ``look``: typed, it is played, not taken for a command
    (``v`` and ``view`` show the table)."""
    setup = {
        "hands": [["H2", "S9"], ["C9", "C10"]],
        "buildings": [["school"], []],
        "row": ["S3", "?D9", "C4", "?H7", "SK", "?DA"],
        "turn": 0,
    }
    _, match = play("rummycity", {"players": 2}, 1, ["look", "q"], setup)
    assert match.record.moves == [(0, "look")]


def test_the_renderer_finds_each_games_sections() -> None:
    """Every game's render module cuts its table into named parts, in the order of the
    whole table; the names are unique, so a part is compared with itself."""
    for game, players in (
        ("starmine", 2),
        ("itsmine", 2),
        ("laminate", 3),
        ("rummycity", 2),
        ("carrotein", 2),
    ):
        renderer = renderer_for(game)
        assert renderer.sections_fn is not None, game
        view = Match(game, {"players": players}, 1).state.view(0)
        names = [name for name, _ in renderer.sections(view, 120)]
        assert len(names) == len(set(names)) > 3, (game, names)
