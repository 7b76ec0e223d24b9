// Spec §4: logging in as root with the factory password shows 'You are using the default
// password! Change it immediately!'. The login answer's default_password flag is kept on the
// stored user; the dialog shows until the password is changed or it is put off for this visit.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogActions } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';

const LATER_KEY = 'default-password-later';

export function DefaultPasswordDialog() {
  const { t } = useT();
  const { user } = useSession();
  const navigate = useNavigate();
  const [later, setLater] = useState(() => sessionStorage.getItem(LATER_KEY) === '1');
  const open = user?.default_password === true && !later;
  const putOff = () => {
    sessionStorage.setItem(LATER_KEY, '1');
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
