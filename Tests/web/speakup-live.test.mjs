// SpeakUp's live take in the page: the microphone's samples downsampled to 16 kHz (Web/shared/pcm.js)
// and the stream to the server (Web/speakup/live.js) with a socket the test holds.
import { test } from "node:test";
import assert from "node:assert/strict";
import { makeDownsampler, toInt16 } from "../../Web/shared/pcm.js";
import { FINAL_ERRORS, MOST_BUFFERED, PIECE, joinPieces, liveURL, openLive, parseMessage } from "../../Web/speakup/live.js";

test("48 kHz in pieces of any size comes out as 16 kHz, the same as in one piece", () => {
  const input = Float32Array.from({ length: 48_000 }, (_, index) => Math.sin(2 * Math.PI * 220 * index / 48_000) * 0.5);
  const whole = makeDownsampler(48_000)(input);
  assert.equal(whole.length, 16_000);
  const push = makeDownsampler(48_000);
  const parts = [];
  for (let start = 0, size = 1; start < input.length; start += size, size = (size * 7) % 5000 + 1) parts.push(...push(input.subarray(start, start + size)));
  assert.deepEqual(Int16Array.from(parts), whole);
  // The mean of three: a 220 Hz tone keeps its level.
  const peak = Math.max(...whole);
  assert.ok(peak > 0.49 * 0x7fff && peak <= 0.5 * 0x7fff, String(peak));
});

test("44.1 kHz keeps the length (one output per 2.76 inputs) and a tone above 8 kHz is weakened", () => {
  const push = makeDownsampler(44_100);
  const out = push(new Float32Array(44_100).fill(0.25));
  assert.ok(Math.abs(out.length - 16_000) <= 2, String(out.length));
  assert.ok(out.every((sample) => sample === Math.round(0.25 * 0x7fff)));
  const high = Float32Array.from({ length: 48_000 }, (_, index) => Math.sin(2 * Math.PI * 15_000 * index / 48_000));
  const folded = makeDownsampler(48_000)(high);
  assert.ok(Math.max(...folded.map(Math.abs)) < 0.5 * 0x7fff);
  assert.throws(() => makeDownsampler(8_000), RangeError);
});

test("floats become clipped 16-bit samples", () => {
  assert.deepEqual([...toInt16([0, 1, -1, 2, -2, 0.5])], [0, 32767, -32768, 32767, -32768, 16384]);
});

test("the address follows the page: wss on https, the prompt and the time zone", () => {
  assert.equal(liveURL({ promptId: "storytelling-01" }, { protocol: "https:", host: "kids.home:8443" }, "tz=Europe%2FRome"),
    "wss://kids.home:8443/api/speakup/live?promptId=storytelling-01&tz=Europe%2FRome");
  assert.equal(liveURL({ promptId: null }, { protocol: "http:", host: "127.0.0.1:8080" }), "ws://127.0.0.1:8080/api/speakup/live");
});

test("only the server's three kinds of message are read", () => {
  assert.deepEqual(parseMessage('{"type":"live","words":3}'), { type: "live", words: 3 });
  for (const junk of ['{"type":"other"}', "not json", "null", new ArrayBuffer(2)]) assert.equal(parseMessage(junk), null);
  assert.deepEqual([...new Int16Array(joinPieces([Int16Array.of(1, 2), Int16Array.of(3)], 3))], [1, 2, 3]);
});

/** A socket the test drives. */
class FakeSocket {
  static last = null;
  constructor(url) { this.url = url; this.sent = []; this.readyState = 0; this.bufferedAmount = 0; FakeSocket.last = this; }
  send(data) { this.sent.push(data); }
  close() { this.readyState = 3; this.onclose?.(); }
  open() { this.readyState = 1; this.onopen?.(); }
  receive(object) { this.onmessage?.({ data: JSON.stringify(object) }); }
}

test("samples wait for the socket, go in quarter seconds, and Stop answers with the take", async () => {
  const counts = [];
  const stream = openLive("ws://x/api/speakup/live", { Socket: FakeSocket, onCounts: (c) => counts.push(c), setTimer: () => {} });
  const socket = FakeSocket.last;
  stream.send(new Int16Array(PIECE));  // before the socket is open: kept
  stream.send(new Int16Array(PIECE * 2 + 10));
  assert.equal(socket.sent.length, 0);
  socket.open();  // what piled up goes as quarter seconds, never one big message
  assert.deepEqual(socket.sent.map((buffer) => buffer.byteLength), [PIECE * 2, PIECE * 2, PIECE * 2, 20]);
  socket.sent = [];
  stream.send(new Int16Array(100));
  assert.equal(socket.sent.length, 0, "less than a quarter second waits");
  socket.receive({ type: "live", seconds: 5, words: 12, wpm: 144, fillers: 1 });
  assert.deepEqual(counts, [{ type: "live", seconds: 5, words: 12, wpm: 144, fillers: 1 }]);
  const answer = stream.stop();
  assert.equal(socket.sent.at(-2).byteLength, 200, "the rest goes before stop");
  assert.equal(socket.sent.at(-1), '{"type":"stop"}');
  socket.receive({ type: "take", take: { id: "t1" } });
  socket.close();
  assert.deepEqual(await answer, { take: { id: "t1" } });
});

test("a refused take is a verdict; a broken stream tells the page to upload instead", async () => {
  let stream = openLive("ws://x", { Socket: FakeSocket, setTimer: () => {} });
  let socket = FakeSocket.last;
  socket.open();
  const answer = stream.stop();
  socket.receive({ type: "error", error: { code: "no_speech", message: "Nothing was heard" } });
  assert.deepEqual(await answer, { error: { code: "no_speech", message: "Nothing was heard" } });
  assert.ok(FINAL_ERRORS.has("no_speech") && !FINAL_ERRORS.has("internal_error"));

  stream = openLive("ws://x", { Socket: FakeSocket, setTimer: () => {} });
  FakeSocket.last.close();  // never opened (a proxy without WebSockets)
  assert.deepEqual(await stream.stop(), { broken: true });

  stream = openLive("ws://x", { Socket: FakeSocket, setTimer: () => {} });
  socket = FakeSocket.last;
  socket.open();
  socket.bufferedAmount = MOST_BUFFERED + 1;  // the network cannot keep up
  stream.send(new Int16Array(PIECE));
  assert.equal(socket.readyState, 3);
  assert.deepEqual(await stream.stop(), { broken: true });

  let timer = null;
  stream = openLive("ws://x", { Socket: FakeSocket, setTimer: (fn) => { timer = fn; } });
  FakeSocket.last.open();
  const waiting = stream.stop();
  timer();  // the server never answered
  assert.deepEqual(await waiting, { broken: true });

  const throwing = openLive("ws://x", { Socket: class { constructor() { throw new Error("blocked"); } } });
  assert.deepEqual(await throwing.stop(), { broken: true });
});
