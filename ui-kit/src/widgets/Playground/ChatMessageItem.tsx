// One message of the conversation. Model output goes through the kit's safe Markdown
// (escaped HTML, allowlisted link protocols), never through innerHTML.
import { memo } from 'react';
import { NETWORK_ERROR } from '../../api/client';
import { Markdown } from '../../components/Markdown';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../i18n';
import type { ChatMessage } from './chat';
import {
  StyledMessage,
  StyledMessageError,
  StyledMessageMeta,
  StyledUserText,
} from './Playground.styles';

export interface ChatMessageItemProps {
  message: Pick<ChatMessage, 'role' | 'content' | 'status' | 'error'>;
}

export const ChatMessageItem = memo(function ChatMessageItem({ message }: ChatMessageItemProps) {
  const { t } = useT();
  const { role, content, status, error } = message;
  const who = role === 'user' ? t('playground.you') : t('playground.assistant');
  return (
    <StyledMessage $role={role} data-role={role} data-status={status} aria-label={who}>
      {role === 'user' ? (
        <StyledUserText>{content}</StyledUserText>
      ) : (
        content !== '' && <Markdown size="sm">{content}</Markdown>
      )}
      {status === 'loading' && (
        <StyledMessageMeta>
          <Spinner size="sm" tip={t('playground.thinking')} />
        </StyledMessageMeta>
      )}
      {status === 'incomplete' && (
        <StyledMessageMeta>
          <Spinner size="sm" label={t('playground.generating')} />
        </StyledMessageMeta>
      )}
      {status === 'error' && (
        <StyledMessageError role="alert">
          {t('playground.errorPrefix')}
          {error === undefined || error === NETWORK_ERROR ? t('playground.cannotConnect') : error}
        </StyledMessageError>
      )}
    </StyledMessage>
  );
});
