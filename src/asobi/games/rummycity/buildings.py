"""The building cards (建物カード): a catalogue read from data and checked on load.

The printed building list is not public, so the catalogue is a TOML or JSON file: the
default (``catalogue.toml`` beside this module) is our reconstruction (see
``docs/rules/rummycity.md``), and a player who owns the printed cards can write theirs and
play with ``-o catalogue=FILE``. A file lists buildings like this::

    [[building]]
    id = "school"            # lower-case letters, digits and _
    en = "School"
    ja = "学校"
    mark = "♥"               # ♠ ♥ ♦ ♣ (or spade, heart, diamond, club)
    recipe = "♥4Run"         # ♠4Run, ♣5+Run, 3Run, MIX3, MIX4, Set3, Set4
    effect = "school"        # optional, see EFFECTS
    income = 0               # optional: tepu (テプ) its owner gains at each settlement

What a mark means is the rulebook's: a ♠ building lets its owner pass; each ♥ building
raises the draw limit by one; a ♦ building's effect works on turns its owner does not pass
(ours: the Market and the Mine pay at the end of such a turn, by the row's top card).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from asobi.core.cards import FRENCH52
from asobi.core.datafile import read_data_file
from asobi.core.errors import InvalidOptions
from asobi.games.rummycity.combos import Recipe, parse_recipe

SPADE, HEART, DIAMOND, CLUB = "spade", "heart", "diamond", "club"
MARKS = (SPADE, HEART, DIAMOND, CLUB)
MARK_SYMBOL = {SPADE: "♠", HEART: "♥", DIAMOND: "♦", CLUB: "♣"}
_MARK_ALIASES = {**{m: m for m in MARKS}, **{v: k for k, v in MARK_SYMBOL.items()}}

# Effects beyond the mark's own, with the mark they need (None: any mark).
SCHOOL, BANK, POLICE, POST_OFFICE, STATION, MARKET, MINE = (
    "school",
    "bank",
    "police",
    "post_office",
    "station",
    "market",
    "mine",
)
EFFECTS: dict[str, str | None] = {
    SCHOOL: HEART,  # "学校の効果は…範囲は通常通り、3枚までで、上限が増えるとその分範囲も広がる"
    BANK: None,
    POLICE: None,
    POST_OFFICE: None,
    STATION: None,
    MARKET: DIAMOND,
    MINE: DIAMOND,
}
DEPOSITS = (BANK, POLICE)  # "建設して、いつでも好きなタイミングで、カードを…置く"
NOT_IN_SOLO = (STATION, POST_OFFICE)  # solo rule 3: "「駅」と「郵便局」は使わない"
POST_OFFICE_TEPU = 2
STATION_FARE = 1
STATION_DRAW = 3  # the other player's draws of this many cards or more pay the fare
DIAMOND_TEPU = 1  # the Market's and the Mine's pay, at the end of a turn without a pass
DIAMOND_SUIT = "D"  # the Market pays for a face-up ♦ on top of the row
_RESERVED_IDS = {"draw", "look", "take", "done", "pass", "build", "lay", "meld", "end", "place"}


class BuildingData(BaseModel):
    """One building as a catalogue file writes it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=24)
    en: str = Field(min_length=1)
    ja: str = Field(min_length=1)
    mark: str
    recipe: str
    effect: str = ""
    income: int = Field(default=0, ge=0, le=20)

    @field_validator("mark")
    @classmethod
    def _known_mark(cls, value: str) -> str:
        mark = _MARK_ALIASES.get(value.strip().lower()) or _MARK_ALIASES.get(value.strip())
        if mark is None:
            raise ValueError(f"mark {value!r} is not one of ♠ ♥ ♦ ♣ (spade heart diamond club)")
        return mark

    @field_validator("recipe")
    @classmethod
    def _known_recipe(cls, value: str) -> str:
        return parse_recipe(value).text  # ValueError with the accepted forms

    @field_validator("id")
    @classmethod
    def _not_a_word(cls, value: str) -> str:
        if value in _RESERVED_IDS:
            raise ValueError(f"id {value!r} is an action word; choose another")
        try:
            FRENCH52.card(value)
        except Exception:
            return value
        raise ValueError(f"id {value!r} reads as a card code; choose another")

    @model_validator(mode="after")
    def _effect_fits_mark(self) -> BuildingData:
        if self.effect and self.effect not in EFFECTS:
            raise ValueError(
                f"{self.id}: effect {self.effect!r} is not one of {', '.join(sorted(EFFECTS))}"
            )
        needs = EFFECTS.get(self.effect)
        if needs is not None and self.mark != needs:
            raise ValueError(f"{self.id}: the {self.effect} effect is a {MARK_SYMBOL[needs]} one")
        return self


class CatalogueData(BaseModel):
    """A whole catalogue. Recipes either equal each other (a Set pair: "セットについては、
    同じ組み合わせのものが2つずつあります") or never match the same combination."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    building: tuple[BuildingData, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> CatalogueData:
        ids = [b.id for b in self.building]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"building ids used twice: {', '.join(twice)}")
        recipes = sorted({b.recipe for b in self.building})
        parsed = [parse_recipe(r) for r in recipes]
        for i, a in enumerate(parsed):
            for b in parsed[i + 1 :]:
                if a.overlaps(b):
                    raise ValueError(
                        f"recipes {a} and {b} overlap: one combination would match both, "
                        "so 'a building you already own' would be ambiguous"
                    )
        for effect in (BANK, POLICE, SCHOOL):
            if sum(1 for b in self.building if b.effect == effect) > 1:
                raise ValueError(f"at most one building has the {effect} effect")
        return self


@dataclass(frozen=True, slots=True)
class Building:
    """A building as the rules use it."""

    id: str
    en: str
    ja: str
    mark: str
    recipe: Recipe
    effect: str
    income: int

    @property
    def symbol(self) -> str:
        return MARK_SYMBOL[self.mark]

    def to_json(self) -> dict[str, Any]:
        """The building as views show it."""
        return {
            "id": self.id,
            "en": self.en,
            "ja": self.ja,
            "mark": self.symbol,
            "recipe": self.recipe.text,
            "effect": self.effect,
            "income": self.income,
            "text": self.describe(),
        }

    def describe(self) -> str:
        """What it does, in English (the rules summary and the terminal use this)."""
        parts: list[str] = []
        if self.mark == SPADE:
            parts.append("you may pass (no ♦ effects that turn)")
        if self.mark == HEART:
            parts.append("draw limit +1")
        parts.append(EFFECT_TEXT.get(self.effect, ""))
        if self.income:
            parts.append(f"+{self.income} tepu at settlement")
        return "; ".join(p for p in parts if p)


EFFECT_TEXT = {
    SCHOOL: "look at the cards in range when drawing and take the ones you want",
    BANK: "put a hand card on it: cards of that rank are any suit for you",
    POLICE: "put a hand card on it: cards of that rank are wild for you",
    POST_OFFICE: f"+{POST_OFFICE_TEPU} tepu when the other player lays a MIX3",
    STATION: f"the other player pays you {STATION_FARE} tepu when drawing {STATION_DRAW}+ cards",
    MARKET: f"+{DIAMOND_TEPU} tepu when a turn you do not pass ends with a face-up ♦ on top "
    "of the row",
    MINE: f"+{DIAMOND_TEPU} tepu when a turn you do not pass ends with a face-down card on top "
    "of the row",
}


class Holdings(NamedTuple):
    """What a seat's buildings let it do, asked at nearly every decision; worked out once
    for each list of buildings owned (``Catalogue.holdings``)."""

    hearts: int  # ♥ buildings: each adds one to the draw limit
    spade: bool  # a ♠ building: its owner may pass
    effects: frozenset[str]  # the effects of the buildings owned
    holds_card: tuple[str, ...]  # the Bank and Police station owned, in the order owned
    # The buildings left to claim, by their place in the catalogue, with their recipes: not
    # one owned, nor one whose recipe a building owned has (the other of a Set pair).
    goals: tuple[tuple[int, Recipe], ...]


MOST_HOLDINGS_KEPT = 4096  # lists of buildings owned whose Holdings a catalogue keeps


@dataclass(frozen=True)
class Catalogue:
    """The buildings of one game, in catalogue order."""

    buildings: tuple[Building, ...]
    # The ids of the buildings of each mark and of each effect: what a seat may do is asked
    # at every decision (does it own a ♠ building, the School?), answered from its ids.
    with_mark: Mapping[str, frozenset[str]] = field(init=False, repr=False, compare=False)
    with_effect: Mapping[str, frozenset[str]] = field(init=False, repr=False, compare=False)
    holds_card: frozenset[str] = field(init=False, repr=False, compare=False)  # DEPOSITS

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {b.id: b for b in self.buildings})
        # Equal recipes (a Set pair) share a number: the rules compare numbers, not recipes.
        numbers: dict[Recipe, int] = {}
        for b in self.buildings:
            numbers.setdefault(b.recipe, len(numbers))
        object.__setattr__(self, "recipe_no", {b.id: numbers[b.recipe] for b in self.buildings})
        object.__setattr__(
            self,
            "with_mark",
            {m: frozenset(b.id for b in self.buildings if b.mark == m) for m in MARKS},
        )
        object.__setattr__(
            self,
            "with_effect",
            {e: frozenset(b.id for b in self.buildings if b.effect == e) for e in EFFECTS},
        )
        object.__setattr__(
            self, "holds_card", frozenset(b.id for b in self.buildings if b.effect in DEPOSITS)
        )
        object.__setattr__(self, "_holdings", {})  # tuple of ids owned -> Holdings
        # Every view lists the whole catalogue (under search, a view per decision): its
        # text is made once and copied.
        object.__setattr__(self, "_json", tuple(b.to_json() for b in self.buildings))

    def to_json(self) -> list[dict[str, Any]]:
        """The buildings as views show them (fresh dicts: a view is the caller's to keep)."""
        return [dict(b) for b in self._json]  # type: ignore[attr-defined]

    def holdings(self, owned: Sequence[str]) -> Holdings:
        """What owning ``owned`` (building ids, in the order claimed) lets a seat do."""
        key = tuple(owned)
        kept: dict[tuple[str, ...], Holdings] = self._holdings  # type: ignore[attr-defined]
        found = kept.get(key)
        if found is None:
            if len(kept) >= MOST_HOLDINGS_KEPT:
                kept.clear()
            found = kept[key] = self._work_out_holdings(key)
        return found

    def _work_out_holdings(self, owned: tuple[str, ...]) -> Holdings:
        number = self.recipe_no  # type: ignore[attr-defined]
        own_recipes = {number[b] for b in owned}
        return Holdings(
            hearts=sum(1 for b in owned if b in self.with_mark[HEART]),
            spade=not self.with_mark[SPADE].isdisjoint(owned),
            effects=frozenset(self[b].effect for b in owned),
            holds_card=tuple(b for b in owned if b in self.holds_card),
            goals=tuple(
                (i, b.recipe)
                for i, b in enumerate(self.buildings)
                if number[b.id] not in own_recipes
            ),
        )

    def __getitem__(self, building_id: str) -> Building:
        return self.by_id[building_id]  # type: ignore[attr-defined,no-any-return]

    def __contains__(self, building_id: object) -> bool:
        return building_id in self.by_id  # type: ignore[attr-defined]

    def for_solo(self) -> Catalogue:
        return Catalogue(tuple(b for b in self.buildings if b.effect not in NOT_IN_SOLO))


DEFAULT_FILE = Path(__file__).with_name("catalogue.toml")


def read_catalogue_file(path: str | Path) -> CatalogueData:
    """Read and check a catalogue file (TOML or JSON), with errors that say what is wrong."""
    return catalogue_data(read_data_file(path, "catalogue"), str(path))


def catalogue_data(raw: Mapping[str, Any], where: str = "catalogue") -> CatalogueData:
    try:
        return CatalogueData.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'catalogue'}: {err['msg']}"
            for err in exc.errors()
        )
        raise InvalidOptions(f"{where}: {problems}") from None


@cache
def default_data() -> CatalogueData:
    return read_catalogue_file(DEFAULT_FILE)


@cache
def catalogue_of(data: CatalogueData) -> Catalogue:
    return Catalogue(
        tuple(
            Building(b.id, b.en, b.ja, b.mark, parse_recipe(b.recipe), b.effect, b.income)
            for b in data.building
        )
    )
