// The Family tab's storage card: sizes, the headline against the quota, the rows and the day choices (Web/parent/storage-format.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { byteCount, daysLabel, storageRows, usageLine } from "../../Web/parent/storage-format.js";

test("sizes read as the server writes them in its quota errors", () => {
  assert.equal(byteCount(0), "0 bytes");
  assert.equal(byteCount(1023), "1023 bytes");
  assert.equal(byteCount(832_088), "813 KB");
  assert.equal(byteCount(1_048_576), "1 MB");
  assert.equal(byteCount(12.5 * 1_048_576), "13 MB");
  assert.equal(byteCount(1.25 * 1_048_576), "1.3 MB");
  assert.equal(byteCount(2048 * 1_048_576), "2 GB");
  assert.equal(byteCount(-5), "0 bytes");
});

test("the headline is the use against the quota, full from 90 %, and plain with no quota", () => {
  assert.deepEqual(usageLine({ usedBytes: 1.2 * 1024 ** 3, quotaBytes: 2 * 1024 ** 3 }), { text: "1.2 GB of 2 GB used (60 %)", percent: 60, full: false });
  assert.equal(usageLine({ usedBytes: 1.9 * 1024 ** 3, quotaBytes: 2 * 1024 ** 3 }).full, true);
  assert.equal(usageLine({ usedBytes: 3 * 1024 ** 3, quotaBytes: 2 * 1024 ** 3 }).percent, 100, "past the quota (other instances) reads 100 %");
  assert.deepEqual(usageLine({ usedBytes: 5000, quotaBytes: undefined }), { text: "4.9 KB used", percent: null, full: false });
});

test("rows come largest first, counted in words, and a missing kind reads as nothing", () => {
  const rows = storageRows({ recordings: { bytes: 5_000_000, count: 12 }, drawings: { bytes: 20_000, count: 1 }, phoneEvents: { bytes: 900_000, count: 3000 } });
  assert.deepEqual(rows.map((row) => row.key), ["recordings", "phoneEvents", "drawings", "materials", "requests"]);
  assert.equal(rows[0].count, "12 recordings");
  assert.equal(rows[2].count, "1 drawing");
  assert.equal(rows[3].size, "0 bytes");
  assert.ok(rows.every((row) => row.hint.length > 0), "every kind says where to free room");
});

test("day choices read as a person says them", () => {
  assert.deepEqual([7, 30, 90, 180, 365, 730, 0].map(daysLabel), ["7 days", "30 days", "90 days", "180 days", "1 year", "2 years", "Always"]);
});
