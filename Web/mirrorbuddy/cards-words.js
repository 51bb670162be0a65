// Flashcards' times in words, pure (node-tested): an interval in short words for the answer buttons
// and a card's history ("1 min", "10 min", "3 g" / "3 d", "2 mesi" / "2 mo", "1 anno" / "1 yr"), and
// when a card is due the way a student says it ("oggi", "domani", "tra 3 giorni" / "in 3 days"),
// and the name of a list row's 🔊 button ("Ascolta: <front>").
import { currentLanguage, locale, t } from "./i18n.js";

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/**
 * An interval of `seconds` as {unit, count}: whole minutes under an hour (at least 1), whole hours
 * under a day, whole days under 30, months of 30 days under a year, then years of 365 days to one
 * decimal (Anki's rounding, so a student who knows Anki reads the same numbers).
 */
export function intervalParts(seconds) {
  const value = Number(seconds);
  const s = Number.isFinite(value) ? Math.max(0, value) : 0;
  const minutes = Math.round(s / MINUTE);
  if (minutes < 60) return { unit: "minutes", count: Math.max(1, minutes) };
  const hours = Math.round(s / HOUR);
  if (hours < 24) return { unit: "hours", count: hours };
  const days = Math.round(s / DAY);
  if (days < 30) return { unit: "days", count: days };
  const months = Math.round(days / 30);
  if (months < 12) return { unit: "months", count: months };
  return { unit: "years", count: Math.max(1, Math.round(days / 36.5) / 10) };
}

/** The interval in short words, in `lang` ("it" | "en"). */
export function intervalText(seconds, lang = currentLanguage()) {
  const { unit, count } = intervalParts(seconds);
  return t(`cards.interval.${unit}`, { count }, lang);
}

const startOfDay = (date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/**
 * When a card is due, by the device's calendar days: "oggi" for today and for any card already
 * due (it is to be reviewed now), "domani", "tra 3 giorni" up to 45 days, then months, then years.
 */
export function dueWords(iso, now = new Date(), lang = currentLanguage()) {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const days = Math.round((startOfDay(at) - startOfDay(now)) / (DAY * 1000));
  const format = (numeric) => new Intl.RelativeTimeFormat(locale(lang), { numeric });
  if (days < 45) return format("auto").format(Math.max(0, days), "day");
  if (days < 365) return format("always").format(Math.round(days / 30), "month");
  return format("always").format(Math.round(days / 365), "year");
}

/** The name of a list row's 🔊 button, told apart from the others by its words: "Ascolta: <front>" (a long front cut short). */
export function hearLabel(words, lang = currentLanguage(), max = 80) {
  const text = String(words ?? "").replace(/\s+/g, " ").trim();
  return t("cards.hearThis", { text: text.length > max ? `${text.slice(0, max - 1)}…` : text }, lang);
}
