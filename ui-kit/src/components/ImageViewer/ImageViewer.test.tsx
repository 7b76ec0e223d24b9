import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Button } from '../Button/Button';
import { ImageThumbnail, ImageViewer, isSafeImageHref } from './ImageViewer';

const images = [
  { src: 'https://img.example/a.png', alt: '一只猫' },
  { src: 'https://img.example/b.png', alt: '一只狗' },
];

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ImageThumbnail src={images[0]!.src} aria-label="查看结果图片" onClick={() => setOpen(true)} />
      <ImageViewer images={images.slice(0, 1)} open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('ImageViewer', () => {
  it('opens from a thumbnail as a named dialog, shows a spinner until the image loads, then the image and its caption', async () => {
    renderWithTheme(<Harness />);
    const thumb = screen.getByRole('button', { name: '查看结果图片' });
    await userEvent.click(thumb);
    const dialog = screen.getByRole('dialog', { name: '查看图片' });
    const img = screen.getByRole('img', { name: '一只猫' });
    expect(img).toHaveAttribute('src', images[0]!.src);
    expect(screen.getByRole('status')).toHaveTextContent('图片加载中');
    fireEvent.load(img);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('一只猫');
    const link = screen.getByRole('link', { name: '在新标签页打开原图' });
    expect(link).toHaveAttribute('href', images[0]!.src);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // One image: no previous/next.
    expect(screen.queryByRole('button', { name: '下一张' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(thumb).toHaveFocus();
  });

  it('says so when the image fails to load', async () => {
    renderWithTheme(<ImageViewer images={images} defaultOpen />);
    fireEvent.error(screen.getByRole('img', { name: '一只猫' }));
    expect(screen.getByRole('alert')).toHaveTextContent('图片加载失败');
  });

  it('moves between images with the buttons and the arrow keys, wrapping around', async () => {
    const onIndexChange = jest.fn();
    renderWithTheme(<ImageViewer images={images} defaultOpen onIndexChange={onIndexChange} />);
    expect(screen.getByText('第 1 / 2 张')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(screen.getByRole('img', { name: '一只狗' })).toBeInTheDocument();
    expect(onIndexChange).toHaveBeenLastCalledWith(1);
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: '一只猫' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('img', { name: '一只狗' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '上一张' }));
    expect(screen.getByText('第 1 / 2 张')).toBeInTheDocument();
  });

  it('speaks English, takes a trigger and a title', async () => {
    renderWithTheme(<ImageViewer images={images.slice(1)} title="Result" trigger={<Button>Open</Button>} />, { locale: 'en' });
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Result' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the original in a new tab' })).toBeInTheDocument();
  });

  it('never links to an address that is not an image location (a task server may send anything)', () => {
    expect(isSafeImageHref('https://cdn.example/a.png')).toBe(true);
    expect(isSafeImageHref('/mj/image/1')).toBe(true);
    expect(isSafeImageHref('data:image/png;base64,AAAA')).toBe(true);
    expect(isSafeImageHref('javascript:alert(1)')).toBe(false);
    expect(isSafeImageHref(' JavaScript:alert(1)')).toBe(false);
    expect(isSafeImageHref('data:text/html,<script>alert(1)</script>')).toBe(false);
    expect(isSafeImageHref('')).toBe(false);
    renderWithTheme(<ImageViewer images={[{ src: 'javascript:alert(1)', alt: 'x' }]} defaultOpen />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('a thumbnail that fails to load shows an icon and stays a button', () => {
    renderWithTheme(<ImageThumbnail src="https://img.example/missing.png" aria-label="查看" className="x" />);
    const button = screen.getByRole('button', { name: '查看' });
    expect(button).toHaveClass('x');
    const img = button.querySelector('img') as HTMLImageElement;
    expect(img).toHaveAttribute('loading', 'lazy');
    fireEvent.error(img);
    expect(button).toHaveAttribute('data-state', 'error');
    expect(button.querySelector('img')).toBeNull();
    expect(button.querySelector('svg')).not.toBeNull();
  });
});
