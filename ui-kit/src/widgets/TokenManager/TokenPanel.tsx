// The token side panel (spec §2.5, §5, §9): every field with its presets and checks.
// Rules live in tokenForm.ts; this file is layout and wiring.
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { GroupOption, Token, TokenInput } from '../../api/types';
import { Button } from '../../components/Button';
import { DateTimePicker } from '../../components/DateTimePicker';
import { Dialog } from '../../components/Dialog';
import { Input } from '../../components/Input';
import { SafeHtml } from '../../components/Markdown';
import { NumberInput } from '../../components/NumberInput';
import { Select, type SelectOption } from '../../components/Select';
import { SideSheet } from '../../components/SideSheet';
import { Switch } from '../../components/Switch';
import { TextArea } from '../../components/TextArea';
import { toast } from '../../components/Toast';
import { useT } from '../../i18n';
import { formatQuota, type QuotaDisplay } from './tokenDisplay';
import {
  COUNT_PRESETS,
  EXPIRY_PRESETS,
  QUOTA_PRESETS,
  buildCreateInputs,
  buildUpdateInput,
  emptyTokenForm,
  expiryFromPreset,
  tokenToForm,
  validateTokenForm,
  type ExpiryPreset,
  type TokenFormField,
  type TokenFormProblem,
  type TokenFormValues,
} from './tokenForm';
import {
  StyledError,
  StyledField,
  StyledForm,
  StyledHint,
  StyledInline,
  StyledLabel,
  StyledLabelRow,
  StyledPresets,
} from './TokenManager.styles';

export interface TokenPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The token to edit; absent to create. */
  token?: Token | undefined;
  groups: readonly GroupOption[];
  models: readonly string[];
  /** Channel description HTML for the "view description" dialog. */
  groupDescription?: string | undefined;
  quotaDisplay: QuotaDisplay;
  onCreate: (inputs: TokenInput[]) => Promise<void>;
  onUpdate: (id: number, input: TokenInput) => Promise<void>;
  /** Epoch seconds; injectable for tests. */
  now?: () => number;
}

const EXPIRY_LABEL = {
  never: 'tokens.expiryNever',
  hour: 'tokens.expiryHour',
  day: 'tokens.expiryDay',
  month: 'tokens.expiryMonth',
} as const satisfies Record<ExpiryPreset, string>;

const defaultNow = () => Math.floor(Date.now() / 1000);

export function TokenPanel(props: TokenPanelProps) {
  const { t } = useT();
  const { open, onOpenChange, token } = props;
  const formId = useId();
  const [submitting, setSubmitting] = useState(false);
  return (
    <SideSheet
      open={open}
      onOpenChange={onOpenChange}
      title={token ? t('tokens.editTitle') : t('tokens.createTitle')}
      description={t('tokens.note')}
      size="md"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" type="submit" form={formId} loading={submitting}>
            {t('tokens.submit')}
          </Button>
        </>
      }
    >
      {/* Keyed so each opening starts from the token (or the defaults) again. */}
      {open && <TokenForm key={token?.id ?? 'new'} {...props} formId={formId} onSubmitting={setSubmitting} />}
    </SideSheet>
  );
}

interface TokenFormProps extends TokenPanelProps {
  formId: string;
  onSubmitting: (busy: boolean) => void;
}

function TokenForm({
  token,
  groups,
  models,
  groupDescription,
  quotaDisplay,
  onCreate,
  onUpdate,
  onOpenChange,
  now = defaultNow,
  formId,
  onSubmitting,
}: TokenFormProps) {
  const { t } = useT();
  const id = useId();
  const mode = token ? 'edit' : 'create';
  const [values, setValues] = useState<TokenFormValues>(() =>
    token ? tokenToForm(token) : emptyTokenForm(groups.some((g) => g.value === 'default') ? 'default' : ''),
  );
  // null is "never expires".
  const [expiry, setExpiry] = useState<Date | null>(() =>
    token && token.expired_time !== -1 ? new Date(token.expired_time * 1000) : null,
  );
  const [problems, setProblems] = useState<TokenFormProblem[]>([]);
  const [describe, setDescribe] = useState(false);

  const set = (patch: Partial<TokenFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const problemOf = (field: TokenFormField) => problems.find((p) => p.field === field);
  const errorText = (field: TokenFormField) => {
    const p = problemOf(field);
    return p ? <StyledError role="alert">{t(`tokens.errors.${p.error}`)}</StyledError> : null;
  };

  const groupOptions = useMemo<SelectOption[]>(
    () => groups.map((g) => ({ value: g.value, label: g.label === g.value ? g.value : t('tokens.groupOption', { group: g.value, label: g.label }) })),
    [groups, t],
  );
  const modelOptions = useMemo<SelectOption[]>(() => models.map((m) => ({ value: m, label: m })), [models]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // An invalid date becomes NaN so validation reports "expiry time format error".
    const expiredTime = expiry === null ? -1 : Math.floor(expiry.getTime() / 1000);
    const next = { ...values, expiredTime };
    const found = validateTokenForm(next, mode);
    setProblems(found);
    const first = found[0];
    if (first) {
      toast.error(t(`tokens.errors.${first.error}`));
      return;
    }
    onSubmitting(true);
    try {
      if (token) {
        await onUpdate(token.id, buildUpdateInput(next));
        toast.success(t('tokens.updated'));
      } else {
        const inputs = buildCreateInputs(next, t('tokens.defaultName'));
        await onCreate(inputs);
        toast.success(t('tokens.created', { count: inputs.length }));
      }
      onOpenChange(false);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      onSubmitting(false);
    }
  };

  return (
    <StyledForm id={formId} onSubmit={(e) => void submit(e)} noValidate>
      <StyledField>
        <StyledLabel htmlFor={`${id}-name`}>{t('tokens.name')}</StyledLabel>
        <Input
          id={`${id}-name`}
          value={values.name}
          placeholder={t('tokens.namePlaceholder')}
          status={problemOf('name') ? 'error' : 'default'}
          onValueChange={(name) => set({ name })}
        />
        {errorText('name')}
      </StyledField>

      <StyledField>
        <StyledLabel htmlFor={`${id}-expiry`}>{t('tokens.expiry')}</StyledLabel>
        <DateTimePicker
          id={`${id}-expiry`}
          label={t('tokens.expiry')}
          precision="second"
          clearable
          value={expiry}
          status={problemOf('expiredTime') ? 'error' : 'default'}
          onValueChange={setExpiry}
          quickButtons={EXPIRY_PRESETS.map((preset) => (
            <Button
              key={preset}
              size="sm"
              variant="outline"
              onClick={() => {
                const at = expiryFromPreset(preset, now());
                setExpiry(at === -1 ? null : new Date(at * 1000));
              }}
            >
              {t(EXPIRY_LABEL[preset])}
            </Button>
          ))}
        />
        {expiry === null && <StyledHint>{t('tokens.never')}</StyledHint>}
        {errorText('expiredTime')}
      </StyledField>

      <StyledField>
        <StyledLabelRow>
          <StyledLabel htmlFor={`${id}-quota`}>{t('tokens.quota')}</StyledLabel>
          <Switch
            label={t('tokens.unlimitedQuota')}
            checked={values.unlimitedQuota}
            onCheckedChange={(unlimitedQuota) => set({ unlimitedQuota })}
          />
        </StyledLabelRow>
        <NumberInput
          id={`${id}-quota`}
          min={0}
          step={QUOTA_PRESETS[0]}
          precision={0}
          disabled={values.unlimitedQuota}
          status={problemOf('remainQuota') ? 'error' : 'default'}
          value={values.remainQuota}
          onValueChange={(v) => set({ remainQuota: v ?? Number.NaN })}
        />
        <StyledPresets>
          {QUOTA_PRESETS.map((q) => (
            <Button key={q} size="sm" variant="outline" disabled={values.unlimitedQuota} onClick={() => set({ remainQuota: q })}>
              {formatQuota(q, { inCurrency: true, quotaPerUnit: quotaDisplay.quotaPerUnit })}
            </Button>
          ))}
        </StyledPresets>
        {Number.isFinite(values.remainQuota) && !values.unlimitedQuota && (
          <StyledHint>{t('tokens.quotaEquals', { amount: formatQuota(values.remainQuota, { ...quotaDisplay, inCurrency: true }) })}</StyledHint>
        )}
        {errorText('remainQuota')}
      </StyledField>

      {mode === 'create' && (
        <StyledField>
          <StyledLabel htmlFor={`${id}-count`}>{t('tokens.count')}</StyledLabel>
          <NumberInput
            id={`${id}-count`}
            min={1}
            step={1}
            status={problemOf('count') ? 'error' : 'default'}
            value={values.count}
            onValueChange={(v) => set({ count: v ?? Number.NaN })}
          />
          <StyledPresets>
            {COUNT_PRESETS.map((c) => (
              <Button key={c} size="sm" variant="outline" onClick={() => set({ count: c })}>
                {c}
              </Button>
            ))}
          </StyledPresets>
          <StyledHint>{t('tokens.countHint')}</StyledHint>
          {errorText('count')}
        </StyledField>
      )}

      <StyledField>
        <StyledLabelRow>
          <StyledLabel id={`${id}-group`}>{t('tokens.group')}</StyledLabel>
          <Button size="sm" variant="link" onClick={() => setDescribe(true)}>
            {t('tokens.viewDescription')}
          </Button>
        </StyledLabelRow>
        <Select
          aria-labelledby={`${id}-group`}
          options={groupOptions}
          value={values.group || null}
          placeholder={t('tokens.groupPlaceholder')}
          status={problemOf('group') ? 'error' : 'default'}
          onValueChange={(group) => set({ group: group ?? '' })}
        />
        {errorText('group')}
      </StyledField>

      <StyledField>
        <StyledLabel htmlFor={`${id}-ips`}>{t('tokens.ipLimits')}</StyledLabel>
        <TextArea
          id={`${id}-ips`}
          value={values.ipLimits}
          placeholder={t('tokens.ipLimitsPlaceholder')}
          resize="auto"
          rows={2}
          maxRows={6}
          onValueChange={(ipLimits) => set({ ipLimits })}
        />
      </StyledField>

      <StyledField>
        <Switch
          label={t('tokens.rateLimit')}
          checked={values.rateLimitEnabled}
          onCheckedChange={(rateLimitEnabled) => set({ rateLimitEnabled })}
        />
        {values.rateLimitEnabled && (
          <StyledInline>
            <StyledField>
              <StyledLabel htmlFor={`${id}-rl-interval`}>{t('tokens.rateLimitInterval')}</StyledLabel>
              <NumberInput
                id={`${id}-rl-interval`}
                min={1}
                step={1}
                status={problemOf('rateLimit') ? 'error' : 'default'}
                value={values.rateLimitInterval}
                onValueChange={(v) => set({ rateLimitInterval: v ?? Number.NaN })}
              />
            </StyledField>
            <StyledField>
              <StyledLabel htmlFor={`${id}-rl-count`}>{t('tokens.rateLimitCount')}</StyledLabel>
              <NumberInput
                id={`${id}-rl-count`}
                min={1}
                step={1}
                status={problemOf('rateLimit') ? 'error' : 'default'}
                value={values.rateLimitCount}
                onValueChange={(v) => set({ rateLimitCount: v ?? Number.NaN })}
              />
            </StyledField>
          </StyledInline>
        )}
        {errorText('rateLimit')}
      </StyledField>

      <StyledField role="group" aria-labelledby={`${id}-limits`}>
        <StyledLabel as="span" id={`${id}-limits`}>
          {t('tokens.limits')}
        </StyledLabel>
        <StyledInline>
          {(
            [
              ['rpmLimit', 'tokens.rpmLimit'],
              ['tpmLimit', 'tokens.tpmLimit'],
              ['concurrencyLimit', 'tokens.concurrencyLimit'],
            ] as const
          ).map(([field, label]) => (
            <StyledField key={field}>
              <StyledLabel htmlFor={`${id}-${field}`}>{t(label)}</StyledLabel>
              <NumberInput
                id={`${id}-${field}`}
                min={0}
                step={1}
                status={problemOf('limits') ? 'error' : 'default'}
                value={values[field]}
                onValueChange={(v) => set({ [field]: v ?? 0 })}
              />
            </StyledField>
          ))}
        </StyledInline>
        {errorText('limits')}
      </StyledField>

      <StyledField>
        <Switch
          label={t('tokens.modelLimits')}
          checked={values.modelLimitsEnabled}
          onCheckedChange={(modelLimitsEnabled) => set({ modelLimitsEnabled })}
        />
        {values.modelLimitsEnabled && (
          <Select
            mode="multiple"
            aria-label={t('tokens.modelLimits')}
            options={modelOptions}
            value={values.modelLimits}
            placeholder={t('tokens.modelLimitsPlaceholder')}
            searchable
            creatable
            onValueChange={(modelLimits) => set({ modelLimits })}
          />
        )}
      </StyledField>

      <Dialog open={describe} onOpenChange={setDescribe} title={t('tokens.groupDescription')}>
        <SafeHtml>{groupDescription ?? ''}</SafeHtml>
      </Dialog>
    </StyledForm>
  );
}
