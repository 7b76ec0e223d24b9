import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { Input } from '../Input';
import { Switch } from '../Switch';
import { TextArea } from '../TextArea';
import { FormActions, FormField, FormGrid } from './FormField';

const meta = {
  title: 'Components/FormField',
  component: FormField,
  args: { label: '用户名', hint: '登录时使用，最长 20 个字符', layout: 'vertical', children: <Input placeholder="请输入用户名" /> },
  argTypes: { layout: { control: 'inline-radio', options: ['vertical', 'horizontal'] } },
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithError: Story = {
  args: { label: '密码', required: true, hint: '8 到 20 位', error: '密码长度不得小于 8 位！', children: <Input type="password" /> },
};

export const Form: Story = {
  render: () => (
    <form>
      <FormGrid columns={2}>
        <FormField label="SMTP 服务器地址">
          <Input placeholder="例如：smtp.qq.com" />
        </FormField>
        <FormField label="SMTP 端口" hint="默认 587；465 会强制使用 SSL">
          <Input placeholder="587" />
        </FormField>
        <FormField label="启用 SSL">
          <Switch aria-label="启用 SSL" />
        </FormField>
        <FormField label="公告" hint="支持 Markdown">
          <TextArea rows={6} />
        </FormField>
      </FormGrid>
      <FormActions>
        <Button type="submit">保存 SMTP 设置</Button>
      </FormActions>
    </form>
  ),
};
