import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryField, StoryStack } from '../../test/storyLayout';
import { Markdown, SafeHtml } from './Markdown';

const everything = `# 公告 Heading 1
## 二级标题 Heading 2
### Heading 3
#### Heading 4
##### Heading 5
###### Heading 6

普通段落，含 **粗体**、*斜体*、~~删除线~~、\`行内代码\` 和 [文档链接](https://example.com/docs "docs")。
邮件 <ops@example.com>，电话 [拨打](tel:+86-10-1234)，裸链接 https://example.com/pricing。

> 引用：请将上游 API 地址替换为本站地址。

- 无序列表
- 第二项
  - 嵌套项

1. 有序列表
2. 第二步

\`\`\`bash
curl https://example.com/v1/chat/completions -H "Authorization: Bearer sk-..."
\`\`\`

| 模型 | 倍率 | 价格 |
|:--|:-:|--:|
| gpt-4o-mini | 0.075 | $0.15 |
| claude-3-5-sonnet | 1.5 | $3.00 |

---

![logo](data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnIHdpZHRoPSc0OCcgaGVpZ2h0PSc0OCc+PHJlY3Qgd2lkdGg9JzQ4JyBoZWlnaHQ9JzQ4JyByeD0nOCcgZmlsbD0nIzNiODJmNicvPjwvc3ZnPg==)
`;

const hostile = `[点我](javascript:alert(1)) 与 [data](data:text/html,<script>alert(1)</script>) 都不会成为链接。

<script>alert('xss')</script>

<img src=x onerror="alert(1)">

<a href="javascript:alert(1)">HTML 链接</a>`;

const meta = {
  title: 'Components/Markdown',
  component: Markdown,
  args: { children: everything, html: 'escape', size: 'md' },
  argTypes: {
    html: { control: 'inline-radio', options: ['escape', 'sanitize'] },
    size: { control: 'inline-radio', options: ['sm', 'md'] },
  },
} satisfies Meta<typeof Markdown>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Everything: Story = {};

export const Small: Story = { args: { size: 'sm' } };

/** Scripts, handlers and javascript: links render inert (as text). */
export const HostileInputEscaped: Story = { args: { children: hostile } };

/** Same input through the allowlist sanitiser: safe tags stay, the rest is stripped. */
export const HostileInputSanitized: Story = { args: { children: hostile, html: 'sanitize' } };

export const Empty: Story = { args: { children: '' } };

export const AdminHtml: Story = {
  render: () => (
    <StoryStack>
      <StoryField>
        <SafeHtml>
          {
            '<p>欢迎使用 <b>Sluice</b>。<a href="https://example.com">了解更多</a></p><ul><li>稳定</li><li>快速</li></ul><script>alert(1)</script>'
          }
        </SafeHtml>
      </StoryField>
    </StoryStack>
  ),
};
