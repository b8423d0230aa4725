"""Rummy City as a vector: one seat's view, for learning agents.

Built from the seat's view alone (``views.read_view``), so it holds nothing the seat may not
know. Cards are bags over the 52 cards of the French deck (``SA``…``CK``, in :data:`FRENCH52`
order). Buildings are numbered in the game's catalogue order, so the size depends on the
``catalogue`` option (and on the player count: the solo game leaves out the Station and the
Post office). Seats are seen from the observer: the observing seat first, then the others in
turn order. The row (山札) is encoded twice: each visible card with how deep it lies, and
the top positions one by one (those a single draw can reach), since drawing takes cards from
the top in order.

Not encoded: the round before's combinations, hands and discards (the cards are gathered and
dealt again, so they say nothing of the round under way), the settlement history (its result
is the tepu) and the outcome.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobi.core.cards import FRENCH52
from asobi.core.observation import Feature, Layout, Observer, Writer
from asobi.core.protocol import GameOptions
from asobi.games.rummycity.actions import MOST_COMBINATIONS
from asobi.games.rummycity.buildings import (
    BANK,
    EFFECTS,
    HEART,
    MARKS,
    POLICE,
    Building,
    catalogue_of,
    default_data,
)
from asobi.games.rummycity.combos import (
    JOKER,
    KINDS,
    LONGEST,
    RUN,
    STANDING_NAMES,
    SUITLESS,
    SUITS,
)
from asobi.games.rummycity.state import DRAW_LIMIT, MOST_BUILDS, Phase, RummyCityOptions
from asobi.games.rummycity.views import CombinationView, read_view

CARDS = len(FRENCH52)  # 52: the size of every bag of cards
ROW_SLOTS = CARDS  # the row never holds more than the whole deck
RANKS = 13
PHASES = tuple(Phase)
EFFECT_NAMES = tuple(EFFECTS)
DEPOSIT_EFFECTS = (BANK, POLICE)  # the buildings a card is put on, one slot each
# Views name a laid card's standing in words; these are the words.
SUITLESS_NAME, JOKER_NAME = STANDING_NAMES[SUITLESS], STANDING_NAMES[JOKER]
# Scales that keep the numbers near [0, 1] in real games (a larger value is still finite).
HAND_SCALE = 20  # hands of 10–20 cards are common before a round's last turns
COMBINATIONS_SCALE = 10  # combinations laid by one town in one round
INCOME_SCALE = 4  # the most a building of the default catalogue pays
RANK_COPIES = 4  # a combination's wild (or suitless) cards share the one rank deposited
# One combination: kind one-hot, the ranks and suits it holds (its natural cards; a suitless
# card only its rank), its size, its wild cards and its suitless cards.
COMBO_SIZE = len(KINDS) + RANKS + len(SUITS) + 3
BUILDING_SIZE = len(MARKS) + len(KINDS) + 2 + len(SUITS) + 1 + len(EFFECT_NAMES)


class RummyCityObserver(Observer):
    """A seat's view of the game between two towns (2 players) or of the solo game."""

    def __init__(self, options: RummyCityOptions) -> None:
        self.options = options
        self.players = options.players
        self.solo = options.players == 1
        full = catalogue_of(options.catalogue or default_data())
        catalogue = full.for_solo() if self.solo else full
        self.buildings = tuple(b.id for b in catalogue.buildings)
        self.building_index = {b: i for i, b in enumerate(self.buildings)}
        # The catalogue is public and fixed by the options (every view repeats it): its
        # numbers are worked out once, not at every decision.
        self.catalogue_numbers = [x for b in catalogue.buildings for x in _building_numbers(b)]
        self.deposit_slot = {
            b.id: DEPOSIT_EFFECTS.index(b.effect)
            for b in catalogue.buildings
            if b.effect in DEPOSIT_EFFECTS
        }
        # The most cards one draw (or one look with the School) can take with every ♥ owned.
        self.reach = DRAW_LIMIT + sum(1 for b in catalogue.buildings if b.mark == HEART)
        self.rounds = options.solo_rounds if self.solo else options.round_limit
        rounds_option = "solo_rounds" if self.solo else "round_limit"
        n, nb, k = self.players, len(self.buildings), self.reach
        features = [
            Feature(
                "phase", len(PHASES), f"phase one-hot: {', '.join(PHASES)} (what the mask is for)"
            ),
            Feature("to_act", n, "who acts now, one-hot by seat from the observer (0 = self)"),
            Feature("first_player", n, "who started this round, one-hot by seat from the observer"),
            Feature(
                "last_drawer",
                n,
                "who drew the row's last card (ラウンドの終了), by seat; zeros: not yet",
            ),
            Feature("round", 1, f"the round (ラウンド) / {self.rounds} ({rounds_option})"),
            Feature("final_turn", 1, "1 in the final turns after the last card (最後の手番)"),
            Feature(
                "passes",
                1,
                f"passes (パス) in a row just before this turn / {n}: at 1, no pass now",
            ),
            Feature("builds_this_turn", 1, f"buildings built this turn / {MOST_BUILDS}"),
        ]
        if not self.solo:
            features.append(Feature("overtime", 1, "1 in the extra round after a tie (延長戦)"))
        features += [
            Feature("hand", CARDS, "own hand (手札): a bag of cards"),
            Feature("hand_size", n, f"hand sizes by seat from the observer / {HAND_SCALE}"),
            Feature(
                "tepu", n, f"tepu (テプ) by seat from the observer / {options.target} (target)"
            ),
            Feature("draw_limit", n, f"draw limit (上限) by seat from the observer / {k}"),
        ]
        if not self.solo:
            features.append(
                Feature(
                    "known_cards",
                    (n - 1) * CARDS,
                    "per other seat in turn order, its hand cards this seat saw go in (drawn "
                    "face up, or looked at with the School): bags of cards",
                )
            )
        features += [
            Feature(
                "buildings",
                n * nb,
                "buildings (建物) owned, per seat from the observer, one flag per building "
                "in catalogue order",
            ),
            Feature("supply", nb, "buildings in the supply (場), one flag per building"),
            Feature(
                "catalogue",
                nb * BUILDING_SIZE,
                "each building card (建物カード) in catalogue order: mark one-hot (♠♥♦♣), "
                "recipe kind one-hot (Run ラン, MIX Run ミックスラン, Set セット), recipe size / "
                "13, 1 for 'or more', recipe suit one-hot (SHDC; zeros: any), income / "
                f"{INCOME_SCALE}, effect one-hot ({', '.join(EFFECT_NAMES)})",
            ),
            Feature(
                "deposits",
                len(DEPOSIT_EFFECTS) * CARDS,
                "the card put on the Bank (銀行), then on the Police station (警察署): one-hot",
            ),
            Feature("row_size", 1, f"cards left in the row (山札) / {ROW_SLOTS}"),
            Feature(
                "row_cards",
                CARDS,
                "each card this seat sees in the row: (52 - depth) / 52, the top card 1; "
                "0: not in the row or not seen",
            ),
            Feature(
                "row_top",
                k * CARDS,
                f"the row's top {k} positions (one draw's reach), each a one-hot of the card "
                "this seat sees there; zeros: face down or empty",
            ),
            Feature(
                "row_hidden",
                ROW_SLOTS,
                "per row position from the top, 1 where a face-down card (裏) lies that this "
                "seat has not looked at",
            ),
            Feature(
                "row_looked",
                n * ROW_SLOTS,
                "per seat from the observer, per row position, 1 where a face-down card lies "
                "that the seat looked at with the School (学校)",
            ),
            Feature(
                "combination_cards",
                n * CARDS,
                "cards in this round's combinations (組み合わせ), per seat from the observer: "
                "bags of cards",
            ),
            Feature(
                "combination_count",
                n,
                f"combinations laid this round (1 tepu each at 決算) by seat / "
                f"{COMBINATIONS_SCALE}",
            ),
            Feature(
                "combinations",
                n * MOST_COMBINATIONS * COMBO_SIZE,
                f"this round's combinations one by one (lay-off 付け札 targets 1–"
                f"{MOST_COMBINATIONS}), per seat from the observer: kind one-hot (run, mix, "
                "set), the ranks A–K and suits SHDC of its cards (flags; a wild card has "
                "neither, a suitless one no suit), its size / 13, wild cards (警察署) / 4, "
                "suitless cards (銀行) / 4",
            ),
            Feature(
                "making_building",
                nb,
                "the building the combination under way claims, one-hot; zeros: none",
            ),
            Feature("making_kind", len(KINDS), "the kind of the combination under way: one-hot"),
            Feature("making_cards", CARDS, "the cards laid so far in it: a bag"),
            Feature("looking_count", 1, f"cards looked at with the School / {k}"),
            Feature("looking_taken", k, "positions of the School's range already taken: flags"),
            Feature(
                "looking_cards",
                k * CARDS,
                "the School's range, position by position, a one-hot of the card (its looker only)",
            ),
        ]
        if self.solo:
            features.append(Feature("discards", CARDS, "the face-up discards (捨て札): a bag"))
        features.append(
            Feature(
                "unseen",
                CARDS,
                "cards this seat sees nowhere: face down in the row, unknown in another hand, "
                "or out of play (a bag)",
            )
        )
        self.layout = Layout(features)

    def fill(self, out: Writer, raw: Mapping[str, Any]) -> None:
        view = read_view(raw)
        n = self.players
        me = view["seat"]
        if me is None:
            raise ValueError("a Rummy City observation is of one seat's view")
        order = [(me + k) % n for k in range(n)]  # seats as the observer sees them
        place = {seat: k for k, seat in enumerate(order)}
        seen: set[str] = set()

        out.one_hot("phase", PHASES.index(Phase(view["phase"])))
        for seat in view["active"]:
            out.add("to_act", place[seat])
        out.one_hot("first_player", place[view["first_player"]])
        if view["last_drawer"] is not None:
            out.one_hot("last_drawer", place[view["last_drawer"]])
        out.put("round", view["round"] / self.rounds)
        out.put("final_turn", float(view["final_turn"]))
        out.put("passes", view["passes_in_a_row"] / self.players)
        out.put("builds_this_turn", view["builds_this_turn"] / MOST_BUILDS)
        if not self.solo:
            out.put("overtime", float(view["overtime"]))

        out.bag("hand", view["seats"][me]["hand"], _index, seen=seen)
        for k, seat in enumerate(order):
            entry = view["seats"][seat]
            out.add("hand_size", k, entry["hand_size"] / HAND_SCALE)
            out.add("tepu", k, entry["tepu"] / self.options.target)
            out.add("draw_limit", k, entry["draw_limit"] / self.reach)
            if k > 0:
                out.bag("known_cards", entry["known_cards"], _index, (k - 1) * CARDS, seen=seen)
            for b in entry["buildings"]:
                out.add("buildings", k * len(self.buildings) + self.building_index[b])
            combos = entry["combinations"]
            out.add("combination_count", k, len(combos) / COMBINATIONS_SCALE)
            for t, combo in enumerate(combos):
                out.bag("combination_cards", combo["cards"], _index, k * CARDS, seen=seen)
                _combination(out, (k * MOST_COMBINATIONS + t) * COMBO_SIZE, combo)

        for b in view["supply"]:
            out.add("supply", self.building_index[b])
        out.put("catalogue", self.catalogue_numbers)
        for b, deposit in view["deposits"].items():
            out.bag("deposits", [deposit], _index, self.deposit_slot[b] * CARDS, seen=seen)

        row = view["row"]
        out.put("row_size", len(row) / ROW_SLOTS)
        for depth, spot in enumerate(row):
            code = spot["card"]
            if code is None:
                out.add("row_hidden", depth)
            else:
                out.add("row_cards", _index(code), (ROW_SLOTS - depth) / ROW_SLOTS)
                seen.add(code)
                if depth < self.reach:
                    out.add("row_top", depth * CARDS + _index(code))
            for seat in spot["looked_at_by"]:
                out.add("row_looked", place[seat] * ROW_SLOTS + depth)

        making = view.get("making")
        if making is not None:
            if making["building"] is not None:
                out.one_hot("making_building", self.building_index[making["building"]])
            out.one_hot("making_kind", KINDS.index(making["kind"]))
            out.bag("making_cards", making["cards"], _index, seen=seen)

        looking = view.get("looking")
        if looking is not None:
            out.put("looking_count", looking["count"] / self.reach)
            for position in looking["taken"]:
                out.add("looking_taken", position - 1)
            for depth, code in enumerate(looking["cards"] or ()):
                out.bag("looking_cards", [code], _index, depth * CARDS, seen=seen)

        if self.solo:
            out.bag("discards", view["discards"], _index, seen=seen)

        for i, card in enumerate(FRENCH52.cards):
            if card.code not in seen:
                out.add("unseen", i)


def _combination(out: Writer, start: int, combo: CombinationView) -> None:
    """One combination's numbers, from ``start`` of the ``combinations`` block."""
    standing = combo.get("standing", {})
    out.add("combinations", start + KINDS.index(combo["kind"]))
    ranks_at = start + len(KINDS)
    suits_at = ranks_at + RANKS
    size_at = suits_at + len(SUITS)
    wilds = suitless = 0
    ranks: set[int] = set()
    suits: set[str] = set()
    for code in combo["cards"]:
        card = FRENCH52.card(code)
        if standing.get(code) == JOKER_NAME:
            wilds += 1  # it may stand for any card: its own rank and suit say nothing
            continue
        ranks.add(card.rank)
        if standing.get(code) == SUITLESS_NAME:
            suitless += 1
        else:
            suits.add(card.suit)
    for rank in ranks:
        out.add("combinations", ranks_at + rank - 1)
    for suit in suits:
        out.add("combinations", suits_at + SUITS.index(suit))
    out.add("combinations", size_at, len(combo["cards"]) / LONGEST[RUN])
    out.add("combinations", size_at + 1, wilds / RANK_COPIES)
    out.add("combinations", size_at + 2, suitless / RANK_COPIES)


def _building_numbers(building: Building) -> list[float]:
    """One catalogue entry: mark, recipe kind, size, "or more", recipe suit, income, effect."""
    recipe = building.recipe
    numbers = [float(building.mark == mark) for mark in MARKS]
    numbers += [float(recipe.kind == kind) for kind in KINDS]
    numbers += [recipe.size / LONGEST[RUN], float(recipe.more)]
    numbers += [float(recipe.suit == suit) for suit in SUITS]
    numbers.append(building.income / INCOME_SCALE)
    numbers += [float(building.effect == effect) for effect in EFFECT_NAMES]
    return numbers


def _index(code: str) -> int:
    return FRENCH52.index(FRENCH52.card(code))


def observer(options: GameOptions) -> Observer:
    assert isinstance(options, RummyCityOptions)
    return RummyCityObserver(options)
