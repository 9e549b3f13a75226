"""The third held-out part of the injection lints' corpus (scripts/injection_corpus.py):
the rows of bastioncorpus (PyPI bastioncorpus 0.6.0, MIT; Stefano Rizzello's "shared
prompt-injection corpus" of the bastion tools), a labelled set of attack strings and
false-positive traps in English, Italian, German, French and Spanish, by an author who is
neither AgentDojo's, garak's, PyRIT's nor spikee's, and that nobody on this project had read
when it was added (issue 43, round 2: chosen and split before spikee's misses were read, and
measured once, after the rules were last changed).

What counts as what was decided from the package's own labels, looking at its file names,
counts and label fields only (never its texts):

- injections (heldout3/): every row of `bastioncorpus/corpus/injections.jsonl` whose `label`
  is `malicious` (its categories direct_injection, indirect_injection, instruction_override,
  jailbreak_persona, exfiltration, delimiter_injection, obfuscation);
- benign (heldout3_benign/): every row whose `label` is `benign` (the package calls them
  "false-positive traps, to measure over-blocking": texts that mention ignoring, roles,
  encodings... without being an injection).

A row's one `{canary}` slot (filled per run by the package's attack runner) gets a fixed
canary. A row that copies a text of the other parts (the same words, or SEEN_SHARE of its
8-word runs in them, as scripts/corpus_spikee.py tells) is left out.
"""

import json

import corpus_spikee

CANARY = "BCN-7F3A9"


def rows(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def payloads(pkg, seen_texts, cut_to_fit):
    """(injections, benign, copies left out): the payload dicts of both parts."""
    seen = corpus_spikee.Seen(seen_texts)
    injections, benign, copies, texts = [], [], 0, set()
    for row in rows(pkg / "corpus/injections.jsonl"):
        label = row["label"]
        assert label in ("malicious", "benign"), row["id"]
        text = cut_to_fit(row["text"].replace("{canary}", CANARY))
        if seen.copies(text):
            copies += 1
            continue
        if text in texts:
            continue
        texts.add(text)
        lang = row.get("lang") or "en"
        entry = {"source": "bastioncorpus", "attack": f"{row['category']}-{lang}",
                 "template": row["id"], "channel": row.get("channel"), "lang": lang,
                 "payload": text}
        (injections if label == "malicious" else benign).append(entry)
    return injections, benign, copies
