"""The example game's rules (``examples/oddsevens/oddsevens/rules.md``, quoted), its secrecy,
its words, its bot, and a whole game through ``asobi play`` with scripted input."""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

import pytest

from asobi.core import IllegalAction, InvalidOptions, InvalidSetup, Match
from asobi.core.bots import choose_for, make_bot
from asobi.core.words import fill
from oddsevens import SPEC
from oddsevens.actions import SHOWS, Show
from oddsevens.state import OddsEvensState
from oddsevens.views import VIEW
from tests.play.helpers import invoke
from tests.properties.harness import fingerprint

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "oddsevens"


def game(
    odd_seat: int = 0, rounds: list[list[int]] | None = None, **options: int
) -> OddsEvensState:
    setup = {"odd_seat": odd_seat, "rounds": rounds or []}
    state = SPEC.new_game(options, seed=0, setup=setup)
    assert isinstance(state, OddsEvensState)
    return state


def test_setup_the_seed_draws_who_plays_odd() -> None:
    """rules.md, Setup: "The seed draws who plays odd (半); the other plays even (丁)." """
    drawn = {SPEC.new_game({}, seed=seed).view(None)["odd_seat"] for seed in range(20)}
    assert drawn == {0, 1}
    again = [SPEC.new_game({}, seed=7).view(None)["odd_seat"] for _ in range(2)]
    assert again[0] == again[1]


def test_a_round_both_choose_in_any_order_and_see_only_that_the_other_has() -> None:
    """rules.md, A round: "Both players choose in secret how many fingers to show, 0 to 5
    (`show 3`), in any order. You see that the other has chosen, never what." """
    state = game()
    assert state.active_seats() == {0, 1}
    assert state.legal_actions(1) == list(SHOWS)
    events = state.apply(1, Show(4))  # the second seat may choose first
    assert state.active_seats() == {0}
    seat_0, spectator = state.view(0), state.view(None)
    assert seat_0["chosen"] == [False, True] and seat_0["my_choice"] is None
    assert state.view(1)["my_choice"] == 4 and spectator["my_choice"] is None
    told_0 = [e.to_json() for e in events if e.visible_to(0)]
    assert told_0 == [{"kind": "chose", "seat": 1}]
    worlds = {state.determinize(0, random.Random(i)).pending[1] for i in range(40)}
    assert worlds == set(range(6)), "seat 0's worlds must hold any number for seat 1"


@pytest.mark.parametrize(
    ("fingers", "winner"), [((2, 3), 0), ((0, 5), 0), ((2, 2), 1), ((0, 0), 1)]
)
def test_showing_an_odd_sum_wins_for_odd_an_even_sum_for_even(
    fingers: tuple[int, int], winner: int
) -> None:
    """rules.md, Showing: "An odd sum wins the round for the odd player, an even sum for the
    even player." Seat 0 plays odd here."""
    state = game(odd_seat=0)
    state.apply(0, Show(fingers[0]))
    events = state.apply(1, Show(fingers[1]))
    shown = events[-1].to_json()
    assert shown == {
        "kind": "shown",
        "seat": None,
        "fingers": list(fingers),
        "sum": sum(fingers),
        "winner": winner,
    }
    assert state.view(None)["wins"][winner] == 1
    assert state.active_seats() == {0, 1}, "the next round begins at once"


def test_the_end_first_to_win_the_rounds_to_win() -> None:
    """rules.md, The end: "The first to win 2 rounds wins the game (option `rounds_to_win`,
    1–5)." """
    state = game(odd_seat=0, rounds=[[1, 0]], rounds_to_win=2)
    assert not state.is_over
    state.apply(0, Show(2))
    events = state.apply(1, Show(2))  # even: seat 1 has one round too
    assert not state.is_over and not any(e.kind == "game_over" for e in events)
    state.apply(1, Show(3))
    events = state.apply(0, Show(0))  # odd: seat 0's second round
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (2.0, 1.0)
    assert events[-1].kind == "game_over" and state.active_seats() == frozenset()
    with pytest.raises(InvalidOptions, match="rounds_to_win"):
        SPEC.options({"rounds_to_win": 6})


def test_a_choice_out_of_range_or_twice_is_refused_and_changes_nothing() -> None:
    state = game()
    state.apply(0, Show(2))
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="seat 0 is not to act now"):
        state.apply(0, Show(3))
    with pytest.raises(IllegalAction, match="show 0 to 5 fingers") as info:
        state.apply(1, Show(6))
    assert info.value.rule == "fingers"
    assert fingerprint(state) == before


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"rounds": [[1, 0], [3, 2]]}, "rounds: a seat has already won 2"),
        ({"rounds": [[1, 7]]}, "rounds.0.1"),
        ({"rounds": [[1]]}, "rounds.0"),
        ({"odd_seat": 2}, "odd_seat"),
        ({"odds": 1}, "unknown scenario keys: odds"),
    ],
)
def test_a_scenario_that_cannot_be_is_refused_with_where(
    setup: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidSetup, match=re.escape(message)):
        SPEC.new_game({}, seed=0, setup=setup)


def test_the_view_schema_closes_the_view_to_undeclared_keys() -> None:
    """The view's JSON Schema (for a browser or any other reader) allows exactly the declared
    keys: a new key in a view, a secret say, fails every reader until it is declared."""
    schema = VIEW.json_schema()
    assert schema["additionalProperties"] is False
    assert set(schema["properties"]) == set(SPEC.new_game({}, seed=1).view(0))
    with pytest.raises(ValueError, match="other_choice"):
        VIEW.validate_python({**SPEC.new_game({}, seed=1).view(0), "other_choice": 3})


def test_the_phrasebook_says_each_event_and_move_in_both_languages() -> None:
    words = SPEC.phrasebook(SPEC.options())
    state = game(odd_seat=1)
    events = [*state.apply(0, Show(1)), *state.apply(1, Show(2))]
    said = [w for e in events if (w := words.event(e.to_json())) is not None]
    names = ["Ann", "Bo"]
    assert [fill(w.en, names) for w in said] == [
        "Ann chose in secret",
        "Ann will show 1 finger",
        "Bo chose in secret",
        "Bo will show 2 fingers",
        "Shown together: 1 and 2, 3 is odd: Bo won the round",
    ]
    assert fill(said[-1].ja, names) == "せーの: 1本と2本、合計3は半、Boがラウンドを取った"
    assert words.action("show 0").en == "Show 0 fingers"
    assert words.action("show 1").ja == "指を1本出す"


def test_the_reader_bot_plays_against_a_seat_that_repeats_itself() -> None:
    """The reader expects the parity the other seat showed more often, so once it has seen
    a seat show 4 it wins every round against that seat showing 2 every time."""
    bot = make_bot("normal", "oddsevens", seed=5)
    assert bot.name == "reader"
    for odd_seat in (0, 1):
        state = SPEC.new_game(
            {"rounds_to_win": 5}, seed=0, setup={"odd_seat": odd_seat, "rounds": [[4, 2]]}
        )
        while not state.is_over:
            state.apply(0, Show(2))
            state.apply(1, choose_for(bot, state, 1))
        outcome = state.outcome()
        assert outcome is not None and outcome.winners == (1,)
        assert outcome.details["rounds"] == 5 + (odd_seat == 1)  # the scenario's round counts


def test_the_entry_point_names_the_spec() -> None:
    """``pip install -e examples/oddsevens`` registers the game under its id."""
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))
    points = project["project"]["entry-points"]["asobi.games"]
    assert points == {SPEC.id: "oddsevens:SPEC"}


# --- the terminal ---------------------------------------------------------------------------
def test_a_game_against_the_bot_through_asobi_play() -> None:
    """A whole game in the terminal: the table drawn by the game's render module (found
    through ``GameSpec.render``), moves typed as codes, the events in the phrasebook's words."""
    result = invoke(["play", "oddsevens", "--seed", "4"], input="show 3\n" * 20)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Odds and evens 丁半 · first to 2 rounds" in out
    assert "You will show 3 fingers" in out
    assert "Seat 1 (reader bot) chose in secret" in out
    assert re.search(r"Shown together: 3 and \d, \d+ is (odd|even)", out)
    assert "Game over" in out and "Result:" in out


def test_a_hotseat_game_keeps_each_number_from_the_other_screen(tmp_path: Path) -> None:
    """Hot-seat: seat 1 takes the screen after seat 0 chose 5 and sees that seat 0 chose,
    never what, until both are shown; a replay as seat 1 names the move "a secret choice"."""
    path = tmp_path / "game.json"
    script = "\nshow 5\n\nshow 2\n" + "\nshow 1\n" * 10
    args = ["play", "oddsevens", "--seed", "1", "--hotseat", "--save", str(path)]
    result = invoke(args, input=script)
    assert result.exit_code == 0, result.output
    seat_1_first_screen = result.output.split("Pass to seat 1")[1].split("Pass to seat 0")[0]
    assert "Seat 0 chose in secret" in seat_1_first_screen
    assert "This round: seat 0: chosen · seat 1 (you): choosing" in seat_1_first_screen
    assert "will show" not in seat_1_first_screen and "Shown" not in seat_1_first_screen
    replay = invoke(["replay", str(path), "--all", "--seat", "1"])
    assert replay.exit_code == 0, replay.output
    assert "Move 1/" in replay.output and "a secret choice" in replay.output
    assert "show 5" not in replay.output


def test_the_whole_record_replays_to_the_same_game() -> None:
    match = Match("oddsevens", {}, 11)
    bots = [make_bot("easy", "oddsevens", 1), make_bot("normal", "oddsevens", 2)]
    while not match.state.is_over:
        seat = min(match.state.active_seats())
        match.play(seat, choose_for(bots[seat], match.state, seat))
    again = Match("oddsevens", {}, 11)
    for seat, code in match.record.moves:
        again.play(seat, SPEC.action_space.decode(code))
    assert fingerprint(again.state) == fingerprint(match.state)
