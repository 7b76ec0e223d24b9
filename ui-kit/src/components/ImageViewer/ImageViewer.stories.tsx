import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../Button';
import { Stack } from '../Stack';
import { ImageThumbnail, ImageViewer } from './ImageViewer';

// Inline images, so the stories need no network.
const svg = (fill: string, label: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="${fill}"/><text x="320" y="210" font-size="40" text-anchor="middle" fill="white" font-family="sans-serif">${label}</text></svg>`,
  )}`;

const images = [
  { src: svg('#3b82f6', 'IMAGINE'), alt: 'a lighthouse at dawn' },
  { src: svg('#16a34a', 'UPSCALE'), alt: 'the same lighthouse, upscaled' },
];

const meta = {
  title: 'Components/ImageViewer',
  component: ImageViewer,
  args: { images: images.slice(0, 1), trigger: <Button>查看图片</Button> },
} satisfies Meta<typeof ImageViewer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Open: Story = { args: { defaultOpen: true } };
export const Several: Story = { args: { images, defaultOpen: true } };
export const Broken: Story = { args: { images: [{ src: 'data:image/png;base64,AAAA', alt: 'broken' }], defaultOpen: true } };

export const Thumbnails: Story = {
  render: () => {
    const [open, setOpen] = useState(false);
    const [index, setIndex] = useState(0);
    return (
      <Stack direction="row" gap={2}>
        {images.map((img, i) => (
          <ImageThumbnail
            key={img.src}
            src={img.src}
            aria-label={`查看图片 ${i + 1}`}
            onClick={() => {
              setIndex(i);
              setOpen(true);
            }}
          />
        ))}
        <ImageThumbnail src="data:image/png;base64,AAAA" aria-label="加载失败的图片" size="md" />
        <ImageViewer images={images} open={open} onOpenChange={setOpen} index={index} onIndexChange={setIndex} />
      </Stack>
    );
  },
};
