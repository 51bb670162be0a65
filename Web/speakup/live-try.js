// One recorded try of a drill or a reading: the live stream to the server and the microphone opened
// together; a try ended while they were opening (leaving, Cancel, another Start) closes them; Stop
// answers from the stream or, when it broke, from the recording sent whole. (A take's flow keeps its
// recording for "send again" and runs its own, flow.js.)
import { api } from "../shared/api.js";
import { startRecording } from "../shared/recorder.js";
import { FINAL_ERRORS, openLive } from "./live.js";

export function liveTries() {
  let attempt = 0;
  let recorder = null;
  let live = null;

  /** Ends the try going on: its microphone and stream close, nothing is kept. */
  function end() {
    attempt += 1;
    recorder?.cancel();
    recorder = null;
    live?.cancel();
    live = null;
  }

  /** A function that says whether the try going on now is still the one going on. */
  function current() {
    const mine = attempt;
    return () => mine === attempt;
  }

  /**
   * Opens the stream to `url` and the microphone for the try `isCurrent` names: true once both are
   * open, false when the try ended meanwhile. The microphone's error is thrown (the stream closed).
   * `onCounts` and `onLimit` are called only while the try is current.
   */
  async function open(isCurrent, { url, maxSeconds, onCounts, onLimit }) {
    const stream = openLive(url, { onCounts: (counts) => { if (isCurrent()) onCounts(counts); } });
    live = stream;
    let started;
    try {
      started = await startRecording({ maxSeconds, onLimit: () => { if (isCurrent()) onLimit(); }, onSamples: (samples) => stream.send(samples) });
    } catch (error) {
      stream.cancel();
      throw error;
    }
    if (!isCurrent()) { started.cancel(); stream.cancel(); return false; }
    recorder = started;
    return true;
  }

  /** Stop: the server's `key` answer from the stream, or the recording sent whole to `uploadPath`. */
  async function finish(key, uploadPath) {
    const stream = live;
    const handle = recorder;
    live = null;
    recorder = null;
    const answered = stream ? stream.stop() : Promise.resolve({ broken: true });
    const audio = await handle.stop();
    const answer = await answered;
    if (answer.error && FINAL_ERRORS.has(answer.error.code)) throw Object.assign(new Error(answer.error.message), answer.error);
    return answer[key] ?? await api(uploadPath, { method: "POST", raw: audio.blob, contentType: "audio/wav" });
  }

  return { end, current, open, finish };
}
