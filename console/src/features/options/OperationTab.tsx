import { Stack } from '@sluice/ui-kit';
import { GeneralSection } from './GeneralSection';
import { LogsSection } from './LogsSection';
import { OptionsScope } from './optionsScope';
import { RatiosSection } from './RatiosSection';
import { DashboardSection, DrawingSection, MonitoringSection, QuotaSection, SensitiveSection } from './ToggleSections';

/** Admin tab "operation": every operation section, each its own form. */
export function OperationTab() {
  return (
    <OptionsScope>
      <Stack gap={4}>
        <GeneralSection />
        <QuotaSection />
        <DrawingSection />
        <SensitiveSection />
        <LogsSection />
        <DashboardSection />
        <MonitoringSection />
        <RatiosSection />
      </Stack>
    </OptionsScope>
  );
}
