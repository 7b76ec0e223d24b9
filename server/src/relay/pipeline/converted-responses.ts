import { convertedChat } from './converted-chat';
import { chatBodyOfResponses } from '../../wire/openai-responses/chat-body';
import { openAIResponsesFormat } from '../../wire/openai-responses/openai-responses';

/**
 * `POST /v1/responses` on a channel without a Responses capability: the request becomes an OpenAI
 * chat body (wire/openai-responses/chat-body.ts; function tools' `strict` and the schema's details
 * only an OpenAI-wire provider carries), served through the chat contract (see converted-chat.ts).
 */
export const { asChatRequest, build, parseResponse, openStream } = convertedChat(openAIResponsesFormat, { chatBody: chatBodyOfResponses });
