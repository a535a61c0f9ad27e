"""MkDocs hooks of the documentation site (mkdocs.yml ``hooks``).

- Every generated page of scripts/make_docs.py (and scripts/docs_pages/) is added to the site at build time.
- The build fails when the laws are incomplete (make_docs.problems).
- A hand-written page's ``<!-- transcript: ARGS -->`` becomes what ``roundgames play ARGS --plain`` shows.
- The theme's inline scripts are written out as files under assets/javascripts/inline/, so that the web table's
  Content-Security-Policy (``script-src 'self'``) runs them when ``roundgames serve`` serves the site at /docs/.
"""

from __future__ import annotations

import hashlib
import importlib.util
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

_HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("make_docs", _HERE / "make_docs.py")
assert _spec is not None and _spec.loader is not None
make_docs = importlib.util.module_from_spec(_spec)
sys.modules["make_docs"] = make_docs
_spec.loader.exec_module(make_docs)

#: an inline classic script: no src, and no type (a JSON or module block is left alone)
INLINE = re.compile(r"<script>(?P<body>.*?)</script>", re.S)
INLINE_DIR = "assets/javascripts/inline"
_inline: dict[str, str] = {}


#: a reST role of the docstrings: :class:`~roundgames.games.protocol.Deal`, :func:`rules_for`
ROLE = re.compile(r":(?:class|func|meth|mod|attr|data|exc|obj):`(?P<tilde>~?)(?P<name>[^`]+)`")


def _role(m: re.Match[str]) -> str:
    name = m["name"].lstrip(".")
    return f"`{name.rsplit('.', 1)[-1] if m['tilde'] else name}`"


class Doctests(Preprocessor):
    """A docstring's examples (``>>>`` lines and the output under them, up to a blank line) as a Python console
    block, which Markdown would read as quotations; its reST roles (``:class:`Deal```) as code."""

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fence, example, indent = "", False, ""
        for line in lines:
            stripped = line.lstrip()
            if example and not stripped:
                out.append(indent + "```")
                example = False
            if not example and not fence and stripped.startswith(">>>"):
                indent = line[: len(line) - len(stripped)]
                out.append(indent + "```pycon")
                example = True
            elif not example and stripped.startswith(("```", "~~~")):
                fence = "" if fence else stripped[:3]
            out.append(line if example or fence else ROLE.sub(_role, line))
        if example:
            out.append(indent + "```")
        return out


class DoctestExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        # Before the fenced-code preprocessor (priority 25), which then sees the fences made here.
        md.preprocessors.register(Doctests(md), "doctests", 40)


@event_priority(100)
def on_config(config: Any) -> Any:
    # First of every plugin, so that mkdocstrings renders docstrings with this extension too.
    config["markdown_extensions"].append(DoctestExtension())
    return config


def on_pre_build(config: Any) -> None:
    found = make_docs.problems()
    if found:
        raise PluginError("the laws are incomplete:\n" + "\n".join(found))


def on_files(files: Files, config: Any) -> Files:
    for path, make in make_docs.all_pages().items():
        if files.get_file_from_path(path) is not None:
            raise PluginError(f"docs/{path} is generated: remove the hand-written file")
        files.append(File.generated(config, path, content=make()))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    return str(make_docs.fill_markers(markdown))


def _external(output: str, base: str) -> str:
    """``output`` with each inline script a file under :data:`INLINE_DIR`, linked from ``base``."""

    def external(m: re.Match[str]) -> str:
        body = m["body"]
        name = hashlib.sha256(body.encode()).hexdigest()[:16] + ".js"
        _inline[name] = body
        return f'<script src="{base}{INLINE_DIR}/{name}"></script>'

    return INLINE.sub(external, output)


def on_post_page(output: str, page: Any, config: Any) -> str:
    return _external(output, "../" * (page.url.count("/") if page.url else 0))


def on_post_template(output: str, template_name: str, config: Any) -> str:
    # 404.html is shown at any depth: it links the site's files from the site's own address.
    return _external(output, urlsplit(config["site_url"] or "/").path.rstrip("/") + "/")


def on_post_build(config: Any) -> None:
    folder = Path(config["site_dir"]) / INLINE_DIR
    folder.mkdir(parents=True, exist_ok=True)
    for name, body in _inline.items():
        (folder / name).write_text(body, encoding="utf-8")
