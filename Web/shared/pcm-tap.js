// An AudioWorklet that hands the page the microphone's samples (the first channel) in blocks of
// about 85 ms, for SpeakUp's live recording. Loaded with audioWorklet.addModule; it runs on the
// audio thread, so it only copies.
class PcmTap extends AudioWorkletProcessor {
  constructor() {
    super();
    this.block = new Float32Array(4096);
    this.filled = 0;
  }

  process(inputs) {
    const channel = inputs[0]?.[0];
    if (channel) {
      let offset = 0;
      while (offset < channel.length) {
        const count = Math.min(channel.length - offset, this.block.length - this.filled);
        this.block.set(channel.subarray(offset, offset + count), this.filled);
        this.filled += count;
        offset += count;
        if (this.filled === this.block.length) {
          this.port.postMessage(this.block);
          this.block = new Float32Array(4096);
          this.filled = 0;
        }
      }
    }
    return true;
  }
}

registerProcessor("pcm-tap", PcmTap);
