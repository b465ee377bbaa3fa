"""The output audit: every generated example is re-parsed and dropped, with a counted reason,
unless both of its generated sentences are whole sentences.

The rules check their own output as they build it (`engine.check_sentence`: a verb, a capital,
no foreign word); raters still found fragments ("... and ."), splits of noun-phrase lists and
lost reporting clauses. The audit looks at the finished text again, the way MinWikiSplit judges
its splits: a parser reads each generated sentence on its own, which must have a finite verb as
its root with a subject, end cleanly, balance its quotes and brackets and have at least
`MIN_TOKENS` tokens; and together the two may hold no word the original does not (beyond the
rules' own insertions) and lose no content word the rule was not meant to drop.

The audit knows nothing of Beam or spaCy: it is given a `parse` function (pre-tokenized
sentences in, annotated `Sentence`s out).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import replace

from lemminflect import getAllLemmas, getInflection

from discofuse.document import Sentence, Token
from discofuse.engine import Example
from discofuse.engine.engine import INSERTED_WORDS
from discofuse.engine.morphology import (
    CLOSING,
    FINAL_PUNCTUATION,
    STRAY,
    ends_with_its_own_stop,
)
from discofuse.labels import COORDINATORS, NOUN_TAGS, QUOTE_MARKS, SUBJECT_DEPS, TENSED_TAGS

ParseMany = Callable[[Sequence[Sequence[Sequence[str]]]], list[list[Sentence]]]
"""Groups of pre-tokenized sentences -> their parses, group by group (`SpacyAnnotator.parse_many`)."""

MIN_TOKENS = 3
"""A generated sentence shorter than this (final mark included) is a fragment ("So ."). "He
won ." is a sentence: raters rated such splits correct ("Bendjedid resigned , and a High
Council ...", 3 of 3 in a rated sample of the audit's drops); the clause checks catch the
short ones that are not ("It was .", "He said .", "Still embodied .")."""
CLAUSE_SUBJECT_DEPS = SUBJECT_DEPS | {"csubj", "csubjpass", "expl"}
DANGLING = frozenset({",", ";", ":", "-", "--", "and", "or", "but", "nor", "of", "the",
                      "a", "an", "to", "which", "who"})
"""A sentence may not end in these (before its final mark): "The club was founded and .".
Not "that", "so" or "yet", which end sentences ("more than that .", "I think so .", "none
has been found yet .")."""
BRACKETS = (("(", ")"), ("[", "]"), ("``", "''"))
ELLIPTICAL_LEMMAS = frozenset({"have", "do"})
BARE_LEMMAS = frozenset({"be"})
"""A copula with nothing after it has lost its complement to ellipsis ("It was .")."""
SPEECH_LEMMAS = frozenset({"say", "tell", "add", "claim", "state", "reveal"})
"""A reporting verb with nothing after it has lost what was said ("He said ."); not those that
stand alone ("She never replied .", "He insisted .")."""
RELATIVE_STARTS = frozenset({"where", "which", "who", "whom", "whose", "whereby", "wherein"})
COMPLEMENT_DEPS = frozenset({"dobj", "attr", "acomp", "xcomp", "ccomp", "prep", "oprd", "dative",
                             "advcl", "agent", "prt"})
CONTENT_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "NUM"})
"""Words the rules never drop (connectives, pronouns, relative words and the like may go)."""

REASONS = {
    "too_short": f"a generated sentence has fewer than {MIN_TOKENS} tokens",
    "dangling": "a generated sentence ends in a conjunction, comma or article, or lacks its mark",
    "unbalanced": "the split left a quote or bracket of a balanced original open",
    "no_finite_verb": "a generated sentence's root is not a finite verb",
    "no_subject": "a generated sentence's root verb has no subject",
    "elliptical": "a generated sentence's verb is an auxiliary left by ellipsis ('Kim always has .')",
    "subordinate_clause": "a generated sentence is only a relative or subordinate clause ('Where the"
    " farmers met .', 'Because Kim knew .')",
    "inserted_word": "a generated word is in neither the original nor the rules' insertions",
    "dropped_word": "a content word of the original is in neither generated sentence",
    "speaker_split_off": "the split put quoted words in a sentence apart from their speaker",
    "source_too_short": "an original sentence the rules left as it is has fewer than"
    f" {MIN_TOKENS} tokens",
    "source_dangling": "an original sentence the rules left as it is lacks its final mark, or"
    " a generated sentence ends as dangling as its original ('... ) to .')",
    "source_elliptical": "a generated sentence ends as elliptical as its original ('The average"
    " elevation is .', the number lost with the markup)",
    "source_no_finite_verb": "a generated sentence has no finite verb, nor had the original"
    " it comes from (a title, a list, a line whose words markup removal took)",
    "source_no_subject": "a generated sentence's verb has no subject, nor had the original's",
}
"""Each reason is counted as `filtered:audit_<reason>`."""


class Auditor:
    """Re-parses generated sentences with `parse_many` and says why an example is not whole.
    `reasons` audits many examples with one batched parse, which is how `generate` calls it."""

    def __init__(self, parse_many: ParseMany, allowed_insertions: frozenset[str] = frozenset()):
        self.parse_many = parse_many
        self.allowed = frozenset(w.lower() for w in INSERTED_WORDS | allowed_insertions)

    def reason(self, example: Example, original: Sequence[Sentence]) -> str:
        """'' for a whole example, else the first failing check's name (a key of `REASONS`)."""
        return self.reasons([(example, original)])[0]

    def reasons(self, items: Sequence[tuple[Example, Sequence[Sentence]]]) -> list[str]:
        """`reason` for each (example, original sentences), the parses done in one batch.

        A generated sentence that is an original sentence word for word (the first sentence
        of a PAIR_CONN, say) is not re-parsed: the rules did not touch it, so a misreading of
        it by the parser ("The old body awakens in a lab ." with "awakens" read as a noun)
        must not veto the example. Its surface checks still run, counted as `source_*`; a
        PAIR_CONN that only removed the second sentence's opening connective keeps what the
        checks find in the source's words (`_only_a_connective_removed`).

        An example whose changed sentences can all be read on the original's parse (runs of
        its words, a replaced pronoun, a relative clause's parts: `reading_of_first_parse`)
        is judged there first; only one that fails there is parsed afresh, as every other
        example is, and judged on that parse. The audit re-parses 12.6% as many words as the
        documents on 120 BBC articles (43% when it parsed every changed sentence)."""
        generated = [_generated(example) for example, _ in items]
        unchanged = [_unchanged(words, original) for words, (_, original) in zip(generated, items)]
        found = [
            _surface_check(example, words, same)
            for (example, _), words, same in zip(items, generated, unchanged)
        ]
        to_parse = []
        for i in (i for i, reason in enumerate(found) if not reason):
            spans = [
                same if same is not None else reading_of_first_parse(words, items[i][1])
                for words, same in zip(generated[i], unchanged[i])
            ]
            if any(span is None for span in spans) or self._judge(items[i], spans, unchanged[i]):
                to_parse.append(i)
        changed_words = [
            tuple(tuple(words) for words, same in zip(generated[i], unchanged[i]) if same is None)
            for i in to_parse
        ]
        distinct = list(dict.fromkeys(changed_words))  # (two rules may write the same text)
        parses = dict(zip(distinct, self.parse_many(distinct)))
        for i, words in zip(to_parse, changed_words):
            fresh = iter(parses[words])
            sentences = [same if same is not None else next(fresh) for same in unchanged[i]]
            found[i] = self._judge(items[i], sentences, unchanged[i])
        return [
            "" if (reason.startswith("source_") or reason in PARSE_REASONS)
            and _only_a_connective_removed(items[i][0], generated[i], items[i][1])
            else reason
            for i, reason in enumerate(found)
        ]

    def _judge(
        self,
        item: tuple[Example, Sequence[Sentence]],
        sentences: list[Sentence],
        unchanged: list[Sentence | None],
    ) -> str:
        """The parse checks on an example's generated `sentences` (parsed). The second part of
        a split may leave its verb phrase to the first when it negates it ("Some States paid
        off their war debts . | Others did not ."): a contrast the pair reads whole."""
        example, original = item
        contrast = len(original) == 1 and len(sentences) == 2 and unchanged[1] is None and (
            _negated_ellipsis(sentences[1])
        )
        changed = [
            s for i, (s, same) in enumerate(zip(sentences, unchanged))
            if same is None and not (contrast and i == 1)
        ]
        return next(
            (reason for sentence in changed if (reason := _clause_reason_in(sentence, original))),
            "",
        ) or invented_word(
            sentences, original, self.allowed | set(example.replacement_words)
        ) or _dropped_word(example, sentences, original)


def reading_of_first_parse(words: list[str], original: Sequence[Sentence]) -> Sentence | None:
    """A generated sentence read with the parse of the original sentence it is mostly made
    of, which was made in context: its words kept in order ("They won ." from "However ,
    they won ."; "He won ." from "He won , and she lost ."; "Riley secured bronze ." from
    "Riley , who secured bronze , finished fourth ."), a final mark, and in place of a word
    the rules replaced a noun phrase said in an original sentence ("Carlos Ruiz 's coach
    smiled ." for "His coach smiled ."), which takes the replaced word's place in the tree
    (a relative clause's noun takes the deleted relative pronoun's). Words whose heads are not
    in the sentence hang on the one nearest the original's root, the new root, which must be
    a verb with its subject in the sentence. None otherwise: the sentence is parsed afresh."""
    lowered = [w.lower() for w in words]

    def equal_words(operations: list[tuple[str, int, int, int, int]]) -> int:
        return sum(j2 - j1 for op, _, _, j1, j2 in operations if op == "equal")

    source, operations = max(
        ((s, difflib.SequenceMatcher(None, [t.text.lower() for t in s.tokens], lowered,
                                     autojunk=False).get_opcodes()) for s in original),
        key=lambda pair: equal_words(pair[1]),
    )
    if equal_words(operations) < 0.4 * len(words):
        return None
    kept: dict[int, int] = {}  # source token -> its position in the sentence
    tokens: list[Token] = []
    for operation, i1, i2, j1, j2 in operations:
        if operation == "delete" and 0 < j1 and not all(
            w in FINAL_PUNCTUATION for w in words[j1:]
        ) and not _relative_left_out(source, range(i1, i2)):
            return None  # (words left out inside: a verb phrase coordination's first verb
            # phrase, which may be a parse's mistake only a fresh parse shows: "higher IQs
            # are correlated with ... and improved treatment outcomes")
        if operation == "equal":
            kept.update((i1 + k, j1 + k) for k in range(i2 - i1))
            tokens.extend(source.tokens[i1:i2])
        elif operation in ("insert", "replace"):
            phrase = _phrase_said(words[j1:j2], original)
            if phrase is None or (operation == "insert" and phrase[0].pos != "PUNCT"):
                return None  # (a copied subject is read afresh, as words left out are)
            top = next(k for k, token in enumerate(phrase) if token.head == k)
            if operation == "replace":  # the phrase takes the replaced words' place
                replaced = min(range(i1, i2), key=lambda i: _depth(source, i))
                phrase[top] = replace(phrase[top], dep=source.tokens[replaced].dep,
                                      head=-1 - source.tokens[replaced].head)
            tokens.extend(replace(token, head=token.head + j1) if token.head >= 0 else token
                          for token in phrase)
    at_source = {j: i for i, j in kept.items()}
    outside: list[int] = []  # positions whose head is not in the sentence
    for j, token in enumerate(tokens):
        if j in at_source:
            head = kept.get(token.head) if token.head != at_source[j] else None
        elif token.head < 0:  # a replacing phrase's top: the replaced word's head
            head = kept.get(-1 - token.head)
        else:
            head = token.head if token.head != j else None
        if head is None:
            outside.append(j)
        tokens[j] = replace(token, text=words[j], head=j if head is None else head)
    for relative in (t for i, t in enumerate(source.tokens) if i not in kept):
        verb = relative.head  # "Riley , who won" -> "Riley won": the noun takes the deleted
        # relative pronoun's place as the clause's subject
        if (relative.tag not in ("WDT", "WP") or relative.dep not in SUBJECT_DEPS
                or verb not in kept or source.tokens[verb].dep != "relcl"
                or source.tokens[verb].head not in kept):
            continue
        noun, clause = kept[source.tokens[verb].head], kept[verb]
        tokens[noun] = replace(tokens[noun], dep=relative.dep, head=clause)
        tokens[clause] = replace(tokens[clause], head=clause)
        outside = [j for j in outside if j != noun] + [clause]
    root = min((j for j in outside if j in at_source and tokens[j].pos != "PUNCT"),
               key=lambda j: (tokens[j].pos not in ("VERB", "AUX"),
                              _depth(source, at_source[j])), default=None)
    if root is None:
        return None
    for j in outside:
        tokens[j] = replace(tokens[j], head=root, dep="ROOT" if j == root else tokens[j].dep)
    reading = Sentence(tokens=tokens)
    if not _verb_with_its_subject(reading, root, range(len(tokens))):
        return None  # (a verb whose subject the sentence lacks, "... , and as a result
        # suffers frequent droughts", is read afresh: the audit's guesses at a subject the
        # parser missed are for whole sentences)
    return reading


def _relative_left_out(source: Sentence, span: range) -> bool:
    """The words left out, punctuation aside, are a relative pronoun (", who" of "Riley , who
    won bronze") or a whole relative clause (", who won bronze ,")."""
    tokens = source.tokens
    words = [i for i in span if tokens[i].pos != "PUNCT"]
    if len(words) == 1 and tokens[words[0]].tag in ("WDT", "WP"):
        return True
    top = min(words, key=lambda i: _depth(source, i), default=None)
    return top is not None and tokens[top].dep == "relcl" and set(words) == {
        i for i, token in enumerate(tokens) if token.pos != "PUNCT" and source.dominates(top, i)
    }


def _phrase_said(segment: list[str], original: Sequence[Sentence]) -> list[Token] | None:
    """Words the rules put in, as tokens whose heads count from the segment's start (the top
    one's its own position): final marks, or a noun phrase said in an original sentence,
    with a possessive "'s" after it. None for anything else ("was" inserted in an
    apposition)."""
    if all(word in FINAL_PUNCTUATION for word in segment):
        return [Token(text=w, tag=".", pos="PUNCT", dep="punct", head=k, lemma=w)
                for k, w in enumerate(segment)]
    phrase = segment[:-1] if len(segment) > 1 and segment[-1] == "'s" else segment
    lowered = [w.lower() for w in phrase]
    for sentence in original:
        start = _run_start([t.text.lower() for t in sentence.tokens], lowered)
        if start is None:
            continue
        span = range(start, start + len(phrase))
        top = min(span, key=lambda i: _depth(sentence, i))
        if not sentence.tokens[top].tag.startswith(("NN", "PRP")) or any(
            sentence.tokens[i].head not in span for i in span if i != top
        ):
            return None  # (no noun phrase, or one whose words hang outside it)
        tokens = [replace(sentence.tokens[i], head=sentence.tokens[i].head - start)
                  for i in span]
        tokens[top - start] = replace(tokens[top - start], head=top - start)
        if len(phrase) < len(segment):
            tokens.append(Token(text="'s", tag="POS", pos="PART", dep="case",
                                head=top - start, lemma="'s"))
        return tokens
    return None


def _verb_with_its_subject(sentence: Sentence, verb: int, span: range) -> bool:
    """Token `verb` is a verb whose subject (on it or on its auxiliary) stands in `span`."""
    tokens = sentence.tokens
    if tokens[verb].pos not in ("VERB", "AUX"):
        return False
    group = {verb} | {i for i in span
                      if tokens[i].head == verb and tokens[i].dep in ("aux", "auxpass")}
    return any(
        tokens[i].head in group and tokens[i].dep in CLAUSE_SUBJECT_DEPS
        and not _object_of_a_bare_preposition(tokens, i)
        for i in span
    )


def _object_of_a_bare_preposition(tokens: list[Token], noun: int) -> bool:
    """A noun read as a subject right after a preposition left with no object ("and as a
    result suffers ...": "result" is the object of "as", and the verb has no subject)."""
    before = noun - 1
    while before >= 0 and tokens[before].head == noun and tokens[before].dep in (
        "det", "amod", "compound", "nummod"
    ):
        before -= 1
    return before >= 0 and tokens[before].tag == "IN" and not any(
        t.head == before and t.dep in ("pobj", "pcomp") for t in tokens
    )


def _depth(sentence: Sentence, index: int) -> int:
    """How many heads up token `index` is from its sentence's root."""
    depth = 0
    while sentence.tokens[index].head != index and depth < len(sentence.tokens):
        index = sentence.tokens[index].head
        depth += 1
    return depth


def _run_start(words: list[str], run: list[str]) -> int | None:
    """Where `run` stands in `words`, or None."""
    for start in range(len(words) - len(run) + 1):
        if words[start : start + len(run)] == run:
            return start
    return None


def _generated(example: Example) -> list[list[str]]:
    return [example.incoherent_first_sentence.split(), example.incoherent_second_sentence.split()]


PARSE_REASONS = frozenset({"no_finite_verb", "no_subject", "subordinate_clause", "elliptical"})
"""The checks on a parse: for a sentence the rules changed only by its opening connective, the
parser's reading of the source's words, not the rules' doing ("And if you try to unsettle
your rivals ... you have to remember ...", read as a bare "if" clause)."""
LEADING_ADVERBS = frozenset({"afterwards", "then", "later", "also", "still", "now", "soon",
                             "again", "thus", "therefore", "often", "never", "always"})
"""Adverbs that may open a verb phrase continued from the sentence before ("And afterwards was
unimpressed ...")."""
MAX_CONNECTIVE_WORDS = 4
"""The longest opening connective, its comma included ("as a result ,", "on the other hand")."""
PHRASE_CONNECTIVES = frozenset({"for example", "for instance", "e.g.", "in particular",
                                "specifically", "namely", "in other words", "in short",
                                "in sum", "such as"})
"""Opening connectives that may introduce a phrase alone ("For example , ' ice cream ' and ' I
scream ' ."): with one of them removed, a verbless rest is a fragment the rule made."""


def _only_a_connective_removed(
    example: Example, generated: list[list[str]], original: Sequence[Sentence]
) -> bool:
    """A PAIR_CONN whose two sentences are the originals, the second without its opening
    connective: the rules changed nothing else, so a flaw the checks found there is the
    source's (or the parser's: "However , a group of ... actually rule the country" read
    with no finite verb), kept as raters judge it ("( See summation for an explanation ) . |
    Let us consider ..."). Not a verb phrase whose subject the removed "and" carried over
    from the sentence before ("And afterwards was unimpressed with his form", "and produce
    over ..."): without it, a fragment."""
    if example.discourse_type != "PAIR_CONN" or len(original) != 2:
        return False
    first, second, source = (
        [w.lower() for w in words] for words in (*generated, original[1].words)
    )
    if first != [w.lower() for w in original[0].words]:
        return False  # (its first word capitalized: "immediately take pen and paper ...")
    removed = len(source) - len(second)
    if not 0 < removed <= MAX_CONNECTIVE_WORDS or source[removed:] != second:
        return False
    rest = [t for t in original[1].tokens[removed:] if t.text != ","]
    if len(rest) > 1 and rest[0].tag == "RB" and (
        rest[0].text.lower().endswith("ly") or rest[0].text.lower() in LEADING_ADVERBS
    ):
        rest = rest[1:]
    if not rest or rest[0].tag in ("VBD", "VBZ", "VBP", "VBN", "VBG", "MD"):
        return False  # a verb phrase with no subject: "And afterwards was unimpressed ..."
    connective = " ".join(w for w in source[:removed] if w != ",")
    if connective in PHRASE_CONNECTIVES and not any(
        t.tag.startswith("VB") or t.tag == "MD" for t in rest
    ):
        return False  # "For example , ' ice cream ' and ' I scream ' .": no sentence without it
    # a base form after "and" goes on with the sentence before ("and produce over ..."); after
    # "For example ," it is a command ("Consider the data sample .")
    return not (rest[0].tag == "VB" and source[0] in COORDINATORS)


def _unchanged(generated: list[list[str]], original: Sequence[Sentence]) -> list[Sentence | None]:
    """For each generated sentence, the original sentence it repeats word for word, or None."""
    return [next((s for s in original if s.words == words), None) for words in generated]


def _surface_check(
    example: Example, generated: list[list[str]], unchanged: list[Sentence | None]
) -> str:
    """The checks on the words alone: length, final mark, balanced quotes and brackets. A
    failing sentence the rules did not touch (`unchanged`) is the source's problem:
    `source_<reason>`."""
    sources = [example.coherent_first_sentence.split()] * 2
    if example.coherent_second_sentence:
        sources[1] = example.coherent_second_sentence.split()
    running_quote = not example.coherent_second_sentence and _quotation_over_both(
        generated, sources[0]
    )
    for words, source, same in zip(generated, sources, unchanged):
        reason = _surface_reason(words) or _balance_reason(words, source, running_quote)
        if reason:
            source_flaw = same is not None or (
                reason == "dangling"
                and (_ends_like(words, source) or _value_lost_after_of(words, source))
            )
            if reason == "dangling" and (
                source_flaw and _stranded_after_a_verb(words) or _elided_in_the_source(words, source)
            ):
                continue  # the source ends so, and whole: "... before the case was disposed
                # of .", "... although he was unable to ."; or it elides the verb phrase
                # there: "fail to help when they intended to , or ..."
            return f"source_{reason}" if source_flaw else reason
    if not example.coherent_second_sentence and _speaker_split_off(generated, sources[0]):
        return "speaker_split_off"
    return ""


REPORTING_WORDS = frozenset({"said", "says", "added", "adds", "told", "insisted", "explained",
                             "admitted", "claimed", "argued", "stated", "warned", "revealed",
                             "wrote", "writes"})


def _speaker_split_off(generated: list[list[str]], source: list[str]) -> bool:
    """Quoted words that close with their speaker (" ... , ' Ten Cate said ."): a split that
    leaves the speaker out of a part made of the quoted words states someone's words as fact
    ("Mourinho lied with the line - ups ."). A part from after the quotation ("' ... , ' said
    Jones , who faces France" -> "Jones faces France .") needs no speaker."""
    quotes = [i for i, word in enumerate(source) if word in QUOTE_MARKS]
    if not quotes or quotes[-1] == 0 or source[quotes[-1] - 1] not in (",", ".", "!", "?"):
        return False  # no closing mark ("' He said he had ..." opens a quotation)
    if quotes[-1] > 1 and source[quotes[-1] - 2].lower() in REPORTING_WORDS:
        return False  # the mark opens what the verb before it reports ("... and wrote , '
        # Many have said of alchemy ...")
    after = [w.lower() for w in source[quotes[-1] + 1 : quotes[-1] + 5]]
    speaker_words = REPORTING_WORDS.intersection(after)
    if not speaker_words:
        return False
    lowered = [w.lower() for w in source]
    opening = quotes[-2] if len(quotes) > 1 else -1  # (a quotation opened sentences before)
    return any(
        not speaker_words.intersection(w.lower() for w in words)
        and _mostly_quoted(lowered, [w.lower() for w in words], opening, quotes[-1])
        for words in generated
    )


def _mostly_quoted(source: list[str], words: list[str], opening: int, closing: int) -> bool:
    """Most of the words the part shares with the source stand inside its quotation."""
    shared = _shared_positions(source, words)
    inside = sum(opening < i < closing for i in shared)
    return inside * 2 > len(shared)


def _shared_positions(source: list[str], words: list[str]) -> list[int]:
    """The positions of `source` whose words `words` keeps, in order (lower-cased lists)."""
    matcher = difflib.SequenceMatcher(None, source, words, autojunk=False)
    return [i for block in matcher.get_matching_blocks() for i in range(block.a, block.a + block.size)]


def _ends_like(words: list[str], source: list[str]) -> bool:
    """The sentence ends as its source sentence does, in its last word and its final mark
    (" ... commonly ) to ." from a source that lost a symbol there, " ... Andorra is ." from
    one that lost a number): a flaw the split did not make."""
    return len(words) > 2 and [w.lower() for w in words[-2:]] == [w.lower() for w in source[-2:]]


def _surface_reason(words: list[str]) -> str:
    if len(words) < MIN_TOKENS:
        return "too_short"
    body = list(words)
    while body and body[-1] in CLOSING:
        body.pop()
    if body and body[-1] in FINAL_PUNCTUATION:
        body.pop()
        while body and body[-1] in CLOSING:
            body.pop()
    elif not (body and len(body) == len(words) and ends_with_its_own_stop(body[-1])):
        return "dangling"
    if not body or body[-1].lower() in DANGLING or words[0] in {",", ";", ":", "."}:
        return "dangling"
    return ""


def _value_lost_after_of(words: list[str], source: list[str]) -> bool:
    """The sentence ends in "of", and the source has its last two words before a comma or
    "and": a figure the markup lost ("... the Earth 's escape velocity of , but put Apollo 8
    ...", "It has a land area of and is densely populated"), not a split the rules made ("of"
    shares no object across a comma as "listened to , and approved , the plan" does)."""
    body = _words_before_the_final_marks(words)
    if len(body) < 2 or body[-1] != "of":
        return False
    lowered = [w.lower() for w in source]
    return any(
        lowered[i : i + 2] == body[-2:] and lowered[i + 2] in (",", "and")
        for i in range(len(lowered) - 2)
    )


STRANDING_WORDS = frozenset({"able", "unable", "up"})
"""Words before a final "to" that make it a verb's ("unable to .", "live up to .")."""


def _words_before_the_final_marks(words: list[str]) -> list[str]:
    """The sentence's words, lower-cased, without its final mark and closing quotes."""
    body = [w.lower() for w in words]
    while body and (body[-1] in CLOSING or body[-1] in FINAL_PUNCTUATION):
        body.pop()
    return body


def _stranded_after_a_verb(words: list[str]) -> bool:
    """The sentence ends in "of" or "to" after a past participle or `STRANDING_WORDS`: a
    stranded preposition or an elided verb phrase, not a number lost with the markup ("a
    total area of .", "equal to .")."""
    body = _words_before_the_final_marks(words)
    return len(body) > 1 and body[-1] in ("of", "to") and (
        body[-2].endswith("ed") or body[-2] in STRANDING_WORDS
    )


ELIDING_VERBS = frozenset({"intend", "want", "try", "plan", "need", "hope", "refuse", "decide",
                           "fail", "wish", "mean", "expect", "choose", "like", "love", "prefer",
                           "promise", "agree", "attempt", "have", "use", "ought", "be"})
"""Verbs whose "to" may stand for a verb phrase said before ("... when they intended to ")."""


def _elided_in_the_source(words: list[str], source: list[str]) -> bool:
    """The sentence ends in "to" after a verb of `ELIDING_VERBS`, and the source has the same
    two words before a punctuation mark: an elided verb phrase the source wrote so ("People
    sometimes fail to help when they intended to , or ..."), not an object the split left in
    the other part ("The board listened to , and approved , the plan")."""
    body = _words_before_the_final_marks(words)
    if len(body) < 2 or body[-1] != "to":
        return False
    if not any(lemma in ELIDING_VERBS for lemma in getAllLemmas(body[-2]).get("VERB", ())):
        return False
    lowered = [w.lower() for w in source]
    return any(
        lowered[i : i + 2] == body[-2:] and lowered[i + 2] in STRAY
        for i in range(len(lowered) - 2)
    )


def _quotation_over_both(generated: list[list[str]], source: list[str]) -> bool:
    """A quotation that opens in the first sentence and closes at the second's end (' " It is
    a fine ground . || I hope to help . " ', ' Smith said : " We made a bid . || We are
    considering the offer . " ', ' According to Woodcock " These translations ... . || Before
    that time ... . " '): a quotation running over two sentences, as news and citations write
    it, not a quote left open. A reporting word opens it, or it opens a sentence of its own
    (a capital after the mark) but not after a colon: a phrase quoted as a noun's content
    ("abridged to a single phrase : ' All animals are equal , but ...") or words quoted from
    inside a sentence ("the ' somewhat more humane attitudes of an earlier day") are one
    quotation."""
    first, second = generated
    if source.count('"') != 2 or first.count('"') != 1 or second.count('"') != 1:
        return False
    opening = first.index('"')
    if not (opening < len(first) - 2 and '"' in second[-2:]):
        return False  # (it opens with words after it and closes at the end, before or after
        # the final mark)
    quoted = first[opening + 1]
    return (
        opening == 0
        or any(w.lower() in REPORTING_WORDS for w in first[:opening])
        or (first[opening - 1] != ":" and (quoted[:1].isupper() or quoted == "["))
    )


def _balance_reason(words: list[str], source: list[str], running_quote: bool = False) -> str:
    """A quote or bracket left open by the split. A source sentence already unbalanced (a
    quotation running over several sentences, common in news) is not the rules' doing, nor a
    quotation split into two sentences that open and close it (`running_quote`)."""
    if words.count('"') % 2 and not source.count('"') % 2 and not running_quote:
        return "unbalanced"
    for opening, closing in BRACKETS:
        if _bracket_depths_ok(source, opening, closing) and not _bracket_depths_ok(
            words, opening, closing
        ):
            return "unbalanced"
    return ""


def _bracket_depths_ok(words: list[str], opening: str, closing: str) -> bool:
    depth = 0
    for word in words:
        depth += (word == opening) - (word == closing)
        if depth < 0:
            return False
    return depth == 0


def _clause_reason_in(sentence: Sentence, original: Sequence[Sentence]) -> str:
    """`_clause_reason`, except that a sentence made of an original sentence's words is not
    failed for a verb and subject its first parse found in those words: re-parsed alone, "The
    old body awakens in a lab ." lost its verb to a noun reading, and "Once Brazil 's biggest
    city shared with ..." (a replaced "it") its verb to a participle. The verb must be among
    the words kept, its subject among them or in a place whose words the rules replaced (the
    replaced pronoun, the copied subject of a verb phrase), and the kept words most of the
    sentence."""
    reason = _clause_reason(sentence)
    if reason == "elliptical" and not _verb_phrase_ellipsis(sentence) and any(
        _ends_like(sentence.words, [t.text for t in source.tokens]) for source in original
    ):
        return "source_elliptical"  # "The average elevation of Andorra is ." (a number lost
        # with the markup); not "... , but then he always has .", whose verb phrase the split
        # left in the other sentence
    if reason not in ("no_finite_verb", "no_subject"):
        return reason
    words = [w.lower() for w in sentence.words]
    while words and words[-1] in FINAL_PUNCTUATION:
        words.pop()
    if not words:
        return reason
    for source in original:
        if _first_parse_has_clause(source, words):
            return ""
    if any(_clause_reason(source) in ("no_finite_verb", "no_subject") and _made_of(source, words)
           for source in original):
        return f"source_{reason}"  # "also missed out on the world record ." (a line that
        # lost its subject to markup): the source's fault, counted apart
    return reason


def _negated_ellipsis(sentence: Sentence) -> bool:
    """A subject, "be", "do", "have" or a modal, and "not" with nothing else ("Others did not
    .", "Accented vowels such as á and é are not .")."""
    root = sentence.root()
    if root is None:
        return False
    head = sentence.tokens[root]
    children = [t for t in sentence.tokens if t.head == root and t is not head]
    return (
        (_may_stand_for_a_verb_phrase(head) or head.lemma in BARE_LEMMAS)
        and any(child.dep == "neg" for child in children)
        and any(child.dep in CLAUSE_SUBJECT_DEPS for child in children)
        and all(
            child.pos == "PUNCT" or child.dep in CLAUSE_SUBJECT_DEPS | {"neg", "aux"}
            for child in children
        )
    )


def _verb_phrase_ellipsis(sentence: Sentence) -> bool:
    """The root may stand for a verb phrase said elsewhere (`_may_stand_for_a_verb_phrase`)."""
    root = sentence.root()
    return root is not None and _may_stand_for_a_verb_phrase(sentence.tokens[root])


def _may_stand_for_a_verb_phrase(token: Token) -> bool:
    """"have", "do" or a modal: "... , but then he always has ."."""
    return token.lemma in ELLIPTICAL_LEMMAS or token.tag == "MD"


def _made_of(source: Sentence, words: list[str]) -> bool:
    """Most of the sentence's words are the source's, in order."""
    return len(_shared_positions([t.text.lower() for t in source.tokens], words)) >= 0.6 * len(words)


def _first_parse_has_clause(source: Sentence, words: list[str]) -> bool:
    tokens = source.tokens
    lowered = [t.text.lower() for t in tokens]
    matcher = difflib.SequenceMatcher(None, lowered, words, autojunk=False)
    kept: set[int] = set()
    replaced: set[int] = set()
    for operation, start, end, _, _ in matcher.get_opcodes():
        if operation == "equal":
            kept.update(range(start, end))
        elif operation == "replace":
            replaced.update(range(start, end))
        else:  # a deleted relative pronoun is replaced by its noun, said before it ("Riley ,
            # who secured bronze" -> "Riley secured bronze"); a subject left in the other part
            # is no subject of this one ("The team trained hard . | And won the cup .")
            replaced.update(i for i in range(start, end) if tokens[i].tag in ("WDT", "WP"))
    if len(kept) < 0.6 * len(words):
        return False

    def has_subject(verb: int) -> bool:
        return any(
            token.dep in CLAUSE_SUBJECT_DEPS and token.head == verb and (i in kept or i in replaced)
            for i, token in enumerate(tokens)
        )

    for verb in kept:
        head = tokens[verb].head
        if (
            (tokens[verb].tag, tokens[head].tag) in (("VB", "VBP"), ("VBN", "VBD"))
            and tokens[verb].dep == "conj" and has_subject(head)
            and not any(t.head == verb and t.dep in ("aux", "auxpass") for t in tokens)
            and getAllLemmas(tokens[verb].text).get("VERB")
        ):
            return True  # "Most are aquatic ... and lack many ...", "The Articles envisioned
            # ... , but granted to the Congress ...": a verb joined to a finite one, with no
            # auxiliary of its own and that tense's form (a plural present is a base form, a
            # past a participle's), shares its tense, however the tagger read it (a word that
            # is a verb: not "passed into late Latin , and thence into French"; not "was able
            # to appoint ... , and restrict", a base form after a past)
        if tokens[verb].tag not in TENSED_TAGS:
            continue
        if has_subject(verb) or (tokens[verb].dep == "conj" and has_subject(head)):
            return True  # "Jones damaged his collar bone and joins ...": the shared subject
        if tokens[verb].dep in ("aux", "auxpass") and head in kept and any(
            token.dep in CLAUSE_SUBJECT_DEPS and token.head == head
            and (i in replaced or (i in kept and _main_clause_verb(tokens, head)))
            for i, token in enumerate(tokens)
        ):
            return True  # "Desailly , who is now playing": the relative pronoun the noun
            # replaced is the subject of the verb "is" helps; "all the alkali metals ... are
            # known": the main clause's verb and its subject, kept
    return False


def _main_clause_verb(tokens: list[Token], verb: int) -> bool:
    """The verb is the root, or a verb joined to it, and no subordinating word opens its
    clause (not "proving that he could win")."""
    return tokens[verb].dep in ("ROOT", "conj") and not any(
        token.dep == "mark" and token.head == verb for token in tokens
    )


def _clause_reason(sentence: Sentence) -> str:
    """A finite root with a subject, as MinWikiSplit requires of a split."""
    tokens = sentence.tokens
    roots = [i for i, token in enumerate(tokens) if token.head == i and token.pos != "PUNCT"]
    if not roots:
        return "no_finite_verb"
    root = roots[0]
    children = [token for token in tokens if token.head == root and token is not tokens[root]]
    finite = tokens[root].tag in TENSED_TAGS or any(
        child.dep in ("aux", "auxpass") and child.tag in TENSED_TAGS for child in children
    ) or _tensed_auxiliary_on_an_auxiliary(tokens, root) or _past_tense_read_as_participle(
        tokens[root], children
    ) or _present_read_as_base(tokens, root, children) or _present_read_as_plural_noun(
        tokens, root
    ) or _verb_read_as_noun(tokens, root) or _participle_read_as_root(tokens, root, children)
    if not finite:
        return "no_finite_verb"
    auxiliaries = {i for i, token in enumerate(tokens)
                   if token.head == root and token.dep in ("aux", "auxpass")}
    if not any(token.dep in CLAUSE_SUBJECT_DEPS and (token.head == root or token.head in
                                                      auxiliaries) for token in tokens) and not (
        _noun_right_before(tokens, min(auxiliaries | {root})) or _inverted_copula(tokens, root)
    ):
        return "no_subject"  # (the small parser sometimes hangs the subject on the auxiliary)
    words = [token for token in tokens if token.pos != "PUNCT"]
    if words and words[-1].text.lower() == "that" and words[-1].tag in ("IN", "WDT"):
        return "dangling"  # "... when the girls realize that ." (a clause cut off)
    if (
        tokens[0].text.lower() in RELATIVE_STARTS
        and tokens[-1].text != "?"
        and tokens[0].head == root
    ):
        return "subordinate_clause"  # not "Where the defence is an alibi , the presence ...
        # is crucial" (a fronted clause before the main one)
    opening = next((t for t in tokens if t.tag not in ("RB", "RBR", "RBS")), tokens[0])
    if opening.dep == "mark" and opening.head == root and not _main_clause_after_fronted(
        tokens, tokens.index(opening)
    ) and not _quantity_before_a_number(tokens, tokens.index(opening)):
        return "subordinate_clause"  # "Because Kim knew ." / "Only if Kim knew ." (no main clause)
    head = tokens[root]
    if _may_stand_for_a_verb_phrase(head) and not any(
        child.dep in COMPLEMENT_DEPS or child.tag.startswith("VB")
        or (head.lemma == "do" and child.text.lower() == "so")  # "Achilles does so ."
        for child in children
    ):
        return "elliptical"
    if (head.lemma in BARE_LEMMAS or head.lemma in SPEECH_LEMMAS) and all(
        child.pos == "PUNCT" or child.dep in CLAUSE_SUBJECT_DEPS | {"aux", "neg", "cc"}
        for child in children
    ):
        return "elliptical"  # "It was , and is , widely believed" -> "It was ."; "He said ."
        # (not "' We lost , ' he said .": what was said is the verb's)
    return ""


NOUN_OR_PRONOUN_TAGS = NOUN_TAGS | {"PRP"}


def _tensed_auxiliary_on_an_auxiliary(tokens: list[Token], root: int) -> bool:
    """The tensed auxiliary hangs on the root's other auxiliary: "Caecilians have been little
    studied" with "have" on "been" (the small parser does this before an adverb)."""
    return any(
        token.dep in ("aux", "auxpass") and token.tag in TENSED_TAGS
        and tokens[token.head].dep in ("aux", "auxpass") and tokens[token.head].head == root
        for token in tokens
    )


QUANTITY_WORDS = frozenset({"over", "under", "about", "around", "nearly", "almost", "some"})


def _quantity_before_a_number(tokens: list[Token], index: int) -> bool:
    """"Over one third of the world 's workers are employed ...": a word that says how many
    before a number, which the parser read as a subordinating "over"; no clause opens there."""
    return (
        tokens[index].text.lower() in QUANTITY_WORDS
        and index + 1 < len(tokens)
        and tokens[index + 1].tag == "CD"
    )


def _noun_right_before(tokens: list[Token], verb: int) -> bool:
    """The word before the finite verb (adverbs aside) is a noun or pronoun: a subject the
    parser hung on a fronted phrase with no comma ("According to OPEC Algeria has ...",
    "Following the election President Karzai left power ."). A fragment that starts with its
    verb ("Took the title .") or has a number or an adverb there ("In 2012 had ...") has none."""
    before = verb - 1
    while before >= 0 and tokens[before].tag in ("RB", "RBR", "RBS"):
        before -= 1
    if before >= 0 and tokens[before].tag == "JJ":  # "The 31 - year - old bounced back ..."
        return tokens[0].text.lower() == "the" and not any(t.text == "," for t in tokens[:before])
    return before >= 0 and tokens[before].tag in NOUN_OR_PRONOUN_TAGS


def _inverted_copula(tokens: list[Token], root: int) -> bool:
    """"Of primary concern was the pogo oscillation .", "Also unique is its ability ...": a
    fronted predicate and the subject after "be", which the parser reads as its attribute."""
    return (
        tokens[root].lemma == "be"
        and root > 0
        and tokens[0].tag not in TENSED_TAGS
        and any(
            token.head == root and token.dep in ("attr", "nsubj") and token.tag in NOUN_OR_PRONOUN_TAGS
            for token in tokens[root + 1 :]
        )
    )


def _main_clause_after_fronted(tokens: list[Token], mark: int) -> bool:
    """A sentence that opens with a subordinating word the parser hung on its root still has a
    main clause when the words up to the first comma hold no finite verb (a phrase: "Although
    fearing being caught , Nina frames Vasili", "Before Goldman , Reitzel spoke ...") or when
    another finite verb has its own subject and no subordinating word ("If you try it you have
    to remember ..."); "While Rotokas has a small alphabet ." has neither. A subordinating
    word before "then" or "now" is a preposition ("Since then wolves have come back ...")."""
    if mark + 1 < len(tokens) and tokens[mark + 1].text.lower() in ("then", "now"):
        return True
    comma = next((i for i in range(mark + 1, len(tokens)) if tokens[i].text == ","), len(tokens))
    if not any(tokens[i].tag in TENSED_TAGS for i in range(mark + 1, comma)):
        return comma < len(tokens)
    if _past_read_as_participle_after(tokens, comma):
        return True
    marked = {token.head for token in tokens if token.dep == "mark"} | {tokens[mark].head}
    children: list[list[Token]] = [[] for _ in tokens]
    for i, token in enumerate(tokens):
        if token.head != i:
            children[token.head].append(token)
    return any(
        v not in marked
        and verb.dep not in ("relcl", "acl")
        and (verb.tag in TENSED_TAGS or any(
            child.dep in ("aux", "auxpass") and child.tag in TENSED_TAGS for child in children[v]
        ))
        and any(
            child.dep in CLAUSE_SUBJECT_DEPS and child.tag not in ("WDT", "WP", "WP$")
            for child in children[v]
        )
        for v, verb in enumerate(tokens)
    )


PLURAL_PRONOUNS = frozenset({"we", "they", "you", "i"})
PLURAL_DETERMINER_PRONOUNS = frozenset({"these", "those", "some", "many", "both", "few", "several"})
"""Determiners that stand as a plural subject themselves ("Some seek a cure", "Many of its
young people ... leave")."""


def _present_read_as_base(tokens: list[Token], root: int, children: list[Token]) -> bool:
    """A plural present the tagger read as the base form, after its subject: "Distributed
    algorithms divide the problem ." (VB with a plural subject and no auxiliary, or a plural
    determiner standing alone: "Those found at Mount Dajt comprise bone tools"; a singular
    subject keeps it a fault: "The governor restrict meetings .")."""
    if tokens[root].tag != "VB" or any(c.dep in ("aux", "auxpass") for c in children):
        return False
    if root > 0 and tokens[root - 1].tag in ("NNS", "NNPS") and not any(
        t.dep in CLAUSE_SUBJECT_DEPS for t in tokens
    ):  # "Parallel or distributed algorithms collect the results": the subject read as the
        # object of "distributed", a participle taken for a verb
        return True
    return any(
        t.head == root and t.dep in ("nsubj", "nsubjpass") and i < root and (
            t.tag in ("NNS", "NNPS") or t.text.lower() in PLURAL_PRONOUNS
            or t.text.lower() in PLURAL_DETERMINER_PRONOUNS
            or any(c.head == i and c.dep == "conj" for c in tokens)
        )
        for i, t in enumerate(tokens[:root])
    )


def _present_read_as_plural_noun(tokens: list[Token], root: int) -> bool:
    """A present "-s" verb the tagger read as a plural noun, right after the singular noun
    that is its subject ("Nitric acid reacts with ammonia .", "The old body awakens in a
    lab ."): the root is such a word, the noun before it hangs on it (or, second after
    "the", an adjective used as a noun: "The female visits the pools"), and a preposition,
    determiner, particle, adverb or number follows, as after a verb (not "of": "Police
    reports of the fire" is a noun phrase)."""
    return any(_present_read_as_noun_at(tokens, index) for index in _noun_verb_places(tokens, root))


def _noun_verb_places(tokens: list[Token], root: int) -> list[int]:
    """Where a present verb read as a plural noun may stand: the root, or the subject of a
    root participle with no auxiliary ("The cumbersome process results in local jurisdictions
    being unable ...", with "being" read as the root)."""
    places = [root]
    if tokens[root].tag in ("VBG", "VBN") and not any(
        t.head == root and t.dep in ("aux", "auxpass") for t in tokens
    ):
        places += [i for i, t in enumerate(tokens) if t.head == root and t.dep == "nsubj"
                   and i != root]
    return places


def _present_read_as_noun_at(tokens: list[Token], index: int) -> bool:
    token = tokens[index]
    if token.tag != "NNS" or index == 0 or index + 1 >= len(tokens):
        return False
    before, after = tokens[index - 1], tokens[index + 1]
    noun_use = before.tag == "JJ" and index == 2 and tokens[0].text.lower() == "the"
    if before.tag not in ("NN", "NNP") and not noun_use or before.head != index:
        return False
    if after.tag not in ("IN", "DT", "RB", "RP", "TO", "CD") or after.text.lower() == "of":
        return False
    word = token.text.lower()
    return any(
        word in (getInflection(lemma, "VBZ") or ())
        for lemma in getAllLemmas(word).get("VERB", ())
    )


def _participle_read_as_root(tokens: list[Token], root: int, children: list[Token]) -> bool:
    """A participle on the subject that the parser made the root, with the finite verb after
    it hung on it ("The article scheduling Aruba 's independence was rescinded in 1995 .",
    "Other arsenides not conforming to the formula are known"): the root is an -ing word with
    no auxiliary and a subject before it, and a later verb on it, with no subject of its own,
    is tensed or has a tensed auxiliary."""
    if tokens[root].tag != "VBG" or any(c.dep in ("aux", "auxpass") for c in children):
        return False
    on_root = [i for i, t in enumerate(tokens) if t.head == root and i != root]
    if not any(tokens[i].dep in ("nsubj", "nsubjpass") and i < root for i in on_root):
        return False
    for later in (i for i in on_root if i > root and tokens[i].dep in ("conj", "ccomp")):
        own = [t for j, t in enumerate(tokens) if t.head == later and j != later]
        if any(t.dep in CLAUSE_SUBJECT_DEPS for t in own):
            continue
        if tokens[later].tag in TENSED_TAGS or any(
            t.dep in ("aux", "auxpass") and t.tag in TENSED_TAGS for t in own
        ):
            return True
    return False


def _verb_read_as_noun(tokens: list[Token], root: int) -> bool:
    """A present verb the tagger read as a singular noun at the root, after the noun that is
    its subject, when English has it as a verb only ("Ranching and irrigated agriculture
    predominate in the south ."): no noun is spelled so, and a preposition, determiner or
    adverb follows, as after a verb."""
    token = tokens[root]
    if token.tag != "NN" or root == 0 or root + 1 >= len(tokens):
        return False
    if tokens[root - 1].tag not in ("NN", "NNS", "NNP", "NNPS") or tokens[root - 1].head != root:
        return False
    if tokens[root + 1].tag not in ("IN", "DT", "RB", "RP", "TO"):
        return False
    word = token.text.lower()
    lemmas = getAllLemmas(word)
    return "NOUN" not in lemmas and "ADJ" not in lemmas and any(
        word in (getInflection(lemma, "VBP") or ()) for lemma in lemmas.get("VERB", ())
    )


def _past_read_as_participle_after(tokens: list[Token], comma: int) -> bool:
    """After the fronted clause's comma, a noun phrase with "the" and right after it a past in
    "-ed" the parser hung on its noun as a participle: the main clause ("After the module was
    extracted , the combined spacecraft headed for the Moon")."""
    if comma + 1 >= len(tokens) or tokens[comma + 1].tag != "DT":
        return False
    noun = next((i for i in range(comma + 2, len(tokens))
                 if tokens[i].tag not in ("JJ", "VBN", "VBG")), len(tokens))
    if noun + 1 >= len(tokens) or tokens[noun].tag not in NOUN_TAGS:
        return False
    after = tokens[noun + 1]
    return (
        after.tag in ("VBN", "VBD")
        and after.dep == "acl"
        and after.head == noun
        and after.text.lower().endswith("ed")
        and all(t.head == noun for t in tokens[comma + 1 : noun])
    )


def _past_tense_read_as_participle(root: Token, children: list[Token]) -> bool:
    """A past tense the tagger read as a participle: "Rosholt 's first mill burned in 1901 ."
    (VBN, with an active subject and no auxiliary; "-ed" is both forms), or an irregular
    past that is its own participle, with no "by" phrase: "Alpha and beta originally meant ox
    and house" (not "The cup won by Leeds", a phrase)."""
    if (
        root.tag != "VBN"
        or not any(child.dep == "nsubj" for child in children)
        or any(child.dep in ("aux", "auxpass") for child in children)
    ):
        return False
    word = root.text.lower()
    if word.endswith("ed"):
        return True
    return not any(child.dep == "agent" for child in children) and any(
        word in (getInflection(lemma, "VBD") or ()) and word in (getInflection(lemma, "VBN") or ())
        for lemma in getAllLemmas(word).get("VERB", ())
    )


def invented_word(
    generated: Sequence[Sentence], original: Sequence[Sentence], allowed: frozenset[str]
) -> str:
    """"inserted_word" if a generated word is in neither the original nor `allowed`; words are
    compared lower-cased, or by lemma (a verb the rules put in the past)."""
    original_words = {token.text.lower() for s in original for token in s.tokens}
    original_lemmas = {token.lemma.lower() for s in original for token in s.tokens}
    for sentence in generated:
        for token in sentence.tokens:
            word = token.text.lower()
            if (word not in original_words and word not in allowed
                    and token.lemma.lower() not in original_lemmas):
                return "inserted_word"
    return ""


def _dropped_word(
    example: Example, generated: Sequence[Sentence], original: Sequence[Sentence]
) -> str:
    """"dropped_word" if a content word of the original is in neither generated sentence,
    beyond the removed connective and the words of a replaced anaphor ("The 19 - year - old",
    "the Spaniard")."""
    generated_words = {token.text.lower() for s in generated for token in s.tokens}
    generated_lemmas = {token.lemma.lower() for s in generated for token in s.tokens}
    removable = set(example.connective_string.lower().split())
    for sentence in original:
        for token in sentence.tokens:
            word = token.text.lower()
            if (
                token.pos in CONTENT_POS
                and word not in generated_words
                and token.lemma.lower() not in generated_lemmas
                and word not in removable
                and word not in example.replaced_words
            ):
                return "dropped_word"
    return ""
