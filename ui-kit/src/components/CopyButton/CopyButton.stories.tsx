import { useEffect, useState, type ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryRow } from '../../test/storyLayout';
import { Toaster } from '../Toast/Toast';
import { CopyButton } from './CopyButton';

/** Makes navigator.clipboard refuse while the story is shown, to demo the fallback. */
function RefusingClipboard({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('NotAllowedError')) },
    });
    setReady(true);
    return () => {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
      else Reflect.deleteProperty(navigator, 'clipboard');
    };
  }, []);
  return ready ? <>{children}</> : null;
}

const meta = {
  title: 'Components/CopyButton',
  component: CopyButton,
  args: { text: 'sk-Xy7kQ2mN9pL4vR8tB3wZ6cF1hJ5dG0aE2sK4uY7iO9qW3eR5', appearance: 'button', variant: 'outline' },
  argTypes: {
    appearance: { control: 'inline-radio', options: ['button', 'icon'] },
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'outline', 'ghost'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
  decorators: [
    (Story) => (
      <>
        <Toaster />
        {Story()}
      </>
    ),
  ],
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const IconOnly: Story = { args: { appearance: 'icon', children: '复制密钥' } };

export const CustomLabelAndVariants: Story = {
  render: (args) => (
    <StoryRow>
      <CopyButton {...args} variant="primary">
        复制 Base URL
      </CopyButton>
      <CopyButton {...args} variant="secondary" size="sm">
        复制邀请链接
      </CopyButton>
      <CopyButton {...args} variant="ghost" appearance="icon" />
    </StoryRow>
  ),
};

export const NoToast: Story = { args: { successMessage: false } };

export const Disabled: Story = { args: { disabled: true } };

/** The clipboard refuses: a dialog shows the text, selected, for manual copying. */
export const ManualCopyFallback: Story = {
  decorators: [(Story) => <RefusingClipboard>{Story()}</RefusingClipboard>],
};
