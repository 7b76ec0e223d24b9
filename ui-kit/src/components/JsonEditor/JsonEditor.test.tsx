import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FormField } from '../FormField';
import { isValidJson, JsonEditor, prettyJson, type JsonShape } from './JsonEditor';

function Harness({ initial, shape }: { initial: string; shape?: JsonShape }) {
  const [value, setValue] = useState(initial);
  return (
    <FormField label="模型倍率" hint="JSON">
      <JsonEditor value={value} onValueChange={setValue} shape={shape} />
    </FormField>
  );
}

describe('JsonEditor', () => {
  it('says nothing while typing and flags invalid JSON when it loses focus, until fixed', async () => {
    const user = userEvent.setup();
    render(<Harness initial="{}" />);
    const area = screen.getByLabelText('模型倍率');
    await user.clear(area);
    await user.type(area, '{{"a": 1');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(area);
    expect(screen.getByRole('alert')).toHaveTextContent('不是合法的 JSON 字符串');
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription('JSON 不是合法的 JSON 字符串');
    await user.type(area, '}}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(area).not.toHaveAttribute('aria-invalid');
  });

  it('checks the shape and takes a custom message', () => {
    const onValidity = jest.fn();
    render(<JsonEditor aria-label="分组" defaultValue="[1]" shape="object" invalidMessage="充值分组倍率不是合法的 JSON 字符串" onValidityChange={onValidity} />);
    fireEvent.blur(screen.getByLabelText('分组'));
    expect(screen.getByRole('alert')).toHaveTextContent('充值分组倍率不是合法的 JSON 字符串');
    expect(onValidity).toHaveBeenLastCalledWith(false);
  });

  it('shows the message when the form marks it as an error', () => {
    render(<JsonEditor aria-label="x" defaultValue="{" status="error" />);
    expect(screen.getByRole('alert')).toHaveTextContent('不是合法的 JSON 字符串');
  });

  it('validates and pretty-prints text', () => {
    expect(isValidJson('{"a":1}', 'object')).toBe(true);
    expect(isValidJson('[]', 'object')).toBe(false);
    expect(isValidJson('[]', 'array')).toBe(true);
    expect(isValidJson('nope')).toBe(false);
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('not json')).toBe('not json');
  });
});
