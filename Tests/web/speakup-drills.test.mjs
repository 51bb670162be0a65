// SpeakUp's drills in the page without a page (Web/speakup/drill-rules.js, live.js): the address
// of a drill's stream and upload, the live feedback for each drill, the pause markers lighting up,
// the result's facts and a drill's best score from the practice log.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  drillStats, drillUploadPath, liveFeedback, markerStates, paceBand, pickTopic, resultFacts,
} from "../../Web/speakup/drill-rules.js";
import { liveURL, parseMessage } from "../../Web/speakup/live.js";

const DRILLS = {
  filler: { id: "filler-elimination", seconds: 15, markers: [] },
  pace: { id: "pace-control", seconds: 60, markers: [] },
  pause: { id: "pause-practice", seconds: 45, markers: [10, 22, 34] },
  sprint: { id: "impromptu-sprint", seconds: 30, markers: [] },
};

test("a drill streams to the live address with its drill and topic (never a prompt) and uploads to its own path", () => {
  const page = { protocol: "https:", host: "funzone.local:8443" };
  assert.equal(liveURL({ drill: "pace-control", promptId: "storytelling-01" }, page), "wss://funzone.local:8443/api/speakup/live?drill=pace-control");
  assert.equal(liveURL({ drill: "impromptu-sprint", topic: 4 }, page, "tz=Europe%2FRome"),
    "wss://funzone.local:8443/api/speakup/live?drill=impromptu-sprint&topic=4&tz=Europe%2FRome");
  assert.equal(liveURL({ drill: "impromptu-sprint", topic: 0 }, { protocol: "http:", host: "x" }), "ws://x/api/speakup/live?drill=impromptu-sprint&topic=0");
  assert.equal(drillUploadPath("impromptu-sprint", 0), "/api/speakup/drills/impromptu-sprint?topic=0");
  assert.equal(drillUploadPath("filler-elimination", 3), "/api/speakup/drills/filler-elimination", "only the sprint has a topic");
  assert.deepEqual(parseMessage('{"type":"drill","result":{"id":"p1"}}'), { type: "drill", result: { id: "p1" } });
});

test("another topic is never the one shown; the first pick can be any of them", () => {
  const sequence = (values) => { let i = 0; return () => values[i++ % values.length]; };
  assert.equal(pickTopic(24, 5, sequence([5 / 23])), 6, "the pick past the current one moves up by one");
  assert.equal(pickTopic(24, 5, sequence([4 / 23])), 4);
  assert.equal(pickTopic(24, 5, sequence([0.9999999])), 23);
  for (let k = 0; k < 200; k++) assert.notEqual(pickTopic(3, 1), 1);
  assert.equal(pickTopic(24, -1, sequence([0.9999999])), 23);
  assert.equal(pickTopic(24, -1, sequence([0])), 0);
  assert.equal(pickTopic(1, 0), 0);
  assert.equal(pickTopic(0), 0);
});

test("the pace band: green within 30 words a minute of the target, amber outside, nothing before a pace", () => {
  assert.equal(paceBand(150, 150), "good");
  assert.equal(paceBand(120, 150), "good");
  assert.equal(paceBand(180, 150), "good");
  assert.equal(paceBand(119, 150), "slow");
  assert.equal(paceBand(181, 150), "fast");
  assert.equal(paceBand(null, 150), null);
  assert.equal(paceBand(undefined, 150), null);
});

test("pause markers light up half a second before their second and stay lit two and a half after", () => {
  const { markers } = DRILLS.pause;
  assert.deepEqual(markerStates(markers, 0), ["upcoming", "upcoming", "upcoming"]);
  assert.deepEqual(markerStates(markers, 9.49), ["upcoming", "upcoming", "upcoming"]);
  assert.deepEqual(markerStates(markers, 9.5), ["now", "upcoming", "upcoming"]);
  assert.deepEqual(markerStates(markers, 12.5), ["now", "upcoming", "upcoming"]);
  assert.deepEqual(markerStates(markers, 12.6), ["past", "upcoming", "upcoming"]);
  assert.deepEqual(markerStates(markers, 34), ["past", "past", "now"]);
  assert.deepEqual(markerStates(markers, 45), ["past", "past", "past"]);
  assert.deepEqual(markerStates([], 3), []);
});

test("live feedback per drill, never made up before the stream has counted", () => {
  assert.deepEqual(liveFeedback(DRILLS.filler, { fillers: 0 }, 3, 150), { value: "0", label: "fillers", tone: "good" });
  assert.deepEqual(liveFeedback(DRILLS.filler, { fillers: 1 }, 3, 150), { value: "1", label: "filler", tone: "bad" });
  assert.equal(liveFeedback(DRILLS.filler, { fillers: null }, 3, 150).tone, "quiet");
  assert.equal(liveFeedback(DRILLS.filler, null, 0, 150).value, "–");
  assert.deepEqual(liveFeedback(DRILLS.pace, { wpm: 152 }, 10, 150), { value: "152", label: "words a minute · right on pace", tone: "good" });
  assert.deepEqual(liveFeedback(DRILLS.pace, { wpm: 200 }, 10, 150), { value: "200", label: "words a minute · slow down", tone: "warn" });
  assert.equal(liveFeedback(DRILLS.pace, { wpm: 90 }, 10, 150).label, "words a minute · a little faster");
  assert.deepEqual(liveFeedback(DRILLS.pace, { wpm: null }, 2, 130), { value: "–", label: "words a minute · aim for 130", tone: "quiet" });
  assert.equal(liveFeedback(DRILLS.pause, {}, 10, 150).value, "⏸");
  assert.equal(liveFeedback(DRILLS.pause, {}, 15, 150).label, "Keep talking");
  assert.deepEqual(liveFeedback(DRILLS.sprint, { fillers: 2 }, 10, 150), { value: "2", label: "fillers · at most 2", tone: "good" });
  assert.equal(liveFeedback(DRILLS.sprint, { fillers: 3 }, 10, 150).tone, "bad");
});

test("a result's facts name what its drill measured", () => {
  assert.deepEqual(resultFacts({ drill: "filler-elimination", words: 30, fillers: 1 }), ["30 words", "1 filler"]);
  assert.deepEqual(resultFacts({ drill: "pace-control", words: 150, fillers: 2, wpm: 151, targetWPM: 150 }), ["150 words", "151 words a minute (aim 150)"]);
  assert.deepEqual(resultFacts({ drill: "pause-practice", words: 90, fillers: 0, markerHits: [true, false, true] }), ["90 words", "paused at 2 of 3 markers"]);
  assert.deepEqual(resultFacts({ drill: "impromptu-sprint", words: 1, fillers: 0 }), ["1 word", "0 fillers"]);
});

test("a drill's best score, tries and whether it was ever passed, from the practice log", () => {
  const items = [
    { kind: "drill", itemId: "filler-elimination", drill: { score: 75, passed: false } },
    { kind: "warmUp", itemId: "filler-elimination" },
    { kind: "drill", itemId: "pace-control", drill: { score: 99, passed: true } },
    { kind: "drill", itemId: "filler-elimination", drill: { score: 100, passed: true } },
  ];
  assert.deepEqual(drillStats(items, "filler-elimination"), { tries: 2, best: 100, passed: true, last: { score: 75, passed: false } });
  assert.equal(drillStats(items, "pause-practice"), null);
  assert.equal(drillStats(undefined, "pause-practice"), null);
});
