"""What Carrotein says to people, in English and Japanese: its events, moves, the table's state
and the end of a game (``asobi.core.words``), for the terminal and the browser alike.

The rulebook's terms are used: 星チップ star chips (a player's colour), 無色の星チップ
colourless chips, いちばん星チップ the first star, 中心点 centre points, 星座ボード the
constellation boards (each a rabbit: うさぎ), 夜空のマット the night-sky mat, ラウンド rounds,
散らかしタイム scatter time, 星座作成タイム constellation time, 後片付けタイム clean-up,
パス pass, 挑戦プレイヤー the challenger, 成功 / 失敗 success and failure. Boards are named
from the game's sky data (``sky.toml``), the names the browser draws under each board.

Carrotein hides nothing: every event is public, and its words repeat only what it carries.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from asobi.core.words import ScoreTable, Words, plural, ranks_headline, same, seat
from asobi.games.carrotein.sky import default_sky
from asobi.games.carrotein.state import CLEAR, COLOURS, FIRST_STAR, CarroteinOptions

COLOUR = {en: Words(en, ja) for en, ja in COLOURS}
BOARD = {b.id: Words(b.en, b.ja) for b in default_sky().boards}
SCATTER = Words("scatter time", "散らかしタイム")
CONSTELLATION = Words("constellation time", "星座作成タイム")


def _board(board_id: Any) -> Words:
    return BOARD.get(str(board_id), same(str(board_id)))


def _pair(boards: Sequence[Any]) -> Words:
    """Two boards: "Sitting rabbit and Sleeping rabbit" / "「すわるうさぎ」と「ねむるうさぎ」"."""
    names = [_board(b) for b in boards]
    return Words(" and ".join(n.en for n in names), "と".join(f"「{n.ja}」" for n in names))


def _whole(value: Any) -> int | None:
    """A number as a player reads it off the mat: whole (millimetres, degrees); a half
    rounds up. None if it is no number."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return math.floor(number + 0.5) if math.isfinite(number) else None


def _at(x: Any, y: Any) -> str:
    """ "(120, 85)": a point of the mat in whole millimetres. The judge keeps tenths, which
    tell a player nothing they could see on the mat (a chip is 20 mm across)."""
    shown = ["?" if v is None else str(v) for v in (_whole(x), _whole(y))]
    return f"({shown[0]}, {shown[1]})"


def _place(ranks: Sequence[Any], s: int) -> float:
    """Seat ``s``'s place in the outcome (1 first); a seat without one goes last."""
    rank = ranks[s] if s < len(ranks) else None
    return float(rank) if isinstance(rank, int | float) else math.inf


def _chip(kind: Any) -> Words:
    """A chip by its kind: "a red star chip", "a colourless chip", "the first star"."""
    if kind == CLEAR:
        return Words("a colourless star chip", "無色の星チップ")
    if kind == FIRST_STAR:
        return Words("the first star", "いちばん星チップ")
    colour = COLOUR.get(str(kind), same(str(kind)))
    article = "an" if colour.en[:1] in "aeiou" else "a"
    return Words(f"{article} {colour.en} star chip", f"{colour.ja}の星チップ")


def _pose(pose_code: str) -> Words:
    """A board's pose as a ``lay`` code writes it (``150,200,30`` or ``…,flip``)."""
    parts = pose_code.split(",")
    if len(parts) < 3:
        return same(pose_code)
    x, y, turn = parts[:3]
    turned = _whole(turn)  # whole degrees too, as a player turns a board
    at, degrees = _at(x, y), "?" if turned is None else turned % 360
    flipped = len(parts) > 3
    return Words(
        f"at {at} turned {degrees}°" + (", turned over" if flipped else ""),
        f"{at}に{degrees}°回転" + ("・裏返し" if flipped else "") + "で",
    )


class CarroteinWords:
    # A challenge's result and the mat cleared for the next round: the placements between
    # them are many, and a round is won or lost at these two lines.
    milestones = frozenset({"challenge", "round"})
    said_elsewhere: frozenset[str] = frozenset()

    def __init__(self, options: CarroteinOptions) -> None:
        self.colours = [COLOUR[c] for c, _ in COLOURS[: options.players]]

    def _seat_colour(self, s: int) -> Words:
        """ "{s:0} (red)" / "{s:0}(赤)": a seat with its colour, as the table shows it."""
        colour = self.colours[s] if 0 <= s < len(self.colours) else same("?")
        return Words(f"{seat(s)} ({colour.en})", f"{seat(s)}({colour.ja})")

    # --- events --------------------------------------------------------------------------
    def event(self, event: Mapping[str, Any]) -> Words | None:
        kind = event.get("kind")
        s = event.get("seat")
        who = seat(s) if isinstance(s, int) else ""
        if kind == "place":
            chip = _chip(event.get("chip"))
            at = _at(event.get("x"), event.get("y"))
            said = Words(f"{who} placed {chip.en} at {at}", f"{who}が{chip.ja}を{at}に置いた")
            own = self.colours[s].en if isinstance(s, int) and 0 <= s < len(self.colours) else None
            if own is not None and event.get("chip") != own:
                # "誰の色でもないので得点に変えることができません"
                said += Words(
                    " (own chips all out: it scores for nobody)",
                    "(自分の星チップが尽きたため。誰の得点にもならない)",
                )
            return said
        if kind == "pass":
            return Words(
                f"{who} passed: out of this round's challenge",
                f"{who}がパスを宣言した(このラウンドの挑戦権を失った)",
            )
        if kind == "challenger":
            return Words(
                f"Everyone else passed: the challenge goes to {who} (constellation time)",
                f"ほかの全員がパスした:{who}が挑戦プレイヤー(星座作成タイム)",
            )
        if kind == "choose":
            pair = _pair(event.get("boards") or [])
            return Words(f"{who} chose {pair.en}", f"{who}が星座ボード{pair.ja}を選んだ")
        if kind == "challenge":
            return self._challenge(who, event)
        if kind == "round":
            n = event.get("round", "?")
            return Words(
                f"Round {n}: the chips went back and the first star to the centre; {who} to start",
                f"ラウンド{n}:星チップを手元に戻し、いちばん星チップを中央に置いた。{who}から",
            )
        return None  # game_over: the end screen says it

    def _challenge(self, who: str, event: Mapping[str, Any]) -> Words:
        pair = _pair(event.get("boards") or [])
        shown = int(event.get("shown") or 0)
        success = bool(event.get("success"))
        verdict = (Words("success", "成功") if success else Words("failure", "失敗")) + Words(
            f", {plural(shown, 'centre point')} left showing",
            f"(隠せなかった中心点{shown}個)",
        )
        gains = [
            Words(f"{seat(s)} +{plural(int(k), 'chip')}", f"{seat(s)}が星チップ{int(k)}枚")
            for s, k in enumerate(event.get("scored") or [])
            if k
        ]
        scored = (
            Words("scored: ", "獲得:") + Words.join(gains, ", ", "、")
            if gains
            else Words("no chips scored", "獲得した星チップなし")
        )
        said = Words(f"{who} laid {pair.en}: ", f"{who}が{pair.ja}を置いた:") + verdict
        said += Words("; ", "。") + scored
        if success:
            said += Words(f"; {who} took the two boards", f"。{who}が星座ボード2枚を獲得")
        return said

    # --- moves ---------------------------------------------------------------------------
    def action(self, code: str) -> Words:
        words = code.split()
        verb = words[0] if words else ""
        if code == "pass":
            return Words("Pass (out of this round's challenge)", "パス(このラウンドの挑戦権を放棄)")
        if verb == "place" and len(words) == 3:
            at = _at(words[1], words[2])
            return Words(f"Place a star chip at {at}", f"{at}に星チップを置く")
        if verb == "choose" and len(words) == 3:
            pair = _pair(words[1:])
            return Words(f"Choose {pair.en}", f"星座ボード{pair.ja}を選ぶ")
        if verb == "lay" and len(words) == 3:
            first, second = _pose(words[1]), _pose(words[2])
            return Words(
                f"Lay the first board {first.en} and the second {second.en}",
                f"1枚目を{first.ja}、2枚目を{second.ja}置く",
            )
        return same(code)

    # --- the table now ---------------------------------------------------------------------
    def status(self, view: Mapping[str, Any]) -> Words:
        phase = view.get("phase")
        turn = view.get("turn")
        if phase == "over" or not isinstance(turn, int):
            return Words("The game is over", "ゲーム終了")
        who = seat(turn)
        n = view.get("round", "?")
        if phase == "scatter":
            return Words(
                f"Round {n}, {SCATTER.en}: {who} to place a star chip or pass",
                f"ラウンド{n} {SCATTER.ja}:{who}が星チップを置くかパスする",
            )
        if phase == "choose":
            return Words(
                f"Round {n}, {CONSTELLATION.en}: {who}, the challenger, to choose two boards",
                f"ラウンド{n} {CONSTELLATION.ja}:挑戦プレイヤーの{who}が星座ボードを2枚選ぶ",
            )
        pair = _pair(view.get("chosen") or [])
        return Words(
            f"Round {n}, {CONSTELLATION.en}: {who} to lay {pair.en} over the stars",
            f"ラウンド{n} {CONSTELLATION.ja}:{who}が{pair.ja}を星チップの上に置く",
        )

    # --- the end ---------------------------------------------------------------------------
    def outcome(self, outcome: Mapping[str, Any]) -> ScoreTable:
        details = outcome.get("details") or {}
        scores = list(outcome.get("scores") or [])
        ranks = list(outcome.get("ranks") or [])
        boards = list(details.get("boards") or [])
        chips = list(details.get("chips") or [])
        rows = []
        # A results table: by place, the winner first; players tied on a place as the
        # outcome ranks them (the same place), in seat order among themselves.
        for s in sorted(range(len(scores)), key=lambda s: (_place(ranks, s), s)):
            score = scores[s]
            won = [_board(b) for b in (boards[s] if s < len(boards) else [])]
            names = Words.join(won, ", ", "、")
            board_cell = (
                Words(f"{len(won)} ({names.en})", f"{len(won)}({names.ja})") if won else same("0")
            )
            rows.append(
                (
                    self._seat_colour(s),
                    board_cell,
                    same(str(chips[s] if s < len(chips) else 0)),
                    same(f"{score:g}"),
                    same(str(ranks[s] if s < len(ranks) else "?")),
                )
            )
        columns = (
            Words("Player", "プレイヤー"),
            Words("Boards", "星座ボード"),
            Words("Chips scored", "得点チップ"),
            Words("Score", "得点"),
            Words("Place", "順位"),
        )
        headline = ranks_headline(ranks) + self._why_over(details)
        return ScoreTable(headline, columns, tuple(rows))

    def _why_over(self, details: Mapping[str, Any]) -> Words:
        """終了条件, from the outcome's reason (``scoring.end_reason``) and its round count."""
        reason = str(details.get("reason") or "")
        rounds = details.get("rounds")
        after = (
            Words(f" after {plural(rounds, 'round')}", f"({rounds}ラウンド)")
            if isinstance(rounds, int)
            else Words("", "")
        )
        if reason.startswith("one constellation board"):
            return (
                Words(": only one board was left on the mat", ":夜空のマットの星座ボードが残り1枚")
                + after
            )
        for s, colour in enumerate(self.colours):
            if reason.startswith(f"{colour.en} has scored"):
                return (
                    Words(
                        f": {seat(s)} scored all ten of their chips",
                        f":{seat(s)}が自分の星チップ10枚をすべて獲得",
                    )
                    + after
                )
        return Words("", "")


def phrasebook(options: CarroteinOptions) -> CarroteinWords:
    return CarroteinWords(options)
