#!/usr/bin/env python3
"""MirrorBuddy's voice commands through the real server (POST /api/mirrorbuddy/voice), per language:
commands recognised (said on a screen where they mean something, with the student's own subjects and
material titles in the grammar) and phrases that are not commands refused (answered "non ho capito").

Voices and recordings are those of the speech module's benchmark (Benchmarks/speech-italian.py):
espeak-ng's Italian voices (and Festival's, when installed) for Italian; espeak-ng en-us and flite for
English; 0.3 s of pause each side over a -54 dBFS noise floor. Its not-command phrases (the ones the
out-of-grammar threshold was chosen on, "fresh" and "unseen" ones) are the refusal set.

Baseline from the same run: the speech module's own 20-command grammar (speech-italian.py's
commands, POST /api/speech/transcribe?mode=grammar) with the same voices. MirrorBuddy's grammar is
bigger (about 60–140 phrases per screen, with names) so the ratio shows what the bigger, personal
grammar costs.

    swift build --product funzone && python3 Benchmarks/mirrorbuddy-voice.py
"""
import http.cookiejar
import importlib
import json
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).parent))
italian_bench = importlib.import_module("speech-italian")

TITLES = {"it": [("Le frazioni", "matematica"), ("La rivoluzione francese", "storia-geografia"), ("Il ciclo dell'acqua", "scienze-naturali")],
          "en": [("Fractions", "matematica"), ("The French revolution", "storia-geografia"), ("The water cycle", "scienze-naturali")]}

# (phrase, screen, command, what it opens): at least one phrase of every command.
COMMANDS = {
    "it": [("indietro", "subject", "back", None), ("torna indietro", "tasks", "back", None), ("vai a casa", "tasks", "home", None),
           ("impostazioni", "home", "settings", None), ("il mio profilo", "home", "profile", None), ("apri materiali", "home", "materials", None),
           ("i miei compiti", "home", "tasks", None), ("nuovo materiale", "home", "newMaterial", None), ("cerca materiali", "materials", "search", None),
           ("inizia a studiare", "material", "startStudy", None), ("ripassa flashcard", "material", "flashcards", None),
           ("mappa mentale", "material", "mindMap", None), ("attiva modalità dislessia", "settings", "dyslexiaOn", None),
           ("disattiva dislessia", "home", "dyslexiaOff", None), ("testo più grande", "material", "biggerText", None),
           ("testo più piccolo", "material", "smallerText", None), ("leggi", "material", "read", None),
           ("leggi questa pagina", "material", "read", None), ("ferma lettura", "material", "stopReading", None),
           ("basta", "material", "stopReading", None), ("pausa", "material", "pause", None), ("riprendi", "material", "resume", None),
           ("aggiorna", "home", "refresh", None), ("chiudi", "settings", "close", None), ("aiuto", "home", "help", None),
           ("cosa posso dire", "material", "help", None), ("apri ultimo materiale", "home", "openLatestMaterial", "Il ciclo dell'acqua"),
           ("apri ultimo materiale di matematica", "home", "openLatestMaterial", "Le frazioni"),
           ("apri materiale la rivoluzione francese", "materials", "openMaterial", "La rivoluzione francese"),
           ("apri matematica", "home", "openSubject", "matematica"), ("apri storia e geografia", "home", "openSubject", "storia-geografia"),
           ("vai a italiano", "tasks", "openSubject", "italiano"), ("mostrami scienze", "home", "openSubject", "scienze-naturali"),
           ("aggiungi compito", "tasks", "addTask", None), ("aggiungi compito per domani", "home", "addTask", "tomorrow"),
           ("aggiungi compito di storia", "tasks", "addTask", "storia-geografia")],
    "en": [("go back", "subject", "back", None), ("back", "tasks", "back", None), ("go home", "tasks", "home", None),
           ("open settings", "home", "settings", None), ("my profile", "home", "profile", None), ("open materials", "home", "materials", None),
           ("my tasks", "home", "tasks", None), ("new material", "home", "newMaterial", None), ("search", "materials", "search", None),
           ("start studying", "material", "startStudy", None), ("review flashcards", "material", "flashcards", None),
           ("mind map", "material", "mindMap", None), ("dyslexia mode on", "settings", "dyslexiaOn", None),
           ("dyslexia mode off", "home", "dyslexiaOff", None), ("bigger text", "material", "biggerText", None),
           ("smaller text", "material", "smallerText", None), ("read", "material", "read", None),
           ("read this page", "material", "read", None), ("stop reading", "material", "stopReading", None),
           ("pause", "material", "pause", None), ("resume", "material", "resume", None), ("refresh", "home", "refresh", None),
           ("close", "settings", "close", None), ("help", "home", "help", None), ("what can i say", "material", "help", None),
           ("open last material", "home", "openLatestMaterial", "The water cycle"),
           ("last material of math", "home", "openLatestMaterial", "Fractions"),
           ("open material the french revolution", "materials", "openMaterial", "The French revolution"),
           ("open math", "home", "openSubject", "matematica"), ("open history and geography", "home", "openSubject", "storia-geografia"),
           ("go to italian", "tasks", "openSubject", "italiano"), ("show me science", "home", "openSubject", "scienze-naturali"),
           ("add task", "tasks", "addTask", None), ("add task for tomorrow", "home", "addTask", "tomorrow"),
           ("add task for history", "tasks", "addTask", "storia-geografia")],
}
NOT_COMMANDS = {
    "it": italian_bench.NOT_COMMANDS + italian_bench.FRESH_NOT_COMMANDS_IT + italian_bench.UNSEEN_NOT_COMMANDS_IT,
    "en": italian_bench.FRESH_NOT_COMMANDS_EN + italian_bench.UNSEEN_NOT_COMMANDS_EN,
}
NOT_COMMAND_SCREENS = ["home", "material", "materials"]


class Student:
    """A family with one student whose MirrorBuddy speaks `language`, with three materials."""

    def __init__(self, url, language, index):
        self.url = url
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.token = json.load(self.opener.open(url + "/api/session"))["csrfToken"]
        session = self.call("POST", "/api/setup", {"familyName": f"Voce {index}", "parentName": "Ada",
                                                   "email": f"voice{index}@example.org", "password": "correct horse battery"})
        self.token = session.get("csrfToken", self.token)
        child = self.call("POST", "/api/parent/children", {"name": "Mario", "grade": 8, "avatar": "🦊"})
        self.call("POST", "/api/kids/select", {"childId": child["id"]})
        settings = self.call("GET", "/api/mirrorbuddy/settings")
        settings["language"] = language
        self.call("PUT", "/api/mirrorbuddy/settings", settings)
        self.ids = {}
        for title, subject in TITLES[language]:
            made = self.call("POST", "/api/mirrorbuddy/materials", {"title": title, "subjectId": subject, "language": language,
                                                                   "text": f"{title}. Una pagina di prova per il benchmark."})
            self.ids[title] = made["id"]

    def call(self, method, path, body=None, raw=None, kind="application/json"):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(self.url + path, data=data, method=method, headers={"Content-Type": kind, "X-CSRF-Token": self.token})
        try:
            return json.load(self.opener.open(request))
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"{method} {path[:80]}: {error.code} {error.read()[:300]}") from None

    def command(self, wav, screen):
        return self.call("POST", f"/api/mirrorbuddy/voice?screen={screen}", raw=wav, kind="audio/wav")

    def generic(self, wav, language, commands):
        query = f"?mode=grammar&language={language}&grammar=" + urllib.parse.quote(italian_bench.grammar(commands))
        return self.call("POST", "/api/speech/transcribe" + query, raw=wav, kind="audio/wav")


def right(answer, command, opens, student):
    if answer["command"] != command:
        return False
    if opens is None:
        return True
    return opens in (answer.get("subjectId"), answer.get("day"),
                     next((t for t, i in student.ids.items() if i == answer.get("materialId")), None))


def main():
    from conftest import launch
    folder = Path(tempfile.mkdtemp(prefix="mirrorbuddy-voice-"))
    url, stop = launch(["--open-signup"])
    try:
        # Each family may send 120 recordings a minute: the clips are shared out over 8 per language.
        students = [Student(url, language, index) for index, language in enumerate(["it", "en"] * 8)]
        by_language = {"it": students[0::2], "en": students[1::2]}
        ratios = {}
        for language in ["it", "en"]:
            italian = language == "it"
            name = "Italian" if italian else "English"
            mine = by_language[language]
            clips = italian_bench.recordings(folder, [c[0] for c in COMMANDS[language]], italian)
            expected = {c[0]: c for c in COMMANDS[language]}
            heard, wrong = 0, defaultdict(int)
            for index, (family, voice, text, wav, _) in enumerate(clips):
                _, screen, command, opens = expected[text]
                student = mine[index % len(mine)]
                answer = student.command(wav, screen)
                if right(answer, command, opens, student):
                    heard += 1
                else:
                    wrong[(text, answer["heard"] or "(refused)")] += 1
            rate = heard / len(clips)
            print(f"{name} commands recognised: {heard}/{len(clips)} = {rate:.1%} "
                  f"({len(COMMANDS[language])} phrases × {len(clips) // len(COMMANDS[language])} voices)")
            if wrong:
                print("  wrong: " + ", ".join(f"{said} → {got} ×{n}" for (said, got), n in sorted(wrong.items())))

            generic_commands = italian_bench.ITALIAN if italian else italian_bench.ENGLISH
            generic_clips = italian_bench.recordings(folder, generic_commands, italian)
            generic_right = sum(mine[index % len(mine)].generic(wav, language, generic_commands)["text"] == text
                                for index, (_, _, text, wav, _) in enumerate(generic_clips))
            generic_rate = generic_right / len(generic_clips)
            ratios[language] = rate / generic_rate if generic_rate else float("nan")
            print(f"{name} baseline, the speech module's 20-command grammar: {generic_right}/{len(generic_clips)} = {generic_rate:.1%}; "
                  f"ratio MirrorBuddy / baseline: {ratios[language]:.3f}")

            others = italian_bench.recordings(folder, NOT_COMMANDS[language], italian)
            taken, examples = 0, defaultdict(int)
            for index, (_, _, text, wav, _) in enumerate(others):
                answer = mine[index % len(mine)].command(wav, NOT_COMMAND_SCREENS[index % len(NOT_COMMAND_SCREENS)])
                if answer["command"] is not None:
                    taken += 1
                    examples[(text, answer["heard"])] += 1
            generic_taken = sum(mine[index % len(mine)].generic(wav, language, generic_commands)["text"] != ""
                                for index, (_, _, _, wav, _) in enumerate(others))
            refused, generic_refused = (len(others) - taken) / len(others), (len(others) - generic_taken) / len(others)
            print(f"{name} not-commands refused: {len(others) - taken}/{len(others)} = {refused:.1%}; baseline (20-command grammar) "
                  f"{generic_refused:.1%}; ratio {refused / generic_refused:.3f}")
            if examples:
                print("  taken as a command: " + ", ".join(f"{text} → {said} ×{n}" for (text, said), n in sorted(examples.items())))
    finally:
        stop()


if __name__ == "__main__":
    main()
