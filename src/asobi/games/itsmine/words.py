"""What It's Mine! says to people, in English and Japanese: its events, moves, the table's
state and the final scoring (``asobi.core.words``), for the terminal and the browser alike.

The rulebook's terms are used: 鉱山 mines (『コインの10』の鉱山 the Coin 10 mine), 国民カード
citizens, 山札 the deck, ボーナスの山 the bonus pile, 3枚ボーナス the 3-card bonus, オークション the
auction, ダイスの目 a die face, あいこ a tie, 小さい目 / 大きい目 the lower / higher face, 列 a
column, 昇順 / 降順 ascending / descending, 手札 the hand, 除外 removed, 勝利点 points, 余った手札
leftover cards, 最終ラウンド the final round, シンプル the simple variant.

Secrets stay where they belong: a bid, a simultaneous play, a tie-draw and a bonus card are
named only in the private events their owner sees; the public events (``bid_committed``,
``play_committed``, ``bonus``) carry no face or card, and so neither do their words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from asobi.core.cards import SEVEN
from asobi.core.words import ScoreTable, Words, card, cards, plural, ranks_headline, same, seat
from asobi.games.itsmine.actions import MINES, SUIT_INDEX, mine_points
from asobi.games.itsmine.scoring import LEFTOVER_COST, SIMPLE_MINE_POINTS
from asobi.games.itsmine.state import ItsMineOptions
from asobi.games.itsmine.views import ItsMineView

NONE = Words("none", "なし")


def suit_name(letter: str) -> Words:
    suit = SEVEN.suit(letter)
    return Words(suit.en, suit.ja)


def mine_name(code: str) -> Words:
    """A mine by its card: "the Coin 10 mine" / "コインの10の鉱山" (the rulebook writes
    『コインの10』の鉱山)."""
    found = SEVEN.card(code)
    suit, label = SEVEN.suit(found.suit), code[len(found.suit) :]
    return Words(f"the {suit.en} {label} mine", f"{suit.ja}の{label}の鉱山")


def _mines_of(codes: Sequence[str]) -> Words:
    """The mines (columns) the laid cards went to, smallest mine first."""
    letters = sorted({c[0] for c in codes}, key=SUIT_INDEX.__getitem__)
    names = [suit_name(s) for s in letters]
    if len(names) == 1:
        return Words(f"the {names[0].en} column", f"{names[0].ja}の列")
    en = ", ".join(n.en for n in names[:-1]) + f" and {names[-1].en}"
    return Words(f"the {en} columns", f"{'・'.join(n.ja for n in names)}の列")


def _play_cards(code: str) -> list[str]:
    """The cards of a ``play ...`` code, in the order laid (none for ``pass``)."""
    verb, *rest = code.split()
    return rest if verb == "play" else []


def _order(laid: Sequence[str]) -> Words:
    """A run's order: rising or falling (a legal run's order is its column's direction)."""
    if len(laid) < 2 or len({c[0] for c in laid}) != 1:
        return Words("", "")
    rising = SEVEN.card(laid[1]).rank > SEVEN.card(laid[0]).rank
    return (
        Words(" in rising order", "を昇順で") if rising else Words(" in falling order", "を降順で")
    )


END_REASONS = {  # the view's end_reason: why this round is the last
    "deck": Words("the deck ran out", "山札がなくなった"),  # 終わり A
    "bonus": Words("the bonus pile ran out", "ボーナスの山がなくなった"),  # 終わり B
    "round_limit": Words("the round limit was reached", "ラウンドの上限に達した"),
}


def end_reason(reason: str | None) -> Words:
    """Why this is the final round (``view["end_reason"]``), in words (a scenario may start
    in a final round without saying why)."""
    return END_REASONS.get(reason or "", Words("the end is near", "終わりが近い"))


class ItsMineWords:
    milestones = frozenset({"round"})  # each round's bids, takes and plays follow it
    said_elsewhere: frozenset[str] = frozenset()

    def __init__(self, options: ItsMineOptions) -> None:
        self.simple = options.variant == "simple"

    # --- events --------------------------------------------------------------------------
    def event(self, event: Mapping[str, Any]) -> Words | None:
        kind = event.get("kind")
        who = seat(event["seat"]) if isinstance(event.get("seat"), int) else ""
        if kind == "round":
            n = event.get("round", "?")
            if event.get("final"):
                return Words(f"Round {n} began: the final round", f"ラウンド{n}開始:最終ラウンド")
            return Words(f"Round {n} began", f"ラウンド{n}開始")
        if kind == "bid_committed":  # public: that a face is chosen, never which
            return Words(f"{who} chose a die face in secret", f"{who}がダイスの目をこっそり選んだ")
        if kind == "bid":  # told to the bidder alone
            face = event.get("face", "?")
            return Words(
                f"{who} will show {face} (hidden until both dice are in)",
                f"{who}は{face}の目を選んだ(両方そろうまで相手には秘密)",
            )
        if kind == "reveal":
            return self._reveal([int(f) for f in event.get("faces") or [0, 0]])
        if kind == "tie_draw":  # told to the drawer alone
            c = card(str(event.get("card", "")))
            return Words(
                f"{who} drew {c} from the deck (a tie)", f"{who}はあいこで山札から{c}を引いた"
            )
        if kind == "tie_draws":
            left = event.get("deck", "?")
            return Words(
                f"A tie: each drew a card from the deck face down ({left} left); bid again, "
                "the tied face barred",
                f"あいこ:お互いに山札から1枚ずつ裏向きで引いた(残り{left}枚)。"
                "同じ目は出せずに再オークション",
            )
        if kind == "auction_tied":
            left = event.get("deck", "?")
            return Words(
                f"The auction ended in a tie with {plural(int(left), 'card')} in the deck: "
                "nobody takes citizens, and both choose their plays at once",
                f"山札が残り{left}枚のため、あいこのままオークション終了:国民カードは取らず、"
                "お互い同時にカードを出す",
            )
        if kind == "take":
            c = card(str(event.get("card", "")))
            return Words(f"{who} took {c}", f"{who}が国民カード{c}を取った")
        if kind == "done":
            return Words(f"{who} stopped taking citizens", f"{who}は国民カードを取り終えた")
        if kind == "refill":
            added, left = list(event.get("cards") or []), event.get("deck", "?")
            if not added:
                return Words(
                    f"No citizens were added (deck: {left})", f"国民カードの補充なし(山札{left}枚)"
                )
            return Words(
                f"The citizens were refilled: {cards(added)} ({left} left in the deck)",
                f"国民カードを補充:{cards(added)}(山札残り{left}枚)",
            )
        if kind == "play":
            laid = [str(c) for c in event.get("cards") or []]
            where = _mines_of(laid)
            return Words(
                f"{who} laid {cards(laid)} in {where.en}",
                f"{who}が{where.ja}に{cards(laid)}を出した",
            )
        if kind == "pass":
            return Words(
                f"{who} passed: no card could be laid", f"{who}はパスした(出せるカードがない)"
            )
        if kind == "play_committed":  # public: that a play is chosen, never which
            return Words(f"{who} chose a play in secret", f"{who}が出すカードをこっそり選んだ")
        if kind == "play_chosen":  # told to the player alone
            laid = _play_cards(str(event.get("play", "")))
            if not laid:
                return Words(
                    f"{who} will pass (hidden until both plays are in)",
                    f"{who}はパスする(両方そろうまで相手には秘密)",
                )
            return Words(
                f"{who} will lay {cards(laid)} (hidden until both plays are in)",
                f"{who}は{cards(laid)}を出す(両方そろうまで相手には秘密)",
            )
        if kind == "plays_revealed":
            return self._plays_revealed(event)
        if kind == "bonus":
            mine, pile = mine_name(str(event.get("mine", ""))), event.get("pile", "?")
            return Words(
                f"{who} won the 3-card bonus in {mine.en} and drew the top bonus card "
                f"({pile} left in the bonus pile)",
                f"{who}が{mine.ja}で3枚ボーナスを得て、ボーナスの山から1枚取った(残り{pile}枚)",
            )
        if kind == "bonus_card":  # told to its taker alone
            c = card(str(event.get("card", "")))
            return Words(
                f"The bonus card is {c}: keep it or remove it",
                f"ボーナスカードは{c}:手札に入れるか除外するか",
            )
        if kind == "bonus_decided":  # told to its taker alone
            c = card(str(event.get("card", "")))
            if event.get("keep"):
                return Words(f"{who} kept {c} in hand", f"{who}は{c}を手札に入れた")
            return Words(
                f"{who} removed {c} from the game face down", f"{who}は{c}を裏向きで除外した"
            )
        if kind == "bonus_chosen":  # told to the other seat: which card is not said
            if event.get("keep"):
                return Words(
                    f"{who} kept the bonus card in hand", f"{who}はボーナスカードを手札に入れた"
                )
            return Words(
                f"{who} removed the bonus card from the game face down",
                f"{who}はボーナスカードを裏向きで除外した",
            )
        return None  # game_over: the end screen says it

    @staticmethod
    def _reveal(faces: list[int]) -> Words:
        a, b = faces
        if a == b:
            return Words(
                f"The dice were revealed: both showed {a}, a tie",
                f"ダイスを公開:お互いに{a}の目で、あいこ",
            )
        lower, higher = (0, 1) if a < b else (1, 0)
        low, high = seat(lower), seat(higher)
        return Words(
            f"The dice were revealed: {seat(0)} {a}, {seat(1)} {b}. The lower face ({low}) "
            f"takes exactly {plural(min(a, b), 'citizen')}, then the higher ({high}) takes 1 "
            f"to {max(a, b)} and lays first",
            f"ダイスを公開:{seat(0)} {a}、{seat(1)} {b}。小さい目の{low}が国民カードをちょうど"
            f"{min(a, b)}枚取り、大きい目の{high}が1〜{max(a, b)}枚取って先にカードを出す",
        )

    @staticmethod
    def _plays_revealed(event: Mapping[str, Any]) -> Words:
        shown_en, shown_ja = [], []
        for s, code in enumerate(event.get("plays") or []):
            laid = _play_cards(str(code))
            shown_en.append(f"{seat(s)} {cards(laid) if laid else 'a pass'}")
            shown_ja.append(f"{seat(s)} {cards(laid) if laid else 'パス'}")
        first = event.get("first")
        lead = seat(first) if isinstance(first, int) else "?"
        sums = [
            sum(SEVEN.card(c).rank for c in _play_cards(str(code)))
            for code in event.get("plays") or []
        ]
        if len(set(sums)) > 1:
            why = Words("the larger sum", f"合計の大きい{lead}")
        else:  # レアなケース: equal sums, then the card of the smaller mine lays first
            why = Words(
                "equal sums: the smaller mine", f"合計が同じため、小さい鉱山のカードを含む{lead}"
            )
        return Words(
            f"The plays were revealed: {', '.join(shown_en)}. First to lay: {lead} ({why.en})",
            f"出すカードを公開:{'、'.join(shown_ja)}。{why.ja}から並べる",
        )

    # --- moves ---------------------------------------------------------------------------
    def action(self, code: str) -> Words:
        verb, _, rest = code.partition(" ")
        if verb == "bid":
            return Words(f"Show {rest}", f"{rest}の目を出す")
        if verb == "take":
            return Words(f"Take {card(rest)}", f"{card(rest)}を取る")
        if code == "done":
            return Words("Stop taking citizens", "国民カードを取り終える")
        if verb == "play":
            laid = rest.split()
            order = _order(laid)
            return Words(f"Lay {cards(laid)}{order.en}", f"{cards(laid)}{order.ja or 'を'}出す")
        if code == "pass":
            return Words("Pass (no card can be laid)", "パス(出せるカードがない)")
        if code == "keep":
            return Words("Keep it in your hand", "手札に入れる")
        if code == "remove":
            return Words("Remove it face down", "裏向きで除外する")
        return same(code)

    # --- the table now ---------------------------------------------------------------------
    def status(self, raw: Mapping[str, Any]) -> Words:
        # Only read, never kept: the rules' own view as its type, without read_view's
        # checked copy (10-55 µs, on the server twice a move).
        view = cast(ItsMineView, raw)
        phase = view["phase"]
        if phase == "over":
            return Words("The game is over", "ゲーム終了")
        reader = view["seat"]
        active = view["active"]
        mine = reader in active
        others = [s for s in active if s != reader]
        waiting = Words(" and ".join(seat(s) for s in others), "と".join(seat(s) for s in others))
        doing = self._doing(phase, view, mine, waiting, reader)
        if view["final_round"]:
            why = end_reason(view["end_reason"])
            return Words(f"Final round ({why.en}). ", f"最終ラウンド({why.ja})。") + doing
        return doing

    def _doing(
        self, phase: str, view: ItsMineView, mine: bool, others: Words, reader: int | None
    ) -> Words:
        if phase == "bid":
            again = (
                Words(
                    "Tie: bid again, the tied face barred. ",
                    "あいこ:同じ目は出せずに再オークション。",
                )
                if view["ties"]
                else Words("", "")
            )
            if mine:
                return again + Words(
                    "Auction: choose a die face in secret. The lower face takes exactly that "
                    "many citizens, the higher 1 up to its face and lays first",
                    "オークション:ダイスの目をこっそり選ぶ。小さい目はその数ちょうど、大きい目は"
                    "1枚以上その数まで国民カードを取り、大きい目が先にカードを出す",
                )
            bid = None if reader is None else view["seats"][reader].get("bid")
            yours = Words(f" (your die: {bid})", f"(あなたの目:{bid})") if bid else Words("", "")
            return again + Words(
                f"Auction: waiting for {others.en} to choose a die face{yours.en}",
                f"オークション:{others.ja}がダイスの目を選ぶのを待っています{yours.ja}",
            )
        if phase == "take":
            left, must = view["take_left"], view["take_must"]
            lower = view["higher"] not in view["active"]
            if not mine:
                return Words(
                    f"{others.en} is taking citizens", f"{others.ja}が国民カードを取っています"
                )
            if lower:
                return Words(
                    f"Lower face: take exactly {plural(left, 'more citizen')}",
                    f"小さい目:国民カードをあと{left}枚ちょうど取る",
                )
            if must:
                return Words(
                    f"Higher face: take 1 to {left} citizens",
                    f"大きい目:国民カードを1〜{left}枚取る",
                )
            return Words(
                f"Higher face: take up to {plural(left, 'more citizen')}, or stop",
                f"大きい目:国民カードをあと{left}枚まで取るか、取り終える",
            )
        if phase in ("play", "play_together"):
            together = phase == "play_together"
            if mine:
                how = Words(
                    "Lay cards in your columns: one card, a run of one suit, or one number in "
                    "several suits",
                    "自分の列にカードを出す:1枚、同じスートの連続した数、または異なるスートの同じ数",
                )
                if together:
                    return (
                        Words(
                            "The auction ended tied: choose your play in secret. ",
                            "あいこのままオークション終了:出すカードをこっそり選ぶ。",
                        )
                        + how
                    )
                return how
            if together:
                play = None if reader is None else view["seats"][reader].get("play")
                yours = (
                    Words(" (your play is in)", "(あなたは選び終えた)") if play else Words("", "")
                )
                return Words(
                    f"Waiting for {others.en} to choose a play{yours.en}",
                    f"{others.ja}が出すカードを選ぶのを待っています{yours.ja}",
                )
            return Words(f"{others.en} is laying cards", f"{others.ja}がカードを出しています")
        if phase == "bonus":
            if mine:
                return Words(
                    "3-card bonus: keep the bonus card in your hand or remove it face down",
                    "3枚ボーナス:ボーナスカードを手札に入れるか、裏向きで除外する",
                )
            return Words(
                f"3-card bonus: {others.en} is looking at a bonus card",
                f"3枚ボーナス:{others.ja}がボーナスカードを見ています",
            )
        return Words(f"Waiting for {others.en}", f"{others.ja}を待っています")

    # --- the end ---------------------------------------------------------------------------
    def outcome(self, outcome: Mapping[str, Any]) -> ScoreTable:
        details = outcome.get("details") or {}
        simple = details.get("variant") == "simple"
        players = range(len(details.get("columns_scored") or [[], []]))
        # Each seat's cards at a mine as step 5 counts them: those its hand's last cards did
        # not take out of the game with them (step 4); then who takes the mine, and why.
        columns = (
            Words("Mine: cards that count", "鉱山:数えるカード"),
            *(same(seat(s)) for s in players),
            Words("Who takes it, and why", "獲得と理由"),
        )
        rows: list[tuple[Words, ...]] = []
        for m, n, why in how_each_mine_went(details):
            code = MINES[m].code
            worth = SIMPLE_MINE_POINTS if simple else mine_points(MINES[m])
            rows.append(
                (
                    Words(f"{card(code)} {worth} points", f"{card(code)} {worth}点"),
                    *(Words(plural(x, "card"), f"{x}枚") for x in n),
                    why,
                )
            )
        blank = same("")
        raw = list(details.get("mine_points") or [0, 0])
        left = [list(x) for x in details.get("leftover") or [[], []]]
        points = list(details.get("points") or outcome.get("scores") or [0, 0])
        rows.append((Words("Mine points", "鉱山の勝利点"), *(same(str(p)) for p in raw), blank))
        rows.append(
            (
                Words("Leftover cards", "余った手札"),
                *((same(cards(x)) if x else NONE) for x in left),
                blank,
            )
        )
        if not simple:
            rows.append(
                (
                    Words(f"Leftovers × −{LEFTOVER_COST}", f"余った手札 × −{LEFTOVER_COST}"),
                    *(same(f"−{LEFTOVER_COST * len(x)}" if x else "0") for x in left),
                    blank,
                )
            )
        # 7: "ただし,最低値は0で勝利点がマイナスの値を取ることはない": said where it applies,
        # so that 10 less 21 reading 0 is not taken for a slip.
        total = (
            Words("Points", "勝利点")
            if simple
            else Words("Points (never below 0)", "勝利点(最低0点)")
        )
        rows.append((total, *(same(f"{p:g}") for p in points), blank))
        return ScoreTable(self._headline(outcome, details), columns, tuple(rows))

    def _headline(self, outcome: Mapping[str, Any], details: Mapping[str, Any]) -> Words:
        ranks = list(outcome.get("ranks") or [])
        won = ranks_headline(ranks)
        points = [int(p) for p in details.get("points") or outcome.get("scores") or []]
        if len(points) != 2:
            return won
        a, b = points
        if a != b:
            return won + Words(
                f", {max(a, b)} to {min(a, b)} points", f"({max(a, b)}対{min(a, b)}点)"
            )
        left = [len(x) for x in details.get("leftover") or [[], []]]
        if all(r == 1 for r in ranks):
            return won + Words(f" at {a} points each", f"(ともに{a}点)")
        if left[0] != left[1]:
            return won + Words(
                f": level at {a} points, fewer leftover cards",
                f"({a}点で同点、余った手札が少ない)",
            )
        return won + Words(
            f": level at {a} points and leftovers, holds the smaller mine",
            f"({a}点・余った手札も同じで、小さい鉱山を得ている)",
        )


# --- how each mine went (勝敗 5; シンプル 5), from the outcome's counts, owners and tie chains --
# The engine's own notes ("nobody used it") are for the record: a mine whose columns the hands'
# last cards emptied (step 4) was used. Its counts say only that no card is left there.
EMPTY = Words("nobody: no card left in either column", "なし:どちらの列にもカードが残っていない")


def how_each_mine_went(details: Mapping[str, Any]) -> list[tuple[int, list[int], Words]]:
    """Each mine as judged, Coffin K down to Heart 7: its index, each seat's cards there that
    count (step 4 done) and who takes it and why; from an outcome's details."""
    simple = details.get("variant") == "simple"
    won = [list(m) for m in details.get("mines") or [[], []]]
    owner = {code: s for s, codes in enumerate(won) for code in codes}
    counts = list(details.get("columns_scored") or [[0] * len(MINES)] * 2)
    chains = [list(c) for c in details.get("tie_chains") or []]
    went = []
    for m in reversed(range(len(MINES))):
        code = MINES[m].code
        n = [int(seat_counts[m]) for seat_counts in counts]
        chain = next((c for c in chains if code in c), None)
        went.append((m, n, _how_it_went(m, n, owner.get(code), chain, simple)))
    return went


def _how_it_went(
    m: int, n: Sequence[int], taker: int | None, chain: Sequence[str] | None, simple: bool
) -> Words:
    """Who takes mine ``m`` and why, in a player's words: more cards; a tie decided by the
    mine below (保留) or by the smaller (シンプル, 11–K: larger) number laid; nobody."""
    mine = MINES[m]
    if taker is None:
        if n[0] == n[1] == 0:
            return EMPTY
        if chain:  # 5, レアなケース: the tie ran down to a Heart 7 with no cards
            return Words(
                f"nobody: tied {n[0]} to {n[1]}, and the tie ran down to an empty Heart 7 mine",
                f"なし:{n[0]}対{n[1]}の同数で保留、カードのないハートの7の鉱山まで決着せず",
            )
        return Words(  # シンプル: a tie at the Coin 10 goes to nobody
            f"nobody: tied {n[0]} to {n[1]} at the Coin 10 mine",
            f"なし:コインの10の鉱山で{n[0]}対{n[1]}の同数",
        )
    who, mine_n, theirs = seat(taker), n[taker], n[1 - taker]
    if chain and mine.code != chain[-1]:  # deferred (保留) to the mines below
        below = mine_name(chain[-1])
        return Words(
            f"{who}: tied {mine_n} to {theirs}, decided at {below.en} below",
            f"{who}:{mine_n}対{theirs}の同数で保留、下の{below.ja}で決着",
        )
    if mine_n != theirs:
        why = Words(
            f"{who}: more cards, {mine_n} to {theirs}", f"{who}:枚数が多い({mine_n}対{theirs})"
        )
    elif simple and mine.rank >= 11:
        why = Words(
            f"{who}: tied {mine_n} to {theirs}, laid the larger number",
            f"{who}:{mine_n}対{theirs}の同数、より大きい数を並べている",
        )
    else:
        why = Words(
            f"{who}: tied {mine_n} to {theirs}, laid the smaller number",
            f"{who}:{mine_n}対{theirs}の同数、より小さい数を並べている",
        )
    if chain:
        why = why + Words(", and the tied mines above", "。保留していた上の鉱山も獲得")
    return why


def phrasebook(options: ItsMineOptions) -> ItsMineWords:
    return ItsMineWords(options)
