"""Bad input for the fuzz tests (``test_bad_input.py``): a valid scenario or record broken
in every way, seats that are not seats, actions that are not the game's.

Nothing here knows any game. A value is broken with material taken from the valid value
itself (its card codes, keys, numbers and words), so every game is broken in its own
vocabulary: a card listed twice, a meld that is none, a seat one too many, as well as a
number where a list belongs or random JSON.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterator, Sequence
from typing import Any

from hypothesis import strategies as st

from asobi.core import Action, GameSpec, State

Path = tuple[str | int, ...]

JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6),
)


def json_values(tokens: Sequence[Any] = ()) -> st.SearchStrategy[Any]:
    """Any JSON value (NaN and infinities included, as Python's json module reads them),
    its scalars often taken from ``tokens``."""
    scalars = st.one_of(JSON_SCALARS, st.sampled_from(tokens)) if tokens else JSON_SCALARS
    keys = st.one_of(
        st.text(max_size=5), st.sampled_from([t for t in tokens if isinstance(t, str)] or [""])
    )
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=3),
        max_leaves=10,
    )


def nodes(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every value inside ``value`` (itself first) with its path."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from nodes(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from nodes(item, (*path, index))


def tokens_of(value: Any) -> list[Any]:
    """The material of a valid value: its keys, strings, the words of its strings (card
    codes in a meld), its numbers and each of them one off."""
    found: list[Any] = []
    for path, item in nodes(value):
        if path and isinstance(path[-1], str):
            found.append(path[-1])
        if isinstance(item, str):
            found += [item, *item.split()]
        elif isinstance(item, int | float) and not isinstance(item, bool):
            found += [item, item + 1, item - 1]
    return list(dict.fromkeys(found)) or [0]


def replaced(value: Any, path: Path, new: Any) -> Any:
    """A copy of ``value`` with the value at ``path`` replaced by ``new``."""
    if not path:
        return new
    out = copy.copy(value)
    out[path[0]] = replaced(value[path[0]], path[1:], new)
    return out


def _twisted(item: Any, tokens: list[Any], draw: st.DrawFn) -> Any:
    """``item`` changed in a way that keeps close to it: another type of the same value, an
    entry dropped or doubled, a key renamed, a number pushed to an edge."""
    if isinstance(item, bool):
        return draw(st.sampled_from([int(item), str(item).lower(), not item, None]))
    if isinstance(item, int | float):
        edges = [
            -item,
            item + 0.5,
            float(item),
            str(item),
            [item],
            item * 10**30,
            math.nan,
            math.inf,
        ]
        return draw(st.sampled_from([*edges, True, False, None]))
    if isinstance(item, str):
        words = item.split()
        return draw(
            st.sampled_from(
                [
                    [item],
                    item.lower(),
                    f"?{item}",
                    " ".join(words + words[-1:]),  # a card twice in one meld
                    " ".join(words[1:]),
                    item * 3,
                    len(item),
                ]
            )
        )
    if isinstance(item, list):
        choices: list[Any] = [[], {"0": item}, [item], list(reversed(item))]
        if item:
            at = draw(st.integers(0, len(item) - 1))
            choices += [item[:at] + item[at + 1 :], [*item, item[at]], item[at]]
        choices.append([*item, draw(st.sampled_from(tokens))])
        return draw(st.sampled_from(choices))
    if isinstance(item, dict):
        choices = [
            list(item.values()),
            {**item, draw(st.text(max_size=5)): draw(json_values(tokens))},
        ]
        if item:
            key = draw(st.sampled_from(sorted(item)))
            others = {k: v for k, v in item.items() if k != key}
            renamed = draw(st.sampled_from([t for t in tokens if isinstance(t, str)] or ["x"]))
            choices += [others, {**others, renamed: item[key]}]
        return draw(st.sampled_from(choices))
    return draw(json_values(tokens))


@st.composite
def broken(draw: st.DrawFn, valid: Any, most: int = 3) -> Any:
    """``valid`` with one to ``most`` of its values broken: twisted (``_twisted``), swapped
    for a token of its own, or for random JSON."""
    tokens = tokens_of(valid)
    value = copy.deepcopy(valid)
    for _ in range(draw(st.integers(1, most))):
        path, item = draw(st.sampled_from(list(nodes(value))))
        how = draw(st.sampled_from(["twist", "twist", "token", "json"]))
        if how == "twist":
            new = _twisted(item, tokens, draw)
        elif how == "token":
            new = draw(st.sampled_from(tokens))
        else:
            new = draw(json_values(tokens))
        value = replaced(value, path, new)
    return value


# --- apply's inputs -------------------------------------------------------------------------
def bad_seats(state: State) -> st.SearchStrategy[Any]:
    """Seats ``apply`` must refuse (or take, if they are the seat to act): whole numbers in
    and out of range, and an active seat written as a float, a bool, a string."""
    active = sorted(state.active_seats()) or [0]
    players = state.players
    return st.one_of(
        st.integers(-2, players + 1),
        st.sampled_from(active).map(float),
        st.sampled_from([s for s in active if s in (0, 1)] or [0]).map(bool),
        st.sampled_from(active).map(str),
        st.sampled_from([-(2**70), 2**70, 0.5, math.nan, None, [active[0]], (active[0],)]),
    )


NOT_ACTIONS: tuple[Any, ...] = (None, "pass", 0, 1.5, (), ("draw", "deck"), {"code": "pass"})


def bad_actions(spec: GameSpec, state: State, others: Sequence[GameSpec]) -> st.SearchStrategy[Any]:
    """Actions ``apply`` must refuse (or take, if legal): any of the game's finite space, a
    legal one (for a wrong seat), another game's, and values that are no action at all."""
    legal = [a for seat in sorted(state.active_seats()) for a in state.legal_actions(seat)]
    foreign = [a for other in others if other.id != spec.id for a in other.action_space.actions]
    choices = [st.sampled_from(NOT_ACTIONS)]
    if spec.action_space.actions:
        choices.append(st.sampled_from(spec.action_space.actions))
    if legal:
        choices.append(st.sampled_from(legal))
    if foreign:
        choices.append(st.sampled_from(foreign))
    return st.one_of(choices)


@st.composite
def bad_codes(draw: st.DrawFn, state: State) -> str:
    """Text for ``decode``: a legal action's code with its words twisted (a card doubled or
    dropped, a number at an edge), or random text."""
    codes = [a.encode() for seat in sorted(state.active_seats()) for a in state.legal_actions(seat)]
    if not codes or draw(st.booleans()):
        return draw(st.text(max_size=20))
    words = draw(st.sampled_from(codes)).split()
    pool = sorted({w for code in codes for w in code.split()})
    at = draw(st.integers(0, len(words) - 1))
    twist = draw(st.sampled_from(["drop", "double", "swap", "edge"]))
    if twist == "drop":
        words.pop(at)
    elif twist == "double":
        words.insert(at, words[at])
    elif twist == "swap":
        words[at] = draw(st.sampled_from(pool))
    else:
        words[at] = draw(st.sampled_from(["nan", "inf", "-inf", "1e999", "-1", "0", "9" * 30, ","]))
    return " ".join(words)


def is_action_of(spec: GameSpec, action: Action) -> bool:
    """Whether ``action`` is one the game's records can hold: its code decodes back to it."""
    try:
        return bool(spec.action_space.decode(action.encode()) == action)
    except Exception:
        return False
