"""What every registered game's spec must offer, checked for all of them from one place."""

from __future__ import annotations

import ast
import graphlib
import importlib
import inspect
import json
import re
from pathlib import Path
from types import ModuleType

import pytest

from asobi.core import BadActionCode, GameSpec, InvalidOptions, all_specs
from asobi.core.typed import schemas

from .harness import state_fingerprint
from .hooks import HOOKS, TEST_ONLY_SPECS

SPECS = [*all_specs(), *TEST_ONLY_SPECS]
specs = pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])


@pytest.mark.parametrize("spec", all_specs(), ids=[s.id for s in all_specs()])
def test_every_registered_game_has_hooks(spec: GameSpec) -> None:
    assert spec.id in HOOKS, (
        f"add {spec.id!r} to HOOKS in tests/properties/hooks.py: its conservation invariant "
        "(every card/chip/die accounted for), view check and bound on game length"
    )


@specs
def test_spec_identity(spec: GameSpec) -> None:
    assert re.fullmatch(r"[a-z][a-z0-9-]*", spec.id), spec.id
    assert spec.name_en.strip() and spec.name_ja.strip()
    assert spec.seat_counts and len(set(spec.seat_counts)) == len(spec.seat_counts)
    assert all(n >= 1 for n in spec.seat_counts)
    assert spec.default_players is None or spec.default_players in spec.seat_counts


@specs
def test_default_options_validate_and_are_json_ready(spec: GameSpec) -> None:
    opts = spec.options()
    assert opts.players in spec.seat_counts
    dumped = opts.model_dump()
    assert json.loads(json.dumps(dumped)) == dumped  # records store them as JSON
    assert spec.options(dumped) == opts


@specs
def test_options_reject_unknown_fields_and_seat_counts(spec: GameSpec) -> None:
    with pytest.raises(InvalidOptions, match=rf"^{re.escape(spec.id)}: .*no_such_option"):
        spec.options({"no_such_option": 1})
    bad = max(spec.seat_counts) + 1
    with pytest.raises(InvalidOptions, match=f"{bad} players is not allowed"):
        spec.options({"players": bad})


@specs
def test_action_space_round_trips(spec: GameSpec) -> None:
    space = spec.action_space
    assert space.size == len(space.actions) > 0
    for i, action in enumerate(space.actions):
        code = action.encode()
        assert space.index(action) == i
        assert space.action(i) is action
        assert space.decode(code) is action, code
        assert space.decode(f"  {code.upper()} ") is action, code
        hash(action)  # actions are values: usable in sets and as dict keys
    with pytest.raises(BadActionCode):
        space.decode("this is no action at all")
    with pytest.raises(BadActionCode):
        space.action(space.size)


@specs
def test_new_game_is_a_function_of_options_and_seed(spec: GameSpec) -> None:
    for players in spec.seat_counts:
        a = spec.new_game({"players": players}, seed=123)
        b = spec.new_game({"players": players}, seed=123)
        assert state_fingerprint(a) == state_fingerprint(b)
        assert a.spec is spec and a.players == players


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
def test_every_game_declares_the_types_of_its_view_and_events(spec: GameSpec) -> None:
    """Issue 33 (1): one typed definition of what a game shows, read by its bot, observer and
    renderer, and sent to the browser as JSON Schemas (``asobi.core.typed``). The property
    tests validate every view and event of random games against them."""
    if spec in TEST_ONLY_SPECS and spec.id != "oddsevens":
        pytest.skip("the test-only simultaneous game is the protocol's, not a player's")
    assert spec.view_type is not None and spec.event_type is not None, spec.id
    found = schemas(spec)
    assert found["view"]["additionalProperties"] is False
    assert "game_over" in json.dumps(found["events"])


def _own_imports(module: ModuleType, package: str) -> tuple[set[str], list[str]]:
    """The modules of ``package`` that ``module`` imports at its top, and every import of
    one made anywhere else (inside a function, or for the type checker only)."""
    tree = ast.parse(inspect.getsource(module))
    top: set[str] = set()
    elsewhere: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        own = {n for n in names if n.startswith(package + ".") and n.count(".") == 3}
        if own and node in tree.body:
            top |= own
        elif own:
            elsewhere.append(f"{module.__name__}:{node.lineno}")
    return top, elsewhere


@pytest.mark.parametrize(
    "spec",
    [s for s in all_specs() if s.factory.__module__.startswith("asobi.games.")],
    ids=lambda s: s.id,
)
def test_a_game_package_has_no_import_cycle(spec: GameSpec) -> None:
    """Issue 33 (3): each game's table is ``state.py``, which its views, scenarios and rules
    import; so no module imports another of its package inside a function or for the type
    checker only, and the package's imports form no cycle."""
    package = spec.factory.__module__.rsplit(".", 1)[0]
    folder = Path(importlib.import_module(package).__file__ or "").parent
    graph: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.py")):
        name = f"{package}.{path.stem}"
        if path.stem == "__init__":
            continue
        top, elsewhere = _own_imports(importlib.import_module(name), package)
        assert elsewhere == [], f"imports made to break a cycle: {elsewhere}"
        graph[name] = top & {f"{package}.{p.stem}" for p in folder.glob("*.py")}
    assert f"{package}.state" in graph, f"{package} has no state.py"
    order = graphlib.TopologicalSorter(graph)
    try:
        order.prepare()
    except graphlib.CycleError as exc:
        raise AssertionError(f"an import cycle: {' -> '.join(exc.args[1])}") from None
