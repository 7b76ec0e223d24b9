// Spec §4: logging in as root with the factory password shows 'You are using the default
// password! Change it immediately!'. The login answer's default_password flag is kept on the
// stored user; the dialog shows until the password is changed or it is put off: once per login
// session (the flag is in localStorage, so reloads and new tabs keep it; setUser clears it at
// the next login or logout).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogActions } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { DEFAULT_PASSWORD_LATER_KEY as LATER_KEY, useSession } from '../../app/session';

export function DefaultPasswordDialog() {
  const { t } = useT();
  const { user } = useSession();
  const navigate = useNavigate();
  const [later, setLater] = useState(() => localStorage.getItem(LATER_KEY) === '1');
  const open = user?.default_password === true && !later;
  const putOff = () => {
    localStorage.setItem(LATER_KEY, '1');
    setLater(true);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) putOff();
      }}
      title={t('console.auth.defaultPassword.title')}
      size="sm"
      footer={
        <DialogActions
          cancelText={t('console.auth.defaultPassword.later')}
          confirmText={t('console.auth.defaultPassword.change')}
          tone="danger"
          onConfirm={() => {
            putOff();
            navigate('/setting');
          }}
        />
      }
    >
      <p role="alert">{t('console.auth.defaultPassword.body')}</p>
    </Dialog>
  );
}
