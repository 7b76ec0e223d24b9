import type { Meta, StoryObj } from '@storybook/react-vite';
import { InfoIcon } from '../../internal/icons';
import { Calendar } from '../Calendar/Calendar';
import { Popover } from '../Popover/Popover';
import { FloatingButton, FloatingButtons } from './FloatingButtons';

const glyph = (d: string) => (
  <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
    <path d={d} />
  </svg>
);

const meta = {
  title: 'Components/FloatingButtons',
  component: FloatingButtons,
  args: { backToTop: 'visible', backToTopThreshold: 200, placement: 'bottom-end' },
  argTypes: {
    backToTop: { control: 'inline-radio', options: ['visible', 'hidden'] },
    placement: { control: 'inline-radio', options: ['bottom-end', 'bottom-start'] },
  },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div>
        {Array.from({ length: 60 }, (_, i) => (
          <p key={i}>滚动页面以显示“回到顶部”按钮。Scroll to reveal back-to-top. {i + 1}</p>
        ))}
        {Story()}
      </div>
    ),
  ],
} satisfies Meta<typeof FloatingButtons>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ConsoleCorner: Story = {
  render: (args) => (
    <FloatingButtons
      {...args}
      actions={[
        {
          key: 'contact',
          label: '联系方式',
          icon: <InfoIcon />,
          tooltip: (
            <span>
              QQ 群：123456
              <br />
              邮箱：support@example.com
            </span>
          ),
        },
        { key: 'theme', label: '切换主题', icon: glyph('M12 3a9 9 0 1 0 9 9 7 7 0 0 1-9-9z') },
        { key: 'notice', label: '公告', icon: glyph('M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9') },
      ]}
    >
      <Popover
        side="left"
        align="end"
        content={<Calendar today="2025-03-12" defaultMonth={{ year: 2025, month: 3 }} markedDates={['2025-03-10', '2025-03-11']} />}
      >
        <FloatingButton icon={glyph('M20 6 9 17l-5-5')} label="每日签到" variant="primary" />
      </Popover>
    </FloatingButtons>
  ),
};

export const BackToTopOnly: Story = {};

export const StartPlacement: Story = {
  args: { placement: 'bottom-start', actions: [{ key: 'help', label: '帮助', icon: <InfoIcon /> }] },
};

/** Below the md breakpoint (view it at a phone width) the buttons fold into one launcher. */
export const NarrowLauncher: Story = {
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  args: {
    actions: [
      { key: 'help', label: '帮助', icon: <InfoIcon /> },
      { key: 'theme', label: '切换主题', icon: glyph('M12 3a9 9 0 1 0 9 9 7 7 0 0 1-9-9z') },
    ],
  },
};

/** The column at every width (no launcher). */
export const NeverCollapse: Story = {
  args: { collapse: 'never', actions: [{ key: 'help', label: '帮助', icon: <InfoIcon /> }] },
};
