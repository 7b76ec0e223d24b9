import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { FormField } from '../FormField';
import { JsonEditor, prettyJson } from './JsonEditor';

const meta = {
  title: 'Components/JsonEditor',
  component: JsonEditor,
  args: { rows: 8, shape: 'object' },
  argTypes: { shape: { control: 'inline-radio', options: ['any', 'object', 'array'] } },
} satisfies Meta<typeof JsonEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

function Field(props: { initial: string; shape?: 'any' | 'object' | 'array'; invalidMessage?: string }) {
  // Pretty-printed once, as a settings form does when it loads a stored value.
  const [value, setValue] = useState(() => prettyJson(props.initial));
  return (
    <FormField label="模型倍率" hint="JSON 文本，失去焦点时检查">
      <JsonEditor value={value} onValueChange={setValue} shape={props.shape} invalidMessage={props.invalidMessage} />
    </FormField>
  );
}

export const Default: Story = { render: (args) => <Field initial='{"gpt-4o":1.25,"gpt-4o-mini":0.075}' shape={args.shape} /> };

export const Invalid: Story = {
  args: { status: 'error', defaultValue: '{"gpt-4o": 1.25,', 'aria-label': '模型倍率' },
};

export const CustomMessage: Story = {
  render: () => <Field initial='{"default":1,"vip":1}' shape="object" invalidMessage="充值分组倍率不是合法的 JSON 字符串" />,
};
