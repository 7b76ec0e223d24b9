import { convertedChat } from './converted-chat';
import { chatFromResponses } from '../../wire/openai-responses/client-request';
import { openAIResponsesFormat } from '../../wire/openai-responses/openai-responses';

/**
 * `POST /v1/responses` on a channel without a Responses capability: the request becomes the
 * canonical chat (wire/openai-responses/client-request.ts), served through the chat contract in
 * two hops like the other client formats (see converted-chat.ts).
 */
export const { asChatRequest, build, parseResponse, openStream } = convertedChat(openAIResponsesFormat, (req) => chatFromResponses(req, req.model));
