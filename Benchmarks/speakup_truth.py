"""What SpeakUp's labelled set and its accuracy benchmark share: 16 kHz WAV input and output, flite segments with
the time of every word, and the truth figures computed the way the contract defines the analyser's.

Word times inside a flite segment come from flite itself (-psdur prints each phone's end time); which phones
belong to which word comes from a second run of the same text with a comma between every word (flite then puts a
pause between words, so its phone list splits at each one). Segments are trimmed to their first and last sound,
so the silence between two segments of a take is exactly the gap the generator put there."""
import array
import functools
import math
import re
import subprocess
import tempfile
import wave
from pathlib import Path

RATE = 16_000
VOICES = ["kal16", "awb", "rms", "slt"]
# Trimming threshold for flite output: its pauses hold tiny values (|x| < 100), its quietest sounds are louder.
TRIM_DBFS = -50.0
TRIM_WINDOW = 80  # 5 ms
WORD = re.compile(r"[a-z']+")


def run(command):
    """Runs a tool (arguments, never a shell) and returns its standard output."""
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def words_of(text):
    """The words flite and a recogniser see in `text`: lower case, punctuation dropped, apostrophes kept."""
    return WORD.findall(text.lower())


def read_wav(path):
    """The samples of a 16 kHz mono 16-bit WAV (what every file of the set is)."""
    with wave.open(str(path)) as w:
        if (w.getframerate(), w.getnchannels(), w.getsampwidth()) != (RATE, 1, 2):
            raise ValueError(f"{path}: not 16 kHz mono 16-bit")
        samples = array.array("h")
        samples.frombytes(w.readframes(w.getnframes()))
        return samples


def write_wav(path, samples):
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(samples.tobytes())


def speech_format(path):
    """Converts a WAV in place to 16 kHz mono 16-bit with sox -R (no random dither: repeatable) unless it already is."""
    with wave.open(str(path)) as w:
        if (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (RATE, 1, 2):
            return
    converted = Path(str(path) + ".16k.wav")
    run(["sox", "-R", str(path), "-r", str(RATE), "-c", "1", "-b", "16", str(converted)])
    converted.replace(path)


def level_dbfs(samples, start, end):
    """RMS level of samples[start:end] in dBFS (full-scale sine = -3.01)."""
    count = max(1, end - start)
    square = sum(x * x for x in samples[start:end]) / count
    return 10 * math.log10(square / 32768 ** 2) if square > 0 else -120.0


def sound_bounds(samples):
    """First and last sample of sound: the outermost 5 ms windows above TRIM_DBFS (None if all silent)."""
    windows = range(0, len(samples), TRIM_WINDOW)
    first = next((i for i in windows if level_dbfs(samples, i, i + TRIM_WINDOW) > TRIM_DBFS), None)
    if first is None:
        return None
    last = next(i for i in reversed(windows) if level_dbfs(samples, i, i + TRIM_WINDOW) > TRIM_DBFS)
    return first, min(len(samples), last + TRIM_WINDOW)


def phones(text, voice, stretch=1.0, wav=None):
    """flite's phones for `text` as (name, end seconds); synthesises to `wav` when given."""
    output = run(["flite", "-voice", voice, "--setf", f"duration_stretch={stretch:.3f}", "-psdur", "-t", text,
                  "-o", str(wav) if wav else "none"])
    return [(name, float(end)) for name, end in (item.rsplit(":", 1) for item in output.split())]


@functools.lru_cache(maxsize=None)
def phone_counts(words):
    """How many phones flite gives each word: the words read one at a time (a comma between each). Every US voice
    shares kal16's lexicon (checked: the counts match awb, rms and slt on every sentence of the set), and kal16 is
    built in, so it answers in 40 ms where the others take 170 ms to load."""
    spoken = [name for name, _ in phones(", ".join(words), "kal16")]
    counts, current = [], 0
    for name in spoken[1:]:
        if name == "pau":
            if current:
                counts.append(current)
            current = 0
        else:
            current += 1
    return counts


class Segment:
    """A stretch of flite speech trimmed to its sounds, with each word's (text, start, end) in seconds from its start.
    `aligned` is False when the phones could not be split into the words (times then spread by letters)."""

    def __init__(self, text, voice, stretch, scratch):
        with tempfile.NamedTemporaryFile(dir=scratch, prefix="segment-", suffix=".wav", delete=False) as file:
            wav = Path(file.name)
        timed = phones(text, voice, stretch, wav)
        speech_format(wav)
        raw = read_wav(wav)
        wav.unlink()
        bounds = sound_bounds(raw)
        if bounds is None:
            raise RuntimeError(f"flite made no sound for {text!r}")
        first, last = bounds
        self.samples = raw[first:last]
        self.text, self.voice, self.stretch = text, voice, stretch
        words = words_of(text)
        counts = phone_counts(tuple(words))
        spoken = [(name, end) for name, end in timed]
        self.aligned = len(counts) == len(words) and sum(counts) == sum(1 for name, _ in spoken if name != "pau")
        offset, length = first / RATE, len(self.samples) / RATE
        spans = self._spans(spoken, counts) if self.aligned else self._spread(words, spoken)
        self.words = []
        for index, (word, (start, end)) in enumerate(zip(words, spans)):
            start = 0.0 if index == 0 else min(max(start - offset, 0.0), length)
            end = length if index == len(words) - 1 else min(max(end - offset, start), length)
            self.words.append((word, start, end))

    @property
    def duration(self):
        return len(self.samples) / RATE

    @staticmethod
    def _spans(spoken, counts):
        """(start, end) of each word: from the end of the phone before its first phone to the end of its last one."""
        spans, previous_end, index = [], 0.0, 0
        for count in counts:
            while spoken[index][0] == "pau":
                previous_end = spoken[index][1]
                index += 1
            spans.append((previous_end, spoken[index + count - 1][1]))
            previous_end = spoken[index + count - 1][1]
            index += count
        return spans

    @staticmethod
    def _spread(words, spoken):
        """Fallback: the speech between the first and last pause shared out by letters."""
        start = next(end for name, end in spoken if name == "pau")
        end = max(e for name, e in spoken if name != "pau")
        letters = sum(len(w) for w in words)
        spans, at = [], start
        for word in words:
            width = (end - start) * len(word) / letters
            spans.append((at, at + width))
            at += width
        return spans


def speaking_time(words, threshold):
    """The contract's speaking time: first word's start to last word's end, less every gap of at least
    `threshold` seconds between consecutive (non-filler) words."""
    if not words:
        return 0.0
    span = words[-1]["end"] - words[0]["start"]
    gaps = (b["start"] - a["end"] for a, b in zip(words, words[1:]))
    return span - sum(g for g in gaps if g >= threshold)


def filled_gaps(truth, threshold):
    """Gaps of at least `threshold` between consecutive words that hold a filler: the analyser reports them as pauses
    (its words have the fillers taken out), the truth's silent pauses do not include them."""
    spans = []
    for a, b in zip(truth["words"], truth["words"][1:]):
        if b["start"] - a["end"] >= threshold and any(a["end"] <= f["start"] < b["start"] for f in truth["fillers"]):
            spans.append((a["end"], b["start"]))
    return spans


def wpm(words, minutes):
    return words / minutes if minutes > 0 else 0.0


def truth_wpm(truth, threshold):
    """Words per minute of the truth: over the whole take (max(duration, 1 s), as the analyser) and over speaking time."""
    count = len(truth["words"])
    return (wpm(count, max(truth["duration"], 1.0) / 60),
            wpm(count, speaking_time(truth["words"], threshold) / 60))
