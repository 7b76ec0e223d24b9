import { Stack } from '@sluice/ui-kit';
import { LegacySection } from './LegacySection';
import { LoginSection } from './LoginSection';
import { OAuthSections } from './OAuthSections';
import { OptionsScope } from './optionsScope';
import { PaymentSection } from './PaymentSection';
import { ServerSection } from './ServerSection';
import { SmtpSection } from './SmtpSection';
import { TurnstileSection } from './TurnstileSection';

/** Admin tab "system": server address, sign-in methods, third-party login, SMTP, Turnstile, payment. */
export function SystemTab() {
  return (
    <OptionsScope>
      <Stack gap={4}>
        <ServerSection />
        <LoginSection />
        <OAuthSections />
        <SmtpSection />
        <TurnstileSection />
        <PaymentSection />
        <LegacySection />
      </Stack>
    </OptionsScope>
  );
}
