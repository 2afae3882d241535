"""How long the fuzz tests run: short in the suite, as long as you like on demand.

    FUZZ_EXAMPLES=100000 .venv/bin/pytest tests/hardening -q -k fuzz
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "300"))


def fuzz_settings(share: float = 1.0) -> settings:
    """`share` of the examples, at least a few; no deadline (a long run shares the CPU)."""
    return settings(max_examples=max(10, int(EXAMPLES * share)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])
