import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/renderWithTheme';
import { EmbedFrame } from './EmbedFrame';

describe('EmbedFrame', () => {
  it('is a named, sandboxed frame that sends no referrer', () => {
    renderWithTheme(<EmbedFrame title="服务监控" src="https://status.example.com/" />);
    const frame = screen.getByTitle('服务监控');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://status.example.com/');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(frame).toHaveAttribute('data-height', 'page');
  });

  it('takes a panel height and a stricter sandbox', () => {
    renderWithTheme(<EmbedFrame title="文档" src="https://docs.example.com/" height="panel" sandbox="" />);
    const frame = screen.getByTitle('文档');
    expect(frame).toHaveAttribute('data-height', 'panel');
    expect(frame).toHaveAttribute('sandbox', '');
  });
});
