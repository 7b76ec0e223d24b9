import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Control, type UseFormReturn } from 'react-hook-form';
import { SluiceApiError, prettyJson, toast } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApi, useInvalidate } from '../../api/useApi';
import { keys as apiKeys } from '../../api/keys';
import { useSession } from '../../app/session';
import { useOptionsScope, type OptionMap } from './optionsScope';

/** Form state of a section: every value is text, as options travel (booleans "true"/"false"). */
export type OptionValues = Record<string, string>;

export interface OptionFormConfig<K extends string> {
  keys: readonly K[];
  /** Never shown by the server: start empty and are sent only when something was typed. */
  secrets?: readonly K[];
  /** JSON text, pretty-printed on load (so an untouched value is not sent back). */
  json?: readonly K[];
  /** Addresses: trailing slashes are removed before comparing and sending. */
  urls?: readonly K[];
}

export interface SaveOptions<K extends string> {
  /** Runs after the diff, before any call; false stops the save (it shows its own message). */
  before?: (changes: ReadonlyMap<K, string>) => boolean;
  /** Toasts replacing "save succeeded" and "save failed, please retry". */
  messages?: { success?: string; failure?: string };
  /** Called with the keys the server accepted. */
  onSaved?: (saved: ReadonlyMap<K, string>) => void;
}

export interface OptionForm<K extends string> {
  form: UseFormReturn<OptionValues>;
  control: Control<OptionValues>;
  /** True until the option list has loaded. */
  loading: boolean;
  saving: boolean;
  /** Every option as last loaded (also other sections' keys, e.g. ServerAddress for hints). */
  stored: OptionMap;
  /** The form field name of a key (react-hook-form reads dots as nesting). */
  field(key: K): string;
  /** The keys whose typed value differs from the loaded copy, with the text that would be sent. */
  changes(values?: OptionValues): Map<K, string>;
  /** Checks the form, then sends every changed key (spec §4). */
  save(opts?: SaveOptions<K>): Promise<void>;
  /** Sends these values' changes (the group panel commits its own rows). Resolves true when all were saved. */
  saveValues(values: Partial<Record<K, string>>, opts?: SaveOptions<K>): Promise<boolean>;
  /** Loads the option list again; the given keys take the loaded value even if edited. */
  reload(replace?: readonly K[]): Promise<void>;
}

const EMPTY: OptionMap = {};
const fieldName = (key: string) => key.replace(/\./g, '__');

/**
 * The one helper behind every operator settings section: load the option list, keep a copy, send
 * only the keys that differ from it (one PUT per key), then reload everything and the shell's status.
 * Secrets are sent only when non-empty. A failed key keeps what the user typed.
 */
export function useOptionForm<K extends string>(config: OptionFormConfig<K>): OptionForm<K> {
  const { t } = useT();
  const { request, describe } = useApi();
  const { refreshStatus } = useSession();
  const invalidate = useInvalidate();
  const { options, loads, reload } = useOptionsScope();
  const form = useForm<OptionValues>({ mode: 'onBlur', reValidateMode: 'onChange' });
  const [saving, setSaving] = useState(false);
  /** The loaded copy (in form-field text) the typed values are compared against. */
  const baseline = useRef<Partial<Record<K, string>> | null>(null);
  /** Keys the server just accepted: the next load replaces what was typed for them. */
  const accepted = useRef(new Set<K>());

  // The configuration is read once: a section's keys never change while it is shown.
  const { keys, secrets, json, urls } = useRef(config).current;
  const isSecret = useCallback((key: K) => secrets?.includes(key) ?? false, [secrets]);

  // Each load replaces the untouched fields and the accepted ones; other edits stay as typed.
  useEffect(() => {
    if (!options) return;
    const loaded: Partial<Record<K, string>> = {};
    for (const key of keys) {
      const raw = isSecret(key) ? '' : (options[key] ?? '');
      loaded[key] = json?.includes(key) ? prettyJson(raw) : raw;
    }
    const previous = baseline.current;
    const typed = form.getValues();
    const next: OptionValues = {};
    for (const key of keys) {
      const current = typed[fieldName(key)];
      const keep = previous !== null && !accepted.current.has(key) && current !== undefined && current !== previous[key];
      next[fieldName(key)] = keep ? current : (loaded[key] ?? '');
    }
    baseline.current = loaded;
    accepted.current.clear();
    form.reset(next);
  }, [options, loads, keys, json, isSecret, form]);

  const outgoing = useCallback(
    (key: K, text: string) => (urls?.includes(key) ? text.trim().replace(/\/+$/, '') : text),
    [urls],
  );

  const changes = useCallback(
    (values?: OptionValues) => {
      const source = values ?? form.getValues();
      const out = new Map<K, string>();
      for (const key of keys) {
        const typed = source[fieldName(key)];
        if (typed === undefined) continue;
        const text = outgoing(key, typed);
        if (isSecret(key) ? text !== '' : text !== (baseline.current?.[key] ?? '')) out.set(key, text);
      }
      return out;
    },
    [form, keys, outgoing, isSecret],
  );

  const send = useCallback(
    async (pending: Map<K, string>, opts: SaveOptions<K>): Promise<boolean> => {
      if (pending.size === 0) {
        toast.info(t('console.options.common.nothingChanged'));
        return false;
      }
      if (opts.before && !opts.before(pending)) return false;
      setSaving(true);
      try {
        const outcomes = await Promise.all(
          [...pending].map(async ([key, value]) => {
            try {
              await request('PUT', '/api/option/', { key, value });
              return { key, value, error: null as unknown };
            } catch (error) {
              return { key, value, error };
            }
          }),
        );
        const failed = outcomes.filter((o) => o.error !== null);
        const saved = new Map(outcomes.filter((o) => o.error === null).map((o) => [o.key, o.value] as const));
        // A 401 is already on its way to the login page.
        if (failed.some((o) => o.error instanceof SluiceApiError && o.error.status === 401)) return false;
        if (failed.length === 0) {
          toast.success(opts.messages?.success ?? t('console.options.common.saved'));
        } else {
          const reasons = [...new Set(failed.map((o) => describe(o.error)))].join('; ');
          const title =
            saved.size === 0
              ? (opts.messages?.failure ?? t('console.options.common.saveFailed'))
              : t('console.options.common.partialFailed');
          toast.error(title, { description: reasons });
        }
        if (saved.size > 0) {
          for (const key of saved.keys()) accepted.current.add(key);
          opts.onSaved?.(saved);
          // The shell reads some options from their own endpoints: the contact tooltip follows at once.
          const contact = [...saved.keys()].some((k) => k === 'QQContact' || k === 'WeChatContact');
          await Promise.all([reload(), refreshStatus(), contact ? invalidate(apiKeys.contactInfo()) : undefined]);
        }
        return failed.length === 0;
      } finally {
        setSaving(false);
      }
    },
    [t, request, describe, reload, refreshStatus, invalidate],
  );

  const save = useCallback(
    (opts: SaveOptions<K> = {}) =>
      form.handleSubmit(
        async (values) => {
          await send(changes(values), opts);
        },
        () => {
          toast.error(t('console.options.common.checkInput'));
        },
      )(),
    [form, send, changes, t],
  );

  const saveValues = useCallback(
    (values: Partial<Record<K, string>>, opts: SaveOptions<K> = {}) => {
      const typed: OptionValues = {};
      for (const [key, value] of Object.entries(values) as [K, string | undefined][]) {
        if (value !== undefined) typed[fieldName(key)] = value;
      }
      return send(changes(typed), opts);
    },
    [send, changes],
  );

  const reloadWith = useCallback(
    async (replace: readonly K[] = []) => {
      for (const key of replace) accepted.current.add(key);
      await reload();
    },
    [reload],
  );

  return useMemo(
    () => ({
      form,
      control: form.control,
      loading: options === undefined,
      saving,
      stored: options ?? EMPTY,
      field: fieldName,
      changes,
      save,
      saveValues,
      reload: reloadWith,
    }),
    [form, options, saving, changes, save, saveValues, reloadWith],
  );
}
