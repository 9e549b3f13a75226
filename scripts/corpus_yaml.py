"""The little of YAML that PyRIT's jailbreak templates use, read with Python's standard library
(which has no YAML parser) for scripts/injection_corpus.py: top-level keys, a `- item` list,
quoted scalars (over several lines too) and `|` and `>` block scalars with clip chomping.
Checked against PyYAML on all 655 templates of pyrit 1.1.0: the same name, parameters and
value for all but one, where PyYAML (YAML 1.1) reads U+2028 as a line break and this reader
(like YAML 1.2) as a character."""

import sys


YAML_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v",
                "f": "\f", "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\",
                "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029"}


def yaml_double_quoted(text, where):
    """A one-line YAML double-quoted scalar's value (between its quotes)."""
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        e = text[i + 1]
        width = {"x": 2, "u": 4, "U": 8}.get(e)
        if width:
            out.append(chr(int(text[i + 2:i + 2 + width], 16)))
            i += 2 + width
        elif e in YAML_ESCAPES:
            out.append(YAML_ESCAPES[e])
            i += 2
        else:
            sys.exit(f"{where}: unknown YAML escape \\{e}")
    return "".join(out)


def yaml_block(lines, style, where):
    """A YAML block scalar (`|` literal, `>` folded, clip chomping) from its indented lines."""
    while lines and not lines[-1].strip():
        lines.pop()
    indent = min(len(l) - len(l.lstrip(" ")) for l in lines if l.strip())
    lines = [l[indent:] if l.strip() else "" for l in lines]
    if style == "|":
        return "\n".join(lines) + "\n"
    if style != ">":
        sys.exit(f"{where}: unsupported block scalar header {style!r}")
    # Folding: the break between two lines of text is a space, or the empty lines between
    # them when there are some; around a more-indented line every break stays.
    out, empties, prev = "", 0, None
    for line in lines:
        if not line:
            empties += 1
            continue
        spaced = line.startswith((" ", "\t"))
        if prev is None:
            out = "\n" * empties
        elif not spaced and not prev:
            out += "\n" * empties if empties else " "
        else:
            out += "\n" * (empties + 1)
        out += line
        empties, prev = 0, spaced
    return out + "\n"


def closing_quote(text, quote):
    """The index of the quote closing a YAML scalar in `text`, or -1: not one written twice
    in single quotes, not one after a backslash in double quotes."""
    j = 0
    while j < len(text):
        if quote == '"' and text[j] == "\\":
            j += 2
        elif text[j] == quote and quote == "'" and text[j + 1:j + 2] == "'":
            j += 2
        elif text[j] == quote:
            return j
        else:
            j += 1
    return -1


def yaml_quoted(first, lines, i, where):
    """A quoted YAML scalar starting at `first` (the rest of its key's line) and running on
    over `lines[i:]` to its closing quote: its value and the index of the line after it."""
    quote, segments, text = first[0], [], first[1:]
    while (end := closing_quote(text, quote)) < 0:
        segments.append(text)
        if i == len(lines):
            sys.exit(f"{where}: a quoted scalar without its closing quote")
        text, i = lines[i], i + 1
    segments.append(text[:end])
    # Folding: each line break is a space, or the empty lines that follow it; a double-quoted
    # line ending in a backslash goes on without one.
    out, empties = segments[0].rstrip(" \t") if len(segments) > 1 else segments[0], 0
    for n, segment in enumerate(segments[1:], 1):
        segment = segment.strip(" \t") if n < len(segments) - 1 else segment.lstrip(" \t")
        if not segment and n < len(segments) - 1:
            empties += 1
            continue
        if quote == '"' and (len(out) - len(out.rstrip("\\"))) % 2:
            out = out[:-1]
        else:
            out += "\n" * empties if empties else " "
        out += segment
        empties = 0
    if quote == "'":
        return out.replace("''", "'"), i
    return yaml_double_quoted(out, where), i


def read_template(path):
    """The top-level `name`, `parameters` (a list) and `value` of a PyRIT template file."""
    lines = path.read_text(encoding="utf-8").split("\n")
    where = str(path)
    found, i = {}, 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line or line[0] in " #-" or ":" not in line:
            continue
        key, rest = (part.strip() for part in line.split(":", 1))
        if key == "parameters":
            items = []
            while i < len(lines) and lines[i].lstrip().startswith("- "):
                items.append(lines[i].lstrip()[2:].strip())
                i += 1
            found[key] = items
        elif key in ("name", "value"):
            if rest in ("|", ">"):
                block = []
                while i < len(lines) and (not lines[i].strip() or lines[i].startswith(" ")):
                    block.append(lines[i])
                    i += 1
                found[key] = yaml_block(block, rest, where)
            elif rest[:1] in "\"'":
                found[key], i = yaml_quoted(rest, lines, i, where)
            else:
                found[key] = rest
    return found
