// The system access token (spec §2 screen 9): GET /api/user/token makes a new one (the old one
// stops working) and answers it once; it is shown here and copied to the clipboard.
import { useState } from 'react';
import { Button, Card, CopyButton, FormField, Stack, useClipboard, Input } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApi } from '../../api/useApi';

export function AccessTokenCard() {
  const { t } = useT();
  const { call } = useApi();
  const { copy, manualCopyDialog } = useClipboard();
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const generate = async () => {
    setBusy(true);
    const res = await call<string>('GET', '/api/user/token');
    setBusy(false);
    if (res && typeof res.data === 'string') {
      setToken(res.data);
      await copy(res.data, { successMessage: t('console.personal.token.reset') });
    }
  };

  return (
    <Card title={t('console.personal.token.title')} description={t('console.personal.token.description')}>
      <Stack gap={3}>
        {token ? (
          <FormField label={t('console.personal.token.label')} hint={t('console.personal.token.shownOnce')}>
            <Input
              readOnly
              value={token}
              data-testid="access-token"
              suffix={<CopyButton appearance="icon" text={token} successMessage={t('console.personal.token.copied')} />}
            />
          </FormField>
        ) : null}
        <Stack direction="row">
          <Button variant={token ? 'outline' : 'primary'} loading={busy} onClick={() => void generate()}>
            {token ? t('console.personal.token.regenerate') : t('console.personal.token.generate')}
          </Button>
        </Stack>
      </Stack>
      {manualCopyDialog}
    </Card>
  );
}
