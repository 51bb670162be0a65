// The SpotCheck Shortcut, action by action (seed 002): what a parent builds in the Shortcuts app on the
// child's iPhone, with this phone's addresses, headers and report fields filled in, and a curl script
// that plays the Shortcut's part against the server. Pure data and text (no DOM), so Node tests it.
//
// The contract (SpotCheckDeviceController, openapi.yaml): GET {apiBaseURL}/policy and POST
// {apiBaseURL}/events, each with `Authorization: Bearer <deviceSecret>` and `X-Device-Token`;
// /policy answers {enforce, actions: {setHotspotOff, rotatePassword}, quietHours}; /events takes
// {ts, trigger, shortcutVersion?, actionsAttempted?, result?: {ok?, errors?}} as JSON.

export const SHORTCUT_NAME = "SpotCheck";
export const SHORTCUT_VERSION = "1.0";
/** The report's fields, named as the server's POST /events reads them (ShortcutReport). */
export const EVENT_FIELDS = ["ts", "trigger", "shortcutVersion", "actionsAttempted", "result"];
export const RESULT_FIELDS = ["ok", "errors"];
/** What the report says the Shortcut did; the dashboard shows it as "Tried: set hotspot off". */
export const HOTSPOT_OFF_ACTION = "set_hotspot_off";
export const NO_ACTION = "none";
/** The trigger of a run started by hand (the dashboard shows "run by hand"). */
export const MANUAL_TRIGGER = "manual";

/**
 * The automations to add, and the trigger name each passes to the Shortcut. Any text of 1 to 100
 * characters is accepted; the dashboard shows battery_NN as "battery at NN%", others with spaces.
 */
export const AUTOMATIONS = [
  ...["00", "02", "04", "06", "08", "10", "12", "14", "16", "18", "20", "22"].map((hour) => ({ when: `Time of Day: ${hour}:00, Daily`, trigger: `time_${hour}_00` })),
  { when: "Battery Level: Falls Below 20%", trigger: "battery_20" },
  { when: "Battery Level: Rises Above 50%", trigger: "battery_50" },
  { when: "Battery Level: Rises Above 80%", trigger: "battery_80" },
  { when: "Charger: Is Connected", trigger: "charger_connected" },
  { when: "Wi-Fi: when iPhone joins Any Network", trigger: "wifi_joined" },
  { when: "Airplane Mode: Is Turned Off", trigger: "airplane_mode_off" },
  { when: "App: Settings, Is Opened", trigger: "settings_opened" },
  { when: "App: Settings, Is Closed", trigger: "settings_closed",
    detail: "There is no automation for Personal Hotspot itself: leaving Settings is the nearest moment it changes." },
];

/** The config's server address without a trailing slash; the guide is useless without it. */
function baseOf(config) {
  const base = String(config?.apiBaseURL ?? "").trim().replace(/\/+$/, "");
  if (!base) throw new TypeError("The SpotCheck config has no apiBaseURL.");
  return base;
}

function credentialsOf(config) {
  const secret = String(config?.deviceSecret ?? "").trim();
  const token = String(config?.deviceToken ?? "").trim();
  if (!secret || !token) throw new TypeError("The SpotCheck config has no deviceSecret or deviceToken.");
  return { secret, token, deviceId: String(config?.deviceId ?? "") };
}

/** Where the server's own certificate authority is offered (plain HTTP works too, before it is trusted). */
export function caURL(config) {
  const base = baseOf(config);
  try {
    return `${new URL(base).origin}/ca.pem`;
  } catch {
    return `${base}/ca.pem`;
  }
}

/** What a Shortcut run sends to POST /events (an example: ts is the run's time). */
export function exampleReport(ts = 1_718_000_000_000) {
  return { ts, trigger: MANUAL_TRIGGER, shortcutVersion: SHORTCUT_VERSION, actionsAttempted: [HOTSPOT_OFF_ACTION],
    result: { ok: true, errors: [] } };
}

/**
 * The guide: sections `{ id, title, intro?, steps: [{ text, detail?, code? }] }`. `code` is what to
 * type or check exactly; `detail` a short note under the step.
 */
export function shortcutGuide(config) {
  const base = baseOf(config);
  const { secret, token } = credentialsOf(config);
  const policyURL = `${base}/policy`;
  const eventsURL = `${base}/events`;
  // Only the header's value is copied: the key is typed in its own field.
  const authorization = `Bearer ${secret}`;
  const deviceToken = token;
  const readKey = (key, detail) => ({ text: `Add “Get Dictionary Value”: Value for ${key} in config. Then “Set Variable” named ${key}.`,
    code: key, detail });
  const readAnswer = (key, name, detail) => ({ text: `Add “Get Dictionary Value”: Value for ${key} in policy. Then “Set Variable” named ${name}.`,
    code: key, detail });

  return [
    {
      id: "start",
      title: "Before you start",
      intro: `You build one Shortcut named “${SHORTCUT_NAME}” on this iPhone, then automations that run it. It takes about 15 minutes; switch between this page and the Shortcuts app.`,
      steps: [
        { text: "On the setup page, tap “Download hotspot-config.json” and save the file in Files › iCloud Drive › Shortcuts.",
          code: "hotspot-config.json",
          detail: "Without iCloud Drive: On My iPhone › Shortcuts. The file holds this phone's key: don't send it anywhere." },
        { text: "Open Shortcuts › Shortcuts tab › +. Name the new Shortcut exactly:", code: SHORTCUT_NAME },
        { text: "Add “If”: Shortcut Input · has any value.",
          detail: "If a “Receive … input” line appears at the top, allow Text and set “If there's no input” to Continue." },
        { text: "Inside the If, add “Set Variable” named trigger, set to Shortcut Input.", code: "trigger" },
        { text: `Under Otherwise, add “Text” with ${MANUAL_TRIGGER}, then “Set Variable” trigger to that Text.`, code: MANUAL_TRIGGER,
          detail: "Each automation passes its own name; a run by hand reports manual." },
      ],
    },
    {
      id: "config",
      title: "Read this phone's key",
      intro: "Add every action from here on after End If, in this order.",
      steps: [
        { text: "Add “Get File from Folder”: folder Shortcuts, file path:", code: "hotspot-config.json",
          detail: "Older iOS calls it “Get File”: switch “Show Document Picker” off. Keep “Error If Not Found” on." },
        { text: "Add “Get Dictionary from Input” (input: File)." },
        { text: "Add “Set Variable” named config (input: Dictionary).", code: "config" },
        readKey("apiBaseURL", `For this phone: ${base}`),
        readKey("deviceSecret", "This phone's secret key: it goes in the Authorization header."),
        readKey("deviceToken", "This phone's ID for SpotCheck: it goes in the X-Device-Token header."),
      ],
    },
    {
      id: "policy",
      title: "Ask SpotCheck what to do",
      intro: "This call is also the phone's check-in: your dashboard shows it as last seen.",
      steps: [
        { text: "Add “Get Contents of URL”. URL: insert the apiBaseURL variable, then type /policy. For this phone it reads:", code: policyURL },
        { text: "Tap “Show More”. Method:", code: "GET" },
        { text: "Headers › Add new header. Key: Authorization. Value: type Bearer and a space, then insert the deviceSecret variable (it reads like the box below).", code: authorization },
        { text: "Add a second header. Key: X-Device-Token. Value: the deviceToken variable (it reads like the box below).", code: deviceToken },
        { text: "Add “Set Variable” named policy (input: Contents of URL).", code: "policy",
          detail: "SpotCheck answers like {\"enforce\":true,\"actions\":{\"setHotspotOff\":true,\"rotatePassword\":true},\"quietHours\":null}." },
      ],
    },
    {
      id: "decide",
      title: "Read the answer",
      steps: [
        readAnswer("enforce", "enforce", "true when the hotspot must be off now: Hotspot OFF is on and, with Quiet Time set, it is quiet time."),
        readAnswer("actions.setHotspotOff", "setHotspotOff", "The dot reads inside “actions”."),
        readAnswer("actions.rotatePassword", "rotatePassword", "See “Hotspot password” below: iOS can't act on it."),
      ],
    },
    {
      id: "enforce",
      title: "Switch the hotspot off",
      steps: [
        { text: "Add “Text” with none, then “Set Variable” named action.", code: NO_ACTION,
          detail: "What the report says the Shortcut did; it stays none when nothing had to be done." },
        { text: "Add “If”: enforce · is · true.", detail: "Shortcuts may show true as Yes or 1: pick the value that means true." },
        { text: "Inside it, add another “If”: setHotspotOff · is · true." },
        { text: "Inside that, add “Set Personal Hotspot” and set it to Off.",
          detail: "Search the actions for Hotspot. If this iPhone doesn't list it, update iOS: until then the Shortcut can only check in." },
        { text: `Still inside, add “Text” with ${HOTSPOT_OFF_ACTION}, then “Set Variable” action to that Text.`, code: HOTSPOT_OFF_ACTION },
        { text: "Leave both Otherwise parts empty." },
      ],
    },
    {
      id: "password",
      title: "Hotspot password",
      intro: "SpotCheck's rules can ask for a new hotspot password (rotatePassword), as in the original SpotCheck. "
        + "But no Shortcuts action can change the Personal Hotspot password, so the Shortcut doesn't try, and the report doesn't list it.",
      steps: [
        { text: "Set a new password yourself: Settings › Personal Hotspot › Wi-Fi Password. Make it long and random, and don't share it.",
          detail: "Change it again whenever it may have been passed on." },
        { text: "Optional: Settings › Screen Time › Content & Privacy Restrictions › Cellular (Mobile) Data Changes › Don't Allow.",
          detail: "On many iOS versions this also locks the Personal Hotspot settings. Run the Shortcut by hand afterwards to check it still works." },
        { text: "If you won't change it by hand, switch “Rotate hotspot password” off in this phone's rules on your dashboard, so the rules match what happens." },
      ],
    },
    {
      id: "report",
      title: "Tell SpotCheck it ran",
      steps: [
        { text: "Add “Date” with this text (the start of 1970, UTC):", code: "1970-01-01T00:00:00Z" },
        { text: "Add “Get Time Between Dates”: between Current Date and that Date, in Seconds.",
          detail: "The result must be positive (about 1.7 billion). If it's negative, swap the two dates." },
        { text: "Add “Calculate”: Time Between Dates × 1000. Then “Set Variable” named ts.", code: "ts",
          detail: "The run's time in milliseconds since 1970." },
        { text: "Add “Get Contents of URL”. URL: the apiBaseURL variable, then type /events. For this phone it reads:", code: eventsURL },
        { text: "Tap “Show More”. Method:", code: "POST" },
        { text: "Headers, as before. Key: Authorization. Value: Bearer, a space, then the deviceSecret variable.", code: authorization },
        { text: "And Key: X-Device-Token. Value: the deviceToken variable.", code: deviceToken },
        { text: "Request Body: JSON. Add these fields (name · type · value):",
          code: ["ts · Number · the ts variable", "trigger · Text · the trigger variable", `shortcutVersion · Text · ${SHORTCUT_VERSION}`,
            "actionsAttempted · Array · one Text item: the action variable",
            "result · Dictionary · ok (Boolean: true) and errors (Array: empty)"].join("\n"),
          detail: "A run that fails stops before this report; SpotCheck then warns you about missing check-ins." },
        { text: "SpotCheck then receives, for example:", code: JSON.stringify(exampleReport()) },
        { text: "Tap ▶ to run the Shortcut once. Step 2 on the setup page turns done within seconds.",
          detail: "An answer with device_unauthorized means this phone was removed or paired again: pair it, download hotspot-config.json again and replace the file." },
      ],
    },
    {
      id: "automations",
      title: "Run it automatically",
      intro: "Automations run SpotCheck without anyone tapping. You get a warning when runs stop for longer than the check-in gap (2 h unless you changed it), so spread them over day and night.",
      steps: [
        { text: "For each line below: Automation tab › + › pick the trigger." },
        { text: "Choose “Run Immediately” and switch “Notify When Run” off. Tap Next.",
          detail: "On iOS 16 and older: switch “Ask Before Running” off instead." },
        { text: `Choose “New Blank Automation”. Add “Text” with the trigger name shown, then “Run Shortcut”: ${SHORTCUT_NAME}, input: Text.`,
          detail: "The name tells SpotCheck what started the run; your dashboard shows it." },
        ...AUTOMATIONS.map(({ when, trigger, detail }) => ({ text: when, code: trigger, ...(detail ? { detail } : {}) })),
        { text: "The times above run it every 2 hours, which matches the 2-hour check-in gap. If you set a longer gap on your dashboard, fewer times are enough." },
        { text: "Last, lock Shortcuts and Settings with Screen Time (step 4 on the setup page), so nobody can switch the automations off." },
      ],
    },
  ];
}

/** A value for a POSIX shell script, in single quotes. */
const shellQuote = (text) => `'${String(text).replace(/'/g, "'\\''")}'`;
/** Text for a one-line shell comment. */
const commentSafe = (text) => String(text).replace(/[\r\n]+/g, " ");

/**
 * A POSIX shell script that plays the Shortcut's part with curl: GET /policy, print the decision,
 * POST /events with a manual trigger, print the answer. Any failed call stops it with a message.
 */
export function curlCheckScript(config) {
  const base = baseOf(config);
  const { secret, token, deviceId } = credentialsOf(config);
  const body = `{"ts":'"$ts"',"trigger":"${MANUAL_TRIGGER}","shortcutVersion":"check-script","actionsAttempted":[],"result":{"ok":true,"errors":[]}}`;
  return `#!/bin/sh
# SpotCheck check for one phone: plays the iOS Shortcut's part with curl against
#   ${commentSafe(base)}
# 1. GET /policy with the phone's key (Authorization: Bearer, X-Device-Token); prints the decision.
# 2. POST /events reports a run with trigger "${MANUAL_TRIGGER}"; prints SpotCheck's answer.
# The run counts on the setup checklist and shows on the dashboard as "run by hand".
# A failed call stops the script with a message (curl -fsS, set -eu).
#
# Run it on a computer:   sh spotcheck-check.sh
# Over HTTPS this server uses its own certificate authority. Download it from
#   ${commentSafe(caURL(config))}
# and point SPOTCHECK_CA at the file:   SPOTCHECK_CA=./ca.pem sh spotcheck-check.sh
# This file holds the phone's secret key: keep it private and delete it when you are done.
set -eu

BASE=${shellQuote(base)}
DEVICE_ID=${shellQuote(deviceId)}
DEVICE_SECRET=${shellQuote(secret)}
DEVICE_TOKEN=${shellQuote(token)}

fail() {
  echo "spotcheck-check: $*" >&2
  exit 1
}

command -v curl >/dev/null 2>&1 || fail "curl is not installed."
if [ -n "\${SPOTCHECK_CA:-}" ] && [ ! -r "$SPOTCHECK_CA" ]; then
  fail "SPOTCHECK_CA=$SPOTCHECK_CA is not a readable file."
fi

# One call of the device API, with the phone's key (and the CA when SPOTCHECK_CA is set).
call() {
  if [ -n "\${SPOTCHECK_CA:-}" ]; then
    curl -fsS --cacert "$SPOTCHECK_CA" -H "Accept: application/json" \\
      -H "Authorization: Bearer $DEVICE_SECRET" -H "X-Device-Token: $DEVICE_TOKEN" "$@"
  else
    curl -fsS -H "Accept: application/json" \\
      -H "Authorization: Bearer $DEVICE_SECRET" -H "X-Device-Token: $DEVICE_TOKEN" "$@"
  fi
}

echo "SpotCheck at $BASE, phone $DEVICE_ID"
echo "GET $BASE/policy"
policy=$(call "$BASE/policy") \\
  || fail "GET /policy failed (curl's reason above). 401: the phone was removed or paired again. Certificate problem: set SPOTCHECK_CA."
printf 'Answer: %s\\n' "$policy"

compact=$(printf '%s' "$policy" | tr -d ' \\t\\r\\n')
case "$compact" in
  *'"enforce":true'*) enforce=true ;;
  *'"enforce":false'*) enforce=false ;;
  *) fail "That is not a SpotCheck policy. Is $BASE the right address?" ;;
esac
case "$compact" in *'"setHotspotOff":true'*) hotspot_off=true ;; *) hotspot_off=false ;; esac
case "$compact" in *'"rotatePassword":true'*) rotate=true ;; *) rotate=false ;; esac

if [ "$enforce" = true ] && [ "$hotspot_off" = true ]; then
  echo "Decision: the hotspot must be OFF now. The Shortcut switches Personal Hotspot off."
else
  echo "Decision: nothing to enforce now. The Shortcut leaves the hotspot alone."
fi
if [ "$rotate" = true ]; then
  echo "The rules ask for a new hotspot password: Shortcuts can't change it, so change it in Settings > Personal Hotspot."
fi

ts=$(( $(date +%s) * 1000 ))
body='${body}'
echo "POST $BASE/events"
answer=$(call -H "Content-Type: application/json" --data "$body" "$BASE/events") \\
  || fail "POST /events failed (curl's reason above)."
printf 'Answer: %s\\n' "$answer"
echo "OK: SpotCheck answered both calls."
`;
}
