import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Pagination } from './Pagination';

describe('Pagination', () => {
  it('renders a labelled nav with total, pages and the current page', () => {
    renderWithTheme(<Pagination total={95} defaultPage={3} />);
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(nav).toHaveTextContent('共 95 条');
    expect(screen.getByRole('button', { name: '第 3 页' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: '第 10 页' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '第 11 页' })).toBeNull();
  });

  it('moves between pages and disables the ends', async () => {
    const onPageChange = jest.fn();
    renderWithTheme(<Pagination total={25} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: '第 3 页' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
  });

  it('jumps over collapsed pages with the ellipsis button', async () => {
    const onPageChange = jest.fn();
    renderWithTheme(<Pagination total={500} defaultPage={1} onPageChange={onPageChange} />);
    await userEvent.click(screen.getByRole('button', { name: '更多页' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
  });

  it('offers 10/20/50/100 per page and keeps the first visible row when changing size', async () => {
    const onPageSizeChange = jest.fn();
    renderWithTheme(<Pagination total={200} defaultPage={3} onPageSizeChange={onPageSizeChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: '每页条数' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['10 条/页', '20 条/页', '50 条/页', '100 条/页']);
    await userEvent.click(screen.getByRole('option', { name: '20 条/页' }));
    expect(onPageSizeChange).toHaveBeenCalledWith(20, 2);
    expect(screen.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
  });

  it('clamps a controlled page beyond the last page', () => {
    renderWithTheme(<Pagination total={15} page={9} pageSize={10} />);
    expect(screen.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
  });

  it('can hide parts, disable everything and speak English', () => {
    renderWithTheme(<Pagination total={30} sizeChanger="hidden" totalText="hidden" disabled />, { locale: 'en' });
    expect(screen.getByRole('navigation', { name: 'Pagination' })).not.toHaveTextContent('items');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeDisabled();
  });
});
