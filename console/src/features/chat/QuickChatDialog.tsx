// The quick-configuration chat dialog (spec §2.13): a token (or a typed one), the API address,
// chat link 1 or 2, and a frame or a new window. Confirm stays disabled without a token.
import { useEffect, useMemo, useState } from 'react';
import { Banner, Button, Dialog, DialogActions, FormField, FormGrid, Input, Select, Spinner, Stack, toast } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { availableLinks, chatAddress, siteOrigin, type ChatLaunch, type ChatLinkChoice, type ChatOpenMode } from './chatLaunch';
import { useChatTokens } from './useChatTokens';

export interface QuickChatDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chosen address and how to open it. */
  onLaunch: (url: string, mode: ChatOpenMode) => void;
}

export function QuickChatDialog({ open, onOpenChange, onLaunch }: QuickChatDialogProps) {
  const { t } = useT();
  const { status, user } = useSession();
  const links = useMemo(() => availableLinks(status), [status]);
  // /chat is public (spec §2): a visitor types a key; only a signed-in user's tokens are listed.
  const { state, reload } = useChatTokens(open && user !== null, t('console.tokens.quick.defaultTokenName'));
  const [tokenId, setTokenId] = useState<string | null>(null);
  const [customKey, setCustomKey] = useState('');
  const [server, setServer] = useState('');
  const [link, setLink] = useState<ChatLinkChoice>(1);
  const [mode, setMode] = useState<ChatOpenMode>('frame');

  // The first token is chosen for the user; link 1 unless only link 2 exists.
  useEffect(() => {
    if (state.phase === 'ready' && tokenId === null && state.tokens[0]) setTokenId(String(state.tokens[0].id));
  }, [state, tokenId]);
  useEffect(() => {
    if (links.length > 0 && !links.includes(link)) setLink(links[0] as ChatLinkChoice);
  }, [links, link]);

  const tokens = state.phase === 'ready' ? state.tokens : [];
  const chosen = tokens.find((tok) => String(tok.id) === tokenId);
  const key = customKey.trim() || chosen?.key || '';

  const confirm = () => {
    const launch: ChatLaunch = { key, link, serverAddress: server, mode };
    const url = chatAddress(launch, status);
    if (!url) {
      toast.error(t('console.tokens.noChatLink'));
      return;
    }
    onLaunch(url, mode);
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('console.tokens.quick.title')}
      description={t('console.tokens.quick.description')}
      footer={
        <DialogActions
          cancelText={t('common.cancel')}
          cancelVariant="secondary"
          confirmText={t('console.tokens.quick.confirm')}
          disabled={key === '' || links.length === 0}
          onConfirm={confirm}
        />
      }
    >
      <Stack gap={3}>
        {links.length === 0 && <Banner type="warning">{t('console.tokens.noChatLink')}</Banner>}
        {user !== null && state.phase === 'loading' && <Spinner tip={t('common.loading')} />}
        {state.phase === 'failed' && (
          <Banner
            type="danger"
            actions={
              <Button size="sm" onClick={reload}>
                {t('common.retry')}
              </Button>
            }
          >
            {t(state.reason === 'load' ? 'console.tokens.quick.loadFailed' : 'console.tokens.quick.createFailed', { message: state.message })}
          </Banner>
        )}
        {user === null && <Banner type="info">{t('console.tokens.quick.anonymous')}</Banner>}
        <FormGrid columns={1}>
          {user !== null && (
          <FormField label={t('console.tokens.quick.token')} hint={t('console.tokens.quick.tokenHint')}>
            <Select
              aria-label={t('console.tokens.quick.token')}
              options={tokens.map((tok) => ({ value: String(tok.id), label: tok.name }))}
              value={tokenId}
              onValueChange={setTokenId}
              searchable
              loading={state.phase === 'loading'}
              placeholder={t('console.tokens.quick.tokenPlaceholder')}
            />
          </FormField>
          )}
          <FormField label={t('console.tokens.quick.customKey')}>
            <Input value={customKey} onValueChange={setCustomKey} placeholder="sk-..." autoComplete="off" clearable />
          </FormField>
          <FormField label={t('console.tokens.quick.server')} hint={t('console.tokens.quick.serverHint')}>
            <Input value={server} onValueChange={setServer} placeholder={siteOrigin(status)} inputMode="url" clearable />
          </FormField>
          <FormField label={t('console.tokens.quick.link')}>
            <Select
              aria-label={t('console.tokens.quick.link')}
              options={links.map((n) => ({ value: String(n), label: t(n === 1 ? 'console.tokens.quick.link1' : 'console.tokens.quick.link2') }))}
              value={String(link)}
              onValueChange={(v) => setLink(v === '2' ? 2 : 1)}
            />
          </FormField>
          <FormField label={t('console.tokens.quick.mode')}>
            <Select
              aria-label={t('console.tokens.quick.mode')}
              options={[
                { value: 'frame', label: t('console.tokens.quick.modeFrame') },
                { value: 'window', label: t('console.tokens.quick.modeWindow') },
              ]}
              value={mode}
              onValueChange={(v) => setMode(v === 'window' ? 'window' : 'frame')}
            />
          </FormField>
        </FormGrid>
      </Stack>
    </Dialog>
  );
}
