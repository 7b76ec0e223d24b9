import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { darkTheme } from '../../theme/darkTheme';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Banner } from './Banner';

describe('Banner', () => {
  it('uses status for info/success and alert for warning/danger', () => {
    const { rerender } = render(<Banner type="info">提示</Banner>);
    expect(screen.getByRole('status')).toHaveTextContent('提示');
    rerender(<Banner type="success">成功</Banner>);
    expect(screen.getByRole('status')).toHaveAttribute('data-type', 'success');
    rerender(<Banner type="warning">警告</Banner>);
    expect(screen.getByRole('alert')).toHaveTextContent('警告');
    rerender(<Banner type="danger">错误</Banner>);
    expect(screen.getByRole('alert')).toHaveAttribute('data-type', 'danger');
  });

  it('renders an optional title, rich content and actions', () => {
    render(
      <Banner title="请替换地址" actions={<button type="button">复制</button>}>
        <span>
          将上游地址替换为 <a href="https://example.com">https://example.com</a>
        </span>
      </Banner>,
    );
    expect(screen.getByText('请替换地址')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://example.com' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '复制' })).toBeInTheDocument();
  });

  it('closes itself and calls onClose', async () => {
    const onClose = jest.fn();
    renderWithTheme(
      <Banner closable onClose={onClose}>
        可关闭
      </Banner>,
    );
    await userEvent.click(screen.getByRole('button', { name: '关闭提示' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('可关闭')).toBeNull();
  });

  it('stays open when onClose prevents the default', async () => {
    renderWithTheme(
      <Banner closable onClose={(event) => event.preventDefault()}>
        保持打开
      </Banner>,
      { locale: 'en' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByText('保持打开')).toBeInTheDocument();
  });

  it('can hide the icon and follows the dark theme', () => {
    const { container } = renderWithTheme(
      <Banner type="danger" icon={null} variant="outline">
        无图标
      </Banner>,
      { mode: 'dark' },
    );
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.getByRole('alert')).toHaveStyle({ borderColor: darkTheme.colors.danger });
  });
});
