"""The canonical dependency labels rules are written in, and the mapping from Universal Dependencies.

Canonical labels are spaCy's English (ClearNLP-style) labels, as produced by en_core_web_sm. Input
parsed to Universal Dependencies (Stanza, UDPipe, any CoNLL-U) is mapped onto them so a rule sees
the same label for the same construction whichever parser ran:

| UD label                    | canonical   | note                                               |
|-----------------------------|-------------|----------------------------------------------------|
| root                        | ROOT        |                                                    |
| nsubj:pass                  | nsubjpass   |                                                    |
| csubj:pass                  | csubjpass   |                                                    |
| aux:pass                    | auxpass     |                                                    |
| obj                         | dobj        |                                                    |
| iobj                        | dative      |                                                    |
| obl, nmod, obl:agent        | pobj        | UD hangs the noun on the verb; ClearNLP on "prep"  |
| obl:tmod, obl:npmod, nmod:tmod, nmod:npmod, vocative | npadvmod |                                 |
| nmod:poss                   | poss        |                                                    |
| acl:relcl                   | relcl       |                                                    |
| case                        | case for POS (possessive 's), else prep |                        |
| cop                         | aux         | ClearNLP makes the copula the head; UD does not    |
| compound:prt                | prt         |                                                    |
| flat, flat:name, fixed      | compound    |                                                    |
| det:predet                  | predet      |                                                    |
| cc:preconj                  | preconj     |                                                    |
| advmod with lemma not/never | neg         |                                                    |
| discourse                   | intj        |                                                    |
| list, orphan, goeswith, reparandum, dislocated | dep |                                           |

Labels that exist in both schemes (nsubj, csubj, advcl, advmod, amod, appos, aux, cc, ccomp, conj,
det, expl, mark, nummod, parataxis, punct, xcomp, acl, compound, dep) map to themselves. Any other
subtyped label `x:y` falls back to the mapping of `x`. Only labels are mapped; where the two schemes
attach words differently (copulas, prepositions) the tree shape stays the parser's.
"""

from __future__ import annotations

CANONICAL_LABELS = frozenset(
    """ROOT acl acomp advcl advmod agent amod appos attr aux auxpass case cc ccomp compound conj
    csubj csubjpass dative dep det dobj expl intj mark meta neg nmod npadvmod nsubj nsubjpass
    nummod oprd parataxis pcomp pobj poss preconj predet prep prt punct quantmod relcl xcomp""".split()
)

UD_TO_CANONICAL = {
    "root": "ROOT",
    "nsubj:pass": "nsubjpass",
    "csubj:pass": "csubjpass",
    "aux:pass": "auxpass",
    "obj": "dobj",
    "iobj": "dative",
    "obl": "pobj",
    "nmod": "pobj",
    "obl:agent": "pobj",
    "obl:tmod": "npadvmod",
    "obl:npmod": "npadvmod",
    "nmod:tmod": "npadvmod",
    "nmod:npmod": "npadvmod",
    "vocative": "npadvmod",
    "nmod:poss": "poss",
    "acl:relcl": "relcl",
    "cop": "aux",
    "compound:prt": "prt",
    "flat": "compound",
    "fixed": "compound",
    "det:predet": "predet",
    "cc:preconj": "preconj",
    "discourse": "intj",
    "list": "dep",
    "orphan": "dep",
    "goeswith": "dep",
    "reparandum": "dep",
    "dislocated": "dep",
}

NEGATION_LEMMAS = frozenset({"not", "n't", "never"})


def ud_to_canonical(label: str, xpos: str = "", lemma: str = "") -> str:
    """Map one UD relation (with the word's PTB tag and lemma) to the canonical label."""
    label = label.strip()
    if label == "case":
        return "case" if xpos == "POS" else "prep"
    if label == "advmod" and lemma.lower() in NEGATION_LEMMAS:
        return "neg"
    if label in UD_TO_CANONICAL:
        return UD_TO_CANONICAL[label]
    if label in CANONICAL_LABELS:
        return label
    base = label.split(":", 1)[0]
    if base != label:
        return ud_to_canonical(base, xpos, lemma)
    return "dep"


FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP"})
"""A verb form with tense and person of its own."""

TENSED_TAGS = FINITE_TAGS | {"MD"}
"""A finite verb or a modal: what makes a clause."""

PTB_TAGS = frozenset(
    """$ '' , -LRB- -RRB- . : ADD AFX CC CD DT EX FW HYPH IN JJ JJR JJS LS MD NFP NN NNP NNPS NNS PDT
    POS PRP PRP$ RB RBR RBS RP SYM TO UH VB VBD VBG VBN VBP VBZ WDT WP WP$ WRB XX _SP ``""".split()
)
"""The PTB tag set of en_core_web_sm's tagger: what `tag` conditions in rules may name."""

UPOS_TAGS = frozenset(
    """ADJ ADP ADV AUX CCONJ DET INTJ NOUN NUM PART PRON PROPN PUNCT SCONJ SYM VERB X SPACE""".split()
)
"""Universal POS tags (and spaCy's SPACE): what `pos` conditions in rules may name."""
ENTITY_TYPES = frozenset(
    """PERSON NORP FAC ORG GPE LOC PRODUCT EVENT WORK_OF_ART LAW LANGUAGE DATE TIME PERCENT MONEY
    QUANTITY ORDINAL CARDINAL""".split()
)
"""The OntoNotes entity types of en_core_web_sm: what `ent` conditions in rules may name."""

PRONOUN_TAGS = frozenset({"PRP", "PRP$", "WP", "WP$"})
PROPER_NOUN_TAGS = frozenset({"NNP", "NNPS"})
NOUN_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS"})
NOUN_PHRASE_LEFT_DEPS = frozenset(
    {"det", "poss", "compound", "amod", "nummod", "nmod", "quantmod", "predet", "case"}
)
"""Dependents before a noun that belong to its mention span ("the old mill", "Ruiz 's coach")."""

SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
DEFINITE_DETERMINERS = frozenset({"the", "this", "these", "that", "those"})

PRONOUN_GROUPS = {
    **dict.fromkeys(("he", "him", "his", "himself"), "he"),
    **dict.fromkeys(("she", "her", "hers", "herself"), "she"),
    **dict.fromkeys(("it", "its", "itself"), "it"),
    **dict.fromkeys(("they", "them", "their", "theirs", "themselves"), "they"),
}
"""Third-person pronouns by group (he, she, it, they): the pronouns coreference resolves and
rules replace."""

NOT_REFERRING_ENTITIES = frozenset(
    {"DATE", "TIME", "MONEY", "PERCENT", "QUANTITY", "CARDINAL", "ORDINAL"}
)
"""Entity types whose names are not entities a later mention refers back to ("May", "1990")."""
PLACE_AND_THING_ENTITIES = frozenset({"GPE", "LOC", "FAC", "NORP", "EVENT", "PRODUCT",
                                      "WORK_OF_ART", "LAW", "LANGUAGE"})
"""Entity types of names that are not people: no he/she stands for them."""
MISTYPED_PERSON_ENTITIES = frozenset({"GPE", "LOC", "FAC"})
"""Of those, the types the small model gives many unfamiliar surnames and first names
("Giffords", "Hilkka", "Metaxas"): a he/she may still stand for such a name when nothing else
before it may be a person (`PronounResolver.mistyped_person`)."""
QUOTES = frozenset({'"', "``", "''"})
"""Double quotation marks; a lone "'" may be an apostrophe, a quotation mark or a prime."""
QUOTE_MARKS = QUOTES | {"'"}
"""Any quotation mark, the lone "'" included (news text and DiscoFuse's own rows quote with it):
for counting quotes opened and closed in a sentence."""

COURTESY_TITLES = frozenset({
    "mr", "mr.", "mrs", "mrs.", "ms", "ms.", "miss", "dr", "dr.", "sir", "dame",
})
"""Titles a person's name keeps in a replacement: "Mrs. William Hastings" is not her husband,
and "Sir Alex Ferguson" is the name he goes by."""

MASCULINE_NOUNS = frozenset({
    "man", "men", "boy", "father", "son", "brother", "husband", "uncle", "nephew", "king",
    "prince", "duke", "lord", "gentleman", "grandfather", "grandson", "actor", "monk", "priest",
    "bishop", "pope", "emperor", "sultan", "chairman", "sportsman", "businessman", "boyfriend",
    "widower", "stepfather", "dad", "groom", "bridegroom", "baron", "count", "earl", "knight",
    "dutchman", "frenchman", "englishman", "irishman", "scotsman", "welshman",
})
FEMININE_NOUNS = frozenset({
    "woman", "women", "girl", "mother", "daughter", "sister", "wife", "aunt", "niece", "queen",
    "princess", "duchess", "lady", "grandmother", "granddaughter", "actress", "nun", "empress",
    "chairwoman", "sportswoman", "businesswoman", "girlfriend", "widow", "stepmother", "mum",
    "mom", "bride", "baroness", "countess", "heroine", "waitress", "hostess", "mistress",
})
PERSON_NOUNS = MASCULINE_NOUNS | FEMININE_NOUNS | frozenset({
    "athlete", "boss", "boxer", "captain", "champion", "coach", "cyclist", "defender",
    "driver", "flanker", "forward", "full-back", "fly-half", "goalkeeper", "golfer", "hooker",
    "hurdler", "international", "keeper", "manager", "midfielder", "player", "runner",
    "scrum-half", "skipper", "sprinter", "star", "striker", "swimmer", "teenager", "veteran",
    "winger", "youngster", "singer", "writer", "author", "poet", "painter", "politician",
    "leader", "president", "minister", "senator", "general", "officer", "director",
    "composer", "architect", "scientist", "explorer", "musician", "artist", "secretary",
    "justice", "colonel", "dean", "sheriff", "marshal", "pharaoh", "cardinal", "archbishop",
    "abbot", "vicar", "rabbi", "imam", "user", "worker",
})
"""Lemmas of nouns that name a person (by sex or by role: "the midfielder", "the veteran"):
what he/she may be replaced by and what an epithet is headed by."""
ORGANISATION_NOUNS = frozenset({
    "club", "side", "team", "hosts", "visitors", "champions", "holders", "province", "county",
    "company", "firm", "band", "group", "pack", "squad", "organisation", "organization",
    "federation", "association",
})
"""Nouns that name a team or an organisation by its role ("the hosts", "the Irish province")."""
COLLECTIVE_NOUNS = ORGANISATION_NOUNS | frozenset({
    "family", "crew", "audience", "staff", "party", "government", "committee", "board",
    "army", "police", "council", "couple", "public", "crowd", "jury", "management", "media",
    "navy", "population", "society", "union", "agency", "ministry", "department", "church",
    "school", "university", "college",
})
"""Nouns for a group of people: "it" or "they" may stand for them, never "he" or "she"."""
PEOPLE_NOUNS = frozenset({
    "people", "person", "human", "official", "authority", "fan", "local", "troop", "rebel",
    "ally", "opponent", "colleague", "follower", "refugee", "enemy", "friend", "native",
    "victim", "guest", "spectator", "viewer", "reader", "customer", "client", "patient",
    "tourist", "pilgrim", "immigrant", "colonist", "peasant", "noble", "elite", "clergy",
    "believer", "christian", "muslim", "jew", "pagan", "catholic", "protestant", "activist",
    "protester", "insurgent", "militant", "pirate", "invader", "ancestor", "descendant",
    "sibling", "twin", "cousin", "tribe", "clan", "majority", "minority", "delegate",
    "representative", "partner", "sponsor", "investor", "shareholder", "adult", "youth", "kid",
    "baby", "infant", "elder", "rookie", "recruit", "volunteer", "personnel", "employee",
    "animal", "creature", "mammal", "bird",
})
"""Lemmas of plural-prone nouns for people (and animals) that `PERSON_NOUNS` leaves out
because they give no gender or role for he/she: what may be the subject of a `MIND_VERBS`."""
MIND_VERBS = frozenset({
    "believe", "think", "want", "hope", "decide", "wish", "intend", "realise", "realize",
    "remember", "vow", "pledge", "promise", "worry", "wonder", "regret", "doubt", "suspect",
    "resent",
})
"""Lemmas of verbs whose subject has a mind: a person or a group of people ("the Greeks ...
because they believed"), never a thing ("standard types"). Verbs that texts also give to
studies and reports ("say", "argue", "suggest", "show") are not among them."""

COORDINATORS = frozenset({"and", "but", "or", "so", "yet", "nor"})
"""Coordinating conjunctions, lower-cased."""
