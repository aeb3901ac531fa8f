"""A report as a list of blocks, rendered to Markdown or to one self-contained HTML page.

Blocks: ``("h1"|"h2"|"h3", text)``, ``("p", markdown-light text)``, ``("table", header, rows)``,
``("figure", png path, caption)``, ``("pre", text)``, ``("list", [items])``, ``("details", summary line,
[blocks])`` (blocks folded under a line the reader opens). The HTML embeds figures as base64 data URIs, so
the page needs no other file.
"""
from __future__ import annotations

import base64
import html
import os
import re
from pathlib import Path

from reports.webfont import EMBEDDED_FAMILY, font_face_css

#: Font stack of the page: first the subset of Noto Sans SC embedded in the page (``reports.webfont``),
#: which holds every glyph the page shows, then the CJK fonts of each platform and the generic family,
#: so Chinese text never falls back to a font without CJK glyphs (which shows empty boxes).
FONT_STACK = (f'"{EMBEDDED_FAMILY}", "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "PingFang SC", '
              '"Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", "WenQuanYi Zen Hei", system-ui, '
              "sans-serif")
#: Width of the page's content column in CSS pixels: a figure wider than this is scaled down to it.
CONTENT_WIDTH_PX = 1100
STYLE = ("body{font-family:" + FONT_STACK + f";max-width:{CONTENT_WIDTH_PX}px;"
         + """margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:0.9em}td,th{border:1px solid #ccc;padding:3px 8px}
th{background:#f0f0f0;word-break:keep-all}
td{text-align:left}td.num{text-align:right;white-space:nowrap}img{max-width:100%}
pre{background:#f6f6f6;padding:0.6em;overflow-x:auto;font-size:0.85em}
p{line-height:1.7}figcaption{color:#555;font-size:0.9em}summary{cursor:pointer;color:#335;margin:0.6em 0}
.conclusions{background:#f4f8f4;border-left:4px solid #4a4;padding:0.4em 1em}""")


def render_markdown(blocks: list[tuple], base_dir: Path) -> str:
    """Return the blocks as Markdown; figure links are relative to ``base_dir``."""
    out = []
    for block in blocks:
        kind = block[0]
        if kind == "details":
            out += [f"<details><summary>{html.escape(block[1])}</summary>", "",
                    render_markdown(block[2], base_dir), "</details>", ""]
            continue
        if kind in ("h1", "h2", "h3"):
            out.append("#" * int(kind[1]) + " " + block[1])
        elif kind == "p":
            out.append(block[1])
        elif kind == "table":
            header, rows = block[1], block[2]
            out.append("| " + " | ".join(header) + " |")
            out.append("|" + "|".join(" --- " for _ in header) + "|")
            out += ["| " + " | ".join(str(c).replace("|", "/") for c in row) + " |" for row in rows]
        elif kind == "figure":
            rel = os.path.relpath(block[1], base_dir)
            out.append(f"![{block[2]}]({Path(rel).as_posix()})")
        elif kind == "pre":
            out.append("```\n" + block[1] + "\n```")
        elif kind == "list":
            out += [f"- {item}" for item in block[1]]
        out.append("")
    return "\n".join(out)


def _inline(text: str) -> str:
    """Escape text and turn `code` spans into <code>."""
    pieces = html.escape(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(pieces))


_NUMERIC = re.compile(r"^[-+−]?[\d.,]+( %)?$|^\[.*\]$|^–$")


def _cell(value) -> str:
    """Return one <td>: numbers and intervals right-aligned (class "num"), text left-aligned."""
    text = str(value)
    if _NUMERIC.match(text):
        return f'<td class="num">{html.escape(text)}</td>'
    return f"<td>{_inline(text)}</td>"


def page_text(blocks: list[tuple], title: str) -> str:
    """Return every character the page shows as text (headings, paragraphs, cells, captions, title)."""
    pieces = [title]
    for block in blocks:
        if block[0] == "details":
            pieces += [block[1], page_text(block[2], "")]
        elif block[0] == "table":
            pieces += list(block[1]) + [str(c) for row in block[2] for c in row]
        elif block[0] == "figure":
            pieces.append(block[2])
        elif block[0] == "list":
            pieces += list(block[1])
        else:
            pieces.append(block[1])
    return "".join(pieces)


def render_html(blocks: list[tuple], title: str) -> str:
    """Return the blocks as one self-contained HTML page (figures as base64 PNG, the font subset as base64 WOFF)."""
    out = ["<!DOCTYPE html>", '<html lang="zh-CN">', "<head>", '<meta charset="utf-8">',
           f"<title>{html.escape(title)}</title>", f"<style>{font_face_css(page_text(blocks, title))}\n{STYLE}</style>",
           "</head>", "<body>"]
    out += _html_body(blocks)
    out += ["</body>", "</html>", ""]
    return "\n".join(out)


def _html_body(blocks: list[tuple]) -> list[str]:
    """Return the HTML lines of the blocks (a ``details`` block folds its own blocks)."""
    out = []
    for block in blocks:
        kind = block[0]
        if kind in ("h1", "h2", "h3"):
            out.append(f"<{kind}>{_inline(block[1])}</{kind}>")
        elif kind == "p":
            out.append(f"<p>{_inline(block[1])}</p>")
        elif kind == "table":
            out.append("<table>")
            out.append("<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in block[1]) + "</tr>")
            out += ["<tr>" + "".join(_cell(c) for c in row) + "</tr>" for row in block[2]]
            out.append("</table>")
        elif kind == "figure":
            data = base64.b64encode(Path(block[1]).read_bytes()).decode("ascii")
            out.append(f'<figure><img src="data:image/png;base64,{data}" alt="{html.escape(block[2])}">'
                       f"<figcaption>{_inline(block[2])}</figcaption></figure>")
        elif kind == "pre":
            out.append(f"<pre>{html.escape(block[1])}</pre>")
        elif kind == "list":
            out += ['<ul class="conclusions">', *(f"<li>{_inline(item)}</li>" for item in block[1]), "</ul>"]
        elif kind == "details":
            out += [f"<details><summary>{_inline(block[1])}</summary>", *_html_body(block[2]), "</details>"]
    return out
