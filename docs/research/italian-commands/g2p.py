"""Rule-based Italian grapheme-to-phoneme conversion into the CMU phone set of the pocketsphinx
en-us acoustic model, for pronunciation dictionaries of small Italian command grammars.

Measured choice (see README.md): a->AA, e->EY, i->IY, o->OW, u->UW, one pronunciation per word.
Input: one lowercase or mixed-case Italian word, UTF-8, accents allowed (più, sì, perché).
Output: list of CMU phones (no stress digits, as in pocketsphinx's cmudict-en-us.dict).
Dictionary keys should be the word without accents ("piu", "si"): see ascii_key().
"""
import unicodedata

VOWEL_PHONE = {"a": "AA", "e": "EY", "i": "IY", "o": "OW", "u": "UW"}
ACCENTED = {"à": "a", "á": "a", "è": "e", "é": "e", "ì": "i", "í": "i", "î": "i",
            "ò": "o", "ó": "o", "ù": "u", "ú": "u"}
PLAIN = {"b": "B", "d": "D", "f": "F", "l": "L", "m": "M", "n": "N", "p": "P", "r": "R",
         "t": "T", "v": "V", "k": "K", "w": "W", "j": "Y"}
VOICED_AFTER_S = "bdgvlmnr"   # s before a voiced consonant is Z (sbaglio, smetti)


def italian_to_cmu(word):
    w = word.lower()
    let = [ACCENTED.get(ch, ch) for ch in w]     # letters without accents
    acc = [ch in ACCENTED for ch in w]           # written accent = stressed vowel (never a glide)
    n = len(let)

    def at(k):                                   # letter at k, "" outside the word
        return let[k] if 0 <= k < n else ""

    def vowel(k):
        return at(k) != "" and at(k) in VOWEL_PHONE

    def silent_i(k):                             # the i of cia/gio/sciu... (not ì): silent
        return at(k) == "i" and not acc[k] and vowel(k + 1)

    out = []
    k = 0
    while k < n:
        c, nx = at(k), at(k + 1)
        if not vowel(k) and c == nx:             # double consonant: one phone (cc/gg: the second decides)
            k += 1
        elif c == "h":                           # h is silent
            k += 1
        elif c in "cg":
            soft, hard = ("CH", "K") if c == "c" else ("JH", "G")
            if nx == "h":                        # che, chi, ghe, ghi: hard
                out.append(hard); k += 2
            elif c == "g" and nx == "n":         # gn = N Y (significa, ogni)
                out += ["N", "Y"]; k += 2
            elif c == "g" and nx == "l" and at(k + 2) == "i":   # gli = L Y, its i silent before a vowel
                out += ["L", "Y"]; k += 3 if silent_i(k + 2) else 2
            elif nx in ("e", "i"):               # ce ci ge gi: soft
                out.append(soft); k += 2 if silent_i(k + 1) else 1
            else:
                out.append(hard); k += 1
        elif c == "s" and nx == "c" and at(k + 2) in ("e", "i"):  # sce sci = SH
            out.append("SH"); k += 3 if silent_i(k + 2) else 2
        elif c == "s":                           # intervocalic or before a voiced consonant: Z
            voiced = (nx != "" and nx in VOICED_AFTER_S) or (vowel(k - 1) and vowel(k + 1))
            out.append("Z" if voiced else "S"); k += 1
        elif c == "q":                           # qu = K W
            out.append("K"); k += 1
            if nx == "u":
                out.append("W"); k += 1
        elif c == "z":                           # word-initial z voiced (zaino), else T S (pizza, grazie)
            out += ["D", "Z"] if k == 0 else ["T", "S"]; k += 1
        elif c == "x":
            out += ["K", "S"]; k += 1
        elif c == "y":
            out.append("IY"); k += 1
        elif c in PLAIN:
            out.append(PLAIN[c]); k += 1
        elif vowel(k):
            if c in "iu" and not acc[k] and vowel(k + 1):   # unstressed i/u before a vowel: glide
                out.append("Y" if c == "i" else "W")
            else:
                out.append(VOWEL_PHONE[c])
            k += 1
        else:                                    # apostrophe, hyphen, anything else
            k += 1
    return out


def ascii_key(word):
    """Dictionary/grammar token for a word: lowercase, accents removed (più -> piu)."""
    return "".join(ch for ch in unicodedata.normalize("NFD", word.lower())
                   if unicodedata.category(ch) != "Mn")


def dictionary_lines(phrases):
    """pocketsphinx dictionary lines for every word of the given phrases."""
    words = sorted({ascii_key(w): w for p in phrases for w in p.split()}.items())
    return [f"{key} {' '.join(italian_to_cmu(w))}" for key, w in words]


TESTS = [
    # the MirrorBuddy commands
    ("leggi", "L EY JH IY"),
    ("ripeti", "R IY P EY T IY"),
    ("più", "P Y UW"),
    ("lento", "L EY N T OW"),
    ("veloce", "V EY L OW CH EY"),
    ("fermati", "F EY R M AA T IY"),
    ("continua", "K OW N T IY N W AA"),
    ("avanti", "AA V AA N T IY"),
    ("indietro", "IY N D Y EY T R OW"),
    ("aiuto", "AA Y UW T OW"),
    ("sì", "S IY"),
    ("no", "N OW"),
    ("pausa", "P AA UW Z AA"),
    ("ricomincia", "R IY K OW M IY N CH AA"),
    ("spiega", "S P Y EY G AA"),
    ("che", "K EY"),
    ("cosa", "K OW Z AA"),
    ("significa", "S IY N Y IY F IY K AA"),
    ("ancora", "AA N K OW R AA"),
    ("basta", "B AA S T AA"),
    ("apri", "AA P R IY"),
    ("il", "IY L"),
    ("quaderno", "K W AA D EY R N OW"),
    ("nuova", "N W OW V AA"),
    ("parola", "P AA R OW L AA"),
    ("ho", "OW"),
    ("finito", "F IY N IY T OW"),
    # the other rules
    ("gli", "L Y IY"),
    ("figlio", "F IY L Y OW"),
    ("ogni", "OW N Y IY"),
    ("pesce", "P EY SH EY"),
    ("scienza", "SH EY N T S AA"),
    ("lasciare", "L AA SH AA R EY"),
    ("ghiaccio", "G Y AA CH OW"),
    ("giallo", "JH AA L OW"),
    ("chiesa", "K Y EY Z AA"),
    ("schiena", "S K Y EY N AA"),
    ("sbaglio", "Z B AA L Y OW"),
    ("qualche", "K W AA L K EY"),
    ("buongiorno", "B W OW N JH OW R N OW"),
    ("piace", "P Y AA CH EY"),
    ("zaino", "D Z AA IY N OW"),
    ("pizza", "P IY T S AA"),
    ("grazie", "G R AA T S Y EY"),
    ("perché", "P EY R K EY"),
    ("città", "CH IY T AA"),
    ("rosso", "R OW S OW"),
    ("taxi", "T AA K S IY"),
]

if __name__ == "__main__":
    bad = [(w, " ".join(italian_to_cmu(w)), want) for w, want in TESTS if " ".join(italian_to_cmu(w)) != want]
    for w, got, want in bad:
        print(f"FAIL {w}: {got} (want {want})")
    print(f"{len(TESTS) - len(bad)}/{len(TESTS)} ok")
