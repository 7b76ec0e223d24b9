import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryField, StoryStack } from '../../test/storyLayout';
import { Select, type SelectMode, type SelectProps } from './Select';
import type { SelectOption } from './selectLogic';

// Storybook cannot infer args from Select's single/multiple union, so stories use one flat
// args type and pick the branch in render.
type SelectStoryArgs = Omit<SelectProps, 'mode' | 'value' | 'defaultValue' | 'onValueChange'> & {
  mode?: SelectMode;
  defaultValue?: string | string[];
};

function renderSelect({ mode, defaultValue, ...args }: SelectStoryArgs) {
  if (mode === 'multiple') {
    const values = Array.isArray(defaultValue) ? defaultValue : defaultValue ? [defaultValue] : [];
    return <Select {...args} mode="multiple" defaultValue={values} />;
  }
  return <Select {...args} defaultValue={Array.isArray(defaultValue) ? defaultValue[0] : defaultValue} />;
}

const models: SelectOption[] = [
  { value: 'gpt-4o', label: 'gpt-4o', group: 'OpenAI', description: '$2.50 / 1M 输入' },
  { value: 'gpt-4o-mini', label: 'gpt-4o-mini', group: 'OpenAI', description: '$0.15 / 1M 输入' },
  { value: 'o3', label: 'o3（未开放）', textValue: 'o3', group: 'OpenAI', disabled: true },
  { value: 'claude-sonnet-4', label: 'claude-sonnet-4', group: 'Anthropic' },
  { value: 'claude-haiku-3.5', label: 'claude-haiku-3.5', group: 'Anthropic' },
  { value: 'gemini-2.5-pro', label: 'gemini-2.5-pro', group: 'Google' },
  { value: 'deepseek-chat', label: 'deepseek-chat', group: 'DeepSeek' },
];

const groups: SelectOption[] = [
  { value: 'default', label: 'default（倍率 1）' },
  { value: 'vip', label: 'vip（倍率 0.8）' },
  { value: 'svip', label: 'svip（倍率 0.6）' },
];

const meta = {
  title: 'Components/Select',
  args: { options: groups, 'aria-label': '分组' },
  render: renderSelect,
  decorators: [
    (Story) => (
      <StoryField>
        <Story />
      </StoryField>
    ),
  ],
} satisfies Meta<SelectStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithValue: Story = { args: { defaultValue: 'vip', clearable: true } };

export const Open: Story = { args: { defaultOpen: true, defaultValue: 'vip' } };

export const Searchable: Story = {
  args: { options: models, searchable: true, 'aria-label': '模型', placeholder: '搜索模型', defaultOpen: true },
};

export const Multiple: Story = {
  args: {
    options: models,
    mode: 'multiple',
    searchable: true,
    clearable: true,
    'aria-label': '模型',
    defaultValue: ['gpt-4o', 'claude-sonnet-4'],
  },
};

export const MultipleCollapsedTags: Story = {
  args: {
    options: models,
    mode: 'multiple',
    maxTagCount: 2,
    'aria-label': '模型',
    defaultValue: ['gpt-4o', 'gpt-4o-mini', 'claude-sonnet-4', 'deepseek-chat'],
  },
};

export const CreatableModels: Story = {
  args: {
    options: models,
    mode: 'multiple',
    creatable: true,
    'aria-label': '模型',
    placeholder: '选择或输入自定义模型名',
    defaultValue: ['gpt-4o', 'my-finetune-v2'],
  },
};

export const Sizes: Story = {
  render: (args) => (
    <StoryStack>
      {renderSelect({ ...args, size: 'sm', defaultValue: 'default' })}
      {renderSelect({ ...args, size: 'md', defaultValue: 'default' })}
      {renderSelect({ ...args, size: 'lg', defaultValue: 'default' })}
    </StoryStack>
  ),
};

export const Statuses: Story = {
  render: (args) => (
    <StoryStack>
      {renderSelect({ ...args, status: 'error' })}
      {renderSelect({ ...args, status: 'warning' })}
      {renderSelect({ ...args, status: 'success', defaultValue: 'svip' })}
    </StoryStack>
  ),
};

export const Empty: Story = { args: { options: [], defaultOpen: true } };

export const Loading: Story = { args: { options: [], loading: true, defaultOpen: true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: 'default' } };
