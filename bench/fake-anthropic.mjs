// The Anthropic Messages wire format for the relay benchmark's fake upstream (issue 15): the
// non-stream JSON message and the SSE event sequence (message_start, content_block_start, ping,
// content_block_delta per chunk, content_block_stop, message_delta with usage, message_stop),
// serialised once per model and stream shape, and `{"type":"error",...}` errors. The routes live
// in fake-upstream.mjs (`POST /v1/messages`), so held streams, /__bench/config and the "upstream
// CPU" figure are the same process for the OpenAI and the Claude paths.
//
// Shapes as in Anthropic's public Messages and streaming references (and test/support/fakes/anthropic.ts).

const ID = 'msg_bench00000000000000000000';
const WORDS = ['Hello', ' there', '!', ' How', ' can', ' I', ' help', ' you', ' today', '?'];
const USAGE = { input_tokens: 9, output_tokens: 12, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

const json = (v) => Buffer.from(JSON.stringify(v));
const event = (type, v) => Buffer.from(`event: ${type}\ndata: ${JSON.stringify({ type, ...v })}\n\n`);

/** The non-stream answer (one text block, end_turn, usage). */
export function messageBody(model) {
  return json({
    id: ID,
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text: WORDS.join('') }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: USAGE,
  });
}

/** The stream's frames: `chunks` text deltas between the opening and closing events. */
export function messageFrames(model, chunks) {
  const frames = [
    event('message_start', {
      message: { id: ID, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { ...USAGE, output_tokens: 1 } },
    }),
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    event('ping', {}),
  ];
  for (let i = 0; i < chunks; i++) frames.push(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: WORDS[i % WORDS.length] } }));
  frames.push(event('content_block_stop', { index: 0 }));
  frames.push(event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: USAGE.output_tokens } }));
  frames.push(event('message_stop', {}));
  return frames;
}

/** An Anthropic error body. */
export function anthropicError(res, status, message, type = 'invalid_request_error') {
  const body = json({ type: 'error', error: { type, message } });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
}
