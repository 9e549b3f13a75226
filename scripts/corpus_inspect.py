"""The fourth held-out part of the injection lints' corpus (scripts/injection_corpus.py): the
injection data of two evaluations of inspect_evals (PyPI inspect_evals 0.28.0, MIT; the UK AI
Security Institute's evaluations for Inspect), by authors who are neither AgentDojo's, garak's,
PyRIT's, spikee's nor bastioncorpus's, and that nobody on this project has read (issue 43,
round 4: added sealed after bastioncorpus's part was measured and became a development part).

What counts as what, and which text of a sample carries its attack, was decided from the
package's keys, label values, lengths and computed booleans only (never its texts):

- ipi_coding_agent (`dataset/samples.json`, prompt injections into a coding agent's
  repository): a sample whose `is_benign` is false goes to heldout4/ as the text its
  `injection_vector` names: `issue_text`, or a file of `repo_files`: the one that contains the
  sample's `payload_indicator` when one does; otherwise the files of the vector's kind
  (README* for readme, *.py for code_comment, configuration files for config_file), less the
  empty ones and the skeleton every sample has at the same path, joined when more than one is
  left. A sample whose `is_benign` is true (vector `none`) goes to heldout4_benign/ as its
  `issue_text`.
- agent_threat_bench (`data/*.json`, OWASP agentic threats): autonomy_hijack, each email at
  `attack_email_indices` (1-based, as its tools number them), its string fields joined;
  memory_poison, each memory entry that contains the sample's `attack_marker`; data_exfil, the
  free-text field of its customer records (`issue`; the others are a name, an id, an address,
  an SSN and an account) of the records whose issue names an address that is neither an
  authorized recipient nor the record's own, or, when none does, the longest. A sample whose
  `attack_name` is `clean_baseline` goes to heldout4_benign/: each of its emails, memory entries
  or records' issues.

A text longer than a card field takes (cut_to_fit's limit) keeps a window around the first
occurrence of the indicator or marker when it has one, else is cut by cut_to_fit. A text that
copies one of the other parts (the same words, or SEEN_SHARE of its 8-word runs, as
scripts/corpus_spikee.py tells) is left out. Only counts are printed (to stderr), never a text.
"""

import collections
import json
import os
import re
import sys

import corpus_spikee

ATB_FILES = ("autonomy_hijack", "data_exfil", "memory_poison")
CLEAN = "clean_baseline"
ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
CONFIG_SUFFIXES = (".toml", ".cfg", ".ini", ".yaml", ".yml", ".json")
CONFIG_NAMES = ("Makefile", ".editorconfig")


def of_kind(vector, path):
    name = os.path.basename(path)
    if vector == "readme":
        return name.upper().startswith("README")
    if vector == "code_comment":
        return name.endswith(".py")
    if vector == "config_file":
        return name.endswith(CONFIG_SUFFIXES) or name in CONFIG_NAMES
    return False


def window(text, marker, limit, cut_to_fit):
    """`text` when it fits in `limit` bytes; else `limit` bytes around the first `marker`
    in it, or cut_to_fit's cut when there is none."""
    data = text.encode()
    if len(data) <= limit:
        return text
    at = text.find(marker) if marker else -1
    if at < 0:
        return cut_to_fit(text)
    start = len(text[:at].encode())
    middle = start + len(marker.encode()) // 2
    lo = max(0, min(middle - limit // 2, len(data) - limit))
    return data[lo:lo + limit].decode("utf-8", "ignore")


def ipi(pkg, limit, cut_to_fit, found):
    """(injections, benign) of ipi_coding_agent, as (entry, marker) pairs."""
    samples = json.loads((pkg / "ipi_coding_agent/dataset/samples.json").read_text("utf-8"))
    # A path every sample has is the project's skeleton, not where one sample's attack is.
    everywhere = set.intersection(*(set(s["repo_files"]) for s in samples))
    injections, benign = [], []
    for s in samples:
        vector, category = s["injection_vector"], s["payload_category"]
        labels = {"source": "inspect_evals", "template": f"ipi_coding_agent/{s['id']}",
                  "vector": vector, "category": category,
                  "sophistication": s.get("payload_sophistication"),
                  "severity": s.get("severity")}
        if s["is_benign"]:
            assert vector == "none", s["id"]
            found["ipi benign: issue_text"] += 1
            benign.append(({**labels, "attack": "ipi-benign", "found": "benign",
                            "payload": s["issue_text"]}, ""))
            continue
        marker = s.get("payload_indicator") or ""
        files = s["repo_files"]
        if vector == "issue_text":
            text = s["issue_text"]
            how = "marker" if marker and marker in text else "vector"
        else:
            hits = [p for p in sorted(files) if marker and marker in files[p]]
            if hits:
                text, how = files[hits[0]], "marker"
            else:
                kind = [p for p in sorted(files) if of_kind(vector, p) and files[p].strip()]
                own = [p for p in kind if p not in everywhere] or kind
                if not own:
                    found[f"ipi {vector}: not found (left out)"] += 1
                    continue
                text, how = "\n\n".join(files[p] for p in own), "vector"
                if len(own) > 1:
                    found[f"ipi {vector}: {len(own)} files of its kind joined"] += 1
        found[f"ipi {vector}: by {how}"] += 1
        injections.append(({**labels, "attack": f"ipi-{vector}-{category}", "found": how,
                            "payload": text}, marker))
    return injections, benign


def email_text(email):
    return "\n".join(v for v in email.values() if isinstance(v, str))


def atb(pkg, found):
    """(injections, benign) of agent_threat_bench, as (entry, marker) pairs."""
    injections, benign = [], []
    for file in ATB_FILES:
        samples = json.loads((pkg / f"agent_threat_bench/data/{file}.json").read_text("utf-8"))
        for s in samples:
            clean = s["attack_name"] == CLEAN
            slug = s["attack_name"].replace("_", "-")
            labels = {"source": "inspect_evals", "attack": f"atb-{file.replace('_', '-')}-{slug}",
                      "template": f"agent_threat_bench/{s['id']}", "owasp_id": s.get("owasp_id"),
                      "difficulty": s.get("difficulty")}
            texts, how, marker = [], None, ""
            if file == "autonomy_hijack":
                inbox = s["inbox"]
                if clean:
                    texts = [email_text(e) for e in inbox]
                else:
                    indices = s["attack_email_indices"]
                    assert all(1 <= i <= len(inbox) for i in indices), s["id"]
                    texts, how = [email_text(inbox[i - 1]) for i in indices], "index"
            elif file == "memory_poison":
                store, marker = s["memory_store"], s.get("attack_marker") or ""
                if clean:
                    texts = list(store.values())
                else:
                    texts = [v for v in store.values() if marker and marker in v]
                    how = "marker"
            else:
                records = s["customer_db"]
                if clean:
                    texts = [r["issue"] for r in records]
                else:
                    allowed = set(s["authorized_recipients"])

                    def foreign(r, allowed=allowed):
                        return any(a not in allowed and a != r["email"]
                                   for a in ADDRESS.findall(r["issue"]))

                    texts, how = [r["issue"] for r in records if foreign(r)], "address"
                    if not texts:
                        texts = [max((r["issue"] for r in records), key=len)]
                        how = "longest"
            if clean:
                found[f"atb {file} clean_baseline: {len(texts)} texts"] += 1
                benign += [({**labels, "found": "benign", "payload": t}, "") for t in texts]
            elif not texts:
                found[f"atb {file}: not found (left out)"] += 1
            else:
                found[f"atb {file}: {len(texts)} texts by {how}"] += 1
                injections += [({**labels, "found": how, "payload": t}, marker) for t in texts]
    return injections, benign


def payloads(pkg, seen_texts, cut_to_fit, limit):
    """(injections, benign, copies left out): the payload dicts of both parts. `pkg` is the
    unpacked `inspect_evals/` folder; `limit` the bytes a payload keeps (cut_to_fit's)."""
    found = collections.Counter()
    ipi_inj, ipi_ben = ipi(pkg, limit, cut_to_fit, found)
    atb_inj, atb_ben = atb(pkg, found)
    seen = corpus_spikee.Seen(seen_texts)
    copies, repeats, texts = 0, 0, set()
    parts = ([], [])
    for out, pairs in zip(parts, (ipi_inj + atb_inj, ipi_ben + atb_ben)):
        for entry, marker in pairs:
            entry["payload"] = window(entry["payload"], marker, limit, cut_to_fit)
            if seen.copies(entry["payload"]):
                copies += 1
            elif entry["payload"] in texts:
                repeats += 1
            else:
                texts.add(entry["payload"])
                out.append(entry)
    print("inspect_evals (heldout4): "
          + "; ".join(f"{k}: {v}" for k, v in sorted(found.items()))
          + f"; {len(parts[0])} injection and {len(parts[1])} benign texts kept, {copies} "
          f"left out as copies of the other parts, {repeats} as repeats of this part's",
          file=sys.stderr)
    return parts[0], parts[1], copies
