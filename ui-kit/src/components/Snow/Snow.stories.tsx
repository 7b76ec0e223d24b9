import type { Meta, StoryObj } from '@storybook/react-vite';
import { Snow } from './Snow';

const meta = { title: 'Components/Snow', component: Snow, args: { active: true } } satisfies Meta<typeof Snow>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Falling: Story = {};
export const Light: Story = { args: { flakes: 12 } };
