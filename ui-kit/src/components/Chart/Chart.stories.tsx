import type { Meta, StoryObj } from '@storybook/react-vite';
import { Chart } from './Chart';

const data = Array.from({ length: 12 }, (_, i) => ({
  hour: `${String(i + 8).padStart(2, '0')}:00`,
  'gpt-4o': Math.round(200 + 150 * Math.sin(i / 2)),
  'claude-3-5-sonnet': Math.round(120 + 80 * Math.cos(i / 3)),
  'gemini-1.5-pro': 60 + i * 9,
}));
const series = [
  { key: 'gpt-4o', label: 'gpt-4o' },
  { key: 'claude-3-5-sonnet', label: 'claude-3-5-sonnet' },
  { key: 'gemini-1.5-pro', label: 'gemini-1.5-pro' },
];

const meta = {
  title: 'Components/Chart',
  component: Chart,
  args: { kind: 'bar', data, xKey: 'hour', series, stacked: true, title: '按模型的额度消耗', size: 'md' },
  argTypes: {
    kind: { control: 'inline-radio', options: ['line', 'area', 'bar', 'pie'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Chart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const StackedBars: Story = {};
export const Lines: Story = { args: { kind: 'line', stacked: false, title: '请求次数' } };
export const Areas: Story = { args: { kind: 'area', title: 'Tokens' } };

/** A share of a whole: one slice per model. */
export const Pie: Story = {
  args: {
    kind: 'pie',
    stacked: false,
    title: '模型占比',
    xKey: 'model',
    data: [
      { model: 'gpt-4o', quota: 520 },
      { model: 'claude-3-5-sonnet', quota: 310 },
      { model: 'gemini-1.5-pro', quota: 140 },
    ],
    series: [{ key: 'quota', label: '额度' }],
  },
};
