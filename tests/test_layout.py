"""The direction of imports between the parts (docs/architecture.md): data flows one way."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imports_of(folder: str, package: str) -> list[str]:
    pattern = re.compile(rf"^\s*(from {package}[\s.]|import {package}\b)", re.M)
    return [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / folder).rglob("*.py"))
        if pattern.search(path.read_text(encoding="utf-8"))
    ]


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
