import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../Button';
import { Input } from '../Input';
import { Toolbar } from './Toolbar';

describe('Toolbar', () => {
  it('submits the filters as a search on Enter and by the button', async () => {
    const onSearch = jest.fn();
    render(
      <Toolbar
        filtersLabel="筛选"
        onSearch={onSearch}
        filters={
          <>
            <Input aria-label="关键字" />
            <Button type="submit">查询</Button>
          </>
        }
        actions={<Button>添加用户</Button>}
      />,
    );
    expect(screen.getByRole('search', { name: '筛选' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('关键字'), 'abc{Enter}');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(onSearch).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: '添加用户' })).toBeInTheDocument();
  });

  it('renders plain filters as a group when there is no search', () => {
    render(<Toolbar filtersLabel="类型" filters={<Button>全部</Button>} />);
    expect(screen.getByRole('group', { name: '类型' })).toBeInTheDocument();
    expect(screen.queryByRole('search')).toBeNull();
  });
});
