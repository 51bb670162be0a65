// Buying "Remove Ads" from a kid's screen: the parent gate first, then the purchase.
import { api } from "./api.js";
import { passParentGate } from "./parent-gate.js";
import { sounds } from "./sounds.js";

/** Resolves true once bought, false if the grown-up cancelled the gate; throws the API's error. */
export async function removeAdsBehindGate() {
  if (!(await passParentGate({ reason: "Remove ads costs $0.99, for the whole family." }))) return false;
  await api("/api/store/purchase", { method: "POST", body: { productId: "remove_ads" } });
  sounds.success();
  return true;
}
