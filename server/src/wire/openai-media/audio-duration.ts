/**
 * Duration of an uploaded audio file, read from its headers (speech-to-text is billed by
 * duration, and whisper-1 reports none for the text, srt and vtt formats). Supports what clients
 * send in practice: WAV, MP3 (Xing/Info, VBRI or constant bitrate), FLAC, Ogg (Opus, Vorbis),
 * MP4/M4A and WebM/Matroska. Every reader is bounded by the buffer and returns null when the file
 * is not its format or does not say; the caller then estimates from the size.
 *
 * Duration fields are the client's word (a decoder plays every frame whatever the header says),
 * so a compressed file is billed at least its size over the format's highest usual bit rate: an
 * honest file never reaches that floor, and a header that understates the length cannot make a
 * long recording cheap. WAV needs no floor: its byte rate is how the samples are played.
 */
export function audioSeconds(data: Uint8Array): number | null {
  for (const [read, maxBytesPerSecond] of READERS) {
    let seconds: number | null;
    try {
      seconds = read(data);
    } catch {
      // A header cut short (a DataView read past the end): not this format, or not readable.
      seconds = null;
    }
    if (seconds !== null && Number.isFinite(seconds) && seconds > 0) {
      return maxBytesPerSecond === null ? seconds : Math.max(seconds, data.byteLength / maxBytesPerSecond);
    }
  }
  return null;
}

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

function ascii(data: Uint8Array, at: number, length: number): string {
  let s = '';
  for (let i = at; i < at + length && i < data.byteLength; i++) s += String.fromCharCode(data[i] ?? 0);
  return s;
}

/** PCM WAV: the data chunk's size over the byte rate of the fmt chunk. */
export function wavSeconds(data: Uint8Array): number | null {
  if (data.byteLength < 44 || ascii(data, 0, 4) !== 'RIFF' || ascii(data, 8, 4) !== 'WAVE') return null;
  const v = view(data);
  let byteRate = 0;
  let at = 12;
  // Walk the chunks; bounded by the buffer, each step advances at least 8 bytes.
  while (at + 8 <= data.byteLength) {
    const id = ascii(data, at, 4);
    const size = v.getUint32(at + 4, true);
    if (id === 'fmt ' && at + 16 <= data.byteLength) byteRate = v.getUint32(at + 16, true);
    if (id === 'data') {
      if (byteRate === 0) return null;
      // A streamed WAV may carry a placeholder size; the bytes actually present bound it.
      const present = Math.min(size, data.byteLength - at - 8);
      return present / byteRate;
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

/** Bytes of an ID3v2 tag at the start (MP3 and FLAC files may carry one), else 0. */
function id3Length(data: Uint8Array): number {
  if (data.byteLength < 10 || ascii(data, 0, 3) !== 'ID3') return 0;
  const size = (((data[6] ?? 0) & 0x7f) << 21) | (((data[7] ?? 0) & 0x7f) << 14) | (((data[8] ?? 0) & 0x7f) << 7) | ((data[9] ?? 0) & 0x7f);
  const footer = ((data[5] ?? 0) & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** FLAC: total samples over the sample rate, from STREAMINFO. */
export function flacSeconds(data: Uint8Array): number | null {
  const at = id3Length(data);
  if (ascii(data, at, 4) !== 'fLaC') return null;
  // The first metadata block is STREAMINFO (type 0, 34 bytes).
  const block = at + 4;
  if (((data[block] ?? 0xff) & 0x7f) !== 0) return null;
  const info = block + 4;
  if (info + 18 > data.byteLength) return null;
  const b = (i: number): number => data[info + i] ?? 0;
  const rate = (b(10) << 12) | (b(11) << 4) | (b(12) >> 4);
  const samples = (b(13) & 0x0f) * 2 ** 32 + view(data).getUint32(info + 14);
  if (rate === 0 || samples === 0) return null;
  return samples / rate;
}

const OGG_TAIL_BYTES = 256 * 1024;

/** Ogg Opus or Vorbis: the last page's granule position over the stream's sample rate. */
export function oggSeconds(data: Uint8Array): number | null {
  if (data.byteLength < 28 || ascii(data, 0, 4) !== 'OggS') return null;
  const v = view(data);
  const serial = v.getUint32(14, true);
  const packet = 27 + (data[26] ?? 0);
  let rate: number;
  let preSkip = 0;
  if (ascii(data, packet, 8) === 'OpusHead') {
    // Opus granule positions always count 48 kHz samples.
    rate = 48_000;
    preSkip = v.getUint16(packet + 10, true);
  } else if (ascii(data, packet, 7) === '\x01vorbis') {
    rate = v.getUint32(packet + 12, true);
  } else {
    return null;
  }
  if (rate === 0) return null;
  // The last page of the stream, found from the end (a page is under 64 KiB).
  const floor = Math.max(0, data.byteLength - OGG_TAIL_BYTES);
  for (let at = data.byteLength - 27; at >= floor; at--) {
    if (data[at] !== 0x4f || ascii(data, at, 4) !== 'OggS' || v.getUint32(at + 14, true) !== serial) continue;
    const granule = Number(v.getBigInt64(at + 6, true));
    if (granule <= 0) continue;
    return Math.max(0, granule - preSkip) / rate;
  }
  return null;
}

/** MP4 / M4A / MOV: the movie header's duration over its time scale. */
export function mp4Seconds(data: Uint8Array): number | null {
  if (data.byteLength < 16 || ascii(data, 4, 4) !== 'ftyp') return null;
  const v = view(data);
  const moov = findBox(data, v, 0, data.byteLength, 'moov');
  if (!moov) return null;
  const mvhd = findBox(data, v, moov.body, moov.end, 'mvhd');
  if (!mvhd) return null;
  const version = data[mvhd.body] ?? 0;
  const at = mvhd.body + 4;
  const scale = version === 1 ? v.getUint32(at + 16) : v.getUint32(at + 8);
  const duration = version === 1 ? Number(v.getBigUint64(at + 20)) : v.getUint32(at + 12);
  if (scale === 0) return null;
  return duration / scale;
}

function findBox(data: Uint8Array, v: DataView, from: number, to: number, type: string): { body: number; end: number } | null {
  let at = from;
  while (at + 8 <= to) {
    let size = v.getUint32(at);
    let header = 8;
    if (size === 1) {
      size = Number(v.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header) return null;
    if (ascii(data, at + 4, 4) === type) return { body: at + header, end: Math.min(at + size, to) };
    at += size;
  }
  return null;
}

/** An EBML variable-length integer: its length in bytes and value (the size marker removed). */
function vint(data: Uint8Array, at: number): { length: number; value: number; unknown: boolean } | null {
  const first = data[at];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && (first & (0x80 >> (length - 1))) === 0) length++;
  if (length > 8 || at + length > data.byteLength) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = data[at + i] ?? 0;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { length, value, unknown: allOnes };
}

/** An EBML element id, marker bits kept (as the Matroska specification writes them). */
function ebmlId(data: Uint8Array, at: number): { length: number; id: number } | null {
  const len = vint(data, at);
  if (!len || len.length > 4) return null;
  let id = 0;
  for (let i = 0; i < len.length; i++) id = id * 256 + (data[at + i] ?? 0);
  return { length: len.length, id };
}

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

/** WebM / Matroska: the segment info's duration times its timecode scale (nanoseconds per tick). */
export function matroskaSeconds(data: Uint8Array): number | null {
  const v = view(data);
  const element = (at: number): { id: number; body: number; end: number; unknown: boolean } | null => {
    const id = ebmlId(data, at);
    if (!id) return null;
    const size = vint(data, at + id.length);
    if (!size) return null;
    const body = at + id.length + size.length;
    return { id: id.id, body, end: size.unknown ? data.byteLength : Math.min(body + size.value, data.byteLength), unknown: size.unknown };
  };
  const header = element(0);
  if (!header || header.id !== EBML_HEADER) return null;
  let at = header.end;
  let segment = element(at);
  while (segment && segment.id !== SEGMENT && segment.end > at) {
    at = segment.end;
    segment = element(at);
  }
  if (!segment || segment.id !== SEGMENT) return null;
  for (let child = segment.body; child < segment.end; ) {
    const e = element(child);
    // Clusters of unknown size come after the info: nothing past them can be walked.
    if (!e || e.unknown || e.end <= child) return null;
    if (e.id === INFO) {
      let scale = 1_000_000;
      let duration: number | null = null;
      for (let f = e.body; f < e.end; ) {
        const field = element(f);
        if (!field || field.end <= f) break;
        const n = field.end - field.body;
        if (field.id === TIMECODE_SCALE && n >= 1 && n <= 6) {
          scale = 0;
          for (let i = field.body; i < field.end; i++) scale = scale * 256 + (data[i] ?? 0);
        } else if (field.id === DURATION && (n === 4 || n === 8)) {
          duration = n === 4 ? v.getFloat32(field.body) : v.getFloat64(field.body);
        }
        f = field.end;
      }
      return duration === null ? null : (duration * scale) / 1e9;
    }
    child = e.end;
  }
  return null;
}

const MP3_BITRATES: Record<string, number[]> = {
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  '2-3': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_RATES: Record<number, number[]> = { 1: [44_100, 48_000, 32_000], 2: [22_050, 24_000, 16_000], 25: [11_025, 12_000, 8_000] };

interface Mp3Frame {
  version: 1 | 2 | 25;
  layer: 1 | 2 | 3;
  bitrate: number;
  rate: number;
  samples: number;
  length: number;
  mono: boolean;
}

function mp3Frame(data: Uint8Array, at: number): Mp3Frame | null {
  const b1 = data[at + 1] ?? 0;
  const b2 = data[at + 2] ?? 0;
  const b3 = data[at + 3] ?? 0;
  if (data[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  if (versionBits === 1 || layerBits === 0) return null;
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 25;
  const layer = (4 - layerBits) as 1 | 2 | 3;
  const bitrate = MP3_BITRATES[`${version === 1 ? 1 : 2}-${layer}`]?.[b2 >> 4] ?? 0;
  const rate = MP3_RATES[version]?.[(b2 >> 2) & 3] ?? 0;
  if (bitrate === 0 || rate === 0) return null;
  const padding = (b2 >> 1) & 1;
  const samples = layer === 1 ? 384 : layer === 2 || version === 1 ? 1152 : 576;
  const length =
    layer === 1 ? (Math.floor((12 * bitrate * 1000) / rate) + padding) * 4 : Math.floor(((samples / 8) * bitrate * 1000) / rate) + padding;
  return { version, layer, bitrate, rate, samples, length, mono: b3 >> 6 === 3 };
}

/** Where the first MP3 frame is looked for, past any ID3v2 tag. */
const MP3_SYNC_SEARCH_BYTES = 64 * 1024;

/** MP3: frame count of a Xing/Info or VBRI header, else the audio bytes over a constant bitrate. */
export function mp3Seconds(data: Uint8Array): number | null {
  const start = id3Length(data);
  const stop = Math.min(data.byteLength - 4, start + MP3_SYNC_SEARCH_BYTES);
  for (let at = start; at < stop; at++) {
    const frame = mp3Frame(data, at);
    if (!frame || frame.layer !== 3) continue;
    const v = view(data);
    const sideInfo = frame.version === 1 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
    const xing = at + 4 + sideInfo;
    const tag = ascii(data, xing, 4);
    if ((tag === 'Xing' || tag === 'Info') && xing + 12 <= data.byteLength && (v.getUint32(xing + 4) & 1) === 1) {
      return (v.getUint32(xing + 8) * frame.samples) / frame.rate;
    }
    if (ascii(data, at + 36, 4) === 'VBRI' && at + 54 <= data.byteLength) {
      return (v.getUint32(at + 50) * frame.samples) / frame.rate;
    }
    // Without such a header, a real frame is followed by another one: a stray 0xFF is not.
    const second = mp3Frame(data, at + frame.length);
    if (!second || second.layer !== 3) continue;
    const id3v1 = data.byteLength >= 128 && ascii(data, data.byteLength - 128, 3) === 'TAG' ? 128 : 0;
    const audioBytes = data.byteLength - at - id3v1;
    return (audioBytes * 8) / (frame.bitrate * 1000);
  }
  return null;
}

/** Each format's reader and its highest usual bit rate in bytes per second (null: none needed). */
const READERS: [(data: Uint8Array) => number | null, number | null][] = [
  [wavSeconds, null],
  // 24-bit 192 kHz stereo, before compression.
  [flacSeconds, 1_152_000],
  // Opus and Vorbis top out near 510 kbit/s, AAC at 512 kbit/s, MP3 at 320 kbit/s.
  [oggSeconds, 64_000],
  [mp4Seconds, 64_000],
  [matroskaSeconds, 64_000],
  [mp3Seconds, 40_000],
];
