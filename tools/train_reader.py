"""Train the learned reader (museum_tui/extraction/learned.py) for a shipped ontology, at development time.

    python tools/train_reader.py museum            # writes museum_tui/extraction/data/reader-museum.npz
    python tools/train_reader.py garden --leave-out garden13 --out /tmp/cv   # to measure on a held-out set
    python tools/train_reader.py shared            # every venue's sets, their shared concepts (borrowed.SHARED)

The examples are every labelled set of tests/data/blind/ for that ontology (`museum*_extraction.jsonl`,
`garden*_extraction.jsonl`), split into clauses as the extractor splits them (with the ontology's speller).
Each asserted gold fact whose value is among a clause's words marks that span with its concept; every
other candidate span is "no concept", except where a negated gold value is said (the rules read those).
A value not said in the visitor's words ("can't hear much" for "hard of hearing") teaches nothing here:
the lexicon's canonical values are the rules' to give. Training is plain softmax regression by stochastic
gradient descent, seeded, so the same sets give the same model; the model is stored as float16.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import numpy as np
from rapidfuzz import fuzz

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from museum_tui.extraction.borrowed import SHARED as SHARED_CONCEPTS  # noqa: E402
from museum_tui.extraction.borrowed import shared_meanings  # noqa: E402
from museum_tui.extraction.compiled import compiled_for  # noqa: E402
from museum_tui.extraction.learned import (  # noqa: E402
    DATA,
    HASHED,
    SHARED,
    dense_features,
    hashed_features,
    spans,
    tokens,
    word_rows,
)
from museum_tui.language.clauses import split_clauses  # noqa: E402
from museum_tui.language.vectors import StaticVectors, words  # noqa: E402
from museum_tui.memory import load_ontology  # noqa: E402

BLIND = ROOT / "tests" / "data" / "blind"
BAR, SENSITIVE_BAR = 0.93, 0.99  # chosen by leave-one-round-out measurement (see learned.py)
DROPOUT = 0.0


def labelled_sets(kind: str, leave_out: set[str]) -> list[Path]:
    """The sets a model learns from: its ontology's (museum, museum2, ...), or for the shared model every
    set, each venue's read with its own ontology."""
    pattern = re.compile(rf"^{kind}\d*_extraction\.jsonl$" if kind != SHARED else r"^[a-z]+\d*_extraction\.jsonl$")
    return sorted(p for p in BLIND.iterdir() if pattern.match(p.name) and p.name.split("_")[0] not in leave_out)


def ontology_of(path: Path) -> Path:
    """The ontology a labelled set was written for."""
    venue = re.sub(r"\d+$", "", path.name.split("_")[0])
    shipped = ROOT / "ontologies" / f"{venue}.json"
    return shipped if shipped.is_file() else BLIND / f"{venue}.json"


def _span_of(value: str, clause_words: list[str], candidates: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The candidate span that says `value`: its very words, else nearly (a typo), else the shortest that
    holds them all."""
    said = " ".join(words(value))
    if not said:
        return None
    texts = [(" ".join(clause_words[i:j]), (i, j)) for i, j in candidates]
    for text, span in texts:
        if text == said:
            return span
    for text, span in texts:
        if fuzz.ratio(text, said) >= 85:
            return span
    holding = [
        (j - i, span)
        for text, (i, j) in texts
        if min(len(said), len(text)) >= 3 and (said in text or text in said)
        for span in [(i, j)]
    ]
    return min(holding)[1] if holding else None


def examples(paths: list[Path], concepts: list[str], vectors: StaticVectors) -> list[tuple]:
    """Every candidate span of every clause of the sets, with its concept's index in `concepts` (0: none).
    A set of another venue (the shared model) has its concepts named as the shared ones they mean."""
    out = []
    for path in paths:
        ontology = load_ontology(ontology_of(path))
        speller = compiled_for(ontology).speller
        meant = {theirs: shared for shared, theirs in shared_meanings(ontology, vectors).items()}
        named = {cid: cid if cid in concepts else meant.get(cid, cid) for cid in ontology.concepts}
        index = {cid: concepts.index(name) for cid, name in named.items() if name in concepts}
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            clauses = split_clauses(row["user"], speller, speller.knows)
            read = []
            for clause in clauses:
                found = tokens(clause.text)
                clause_words = [w for w, _, _ in found]
                read.append((clause, clause_words, spans(clause.text, found)))
            labels: dict[tuple[int, int, int], int] = {}
            for fact in row["facts"]:
                if fact["concept"] not in index:
                    continue
                for k, (_, clause_words, candidates) in enumerate(read):
                    span = _span_of(fact["value"], clause_words, candidates)
                    if span is not None:
                        asserted = fact.get("polarity", "asserted") == "asserted"
                        labels.setdefault((k, *span), index[fact["concept"]] if asserted else -1)
                        break
            for k, (clause, clause_words, candidates) in enumerate(read):
                if not candidates:
                    continue
                dense = dense_features(word_rows(clause_words, vectors), candidates)
                for (i, j), x in zip(candidates, dense, strict=True):
                    label = labels.get((k, i, j), 0)
                    if label >= 0:
                        out.append((x, *hashed_features(clause_words, i, j, clause.question), label))
    return out


def train(
    data: list, n: int, epochs: int = 6, rate: float = 0.3, decay: float = 0.8, l2: float = 1e-5, dropout: float = 0.0
) -> tuple:
    dense = np.zeros((data[0][0].shape[0], n))
    hashed = np.zeros((HASHED, n))
    bias = np.zeros(n)
    rng = np.random.default_rng(0)
    for _ in range(epochs):
        for k in rng.permutation(len(data)):
            x, own, around, y = data[k]
            if rng.random() < dropout:
                x = np.concatenate([np.zeros(x.shape[0] // 3), x[x.shape[0] // 3 :]])
                own = []
            h = own + around
            z = x @ dense + hashed[h].sum(0) + bias
            z -= z.max()
            p = np.exp(z)
            p /= p.sum()
            p[y] -= 1
            dense -= rate * (np.outer(x, p) + l2 * dense)
            hashed[h] -= rate * p
            bias -= rate * p
        rate *= decay
    return dense, hashed, bias


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kind", help="the shipped ontology (museum, garden), or 'shared' for every venue's needs")
    parser.add_argument("--leave-out", default="", help="comma-separated set names to hold out (museum13,...)")
    parser.add_argument("--out", type=Path, default=DATA)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--dropout", type=float, default=DROPOUT)
    parser.add_argument("--bar", type=float, default=BAR)
    parser.add_argument("--sensitive-bar", type=float, default=SENSITIVE_BAR)
    args = parser.parse_args()
    if args.kind == SHARED:
        ontology = load_ontology(ROOT / "ontologies" / "museum.json")
        concepts = ["-", *SHARED_CONCEPTS]
    else:
        ontology = load_ontology(ROOT / "ontologies" / f"{args.kind}.json")
        concepts = ["-", *sorted(ontology.concepts)]
    paths = labelled_sets(args.kind, set(filter(None, args.leave_out.split(","))))
    data = examples(paths, concepts, StaticVectors.load())
    print(f"{len(paths)} sets, {len(data)} spans, {sum(1 for d in data if d[-1])} marked", file=sys.stderr)
    dense, hashed, bias = train(data, len(concepts), args.epochs, dropout=args.dropout)
    bars = [1.0] + [args.sensitive_bar if ontology.concepts[c].sensitive else args.bar for c in concepts[1:]]
    args.out.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        args.out / f"reader-{args.kind}.npz",
        concepts=np.array(concepts),
        dense=dense.astype(np.float16),
        hashed=hashed.astype(np.float16),
        bias=bias.astype(np.float16),
        bars=np.array(bars, dtype=np.float16),
    )


if __name__ == "__main__":
    main()
