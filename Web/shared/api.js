// The one way pages talk to the server: JSON in and out, the CSRF token on every change.
import { ErrorCode } from "./error-codes.js";

let csrfToken = null;

/** An error the API answered with: `{"error": {"code", "message"}}`. */
export class ApiError extends Error {
  constructor(status, code, message, details = {}, retryAfter = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfter = retryAfter;
  }
}

/** Reads the session (and its CSRF token). */
export async function loadSession() {
  const session = await api("/api/session");
  csrfToken = session.csrfToken;
  return session;
}

export function rememberCsrf(token) { csrfToken = token; }

/** The CSRF token known now (null before the session is read): for a keepalive fetch on pagehide. */
export const currentCsrfToken = () => csrfToken;

/**
 * Calls the API. `body` is sent as JSON, or `raw` (a Blob or string) as `contentType`; `headers`
 * adds request headers (If-Match, say); a 204 resolves to null. `blob: true` resolves a file's
 * answer (a PDF, a picture) to a Blob; an error is still read from the API's error shape.
 */
export async function api(path, { method = "GET", body, raw, contentType, headers: extra = {}, blob = false } = {}) {
  const headers = { Accept: "application/json", ...extra };
  if (method !== "GET" && method !== "HEAD") {
    if (csrfToken === null && path !== "/api/session") await loadSession();
    headers["X-CSRF-Token"] = csrfToken ?? "";
  }
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (raw !== undefined) headers["Content-Type"] = contentType ?? raw.type ?? "application/octet-stream";
  const response = await fetch(path, {
    method, headers, credentials: "same-origin",
    body: raw !== undefined ? raw : body === undefined ? undefined : JSON.stringify(body),
  });
  if (blob && response.ok) return response.blob();
  const data = await readAnswer(response);
  if (data && typeof data === "object" && typeof data.csrfToken === "string") csrfToken = data.csrfToken;
  return data;
}

/**
 * The data of an API answer (null for 204), or an ApiError from the API's error shape; `fallback(status)`
 * words an error the server did not word (a proxy's page, say).
 */
export async function readAnswer(response, fallback = () => "Something went wrong. Try again.") {
  if (response.status === 204) return null;
  const type = response.headers.get("Content-Type") ?? "";
  const data = type.includes("json") ? await response.json().catch(() => null) : await response.text();
  if (!response.ok) {
    const error = data?.error ?? {};
    // A grown-up turned this app off for the child: every page shows the same friendly screen.
    if (error.code === ErrorCode.appHidden && typeof document !== "undefined") import("./hidden-app.js").then((screen) => screen.showAppHidden());
    throw new ApiError(response.status, error.code ?? `http_${response.status}`, error.message ?? fallback(response.status),
      error.details ?? {}, Number(response.headers.get("Retry-After")) || null);
  }
  return data;
}
