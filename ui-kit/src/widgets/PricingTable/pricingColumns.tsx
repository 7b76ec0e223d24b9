// Columns of the model list (spec §2.11): name (click copies), billing type, tags,
// ratios, final price, groups, description (sanitised HTML) and availability.
import { Button } from '../../components/Button';
import { SafeHtml } from '../../components/Markdown';
import type { TableColumn } from '../../components/Table';
import { Tag } from '../../components/Tag';
import type { Translate } from '../../i18n';
import {
  convertCurrency,
  formatPrice,
  formatRatio,
  isAvailable,
  perCallPrice,
  tokenPrices,
  type Currency,
  type PriceUnit,
} from './pricing';
import { StyledMuted, StyledNumber, StyledStack, StyledTagList } from './PricingTable.styles';
import type { PricingRow } from './vendors';

export interface ColumnContext {
  t: Translate;
  unit: PriceUnit;
  currency: Currency;
  exchangeRate: number;
  group: string;
  groupRatio: number;
  showRatio: boolean;
  showDisplayNames: boolean;
  groupLabels: Record<string, string>;
  tagLabel: (tag: string) => string;
  onCopyName: (name: string) => void;
}

function PriceCell({ row, ctx }: { row: PricingRow; ctx: ColumnContext }) {
  const { t, unit, currency, exchangeRate, groupRatio } = ctx;
  const money = (usd: number) => formatPrice(convertCurrency(usd, currency, exchangeRate), currency);
  if (row.item.quota_type === 1) {
    return <StyledNumber>{t('pricing.callPrice', { price: money(perCallPrice(row.item, groupRatio)) })}</StyledNumber>;
  }
  const prices = tokenPrices(row.item, groupRatio, unit);
  return (
    <StyledStack>
      <StyledNumber>{t('pricing.promptPrice', { price: money(prices.prompt), unit: `1${unit}` })}</StyledNumber>
      <StyledNumber>{t('pricing.completionPrice', { price: money(prices.completion), unit: `1${unit}` })}</StyledNumber>
    </StyledStack>
  );
}

export function pricingColumns(ctx: ColumnContext): TableColumn<PricingRow>[] {
  const { t } = ctx;
  const columns: TableColumn<PricingRow>[] = [
    {
      key: 'name',
      title: t('pricing.columnName'),
      hideable: false,
      render: (row) => (
        <Button
          variant="link"
          size="sm"
          title={t('pricing.copyName', { name: row.item.model_name })}
          onClick={() => ctx.onCopyName(row.item.model_name)}
        >
          {row.item.model_name}
        </Button>
      ),
    },
    {
      key: 'billing',
      title: t('pricing.columnBilling'),
      render: (row) =>
        row.item.quota_type === 1 ? (
          <Tag color="warning">{t('pricing.perCall')}</Tag>
        ) : (
          <Tag color="primary">{t('pricing.perToken')}</Tag>
        ),
    },
    {
      key: 'tags',
      title: t('pricing.columnTags'),
      render: (row) => (
        <StyledTagList>
          {row.tags.map((tag) => (
            <Tag key={tag} color="info" variant="outline" size="sm">
              {ctx.tagLabel(tag)}
            </Tag>
          ))}
        </StyledTagList>
      ),
    },
  ];
  if (ctx.showRatio) {
    columns.push({
      key: 'ratio',
      title: t('pricing.columnRatio'),
      render: (row) =>
        row.item.quota_type === 1 ? (
          <StyledMuted>-</StyledMuted>
        ) : (
          <StyledStack>
            <StyledNumber>{t('pricing.modelRatio', { ratio: formatRatio(row.item.model_ratio) })}</StyledNumber>
            <StyledNumber>{t('pricing.completionRatio', { ratio: formatRatio(row.item.completion_ratio) })}</StyledNumber>
          </StyledStack>
        ),
    });
  }
  columns.push(
    { key: 'price', title: t('pricing.columnPrice'), render: (row) => <PriceCell row={row} ctx={ctx} /> },
    {
      key: 'groups',
      title: t('pricing.columnGroups'),
      render: (row) => (
        <StyledTagList>
          {row.item.enable_groups.map((g) => (
            <Tag key={g} size="sm" color={g === ctx.group ? 'primary' : 'neutral'}>
              {ctx.showDisplayNames ? (ctx.groupLabels[g] ?? g) : g}
            </Tag>
          ))}
        </StyledTagList>
      ),
    },
    {
      key: 'description',
      title: t('pricing.columnDescription'),
      render: (row) => (row.description ? <SafeHtml size="sm">{row.description}</SafeHtml> : null),
    },
    {
      key: 'availability',
      title: t('pricing.columnAvailability'),
      render: (row) =>
        isAvailable(row.item, ctx.group) ? (
          <Tag color="success">{t('pricing.available')}</Tag>
        ) : (
          <Tag color="neutral">{t('pricing.unavailable')}</Tag>
        ),
    },
  );
  return columns;
}
