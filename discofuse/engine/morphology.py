"""The morphology unfusion needs: verb inflection, forms of "be", and sentence clean-up.

Inflection comes from lemminflect (no hand-written suffix rules). `finish_sentence` applies the
orthography every output sentence must have: a capital first word, the old first word lower-cased
unless it is a name, no stray commas, and exactly one final punctuation mark.
"""

from __future__ import annotations

from lemminflect import getInflection, getLemma

from discofuse.document import Token
from discofuse.engine.state import Item
from discofuse.labels import FINITE_TAGS, PROPER_NOUN_TAGS, QUOTE_MARKS

FINAL_PUNCTUATION = frozenset({".", "!", "?"})
CLOSING = frozenset({"''", '"', "'", ")", "-RRB-", "]"})
STRAY = frozenset({",", ";", ":", "--", "-"})


def ends_with_its_own_stop(word: str) -> bool:
    """An abbreviation whose period ends the sentence too ("... returned to the U.S.", "Mina
    Group Inc."): English writes one stop there, not "U.S. ." (raters marked the doubled stop)."""
    return len(word) > 1 and word.endswith(".") and word[-2].isalpha()


def inflect(token: Token, text: str, tag: str = "VBD") -> str:
    """The verb in the form of Penn tag `tag` ("Stating" -> "stated" for VBD, "states" for VBZ),
    keeping an all-caps word as it was."""
    lemmas = getLemma(text.lower(), upos="VERB")  # the tagger's lemma can be off ("hoping"->"hop")
    lemma = lemmas[0] if lemmas else (token.lemma or text)
    forms = getInflection(lemma.lower(), tag=tag)
    if not forms:
        return text
    form = forms[0]
    return form.upper() if text.isupper() and len(text) > 1 else form


def finite_tag(token: Token) -> str | None:
    """The finite verb tag a word gives its clause (VBD, VBZ, VBP), or None (a modal, an
    infinitive, a participle)."""
    if token.tag in FINITE_TAGS:
        return token.tag
    return "VBD" if is_past(token) else None


def is_plural(token: Token) -> bool:
    return token.tag in ("NNS", "NNPS") or "Number=Plur" in token.morph


def is_past(token: Token) -> bool:
    return token.tag == "VBD" or "Tense=Past" in token.morph and token.tag != "VBN"


def be_form(plural: bool, past: bool) -> str:
    if past:
        return "were" if plural else "was"
    return "are" if plural else "is"


def _keeps_case(item: Item) -> bool:
    token = item.token
    if item.text == "I" or item.text.isupper() and len(item.text) > 1:
        return True
    return token is not None and (token.tag in PROPER_NOUN_TAGS or bool(token.ent_type))


def _capitalize(text: str) -> str:
    return text[:1].upper() + text[1:]


def _adjacent_in_source(before: Item, after: Item) -> bool:
    """Two marks the source writes next to each other ("( ; , Alexikakos"): the text's own,
    which the rule did not bring together, so not a doubled mark to drop."""
    return (
        before.token is not None
        and after.token is not None
        and before.sentence == after.sentence
        and before.index + 1 == after.index
    )


def finish_sentence(items: list[Item]) -> tuple[list[Item], list[str]]:
    """The sentence with clean orthography, and a note for each change made."""
    notes: list[str] = []
    items = list(items)
    while items and items[0].text in STRAY:
        notes.append(f"drop leading {items.pop(0).text!r}")
    cleaned: list[Item] = []
    for item in items:
        if item.text == "," and cleaned and cleaned[-1].text in STRAY and not _adjacent_in_source(
            cleaned[-1], item
        ):
            notes.append("drop doubled comma")
            continue
        if item.text in FINAL_PUNCTUATION and cleaned and cleaned[-1].text in STRAY:
            notes.append(f"drop {cleaned.pop().text!r} before final punctuation")
        cleaned.append(item)
    items = cleaned
    while items and items[-1].text in STRAY:
        notes.append(f"drop trailing {items.pop().text!r}")
    if not items:
        return items, notes
    end = len(items)
    while end > 0 and items[end - 1].text in CLOSING:
        end -= 1
    if end == 0 or (
        items[end - 1].text not in FINAL_PUNCTUATION
        and not (end == len(items) and ends_with_its_own_stop(items[end - 1].text))
    ):
        items.append(Item(text="."))
        notes.append("add final '.'")
    else:
        while end > 1 and items[end - 2].text in FINAL_PUNCTUATION:
            notes.append(f"drop extra {items.pop(end - 2).text!r}")
            end -= 1
    opening = 1 if len(items) > 1 and items[0].text in QUOTE_MARKS else 0
    for position, item in enumerate(items):
        was_first = item.token is not None and item.index == 0
        if position == opening:  # the first word, after an opening quote ("' it is almost
            # impossible ..." once "and" is gone)
            if item.text != _capitalize(item.text):
                items[position] = item.with_text(_capitalize(item.text))
                notes.append(f"capitalize {item.text!r}")
        elif was_first and not _keeps_case(item) and item.text != item.text.lower():
            items[position] = item.with_text(item.text.lower())
            notes.append(f"lower-case {item.text!r}")
    return items, notes
