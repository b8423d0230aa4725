"""What Starmine says to people, in English and Japanese: its events, moves, the table's
state and the end of a game (``asobi.core.words``), for the terminal and the browser alike.

The rulebook's terms are used: 山札 deck, 捨て札 discards, オープン札 open cards (solo), 廃棄札
removed cards (solo), 列 rows (オープニング, メイン, フィナーレ), 役 melds, 最終フェーズ final
phase, 追い打ち the chase, 打上げ失敗 a failed launch.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from asobi.core.words import ScoreTable, Words, card, cards, plural, ranks_headline, same, seat
from asobi.games.starmine.actions import (
    MELD_BY_CODE,
    MELD_NAMES,
    MELD_NAMES_JA,
    MELD_POINTS,
    ROW_NAMES,
    ROW_NAMES_JA,
    boost_cost,
)
from asobi.games.starmine.state import StarmineOptions
from asobi.games.starmine.views import StarmineView

ROW: dict[str, Words] = {
    en: Words(en.capitalize(), ja) for en, ja in zip(ROW_NAMES, ROW_NAMES_JA, strict=True)
}
MELD: dict[str, Words] = {k: Words(MELD_NAMES[k], MELD_NAMES_JA[k]) for k in MELD_NAMES}


def _row(name: Any) -> Words:
    return ROW.get(str(name), same(str(name)))


def _meld(code: str) -> tuple[Words, str]:
    """A meld's code ("seq R4 R5 W1") as its kind's name and its cards' marks."""
    kind, _, rest = code.partition(" ")
    return MELD.get(kind, same(kind)), cards(rest.split())


class StarmineWords:
    # The final phase, a chase (追い打ち) and a failed launch decide the game.
    milestones = frozenset({"final_phase", "chase", "launch_failed"})
    said_elsewhere: frozenset[str] = frozenset()

    def __init__(self, options: StarmineOptions) -> None:
        self.solo = options.players == 1
        self.penalty = options.boost_penalty
        # The solo contest's piles have their own names (solo §3).
        self.pile = Words("open cards", "オープン札") if self.solo else Words("discards", "捨て札")

    # --- events --------------------------------------------------------------------------
    def event(self, event: Mapping[str, Any]) -> Words | None:
        kind = event.get("kind")
        who = seat(event["seat"]) if isinstance(event.get("seat"), int) else ""
        c = card(str(event.get("card", "")))
        if kind == "discard":
            if self.solo:
                return Words(f"{who} removed {c} from the game", f"{who}が{c}を廃棄札にした")
            return Words(f"{who} discarded {c}", f"{who}が{c}を捨て札にした")
        if kind == "draw":
            if event.get("source") == "deck":
                left = event.get("deck", "?")
                return Words(
                    f"{who} drew a card from the deck ({left} left)",
                    f"{who}が山札から1枚引いた(残り{left}枚)",
                )
            return Words(
                f"{who} took {c} from the {self.pile.en}", f"{who}が{self.pile.ja}から{c}を取った"
            )
        if kind == "drew":
            # Told only to the drawer, beside the public "drew a card from the deck".
            return Words(f"the card drawn: {c}", f"引いたカード:{c}")
        if kind == "place":
            meld, shown = _meld(str(event.get("meld", "")))
            row, points = _row(event.get("row")), event.get("points")
            return Words(
                f"{who} placed a {meld.en} {shown} on the {row.en.lower()} row ({points} points)",
                f"{who}が{row.ja}の列に{meld.ja} {shown}を配置した({points}点)",
            )
        if kind == "pass":
            return Words(f"{who} passed", f"{who}はパスした")
        if kind == "flip":
            left = event.get("deck", "?")
            return Words(
                f"{c} was turned up from the deck ({left} left)",
                f"山札から{c}がめくられた(残り{left}枚)",
            )
        if kind == "flip_to":
            if event.get("area") == "open":
                return Words(f"{c} went to the open cards", f"{c}はオープン札になった")
            return Words(f"{c} was removed from the game", f"{c}は廃棄札になった")
        if kind == "final_phase":
            if self.solo:
                return Words(
                    "The deck ran out: the final phase, one last meld on the finale",
                    "山札が尽きた:最終フェーズ、フィナーレの列に最後の役を1つ",
                )
            return Words(
                f"The deck's last card was drawn: the final phase, one last meld each, {who} first",
                f"山札の最後のカードが引かれた:最終フェーズ、{who}から1人1つずつ最後の役",
            )
        if kind == "chase":
            n = event.get("round", "?")
            return Words(
                f"The rows won were level: chase (追い打ち) round {n}, one more meld each",
                f"勝利した列の数が同じ:追い打ち {n}回目、1人1つずつ役を追加",
            )
        if kind == "launch_failed":
            return Words("The launch failed (打上げ失敗)", "打上げ失敗")
        return None  # game_over: the end screen says it

    # --- moves ---------------------------------------------------------------------------
    def action(self, code: str) -> Words:
        verb, _, rest = code.partition(" ")
        if code == "draw deck":
            return Words("Draw from the deck", "山札から引く")
        if verb == "draw":
            return Words(
                f"Take {card(rest)} from the {self.pile.en}",
                f"{self.pile.ja}から{card(rest)}を取る",
            )
        if verb == "discard":
            if self.solo:
                return Words(f"Remove {card(rest)}", f"{card(rest)}を廃棄する")
            return Words(f"Discard {card(rest)}", f"{card(rest)}を捨てる")
        if verb == "place":
            row, _, meld_code = rest.partition(" ")
            meld, shown = _meld(meld_code)
            found = MELD_BY_CODE.get(meld_code.upper())
            points = found.points(self.penalty) if found is not None else "?"
            return Words(
                f"Place the {meld.en} {shown} on the {_row(row).en.lower()} row ({points} points)",
                f"{meld.ja} {shown}を{_row(row).ja}の列に配置({points}点)",
            )
        if code == "pass":
            return Words("Pass", "パス")
        if code == "open":
            return Words("To the open cards", "オープン札にする")
        if code == "remove":
            return Words("Remove it", "廃棄札にする")
        return same(code)

    # --- the table now ---------------------------------------------------------------------
    def status(self, raw: Mapping[str, Any]) -> Words:
        # Only read, never kept: the rules' own view as its type, without read_view's
        # checked copy (10-55 µs, on the server twice a move).
        view = cast(StarmineView, raw)
        phase = view["phase"]
        active = [seat(s) for s in view["active"]]
        who = "、".join(active)
        whom = ", ".join(active)
        if phase == "over" or not active:
            return Words("The game is over", "ゲーム終了")
        if phase == "turn":
            if self.solo:
                return Words(
                    f"{whom} to remove a card and draw 2, or place a meld",
                    f"{who}が1枚廃棄して2枚引くか、役を配置する",
                )
            return Words(
                f"{whom} to discard 1 and draw 2, or place a meld",
                f"{who}が1枚捨てて2枚引くか、役を配置する",
            )
        if phase == "draw":
            n = view["draws_left"]
            return Words(
                f"{whom} to draw {plural(n, 'more card')} from the deck or the {self.pile.en}",
                f"{who}が山札か{self.pile.ja}からあと{n}枚引く",
            )
        if phase == "flip":
            return Words(
                f"{whom} to decide: the turned-up card to the open cards or removed",
                f"{who}が決める:めくったカードをオープン札にするか廃棄するか",
            )
        if phase == "final":
            where = (
                ("on the finale", "フィナーレの列に") if self.solo else ("on any row", "好きな列に")
            )
            return Words(
                f"Final phase: {whom} to place one last meld {where[0]}, or pass",
                f"最終フェーズ:{who}が{where[1]}最後の役を配置するかパス",
            )
        if phase == "chase":
            return Words(
                f"Chase (追い打ち): {whom} to add one meld to any row, or pass",
                f"追い打ち:{who}が好きな列に役を1つ追加するかパス",
            )
        return Words(f"{whom} to play", f"{who}の手番")

    # --- the end ---------------------------------------------------------------------------
    def outcome(self, outcome: Mapping[str, Any]) -> ScoreTable:
        details = outcome.get("details") or {}
        if self.solo:
            return self._solo_outcome(details)
        rows_by_seat = list(details.get("rows") or [])
        columns = (Words("Row", "列"), *(Words(seat(s), seat(s)) for s in range(len(rows_by_seat))))
        table: list[tuple[Words, ...]] = [
            (ROW[row], *(same(str(seat_rows.get(row, 0))) for seat_rows in rows_by_seat))
            for row in ROW_NAMES
        ]
        table.append(
            (Words("Rows won", "勝利した列"), *(same(str(n)) for n in details.get("rows_won", [])))
        )
        failed = list(details.get("failed_launch") or [])
        if any(failed):
            table.append(
                (
                    Words("Launch failed (a row left empty)", "打上げ失敗(空の列)"),
                    *(Words("yes", "はい") if f else Words("no", "いいえ") for f in failed),
                )
            )
        if details.get("chase_rounds"):
            n = str(details["chase_rounds"])
            table.append(
                (Words("Chase rounds", "追い打ちの回数"), *(same(n) for _ in rows_by_seat))
            )
        return ScoreTable(ranks_headline(outcome.get("ranks") or []), columns, tuple(table))

    def _solo_outcome(self, details: Mapping[str, Any]) -> ScoreTable:
        rows = details.get("rows") or {}
        table: list[tuple[Words, ...]] = [
            (ROW[row], same(str(rows.get(row, 0)))) for row in ROW_NAMES
        ]
        if details.get("failed_launch"):
            why = _not_rising([int(rows.get(row, 0)) for row in ROW_NAMES])
            headline = Words("The launch failed (打上げ失敗)", "打上げ失敗")
            if why is not None:
                headline = Words(f"{headline.en}: {why.en}", f"{headline.ja}:{why.ja}")
            return ScoreTable(headline, (Words("Row", "列"), Words("Points", "点")), tuple(table))
        table += [
            (Words("Total", "合計"), same(str(details.get("total", 0)))),
            (Words("Total gap", "合計ギャップ"), same(str(details.get("total_gap", 0)))),
            (Words("Gap penalty", "ギャップペナルティ"), same(f"−{details.get('gap_penalty', 0)}")),
            (Words("Evaluation", "評価点"), same(str(details.get("evaluation", 0)))),
            (
                Words("Title", "称号"),
                Words(str(details.get("title_en", "")), str(details.get("title", ""))),
            ),
        ]
        headline = Words(
            f"Evaluation {details.get('evaluation')}: {details.get('title_en')}",
            f"評価点 {details.get('evaluation')}:{details.get('title')}",
        )
        return ScoreTable(headline, (Words("Row", "列"), Words("Points", "点")), tuple(table))


def _not_rising(points: list[int]) -> Words | None:
    """Why the rows fail ソロ §4 ②'s 「オープニング < メイン < フィナーレ」: the first row not
    above the one before it (None where they rise)."""
    for k in range(1, len(ROW_NAMES)):
        lower, upper, low, high = ROW_NAMES[k - 1], ROW_NAMES[k], points[k - 1], points[k]
        if high <= low:
            return Words(
                f"the {upper} row ({high}) is not above the {lower} row ({low})",
                f"{ROW[upper].ja}({high}点)が{ROW[lower].ja}({low}点)を超えていない",
            )
    return None


def phrasebook(options: StarmineOptions) -> StarmineWords:
    return StarmineWords(options)


def assets(options: StarmineOptions) -> dict[str, Any]:
    """What the page needs beyond the views to rank the hand's melds as the rules score them:
    each kind's points (評価点) and what 0, 1 or 2 boosts take off a meld under the game's
    ``boost_penalty`` (§5)."""
    return {
        "meld_points": dict(MELD_POINTS),
        "boost_cost": [boost_cost(n, options.boost_penalty) for n in range(3)],
    }
