// Buying "Remove Ads" from a kid's screen: the parent gate, then a sheet that shows what is bought
// and its price and asks for a parent's password (the multiplication alone a grade-5 child answers).
import { api } from "./api.js";
import { openSheet } from "./dialog.js";
import { h, mount } from "./dom.js";
import { passParentGate } from "./parent-gate.js";
import { sounds } from "./sounds.js";
import { ErrorCode } from "./error-codes.js";

/** The product as the server lists it (name, price, summary). */
async function product(id) {
  const { products } = await api("/api/store/products");
  return products.find((item) => item.id === id);
}

/**
 * Shows what is bought and its price, asks for a parent's password (not in the open parent area:
 * `askPassword: false`), buys; resolves the server's answer, or null if cancelled.
 */
export function confirmPurchase(item, { askPassword = true } = {}) {
  return openSheet({
    label: `Buy ${item.name}`,
    render(body, close) {
      const input = h("input", { type: "password", id: "purchase-password", autocomplete: "current-password", required: true });
      const error = h("p", { class: "error-text", role: "alert" });
      const buy = h("button", { class: "btn primary", type: "submit", id: "purchase-confirm" }, `Buy for ${item.displayPrice}`);
      const form = h("form", { class: "password-form", id: "purchase-form" },
        h("h2", {}, `${item.name} · ${item.displayPrice}`),
        h("p", {}, item.summary),
        h("p", { class: "hint" }, "For the whole family, on every device. Bought once; Restore brings it back."),
        askPassword ? h("label", { class: "field", for: "purchase-password" }, "A parent's password", input) : null, error, buy);
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        buy.disabled = true;
        error.textContent = "";
        try {
          const body = askPassword ? { productId: item.id, password: input.value } : { productId: item.id };
          close(await api("/api/store/purchase", { method: "POST", body }));
        } catch (failure) {
          error.textContent = failure.message;
          buy.disabled = false;
          input.select();
          if (failure.code === ErrorCode.gateRequired) close(null);
        }
      });
      mount(body, form);
      (askPassword ? input : buy).focus();
    },
  });
}

/** Resolves true once bought, false if the grown-up cancelled; throws the API's error. */
export async function removeAdsBehindGate() {
  const item = await product("remove_ads");
  if (!item || item.owned) return Boolean(item?.owned);
  if (!(await passParentGate({ reason: `${item.name} costs ${item.displayPrice}, for the whole family.` }))) return false;
  const bought = await confirmPurchase(item);
  if (!bought) return false;
  sounds.success();
  return true;
}
