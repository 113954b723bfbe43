"""Record what a real (tiny) model answers to the extractor prompt, raw, for the validation tests.

    python -m llama_cpp.server --model <…>/SmolLM2-135M-Instruct.Q4_1.gguf --port 8765   (another venv)
    python tests/data/capture_smollm2.py --base-url http://127.0.0.1:8765/v1 --out tests/data/smollm2_outputs.jsonl

The raw text is kept exactly as returned: invalid JSON, invented concepts and evidence that is not the
visitor's are the point. Utterances come from the labelled sets beside this file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import httpx

from museum_tui.config import default_ontology_path
from museum_tui.extraction import fact_schema
from museum_tui.extraction.llm_extractor import extractor_messages
from museum_tui.memory import load_ontology

HERE = Path(__file__).resolve().parent


def utterances(limit: int) -> list[dict]:
    rows = []
    for name in ("extraction_gold.jsonl", "extraction_heldout.jsonl"):
        with (HERE / name).open(encoding="utf-8") as fh:
            rows += [json.loads(line) for line in fh if line.strip()]
    step = max(1, len(rows) // limit)
    return rows[::step][:limit]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--out", type=Path, default=HERE / "smollm2_outputs.jsonl")
    parser.add_argument("--limit", type=int, default=60)
    args = parser.parse_args()
    ontology = load_ontology(default_ontology_path())
    schema = fact_schema(ontology)
    modes = {
        "json_object": {"type": "json_object"},
        "json_schema": {"type": "json_schema", "json_schema": {"name": "facts", "strict": True, "schema": schema}},
        "plain": None,
    }
    written = 0
    with httpx.Client(base_url=args.base_url, timeout=120) as client, args.out.open("w", encoding="utf-8") as out:
        for row in utterances(args.limit):
            messages = extractor_messages(ontology, row["user"], row.get("bot"))
            for mode, response_format in modes.items():
                for temperature in (0.0, 0.7) if mode == "plain" else (0.0,):
                    body = {"model": "smollm2", "messages": messages, "temperature": temperature, "max_tokens": 256}
                    if response_format:
                        body["response_format"] = response_format
                    response = client.post("/chat/completions", json=body)
                    if response.status_code != 200:
                        print(f"{mode}: HTTP {response.status_code}", file=sys.stderr)
                        continue
                    raw = response.json()["choices"][0]["message"]["content"]
                    record = {
                        "user": row["user"],
                        "bot": row.get("bot"),
                        "mode": mode,
                        "temperature": temperature,
                        "raw": raw,
                    }
                    out.write(json.dumps(record, ensure_ascii=False) + "\n")
                    written += 1
    print(f"wrote {written} outputs to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
