import { anthropicMessagesFormat, chatFromAnthropic } from './inbound/anthropic-messages';
import { openAIChatBody } from './inbound/openai-chat';
import { convertedChat } from './converted-chat';

/** `POST /v1/messages` on a channel without a Messages capability (see converted-chat.ts). */
export const { asChatRequest, build, parseResponse, openStream } = convertedChat(anthropicMessagesFormat, (req) => openAIChatBody(chatFromAnthropic(req, req.model)));
