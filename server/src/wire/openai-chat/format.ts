import type { ChatRequest } from '../canonical/request';
import type { InboundFormat } from '../format';
import { OPENAI_ERRORS, encodeOpenAIChatResponse } from './openai-chat';
import { parseChatRequest } from './parse';
import { OpenAIChatStreamEncoder } from './stream';

/** `POST /v1/chat/completions`. */
export const openAIChatFormat: InboundFormat<ChatRequest> = {
  name: 'openai-chat',
  parse: (input, limits) => parseChatRequest(input, limits),
  encodeResponse: (res) => encodeOpenAIChatResponse(res, Math.floor(Date.now() / 1000)),
  openStream: (req) => new OpenAIChatStreamEncoder(req.clientIncludeUsage, req.model),
  errorResponse: OPENAI_ERRORS.errorResponse,
};
