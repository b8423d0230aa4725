"""Shared test configuration: hypothesis profiles.

Pick one with ``HYPOTHESIS_PROFILE=<name>`` (default ``ci``):

- ``ci``: the default; the whole ``tests/properties`` run stays around a minute.
- ``quick``: a tenth of the examples, for a fast edit-test loop.
- ``thorough``: ten times the examples, for a long hunt before a release.

Property tests scale their own example counts by the profile's ``max_examples`` (see
``tests/properties/harness.py: examples``), so one switch tunes every test together.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

CI_EXAMPLES = 100

settings.register_profile("ci", max_examples=CI_EXAMPLES, deadline=None, print_blob=True)
settings.register_profile("quick", max_examples=CI_EXAMPLES // 10, deadline=None)
settings.register_profile(
    "thorough",
    max_examples=CI_EXAMPLES * 10,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
