import type { Meta, StoryObj } from '@storybook/react-vite';
import { Turnstile } from './Turnstile';

// A stand-in script (data: URL) that renders a box and passes at once, so the story needs no network.
const standIn = `data:text/javascript,${encodeURIComponent(
  "window.turnstile={render:function(el,o){el.textContent='✓ '+o.sitekey;setTimeout(function(){o.callback&&o.callback('demo-token')},300);return 'w'},remove:function(){}}",
)}`;

const meta = {
  title: 'Components/Turnstile',
  component: Turnstile,
  args: { siteKey: '1x00000000000000000000AA', onVerify: () => undefined, scriptUrl: standIn, loadErrorText: '人机验证加载失败' },
} satisfies Meta<typeof Turnstile>;
export default meta;
type Story = StoryObj<typeof meta>;

export const StandIn: Story = {};
// The load-failure state is covered by Turnstile.test.tsx: a story for it would need a failing request,
// which the Storybook suite (rightly) reports as a console error.
