import { Card, Chart, Stack, Table, type ChartDatum, type TableColumn } from '@sluice/ui-kit';
import { useT, type Translate } from '../../i18n';
import { channelRows, type PerfChannelRow, type PerfFigures, type PerfModel, type PerfReport } from './types';

/** Charts shown, busiest models first: past this many the table still lists every model. */
const MAX_CHARTS = 12;

function figureColumns<Row extends PerfFigures>(t: Translate): TableColumn<Row>[] {
  const none = t('console.perf.none');
  const ms = (v: number | null) => (v === null ? none : t('console.perf.units.ms', { value: v.toLocaleString() }));
  return [
    { key: 'requests', title: t('console.perf.table.requests'), align: 'end', sortable: true, render: (r) => r.requests.toLocaleString() },
    {
      key: 'success_rate',
      title: t('console.perf.table.successRate'),
      align: 'end',
      sortable: true,
      render: (r) => `${(r.success_rate * 100).toFixed(1)}%`,
    },
    { key: 'first_chunk_p50_ms', title: t('console.perf.table.firstChunkP50'), align: 'end', sortable: true, render: (r) => ms(r.first_chunk_p50_ms) },
    { key: 'first_chunk_p95_ms', title: t('console.perf.table.firstChunkP95'), align: 'end', sortable: true, render: (r) => ms(r.first_chunk_p95_ms) },
    {
      key: 'tokens_per_second_p50',
      title: t('console.perf.table.tps'),
      align: 'end',
      sortable: true,
      render: (r) => (r.tokens_per_second_p50 === null ? none : t('console.perf.units.tps', { value: r.tokens_per_second_p50.toLocaleString() })),
    },
    {
      key: 'cache_hit_rate',
      title: t('console.perf.table.cacheHitRate'),
      align: 'end',
      sortable: true,
      render: (r) => (r.cache_hit_rate === null ? none : `${(r.cache_hit_rate * 100).toFixed(1)}%`),
    },
  ];
}

function timeLabel(seconds: number, step: number, locale: string): string {
  const d = new Date(seconds * 1000);
  return step >= 3600 ? d.toLocaleString(locale, { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }) : d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}

function ModelChart({ model, step }: { model: PerfModel; step: number }) {
  const { t, locale } = useT();
  // A step without streamed answers has no median: no bar there.
  const data = model.series.map((p): ChartDatum => {
    const d: ChartDatum = { t: timeLabel(p.t, step, locale) };
    if (p.first_chunk_p50_ms !== null) d.ms = p.first_chunk_p50_ms;
    return d;
  });
  return (
    <Card title={model.model} padding="sm">
      <Chart
        kind="bar"
        size="sm"
        data={data}
        xKey="t"
        series={[{ key: 'ms', label: t('console.perf.chart.series') }]}
        label={t('console.perf.chart.title', { model: model.model })}
        formatValue={(v) => t('console.perf.units.ms', { value: v.toLocaleString() })}
      />
    </Card>
  );
}

/** The model table (sortable), a small first-chunk chart per model and the per-channel table. */
export function PerfView({ report }: { report: PerfReport }) {
  const { t } = useT();
  const modelColumns: TableColumn<PerfModel>[] = [
    { key: 'model', title: t('console.perf.table.model'), sortable: true, hideable: false, render: (m) => m.model },
    ...figureColumns<PerfModel>(t),
  ];
  const channelColumns: TableColumn<PerfChannelRow>[] = [
    { key: 'model', title: t('console.perf.table.model'), sortable: true, hideable: false, render: (r) => r.model },
    { key: 'channel_id', title: t('console.perf.table.channel'), sortable: true, render: (r) => `#${r.channel_id}` },
    ...figureColumns<PerfChannelRow>(t),
  ];
  return (
    <Stack gap={5}>
      <Table<PerfModel>
        caption={t('console.perf.table.models')}
        columns={modelColumns}
        rows={report.models}
        rowKey={(m) => m.model}
        defaultSort={{ key: 'requests', direction: 'desc' }}
        pagination={false}
        minWidth="48rem"
      />
      <Stack gap={4} role="group" aria-label={t('console.perf.chart.series')}>
        {report.models
          // A model without a streamed answer in the window has no first-chunk time to draw.
          .filter((m) => m.first_chunk_p50_ms !== null)
          .slice(0, MAX_CHARTS)
          .map((m) => (
          <ModelChart key={m.model} model={m} step={report.step} />
        ))}
      </Stack>
      <Table<PerfChannelRow>
        caption={t('console.perf.table.channels')}
        columns={channelColumns}
        rows={channelRows(report)}
        rowKey={(r) => `${r.model}\u0001${r.channel_id}`}
        defaultSort={{ key: 'requests', direction: 'desc' }}
        pagination={false}
        minWidth="56rem"
      />
    </Stack>
  );
}
