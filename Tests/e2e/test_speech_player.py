"""Web/shared/player.js and recorder.js in a real browser: spoken audio from the server plays in
order, the speaking state follows it, cancel and the hub's mute stop it; the recorder stops itself
at its limit and names the microphone's problem in words a child understands."""
from pages import add_first_child, set_up_family


def signed_in(d, server):
    set_up_family(d, server)
    add_first_child(d, "Mia")  # the family exists and this browser is signed in

QUEUE = """
const done = arguments[arguments.length - 1];
(async () => {
  const player = await import("/shared/player.js");
  const speech = await import("/shared/speech.js");
  const states = [];
  player.onSpeakingChange((speaking) => states.push(speaking));
  const order = [];
  const said = ["one", "two", "three"].map((word) => speech.say(word, { voice: "flite:slt", gap: 100 }).then((r) => { order.push(word); return r.played; }));
  const speakingWhileQueued = player.isSpeaking();
  const results = await Promise.all(said);
  done({ results, order, states, speakingWhileQueued, speakingAfter: player.isSpeaking() });
})().catch((error) => done({ error: String(error) }));
"""

CANCEL_AND_MUTE = """
const done = arguments[arguments.length - 1];
(async () => {
  const player = await import("/shared/player.js");
  const speech = await import("/shared/speech.js");
  const sounds = await import("/shared/sounds.js");
  const long = "this sentence is long enough to still be playing when it is cancelled";
  const first = speech.say(long, { voice: "flite:slt" });
  const second = speech.say("never heard", { voice: "flite:slt" });
  await new Promise((r) => setTimeout(r, 300));
  player.cancel();
  const cancelled = [(await first).played, (await second).played, player.isSpeaking()];
  // The mute button stops what is playing and keeps later speech quiet.
  const playing = speech.say(long, { voice: "flite:slt" });
  await new Promise((r) => setTimeout(r, 300));
  const button = sounds.muteButton();
  document.body.append(button);
  button.click();
  const muted = [(await playing).played, player.isSpeaking(), (await speech.say("hello")).played];
  button.click();
  // spellAloud queues one letter at a time.
  const spelled = await speech.spellAloud("cat", { voice: "flite:slt" });
  done({ cancelled, muted, spelledSpeaking: player.isSpeaking() });
})().catch((error) => done({ error: String(error) }));
"""

RECORDER = """
const done = arguments[arguments.length - 1];
(async () => {
  const recorder = await import("/shared/recorder.js");
  let limited = false;
  const recording = await recorder.startRecording({ maxSeconds: 1, onLimit: () => { limited = true; } });
  await new Promise((r) => setTimeout(r, 1600));
  const audio = await recording.stop();
  const messages = ["NotAllowedError", "NotFoundError", "NotReadableError", "NotSupportedError", "Whatever"]
    .map((name) => recorder.microphoneProblem(new DOMException("x", name)));
  done({ limited, seconds: audio.seconds, messages });
})().catch((error) => done({ error: String(error) }));
"""


def test_player_queue_cancel_and_mute(server, browser):
    d = browser
    signed_in(d, server)
    d.set_script_timeout(60)
    queued = d.execute_async_script(QUEUE)
    assert "error" not in queued, queued
    assert queued["results"] == [True, True, True]
    assert queued["order"] == ["one", "two", "three"]
    assert queued["speakingWhileQueued"] is True and queued["speakingAfter"] is False
    assert queued["states"] == [True, False], queued["states"]  # one speaking stretch, gaps included

    stopped = d.execute_async_script(CANCEL_AND_MUTE)
    assert "error" not in stopped, stopped
    assert stopped["cancelled"] == [False, False, False]
    assert stopped["muted"] == [False, False, False]
    assert stopped["spelledSpeaking"] is False


def test_recorder_limit_and_microphone_messages(server, browser):
    d = browser
    signed_in(d, server)
    d.set_script_timeout(30)
    result = d.execute_async_script(RECORDER)
    assert "error" not in result, result
    assert result["limited"] is True
    assert 0.8 <= result["seconds"] <= 1.3, result["seconds"]
    messages = result["messages"]
    assert "grown-up" in messages[0] and "can't find a microphone" in messages[1]
    assert "Another app" in messages[2] and "https" in messages[3] and "type instead" in messages[4]
    assert len(set(messages)) == 5
