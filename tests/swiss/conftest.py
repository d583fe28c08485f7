"""Engine tests: no database.  Parametrises corpus tests over the reference corpus in tests/corpus.

A test that takes `corpus_trf` runs once per `.trf` file of every corpus folder;
`baku_trf` only over `dutch-baku/`, `dutch_2017_trf` over `dutch-2017/`, `layout_trf` over
the folders written by the oracle's own TRF writer (dutch, dutch-baku).
"""

from __future__ import annotations

from pathlib import Path

import pytest

CORPUS = Path(__file__).parents[1] / "corpus"

_CORPUS_FIXTURES = {
    "corpus_trf": (
        "dutch",
        "dutch-baku",
        "dutch-forbidden",
        "dutch-random",
        "differential",
        "perf",
        "dutch-2017",
    ),
    "baku_trf": ("dutch-baku",),
    "layout_trf": ("dutch", "dutch-baku"),
    "dutch_trf": ("dutch", "dutch-baku", "dutch-forbidden", "dutch-random", "differential", "perf"),
    "dutch_2017_trf": ("dutch-2017",),
}


def corpus_cases(*kinds: str) -> list[object]:
    """One parameter per `.trf` file."""
    paths = sorted(path for kind in kinds for path in (CORPUS / kind).glob("*.trf"))
    return [pytest.param(path, id=f"{path.parent.name}/{path.stem}") for path in paths]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    for name, kinds in _CORPUS_FIXTURES.items():
        if name in metafunc.fixturenames:
            metafunc.parametrize(name, corpus_cases(*kinds))
