import { DEFAULT_RELAY_LIMITS } from '../canonical/limits';
import { parseEmbeddingRequest, parseModerationRequest, parseRerankRequest, parseSpeechRequest } from './parse-misc';
import { wavSeconds } from './audio-duration';
import { parseImageEditRequest, parseImageGenerationRequest, parseTranscriptionRequest } from './parse-media';
import type { MultipartFile } from '../canonical/request';
import { rejection } from '../canonical/__fixtures__/rejection';

/** A PCM WAV header + silence: `seconds` at 8 kHz mono 16-bit (16000 bytes per second). */
function wav(seconds: number, declaredBytes?: number): Uint8Array {
  const dataBytes = Math.round(seconds * 16000);
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'latin1');
  buf.write('fmt ', 12, 'latin1');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(8000, 24);
  buf.writeUInt32LE(16000, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'latin1');
  buf.writeUInt32LE(declaredBytes ?? dataBytes, 40);
  return new Uint8Array(buf);
}

const file = (data: Uint8Array, name = 'file'): MultipartFile => ({ name, filename: 'a.wav', contentType: 'audio/wav', data });

describe('image generation', () => {
  it('checks n, size and quality against the model table', () => {
    expect(parseImageGenerationRequest({ prompt: 'otter' })).toMatchObject({ model: 'dall-e-2', n: 1, size: null, body: { model: 'dall-e-2' } });
    expect(parseImageGenerationRequest({ model: 'dall-e-3', prompt: 'otter', size: '1792x1024', quality: 'hd' })).toMatchObject({ size: '1792x1024', quality: 'hd' });
    expect(rejection(() => parseImageGenerationRequest({ model: 'dall-e-3', prompt: 'o', n: 2 }))).toMatchObject({ param: 'n', params: { max: 1 } });
    expect(rejection(() => parseImageGenerationRequest({ model: 'dall-e-2', prompt: 'o', n: 11 }))).toMatchObject({ param: 'n', code: 'integer_above_max_value' });
    expect(rejection(() => parseImageGenerationRequest({ model: 'dall-e-2', prompt: 'o', size: '1792x1024' }))).toMatchObject({ param: 'size', code: 'invalid_value' });
    expect(rejection(() => parseImageGenerationRequest({ model: 'dall-e-3', prompt: 'o', quality: 'ultra' }))).toMatchObject({ param: 'quality' });
    expect(rejection(() => parseImageGenerationRequest({ model: 'dall-e-2' }))).toMatchObject({ param: 'prompt' });
  });

  it('bounds the size of models it does not know', () => {
    expect(parseImageGenerationRequest({ model: 'flux-dev', prompt: 'o', size: '1024x768' }).size).toBe('1024x768');
    expect(parseImageGenerationRequest({ model: 'flux-dev', prompt: 'o', size: '1024*768' }).size).toBe('1024*768');
    expect(rejection(() => parseImageGenerationRequest({ model: 'flux-dev', prompt: 'o', size: '99999x99999' }))).toMatchObject({ param: 'size' });
    expect(rejection(() => parseImageGenerationRequest({ model: 'flux-dev', prompt: 'o', size: 'huge' }))).toMatchObject({ param: 'size' });
  });
});

describe('image edits (multipart)', () => {
  const img = (bytes: number, name = 'image'): MultipartFile => ({ name, filename: 'i.png', contentType: 'image/png', data: new Uint8Array(bytes) });

  it('reads multipart numbers and requires an image', () => {
    const req = parseImageEditRequest({ fields: [{ name: 'prompt', value: 'hat' }, { name: 'n', value: '3' }], files: [img(10)] });
    expect(req).toMatchObject({ model: 'dall-e-2', n: 3, prompt: 'hat' });
    expect(req.form.fields).toContainEqual({ name: 'model', value: 'dall-e-2' });
    expect(rejection(() => parseImageEditRequest({ fields: [{ name: 'prompt', value: 'hat' }], files: [] }))).toMatchObject({ param: 'image' });
    expect(rejection(() => parseImageEditRequest({ fields: [{ name: 'prompt', value: 'hat' }, { name: 'n', value: '2.5' }], files: [img(1)] }))).toMatchObject({
      param: 'n',
      code: 'invalid_type',
    });
    expect(rejection(() => parseImageEditRequest({ fields: [{ name: 'prompt', value: 'hat' }, { name: 'n', value: '50' }], files: [img(1)] }))).toMatchObject({
      param: 'n',
    });
  });

  it('bounds the file count and size, and drops routing fields', () => {
    const limits = { ...DEFAULT_RELAY_LIMITS, maxImageEditBytes: 100, maxImageEditFiles: 2 };
    const many = [img(1, 'image[]'), img(1, 'image[]'), img(1, 'image[]')];
    expect(rejection(() => parseImageEditRequest({ fields: [{ name: 'prompt', value: 'p' }], files: many }, limits))).toMatchObject({ param: 'image' });
    expect(rejection(() => parseImageEditRequest({ fields: [{ name: 'prompt', value: 'p' }], files: [img(101)] }, limits))).toMatchObject({
      code: 'file_too_large',
    });
    const req = parseImageEditRequest({ fields: [{ name: 'prompt', value: 'p' }, { name: 'base_url', value: 'https://evil' }], files: [img(1)] });
    expect(req.form.fields.map((f) => f.name)).toEqual(['prompt', 'model']);
  });
});

describe('audio transcription (multipart)', () => {
  it('reads the exact duration of a WAV file', () => {
    expect(wavSeconds(wav(2.5))).toBe(2.5);
    expect(wavSeconds(new Uint8Array(100))).toBeNull();
    // A streamed WAV declares a huge data size; the bytes present bound it.
    expect(wavSeconds(wav(1, 0xffffffff))).toBe(1);
    const req = parseTranscriptionRequest('audio_transcription', { fields: [], files: [file(wav(3))] });
    expect(req).toMatchObject({ model: 'whisper-1', estimatedSeconds: 3, responseFormat: 'json', fileBytes: 44 + 48000 });
  });

  it('bounds size and duration, and estimates other formats from their size', () => {
    const limits = { ...DEFAULT_RELAY_LIMITS, maxAudioSeconds: 2, maxAudioBytes: 100_000 };
    expect(rejection(() => parseTranscriptionRequest('audio_transcription', { fields: [], files: [file(wav(3))] }, limits))).toMatchObject({
      code: 'integer_above_max_value',
      param: 'file',
    });
    expect(rejection(() => parseTranscriptionRequest('audio_translation', { fields: [], files: [file(new Uint8Array(100_001))] }, limits))).toMatchObject({
      code: 'file_too_large',
    });
    const mp3 = parseTranscriptionRequest('audio_translation', { fields: [], files: [file(new Uint8Array(40_000))] });
    expect(mp3.estimatedSeconds).toBe(10);
    expect(parseTranscriptionRequest('audio_translation', { fields: [], files: [file(new Uint8Array(99_000))] }, limits).estimatedSeconds).toBe(2);
    expect(rejection(() => parseTranscriptionRequest('audio_transcription', { fields: [], files: [] }))).toMatchObject({ param: 'file' });
    expect(
      rejection(() => parseTranscriptionRequest('audio_transcription', { fields: [{ name: 'response_format', value: 'xml' }], files: [file(wav(1))] })),
    ).toMatchObject({ param: 'response_format' });
    expect(
      rejection(() => parseTranscriptionRequest('audio_transcription', { fields: [{ name: 'temperature', value: '3' }], files: [file(wav(1))] })),
    ).toMatchObject({ param: 'temperature' });
  });
});

describe('embeddings, moderations, rerank, speech', () => {
  it('embeddings: strings or token arrays, bounded count, the path model as fallback', () => {
    expect(parseEmbeddingRequest({ model: 'e', input: ['a', [1, 2, 3], 7] })).toMatchObject({ inputs: ['a'], inputTokenCount: 4 });
    expect(parseEmbeddingRequest({ input: 'a' }, DEFAULT_RELAY_LIMITS, 'text-embedding-ada-002')).toMatchObject({
      model: 'text-embedding-ada-002',
      body: { model: 'text-embedding-ada-002' },
    });
    const limits = { ...DEFAULT_RELAY_LIMITS, maxEmbeddingInputs: 2 };
    expect(rejection(() => parseEmbeddingRequest({ model: 'e', input: ['a', 'b', 'c'] }, limits))).toMatchObject({ param: 'input' });
    expect(rejection(() => parseEmbeddingRequest({ model: 'e', input: [] }))).toMatchObject({ param: 'input' });
    expect(rejection(() => parseEmbeddingRequest({ model: 'e', input: 'a', dimensions: 0 }))).toMatchObject({ param: 'dimensions' });
  });

  it('moderations default their model', () => {
    expect(parseModerationRequest({ input: ['a', { type: 'image_url', image_url: { url: 'u' } }] })).toMatchObject({
      model: 'text-moderation-latest',
      inputs: ['a'],
      imageCount: 1,
    });
  });

  it('rerank: documents as strings or {text}, bounded', () => {
    expect(parseRerankRequest({ model: 'r', query: 'q', documents: ['a', { text: 'b' }], top_n: 1 })).toMatchObject({ documents: ['a', 'b'], topN: 1 });
    const limits = { ...DEFAULT_RELAY_LIMITS, maxRerankDocuments: 1 };
    expect(rejection(() => parseRerankRequest({ model: 'r', query: 'q', documents: ['a', 'b'] }, limits))).toMatchObject({ param: 'documents' });
    expect(rejection(() => parseRerankRequest({ model: 'r', query: 'q', documents: [3] }))).toMatchObject({ param: 'documents[0]' });
  });

  it('speech: input length, voice and speed are bounded', () => {
    expect(parseSpeechRequest({ input: 'hi', voice: 'alloy' })).toMatchObject({ model: 'tts-1', input: 'hi' });
    const limits = { ...DEFAULT_RELAY_LIMITS, maxSpeechChars: 3 };
    expect(rejection(() => parseSpeechRequest({ input: 'four', voice: 'alloy' }, limits))).toMatchObject({ code: 'string_above_max_length' });
    expect(rejection(() => parseSpeechRequest({ input: 'hi' }))).toMatchObject({ param: 'voice' });
    expect(rejection(() => parseSpeechRequest({ input: 'hi', voice: 'alloy', speed: 10 }))).toMatchObject({ param: 'speed' });
  });
});
