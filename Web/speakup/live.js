// A take recorded live (WS /api/speakup/live): the microphone's 16 kHz samples go to the server
// while the person speaks, its counts come back (words, words a minute, fillers), and at Stop the
// scored take comes back in a moment, since only the last few seconds are left to hear.
//
// The recording is also kept in the page as before: when the stream breaks (no WebSocket through a
// proxy, a network hiccup, a page that falls behind), Stop sends the recording instead, as an upload.
import { ErrorCode } from "../shared/error-codes.js";

/** Samples sent together (a quarter second). */
export const PIECE = 4000;
/** Unsent bytes past which the stream is given up (the upload goes instead). */
export const MOST_BUFFERED = 512 * 1024;
/** How long Stop waits for the take (a 10-minute take's last stretch is heard long before). On a
 *  busy two-core server a minute-long take's answer has come 130 s after Stop (its filled-pause
 *  passes retried); giving up sooner throws that work away and starts it all again by upload. */
export const STOP_PATIENCE_MS = 240_000;
/** Verdicts on the take itself: sending the recording again would get the same answer. */
export const FINAL_ERRORS = new Set([ErrorCode.noSpeech, ErrorCode.rateLimited, ErrorCode.audioTooLong]);

/** The WebSocket address for a take planned as `plan` (a drill: `plan.drill`, `plan.topic`; a reading: `plan.passage`), on the page's own host. */
export function liveURL(plan, { protocol, host }, zone = "") {
  const query = new URLSearchParams();
  if (plan.passage) query.set("passage", plan.passage);
  else if (plan.drill) {
    query.set("drill", plan.drill);
    if (Number.isInteger(plan.topic)) query.set("topic", String(plan.topic));
  } else if (plan.promptId) query.set("promptId", plan.promptId);
  const rest = [query.toString(), zone].filter(Boolean).join("&");
  return `${protocol === "https:" ? "wss:" : "ws:"}//${host}/api/speakup/live${rest ? `?${rest}` : ""}`;
}

/** A server message: {type: "live" | "take" | "drill" | "reading" | "error", …}, or null for anything else. */
export function parseMessage(data) {
  if (typeof data !== "string") return null;
  try {
    const message = JSON.parse(data);
    return ["live", "take", "drill", "reading", "error"].includes(message?.type) ? message : null;
  } catch {
    return null;
  }
}

/** Int16 pieces as one little-endian buffer. */
export function joinPieces(pieces, count) {
  const joined = new Int16Array(count);
  let offset = 0;
  for (const piece of pieces) { joined.set(piece, offset); offset += piece.length; }
  return joined.buffer;
}

/**
 * Opens the stream. `onCounts({seconds, words, wpm, fillers})` is called as counts come. Returns
 * `{ send(Int16Array), stop(): Promise<{take} | {drill} | {reading} | {error} | {broken: true}>, cancel() }`.
 */
export function openLive(url, { onCounts = () => {}, Socket = globalThis.WebSocket, setTimer = setTimeout } = {}) {
  let socket;
  try { socket = new Socket(url); } catch { return brokenStream(); }
  socket.binaryType = "arraybuffer";
  let pieces = [];
  let count = 0;
  let broken = false;
  let settle;
  const answer = new Promise((resolve) => { settle = resolve; });
  const give = (result) => { settle(result); settle = () => {}; };

  // At most a quarter second a message: what piled up while the socket was opening goes as several
  // (the server refuses messages over 64 KB).
  const flush = () => {
    if (broken || socket.readyState !== 1 || count === 0) return;
    const all = new Int16Array(joinPieces(pieces, count));
    for (let start = 0; start < all.length; start += PIECE) socket.send(all.slice(start, start + PIECE).buffer);
    pieces = [];
    count = 0;
  };
  const breakStream = () => {
    broken = true;
    try { socket.close(); } catch { /* already closed */ }
    give({ broken: true });
  };
  socket.onopen = flush;
  socket.onmessage = (event) => {
    const message = parseMessage(event.data);
    if (message?.type === "live") onCounts(message);
    else if (message?.type === "take") give({ take: message.take });
    else if (message?.type === "drill") give({ drill: message.result });
    else if (message?.type === "reading") give({ reading: message.result });
    else if (message?.type === "error") give({ error: message.error });
  };
  socket.onclose = () => { broken = true; give({ broken: true }); };
  socket.onerror = () => { broken = true; };

  return {
    send(samples) {
      if (broken) return;
      if (socket.bufferedAmount > MOST_BUFFERED) { breakStream(); return; }
      pieces.push(samples);
      count += samples.length;
      if (count >= PIECE) flush();
    },
    stop() {
      if (broken || socket.readyState !== 1) { breakStream(); return answer; }
      flush();
      socket.send(JSON.stringify({ type: "stop" }));
      setTimer(breakStream, STOP_PATIENCE_MS);
      return answer;
    },
    cancel() {
      if (!broken && socket.readyState === 1) socket.send(JSON.stringify({ type: "cancel" }));
      breakStream();
    },
  };
}

function brokenStream() {
  return { send() {}, stop: async () => ({ broken: true }), cancel() {} };
}
