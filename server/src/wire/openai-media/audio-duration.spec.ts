import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { audioSeconds, flacSeconds, matroskaSeconds, mp3Seconds, mp4Seconds, oggSeconds, wavSeconds } from './audio-duration';

const bytes = (...parts: (number[] | Uint8Array | string)[]): Uint8Array => {
  const arrays = parts.map((p) => (typeof p === 'string' ? new Uint8Array(Buffer.from(p, 'latin1')) : p instanceof Uint8Array ? p : new Uint8Array(p)));
  return new Uint8Array(Buffer.concat(arrays));
};
const u32be = (n: number): number[] => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u32le = (n: number): number[] => u32be(n).reverse();
const u64le = (n: number): number[] => [...u32le(n % 2 ** 32), ...u32le(Math.floor(n / 2 ** 32))];

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, stereo: 417-byte frames of 1152 samples. */
const MP3_HEADER = [0xff, 0xfb, 0x90, 0x00];
const MP3_FRAME = 417;
function mp3Frames(n: number): Uint8Array {
  const out = new Uint8Array(n * MP3_FRAME);
  for (let i = 0; i < n; i++) out.set(MP3_HEADER, i * MP3_FRAME);
  return out;
}
/** A first frame carrying a Xing header that declares `frames` frames. */
function xingFrame(frames: number, tag = 'Xing'): Uint8Array {
  const frame = new Uint8Array(MP3_FRAME);
  frame.set(MP3_HEADER, 0);
  frame.set(bytes(tag, u32be(1), u32be(frames)), 4 + 32);
  return frame;
}
function id3(size: number): Uint8Array {
  return bytes('ID3', [4, 0, 0], [(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f], new Uint8Array(size));
}

function wav(seconds: number): Uint8Array {
  const byteRate = 16_000;
  const data = Math.round(seconds * byteRate);
  return bytes('RIFF', u32le(36 + data), 'WAVE', 'fmt ', u32le(16), [1, 0, 1, 0], u32le(8000), u32le(byteRate), [2, 0, 16, 0], 'data', u32le(data), new Uint8Array(data));
}

function flac(rate: number, samples: number, extra = 0): Uint8Array {
  const info = new Uint8Array(34);
  info[10] = (rate >> 12) & 0xff;
  info[11] = (rate >> 4) & 0xff;
  info[12] = ((rate & 0x0f) << 4) | 0x01;
  info[13] = 0xf0 | Math.floor(samples / 2 ** 32);
  info.set(u32be(samples % 2 ** 32), 14);
  return bytes('fLaC', [0x80, 0, 0, 34], info, new Uint8Array(extra));
}

function oggPage(flags: number, granule: number, serial: number, packet: Uint8Array): Uint8Array {
  return bytes('OggS', [0, flags], u64le(granule), u32le(serial), u32le(0), u32le(0), [1, packet.length], packet);
}
function opus(seconds: number, preSkip = 312, middle = 0): Uint8Array {
  const head = bytes('OpusHead', [1, 2, preSkip & 0xff, preSkip >> 8], u32le(48_000), [0, 0, 0]);
  return bytes(oggPage(2, 0, 77, head), new Uint8Array(middle), oggPage(4, seconds * 48_000 + preSkip, 77, new Uint8Array(10)));
}
function vorbis(rate: number, samples: number): Uint8Array {
  const head = bytes('\x01vorbis', u32le(0), [1], u32le(rate), new Uint8Array(16));
  return bytes(oggPage(2, 0, 5, head), oggPage(0, samples / 2, 5, new Uint8Array(20)), oggPage(4, samples, 5, new Uint8Array(20)));
}

function box(type: string, ...body: (number[] | Uint8Array | string)[]): Uint8Array {
  const inner = bytes(...body);
  return bytes(u32be(8 + inner.length), type, inner);
}
function m4a(scale: number, duration: number, mdatBytes = 0): Uint8Array {
  const mvhd = box('mvhd', [0, 0, 0, 0], u32be(0), u32be(0), u32be(scale), u32be(duration), new Uint8Array(80));
  return bytes(box('ftyp', 'M4A ', u32be(0)), mdatBytes > 0 ? box('mdat', new Uint8Array(mdatBytes)) : [], box('moov', mvhd));
}

function webm(durationTicks: number, scale = 1_000_000): Uint8Array {
  const header = bytes([0x1a, 0x45, 0xdf, 0xa3, 0x84], 'webm');
  const scaleField = bytes([0x2a, 0xd7, 0xb1, 0x83], [(scale >> 16) & 0xff, (scale >> 8) & 0xff, scale & 0xff]);
  const f64 = new Uint8Array(8);
  new DataView(f64.buffer).setFloat64(0, durationTicks);
  const durationField = bytes([0x44, 0x89, 0x88], f64);
  const info = bytes([0x15, 0x49, 0xa9, 0x66, 0x80 | (scaleField.length + durationField.length)], scaleField, durationField);
  const seekHead = bytes([0x11, 0x4d, 0x9b, 0x74, 0x82], [0, 0]);
  const cluster = bytes([0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], new Uint8Array(50));
  return bytes(header, [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], seekHead, info, cluster);
}

describe('audio duration from headers', () => {
  it('WAV: data bytes over the byte rate', () => {
    expect(wavSeconds(wav(2.5))).toBe(2.5);
    expect(audioSeconds(wav(3))).toBe(3);
  });

  it('MP3 at a constant bit rate: the audio bytes over the bit rate, past ID3 tags', () => {
    // 100 frames of 417 bytes at 128 kbit/s (1152 samples each at 44.1 kHz: 2.612 s).
    expect(mp3Seconds(mp3Frames(100))).toBeCloseTo(2.606, 3);
    expect(audioSeconds(bytes(id3(300), mp3Frames(100)))).toBeCloseTo(2.606, 3);
    // An ID3v1 tag at the end is not audio.
    expect(audioSeconds(bytes(mp3Frames(100), 'TAG', new Uint8Array(125)))).toBeCloseTo(2.606, 3);
  });

  it('MP3 with a Xing, Info or VBRI header: the declared frame count', () => {
    const seconds = (1000 * 1152) / 44_100;
    expect(audioSeconds(bytes(xingFrame(1000), mp3Frames(3)))).toBeCloseTo(seconds, 6);
    expect(audioSeconds(bytes(id3(10), xingFrame(1000, 'Info')))).toBeCloseTo(seconds, 6);
    const vbri = new Uint8Array(MP3_FRAME);
    vbri.set(MP3_HEADER, 0);
    vbri.set(bytes('VBRI', [0, 1, 0, 0, 0, 0], u32be(0), u32be(1000)), 36);
    expect(audioSeconds(vbri)).toBeCloseTo(seconds, 6);
  });

  it('a header that understates the length is floored by the size at the highest usual bit rate', () => {
    // 400 frames (about 10.4 s) whose Xing header claims one frame: at least bytes / 40,000 per second.
    const file = bytes(xingFrame(1), mp3Frames(399));
    expect(audioSeconds(file)).toBeCloseTo(file.byteLength / 40_000, 6);
    const m4aFile = m4a(1000, 1, 640_000);
    expect(audioSeconds(m4aFile)).toBeCloseTo(m4aFile.byteLength / 64_000, 6);
    // An honest file is far from its floor.
    expect(audioSeconds(m4a(44_100, 44_100 * 60, 480_000))).toBe(60);
  });

  it('FLAC: total samples over the sample rate', () => {
    expect(flacSeconds(flac(16_000, 48_000))).toBe(3);
    expect(audioSeconds(bytes(id3(20), flac(44_100, 44_100 * 90)))).toBe(90);
    // Unknown total (0): not readable.
    expect(flacSeconds(flac(16_000, 0))).toBeNull();
  });

  it('Ogg: the last granule position, Opus at 48 kHz less its pre-skip, Vorbis at its own rate', () => {
    expect(oggSeconds(opus(2))).toBe(2);
    expect(audioSeconds(opus(7.5, 312, 5000))).toBe(7.5);
    expect(oggSeconds(vorbis(44_100, 88_200))).toBe(2);
  });

  it('MP4/M4A: the movie header duration over its time scale, after an mdat box too', () => {
    expect(mp4Seconds(m4a(1000, 5500))).toBe(5.5);
    expect(audioSeconds(m4a(600, 1800, 1000))).toBe(3);
  });

  it('WebM: the segment info duration times the timecode scale', () => {
    expect(matroskaSeconds(webm(4500))).toBe(4.5);
    expect(audioSeconds(webm(2000, 500_000))).toBe(1);
  });

  it('reads the files ffmpeg writes (__fixtures__/audio: 2.5 s of a tone at 8 kHz; MP3 pads to whole frames)', () => {
    const dir = join(__dirname, '__fixtures__', 'audio');
    const expected: Record<string, number> = {
      'tone-cbr.mp3': 2.664,
      'tone-vbr.mp3': 2.664,
      'tone.m4a': 2.5,
      'tone.ogg': 2.5,
      'tone-vorbis.ogg': 2.5,
      'tone.webm': 2.508,
      'tone.flac': 2.5,
    };
    for (const [name, seconds] of Object.entries(expected)) {
      expect([name, audioSeconds(new Uint8Array(readFileSync(join(dir, name))))]).toEqual([name, seconds]);
    }
  });

  it('anything else, or a header cut short, is null and never throws', () => {
    expect(audioSeconds(new Uint8Array(40_000))).toBeNull();
    expect(audioSeconds(bytes('OggS', [0]))).toBeNull();
    expect(audioSeconds(bytes(box('ftyp', 'M4A '), [0, 0, 0, 20], 'moov', [0, 0]))).toBeNull();
    expect(audioSeconds(webm(1000).subarray(0, 30))).toBeNull();
    expect(audioSeconds(flac(16_000, 48_000).subarray(0, 20))).toBeNull();
    // A stray sync byte in noise is not an MP3 frame: its successor is not a frame.
    const noise = new Uint8Array(5000).fill(7);
    noise.set(MP3_HEADER, 100);
    expect(mp3Seconds(noise)).toBeNull();
    for (let cut = 1; cut < 60; cut++) {
      for (const f of [wav(1), flac(8000, 8000), opus(1), m4a(10, 10), webm(10), xingFrame(5)]) expect(() => audioSeconds(f.subarray(0, cut))).not.toThrow();
    }
  });
});
