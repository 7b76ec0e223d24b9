import { Chart, FormGrid, Stack, StatCard, Table, Tabs, TabsContent, TabsList, TabsTrigger, type TableColumn } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { compactCount, formatQuota, quotaDisplayOf } from '../quota/format';
import { bucketLabel, seriesOverTime, totalsByModel, type Granularity, type Metric, type ModelTotal, type QuotaDataRow } from './aggregate';

const METRICS: readonly Metric[] = ['quota', 'tokens', 'count'];
/** Beyond this many models the rest are summed as one series, so the chart stays legible. */
const MAX_SERIES = 8;

/** Totals, the charts (one per metric tab) and the per-model table of the dashboard. */
export function DashboardView({
  rows,
  granularity,
  range,
}: {
  rows: readonly QuotaDataRow[];
  granularity: Granularity;
  /** The period asked for: every bucket in it is drawn, empty ones as zero. */
  range?: { start: number; end: number };
}) {
  const { t } = useT();
  const { status, locale } = useSession();
  const display = quotaDisplayOf(status);
  const totals = totalsByModel(rows);
  const sum = totals.reduce((a, m) => ({ quota: a.quota + m.quota, tokens: a.tokens + m.tokens, count: a.count + m.count }), { quota: 0, tokens: 0, count: 0 });
  const models = totals.slice(0, MAX_SERIES).map((m) => m.model);
  const byModel = (metric: Metric) =>
    totals.slice(0, MAX_SERIES).map((m) => ({ model: m.model, value: metric === 'quota' ? m.quota : metric === 'tokens' ? m.tokens : m.count }));
  const format = (metric: Metric) => (v: number) => (metric === 'quota' ? formatQuota(v, display) : compactCount(v));
  const columns: TableColumn<ModelTotal>[] = [
    { key: 'model', title: t('console.dashboard.table.model'), render: (m) => m.model },
    { key: 'quota', title: t('console.dashboard.table.quota'), align: 'end', render: (m) => formatQuota(m.quota, display) },
    { key: 'tokens', title: t('console.dashboard.table.tokens'), align: 'end', render: (m) => compactCount(m.tokens) },
    { key: 'count', title: t('console.dashboard.table.count'), align: 'end', render: (m) => compactCount(m.count) },
  ];
  return (
    <Stack gap={5}>
      <Stack direction="row" gap={3} role="group" aria-label={t('console.dashboard.totals.label')}>
        <StatCard label={t('console.dashboard.totals.quota')} value={formatQuota(sum.quota, display)} />
        <StatCard label={t('console.dashboard.totals.tokens')} value={compactCount(sum.tokens)} />
        <StatCard label={t('console.dashboard.totals.count')} value={compactCount(sum.count)} />
      </Stack>
      <Tabs defaultValue="quota">
        <TabsList aria-label={t('console.dashboard.metric.label')}>
          {METRICS.map((m) => (
            <TabsTrigger key={m} value={m}>
              {t(`console.dashboard.metric.${m}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {METRICS.map((metric) => {
          const name = t(`console.dashboard.metric.${metric}`);
          const data = seriesOverTime(rows, models, granularity, metric, range).map((d) => ({ bucket: bucketLabel(d.bucket, granularity, locale), ...d.values }));
          return (
            <TabsContent key={metric} value={metric}>
              <Stack gap={5}>
                <Chart
                  kind="bar"
                  stacked
                  data={data}
                  xKey="bucket"
                  series={models.map((m, i) => ({ key: `m${i}`, label: m }))}
                  title={t('console.dashboard.charts.overTime', { metric: name })}
                  formatValue={format(metric)}
                />
                <FormGrid columns={2}>
                  <Chart
                    kind="bar"
                    size="sm"
                    data={byModel(metric)}
                    xKey="model"
                    series={[{ key: 'value', label: name }]}
                    title={t('console.dashboard.charts.byModel', { metric: name })}
                    formatValue={format(metric)}
                  />
                  <Chart
                    kind="pie"
                    size="sm"
                    data={byModel(metric)}
                    xKey="model"
                    series={[{ key: 'value', label: name }]}
                    title={t('console.dashboard.charts.share', { metric: name })}
                    formatValue={format(metric)}
                  />
                </FormGrid>
              </Stack>
            </TabsContent>
          );
        })}
      </Tabs>
      <Table<ModelTotal> caption={t('console.dashboard.table.caption')} columns={columns} rows={totals} rowKey={(m) => m.model} pagination={false} />
    </Stack>
  );
}
