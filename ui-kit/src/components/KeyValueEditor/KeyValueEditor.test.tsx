import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { KeyValueEditor, type KeyValueRow } from './KeyValueEditor';

function Harness({ initial, pair = true, onRows }: { initial: KeyValueRow[]; pair?: boolean; onRows?: (rows: KeyValueRow[]) => void }) {
  const [rows, setRows] = useState(initial);
  return (
    <KeyValueEditor
      rows={rows}
      onRowsChange={(next) => {
        setRows(next);
        onRows?.(next);
      }}
      keyLabel="分组"
      valueLabel={pair ? '倍率' : undefined}
    />
  );
}

describe('KeyValueEditor', () => {
  it('edits, adds and removes rows, each input labelled by column and row', async () => {
    const user = userEvent.setup();
    const onRows = jest.fn();
    render(<Harness initial={[{ key: 'default', value: '1' }, { key: 'vip', value: '2' }]} onRows={onRows} />);
    expect(screen.getByLabelText('分组 1')).toHaveValue('default');
    expect(screen.getByLabelText('倍率 2')).toHaveValue('2');
    await user.type(screen.getByLabelText('倍率 2'), '.5');
    expect(onRows).toHaveBeenLastCalledWith([{ key: 'default', value: '1' }, { key: 'vip', value: '2.5' }]);
    await user.click(screen.getByRole('button', { name: '删除第 1 行' }));
    expect(screen.getByLabelText('分组 1')).toHaveValue('vip');
    await user.click(screen.getByRole('button', { name: '添加一行' }));
    expect(screen.getByLabelText('分组 2')).toHaveValue('');
  });

  it('is a one-column list without a value label, and says when it is empty', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[{ key: 'hidden', value: '' }]} pair={false} />);
    expect(screen.queryByLabelText(/倍率/)).toBeNull();
    await user.click(screen.getByRole('button', { name: '删除第 1 行' }));
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
  });
});
