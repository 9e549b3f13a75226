"""The second held-out part of the injection lints' corpus (scripts/injection_corpus.py):
payloads of spikee (PyPI spikee 0.9.2, Apache-2.0; Reversec's "Simple Prompt Injection Kit
for Evaluation and Exploitation"), a prompt-injection benchmark generator by people who are
neither AgentDojo's, garak's nor PyRIT's authors, and that nobody on this project had read
when it was added. Measured blind once (37.5%), its misses were read in issue 43's round 2,
after bastioncorpus had been added sealed (scripts/corpus_bastion.py): a development part
since.

spikee builds its attacks from seed folders: a jailbreak template (`jailbreaks.jsonl`, each
with one `<INSTRUCTION>` slot) filled with an instruction (`instructions.jsonl`), jailbreaks
and instructions paired by language as its generator does by default. What counts as an
injection was decided from the package's own labels before any lint ran on it:

- injections (heldout2/): the three seed folders its documentation calls prompt-injection
  datasets: seeds-cybersec-2026-01 (markdown exfiltration, XSS, long output),
  seeds-sysmsg-extraction-2025-04 (system message extraction) and seeds-llm-mailbox (an
  indirect injection into a mail assistant); each jailbreak filled with up to two seeded
  instructions of its own language (one where the folder has one), and the standalone
  attacks of seeds-cybersec-2026-01 (judged by a canary, as the others are).
- benign (heldout2_benign/): seeds-investment-advice-fp, the inputs spikee ships as false
  positive tests (jailbreak_type "financial-adv-chat-fp").
- left out: seeds-investment-advice (a topical guardrail test: financial advice, no
  injection), seeds-harmful-instructions-only (bare harmful objectives for attacks that write
  their own jailbreaks), the legacy and mini-test folders (older copies and a subset of
  seeds-cybersec), and the empty folders whose data spikee downloads at run time.

A payload that copies a text of the other parts (the same words, or SEEN_SHARE of its 8-word
runs in them) is left out: this part measures text the rules were not written for.
"""

import json
import random
import unicodedata

INJECTION_FOLDERS = {
    "cybersec": ("seeds-cybersec-2026-01", 2),
    "sysmsg": ("seeds-sysmsg-extraction-2025-04", 2),
    "mailbox": ("seeds-llm-mailbox", 2),
}
BENIGN_FOLDER = "seeds-investment-advice-fp"
SEEN_SHARE = 0.3


def words(text):
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(c if c.isalnum() else " " for c in folded).split()


def shingles(text, n=8):
    w = words(text)
    return {" ".join(w[j:j + n]) for j in range(max(0, len(w) - n + 1))}


def rows(path):
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


class Seen:
    """The texts of the other parts, to tell a copy of one of them."""

    def __init__(self, texts):
        self.whole = {" ".join(words(t)) for t in texts}
        self.runs = set().union(*(shingles(t) for t in texts))

    def copies(self, text):
        if " ".join(words(text)) in self.whole:
            return True
        runs = shingles(text)
        return bool(runs) and len(runs & self.runs) / len(runs) >= SEEN_SHARE


class Keeper:
    """What a part keeps of its payloads: none that copies another part ([`Seen`]), counted
    in `copies`, and none twice."""

    def __init__(self, seen_texts):
        self.seen = Seen(seen_texts)
        self.copies = 0
        self.texts = set()

    def keep(self, out, entry):
        if self.seen.copies(entry["payload"]):
            self.copies += 1
        elif entry["payload"] not in self.texts:
            self.texts.add(entry["payload"])
            out.append(entry)


def payloads(pkg, seen_texts, cut_to_fit):
    """(injections, benign, copies left out): the payload dicts of both parts."""
    root = pkg / "data/workspace/datasets"
    rng = random.Random("heldout2-43")
    injections, benign = [], []
    keeper = Keeper(seen_texts)
    keep = keeper.keep

    for short, (folder, per_jailbreak) in INJECTION_FOLDERS.items():
        instructions = rows(root / folder / "instructions.jsonl")
        for jailbreak in rows(root / folder / "jailbreaks.jsonl"):
            lang = jailbreak.get("lang") or "en"
            own = [i for i in instructions if (i.get("lang") or "en") == lang]
            for instruction in rng.sample(own, min(per_jailbreak, len(own))):
                text = jailbreak["text"].replace("<INSTRUCTION>", instruction["instruction"])
                keep(injections, {
                    "source": "spikee", "attack": f"{short}-{lang}",
                    "template": f"{folder}/{jailbreak['id']}+{instruction['id']}",
                    "jailbreak_type": jailbreak.get("jailbreak_type"),
                    "instruction_type": instruction.get("instruction_type"),
                    "lang": lang, "payload": cut_to_fit(text)})
        if short == "cybersec":
            for standalone in rows(root / folder / "standalone_user_inputs.jsonl"):
                keep(injections, {
                    "source": "spikee", "attack": "cybersec-standalone",
                    "template": f"{folder}/{standalone['id']}",
                    "lang": standalone.get("lang") or "en",
                    "payload": cut_to_fit(standalone["text"])})
    for entry in rows(root / BENIGN_FOLDER / "standalone_user_inputs.jsonl"):
        assert entry.get("jailbreak_type", "").endswith("-fp"), entry.get("id")
        lang = entry.get("lang") or "en"
        keep(benign, {"source": "spikee", "attack": f"fp-{lang}",
                      "template": f"{BENIGN_FOLDER}/{entry['id']}", "lang": lang,
                      "payload": cut_to_fit(entry["text"])})
    return injections, benign, keeper.copies
