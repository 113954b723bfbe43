"""The one reading of the visitor's words: folding, tokens, stop words, clauses, questions, dialogue acts,
negation, and who a clause is about. Used by extraction, the concierge, recall and the summary.

Modules: `text` (folding, words, stems, stop words), `acts` (greeting, thanks, goodbye, yes, no, question),
`clauses` (the extractor's folding, clause segmentation, negation and retraction scope), `party` (the
visitor, a member of their party, someone else). `vectors` (static word vectors) is loaded only on demand.
"""

from __future__ import annotations

from .acts import dialogue_acts, is_no, is_question, is_yes
from .text import STOPWORDS, content_words, plain, stem, words

__all__ = ["STOPWORDS", "content_words", "dialogue_acts", "is_no", "is_question", "is_yes", "plain", "stem", "words"]
