"""The `asobi` command, driven end to end through typer's CliRunner with scripted input."""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import json
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from rich.cells import cell_len

from asobi.cli import app
from asobi.core.bots import LEVELS, level_bot
from asobi.core.records import GameRecord, replay, replay_steps
from asobi.core.registry import all_specs
from asobi.core.scenarios import scenario_model
from tests.core.simultaneous_game import SPEC as SIMULTANEOUS
from tests.core.simultaneous_game import registered

from .helpers import ENV, card_words, invoke, ones, runner


def assert_clean_error(result: Result, *fragments: str) -> None:
    """A clear one-line message, a non-zero exit, no traceback."""
    assert result.exit_code != 0, result.output
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit
    ), result.exception
    errors = [line for line in result.output.splitlines() if line.startswith("asobi: error:")]
    assert len(errors) == 1, result.output
    for fragment in fragments:
        assert fragment in errors[0]


# --- games, rules, help ------------------------------------------------------------------
def test_games_lists_starmine_with_its_japanese_name() -> None:
    result = invoke(["games"])
    assert result.exit_code == 0, result.output
    assert "starmine" in result.output
    assert "Starmine Rummy Pocket" in result.output
    assert "スターマイン・ラミー" in result.output and "ポケット" in result.output  # (wrapped)
    assert "1 (solo), 2 players" in result.output
    assert "2–6 players" in result.output  # Carrotein's seats, as a range


def test_games_reads_at_80_columns_every_id_whole() -> None:
    """The ids are what a person types: whole on a terminal of 80 columns; so is every word
    of a Japanese name (it once read "星をなくしたキ / ャロテイン")."""
    result = runner.invoke(app, ["games"], env={**ENV, "COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert max(cell_len(line) for line in result.output.splitlines()) <= 80
    rows = [line.split("│")[1].strip() for line in result.output.splitlines() if "│" in line]
    assert {"carrotein", "itsmine", "laminate", "rummycity", "starmine"} <= set(rows)
    names = {line.split("│")[2].strip() for line in result.output.splitlines() if "│" in line}
    for spec in all_specs():
        assert set(spec.name_ja.split()) <= names, spec.name_ja
    # The levels' bots wrap between their parameters, never inside one (seconds=0.75 whole).
    levels = [line.split("│")[4].strip() for line in result.output.splitlines() if "│" in line]
    words = {word for cell in levels for word in cell.split()}
    for spec in all_specs():
        for level in LEVELS:
            assert set(level_bot(spec.id, level).split(":")[1:]) <= words, (spec.id, level)


def test_rules_prints_the_summary() -> None:
    result = invoke(["rules", "starmine"])
    assert result.exit_code == 0, result.output
    assert "Starmine Rummy Pocket" in result.output
    assert "スターマイン" in result.output
    assert "追い打ち" in result.output


def test_help_names_the_games_in_japanese() -> None:
    result = invoke(["--help"])
    assert result.exit_code == 0
    for name in (
        "スターマイン・ラミー ポケット",
        "イッツマイン!",
        "ラミネートラミー",
        "ラミーシティ",
    ):
        assert name in result.output
    play_help = invoke(["play", "--help"])
    assert play_help.exit_code == 0
    for flag in ("--solo", "--hotseat", "--bot", "--seed", "--save", "--option", "--seat-types"):
        assert flag in play_help.output
    replay_help = invoke(["replay", "--help"])
    assert "--all" in replay_help.output and "--spectator" in replay_help.output


# --- errors ------------------------------------------------------------------------------
def test_unknown_game_is_a_clean_error() -> None:
    assert_clean_error(invoke(["play", "chess"]), "chess", "starmine")
    assert_clean_error(invoke(["rules", "chess"]), "chess")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["-o", "colour=red"], "colour"),
        (["-o", "hand_size=99"], "hand_size"),
        (["-o", "nonsense"], "key=value"),
        (["--players", "3"], "3 players"),
        (["--solo", "--players", "2"], "--solo"),
        (["--bot", "nobody"], "nobody"),
        (["--bot", "ismcts:iterations=lots"], "iterations"),
        (["--bot", "greedy:depth=3"], "no parameters"),
        (["--level", "expert"], "levels are random, easy, normal, hard"),
        (["--level", "hard", "--bot", "greedy"], "--level or --bot"),
        (["--seat", "5"], "--seat 5"),
        (["--seat-types", "human,alien"], "alien"),
        (["--seat-types", "human,ismcts:deep"], "key=value"),
        (["--hotseat", "--solo"], "--hotseat"),
        (["--seat", "1", "--seat-types", "human,greedy"], "--seat-types lists every seat"),
        (["--seat", "1", "--hotseat"], "every seat is human"),
        (["--seat", "1", "--solo"], "seats are 0..0"),
        (["--players", "5"], "(allowed: 1, 2)"),
    ],
)
def test_bad_play_options_are_clean_errors(args: list[str], fragment: str) -> None:
    assert_clean_error(invoke(["play", "starmine", *args], input=ones(5)), fragment)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["play", "starmine", "--seed", "abc"], "--seed abc: not a whole number"),
        (["play", "starmine", "--seed=1.5"], "--seed 1.5: not a whole number"),
        (["play", "starmine", "--players", "two"], "--players two: not a whole number"),
        (["simulate", "starmine", "--games", "x"], "--games x: not a whole number"),
    ],
)
def test_a_value_of_the_wrong_type_is_a_clean_error(args: list[str], said: str) -> None:
    """Not typer's box in pydantic's words ("Input should be a valid integer"): the one
    line every other bad value gets."""
    result = invoke(args)
    assert_clean_error(result, said)
    assert "Input should be" not in result.output


def test_bad_record_files_are_clean_errors(tmp_path: Path) -> None:
    assert_clean_error(invoke(["replay", str(tmp_path / "missing.json")]), "missing.json")
    not_json = tmp_path / "not.json"
    not_json.write_text("this is not a record")
    assert_clean_error(invoke(["replay", str(not_json), "--all"]), "not JSON")
    a_list = tmp_path / "list.json"
    a_list.write_text("[1, 2, 3]")
    assert_clean_error(invoke(["replay", str(a_list), "--all"]), "JSON object")
    no_game = tmp_path / "nogame.json"
    no_game.write_text(json.dumps({"game": "chess", "seed": 1, "moves": []}))
    assert_clean_error(invoke(["replay", str(no_game), "--all"]), "chess")
    bad_move = tmp_path / "badmove.json"
    bad_move.write_text(
        json.dumps(
            {"game": "starmine", "options": {"players": 2}, "seed": 1, "moves": [[0, "fly"]]}
        )
    )
    assert_clean_error(invoke(["replay", str(bad_move), "--all"]), "move 1")


# --- bad input that used to crash (issue 30) ------------------------------------------------
@pytest.mark.parametrize(
    ("game", "setup", "fragment"),
    [
        ("starmine", {"hands": [[1, 2, 3, 4], [5, 6, 7, 8]]}, "hands.0: expected a list of card"),
        ("starmine", {"rows": [5, {}]}, "rows.0: Input should be a valid dictionary"),
        ("itsmine", {"columns": [False, {}]}, "columns.0: Input should be a valid dictionary"),
        ("laminate", {"papers": [True, [], [], []]}, "papers.0: Input should be a valid list"),
        ("rummycity", {"laid": [[7], []]}, "laid.0.0: 7 starts with run, mix or set"),
        ("carrotein", {"chips": [["left", 1, "red"]]}, "chips.0: x: a number of millimetres"),
    ],
)
def test_a_setup_of_the_wrong_types_is_a_clean_error(
    tmp_path: Path, game: str, setup: dict[str, object], fragment: str
) -> None:
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(setup))
    result = invoke(["play", game, "--setup", str(path)], input=ones(5))
    assert_clean_error(result, f"--setup {path}: ", fragment)


@pytest.mark.parametrize("value", ["[" * 100_000, "1" + "0" * 5000])
def test_an_option_json_cannot_read_is_a_clean_error(value: str) -> None:
    """-o reads a value as JSON where it can: nesting too deep or a number too long to read
    is then the option's own error, not a crash."""
    result = invoke(["play", "starmine", "-o", f"hand_size={value}"], input=ones(5))
    assert_clean_error(result, "starmine: hand_size: ")


def test_a_setup_nested_too_deeply_is_a_clean_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    result = invoke(["play", "starmine", "--setup", str(path)], input=ones(5))
    assert_clean_error(result, "not JSON (nested too deeply)")


def _saved_record(tmp_path: Path) -> dict[str, object]:
    path = tmp_path / "game.json"
    invoke(
        ["play", "starmine", "--seed", "4", "--seat-types", "random,random", "--save", str(path)]
    )
    data: dict[str, object] = json.loads(path.read_text())
    return data


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"options": {"players": "many"}}, "options: starmine: players: "),
        ({"setup": {"hands": 5}}, "setup: hands: Input should be a valid list"),
        ({"setup": "garbage"}, "not a game record: setup: Input should be a valid dictionary"),
        ({"seed": "4"}, "not a game record: seed: Input should be a valid integer"),
    ],
)
def test_a_record_of_the_wrong_types_is_a_clean_error(
    tmp_path: Path, change: dict[str, object], fragment: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**_saved_record(tmp_path), **change}))
    assert_clean_error(invoke(["replay", str(path), "--all"]), fragment)


def test_a_record_whose_seats_are_not_whole_numbers_is_refused(tmp_path: Path) -> None:
    """Seats 0.7 and 1.7 were replayed as 0 and 1 without a word."""
    data = _saved_record(tmp_path)
    moves = data["moves"]
    assert isinstance(moves, list)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**data, "moves": [[seat + 0.7, code] for seat, code in moves]}))
    assert_clean_error(
        invoke(["replay", str(path), "--all"]), "moves.0.0: Input should be a valid int"
    )


def test_a_record_nested_too_deeply_is_a_clean_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    assert_clean_error(invoke(["replay", str(path), "--all"]), "not JSON (nested too deeply)")


def test_a_tampered_move_shows_nothing_of_the_game_before_its_error(tmp_path: Path) -> None:
    """Issue 34, goal 5: the whole record is checked before the replay prints anything, so
    the game up to the bad move is not shown first."""
    data = _saved_record(tmp_path)
    moves = data["moves"]
    assert isinstance(moves, list) and len(moves) > 10
    moves[10] = [moves[10][0], "draw Y9"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = invoke(["replay", str(path), "--all"])
    assert_clean_error(result, "move 11 ")
    assert result.output.startswith("asobi: error:"), result.output


@pytest.mark.parametrize("bot", ["ismcts:seconds=nan", "lookahead:seconds=nan", "ismcts:c=inf"])
def test_a_bot_budget_that_is_not_a_finite_number_is_a_clean_error(bot: str) -> None:
    """Issue 30, 14: seconds=nan never ended the bot's decision."""
    result = invoke(["play", "starmine", "--bot", bot], input=ones(5))
    assert_clean_error(result, "is not a finite number")


# --- a duel against a bot ----------------------------------------------------------------
def test_duel_against_a_bot_to_the_end_then_replay(tmp_path: Path) -> None:
    path = tmp_path / "duel.json"
    args = ["play", "starmine", "--seed", "5", "--bot", "random", "--save", str(path)]
    result = invoke(args, input=ones())
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert "Result 結果" in result.output
    assert "seat 1 (random bot)" in result.output
    assert f"saved to {path}" in result.output

    record = GameRecord.load(path)
    assert record.outcome is not None
    final = replay(record)  # the record reproduces the game exactly
    assert final.outcome() is not None
    reason = record.outcome["details"]["reason"]
    assert reason in result.output

    again = invoke(["replay", str(path), "--all"])
    assert again.exit_code == 0, again.output
    assert f"Move {len(record.moves)}/{len(record.moves)}" in again.output
    assert reason in again.output
    assert "Result 結果" in again.output
    # the spectator sees no hand; a seat sees its own
    assert "Your hand" not in again.output
    as_seat = invoke(["replay", str(path), "--all", "--seat", "0"])
    assert as_seat.exit_code == 0 and "Your hand 手札" in as_seat.output


def test_an_illegal_typed_code_is_refused_with_its_rule_then_a_legal_one_plays() -> None:
    script = "draw deck\nfly to the moon\n99\ndiscard W1\n" + ones()
    args = ["play", "starmine", "--seed", "3", "-o", "start_player=0", "--bot", "random"]
    result = invoke(args, input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    # 'draw deck' is a real code but not legal before a discard: the rule is named
    assert re.search(r"Refused: .*\(rule: §5", out), out[:3000]
    assert "Refused: unknown move" in out
    assert "Refused: there is no move 99" in out
    # then the typed legal code is played
    assert "You discarded W1" in out
    assert "Game over" in out


def test_bots_in_every_seat_play_without_input() -> None:
    result = invoke(["play", "starmine", "--seed", "1", "--seat-types", "random,random"])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert "Your hand" not in result.output  # a spectator's screen


def test_input_ending_mid_game_stops_cleanly_and_saves_what_was_played(tmp_path: Path) -> None:
    path = tmp_path / "partial.json"
    result = invoke(["play", "starmine", "--seed", "2", "--save", str(path)], input="1\n1\n")
    assert result.exit_code == 1
    assert "the input ended" in result.output
    assert "Traceback" not in result.output
    record = GameRecord.load(path)
    assert record.outcome is None and record.moves
    shown = invoke(["replay", str(path), "--all"])
    assert shown.exit_code == 0 and "stops before the game's end" in shown.output


def test_quit_stops_the_game() -> None:
    result = invoke(["play", "starmine", "--seed", "2", "-o", "start_player=0"], input="q\n")
    assert result.exit_code == 0
    assert "Game stopped: quit" in result.output


def test_replay_steps_with_enter_and_stops_on_q(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    invoke(
        ["play", "starmine", "--seed", "4", "--seat-types", "random,random", "--save", str(path)]
    )
    result = invoke(["replay", str(path)], input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "Move 2/" in result.output
    assert "Move 3/" not in result.output
    assert "Replay stopped" in result.output


def test_play_and_replay_in_japanese(tmp_path: Path) -> None:
    """--lang ja, as for play: the replay's own words and what happened are Japanese; an
    unknown language is refused in one line."""
    path = tmp_path / "g.json"
    played = invoke(
        ["play", "starmine", "--seed", "4", "--seat-types", "random,random", "--save", str(path),
         "--lang", "ja"]
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    assert "結果:" in played.output and "Result:" not in played.output
    result = invoke(["replay", str(path), "--lang", "ja"], input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "リプレイ" in result.output and "観戦者の視点" in result.output
    assert "2/" in result.output and "手目 · 席" in result.output and "Move " not in result.output
    assert "・席" in result.output and "リプレイをやめました。" in result.output
    assert_clean_error(invoke(["replay", str(path), "--lang", "fr"]), "--lang fr")


def test_a_tampered_record_is_caught(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    invoke(
        ["play", "starmine", "--seed", "4", "--seat-types", "random,random", "--save", str(path)]
    )
    data = json.loads(path.read_text())
    data["outcome"]["ranks"] = [9, *data["outcome"]["ranks"]]
    path.write_text(json.dumps(data))
    assert_clean_error(invoke(["replay", str(path), "--all"]), "claims")


# --- hot-seat ----------------------------------------------------------------------------
def test_hotseat_never_shows_a_hand_to_the_other_seat(tmp_path: Path) -> None:
    path = tmp_path / "hotseat.json"
    args = ["play", "starmine", "--hotseat", "--seed", "11", "-o", "start_player=0"]
    result = invoke([*args, "--save", str(path)], input=ones())
    assert result.exit_code == 0, result.output
    out = result.output.split("Game over")[0]
    parts = re.split(r"Pass to seat (\d)", out)
    screens = [(int(seat), text) for seat, text in zip(parts[1::2], parts[2::2], strict=True)]
    assert len(screens) > 4

    # The moves come in runs, one run per screen: the state at the start of each run tells
    # which of the other seat's cards were hidden from the seat holding the screen.
    record = GameRecord.load(path)
    states = [step.state for step in replay_steps(record)]
    runs: list[tuple[int, int]] = []  # (seat, index of its run's first move)
    for i, (seat, _) in enumerate(record.moves):
        if not runs or runs[-1][0] != seat:
            runs.append((seat, i))
    assert [seat for seat, _ in screens] == [seat for seat, _ in runs]

    checked = 0
    for (seat, screen), (_, first) in zip(screens, runs, strict=True):
        other = 1 - seat
        view = states[first].view(other)["seats"][other]
        hidden = set(view["hand"]) - set(view["known_cards"])
        assert not hidden & card_words(screen), (seat, hidden, screen)
        own = states[first].view(seat)["seats"][seat]["hand"]
        assert "Your hand 手札: " + " ".join(own) in screen
        checked += bool(hidden)
    assert checked > 4


# --- solo --------------------------------------------------------------------------------
def test_solo_game_through_the_cli_ends_with_an_evaluation(tmp_path: Path) -> None:
    path = tmp_path / "solo.json"
    result = invoke(["play", "starmine", "--solo", "--seed", "3", "--save", str(path)], ones())
    assert result.exit_code == 0, result.output
    assert "solo contest" in result.output
    assert "Evaluation 評価" in result.output
    assert "Final score:" in result.output
    record = GameRecord.load(path)
    assert record.options["players"] == 1
    again = invoke(["replay", str(path), "--all"])
    assert again.exit_code == 0
    assert "Evaluation 評価" in again.output
    assert "Your hand 手札" in again.output  # a solo replay shows the player's hand
    assert record.outcome is not None
    assert record.outcome["details"]["reason"] in again.output


# --- levels and tournaments (issue 7) ----------------------------------------------------
def test_games_lists_each_games_levels() -> None:
    result = invoke(["games"])
    assert result.exit_code == 0, result.output
    assert "hard: perfect" in result.output  # Carrotein's solver bot
    assert "normal: greedy" in result.output


def test_a_level_names_the_opponents_and_plays_to_the_end() -> None:
    result = invoke(
        ["play", "starmine", "--level", "easy", "--seat-types", "bot,easy", "--seed", "3"]
    )
    assert result.exit_code == 0, result.output
    assert "seat 1 (easy bot)" in result.output


def test_tournament_rates_bots_and_writes_every_game(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    args = ["tournament", "starmine", "--bots", "random,greedy", "--rounds", "3", "--out", str(out)]
    result = invoke(args)
    assert result.exit_code == 0, result.output
    assert "6 games" in result.output and "greedy" in result.output
    data = json.loads(out.read_text())
    assert data["summary"]["games"] == 6 and len(data["games"]) == 6
    first = data["games"][0]
    # Each game is replayable from its record.
    record = GameRecord.from_json(
        {
            "game": "starmine",
            "options": data["summary"]["options"],
            "seed": first["seed"],
            "moves": first["moves"],
        }
    )
    assert replay(record).is_over


def test_a_solo_tournament_compares_the_bots_deal_by_deal() -> None:
    result = invoke(["tournament", "starmine", "-n", "1", "--bots", "random,greedy", "-r", "2"])
    assert result.exit_code == 0, result.output
    assert "1 player, 4 games" in result.output and "met deal by deal" in result.output


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--bots", "greedy"], "two different bots"),
        (["--bots", "greedy,greedy"], "two different bots"),
        (["--bots", "greedy,nobody"], "nobody"),
        (["--bots", "greedy,random", "--players", "7"], "7 players"),
        (["--bots", "greedy,random", "--rounds", "0"], "--rounds"),
    ],
)
def test_bad_tournament_options_are_clean_errors(args: list[str], fragment: str) -> None:
    assert_clean_error(invoke(["tournament", "starmine", *args]), fragment)


# --- simulate, report, replay of a simulated game (issue 9) -------------------------------
@pytest.mark.slow
def test_simulate_then_report_then_replay_a_game(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    args = ["simulate", "itsmine", "--games", "3", "--sweep", "variant=basic,simple"]
    result = invoke([*args, "--out", str(out), "--seed", "7"])
    assert result.exit_code == 0, result.output
    assert "6 games in" in result.output and "Seat advantage" in result.output
    assert (out / "results.csv").exists() and (out / "games.jsonl").exists()
    plan = json.loads((out / "simulation.json").read_text())
    assert plan["command"] == (
        "asobi simulate itsmine --bots normal --games 3 --sweep variant=basic,simple "
        f"--seed 7 --out {out}"
    )
    assert plan["plan"]["sweep"] == {"variant": ["basic", "simple"]}

    again = invoke([*args, "--out", str(out), "--seed", "7"])
    assert again.exit_code == 0 and "6 of 6 games already played" in again.output

    result = invoke(["report", str(out), "--out", str(tmp_path / "rep")])
    assert result.exit_code == 0, result.output
    assert "variant=simple" in (tmp_path / "rep" / "report.md").read_text()
    assert "whole games of the" not in result.output

    # A last line cut short (a run stopped while writing): the report says what it read.
    games = (out / "games.jsonl").read_bytes()
    (out / "games.jsonl").write_bytes(games[: len(games) - 40])
    result = invoke(["report", str(out), "--out", str(tmp_path / "rep")])
    assert result.exit_code == 0, result.output
    assert "holds 5 whole games of the 6 planned" in result.output
    (out / "games.jsonl").write_bytes(games)

    result = invoke(["replay", str(out / "games.jsonl"), "--game", "4", "--all"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--bots", "greedy,random,random"], "3 bots for 2 seats"),
        (["--bots", "nobody"], "nobody"),
        (["--games", "0"], "--games"),
        (["--sweep", "hand_size"], "expected key=value"),
        (["--sweep", "hand_size=1,99"], "hand_size"),
        (["--sweep", "hand_size=1", "--sweep", "hand_size=2"], "swept twice"),
        (["--backend", "slurm"], "unknown backend"),
        (["--address", "10.0.0.1:6379"], "needs --backend ray"),
    ],
)
def test_bad_simulate_options_are_clean_errors(
    tmp_path: Path, args: list[str], fragment: str
) -> None:
    result = invoke(["simulate", "itsmine", "--games", "1", "--out", str(tmp_path), *args])
    assert_clean_error(result, fragment)


def test_a_ray_that_does_not_start_is_a_clean_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 34 goal 4: one line with what to try, not Ray's traceback."""
    ray = types.ModuleType("ray")

    def init(**settings: object) -> None:
        raise Exception("The current node timed out during startup.\nMore lines of advice.")

    ray.__dict__.update(init=init, is_initialized=lambda: False, shutdown=lambda: None)
    monkeypatch.setitem(sys.modules, "ray", ray)
    args = ["simulate", "itsmine", "-b", "random", "-g", "2", "--out", str(tmp_path)]
    result = invoke([*args, "--backend", "ray", "--workers", "2"])
    assert_clean_error(result, "timed out during startup", "--backend local")
    assert "More lines" not in result.output


def test_simulate_refuses_a_folder_of_another_simulation(tmp_path: Path) -> None:
    assert invoke(["simulate", "starmine", "-b", "random", "-g", "1", "--out", str(tmp_path)])
    result = invoke(["simulate", "starmine", "-b", "random", "-g", "2", "--out", str(tmp_path)])
    assert_clean_error(result, "holds another simulation")


def test_report_and_replay_errors_are_clean(tmp_path: Path) -> None:
    assert_clean_error(invoke(["report", str(tmp_path)]), "no simulation.json")
    (tmp_path / "games.jsonl").write_text("{}\n")
    assert_clean_error(invoke(["replay", str(tmp_path / "games.jsonl")]), "--game N")
    assert_clean_error(
        invoke(["replay", str(tmp_path / "games.jsonl"), "--game", "3"]), "no game 3 (it holds 1)"
    )
    (tmp_path / "one.json").write_text("{}\n")
    assert_clean_error(
        invoke(["replay", str(tmp_path / "one.json"), "--game", "2"]), "is one game's record"
    )


def test_a_count_below_one_names_the_option_given() -> None:
    assert_clean_error(invoke(["play", "itsmine", "--solo"]), "no solo mode (players: 2)")
    bad = ["simulate", "starmine", "-b", "random", "--games", "-3"]
    assert_clean_error(invoke(bad), "--games -3: at least 1")
    rounds = ["tournament", "starmine", "-b", "random,greedy", "--rounds", "0"]
    assert_clean_error(invoke(rounds), "--rounds 0: at least 1")


def test_the_games_words_in_japanese_with_lang_ja() -> None:
    """--lang ja: what happened, the seats' names and the game's warnings in Japanese (the
    table keeps naming its parts in both languages); an unknown language is refused."""
    result = invoke(["play", "starmine", "--seed", "7", "--lang", "ja"], input=ones(40) + "q\ny\n")
    assert "・席1(greedyボット)が" in result.output and "捨て札にした" in result.output
    assert " / " not in "".join(line for line in result.output.splitlines() if "⚠" in line)
    english = invoke(["play", "starmine", "--seed", "7"], input=ones(40) + "q\ny\n")
    assert "• Seat 1 (greedy bot) " in english.output and "捨て札にした" not in english.output
    assert_clean_error(invoke(["play", "starmine", "--lang", "fr"]), "--lang fr", "en and ja")


# --- scenario files ------------------------------------------------------------------------
def _example(model: type) -> dict[str, object]:
    """The JSON example of a scenario model's docstring (its literal block)."""
    doc = inspect.cleandoc(model.__doc__ or "")
    after = doc.split("::\n", 1)[1].splitlines()
    block = itertools.takewhile(lambda line: not line or line.startswith(" "), after)
    example: dict[str, object] = json.loads("\n".join(block))
    return example


@pytest.mark.parametrize(
    "spec", [s for s in all_specs() if s.scenario is not None], ids=lambda s: s.id
)
def test_rules_scenario_shows_every_key_and_an_example_that_starts_a_game(spec: Any) -> None:
    """Scenario files were documented only in the source: ``asobi rules GAME --scenario``
    prints their form from the game's model, every key, and its example, which is a
    scenario the game starts from (for as many seats as it lists)."""
    result = runner.invoke(app, ["rules", spec.id, "--scenario"], env={**ENV, "COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    model = scenario_model(spec)
    assert model is not None
    for key in model.model_fields:
        assert f"• {key}:" in result.output, key
    example = _example(model)
    assert '"' + next(iter(example)) + '"' in result.output  # the example, as written
    per_seat = next(v for k, v in example.items() if k in ("hands", "scored", "tepu"))
    assert isinstance(per_seat, list)
    state = spec.new_game({"players": len(per_seat)}, seed=1, setup=example)
    assert not state.is_over and state.active_seats()


def test_rules_scenario_of_a_game_without_one_says_so() -> None:
    with registered(dataclasses.replace(SIMULTANEOUS, scenario=None)) as spec:
        result = runner.invoke(app, ["rules", spec.id, "--scenario"], env=ENV)
    assert result.exit_code == 1, result.output
    assert "starts only from a deal" in result.output and "Traceback" not in result.output
