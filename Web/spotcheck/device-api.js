// The phone's calls to the device endpoints (/pair, /device, /device/unlock) with its own key,
// never the family's cookies, and the errors worded for a child holding the phone.
import { ApiError, readAnswer } from "../shared/api.js";
import { forget, remember, state } from "./phone.js";

const FALLBACK_MESSAGES = {
  401: "This phone's SpotCheck key doesn't work any more.",
  404: "That code doesn't exist. Check it on your parent's phone.",
  409: "That code was already used. Ask your parent for a new one.",
  410: "That code has expired. Ask your parent for a new one.",
  429: "Too many tries. Wait a moment and try again.",
};

/** Calls a device endpoint with this phone's key (unless `auth` is false); throws ApiError. */
export async function deviceCall(path, { method = "GET", body, auth = true } = {}) {
  const headers = { Accept: "application/json" };
  if (auth) {
    headers.Authorization = `Bearer ${state.credentials.deviceSecret}`;
    headers["X-Device-Token"] = state.credentials.deviceToken;
  }
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, credentials: "omit", cache: "no-store",
      body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "offline", "No connection. Check Wi-Fi or mobile data and try again.");
  }
  return readAnswer(response, (status) => FALLBACK_MESSAGES[status] ?? "Something went wrong. Try again.");
}

export const withRetry = (error) => error.status === 429 && error.retryAfter
  ? `${error.message} (You can try again in ${error.retryAfter < 120 ? `${error.retryAfter} seconds` : `${Math.ceil(error.retryAfter / 60)} minutes`}.)`
  : error.message;

/** GET /device: the run count and last check-in; a 401 means the parent removed this phone. */
export async function refreshDevice() {
  if (!state.credentials) { state.device = null; return; }
  try {
    state.device = await deviceCall("/device");
    state.deviceError = "";
    if (state.device.name && state.device.name !== state.credentials.name) remember({ ...state.credentials, name: state.device.name });
  } catch (error) {
    if (error.status === 401) { forget(); state.removed = true; return; }
    state.deviceError = error.status === 0 ? "No connection: the steps update when the phone is online again."
      : `Couldn't check the status: ${error.message}`;
  }
}
