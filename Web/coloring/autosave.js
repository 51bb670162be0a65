// Autosave: the drawing is written to localStorage after every action (nothing is lost if the tab
// closes), then sent to the server a moment later: only the actions after the part the server
// already has (`keep`), so a save costs the new strokes, not the whole picture. A failed send stays
// pending and is retried when the network is back; a picture changed elsewhere (412) becomes a copy.
import { api, ApiError } from "../shared/api.js";
import { ErrorCode } from "../shared/error-codes.js";
import { poll } from "../shared/poll.js";
import { safeStorage } from "../shared/safe-storage.js";

const DELAY = 1500;
const key = (childId) => `coloring-draft-${childId}`;

export class Autosave {
  /** `onSaved({id, revision, copied})` after each server save; `onState(status)`: "saved" | "pending" | "offline" | "full" | "off". */
  constructor(childId, { enabled = true, onSaved = () => {}, onState = () => {} } = {}) {
    this.childId = childId;
    this.enabled = enabled;
    this.onSaved = onSaved;
    this.onState = onState;
    this.timer = null;
    this.saving = null;
    this.bytesSent = 0;
    // When storage is full the draft is kept in memory for this visit, so the newest work is still what is sent.
    this.stored = safeStorage();
    addEventListener("online", () => this.flush());
    poll(async () => { if (this.draft()?.dirty) await this.flush(); }, 10_000);
  }

  /** The last draft kept on this device: {id, revision, document, dirty, keep}. */
  draft() { return this.stored.read(key(this.childId)); }

  /** Keeps the drawing here at once and schedules the server save. */
  changed(id, revision, document) {
    const previous = this.draft();
    const keep = previous && previous.id === id && id ? Math.min(previous.keep ?? 0, document.actions.length) : 0;
    this.write({ id, revision, document, dirty: true, keep });
    if (!this.enabled) { this.onState("off"); return; }
    this.onState("pending");
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), DELAY);
  }

  /** The drawing now open, already saved (after opening one from the gallery). */
  opened(id, revision, document) { this.write({ id, revision, document, dirty: false, keep: document.actions.length }); }

  /** Undo left `count` actions: the server's copy agrees with this one only that far. */
  truncated(count) {
    const draft = this.draft();
    if (draft) this.write({ ...draft, keep: Math.min(draft.keep ?? 0, count) });
    this.lowWater = Math.min(this.lowWater ?? Infinity, count);
  }

  /** Keeps the draft on the device (or in memory for this visit). */
  write(draft) { this.stored.write(key(this.childId), draft); }

  /** Sends the pending draft (one send at a time; a change during a send is sent next). */
  async flush() {
    clearTimeout(this.timer);
    if (!this.enabled) return;
    if (this.saving) { await this.saving; }
    const draft = this.draft();
    if (!draft?.dirty) return;
    this.saving = this.send(draft).finally(() => { this.saving = null; });
    await this.saving;
  }

  async send(draft) {
    const raw = JSON.stringify(draft.document);
    const sentLength = draft.document.actions.length;
    this.lowWater = Infinity;
    try {
      let result, copied = false;
      if (!draft.id) {
        result = await api("/api/coloring/drawings", { method: "POST", raw, contentType: "application/json" });
        this.bytesSent += raw.length;
      } else {
        try {
          const keep = Math.min(draft.keep ?? 0, sentLength);
          const changes = JSON.stringify({ keep, actions: draft.document.actions.slice(keep), undone: draft.document.undone ?? [] });
          result = draft.revision
            ? await api(`/api/coloring/drawings/${encodeURIComponent(draft.id)}`, {
              method: "PATCH", raw: changes, contentType: "application/json", headers: { "If-Match": `"${draft.revision}"` } })
            : await api(`/api/coloring/drawings/${encodeURIComponent(draft.id)}`, { method: "PUT", raw, contentType: "application/json" });
          this.bytesSent += draft.revision ? changes.length : raw.length;
        } catch (error) {
          if (!(error instanceof ApiError) || (error.status !== 412 && error.status !== 404)) throw error;
          // Changed (or deleted) elsewhere: keep this work as a new picture.
          result = await api("/api/coloring/drawings", { method: "POST", raw, contentType: "application/json" });
          this.bytesSent += raw.length;
          copied = true;
        }
      }
      const latest = this.draft();
      // Only clear the flag if nothing changed while this was on its way.
      const same = latest && JSON.stringify(latest.document) === raw;
      const keep = Math.min(sentLength, this.lowWater, latest?.document.actions.length ?? sentLength);
      this.write({ id: result.id, revision: result.revision, document: latest?.document ?? draft.document, dirty: !same, keep });
      this.onSaved({ id: result.id, revision: result.revision, copied });
      this.onState(same ? "saved" : "pending");
      if (!same) this.timer = setTimeout(() => this.flush(), DELAY);
    } catch (error) {
      // The family's storage (or the server's disk) is full: the work stays here and is tried again
      // every 10 seconds, as when offline, so it goes once a grown-up has made room.
      if (error instanceof ApiError && (error.code === ErrorCode.storageQuotaFull || error.code === ErrorCode.diskFull)) {
        this.onState("full");
        return;
      }
      if (error instanceof ApiError && error.status < 500 && error.status !== 429) {
        this.onState(error.code === ErrorCode.savingOff ? "off" : "error");
        if (error.code === ErrorCode.savingOff) this.enabled = false;
        return;
      }
      this.onState("offline");
    }
  }
}
