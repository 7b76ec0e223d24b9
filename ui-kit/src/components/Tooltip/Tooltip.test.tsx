import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../Button/Button';
import { Tooltip } from './Tooltip';

describe('Tooltip', () => {
  it('opens on keyboard focus, describes the trigger, and closes on Escape', async () => {
    render(
      <Tooltip content="复制密钥" delayDuration={0}>
        <Button>复制</Button>
      </Tooltip>,
    );
    await userEvent.tab();
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent('复制密钥');
    expect(screen.getByRole('button')).toHaveAttribute('aria-describedby', tip.id);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('opens on hover', async () => {
    render(
      <Tooltip content="说明" delayDuration={0}>
        <Button>?</Button>
      </Tooltip>,
    );
    await userEvent.hover(screen.getByRole('button'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('说明');
  });

  it('renders just the trigger when content is empty', () => {
    render(
      <Tooltip content="">
        <Button>x</Button>
      </Tooltip>,
    );
    // No Radix trigger wrapped it: the Button keeps its own state and has no description.
    expect(screen.getByRole('button')).toHaveAttribute('data-state', 'idle');
    expect(screen.getByRole('button')).not.toHaveAttribute('aria-describedby');
  });

  it('controlled open shows the bubble with className and data-state', () => {
    render(
      <Tooltip content="hi" open className="bubble">
        <Button>x</Button>
      </Tooltip>,
    );
    const bubble = document.querySelector('.bubble');
    expect(bubble).toHaveAttribute('data-state', 'instant-open');
  });
});
