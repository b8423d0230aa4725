"""The play loop and the renderers, driven directly with scripted input."""

from __future__ import annotations

import dataclasses
import io
import math
import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

import asobi.agents
from asobi.core.bots import bot_names
from asobi.core.records import GameRecord, Match, replay
from asobi.core.words import Words
from asobi.games.carrotein.rules import APART
from asobi.games.carrotein.state import CarroteinState
from asobi.play import HUMAN, TerminalGame, default_bot, renderer_for, replay_record, scripted
from asobi.play.render import render_json

from .helpers import FINALE_UNDER_THE_OPENING, place_points


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=200, color_system=None, highlight=False), out


ROWS = ("opening", "main", "finale")


def solo_policy(table: list[TerminalGame]) -> Callable[[str], str]:
    """A sensible solo player, typing codes: open every flip; build the rows bottom-up, each
    above the last; otherwise remove a card and draw."""

    def ask(prompt: str) -> str:
        state = table[0].state
        view = state.view(0)
        legal: list[str] = [a.encode() for a in state.legal_actions(0)]
        if view["phase"] == "flip":
            return "open"
        if view["phase"] == "draw":
            return legal[0]
        rows = view["seats"][0]["rows"]
        totals = view["seats"][0]["row_totals"]
        empty = [r for r in ROWS if not rows[r]]
        if empty:
            target = empty[0]
            floor = totals[ROWS[ROWS.index(target) - 1]] if target != "opening" else 1
            fits = [c for c in legal if c.startswith(f"place {target} ")]
            fits = [c for c in fits if place_points(c) > floor]
            if fits:
                pick = max if target == "finale" else min
                return pick(fits, key=place_points)
        if "pass" in legal:
            return "pass"
        discards = [c for c in legal if c.startswith("discard") and not c.endswith("W1")]
        return discards[0] if discards else legal[0]

    return ask


def test_a_solo_game_reaches_its_title() -> None:
    for seed in range(40):
        screen, out = console()
        table: list[TerminalGame] = []  # the policy reads the game it plays
        match = Match("starmine", {"players": 1}, seed)
        game = TerminalGame(match, [HUMAN], screen, solo_policy(table), seed=seed)
        table.append(game)
        result = game.run()
        assert result.finished
        details = match.record.outcome["details"] if match.record.outcome else {}
        if details.get("title"):
            text = out.getvalue()
            assert "Evaluation 評価" in text
            assert "Title 称号: " + details["title"] in text
            assert details["title_en"] in text
            assert re.search(rf"evaluation 評価点\s+{details['evaluation']}\b", text)
            assert f"Final score: {details['evaluation']}" in text
            replay(match.record)
            return
    pytest.fail("the solo policy never launched successfully in 40 deals")


def test_bot_moves_are_printed_without_their_private_draws() -> None:
    screen, out = console()
    match = Match("starmine", {"players": 2, "start_player": 1}, 8)
    game = TerminalGame(match, [HUMAN, "random"], screen, scripted(["q"]), seed=8)
    game.run()
    text = out.getvalue()
    assert "Seat 1 (random bot) drew a card from the deck" in text
    # the bot's own drawn cards are private events: the human never sees which card
    assert "the card drawn:" not in text
    assert "Game stopped: quit" in text


def test_own_private_draws_are_shown() -> None:
    screen, out = console()
    match = Match("starmine", {"players": 2, "start_player": 0}, 8)
    game = TerminalGame(match, [HUMAN, "random"], screen, scripted(["1", "draw deck", "q"]), seed=8)
    game.run()
    assert "You drew a card from the deck" in out.getvalue()
    assert "the card drawn: " in out.getvalue()  # told to its drawer alone


def test_a_move_with_a_caution_has_it_printed_beside_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any game: the loop asks ``State.caution`` for each listed move and prints the words
    (in the terminal's language, seats named) beside that move only."""
    screen, out = console()
    match = Match("itsmine", {"players": 2}, 4)
    seat = min(match.state.active_seats())
    legal = match.state.legal_actions(seat)
    marked = legal[-1]

    def caution(state: Any, seat: int, action: Any) -> Words | None:
        return Words(f"mind this, {{s:{seat}}}", "注意") if action == marked else None

    monkeypatch.setattr(type(match.state), "caution", caution)
    seats = [HUMAN if s == seat else "random" for s in range(2)]
    TerminalGame(match.clone(), seats, screen, scripted(["q"]), seed=4).run()
    text = out.getvalue()
    assert text.count("⚠") == 1
    number = len(legal)  # the marked move's number; its code may be drawn with a die face
    assert re.search(rf"{number} {marked.encode()}[^⚠]{{0,4}}⚠ mind this, you\n", text)
    screen, out = console()
    TerminalGame(match, seats, screen, scripted(["q"]), seed=4, lang="ja").run()
    # In Japanese a move reads as the phrasebook says it, its code after it.
    assert re.search(rf"{number} [^\n]*{marked.encode()}[^⚠]{{0,4}}⚠ 注意\n", out.getvalue())


def test_a_caution_several_moves_share_is_said_once_above_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A caution true of many moves (the Starmine solo's lost launch is true of every one)
    is said once, above the list, and those moves marked; one true of every move needs no
    mark at all."""
    screen, out = console()
    match = Match("itsmine", {"players": 2}, 4)
    seat = min(match.state.active_seats())
    legal = match.state.legal_actions(seat)
    marked = set(legal[1:])

    def caution(state: Any, seat: int, action: Any) -> Words | None:
        return Words("mind this", "注意") if action in marked else None

    monkeypatch.setattr(type(match.state), "caution", caution)
    seats = [HUMAN if s == seat else "random" for s in range(2)]
    TerminalGame(match.clone(), seats, screen, scripted(["q"]), seed=4).run()
    text = out.getvalue()
    assert text.count("mind this") == 1
    assert "⚠ mind this — the moves marked ⚠ below" in text
    assert text.count("⚠") == 2 + len(marked)  # (the line above names the mark)
    everything = set(legal)
    monkeypatch.setattr(
        type(match.state),
        "caution",
        lambda state, seat, action: Words("mind this", "注意") if action in everything else None,
    )
    screen, out = console()
    TerminalGame(match, seats, screen, scripted(["q"]), seed=4, lang="ja").run()
    text = out.getvalue()
    assert "⚠ 注意 — 下のどの手も" in text and text.count("⚠") == 1


def test_a_long_japanese_caution_is_folded_whole_at_80_columns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Japanese sentence has no space to wrap at: at 80 columns its caution (and the code
    beside it) folds onto the next lines, never cut short with "…"."""
    long = "打上げ失敗で終わります:メイン(0点)がオープニング(5点)を超えないまま完成し、" * 2
    match = Match("starmine", {"players": 1}, 4)
    marked = match.state.legal_actions(0)[0]

    def caution(state: Any, seat: int, action: Any) -> Words | None:
        return Words("mind this", long) if action == marked else None

    monkeypatch.setattr(type(match.state), "caution", caution)
    out = io.StringIO()
    screen = Console(file=out, width=80, color_system=None, highlight=False)
    TerminalGame(match, [HUMAN], screen, scripted(["q"]), seed=4, lang="ja").run()
    text = out.getvalue()
    assert "…" not in text
    assert long in "".join(line.strip() for line in text.splitlines())
    assert marked.encode() in text


def test_the_terminal_speaks_japanese_with_lang_ja() -> None:
    """``asobi play --lang ja``: the terminal's own words (the seats, how to choose, the
    prompt, refusals, why a game stopped, the result) are Japanese, what the table waits for
    is said in the phrasebook's Japanese above the moves, and each move reads as the page's
    buttons say it, its code after it (still what to type)."""
    screen, out = console()
    match = Match("starmine", {"players": 2, "start_player": 0}, 8)
    answers = scripted(["99", "nonsense", "?", "q"])
    TerminalGame(match, [HUMAN, "random"], screen, answers, seed=8, lang="ja").run()
    text = out.getvalue()
    for english in ("Seats:", "Choose a move", "number 1–", "Refused", "Game stopped", "Help"):
        assert english not in text, english
    assert "プレイヤー:席0(あなた) · 席1(randomボット)。シード8。" in text
    assert "▶ 1枚捨てて2枚引くか、役を配置する" in text  # told what to do
    assert re.search(r"(^|\n) ?1 \S+を捨てる  discard \S+", text), text
    assert "できません:99番の手はありません" in text
    # The game's own sentence alone: 「わからない手です:」 before it said the same twice.
    assert "できません:'nonsense'はスターマインの手ではありません" in text
    assert "わからない手です" not in text
    assert "ヘルプ" in text and "ゲームを中断しました:終了しました。" in text
    finished = Match("starmine", {"players": 1}, 3)
    screen, out = console()
    bot = TerminalGame(finished, ["random"], screen, scripted([]), seed=3, lang="ja")
    bot.run()
    assert "最終得点:" in out.getvalue()


def test_starmine_solo_cautions_the_placement_that_fails_the_launch() -> None:
    """ソロ §3 C ③: the finale meld that would close the main row under the opening is
    listed with its caution; nothing else is. The placements of it share the caution: it is
    said once above them."""
    screen, out = console()
    match = Match("starmine", {"players": 1}, 0, FINALE_UNDER_THE_OPENING)
    TerminalGame(match, [HUMAN], screen, scripted(["open", "q"]), seed=0).run()
    text = out.getvalue()
    finale = [a.encode() for a in match.state.legal_actions(0) if a.encode().startswith("place f")]
    # (they share it: it is said once above the list, and each of them marked)
    assert finale and text.count("⚠") == 2 + len(finale)
    assert re.search(
        r"⚠ ends the launch: failure — the main row closes at 3, not above the opening's 5"
        r"\s+— the moves marked ⚠ below",
        text,
    )
    for code in finale:
        assert re.search(rf"{code}\s+⚠", text), code


def test_scripted_input_echoes_and_ends_with_eof() -> None:
    screen, out = console()
    ask = scripted(["a"], screen)
    assert ask("prompt> ") == "a"
    assert "prompt> a" in out.getvalue()
    with pytest.raises(EOFError):
        ask("again> ")


def test_default_bot_prefers_the_games_greedy_bot() -> None:
    expected = "greedy" if "greedy" in bot_names("starmine") else "random"
    assert default_bot("starmine") == expected


def test_a_game_without_a_render_module_falls_back_to_json() -> None:
    renderer = renderer_for("no_such_game")
    assert renderer.generic and renderer.render is render_json
    screen, out = console()
    renderer.render({"phase": "turn", "hand": ["R1"]}, screen)
    assert '"hand"' in out.getvalue()
    assert not renderer_for("starmine").generic


def test_starmine_colours_cards_by_firework_colour() -> None:
    from asobi.games.starmine.render import action_text

    text = action_text("place main seq R4 R5 W1")
    styles = {text.plain[span.start : span.end]: str(span.style) for span in text.spans}
    assert styles == {
        "R4": "bold red",
        "R5": "bold red",
        "W1": "bold magenta",
    }


def test_replay_record_as_a_seat_shows_only_that_hand() -> None:
    match = Match("starmine", {"players": 2}, 12)
    bots = {s: asobi.agents.make_bot("random", "starmine", s) for s in (0, 1)}
    from asobi.core.bots import choose_for

    for _ in range(6):
        seat = min(match.state.active_seats())
        match.play(seat, choose_for(bots[seat], match.state, seat))
    record = GameRecord.from_json(match.record.to_json())
    screen, out = console()
    assert replay_record(record, screen, viewer=1) is None
    text = out.getvalue()
    assert "Your hand 手札" in text
    assert "Seat 0 hand 手札:" in text and "cards" in text


def test_a_game_may_list_a_few_of_its_moves_and_take_any_other_typed() -> None:
    """Carrotein's scatter time has 100+ legal spots: its renderer's ``shortlist`` lists pass
    and six spots near the stars; a number picks among those, a number past the short list
    is refused, and a typed code plays any other legal move."""
    for answers in (["8", "2", "q"], ["place 102.5 397.5", "q"]):
        screen, out = console()
        match = Match("carrotein", {"players": 2, "start_player": 0}, 3)
        game = TerminalGame(match, [HUMAN, "random"], screen, scripted(answers), seed=3)
        game.run()
        text = out.getvalue()
        assert "or type place X Y for any other spot" in text
        assert "place 25 25" not in text  # a spot far from the stars is not listed
        seat, code = match.record.moves[0]
        assert seat == 0 and code.startswith("place ")
        x, y = map(float, code.split()[1:])
        if answers[0] == "8":
            assert "there is no move 8: choose 1–7" in text
            fresh = Match("carrotein", {"players": 2, "start_player": 0}, 3).state
            assert code in [a.encode() for a in fresh.legal_actions(0)]
            assert math.dist((300, 225), (x, y)) < 60  # the first spot listed, near the star
        else:
            assert (x, y) == (102.5, 397.5)


def test_a_shortlist_naming_moves_that_do_not_exist_is_a_bug() -> None:
    renderer = renderer_for("carrotein")
    broken = dataclasses.replace(renderer, shortlist_fn=lambda codes, view: ([len(codes)], "x"))
    with pytest.raises(ValueError, match="not listed"):
        broken.shortlist(["pass"], {})


def test_one_listed_move_is_asked_for_as_number_1_and_one_card_as_1_card() -> None:
    screen, out = console()
    match = Match("starmine", {"players": 1}, 0)
    while len(match.state.legal_actions(0)) > 1:  # to the draw: "draw deck" alone
        match.play(0, match.state.legal_actions(0)[-1].encode())
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return "q"

    TerminalGame(match, [HUMAN], screen, ask, seed=0).run()
    assert "number 1 or a move code" in prompts[0] and "1–1" not in prompts[0]
    view = match.state.view(0) | {"deck_size": 1}
    screen, out = console()
    renderer_for("starmine").render(view, screen)
    assert re.search(r"Deck 山札: 1 card(?!s)", out.getvalue())


def test_hint_shows_the_games_suggested_move_and_typing_it_plays_it() -> None:
    """Carrotein's challenger (docs/rules/carrotein.md, ruling 12): the listed lay is the
    boards apart; ``hint`` prints the solver's placement as a code, which plays as typed.
    Where the game suggests nothing (scatter time), ``hint`` says so and nothing moves."""
    screen, out = console()
    match = Match("carrotein", {"players": 2, "start_player": 0}, 3)
    answers = iter(["hint", "pass", "choose sitting sleeping", "hint", "<the hint>", "q"])

    def ask(prompt: str) -> str:
        if not prompt:
            return ""  # hot-seat: the device passes to the other seat
        answer = next(answers)
        if answer == "<the hint>":
            found = re.search(r"Hint 助言: (lay \S+ \S+)", out.getvalue())
            assert found, out.getvalue()[-2000:]
            return found.group(1)
        return answer

    TerminalGame(match, [HUMAN, HUMAN], screen, ask, seed=3).run()
    text = out.getvalue()
    assert "No hint here" in text
    assert "type hint for the solver's placement" in " ".join(text.split())
    (_, passed), (_, chose), (seat, laid) = match.record.moves[:3]
    assert (passed, chose, seat) == ("pass", "choose sitting sleeping", 1)
    assert isinstance(match.state, CarroteinState) and laid != APART.encode()
    assert match.state.challenges[-1].verdict.success


def _drawing_from_the_discards(
    table: list[TerminalGame], script: list[str]
) -> Callable[[str], str]:
    """Types ``script`` first; then discards and takes what lies in the discards, the first
    of the moves otherwise."""
    queue = list(script)

    def ask(prompt: str) -> str:
        if queue:
            return queue.pop(0)
        legal: list[str] = [a.encode() for a in table[0].state.legal_actions(0)]
        taken = [c for c in legal if c.startswith("draw ") and c != "draw deck"]
        return taken[0] if taken else legal[0]

    return ask


def test_undo_takes_back_your_last_move_within_your_turn_as_the_server_would() -> None:
    """asobi.core.takeback, at the terminal: ``undo`` takes back the player's own last move
    within their turn when it showed nobody anything hidden and drew on no chance (a card
    taken from the discards, which everyone saw); a discard showed a hidden card and stays,
    said why, naming the seat by its name; before any move there is nothing to take back.
    The record keeps the moves as played, and replays to the same game."""
    screen, out = console()
    match = Match("starmine", {"players": 2, "start_player": 0}, 2)
    table: list[TerminalGame] = []
    script = ["undo", "discard R2", "undo", "draw B1", "undo", "q"]
    table.append(TerminalGame(match, [HUMAN, "greedy"], screen, scripted(script), seed=2))
    table[0].run()
    text = out.getvalue()
    assert "Refused: Nothing to take back: only your own last move, within your turn." in text
    assert (
        "Refused: “Discard R2” cannot be taken back: it showed seat 1 (greedy bot) something "
        "that was hidden from them" in text
    )
    assert "Taken back: Take B1 from the discards." in text
    assert match.record.moves == [(0, "discard R2")]
    assert replay(match.record).view(0) == match.state.view(0)
    assert "draw B1" in [a.encode() for a in match.state.legal_actions(0)]


def test_undo_is_said_in_japanese_and_plays_on() -> None:
    """The same in Japanese; after a take-back the game goes on to its end, and the record
    of it replays to the same outcome."""
    screen, out = console()
    match = Match("starmine", {"players": 2, "start_player": 0}, 2)
    table: list[TerminalGame] = []
    policy = _drawing_from_the_discards(table, ["discard R2", "draw B1", "undo"])
    table.append(TerminalGame(match, [HUMAN, "greedy"], screen, policy, seed=2, lang="ja"))
    assert table[0].run().finished
    text = out.getvalue()
    assert "取り消しました:捨て札からB1を取る。" in text, text
    outcome = replay(match.record).outcome()
    assert outcome is not None and match.record.outcome == outcome.to_json()
