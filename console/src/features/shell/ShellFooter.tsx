// The footer of spec §2.2: the stored custom footer HTML through the kit's sanitizer, else a
// default credit line. Like the reference it reads the stored status again 5 times, 200 ms
// apart, so a footer stored just after start shows without a reload.
import { lazy, Suspense, useEffect, useState } from 'react';
import { AppFooter } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { readStoredStatus } from '../../api/status';
import { useSession } from '../../app/session';

const CustomFooter = lazy(async () => ({ default: (await import('./CustomFooter')).CustomFooter }));

export function ShellFooter() {
  const { t } = useT();
  const { status } = useSession();
  const [stored, setStored] = useState<string>(() => String(readStoredStatus().footer_html ?? ''));

  useEffect(() => {
    let count = 0;
    const timer = setInterval(() => {
      count += 1;
      setStored(String(readStoredStatus().footer_html ?? ''));
      if (count >= 5) clearInterval(timer);
    }, 200);
    return () => clearInterval(timer);
  }, []);

  const html = typeof status.footer_html === 'string' && status.footer_html.trim() !== '' ? status.footer_html : stored;
  return (
    <AppFooter>
      {html.trim() !== '' ? (
        <Suspense fallback={null}>
          <CustomFooter html={html} />
        </Suspense>
      ) : (
        <span>
          {t('console.shell.footer.credit', {
            name: status.system_name || t('console.shell.defaultSystemName'),
            version: status.version ? `v${status.version}` : '',
          })}
        </span>
      )}
    </AppFooter>
  );
}
