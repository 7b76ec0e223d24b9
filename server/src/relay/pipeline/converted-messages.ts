import { anthropicMessagesFormat, chatFromAnthropic } from '../../wire/anthropic-messages/anthropic-messages';
import { convertedChat } from './converted-chat';

/** `POST /v1/messages` on a channel without a Messages capability (see converted-chat.ts). */
export const { asChatRequest, build, parseResponse, openStream } = convertedChat(anthropicMessagesFormat, (req) => chatFromAnthropic(req, req.model));
