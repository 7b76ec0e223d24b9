import { render, screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Button } from '../Button';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('says "no data" from the catalogue by default, in the current language', () => {
    const { unmount } = renderWithTheme(<EmptyState />);
    expect(screen.getByRole('status')).toHaveTextContent('暂无数据');
    unmount();
    renderWithTheme(<EmptyState />, { locale: 'en' });
    expect(screen.getByRole('status')).toHaveTextContent('No data');
  });

  it('shows a title, description and action', () => {
    render(<EmptyState title="还没有令牌" description="创建一个令牌来调用接口" action={<Button>添加令牌</Button>} />);
    expect(screen.getByText('还没有令牌')).toBeInTheDocument();
    expect(screen.getByText('创建一个令牌来调用接口')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '添加令牌' })).toBeInTheDocument();
  });
});
