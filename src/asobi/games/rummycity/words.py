"""What Rummy City says to people, in English and Japanese: its events, moves, the table's
state and the end of a game (``asobi.core.words``), for the terminal and the browser alike.

The rulebook's terms are used: 山札 the row, 手札 the hand, テプ tepu, 建物 buildings (建てる to
build, 奪う to take one from the other town, 場 the supply), 組み合わせ combinations (ラン Run,
ミックスラン MIX Run, セット Set), パス pass, ラウンドの終了 and 最後の手番 the round's end and
its final turns, 決算 settlement, 付け札 lay-offs, 延長戦 the extra round, 捨て札 the solo
discards. Buildings are named from the game's own catalogue (a player may bring theirs), and
each building's effect is described from its mark, its effect and its income
(:func:`effect_words`): a new effect is one entry in :data:`EFFECT_WORDS`.

Each method reads only JSON its reader may see. A face-down card drawn is named only by the
``drew`` event, which only its drawer is shown; the School's range only by ``looked``, shown
only to its looker.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from asobi.core.protocol import GameOptions
from asobi.core.words import ScoreTable, Words, card, cards, plural, ranks_headline, same, seat
from asobi.games.rummycity.buildings import (
    BANK,
    HEART,
    MARK_SYMBOL,
    MARKET,
    MINE,
    POLICE,
    POST_OFFICE,
    POST_OFFICE_TEPU,
    SCHOOL,
    SPADE,
    STATION,
    STATION_DRAW,
    STATION_FARE,
    Building,
    Catalogue,
    catalogue_of,
    default_data,
)
from asobi.games.rummycity.combos import KIND_NAMES, KIND_NAMES_JA, SET
from asobi.games.rummycity.scoring import gained_in_rounds
from asobi.games.rummycity.state import MOST_BUILDS, SOLO_MOST_BUILDINGS, RummyCityOptions
from asobi.games.rummycity.views import RummyCityView

KIND = {k: Words(KIND_NAMES[k], KIND_NAMES_JA[k]) for k in KIND_NAMES}
RANK_ORDER = {r: n for n, r in enumerate(["A", *map(str, range(2, 11)), "J", "Q", "K"], 1)}


def in_run_order(codes: Sequence[str]) -> list[str]:
    """A run's or MIX run's cards as the run reads, low to high, whatever order they were
    laid in: A low (A-2-3), or high beside a K (Q-K-A; K-A-2 is never a run)."""
    high_ace = any(code[1:] == "K" for code in codes)

    def rank(code: str) -> int:
        n = RANK_ORDER.get(code[1:], 0)
        return 14 if n == 1 and high_ace else n

    return sorted(codes, key=rank)


TEPU = Words("tepu", "テプ")

# What a building's mark lets its owner do (the rulebook's building notes).
MARK_WORDS: dict[str, Words] = {
    SPADE: Words("you may pass", "パスができる"),  # ♠について
    HEART: Words("draw limit +1", "引ける上限+1枚"),  # ♥について
}
# What each effect does, by its id in the catalogue (buildings.EFFECTS).
EFFECT_WORDS: dict[str, Words] = {
    SCHOOL: Words(
        "when drawing, look at the cards in range and take the ones you want",
        "引くとき、範囲のカードを見て要るカードだけもらう",
    ),
    BANK: Words(
        "put a card on it: cards of its rank are any suit for you",
        "カードを1枚置く:同じ数字のカードはどのマークにもなる",
    ),
    POLICE: Words(
        "put a card on it: cards of its rank are wild for you",
        "カードを1枚置く:同じ数字のカードはジョーカーになる",
    ),
    POST_OFFICE: Words(
        f"+{POST_OFFICE_TEPU} tepu when the other town lays a MIX3",
        f"相手がMIX3ランを出すと+{POST_OFFICE_TEPU}テプ",
    ),
    STATION: Words(
        f"the other town pays you {STATION_FARE} tepu for each draw of {STATION_DRAW}+ cards",
        f"相手が{STATION_DRAW}枚以上引くたびに{STATION_FARE}テプもらう",
    ),
    MARKET: Words(
        "+1 tepu when a turn of yours ends with a face-up ♦ on top of the row (not if you pass)",
        "手番の終わりに山札の一番上が表向きの♦なら+1テプ(パスしたら無し)",
    ),
    MINE: Words(
        "+1 tepu when a turn of yours ends with a face-down card on top of the row "
        "(not if you pass)",
        "手番の終わりに山札の一番上が裏向きなら+1テプ(パスしたら無し)",
    ),
}
# Why a "gain" event paid: the effect of the building that paid, by effect id.
GAIN_WORDS: dict[str, Words] = {
    MARKET: Words("a face-up ♦ on top of the row", "山札の一番上が表向きの♦"),
    MINE: Words("a face-down card on top of the row", "山札の一番上が裏向き"),
    POST_OFFICE: Words("the other town laid a MIX3", "相手がMIX3ランを出した"),
}
# What a card on a Bank or a Police station makes of the cards of its rank.
DEPOSIT_WORDS: dict[str, Words] = {
    BANK: Words("any suit", "どのマークにもなる"),
    POLICE: Words("wild", "ジョーカーになる"),
}


def income_words(income: int) -> Words:
    return Words(f"+{income} tepu at each settlement", f"決算ごとに+{income}テプ")


def effect_words(effect: str, mark: str, income: int) -> Words:
    """What a building does, from its effect id, its mark (spade, heart, ...) and income."""
    parts = [MARK_WORDS[mark]] if mark in MARK_WORDS else []
    if effect:
        parts.append(EFFECT_WORDS.get(effect) or Words(effect.replace("_", " "), effect))
    if income:
        parts.append(income_words(income))
    if not parts:
        return Words("no effect", "効果なし")
    return Words.join(parts, "; ", "、")


def describe(building: Building) -> Words:
    return effect_words(building.effect, building.mark, building.income)


def rank_label(code: str) -> str:
    """A card's rank as printed: "S10" -> "10", "HQ" -> "Q"."""
    return code[1:]


def assets(options: GameOptions) -> dict[str, Any]:
    """What the browser needs to describe any catalogue's buildings in both languages: the
    marks' and effects' words and the income's (``{n}``: the tepu), keyed as the view's
    catalogue names them (the mark by its symbol, the effect by its id)."""
    return {
        "building_words": {
            "marks": {MARK_SYMBOL[m]: w.to_json() for m, w in MARK_WORDS.items()},
            "effects": {e: w.to_json() for e, w in EFFECT_WORDS.items()},
            "income": {"en": "+{n} tepu at each settlement", "ja": "決算ごとに+{n}テプ"},
            "none": Words("no effect", "効果なし").to_json(),
        }
    }


class RummyCityWords:
    # A round begun and settled, and the last turns before the settling.
    milestones = frozenset({"round", "round_end", "final_turn", "settled", "overtime"})
    # Each card laid: the combination's line lists them all once it is down.
    said_elsewhere = frozenset({"lay"})

    def __init__(self, options: RummyCityOptions) -> None:
        self.options = options
        self.solo = options.players == 1
        full = catalogue_of(options.catalogue or default_data())
        self.catalogue: Catalogue = full.for_solo() if self.solo else full
        self._said: dict[str, Callable[[Mapping[str, Any], str], Words]] = {
            "round": self._on_round,
            "draw": self._on_draw,
            "drew": self._on_drew,
            "look": self._on_look,
            "looked": self._on_looked,
            "take": self._on_take,
            "discard": self._on_discard,
            "pass": self._on_pass,
            "end": self._on_end,
            "fare": self._on_fare,
            "gain": self._on_gain,
            "start": self._on_start,
            "combination": self._on_combination,
            "build": self._on_build,
            "return": self._on_return,
            "place": self._on_place,
            "round_end": self._on_round_end,
            "final_turn": self._on_final_turn,
            "settlement": self._on_settlement,
            "layoff": self._on_layoff,
            "settled": self._on_settled,
            "overtime": self._on_overtime,
        }

    # --- names -----------------------------------------------------------------------------
    def building(self, building_id: Any) -> Words:
        """A building by name: "Park" / "公園" (an id the catalogue lacks, as it is)."""
        b = self.catalogue.by_id.get(str(building_id))  # type: ignore[attr-defined]
        return Words(b.en, b.ja) if b is not None else same(str(building_id))

    def with_recipe(self, building_id: Any) -> Words:
        """ "Park (♠3Run)" / "公園(♠3Run)"."""
        b = self.catalogue.by_id.get(str(building_id))  # type: ignore[attr-defined]
        if b is None:
            return same(str(building_id))
        return Words(f"{b.en} ({b.recipe.text})", f"{b.ja}({b.recipe.text})")

    def by_effect(self, effect: str) -> Words:
        """The building that has ``effect`` in this game ("the Station" / "駅")."""
        for b in self.catalogue.buildings:
            if b.effect == effect:
                return Words(f"the {b.en}", b.ja)
        return Words(effect.replace("_", " "), effect)

    def deposit(self, building_id: Any, code: str) -> Words:
        """ "7s are any suit" / "7はどのマークにもなる"."""
        b = self.catalogue.by_id.get(str(building_id))  # type: ignore[attr-defined]
        power = DEPOSIT_WORDS.get(b.effect if b is not None else "", DEPOSIT_WORDS[BANK])
        rank = rank_label(code)
        return Words(f"{rank}s are {power.en}", f"{rank}は{power.ja}")

    # --- events ----------------------------------------------------------------------------
    def event(self, event: Mapping[str, Any]) -> Words | None:
        kind = str(event.get("kind"))
        actor = event.get("seat")
        who = seat(actor) if isinstance(actor, int) else ""
        say = self._said.get(kind)
        if say is None:
            return None  # game_over: the end screen says it
        return say(event, who)

    def _on_round(self, event: Mapping[str, Any], who: str) -> Words:
        n = event.get("round")
        row = list(event.get("row") or [])
        down = sum(1 for c in row if c is None)
        if self.solo:
            rounds = self.options.solo_rounds
            return Words(
                f"Round {n} of {rounds}: 2 cards in hand, a row of {len(row)} ({down} face down)",
                f"第{n}ラウンド(全{rounds}ラウンド):手札2枚、山札{len(row)}枚(うち裏向き{down}枚)",
            )
        return Words(
            f"Round {n}: 2 cards each, a row of {len(row)} ({down} face down); {who} to start",
            f"第{n}ラウンド:手札2枚ずつ、山札{len(row)}枚(うち裏向き{down}枚)、{who}から",
        )

    def _on_draw(self, event: Mapping[str, Any], who: str) -> Words:
        count = int(event.get("count", 0))
        shown = [str(c) for c in event.get("face_up") or []]
        hidden = int(event.get("face_down", 0))
        en = f"{who} drew {plural(count, 'card')} from the row"
        ja = f"{who}が山札から{count}枚引いた"
        if shown and hidden:
            en += f": {cards(shown)} and {hidden} face down"
            ja += f":{cards(shown)}と裏向き{hidden}枚"
        elif shown:
            en += f": {cards(shown)}"
            ja += f":{cards(shown)}"
        elif hidden:
            en += ", face down"
            ja += "(裏向き)"
        return Words(en, ja)

    def _on_drew(self, event: Mapping[str, Any], who: str) -> Words:
        # Told only to the drawer, beside the public "drew 3 cards from the row".
        drawn = cards(str(c) for c in event.get("cards") or [])
        return Words(
            f"{who} drew {drawn} face down (only you see it)",
            f"{who}が裏向きの{drawn}を引いた(あなたにだけ見える)",
        )

    def _on_look(self, event: Mapping[str, Any], who: str) -> Words:
        n = event.get("count")
        school = self.by_effect(SCHOOL)
        return Words(
            f"{who} looked at the top {n} cards of the row ({school.en})",
            f"{who}が{school.ja}の効果で山札の上から{n}枚を見た",
        )

    def _on_looked(self, event: Mapping[str, Any], who: str) -> Words:
        # Told only to the looker: the face-down cards among them stay secret from the rest.
        seen = cards(str(c) for c in event.get("cards") or [])
        return Words(
            f"{who} looked at {seen} (only you see the face-down ones)",
            f"{who}が{seen}を見た(裏向きのカードはあなたにだけ見える)",
        )

    def _on_take(self, event: Mapping[str, Any], who: str) -> Words:
        p = event.get("position")
        return Words(
            f"{who} took card {p} of those looked at", f"{who}が見たカードの{p}枚目を取った"
        )

    def _on_discard(self, event: Mapping[str, Any], who: str) -> Words:
        gone = [str(c) for c in event.get("cards") or []]
        return Words(
            f"{cards(gone)} went from the top of the row to the discards",
            f"山札の上から{cards(gone)}を捨て札にした",
        )

    def _on_pass(self, event: Mapping[str, Any], who: str) -> Words:
        return Words(f"{who} passed (♠): no draw, no building", f"{who}はパスした(♠)")

    def _on_end(self, event: Mapping[str, Any], who: str) -> Words:
        if event.get("of") == "layoffs":
            return Words(f"{who} finished laying off", f"{who}は付け札を終えた")
        return Words(f"{who} ended the turn", f"{who}は手番を終えた")

    def _on_fare(self, event: Mapping[str, Any], who: str) -> Words:
        to = event.get("to")
        to_who = seat(to) if isinstance(to, int) else ""
        tepu, station = event.get("tepu"), self.by_effect(STATION)
        return Words(
            f"{who} paid {to_who} {tepu} tepu: the fare of {station.en} "
            f"(a draw of {STATION_DRAW} or more)",
            f"{who}が{to_who}に{tepu}テプ払った({station.ja}の運賃:{STATION_DRAW}枚以上引いた)",
        )

    def _on_gain(self, event: Mapping[str, Any], who: str) -> Words:
        why = str(event.get("why"))
        tepu = event.get("tepu")
        source = self.by_effect(why)
        because = GAIN_WORDS.get(why)
        en = f"{who} gained {tepu} tepu from {source.en}"
        ja = f"{who}は{source.ja}で{tepu}テプ得た"
        if because is not None:
            en += f" ({because.en})"
            ja += f"({because.ja})"
        return Words(en, ja)

    def _on_start(self, event: Mapping[str, Any], who: str) -> Words:
        kind = KIND.get(str(event.get("combination")), same(str(event.get("combination"))))
        building = event.get("building")
        if building is None:
            return Words(
                f"{who} began a {kind.en} that builds nothing (final turn)",
                f"{who}が建物なしの{kind.ja}を出し始めた(最後の手番)",
            )
        target = self.with_recipe(building)
        return Words(
            f"{who} began a {kind.en} for the {target.en}",
            f"{who}が{target.ja}のために{kind.ja}を出し始めた",
        )

    def _on_combination(self, event: Mapping[str, Any], who: str) -> Words:
        combination = str(event.get("combination"))
        kind = KIND.get(combination, same(combination))
        codes = [str(c) for c in event.get("cards") or []]
        laid = cards(codes if combination == SET else in_run_order(codes))
        return Words(f"{who} laid down a {kind.en}: {laid}", f"{who}が{kind.ja}を公開した:{laid}")

    def _on_build(self, event: Mapping[str, Any], who: str) -> Words:
        building = self.building(event.get("building"))
        taken = event.get("taken_from")
        if isinstance(taken, int):
            return Words(
                f"{who} took the {building.en} from {seat(taken)}!",
                f"{who}が{seat(taken)}から{building.ja}を奪った!",
            )
        return Words(f"{who} built the {building.en}", f"{who}が{building.ja}を建てた")

    def _on_return(self, event: Mapping[str, Any], who: str) -> Words:
        building = self.building(event.get("building"))
        return Words(
            f"{who} returned the {building.en} to the supply "
            f"({SOLO_MOST_BUILDINGS} buildings at most)",
            f"{who}が{building.ja}を場に返した(建物は{SOLO_MOST_BUILDINGS}つまで)",
        )

    def _on_place(self, event: Mapping[str, Any], who: str) -> Words:
        code = str(event.get("card"))
        building = self.building(event.get("building"))
        power = self.deposit(event.get("building"), code)
        return Words(
            f"{who} put {card(code)} on the {building.en} for good: {power.en} for its owner",
            f"{who}が{building.ja}に{card(code)}を置いた:持ち主の{power.ja}",
        )

    def _on_round_end(self, event: Mapping[str, Any], who: str) -> Words:
        if self.solo:
            return Words(
                "The row is empty: the round ends with one final turn",
                "山札が無くなった:ラウンドの終了、最後の手番",
            )
        actor = event.get("seat")
        other = seat(1 - actor) if isinstance(actor, int) else ""
        return Words(
            f"{who} drew the last card: the round ends; final turns, {other} first, then {who}",
            f"{who}が最後のカードを引いた:ラウンドの終了。{other}、{who}の順に最後の手番",
        )

    def _on_final_turn(self, event: Mapping[str, Any], who: str) -> Words:
        return Words(
            f"Final turn for {who}: any number of combinations, at most {MOST_BUILDS} buildings",
            f"{who}の最後の手番:組み合わせはいくつでも、建物は{MOST_BUILDS}つまで",
        )

    def _on_settlement(self, event: Mapping[str, Any], who: str) -> Words:
        return Words(
            "Settlement: each town may lay off cards onto the other's combinations",
            "決算:相手の組み合わせに付け札ができる",
        )

    def _on_layoff(self, event: Mapping[str, Any], who: str) -> Words:
        actor = event.get("seat")
        other = seat(1 - actor) if isinstance(actor, int) else ""
        c, n = card(str(event.get("card"))), event.get("target")
        return Words(
            # Whose combination, by name ("the other town's" left the reader to work it out)
            f"{who} laid off {c} onto combination {n} (laid by {other})",
            f"{who}が{other}の組み合わせ{n}に{c}を付け札した",
        )

    def _on_settled(self, event: Mapping[str, Any], who: str) -> Words:
        n = event.get("round")
        towns = [
            self._town_settled(seat(s), town) for s, town in enumerate(event.get("towns") or [])
        ]
        head = Words(f"Settlement of round {n}: ", f"第{n}ラウンドの決算:")
        return head + Words.join(towns, "; ", "。")

    @staticmethod
    def _town_settled(who: str, town: Mapping[str, Any]) -> Words:
        hand, paid = int(town.get("hand", 0)), int(town.get("paid", 0))
        combos, income, tepu = town.get("combinations"), town.get("income"), town.get("tepu")
        short = Words("", "")
        if paid < hand:  # "支払えるだけのテプがない場合は、手持ちのテプをすべて支払い"
            short = Words(" (all the tepu held)", "(手持ちのテプすべて)")
        return Words(
            f"{who} paid {paid} for {plural(hand, 'card')} left{short.en}, gained {combos} for "
            f"combinations and {income} income: {tepu} tepu",
            f"{who}は手札{hand}枚で{paid}テプ支払い{short.ja}、組み合わせで+{combos}、"
            f"収入+{income}:{tepu}テプ",
        )

    def _on_overtime(self, event: Mapping[str, Any], who: str) -> Words:
        tepu = list(event.get("tepu") or [])
        t = tepu[0] if tepu else "?"
        return Words(
            f"Tied at {t} tepu: one extra round (延長戦)",
            f"{t}テプで同点:延長戦としてもう1ラウンド",
        )

    # --- moves ---------------------------------------------------------------------------
    def action(self, code: str) -> Words:
        words = code.split()
        verb, rest = (words[0], words[1:]) if words else ("", [])
        if verb == "draw" and len(rest) == 1:
            n = int(rest[0]) if rest[0].isdigit() else 0
            return Words(f"Draw {plural(n, 'card')} from the row", f"山札から{n}枚引く")
        if code == "look":
            school = self.by_effect(SCHOOL)
            return Words(
                f"Look at the cards in range ({school.en})", f"{school.ja}:引ける範囲のカードを見る"
            )
        if verb == "take" and len(rest) == 1:
            return Words(f"Take card {rest[0]}", f"{rest[0]}枚目を取る")
        if code == "done":
            return Words("Done", "完了")
        if code == "end":
            return Words("End (the turn or the lay-offs)", "終える(手番・付け札)")
        if code == "pass":
            return Words("Pass (♠): no draw, no building", "パス(♠):引かず建てない")
        if verb == "build" and len(rest) == 1:
            return Words(
                f"Build the {self.with_recipe(rest[0]).en}",
                f"{self.with_recipe(rest[0]).ja}を建てる",
            )
        if verb == "meld" and len(rest) == 1:
            kind = KIND.get(rest[0], same(rest[0]))
            return Words(f"Lay a {kind.en} that builds nothing", f"建物なしで{kind.ja}を出す")
        if verb == "lay" and len(rest) == 1:
            return Words(f"Lay {card(rest[0])}", f"{card(rest[0])}を出す")
        if verb == "place" and len(rest) == 2:
            building, code_ = self.building(rest[0]), rest[1]
            power = self.deposit(rest[0], code_)
            return Words(
                f"Put {card(code_)} on the {building.en} for good ({power.en})",
                f"{card(code_)}を{building.ja}に置く({power.ja})",
            )
        if verb == "layoff" and len(rest) == 2:
            return Words(
                f"Lay off {card(rest[0])} onto combination {rest[1]}",
                f"{card(rest[0])}を組み合わせ{rest[1]}に付け札する",
            )
        if verb == "return" and len(rest) == 1:
            building = self.building(rest[0])
            return Words(f"Return the {building.en} to the supply", f"{building.ja}を場に返す")
        return same(code)

    # --- the table now ---------------------------------------------------------------------
    def status(self, raw: Mapping[str, Any]) -> Words:
        # Only read, never kept: the rules' own view as its type, without read_view's
        # checked copy (10-55 µs, on the server twice a move).
        view = cast(RummyCityView, raw)
        phase, turn = view["phase"], view["turn"]
        if phase == "over":
            return Words("The game is over", "ゲーム終了")
        who = seat(turn)
        if phase == "turn":
            limit = min(view["seats"][turn]["draw_limit"], len(view["row"]))
            return Words(
                f"{who} to draw up to {plural(limit, 'card')} from the row, or build",
                f"{who}が山札から{limit}枚まで引くか、建物を建てる",
            )
        if phase == "pick":
            looking = view.get("looking")
            n = looking["count"] if looking else "?"
            school = self.by_effect(SCHOOL)
            return Words(
                f"{who} to take the wanted cards of the top {n} ({school.en}), then done",
                f"{who}が{school.ja}の効果で上から{n}枚のうち要るカードを取る",
            )
        if phase == "lay":
            making = view["making"]  # in the view while a combination is laid
            kind = KIND.get(making["kind"], same(making["kind"]))
            building = making["building"]
            if making.get("complete"):
                # Laid whole: "done" finishes it (a card more only where one still fits).
                made = Words(f"the {kind.en}", kind.ja)
                if building is not None:
                    target = self.with_recipe(building)
                    made = Words(f"the {kind.en} for the {target.en}", f"{target.ja}の{kind.ja}")
                return Words(
                    f"{who}: {made.en} is complete: Done, or a card more that fits",
                    f"{who}:{made.ja}が完成。「完了」か、続けて出せるカードを出す",
                )
            if building is None:
                return Words(
                    f"{who} to lay the next card of a {kind.en} (final turn)",
                    f"{who}が{kind.ja}の次のカードを出す(最後の手番)",
                )
            target = self.with_recipe(building)
            return Words(
                f"{who} to lay the next card of a {kind.en} for the {target.en}",
                f"{who}が{target.ja}の{kind.ja}の次のカードを出す",
            )
        if phase == "build":
            built = view["builds_this_turn"]
            if view["final_turn"]:
                return Words(
                    f"Final turn for {who}: lay combinations ({built} of {MOST_BUILDS} buildings "
                    "built), then end",
                    f"{who}の最後の手番:組み合わせを出す(建物{built}/{MOST_BUILDS})、または終える",
                )
            return Words(
                f"{who} to build again ({built} of {MOST_BUILDS} built) or end the turn",
                f"{who}がさらに建てるか手番を終える(建物{built}/{MOST_BUILDS})",
            )
        if phase == "return":
            return Words(
                f"{who} to return a building to the supply ({SOLO_MOST_BUILDINGS} at most)",
                f"{who}が建物を1つ場に返す({SOLO_MOST_BUILDINGS}つまで)",
            )
        if phase == "settle":
            other = seat(1 - turn) if not self.solo else who
            return Words(
                f"Settlement: {who} to lay off cards onto the other town's combinations, then end",
                f"決算:{who}が{other}の組み合わせに付け札する、または終える",
            )
        return Words(f"{who} to play", f"{who}の手番")

    # --- the end ---------------------------------------------------------------------------
    def outcome(self, outcome: Mapping[str, Any]) -> ScoreTable:
        details = outcome.get("details") or {}
        scores = [float(s) for s in outcome.get("scores") or []]
        ranks = list(outcome.get("ranks") or [])
        seats = range(len(scores))
        if self.solo:
            total = f"{scores[0]:g}" if scores else "0"
            headline = Words(f"Score attack: {total} tepu", f"スコアアタック:{total}テプ")
        else:
            headline = ranks_headline(ranks) + self._why_it_ended(details, scores)
        records = list(details.get("settlements") or [])
        # What each town gained or paid during each round, before its settlement (a solo
        # town: nothing): without it a row does not add up to the one before. (From the
        # options' start, or a scenario's own tepu where it set them.)
        opening = details.get("opening_tepu") or [self.options.start_tepu] * len(scores)
        during = gained_in_rounds(records, opening)
        moved = any(any(row) for row in during)
        heading = Words(
            "Settlement (−cards +combinations +income → tepu)",
            "決算(−手札 +組み合わせ +収入 → テプ)",
        )
        if moved:
            heading = Words(
                "Tepu gained in the round; settlement (−cards +combinations +income → tepu)",
                "ラウンド中に得たテプ、決算(−手札 +組み合わせ +収入 → テプ)",
            )
        columns = (heading, *(same(seat(s)) for s in seats))
        rows: list[tuple[Words, ...]] = []
        for record, gained in zip(records, during, strict=True):
            n = record.get("round")
            towns = list(record.get("towns") or [])
            rows.append(
                (
                    Words(f"Round {n}", f"第{n}ラウンド"),
                    *(
                        (_signed(change) if moved else same(""))
                        + same(
                            f"−{t.get('paid')} +{t.get('combinations')} +{t.get('income')} → "
                            f"{t.get('tepu')}"
                        )
                        for t, change in zip(towns, gained, strict=True)
                    ),
                )
            )
        owned: Sequence[Sequence[str]] = details.get("buildings") or [[] for _ in seats]
        rows.append(
            (
                Words("Buildings", "建物"),
                *(
                    Words.join([self.building(b) for b in town], ", ", "、")
                    if town
                    else Words("none", "なし")
                    for town in owned
                ),
            )
        )
        rows.append((Words("Tepu", "テプ"), *(same(f"{s:g}") for s in scores)))
        return ScoreTable(headline, columns, tuple(rows))

    def _why_it_ended(self, details: Mapping[str, Any], scores: Sequence[float]) -> Words:
        """How the game came to its end, from what the outcome shows."""
        top = max(scores, default=0.0)
        rounds = int(details.get("rounds", 0))
        if "延長戦" in str(details.get("reason", "")):
            return Words(" after the extra round (延長戦)", "(延長戦の後)")
        if top >= self.options.target:
            return Words(
                f" ({top:g} tepu, {self.options.target} reached)",
                f"({top:g}テプ、{self.options.target}テプ到達)",
            )
        return Words(
            f" (round limit: {plural(rounds, 'round')})", f"(ラウンド上限:{rounds}ラウンド)"
        )


def phrasebook(options: RummyCityOptions) -> RummyCityWords:
    return RummyCityWords(options)


def _signed(change: int) -> Words:
    """ "+9; " / "+9、": a round's own gains before its settlement."""
    text = f"+{change}" if change > 0 else ("±0" if change == 0 else f"−{-change}")
    return Words(f"{text}; ", f"{text}、")
