// Opens a chat address the way the quick-configuration dialog chose: in the chat page's frame
// (the address travels in the navigation state, never in the URL bar) or in a new window.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { ChatOpenMode } from './chatLaunch';

export interface ChatFrameState {
  chatUrl: string;
}

export function isChatFrameState(value: unknown): value is ChatFrameState {
  return typeof value === 'object' && value !== null && typeof (value as { chatUrl?: unknown }).chatUrl === 'string';
}

export function useChatLauncher(): (url: string, mode: ChatOpenMode) => void {
  const navigate = useNavigate();
  return useCallback(
    (url: string, mode: ChatOpenMode) => {
      if (mode === 'window') window.open(url, '_blank', 'noopener,noreferrer');
      else navigate('/chat', { state: { chatUrl: url } satisfies ChatFrameState });
    },
    [navigate],
  );
}
