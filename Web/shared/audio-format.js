// Which spoken-audio format to ask the server for. Pure, so node --test checks it.

/**
 * Ogg Opus (small) where the browser plays it, else WAV (older iPads' Safari plays no Ogg).
 * `probe` is an audio element, or anything with canPlayType.
 */
export function playableFormat(probe = typeof Audio === "undefined" ? null : new Audio()) {
  const opus = probe?.canPlayType?.('audio/ogg; codecs="opus"') ?? "";
  return opus === "" ? "wav" : "opus";
}
