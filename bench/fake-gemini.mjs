// The Gemini generateContent wire for the relay benchmark's fake upstream (issue 21): the JSON
// `GenerateContentResponse` and the `streamGenerateContent?alt=sse` events (one candidate's text per
// event, the last with finishReason STOP and usageMetadata), serialised once per model and shape, and
// Google's `{error:{code,message,status}}`. The routes live in fake-upstream.mjs
// (`POST /v1beta/models/{model}:generateContent` and `:streamGenerateContent`).
//
// Shapes as in Google's public Gemini API reference (and test/support/fakes/gemini.ts).

const WORDS = ['Hello', ' there', '!', ' How', ' can', ' I', ' help', ' you', ' today', '?'];
const USAGE = { promptTokenCount: 9, candidatesTokenCount: 12, totalTokenCount: 21 };

const json = (v) => Buffer.from(JSON.stringify(v));

/** The non-stream answer (one candidate, STOP, usage). */
export function generateContentBody(model) {
  return json({
    candidates: [{ content: { parts: [{ text: WORDS.join('') }], role: 'model' }, finishReason: 'STOP', index: 0 }],
    usageMetadata: USAGE,
    modelVersion: model,
    responseId: 'bench-gemini-response',
  });
}

/** The stream's SSE events: `chunks` text pieces, the last carrying the finish and the usage. */
export function generateContentFrames(model, chunks) {
  const frames = [];
  const n = Math.max(1, chunks);
  for (let i = 0; i < n; i++) {
    const last = i === n - 1;
    const candidate = { content: { parts: [{ text: WORDS[i % WORDS.length] }], role: 'model' }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) };
    const event = { candidates: [candidate], ...(last ? { usageMetadata: USAGE } : {}), modelVersion: model, responseId: 'bench-gemini-response' };
    frames.push(Buffer.from(`data: ${JSON.stringify(event)}\r\n\r\n`));
  }
  return frames;
}

/** A Google API error body. */
export function googleError(res, status, message, rpcStatus = 'INVALID_ARGUMENT') {
  const body = json({ error: { code: status, message, status: rpcStatus } });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
}
