import { z } from 'zod';
import type { RelayRouteDef } from '../relay/edge/relay-doc';

/**
 * `GET /v1/realtime?model=`: OpenAI's realtime API as a WebSocket, relayed (RealtimeService
 * answers the HTTP upgrade on this path). Its row for the OpenAPI document, next to the route tables.
 */
export const REALTIME_ROUTE: RelayRouteDef<'realtime'> = {
  method: 'GET',
  url: '/v1/realtime',
  serve: 'realtime',
  doc: {
    keys: 'realtime',
    errors: 'openai',
    tag: 'Realtime',
    websocket: true,
    summary: "OpenAI's realtime API over a WebSocket",
    description: [
      'A WebSocket upgrade (`Connection: Upgrade`, `Upgrade: websocket`), relayed to one upstream socket on an OpenAI or Azure channel; the frames are the realtime API\'s JSON events both ways, billed from the upstream\'s `response.done` usage.',
      'The key comes as `Authorization: Bearer sk-...` (or `x-api-key`), or in the browser form as the subprotocol `openai-insecure-api-key.<key>` beside `realtime` (`Sec-WebSocket-Protocol`).',
      'A refused upgrade is a plain HTTP answer with the OpenAI error body; a client frame above 4 MiB closes the session with an error event.',
    ].join('\n\n'),
    query: z.object({ model: z.string().min(1).max(256).describe('The realtime model') }),
    answer: { status: 101, description: 'Switching Protocols: the WebSocket session' },
  },
};
