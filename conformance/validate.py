#!/usr/bin/env python3
# Validates the conformance kit's JSON files against its schemas (conformance/schema/):
#   python3 conformance/validate.py [KIT_DIR]        exit 0 when every file is valid
#   python3 conformance/validate.py KIT_DIR FILE...  validate only these files
# Needs the `jsonschema` package (Draft 2020-12); CI pins its version (.ci/run).
import json
import pathlib
import sys

from jsonschema import Draft202012Validator


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent)
    only = [pathlib.Path(p) for p in sys.argv[2:]]
    invalid = 0
    for kind in ("vectors", "games"):
        schema = json.loads((root / "schema" / f"{kind}.schema.json").read_text())
        Draft202012Validator.check_schema(schema)
        validator = Draft202012Validator(schema)
        files = [f for f in only if f.parent.name == kind] if only else sorted((root / kind).glob("*.json"))
        for path in files:
            errors = list(validator.iter_errors(json.loads(path.read_text())))
            for e in errors[:5]:
                where = "/".join(map(str, e.absolute_path)) or "(top)"
                print(f"{path}: {where}: {e.message[:200]}")
            print(f"{path}: {'valid' if not errors else f'{len(errors)} errors'}")
            invalid += bool(errors)
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main())
