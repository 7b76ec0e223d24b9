// Runs a conversation against any streaming function shaped like SluiceClient.streamChat:
// appends tokens as they arrive, and maps the end, errors and aborts onto the reducer.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { NETWORK_ERROR, SluiceApiError } from '../../api/client';
import type { ChatCompletionRequest, ChatStreamEvent } from '../../api/types';
import { buildChatRequest, chatReducer, newMessageId, type ChatMessage, type PlaygroundSettings } from './chat';

export type ChatStreamFn = (
  request: ChatCompletionRequest,
  signal?: AbortSignal,
) => AsyncIterable<ChatStreamEvent>;

export interface PlaygroundChat {
  messages: ChatMessage[];
  send: (text: string, settings: PlaygroundSettings) => void;
  stop: () => void;
  clear: () => void;
}

/** Errors keep their server text; failures to connect become NETWORK_ERROR for the view to translate. */
export function streamErrorMessage(error: unknown): string {
  if (error instanceof SluiceApiError) return error.status === 0 ? NETWORK_ERROR : error.message;
  if (error instanceof TypeError) return NETWORK_ERROR;
  if (error instanceof Error && error.message !== '') return error.message;
  return NETWORK_ERROR;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** `initial` seeds the conversation once (a conversation kept from an earlier visit). */
export function usePlaygroundChat(stream: ChatStreamFn, initial?: readonly ChatMessage[]): PlaygroundChat {
  const [messages, dispatch] = useReducer(chatReducer, initial, (seed) => (seed ? [...seed] : []));
  const controller = useRef<AbortController | null>(null);
  // The latest history without re-creating send() on every token.
  const history = useRef(messages);
  history.current = messages;

  useEffect(() => () => controller.current?.abort(), []);

  const send = useCallback(
    (text: string, settings: PlaygroundSettings) => {
      const request = buildChatRequest(settings, history.current, text);
      const now = Date.now();
      const user: ChatMessage = { id: newMessageId(), role: 'user', content: text, createAt: now, status: 'complete' };
      const assistant: ChatMessage = { id: newMessageId(), role: 'assistant', content: '', createAt: now, status: 'loading' };
      dispatch({ type: 'send', user, assistant });
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      void (async () => {
        try {
          for await (const event of stream(request, abort.signal)) {
            if (event.type === 'delta') dispatch({ type: 'delta', id: assistant.id, content: event.content });
            else break;
          }
          dispatch({ type: 'complete', id: assistant.id });
        } catch (error) {
          // Stopping keeps what arrived so far as the finished reply.
          if (isAbort(error) || abort.signal.aborted) dispatch({ type: 'complete', id: assistant.id });
          else dispatch({ type: 'error', id: assistant.id, message: streamErrorMessage(error) });
        } finally {
          if (controller.current === abort) controller.current = null;
        }
      })();
    },
    [stream],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const clear = useCallback(() => {
    controller.current?.abort();
    dispatch({ type: 'clear' });
  }, []);

  return { messages, send, stop, clear };
}
