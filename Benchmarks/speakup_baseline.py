"""The baseline SpeakUp's accuracy benchmark compares the analyser with: an energy-only analyser with no recogniser,
the least anything should beat. It returns the analyser's JSON shape (the keys the benchmark reads), so one
scoring path serves both.
- speech: 10 ms frames above -40 dBFS; pauses: silences of at least the threshold between the first and last speech;
- words: syllable nuclei (level peaks at least 3 dB above the dips either side, 100 ms apart) divided by 1.4, an
  everyday English syllables-per-word figure, fixed in advance rather than fitted to the set;
- fillers: none (energy cannot tell "um" from a word); pitch: the zero-crossing rate over audible frames, halved."""
from speakup_truth import RATE, level_dbfs

FRAME = RATE // 100
SPEECH_DBFS = -40.0
SYLLABLES_PER_WORD = 1.4


def levels(samples):
    return [level_dbfs(samples, i, i + FRAME) for i in range(0, len(samples) - FRAME + 1, FRAME)]


def syllables(level, speech):
    """Peaks of the 30 ms-smoothed level inside speech, each at least 3 dB above the lowest point since the last one."""
    smooth = [sum(level[max(0, i - 1):i + 2]) / len(level[max(0, i - 1):i + 2]) for i in range(len(level))]
    count, dip, last = 0, float("inf"), -10
    for i in range(1, len(smooth) - 1):
        dip = min(dip, smooth[i])
        if speech[i] and smooth[i - 1] < smooth[i] >= smooth[i + 1] and smooth[i] - dip >= 3 and i - last >= 10:
            count, dip, last = count + 1, smooth[i], i
    return count


def zero_crossing_hertz(samples, speech):
    crossings, frames = 0, 0
    for index, audible in enumerate(speech):
        if audible:
            part = samples[index * FRAME:(index + 1) * FRAME + 1]
            crossings += sum(1 for a, b in zip(part, part[1:]) if (a < 0) != (b < 0))
            frames += 1
    return crossings / 2 / (frames / 100) if frames else None


def analyse(samples, threshold):
    duration = len(samples) / RATE
    level = levels(samples)
    speech = [value > SPEECH_DBFS for value in level]
    voiced = [i for i, s in enumerate(speech) if s]
    pauses, span = [], 0.0
    if voiced:
        first, last = voiced[0], voiced[-1] + 1
        span = (last - first) / 100
        start = None
        for i in range(first, last + 1):
            if i < last and not speech[i]:
                start = i if start is None else start
            elif start is not None:
                if (i - start) / 100 >= threshold:
                    pauses.append(dict(start=start / 100, end=i / 100, kind="hesitation" if (i - start) / 100 > 1.2 else "short"))
                start = None
    speaking = span - sum(p["end"] - p["start"] for p in pauses)
    words = round(syllables(level, speech) / SYLLABLES_PER_WORD)
    return {
        "version": 0, "wordCount": words, "duration": duration,
        "wpm": {"overall": words / (max(duration, 1.0) / 60), "speaking": words / (speaking / 60) if speaking > 0 else 0.0},
        "pauses": {"items": pauses},
        "fillers": {"items": []},
        "pitch": {"medianHz": zero_crossing_hertz(samples, speech)},
    }

