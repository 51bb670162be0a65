// Every word the page shows, from one catalogue per language (i18n/it.js, i18n/en.js, same keys):
// t(key, params) fills {name} slots; a `count` param picks the plural form (key.one / key.other…,
// by Intl.PluralRules). Numbers and dates through Intl in the profile's locale (it-IT / en-GB).
import { ErrorCode } from "../shared/error-codes.js";
import it from "./i18n/it.js";
import en from "./i18n/en.js";

export const catalogues = { it, en };
let language = "it";

export function setLanguage(next) { language = next === "en" ? "en" : "it"; }
export const currentLanguage = () => language;
export const locale = (lang = language) => (lang === "en" ? "en-GB" : "it-IT");

/** A number as the locale writes it. */
export const num = (value, options = {}) => new Intl.NumberFormat(locale(), options).format(value);

/** Whether the catalogue has `key` (or its plural forms). */
export function has(key, lang = language) {
  const catalogue = catalogues[lang];
  return key in catalogue || `${key}.other` in catalogue;
}

/** The text of `key` in the page's language, {slots} filled. */
export function t(key, params = {}, lang = language) {
  const catalogue = catalogues[lang] ?? it;
  let text;
  if (typeof params.count === "number") {
    const form = new Intl.PluralRules(locale(lang)).select(params.count);
    text = catalogue[`${key}.${form}`] ?? catalogue[`${key}.other`];
  }
  text ??= catalogue[key] ?? it[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (slot, name) => {
    if (!(name in params)) return slot;
    const value = params[name];
    return typeof value === "number" ? new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 1 }).format(value) : String(value);
  });
}

/**
 * The words for an API error, by its code; a kind general line for anything else. A field the
 * server refused (invalid_field, `details.field`) is named in the catalogue's words when it can be.
 */
export function errorText(error) {
  const code = error?.code;
  const field = error?.details?.field;
  if (code === ErrorCode.invalidField && field && has(`field.${field}`)) return t("error.invalidFieldNamed", { field: t(`field.${field}`) });
  if (code && has(`error.${code}`)) return t(`error.${code}`);
  if (error instanceof TypeError) return t("error.network");
  return t("error.generic");
}

/** "27 nov 2026" / "Friday 27 November" … */
export function dateText(iso, options = { dateStyle: "medium" }) {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? "" : new Intl.DateTimeFormat(locale(), options).format(at);
}

/** A due time the way a student thinks of it: "oggi 23:59", "domani", "ven 28 nov". */
export function dueText(iso, now = new Date()) {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const day = (date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const days = Math.round((day(at) - day(now)) / 86_400_000);
  const time = at.getHours() === 23 && at.getMinutes() === 59 ? "" : ` ${new Intl.DateTimeFormat(locale(), { timeStyle: "short" }).format(at)}`;
  if (Math.abs(days) <= 1) return new Intl.RelativeTimeFormat(locale(), { numeric: "auto" }).format(days, "day") + time;
  return new Intl.DateTimeFormat(locale(), { weekday: "short", day: "numeric", month: "short" }).format(at) + time;
}

/** "3 giorni fa" / "2 hours ago". */
export function agoText(iso, now = Date.now()) {
  const minutes = Math.round((Date.parse(iso) - now) / 60_000);
  const format = new Intl.RelativeTimeFormat(locale(), { numeric: "auto" });
  if (Math.abs(minutes) < 60) return format.format(minutes, "minute");
  if (Math.abs(minutes) < 60 * 24) return format.format(Math.round(minutes / 60), "hour");
  return format.format(Math.round(minutes / 1440), "day");
}

/** Why a material could not be read, in the page's language ({text, lang}): the server's code
 * translated, or its English reason when the code is one the catalogue does not know. */
export function failureText(material) {
  const code = material?.failureCode;
  if (code && has(`failure.${code}`)) return { text: t(`failure.${code}`), lang: language };
  return { text: material?.failure ?? "—", lang: material?.failure ? "en" : language };
}
