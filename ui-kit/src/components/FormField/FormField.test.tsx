import { render, screen } from '@testing-library/react';
import { lightTheme } from '../../theme/lightTheme';
import axe from 'axe-core';
import { Input } from '../Input';
import { Select } from '../Select';
import { FormField } from './FormField';

describe('FormField', () => {
  it('labels the control and describes it with the hint', () => {
    render(
      <FormField label="用户名" hint="最长 20 个字符">
        <Input />
      </FormField>,
    );
    const input = screen.getByLabelText('用户名');
    expect(input.tagName).toBe('INPUT');
    expect(input).toHaveAccessibleDescription('最长 20 个字符');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the error as an alert, marks the control invalid and keeps the hint', () => {
    render(
      <FormField label="密码" hint="8 到 20 位" error="密码长度不得小于 8 位！" required>
        <Input type="password" />
      </FormField>,
    );
    const input = screen.getByLabelText(/^密码/, { selector: 'input' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAccessibleDescription('8 到 20 位 密码长度不得小于 8 位！');
    expect(screen.getByRole('alert')).toHaveTextContent('密码长度不得小于 8 位！');
    expect(screen.getByRole('alert')).toHaveStyle({ color: lightTheme.colors.danger });
  });

  it('keeps an id the control already has', () => {
    render(
      <FormField label="邮箱">
        <Input id="email" />
      </FormField>,
    );
    expect(screen.getByLabelText('邮箱')).toHaveAttribute('id', 'email');
  });

  it('names a custom combobox (Select) from the label through aria-labelledby', async () => {
    const { container } = render(
      <FormField label="分组" hint="用户所在分组" required>
        <Select options={[{ value: 'default', label: '默认' }]} placeholder="请选择" />
      </FormField>,
    );
    const combo = screen.getByRole('combobox', { name: '分组' });
    expect(combo).toHaveAttribute('aria-labelledby', screen.getByText('分组').id);
    expect(combo).toHaveAccessibleDescription('用户所在分组');
    const result = await axe.run(container, { runOnly: { type: 'rule', values: ['aria-input-field-name', 'label'] } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('keeps <label for> alone for native controls and an explicit name on the control', () => {
    render(
      <>
        <FormField label="用户名">
          <Input />
        </FormField>
        <FormField label="模型">
          <Select aria-label="选择模型" options={[{ value: 'gpt', label: 'gpt' }]} />
        </FormField>
      </>,
    );
    expect(screen.getByLabelText('用户名')).not.toHaveAttribute('aria-labelledby');
    expect(screen.getByRole('combobox', { name: '选择模型' })).not.toHaveAttribute('aria-labelledby');
  });
});
