import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';

function Example(props: { onValueChange?: (v: string) => void }) {
  return (
    <Tabs defaultValue="chat" onValueChange={props.onValueChange}>
      <TabsList aria-label="模式">
        <TabsTrigger value="chat">对话</TabsTrigger>
        <TabsTrigger value="image" disabled>
          绘图
        </TabsTrigger>
        <TabsTrigger value="embed">向量</TabsTrigger>
      </TabsList>
      <TabsContent value="chat">chat panel</TabsContent>
      <TabsContent value="image">image panel</TabsContent>
      <TabsContent value="embed">embed panel</TabsContent>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('shows the default panel and switches on click', async () => {
    const onValueChange = jest.fn();
    render(<Example onValueChange={onValueChange} />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('chat panel');
    await userEvent.click(screen.getByRole('tab', { name: '向量' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('embed panel');
    expect(screen.getByRole('tab', { name: '向量' })).toHaveAttribute('data-state', 'active');
    expect(onValueChange).toHaveBeenCalledWith('embed');
  });

  it('moves with arrow keys and skips disabled tabs', async () => {
    render(<Example />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: '对话' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '向量' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('embed panel');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: '对话' })).toHaveFocus();
  });

  it('forwards ref and className, and exposes variant', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <Tabs ref={ref} className="c" variant="segmented" defaultValue="a">
        <TabsList>
          <TabsTrigger value="a">A</TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    expect(ref.current).toHaveClass('c');
    expect(ref.current).toHaveAttribute('data-variant', 'segmented');
  });
});
