"""The ``setting`` fixture: every game at every seat count it allows."""

from __future__ import annotations

import pytest

from tests.lanes import first_of_each_fast

from .adapter_helpers import SETTINGS, setting_id


@pytest.fixture(params=first_of_each_fast(SETTINGS, lambda s: s[0], setting_id))
def setting(request: pytest.FixtureRequest) -> tuple[str, int]:
    return request.param  # type: ignore[no-any-return]
