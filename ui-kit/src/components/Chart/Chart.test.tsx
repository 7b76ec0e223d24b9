import { screen } from '@testing-library/react';
import { darkTheme } from '../../theme/darkTheme';
import { lightTheme } from '../../theme/lightTheme';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Chart } from './Chart';

const data = [
  { hour: '10:00', quota: 120, tokens: 900 },
  { hour: '11:00', quota: 80, tokens: 400 },
  { hour: '12:00', quota: 200, tokens: 1500 },
];
const series = [
  { key: 'quota', label: '消耗额度' },
  { key: 'tokens', label: 'Tokens' },
];

describe('Chart', () => {
  it('draws one bar per datum and series in the light palette, named by its title', () => {
    const { container } = renderWithTheme(<Chart kind="bar" data={data} xKey="hour" series={series} title="消耗趋势" width={600} />);
    expect(screen.getByRole('figure', { name: '消耗趋势' })).toHaveAttribute('data-kind', 'bar');
    const bars = container.querySelectorAll('.recharts-bar-rectangle path');
    expect(bars).toHaveLength(6);
    expect(bars[0]).toHaveAttribute('fill', lightTheme.chart[0]);
    expect(bars[3]).toHaveAttribute('fill', lightTheme.chart[1]);
    expect(screen.getByText('消耗额度')).toBeInTheDocument();
  });

  it('uses the dark palette and formats the axis values', () => {
    const { container } = renderWithTheme(
      <Chart kind="line" data={data} xKey="hour" series={series.slice(0, 1)} label="额度" width={600} formatValue={(v) => `$${v / 100}`} />,
      { mode: 'dark' },
    );
    expect(container.querySelector('.recharts-line-curve')).toHaveAttribute('stroke', darkTheme.chart[0]);
    expect(screen.getByRole('figure', { name: '额度' })).toBeInTheDocument();
    expect(screen.getAllByText('$2').length).toBeGreaterThan(0);
  });

  it('draws a pie: one slice per datum from the first series, in the palette, with a legend', async () => {
    const shares = [
      { model: 'gpt-4o', quota: 300 },
      { model: 'claude', quota: 100 },
      { model: 'gemini', quota: 0 },
    ];
    const { container } = renderWithTheme(
      <Chart kind="pie" data={shares} xKey="model" series={[{ key: 'quota', label: '额度' }]} title="模型占比" width={400} />,
    );
    expect(screen.getByRole('figure', { name: '模型占比' })).toHaveAttribute('data-kind', 'pie');
    const slices = container.querySelectorAll('.recharts-pie-sector path');
    expect(slices.length).toBeGreaterThanOrEqual(2);
    expect(slices[0]).toHaveAttribute('fill', lightTheme.chart[0]);
    expect(await screen.findByText('gpt-4o')).toBeInTheDocument();
    expect(await screen.findByText('claude')).toBeInTheDocument();
  });
});

