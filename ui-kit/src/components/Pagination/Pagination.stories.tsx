import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryStack } from '../../test/storyLayout';
import { Pagination } from './Pagination';

const meta = {
  title: 'Components/Pagination',
  component: Pagination,
  args: { total: 235, defaultPage: 1, size: 'md', sizeChanger: 'visible', totalText: 'visible', siblings: 1 },
  argTypes: {
    size: { control: 'inline-radio', options: ['sm', 'md'] },
    sizeChanger: { control: 'inline-radio', options: ['visible', 'hidden'] },
    totalText: { control: 'inline-radio', options: ['visible', 'hidden'] },
  },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const MiddlePage: Story = { args: { defaultPage: 12 } };

export const FewPages: Story = { args: { total: 42 } };

export const Empty: Story = { args: { total: 0 } };

export const Small: Story = { args: { size: 'sm' } };

export const Disabled: Story = { args: { disabled: true } };

export const Minimal: Story = { args: { sizeChanger: 'hidden', totalText: 'hidden' } };

export const Controlled: Story = {
  render: function ControlledPagination(args) {
    const [page, setPage] = useState(1);
    const [pageSize, setPageSize] = useState(20);
    return (
      <StoryStack>
        <span>
          page {page}, size {pageSize}
        </span>
        <Pagination
          {...args}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={(size, nextPage) => {
            setPageSize(size);
            setPage(nextPage);
          }}
        />
      </StoryStack>
    );
  },
};
