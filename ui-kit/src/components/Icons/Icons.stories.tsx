import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stack } from '../Stack';
import * as icons from './index';

function Gallery() {
  return (
    <Stack direction="row" gap={4}>
      {Object.entries(icons).map(([name, Icon]) =>
        typeof Icon === 'function' ? (
          <Stack key={name} align="center" gap={1}>
            <Icon />
            <span>{name}</span>
          </Stack>
        ) : null,
      )}
    </Stack>
  );
}

const meta = { title: 'Components/Icons', component: Gallery } satisfies Meta<typeof Gallery>;
export default meta;
type Story = StoryObj<typeof meta>;

export const All: Story = {};
