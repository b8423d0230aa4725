"""``asobi play GAME --lang ja``: every line the terminal prints is Japanese. Only what a
player types stays in English letters: move codes (``discard R4``, ``place main seq ...``),
the terminal's commands (``v``, ``?``, ``q``) and the command lines it suggests."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

from asobi.cli import app
from asobi.core.records import Match
from asobi.play import HUMAN, TerminalGame, scripted

from .helpers import ENV, invoke, ones, runner

# Words the English screens print that no code, command or card holds: any of them on a
# Japanese screen is a sentence left untranslated.
ENGLISH = {
    "act", "and", "Add", "boards", "buildings", "card", "cards", "centre", "chip", "chips",
    "Citable", "complete", "Deck", "Discards", "first", "for", "Game", "hand", "is", "known",
    "mat", "not", "of", "oldest", "over", "papers", "players", "point", "points", "Record",
    "Refused", "Result", "Round", "row", "saved", "seat", "Seed", "sequence",
    "showing", "tepu", "the", "to", "town", "Turn", "Unchanged", "wins", "won", "you", "your",
}  # fmt: skip
# What a player types, a command line or a file, as the screens quote them.
TYPED = re.compile(
    r"'[^']*'|`[^`]*`|--save FILE|--\w+|[\w.-]*/\S*|\b(?:discard|draw|place)(?: [A-Za-z0-9]+)+"
)


def english_words(text: str) -> list[str]:
    """The lines of ``text`` that hold an English sentence word, outside what is typed."""
    found = []
    for line in text.splitlines():
        plain = TYPED.sub(" ", line)
        words = set(re.findall(r"[A-Za-z]+", plain))
        if words & ENGLISH:
            found.append(line)
    return found


@pytest.mark.parametrize(
    ("args", "answers"),
    [
        # A duel: refusals (an unknown move, a card that is no card, a meld not in hand),
        # the table part by part, the whole table, to the end and its result.
        (
            ["starmine", "--seed", "9"],
            "undo\ndiscard Z9\nplace main seq R1 R2 R3\nplace nowhere seq R1 R2 R3\nv\n" + ones(),
        ),
        # The solo contest, to its evaluation.
        (["starmine", "--solo", "--seed", "4"], "pass\n" + ones()),
        # It's Mine!: refusals (a face no die shows, a card that is none, a move the rules
        # forbid now), the whole table, to the end and its result.
        (["itsmine", "--seed", "3"], "bid 9\ntake Z1\npass\nbid 1\nv\n" + ones()),
        # Laminate Rummy: refusals (a paper the hand cannot make, a card that is none, an
        # unknown move, a second action in a turn), the whole table, to the end and its result.
        (
            ["laminate", "--seed", "2"],
            "publish kind3\ndraw\nreview Z9\nfoo\nreview H4\nv\n" + ones(),
        ),
        # Rummy City: refusals (a building the hand cannot make, a card that is none, an
        # unknown move, a lay-off before the settlement, a pass without ♠), the whole table,
        # to the end and its result; and the solo score attack.
        (
            ["rummycity", "--seed", "3"],
            "build park\nplace bank Z9\nfoo\nlayoff H5 1\npass\nv\n" + ones(),
        ),
        (["rummycity", "--solo", "--seed", "5"], ones()),
        # Carrotein: refusals (a chip off the mat, a spot that is no number, an unknown move,
        # boards chosen before the challenge), the whole table, the challenges drawn on the
        # mat, to the end and its result.
        (
            ["carrotein", "--seed", "1"],
            "place 0 0\nplace abc 1\nfoo\nchoose sitting sleeping\nv\n" + ones(),
        ),
    ],
)
def test_a_japanese_game_prints_no_english_sentence(
    args: list[str], answers: str, tmp_path: Path
) -> None:
    result = invoke(["play", *args, "--lang", "ja"], input=answers)
    assert result.exit_code == 0, result.output
    assert "ゲーム終了" in result.output
    assert english_words(result.output) == []
    # The closing line, with and without a record saved.
    saved = invoke(["play", *args, "--lang", "ja", "--save", str(tmp_path / "g.json")], input="q\n")
    assert "途中までの記録を" in saved.output
    assert english_words(saved.output) == []


@pytest.mark.parametrize(
    ("args", "typed", "said"),
    [
        # A refusal by the rules, its reason and its rule; a typed code that is no move,
        # said once by the game's own sentence (no 「わからない手です:」 before it).
        (["laminate", "--seed", "2"], "publish kind3", "手札と引用できる完成した論文では"),
        (["laminate", "--seed", "2"], "review Z9", "できません:review Z9:'Z9'はセブンのカード"),
        (["rummycity", "--seed", "3"], "build park", "手札では公園の♠3Runを作れません"),
        (["rummycity", "--seed", "3"], "place bank Z9", "できません:'Z9'はトランプ"),
        (["carrotein", "--seed", "1"], "place 0 0", "星チップは夜空のマットからはみ出します"),
        (["carrotein", "--seed", "1"], "place x 1", "できません:x 'x'は数ではありません"),
    ],
)
def test_a_refusal_is_in_japanese(args: list[str], typed: str, said: str) -> None:
    result = invoke(["play", *args, "--lang", "ja"], input=f"{typed}\nq\n")
    assert said in result.output, result.output
    assert "わからない手です" not in result.output
    refused = [line for line in result.output.splitlines() if "できません" in line]
    assert refused and english_words("\n".join(refused)) == []


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["starmine", "--seed", "9"], ("seat", "Deck", "oldest", "Refused", "Seed")),
        (["laminate", "--seed", "2"], ("Turn", "papers", "Citable", "players")),
        (["rummycity", "--seed", "3"], ("tepu", "town", "Round", "buildings")),
        (["carrotein", "--seed", "1"], ("chips", "mat", "boards", "Round")),
    ],
)
def test_the_english_screens_hold_the_words_the_japanese_ones_must_not(
    args: list[str], words: tuple[str, ...]
) -> None:
    """The check above is worth something: the same game in English trips it."""
    result = invoke(["play", *args], input="undo\n" + ones(40) + "q\n")
    found = " ".join(english_words(result.output))
    for word in words:
        assert word in found, word


@pytest.mark.parametrize(
    "args",
    [
        ["laminate", "--seed", "2"],
        ["rummycity", "--seed", "3"],
        ["carrotein", "--seed", "1"],
    ],
)
def test_a_japanese_screen_fits_80_columns(args: list[str]) -> None:
    """Each line within 80 columns, a Japanese character taking two; a result too wide for
    its grid is told row by row (squeezed, its headings broke mid-word: 「完成した論」)."""
    result = runner.invoke(
        app, ["play", *args, "--lang", "ja"], input=ones(), env={**ENV, "COLUMNS": "80"}
    )
    assert result.exit_code == 0, result.output
    wide = [line for line in result.output.splitlines() if cell_len(line) > 80]
    # (the prompt and what is typed after it share a line: the terminal echoes no input here)
    assert [line for line in wide if "›" not in line] == []
    if args[0] == "laminate":
        headed = [line for line in result.output.splitlines() if "完成した論" in line]
        assert headed and all("完成した論文" in line for line in headed)
        assert "完成した論文:5" in result.output  # the result, row by row


def test_a_move_s_code_is_whole_on_a_line_where_its_words_are_long() -> None:
    """In Japanese a move reads in words, its code after them (what to type): where both
    would not fit on a line of 80 columns, the code goes whole onto the next (Carrotein's
    星座ボード choice once wrapped as "choose leaping / stretching")."""
    match = Match("carrotein", {"players": 2, "start_player": 0}, 2)
    place = next(a for a in match.state.legal_actions(0) if a.encode().startswith("place"))
    match.play(0, place)
    match.play(1, next(a for a in match.state.legal_actions(1) if a.encode() == "pass"))
    out = io.StringIO()
    screen = Console(file=out, width=80, color_system=None, highlight=False)
    TerminalGame(match, [HUMAN, "random"], screen, scripted(["q"]), seed=2, lang="ja").run()
    lines = out.getvalue().splitlines()
    codes = [a.encode() for a in match.state.legal_actions(0)]
    assert codes and all(code.startswith("choose ") for code in codes)
    for code in codes:
        assert any(code in line for line in lines), code
    assert max(cell_len(line) for line in lines) <= 80
