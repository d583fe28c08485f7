"""The direction of imports between the parts (docs/architecture.md): data flows one way."""

from __future__ import annotations

import ast
import re
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The floors of the two apps, lowest first: a module imports from its own floor or a lower one, never
# from a higher one (docs/architecture.md). The whole of `pairing` stands above `tournaments`. A new
# module gets its line here, on the floor of what it holds.
FLOORS: list[tuple[str, list[str]]] = [
    (
        "tournaments' plain helpers",
        [
            *("tournaments/__init__.py", "tournaments/apps.py", "tournaments/validators.py"),
            *("tournaments/names.py", "tournaments/us_chess.py", "tournaments/public_cache.py"),
            *("tournaments/csv_export.py", "tournaments/dbf.py", "tournaments/languages.py"),
        ],
    ),
    ("tournaments' models", ["tournaments/models/*"]),
    ("the bridge to the engine", ["tournaments/bridge/*", "tournaments/schedule.py"]),
    (
        "standings and what is ranked from them",
        [
            *("tournaments/standings.py", "tournaments/prizes.py", "tournaments/us_report.py"),
            "tournaments/round_robin_pages.py",
        ],
    ),
    (
        "tournaments' pages",
        [
            *(
                "tournaments/public_context.py",
                "tournaments/public_views.py",
                "tournaments/public_team_views.py",
            ),
            *("tournaments/public_urls.py", "tournaments/admin.py", "tournaments/templatetags/*"),
        ],
    ),
    (
        "the workflow's actions",
        [
            *("pairing/__init__.py", "pairing/apps.py", "pairing/imports.py", "pairing/edits.py"),
            *("pairing/actions.py", "pairing/results.py", "pairing/publishing.py", "pairing/registration.py"),
            *("pairing/teams.py", "pairing/lineups.py", "pairing/schedule.py", "pairing/printing.py"),
            *("pairing/review.py", "pairing/draw.py"),
        ],
    ),
    ("the workflow's forms", ["pairing/forms.py", "pairing/schedule_forms.py", "pairing/import_parser.py"]),
    (
        "the pairing jobs",
        ["pairing/jobs.py", "pairing/job_kinds.py", "pairing/tasks.py", "pairing/engine_process.py"],
    ),
    (
        "the arbiter's pages",
        [
            *("pairing/views.py", "pairing/norms_views.py", "pairing/fide_list.py", "pairing/urls.py"),
            *("pairing/middleware.py", "pairing/management/*", "pairing/round_robin_views.py"),
            "pairing/templatetags/*",
        ],
    ),
]


def imports_of(folder: str, package: str) -> list[str]:
    pattern = re.compile(rf"^\s*(from {package}[\s.]|import {package}\b)", re.M)
    return [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / folder).rglob("*.py"))
        if pattern.search(path.read_text(encoding="utf-8"))
    ]


def _modules() -> list[Path]:
    return [
        path
        for app in ("tournaments", "pairing")
        for path in sorted((ROOT / app).rglob("*.py"))
        if "migrations" not in path.parts
    ]


def _floor(path: Path) -> int | None:
    name = str(path.relative_to(ROOT))
    return next(
        (n for n, (_, patterns) in enumerate(FLOORS) if any(fnmatch(name, p) for p in patterns)), None
    )


def _imported(path: Path) -> set[Path]:
    """The files of the repository `path` imports, wherever the import stands (in a function too)."""
    package = path.parent.relative_to(ROOT).parts
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name.split(".") for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            module = base + (node.module.split(".") if node.module else [])
            # `from package import module` imports the module; `from module import name`, the module.
            targets = [module + [alias.name] for alias in node.names] + [module]
        else:
            continue
        for parts in targets:
            for candidate in (ROOT.joinpath(*parts).with_suffix(".py"), ROOT.joinpath(*parts, "__init__.py")):
                if parts and candidate.is_file():
                    found.add(candidate)
    return found


def test_every_module_of_the_apps_stands_on_a_floor():
    assert [str(path.relative_to(ROOT)) for path in _modules() if _floor(path) is None] == []


def test_no_module_imports_from_a_higher_floor():
    upward = []
    for path in _modules():
        floor = _floor(path)
        for target in sorted(_imported(path)):
            above = _floor(target)
            if floor is not None and above is not None and above > floor:
                upward.append(
                    f"{path.relative_to(ROOT)} ({FLOORS[floor][0]}) imports "
                    f"{target.relative_to(ROOT)} ({FLOORS[above][0]})"
                )
    assert upward == []


def test_the_data_app_never_imports_the_workflow_app():
    assert imports_of("tournaments", "pairing") == []


def test_the_engine_imports_neither_app():
    assert imports_of("swiss", "tournaments") == [] and imports_of("swiss", "pairing") == []


def test_only_the_bridge_imports_the_engine():
    users = imports_of("tournaments", "swiss") + imports_of("pairing", "swiss")
    assert users and all(path.startswith("tournaments/bridge/") for path in users), users


def test_no_template_has_an_inline_event_handler():
    """The Content-Security-Policy blocks inline script, so an `onsubmit` confirm would never ask;
    a form asks with `data-confirm` (static/js/confirm.js)."""
    handler = re.compile(r"""\son[a-z]+\s*=\s*["']""", re.I)
    found = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "templates").rglob("*.html"))
        if handler.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_every_note_the_code_cites_is_in_the_repository():
    """A citation such as `docs/trf.md section 3` names a file a reader of the repository can open:
    the rules notes live under docs/, never in a folder outside it."""
    cited = re.compile(r"[\w./-]*[\w-]+\.md\b")
    missing = []
    for folder in ("swiss", "tournaments", "pairing", "config", "scripts", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                for name in cited.findall(line):
                    inside = (ROOT / name).resolve()
                    if (
                        not (inside.is_relative_to(ROOT) and inside.is_file())
                        and not (ROOT / "docs" / name).is_file()
                    ):
                        missing.append(f"{path.relative_to(ROOT)}:{number}: {name}")
    assert missing == []


def test_the_rating_list_is_data_that_imports_neither_app():
    """ratinglists/ holds FIDE's list; tournaments and pairing read it, it reads neither."""
    assert imports_of("ratinglists", "tournaments") == [] and imports_of("ratinglists", "pairing") == []


def test_no_import_cycle_among_the_workflow_modules():
    """pairing/ imports one way: a circle (once jobs ↔ tasks ↔ engine_process) is found even when it
    is kept open by an import inside a function, because such an import is counted too."""
    import ast

    package = ROOT / "pairing"
    modules = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): path
        for path in package.rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        named = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                named.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
                    base = f"{parent}.{base}" if base else parent
                named.add(base)
                named.update(f"{base}.{alias.name}" for alias in node.names)
        graph[name] = {other for other in named if other in modules and other != name}
    cycles = []

    def visit(name: str, path: list[str]) -> None:
        for other in graph[name]:
            if other in path:
                cycles.append(" -> ".join([*path[path.index(other) :], other]))
            elif other not in done:
                visit(other, [*path, other])
        done.add(name)

    done: set[str] = set()
    for name in sorted(graph):
        if name not in done:
            visit(name, [name])
    assert cycles == []


def test_only_the_tasks_module_of_the_workflow_knows_the_queue():
    """pairing/tasks.py queues, defines the tasks and cancels; the job mechanism and kinds do not."""
    assert imports_of("pairing", "procrastinate") == ["pairing/tasks.py"]
