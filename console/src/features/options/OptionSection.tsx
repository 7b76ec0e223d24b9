import type { ReactNode } from 'react';
import { Button, Card, FormActions, Stack } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import type { OptionForm } from './useOptionForm';

interface OptionSectionProps<K extends string> {
  title: string;
  description?: string;
  opt: OptionForm<K>;
  /** Runs on submit; defaults to saving every changed key. */
  onSave?: () => void | Promise<void>;
  saveLabel?: string;
  /** Buttons beside save (e.g. the model-ratio reset). */
  actions?: ReactNode;
  /** Content below the form (e.g. the log clean-up). */
  after?: ReactNode;
  children: ReactNode;
}

/** One operator settings section: a titled card holding its own form, save button and spinner. */
export function OptionSection<K extends string>({ title, description, opt, onSave, saveLabel, actions, after, children }: OptionSectionProps<K>) {
  const { t } = useT();
  return (
    <Card title={title} description={description} loading={opt.loading}>
      <Stack gap={4}>
        <Stack
          as="form"
          gap={4}
          onSubmit={(event) => {
            event.preventDefault();
            void (onSave ? onSave() : opt.save());
          }}
          aria-label={title}
        >
          {children}
          <FormActions>
            <Button type="submit" variant="primary" loading={opt.saving}>
              {saveLabel ?? t('console.options.common.save')}
            </Button>
            {actions}
          </FormActions>
        </Stack>
        {after}
      </Stack>
    </Card>
  );
}
