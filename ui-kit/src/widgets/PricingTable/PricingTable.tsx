// Model list and prices, pure view (spec §2.11, §9): data in props, all filtering local.
// ConnectedPricingTable feeds it from a SluiceClient.
import { forwardRef, useMemo, useRef, useState, type HTMLAttributes } from 'react';
import type { ModelInfoVendor, PricingItem, PricingVendor } from '../../api/types';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { useClipboard } from '../../components/CopyButton';
import { Input } from '../../components/Input';
import { Markdown, SafeHtml } from '../../components/Markdown';
import { Select, type SelectOption } from '../../components/Select';
import { Switch } from '../../components/Switch';
import { Table, type RowKey } from '../../components/Table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/Tabs';
import { toast } from '../../components/Toast';
import { useT } from '../../i18n';
import { pricingColumns } from './pricingColumns';
import { DEFAULT_EXCHANGE_RATE, formatGroupRatio, ratioOf, type Currency } from './pricing';
import {
  StyledFacts,
  StyledFilterField,
  StyledFilters,
  StyledPricing,
  StyledVendorBar,
  StyledVendorPanel,
} from './PricingTable.styles';
import { collectTags, selectRows } from './selectRows';
import { buildRows, buildVendorBar, looksLikeHtml, type VendorFilter } from './vendors';

export interface PricingTableProps extends HTMLAttributes<HTMLDivElement> {
  items: readonly PricingItem[];
  /** Group name to ratio (only groups the viewer may use). */
  groupRatio: Record<string, number>;
  /** Group display names, shown when "show group names" is on. */
  groupLabels?: Record<string, string>;
  /** Vendors of /api/model-info: vendor, tags and description per model. */
  modelInfo?: readonly ModelInfoVendor[];
  /** Vendors listed by newer /api/pricing responses. */
  vendors?: readonly PricingVendor[];
  /** Yuan per US dollar. */
  exchangeRate?: number;
  /** Group selected at first; defaults to "default" or the first group. */
  defaultGroup?: string;
  loading?: boolean;
  /** Load failure text; shows an error banner with a retry button when onRetry is given. */
  error?: string;
  onRetry?: () => void;
  /**
   * Shown text of a stored tag (tags are stored as written, e.g. the spec's Chinese names); lets
   * an application show them in its reader's language. Filtering still uses the stored value.
   */
  tagLabel?: (tag: string) => string;
}

const ALL = '__all__';
const OTHER = '__other__';

function toFilter(value: string): VendorFilter {
  if (value === ALL) return { kind: 'all' };
  if (value === OTHER) return { kind: 'other' };
  return { kind: 'vendor', name: value.slice(2) };
}

function firstGroup(groupRatio: Record<string, number>, wanted: string | undefined): string {
  const names = Object.keys(groupRatio);
  if (wanted !== undefined && (names.includes(wanted) || names.length === 0)) return wanted;
  return names.includes('default') ? 'default' : (names[0] ?? 'default');
}

export const PricingTable = forwardRef<HTMLDivElement, PricingTableProps>(function PricingTable(
  {
    items,
    groupRatio,
    groupLabels = {},
    modelInfo,
    vendors,
    exchangeRate = DEFAULT_EXCHANGE_RATE,
    defaultGroup,
    loading = false,
    error,
    onRetry,
    tagLabel = (tag: string) => tag,
    ...rest
  },
  ref,
) {
  const { t } = useT();
  const { copy, manualCopyDialog } = useClipboard();
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const composing = useRef(false);
  const [tag, setTag] = useState('');
  const [group, setGroup] = useState(() => firstGroup(groupRatio, defaultGroup));
  const [showRatio, setShowRatio] = useState(false);
  const [showDisplayNames, setShowDisplayNames] = useState(false);
  const [onlyAvailable, setOnlyAvailable] = useState(false);
  const [perK, setPerK] = useState(false);
  const [currency, setCurrency] = useState<Currency>('USD');
  const [vendorKey, setVendorKey] = useState(ALL);
  const [selected, setSelected] = useState<RowKey[]>([]);

  // The group list can arrive after the first render (connected wrapper).
  const activeGroup = group in groupRatio || Object.keys(groupRatio).length === 0 ? group : firstGroup(groupRatio, defaultGroup);
  const ratio = ratioOf(groupRatio, activeGroup);

  const sources = useMemo(() => ({ modelInfo: modelInfo ?? [], pricingVendors: vendors ?? [] }), [modelInfo, vendors]);
  const allRows = useMemo(() => buildRows(items, sources), [items, sources]);
  const bar = useMemo(() => buildVendorBar(allRows, sources), [allRows, sources]);
  const tags = useMemo(() => collectTags(allRows), [allRows]);
  const vendor = useMemo(() => toFilter(vendorKey), [vendorKey]);
  const rows = useMemo(
    () => selectRows(allRows, { vendor, tag, query, onlyAvailable, group: activeGroup }),
    [allRows, vendor, tag, query, onlyAvailable, activeGroup],
  );
  const chosenVendor = vendor.kind === 'vendor' ? bar.vendors.find((v) => v.name === vendor.name) : undefined;

  const groupOptions = useMemo<SelectOption[]>(
    () =>
      Object.entries(groupRatio).map(([name, r]) => {
        const shown = showDisplayNames ? (groupLabels[name] ?? name) : name;
        return { value: name, label: t('pricing.groupOption', { group: shown, ratio: formatGroupRatio(r) }), textValue: `${name} ${shown}` };
      }),
    [groupRatio, groupLabels, showDisplayNames, t],
  );
  const tagOptions = useMemo<SelectOption[]>(
    () => [{ value: '', label: t('pricing.allTags') }, ...tags.map((x) => ({ value: x, label: tagLabel(x) }))],
    [tags, t, tagLabel],
  );
  const currencyOptions: SelectOption[] = [
    { value: 'USD', label: t('pricing.currencyUsd') },
    { value: 'CNY', label: t('pricing.currencyCny') },
  ];

  const columns = pricingColumns({
    t,
    unit: perK ? 'K' : 'M',
    currency,
    exchangeRate,
    group: activeGroup,
    groupRatio: ratio,
    showRatio,
    showDisplayNames,
    groupLabels,
    tagLabel,
    onCopyName: (name) => void copy(name, { successMessage: t('pricing.copied', { text: name }) }),
  });

  const changeGroup = (next: string | null) => {
    if (next === null || next === activeGroup) return;
    setGroup(next);
    const shown = showDisplayNames ? (groupLabels[next] ?? next) : next;
    toast.info(t('pricing.groupSwitched', { group: shown, ratio: formatGroupRatio(ratioOf(groupRatio, next)) }));
  };

  const selectedNames = rows.map((r) => r.item.model_name).filter((name) => selected.includes(name));

  return (
    <StyledPricing ref={ref} data-state={loading ? 'loading' : error ? 'error' : 'ready'} {...rest}>
      <Card title={t('pricing.title')}>
        <Banner type="info">
          <StyledFacts>
            <li>{t('pricing.modelCount', { count: items.length })}</li>
            <li>{t('pricing.exchangeRate', { rate: exchangeRate })}</li>
            <li>{t('pricing.formula')}</li>
            <li>{t('pricing.openaiFormat')}</li>
          </StyledFacts>
        </Banner>
      </Card>

      {error !== undefined && (
        <Banner
          type="danger"
          actions={onRetry ? <Button size="sm" onClick={onRetry}>{t('common.retry')}</Button> : undefined}
        >
          {t('pricing.loadFailed', { message: error })}
        </Banner>
      )}

      <StyledFilters>
        <StyledFilterField>
          <Input
            type="search"
            aria-label={t('pricing.searchLabel')}
            placeholder={t('pricing.searchPlaceholder')}
            value={input}
            clearable
            onChange={(e) => {
              setInput(e.target.value);
              // Half-typed pinyin is not a query yet (§2.11): wait for compositionend.
              if (!composing.current) setQuery(e.target.value);
            }}
            onCompositionStart={() => {
              composing.current = true;
            }}
            onCompositionEnd={(e) => {
              composing.current = false;
              setQuery(e.currentTarget.value);
            }}
          />
        </StyledFilterField>
        <StyledFilterField>
          <Select aria-label={t('pricing.tag')} options={tagOptions} value={tag} onValueChange={(v) => setTag(v ?? '')} />
        </StyledFilterField>
        <StyledFilterField>
          <Select aria-label={t('pricing.group')} options={groupOptions} value={activeGroup} onValueChange={changeGroup} />
        </StyledFilterField>
        <StyledFilterField>
          <Select
            aria-label={t('pricing.currency')}
            options={currencyOptions}
            value={currency}
            onValueChange={(v) => setCurrency(v === 'CNY' ? 'CNY' : 'USD')}
          />
        </StyledFilterField>
        <Switch label={t('pricing.showRatio')} checked={showRatio} onCheckedChange={setShowRatio} />
        <Switch label={t('pricing.showDisplayName')} checked={showDisplayNames} onCheckedChange={setShowDisplayNames} />
        <Switch label={t('pricing.onlyAvailable')} checked={onlyAvailable} onCheckedChange={setOnlyAvailable} />
        <Switch label={t('pricing.unitPerK')} checked={perK} onCheckedChange={setPerK} />
      </StyledFilters>

      {/* The vendor bar's tabs control one panel: the vendor's description and the table. */}
      <Tabs value={vendorKey} onValueChange={setVendorKey} variant="card">
        <StyledVendorBar>
          <TabsList aria-label={t('pricing.vendors')}>
            <TabsTrigger value={ALL}>{t('pricing.vendorAll')}</TabsTrigger>
            {bar.vendors.map((v) => (
              <TabsTrigger key={v.name} value={`v:${v.name}`}>
                {v.name}
              </TabsTrigger>
            ))}
            {bar.hasOther && <TabsTrigger value={OTHER}>{t('pricing.vendorOther')}</TabsTrigger>}
          </TabsList>
        </StyledVendorBar>
        <TabsContent value={vendorKey}>
          <StyledVendorPanel>
            {chosenVendor?.description && (
              <Banner type="info" title={chosenVendor.name}>
                {looksLikeHtml(chosenVendor.description) ? (
                  <SafeHtml size="sm">{chosenVendor.description}</SafeHtml>
                ) : (
                  <Markdown size="sm">{chosenVendor.description}</Markdown>
                )}
              </Banner>
            )}

            <Table
              caption={t('pricing.title')}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.item.model_name}
              loading={loading}
              empty={t('pricing.empty')}
              selection="multiple"
              selectedKeys={selected}
              onSelectionChange={setSelected}
              columnSettings="hidden"
              pagination={false}
              toolbar={
                selectedNames.length >= 2 ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => {
                      const text = selectedNames.join(',');
                      void copy(text, { successMessage: t('pricing.copied', { text }) });
                    }}
                  >
                    {t('pricing.copySelected', { count: selectedNames.length })}
                  </Button>
                ) : undefined
              }
            />
          </StyledVendorPanel>
        </TabsContent>
      </Tabs>
      {manualCopyDialog}
    </StyledPricing>
  );
});
