import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { KeyValueEditor, type KeyValueRow } from './KeyValueEditor';

const meta = {
  title: 'Components/KeyValueEditor',
  component: KeyValueEditor,
  args: { rows: [], onRowsChange: () => undefined, keyLabel: '分组', valueLabel: '倍率' },
} satisfies Meta<typeof KeyValueEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

function Rows(props: { initial: KeyValueRow[]; valueLabel?: string; keyPlaceholder?: string; valuePlaceholder?: string }) {
  const [rows, setRows] = useState(props.initial);
  return (
    <KeyValueEditor
      rows={rows}
      onRowsChange={setRows}
      keyLabel="分组"
      valueLabel={props.valueLabel}
      keyPlaceholder={props.keyPlaceholder}
      valuePlaceholder={props.valuePlaceholder}
      valueInputMode="decimal"
    />
  );
}

export const Pairs: Story = {
  render: () => (
    <Rows
      initial={[
        { key: 'default', value: '1' },
        { key: 'vip', value: '0.8' },
      ]}
      valueLabel="倍率"
      keyPlaceholder="分组名"
      valuePlaceholder="倍率"
    />
  ),
};

export const List: Story = { render: () => <Rows initial={[{ key: 'internal', value: '' }]} keyPlaceholder="分组名" /> };

export const Empty: Story = { render: () => <Rows initial={[]} valueLabel="显示名称" /> };
