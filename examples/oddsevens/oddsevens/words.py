"""What odds and evens says to people, in English and Japanese: one phrasebook that the
terminal and the browser both use (``GameSpec.words``).

Each method reads JSON a seat was allowed to see (an event shown to it, its view, the
outcome), so no sentence can tell a secret: the ``showing`` event that carries a seat's
number reaches that seat alone, and so do its words. In Japanese, odd and even are the
dice players' 半 (han) and 丁 (chō).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobi.core.protocol import GameOptions
from asobi.core.words import (
    PLAYER,
    RANK,
    Phrasebook,
    ScoreTable,
    Words,
    plural,
    ranks_headline,
    same,
    seat,
)

ODD = Words("odd", "半")
EVEN = Words("even", "丁")
ROUNDS_WON = Words("Rounds won", "勝ったラウンド")


def parity(total: int) -> Words:
    return ODD if total % 2 else EVEN


class OddsEvensWords:
    milestones = frozenset({"shown"})  # a round's hands shown: who won it
    said_elsewhere: frozenset[str] = frozenset()  # every event has its own line

    def __init__(self, options: GameOptions) -> None:
        self.options = options

    def event(self, event: Mapping[str, Any]) -> Words | None:
        kind = event["kind"]
        if kind == "chose":
            who = seat(event["seat"])
            return Words(f"{who} chose in secret", f"{who}が指の数を決めた")
        if kind == "showing":  # seen by the chooser alone
            who, n = seat(event["seat"]), event["fingers"]
            return Words(f"{who} will show {plural(n, 'finger')}", f"{who}は{n}本")
        if kind == "shown":
            a, b = event["fingers"]
            total, winner = event["sum"], seat(event["winner"])
            odd_even = parity(total)
            return Words(
                f"Shown together: {a} and {b}, {total} is {odd_even.en}: {winner} won the round",
                f"せーの: {a}本と{b}本、合計{total}は{odd_even.ja}、{winner}がラウンドを取った",
            )
        return None  # game_over: the outcome table says it

    def action(self, code: str) -> Words:
        n = int(code.split()[1])
        return Words(f"Show {plural(n, 'finger')}", f"指を{n}本出す")

    def status(self, view: Mapping[str, Any]) -> Words:
        active = [seat(s) for s in view["active"]]
        if not active:
            return Words("The game is over", "ゲーム終了")
        return Words(
            f"{' and '.join(active)} to choose in secret", f"{'と'.join(active)}が指の数を選ぶ"
        )

    def outcome(self, outcome: Mapping[str, Any]) -> ScoreTable:
        rows = tuple(
            (same(seat(s)), same(f"{score:g}"), same(str(rank)))
            for s, (score, rank) in enumerate(zip(outcome["scores"], outcome["ranks"], strict=True))
        )
        return ScoreTable(ranks_headline(outcome["ranks"]), (PLAYER, ROUNDS_WON, RANK), rows)


def phrasebook(options: GameOptions) -> Phrasebook:
    return OddsEvensWords(options)
